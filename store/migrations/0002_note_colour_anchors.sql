-- Sheli user store, schema version 2: a colour for each note, and notes that
-- anchor more than one passage (a note comparing two passages).
--
-- Why the first anchor stays in `note` and the others go to `note_anchor`:
-- every note of version 1 keeps its row exactly as it was (no data is moved,
-- so nothing can be lost in the move), the filters and indexes on
-- `note.passage_id` and `note.work` keep working for the anchor a note was
-- written on, and a note with one anchor — nearly every note — is still one
-- row. A note's anchors are its own columns (position 0) followed by its
-- `note_anchor` rows in `position` order (1, 2, …). Each anchor is placed
-- again by its quote on its own, and an anchor whose quote is gone is marked
-- `orphaned` and kept, like a note's first anchor.

-- A named colour from a fixed palette (the window shows each with its name;
-- colour is never the only sign). Notes of version 1 become yellow, the
-- colour the reader's highlights already had.
ALTER TABLE note ADD COLUMN colour TEXT NOT NULL DEFAULT 'yellow'
    CHECK (colour IN ('yellow', 'green', 'blue', 'pink', 'purple'));

-- The colour a note had before an edit (undo restores it); NULL in revisions
-- written by version 1, which leaves the colour as it is.
ALTER TABLE note_revision ADD COLUMN colour TEXT;

-- A note's further anchors, after the first (which is in `note`): the same
-- W3C selectors over the passage's text as `note` has.
CREATE TABLE note_anchor (
    note_id    INTEGER NOT NULL REFERENCES note(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 1),
    passage_id TEXT NOT NULL,
    source_id  TEXT NOT NULL,
    work       TEXT NOT NULL,
    layer      TEXT NOT NULL,
    exact      TEXT NOT NULL,
    prefix     TEXT NOT NULL DEFAULT '',
    suffix     TEXT NOT NULL DEFAULT '',
    start_pos  INTEGER NOT NULL CHECK (start_pos >= 0),
    end_pos    INTEGER NOT NULL CHECK (end_pos > start_pos),
    orphaned   INTEGER NOT NULL DEFAULT 0 CHECK (orphaned IN (0, 1)),
    PRIMARY KEY (note_id, position)
) WITHOUT ROWID;
CREATE INDEX note_anchor_by_passage ON note_anchor(passage_id);
CREATE INDEX note_anchor_by_work ON note_anchor(work);
CREATE INDEX note_by_colour ON note(colour);

-- Sheli user store, schema version 4: drafts of notes being written.
--
-- The window keeps what is typed in a note's editor here a second or so
-- after the typing stops, so that a crash or a power cut loses at most that
-- second: the next time that note's editor opens (or a new note's, on the
-- same words) it offers the draft back. Saving or cancelling the editor
-- clears its draft. `key` names the editor: `note:<id>` for an edit of note
-- <id>, `new:<passage>:<segment>:<start>:<end>` for a new note on a
-- selection. Tags are kept as the editor's text (words separated by spaces)
-- and the colour by name, as typed: a draft is not yet a note, and nothing
-- in it is checked but its size.
CREATE TABLE note_draft (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    tags TEXT NOT NULL DEFAULT '',
    colour TEXT NOT NULL DEFAULT '',
    saved INTEGER NOT NULL
);

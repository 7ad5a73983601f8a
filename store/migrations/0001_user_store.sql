-- Sheli user store, schema version 1: personal glossaries, their cards and
-- review state, notes anchored in the texts.
--
-- Times are Unix seconds (UTC). Text positions are counted in Unicode scalar
-- values (characters), as in the W3C Web Annotation TextPositionSelector.

-- Marks the file as a Sheli store ('SHEL'), so that restoring some other
-- SQLite file is refused.
PRAGMA application_id = 1397245260;

-- A named list of cards.
CREATE TABLE glossary (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    created     INTEGER NOT NULL,
    modified    INTEGER NOT NULL
);

-- A card in a list: a reference to a built-in card (`builtin_id`, with the
-- user's own values, if any, overriding the built-in card's), or the user's
-- own card (`builtin_id` NULL, `headword` required).
CREATE TABLE card (
    id          INTEGER PRIMARY KEY,
    glossary_id INTEGER NOT NULL REFERENCES glossary(id) ON DELETE CASCADE,
    builtin_id  TEXT,
    headword    TEXT,
    reading     TEXT,
    definition  TEXT,
    position    INTEGER NOT NULL,
    created     INTEGER NOT NULL,
    modified    INTEGER NOT NULL,
    CHECK (builtin_id IS NOT NULL OR headword IS NOT NULL)
);
CREATE INDEX card_by_glossary ON card(glossary_id, position);
CREATE UNIQUE INDEX card_builtin_once ON card(glossary_id, builtin_id)
    WHERE builtin_id IS NOT NULL;

CREATE TABLE card_tag (
    card_id INTEGER NOT NULL REFERENCES card(id) ON DELETE CASCADE,
    tag     TEXT NOT NULL,
    PRIMARY KEY (card_id, tag)
) WITHOUT ROWID;

-- Passages a card is linked to (the passage a card was made from first).
CREATE TABLE card_passage (
    card_id    INTEGER NOT NULL REFERENCES card(id) ON DELETE CASCADE,
    passage_id TEXT NOT NULL,
    position   INTEGER NOT NULL,
    PRIMARY KEY (card_id, passage_id)
) WITHOUT ROWID;

-- FSRS memory state of a card that has been reviewed at least once (a card
-- without a row is new, and due).
CREATE TABLE review_state (
    card_id     INTEGER PRIMARY KEY REFERENCES card(id) ON DELETE CASCADE,
    stability   REAL NOT NULL,
    difficulty  REAL NOT NULL,
    due         INTEGER NOT NULL,
    last_review INTEGER NOT NULL,
    reps        INTEGER NOT NULL,
    lapses      INTEGER NOT NULL
);
CREATE INDEX review_state_by_due ON review_state(due);

-- Every grade given (1 Again, 2 Hard, 3 Good, 4 Easy) and what it led to.
CREATE TABLE review_log (
    id            INTEGER PRIMARY KEY,
    card_id       INTEGER NOT NULL REFERENCES card(id) ON DELETE CASCADE,
    reviewed      INTEGER NOT NULL,
    grade         INTEGER NOT NULL CHECK (grade BETWEEN 1 AND 4),
    elapsed_days  REAL NOT NULL,
    interval_days REAL NOT NULL,
    stability     REAL NOT NULL,
    difficulty    REAL NOT NULL,
    due           INTEGER NOT NULL
);
CREATE INDEX review_log_by_card ON review_log(card_id, reviewed);

-- A note on a span of a passage. The anchor follows the W3C Web Annotation
-- model: the passage (`urn:sheli:passage:<passage_id>`), a TextQuoteSelector
-- (exact, prefix, suffix) and a TextPositionSelector (start_pos, end_pos) over
-- the passage's text (its segments, all layers, joined in order). `orphaned`
-- is set when the quote can no longer be found; the note is kept.
CREATE TABLE note (
    id         INTEGER PRIMARY KEY,
    uuid       TEXT NOT NULL UNIQUE,
    passage_id TEXT NOT NULL,
    source_id  TEXT NOT NULL,
    work       TEXT NOT NULL,
    layer      TEXT NOT NULL,
    exact      TEXT NOT NULL,
    prefix     TEXT NOT NULL DEFAULT '',
    suffix     TEXT NOT NULL DEFAULT '',
    start_pos  INTEGER NOT NULL CHECK (start_pos >= 0),
    end_pos    INTEGER NOT NULL CHECK (end_pos > start_pos),
    body       TEXT NOT NULL,
    orphaned   INTEGER NOT NULL DEFAULT 0 CHECK (orphaned IN (0, 1)),
    created    INTEGER NOT NULL,
    modified   INTEGER NOT NULL,
    -- Set when the note is deleted (undo clears it).
    deleted    INTEGER
);
CREATE INDEX note_by_passage ON note(passage_id);
CREATE INDEX note_by_work ON note(work);

CREATE TABLE note_tag (
    note_id INTEGER NOT NULL REFERENCES note(id) ON DELETE CASCADE,
    tag     TEXT NOT NULL,
    PRIMARY KEY (note_id, tag)
) WITHOUT ROWID;

-- Earlier versions of a note's body and tags, newest last: undo of an edit.
CREATE TABLE note_revision (
    id      INTEGER PRIMARY KEY,
    note_id INTEGER NOT NULL REFERENCES note(id) ON DELETE CASCADE,
    body    TEXT NOT NULL,
    tags    TEXT NOT NULL,
    saved   INTEGER NOT NULL
);
CREATE INDEX note_revision_by_note ON note_revision(note_id, id);

//! Drafts of notes being written (schema version 4, `note_draft`): what an
//! open editor holds, kept a second or so after the typing stops so that a
//! crash loses at most that second, and offered back when the same editor
//! opens again. A draft is not a note: it is named by the editor it came
//! from (`note:<id>`, or `new:<passage>:<segment>:<start>:<end>` for a new
//! note on a selection) and checked only for its size.

use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Result, Store, StoreCode, Timestamp, check_len, check_text, limits, now, refused};

/// The longest key an editor may give its draft (a passage id and a span).
const KEY: usize = 200;

/// What an editor held when it was last kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NoteDraft {
    /// The editor it came from: `note:<id>` or `new:<passage>:…`.
    pub key: String,
    pub body: String,
    /// The tags as typed (words separated by spaces).
    pub tags: String,
    /// The colour chosen, by name (as the editor had it).
    pub colour: String,
    /// When it was kept.
    #[ts(type = "number")]
    pub saved: Timestamp,
}

/// The key of the draft of an edit of note `id`: saving the note clears it
/// (see [`Store::update_note`]).
pub fn edit_key(id: i64) -> String {
    format!("note:{id}")
}

/// The note a draft key is an edit of (`note:<id>` → `id`); none for a new
/// note's draft or a key naming no note.
pub fn edited_note(key: &str) -> Option<i64> {
    key.strip_prefix("note:")?.parse::<i64>().ok().filter(|n| *n > 0)
}

fn check_key(key: &str) -> Result<()> {
    let known = edited_note(key).is_some() || key.starts_with("new:");
    if !known {
        return Err(refused(
            StoreCode::RefusedDraftKey,
            [("key", key.to_owned())],
            format!("“{key}” names no note editor"),
        ));
    }
    check_len("draft key", key, KEY)
}

impl Store {
    /// Keeps what editor `key` holds, replacing its earlier draft.
    pub fn save_note_draft(
        &mut self,
        key: &str,
        body: &str,
        tags: &str,
        colour: &str,
    ) -> Result<()> {
        check_key(key)?;
        let body = check_text("note", body, limits::NOTE)?;
        let tags = check_text("tags", tags, limits::TAG * limits::TAGS)?;
        check_len("colour", colour, 20)?;
        let saved = now();
        self.write(|tx| {
            tx.execute(
                "INSERT INTO note_draft (key, body, tags, colour, saved) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT(key) DO UPDATE SET body = ?2, tags = ?3, colour = ?4, saved = ?5",
                params![key, body, tags, colour, saved],
            )?;
            Ok(())
        })
    }

    /// The draft editor `key` left, if any.
    pub fn note_draft(&self, key: &str) -> Result<Option<NoteDraft>> {
        check_key(key)?;
        Ok(self
            .conn
            .query_row(
                "SELECT key, body, tags, colour, saved FROM note_draft WHERE key = ?1",
                [key],
                draft_from_row,
            )
            .optional()?)
    }

    /// Every draft left, the latest first (what a crash left unsaved).
    pub fn note_drafts(&self) -> Result<Vec<NoteDraft>> {
        let mut stmt = self.conn.prepare(
            "SELECT key, body, tags, colour, saved FROM note_draft ORDER BY saved DESC, key",
        )?;
        let rows = stmt.query_map([], draft_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Forgets editor `key`'s draft (saved or cancelled); none is no fault.
    pub fn clear_note_draft(&mut self, key: &str) -> Result<()> {
        check_key(key)?;
        self.write(|tx| {
            tx.execute("DELETE FROM note_draft WHERE key = ?1", [key])?;
            Ok(())
        })
    }
}

/// A `note_draft` row read as `SELECT key, body, tags, colour, saved`.
fn draft_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<NoteDraft> {
    Ok(NoteDraft {
        key: r.get(0)?,
        body: r.get(1)?,
        tags: r.get(2)?,
        colour: r.get(3)?,
        saved: r.get(4)?,
    })
}

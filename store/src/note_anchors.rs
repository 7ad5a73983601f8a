//! A note's further anchors: the passages a note is on besides the first (a
//! note comparing two passages). Their rows are `note_anchor` (schema 2);
//! the first anchor stays in the note's own columns, as
//! `migrations/0002_note_colour_anchors.sql` explains. Each anchor is placed
//! again by its quote on its own ([`crate::anchor::locate`]); one that cannot
//! be placed is marked orphaned and kept, never dropped.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use sheli_corpus::{Corpus, Layer};
use ts_rs::TS;

use crate::anchor::{Anchor, Target, locate};
use crate::notes::{Note, ReanchorReport, Selection};
use crate::{Result, Store, StoreError, now};

/// Most anchors one note may have: enough to compare a handful of
/// passages, few enough that a margin card stays readable.
pub const MAX_ANCHORS: usize = 20;

/// One anchor of a note: a span of a passage (the W3C selectors over the
/// passage's text, as the note's first anchor has).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NoteAnchor {
    pub passage_id: String,
    pub source_id: String,
    pub work: String,
    pub layer: Layer,
    /// TextQuoteSelector.
    pub exact: String,
    pub prefix: String,
    pub suffix: String,
    /// TextPositionSelector, in characters of the passage's text.
    pub start: u32,
    pub end: u32,
    /// Its quote could not be found in the texts (kept, shown with its quote).
    pub orphaned: bool,
}

impl NoteAnchor {
    pub(crate) fn target(&self) -> Target<'_> {
        Target {
            passage_id: &self.passage_id,
            source_id: &self.source_id,
            exact: &self.exact,
            prefix: &self.prefix,
            suffix: &self.suffix,
            start: self.start as usize,
            end: self.end as usize,
        }
    }

    fn same_place(&self, a: &Anchor) -> bool {
        self.passage_id == a.passage_id
            && self.start == a.start
            && self.end == a.end
            && self.exact == a.exact
            && self.prefix == a.prefix
            && self.suffix == a.suffix
            && self.layer == a.layer
    }
}

const SELECT: &str = "SELECT note_id, position, passage_id, source_id, work, layer, exact, prefix, \
                      suffix, start_pos, end_pos, orphaned FROM note_anchor";

fn from_row(r: &Row<'_>) -> rusqlite::Result<(i64, u32, NoteAnchor)> {
    let layer: String = r.get(5)?;
    Ok((
        r.get(0)?,
        r.get(1)?,
        NoteAnchor {
            passage_id: r.get(2)?,
            source_id: r.get(3)?,
            work: r.get(4)?,
            layer: Layer::parse(&layer).unwrap_or(Layer::Jing),
            exact: r.get(6)?,
            prefix: r.get(7)?,
            suffix: r.get(8)?,
            start: r.get(9)?,
            end: r.get(10)?,
            orphaned: r.get(11)?,
        },
    ))
}

/// Fills in each note's further anchors, in order.
pub(crate) fn load(conn: &Connection, notes: &mut [Note]) -> Result<()> {
    let mut stmt =
        conn.prepare_cached(&format!("{SELECT} WHERE note_id = ?1 ORDER BY position"))?;
    for n in notes {
        n.more_anchors = stmt
            .query_map([n.id], from_row)?
            .map(|r| r.map(|(_, _, a)| a))
            .collect::<rusqlite::Result<_>>()?;
    }
    Ok(())
}

pub(crate) fn insert(
    conn: &Connection,
    note_id: i64,
    position: u32,
    a: &Anchor,
    orphaned: bool,
) -> Result<()> {
    conn.execute(
        "INSERT INTO note_anchor (note_id, position, passage_id, source_id, work, layer, exact, \
         prefix, suffix, start_pos, end_pos, orphaned) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            note_id,
            position,
            a.passage_id,
            a.source_id,
            a.work,
            a.layer.label(),
            a.exact,
            a.prefix,
            a.suffix,
            a.start,
            a.end,
            orphaned
        ],
    )?;
    Ok(())
}

/// A further anchor to rewrite after re-anchoring: placed again (`Some`) or
/// orphaned (`None`).
pub(crate) struct Change {
    note_id: i64,
    position: u32,
    anchor: Option<Anchor>,
}

/// Places every further anchor again in `corpus`, counting into `report`;
/// returns the rows to rewrite (written by [`apply`] in the caller's
/// transaction).
pub(crate) fn reanchor(
    conn: &Connection,
    corpus: &Corpus,
    report: &mut ReanchorReport,
) -> Result<Vec<Change>> {
    let rows: Vec<(i64, u32, NoteAnchor)> = {
        let mut stmt = conn.prepare(&format!("{SELECT} ORDER BY note_id, position"))?;
        stmt.query_map([], from_row)?.collect::<rusqlite::Result<_>>()?
    };
    let mut changes = Vec::new();
    for (note_id, position, a) in rows {
        match locate(corpus, &a.target()) {
            Some(f) => {
                let placed = f.text.anchor(f.passage, f.range.clone());
                report.count(&f, a.orphaned, &a.passage_id);
                if a.orphaned || !a.same_place(&placed) {
                    changes.push(Change { note_id, position, anchor: Some(placed) });
                }
            }
            None => {
                report.orphaned += 1;
                if !a.orphaned {
                    changes.push(Change { note_id, position, anchor: None });
                }
            }
        }
    }
    Ok(changes)
}

pub(crate) fn apply(conn: &Connection, changes: &[Change]) -> Result<()> {
    for c in changes {
        match &c.anchor {
            Some(a) => {
                conn.execute(
                    "UPDATE note_anchor SET passage_id = ?3, source_id = ?4, work = ?5, \
                     layer = ?6, exact = ?7, prefix = ?8, suffix = ?9, start_pos = ?10, \
                     end_pos = ?11, orphaned = 0 WHERE note_id = ?1 AND position = ?2",
                    params![
                        c.note_id,
                        c.position,
                        a.passage_id,
                        a.source_id,
                        a.work,
                        a.layer.label(),
                        a.exact,
                        a.prefix,
                        a.suffix,
                        a.start,
                        a.end
                    ],
                )?;
            }
            None => {
                conn.execute(
                    "UPDATE note_anchor SET orphaned = 1 WHERE note_id = ?1 AND position = ?2",
                    params![c.note_id, c.position],
                )?;
            }
        }
    }
    Ok(())
}

/// The live note `id`, or `UnknownNote`.
fn live(conn: &Connection, id: i64) -> Result<Note> {
    let n = crate::notes::load_one(conn, id)?;
    if n.deleted.is_some() {
        return Err(StoreError::UnknownNote(id));
    }
    Ok(n)
}

impl Store {
    /// Anchors note `id` to one more span (a selection in any passage), after
    /// its other anchors. The same span twice is refused, as is an anchor
    /// beyond [`MAX_ANCHORS`].
    pub fn add_note_anchor(
        &mut self,
        corpus: &Corpus,
        id: i64,
        selection: &Selection,
    ) -> Result<Note> {
        let anchor = selection.resolve(corpus)?;
        self.write(|tx| {
            let n = live(tx, id)?;
            let anchors = n.anchors();
            if anchors.len() >= MAX_ANCHORS {
                return Err(crate::refused(
                    crate::StoreCode::RefusedAnchorsFull,
                    [("id", id.to_string()), ("max", MAX_ANCHORS.to_string())],
                    format!(
                        "note {id} already anchors {MAX_ANCHORS} passages, the most a note may"
                    ),
                ));
            }
            if anchors.iter().any(|a| {
                a.passage_id == anchor.passage_id && a.start == anchor.start && a.end == anchor.end
            }) {
                return Err(crate::refused(
                    crate::StoreCode::RefusedAnchorTwice,
                    [
                        ("id", id.to_string()),
                        ("quote", anchor.exact.clone()),
                        ("passage", anchor.passage_id.clone()),
                    ],
                    format!("note {id} is already on “{}” in {}", anchor.exact, anchor.passage_id),
                ));
            }
            insert(tx, id, anchors.len() as u32, &anchor, false)?;
            tx.execute("UPDATE note SET modified = ?2 WHERE id = ?1", params![id, now()])?;
            Ok(())
        })?;
        self.note(id)
    }

    /// Takes anchor `index` (0 = the first) off note `id`; the anchors after
    /// it move up (removing the first makes the second the note's first).
    /// A note's only anchor cannot be removed: delete the note instead.
    pub fn remove_note_anchor(&mut self, id: i64, index: u32) -> Result<Note> {
        self.write(|tx| {
            let n = live(tx, id)?;
            let count = 1 + n.more_anchors.len() as u32;
            if count == 1 {
                return Err(crate::refused(
                    crate::StoreCode::RefusedLastAnchor,
                    [("id", id.to_string())],
                    format!("note {id} anchors one passage only; delete the note instead"),
                ));
            }
            if index >= count {
                return Err(crate::refused(
                    crate::StoreCode::RefusedNoAnchor,
                    [
                        ("id", id.to_string()),
                        ("count", count.to_string()),
                        ("index", index.to_string()),
                    ],
                    format!("note {id} has {count} anchors; there is no anchor {index}"),
                ));
            }
            let removed = if index == 0 { 1 } else { index };
            if index == 0 {
                // The second anchor becomes the note's own.
                let a = tx
                    .query_row(
                        &format!("{SELECT} WHERE note_id = ?1 AND position = 1"),
                        [id],
                        from_row,
                    )
                    .optional()?
                    .map(|(_, _, a)| a)
                    .ok_or_else(|| {
                        crate::refused(
                            crate::StoreCode::RefusedAnchorsOrder,
                            [("id", id.to_string())],
                            format!("note {id}'s anchors are out of order"),
                        )
                    })?;
                tx.execute(
                    "UPDATE note SET passage_id = ?2, source_id = ?3, work = ?4, layer = ?5, \
                     exact = ?6, prefix = ?7, suffix = ?8, start_pos = ?9, end_pos = ?10, \
                     orphaned = ?11 WHERE id = ?1",
                    params![
                        id,
                        a.passage_id,
                        a.source_id,
                        a.work,
                        a.layer.label(),
                        a.exact,
                        a.prefix,
                        a.suffix,
                        a.start,
                        a.end,
                        a.orphaned
                    ],
                )?;
            }
            tx.execute(
                "DELETE FROM note_anchor WHERE note_id = ?1 AND position = ?2",
                params![id, removed],
            )?;
            // Close the gap in two steps, so no two rows share a position
            // while SQLite updates them in an order of its own.
            tx.execute(
                "UPDATE note_anchor SET position = position + 1000000 \
                 WHERE note_id = ?1 AND position > ?2",
                params![id, removed],
            )?;
            tx.execute(
                "UPDATE note_anchor SET position = position - 1000001 \
                 WHERE note_id = ?1 AND position > 1000000",
                params![id],
            )?;
            tx.execute("UPDATE note SET modified = ?2 WHERE id = ?1", params![id, now()])?;
            Ok(())
        })?;
        self.note(id)
    }
}

//! Notes on spans of the texts: their rows, tags, revisions (for undo) and
//! search. Where a note's span is, and how it is placed again when the texts
//! change ([`Store::reanchor`]), is [`crate::anchor`]'s job; a note that cannot
//! be placed is marked orphaned — kept with its quote, never dropped.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use sheli_corpus::{Corpus, Layer};
use ts_rs::TS;

use super::search::Query;
use super::{Result, Store, StoreError, Timestamp, check_tags, check_text, limits, now, passage};
use crate::anchor::{Anchor, How, Target, locate, span_of};
pub use crate::anchor::{CONTEXT, Selection, Span};

/// Earlier versions of a note kept for undo.
const REVISIONS_KEPT: i64 = 20;

/// A note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Note {
    #[ts(type = "number")]
    pub id: i64,
    /// Stable id across exports (`urn:uuid:<uuid>` in Web Annotation JSON).
    pub uuid: String,
    pub passage_id: String,
    pub source_id: String,
    pub work: String,
    /// The layer of the span.
    pub layer: Layer,
    /// TextQuoteSelector.
    pub exact: String,
    pub prefix: String,
    pub suffix: String,
    /// TextPositionSelector, in characters of the passage's text.
    pub start: u32,
    pub end: u32,
    /// Markdown.
    pub body: String,
    pub tags: Vec<String>,
    /// The quote could not be found in the texts: the note is kept and shown
    /// with its quote, outside the text.
    pub orphaned: bool,
    #[ts(type = "number")]
    pub created: Timestamp,
    #[ts(type = "number")]
    pub modified: Timestamp,
    /// When the note was deleted, if it was (undo with `undelete_note`).
    #[ts(type = "number | null")]
    pub deleted: Option<Timestamp>,
}

/// A note with where it sits in its passage (`None`: it could not be placed
/// and is shown as orphaned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlacedNote {
    pub note: Note,
    pub span: Option<Span>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NewNote {
    pub selection: Selection,
    pub body: String,
    pub tags: Vec<String>,
}

/// Changes to a note; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NoteEdit {
    #[ts(optional)]
    pub body: Option<String>,
    #[ts(optional)]
    pub tags: Option<Vec<String>>,
}

/// Which notes to list. Empty fields do not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NoteFilter {
    /// The work's name, e.g. 鄉射禮.
    #[ts(optional)]
    pub work: Option<String>,
    #[ts(optional)]
    pub tag: Option<String>,
    #[ts(optional)]
    pub passage_id: Option<String>,
    /// Words to find (folded) in the body, the quote or the tags.
    #[ts(optional)]
    pub query: Option<String>,
    /// Only orphaned (`true`) or only placed (`false`) notes.
    #[ts(optional)]
    pub orphaned: Option<bool>,
    /// List deleted notes (that can still be undeleted) instead of live ones.
    pub deleted: bool,
}

/// What [`Store::reanchor`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReanchorReport {
    /// Notes whose position still holds their quote.
    pub unchanged: u32,
    /// Notes found again by their quote in the same passage.
    pub moved: u32,
    /// Notes found by their quote in another passage of the same source.
    pub moved_passage: u32,
    /// Notes found with the search fold (the quote's characters differ in
    /// script or variant form).
    pub folded: u32,
    /// Notes that were orphaned and are placed again.
    pub restored: u32,
    /// Notes that cannot be placed (kept, shown with their quote).
    pub orphaned: u32,
}

// ---------------------------------------------------------------------------
// Rows.

const SELECT: &str = "SELECT id, uuid, passage_id, source_id, work, layer, exact, prefix, suffix, \
                      start_pos, end_pos, body, orphaned, created, modified, deleted FROM note";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Note> {
    let layer: String = r.get(5)?;
    Ok(Note {
        id: r.get(0)?,
        uuid: r.get(1)?,
        passage_id: r.get(2)?,
        source_id: r.get(3)?,
        work: r.get(4)?,
        layer: Layer::parse(&layer).unwrap_or(Layer::Jing),
        exact: r.get(6)?,
        prefix: r.get(7)?,
        suffix: r.get(8)?,
        start: r.get(9)?,
        end: r.get(10)?,
        body: r.get(11)?,
        tags: Vec::new(),
        orphaned: r.get(12)?,
        created: r.get(13)?,
        modified: r.get(14)?,
        deleted: r.get(15)?,
    })
}

fn load_tags(conn: &Connection, notes: &mut [Note]) -> Result<()> {
    let mut stmt =
        conn.prepare_cached("SELECT tag FROM note_tag WHERE note_id = ?1 ORDER BY tag")?;
    for n in notes {
        n.tags = stmt.query_map([n.id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    }
    Ok(())
}

pub(crate) fn load_one(conn: &Connection, id: i64) -> Result<Note> {
    let note = conn
        .query_row(&format!("{SELECT} WHERE id = ?1"), [id], from_row)
        .optional()?
        .ok_or(StoreError::UnknownNote(id))?;
    let mut v = [note];
    load_tags(conn, &mut v)?;
    let [note] = v;
    Ok(note)
}

/// A live (not deleted) note, or `UnknownNote`.
fn load_live(conn: &Connection, id: i64) -> Result<Note> {
    let n = load_one(conn, id)?;
    if n.deleted.is_some() {
        return Err(StoreError::UnknownNote(id));
    }
    Ok(n)
}

fn write_tags(conn: &Connection, note_id: i64, tags: &[String]) -> Result<()> {
    conn.execute("DELETE FROM note_tag WHERE note_id = ?1", [note_id])?;
    let mut stmt = conn.prepare_cached("INSERT INTO note_tag (note_id, tag) VALUES (?1, ?2)")?;
    for t in tags {
        stmt.execute(params![note_id, t])?;
    }
    Ok(())
}

/// A random (version 4) UUID, from SQLite's random number generator.
pub(crate) fn new_uuid(conn: &Connection) -> Result<String> {
    let mut b: Vec<u8> = conn.query_row("SELECT randomblob(16)", [], |r| r.get(0))?;
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    Ok(format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32]))
}

/// A note ready to be written (used by add and by imports).
pub(crate) struct NoteRow {
    pub uuid: Option<String>,
    pub anchor: Anchor,
    pub body: String,
    pub tags: Vec<String>,
    pub orphaned: bool,
    pub created: Timestamp,
    pub modified: Timestamp,
}

pub(crate) fn check_body(body: &str) -> Result<String> {
    check_text("the note", body, limits::NOTE)
}

pub(crate) fn insert(conn: &Connection, row: &NoteRow) -> Result<i64> {
    let uuid = match &row.uuid {
        Some(u) => u.clone(),
        None => new_uuid(conn)?,
    };
    let a = &row.anchor;
    conn.execute(
        "INSERT INTO note (uuid, passage_id, source_id, work, layer, exact, prefix, suffix, \
         start_pos, end_pos, body, orphaned, created, modified) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            uuid,
            a.passage_id,
            a.source_id,
            a.work,
            a.layer.label(),
            a.exact,
            a.prefix,
            a.suffix,
            a.start,
            a.end,
            row.body,
            row.orphaned,
            row.created,
            row.modified
        ],
    )?;
    let id = conn.last_insert_rowid();
    write_tags(conn, id, &row.tags)?;
    Ok(id)
}

fn update_anchor(conn: &Connection, id: i64, a: &Anchor) -> Result<()> {
    conn.execute(
        "UPDATE note SET passage_id = ?2, source_id = ?3, work = ?4, layer = ?5, exact = ?6, \
         prefix = ?7, suffix = ?8, start_pos = ?9, end_pos = ?10, orphaned = 0 WHERE id = ?1",
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
            a.end
        ],
    )?;
    Ok(())
}

impl Note {
    fn target(&self) -> Target<'_> {
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
}

impl Store {
    /// Writes a note on a selection. The selection must be inside one
    /// segment of a passage of `corpus`.
    pub fn add_note(&mut self, corpus: &Corpus, new: &NewNote) -> Result<Note> {
        let anchor = new.selection.resolve(corpus)?;
        let body = check_body(&new.body)?;
        let tags = check_tags(&new.tags)?;
        let t = now();
        let row =
            NoteRow { uuid: None, anchor, body, tags, orphaned: false, created: t, modified: t };
        let id = self.write(|tx| insert(tx, &row))?;
        self.note(id)
    }

    /// A note by id (deleted ones too).
    pub fn note(&self, id: i64) -> Result<Note> {
        load_one(&self.conn, id)
    }

    /// Notes matching `filter`, by work, passage and position.
    pub fn notes(&self, filter: &NoteFilter) -> Result<Vec<Note>> {
        let mut sql =
            format!("{SELECT} WHERE deleted IS {} NULL", if filter.deleted { "NOT" } else { "" });
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        if let Some(w) = filter.work.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
            args.push(w.to_owned().into());
            sql += &format!(" AND work = ?{}", args.len());
        }
        if let Some(p) = filter.passage_id.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
            args.push(p.to_owned().into());
            sql += &format!(" AND passage_id = ?{}", args.len());
        }
        if let Some(t) = filter.tag.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            args.push(t.to_owned().into());
            sql +=
                &format!(" AND id IN (SELECT note_id FROM note_tag WHERE tag = ?{})", args.len());
        }
        if let Some(o) = filter.orphaned {
            sql += if o { " AND orphaned = 1" } else { " AND orphaned = 0" };
        }
        sql += " ORDER BY work, source_id, passage_id, start_pos, id";
        let mut stmt = self.conn.prepare(&sql)?;
        let mut notes: Vec<Note> = stmt
            .query_map(rusqlite::params_from_iter(args), from_row)?
            .collect::<rusqlite::Result<_>>()?;
        load_tags(&self.conn, &mut notes)?;
        if let Some(q) = filter.query.as_deref() {
            let q = Query::new(q);
            if !q.is_empty() {
                notes.retain(|n| {
                    q.matches(
                        [n.body.as_str(), n.exact.as_str()]
                            .into_iter()
                            .chain(n.tags.iter().map(String::as_str)),
                    )
                });
            }
        }
        Ok(notes)
    }

    /// The live notes of a passage with where each sits now (for the margin
    /// and the highlights). Notes that cannot be placed come with no span.
    pub fn notes_in_passage(&self, corpus: &Corpus, passage_id: &str) -> Result<Vec<PlacedNote>> {
        passage(corpus, passage_id)?;
        let notes = self.notes(&NoteFilter {
            passage_id: Some(passage_id.to_owned()),
            ..NoteFilter::default()
        })?;
        Ok(notes
            .into_iter()
            .map(|note| {
                let span = if note.orphaned {
                    None
                } else {
                    locate(corpus, &note.target())
                        .filter(|f| f.passage.id == passage_id)
                        .and_then(|f| span_of(&f))
                };
                PlacedNote { note, span }
            })
            .collect())
    }

    /// Changes a note's body or tags; the earlier version is kept for
    /// [`Store::undo_note_edit`].
    pub fn update_note(&mut self, id: i64, edit: &NoteEdit) -> Result<Note> {
        let body = edit.body.as_deref().map(check_body).transpose()?;
        let tags = edit.tags.as_deref().map(check_tags).transpose()?;
        self.write(|tx| {
            let cur = load_live(tx, id)?;
            let old_tags = serde_json::to_string(&cur.tags).unwrap_or_else(|_| "[]".into());
            tx.execute(
                "INSERT INTO note_revision (note_id, body, tags, saved) VALUES (?1, ?2, ?3, ?4)",
                params![id, cur.body, old_tags, now()],
            )?;
            tx.execute(
                "DELETE FROM note_revision WHERE note_id = ?1 AND id NOT IN \
                 (SELECT id FROM note_revision WHERE note_id = ?1 ORDER BY id DESC LIMIT ?2)",
                params![id, REVISIONS_KEPT],
            )?;
            tx.execute(
                "UPDATE note SET body = ?2, modified = ?3 WHERE id = ?1",
                params![id, body.as_deref().unwrap_or(&cur.body), now()],
            )?;
            if let Some(tags) = &tags {
                write_tags(tx, id, tags)?;
            }
            Ok(())
        })?;
        self.note(id)
    }

    /// Undoes the last edit of a note (body and tags as they were).
    pub fn undo_note_edit(&mut self, id: i64) -> Result<Note> {
        self.write(|tx| {
            load_live(tx, id)?;
            let (rev, body, tags): (i64, String, String) = tx
                .query_row(
                    "SELECT id, body, tags FROM note_revision WHERE note_id = ?1 \
                     ORDER BY id DESC LIMIT 1",
                    [id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?
                .ok_or_else(|| StoreError::Invalid(format!("note {id} has no edit to undo")))?;
            let tags: Vec<String> = serde_json::from_str(&tags).unwrap_or_default();
            tx.execute(
                "UPDATE note SET body = ?2, modified = ?3 WHERE id = ?1",
                params![id, body, now()],
            )?;
            write_tags(tx, id, &tags)?;
            tx.execute("DELETE FROM note_revision WHERE id = ?1", [rev])?;
            Ok(())
        })?;
        self.note(id)
    }

    /// Deletes a note; [`Store::undelete_note`] brings it back.
    pub fn delete_note(&mut self, id: i64) -> Result<()> {
        self.write(|tx| {
            load_live(tx, id)?;
            tx.execute("UPDATE note SET deleted = ?2 WHERE id = ?1", params![id, now()])?;
            Ok(())
        })
    }

    /// Undoes the deletion of a note.
    pub fn undelete_note(&mut self, id: i64) -> Result<Note> {
        self.write(|tx| {
            let n = load_one(tx, id)?;
            if n.deleted.is_none() {
                return Err(StoreError::Invalid(format!("note {id} is not deleted")));
            }
            tx.execute("UPDATE note SET deleted = NULL WHERE id = ?1", [id])?;
            Ok(())
        })?;
        self.note(id)
    }

    /// Removes for good the notes deleted before `before`; returns how many.
    pub fn purge_deleted_notes(&mut self, before: Timestamp) -> Result<usize> {
        self.write(|tx| {
            Ok(tx
                .execute("DELETE FROM note WHERE deleted IS NOT NULL AND deleted < ?1", [before])?)
        })
    }

    /// Tags used on live notes, with how many notes have each.
    pub fn note_tags(&self) -> Result<Vec<(String, u32)>> {
        let mut stmt = self.conn.prepare(
            "SELECT t.tag, count(*) FROM note_tag t JOIN note n ON n.id = t.note_id \
             WHERE n.deleted IS NULL GROUP BY t.tag ORDER BY t.tag",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Places every note again in `corpus` (run it when the texts change:
    /// at start-up, after an import). Notes that cannot be placed are marked
    /// orphaned and kept; orphaned notes that can be placed again are
    /// restored. One transaction.
    pub fn reanchor(&mut self, corpus: &Corpus) -> Result<ReanchorReport> {
        let notes: Vec<Note> = {
            let mut stmt = self.conn.prepare(&format!("{SELECT} ORDER BY id"))?;
            stmt.query_map([], from_row)?.collect::<rusqlite::Result<_>>()?
        };
        let mut report = ReanchorReport::default();
        let mut updates: Vec<(i64, Option<Anchor>)> = Vec::new();
        for n in &notes {
            match locate(corpus, &n.target()) {
                Some(f) => {
                    let anchor = f.text.anchor(f.passage, f.range.clone());
                    if n.orphaned {
                        report.restored += 1;
                    } else if f.how == How::Folded {
                        report.folded += 1;
                    } else if f.passage.id != n.passage_id {
                        report.moved_passage += 1;
                    } else if f.how == How::Quote {
                        report.moved += 1;
                    } else {
                        report.unchanged += 1;
                    }
                    let same = !n.orphaned
                        && anchor.passage_id == n.passage_id
                        && anchor.start == n.start
                        && anchor.end == n.end
                        && anchor.exact == n.exact
                        && anchor.prefix == n.prefix
                        && anchor.suffix == n.suffix
                        && anchor.layer == n.layer;
                    if !same {
                        updates.push((n.id, Some(anchor)));
                    }
                }
                None => {
                    report.orphaned += 1;
                    if !n.orphaned {
                        updates.push((n.id, None));
                    }
                }
            }
        }
        if !updates.is_empty() {
            self.write(|tx| {
                for (id, a) in &updates {
                    match a {
                        Some(a) => update_anchor(tx, *id, a)?,
                        None => {
                            tx.execute("UPDATE note SET orphaned = 1 WHERE id = ?1", [id])?;
                        }
                    }
                }
                Ok(())
            })?;
        }
        Ok(report)
    }
}

/// Places an anchor given only by quote and position (an imported
/// annotation) in `corpus`: the anchor as found, or `None` (orphaned).
pub(crate) fn place(corpus: &Corpus, t: &Target<'_>) -> Option<Anchor> {
    locate(corpus, t).map(|f| f.text.anchor(f.passage, f.range.clone()))
}

/// Counts of notes by work (live notes), for the notes view's filter.
impl Store {
    pub fn note_works(&self) -> Result<Vec<(String, u32)>> {
        let mut stmt = self.conn.prepare(
            "SELECT work, count(*) FROM note WHERE deleted IS NULL GROUP BY work ORDER BY work",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        let out: Vec<(String, u32)> = rows.collect::<rusqlite::Result<_>>()?;
        Ok(out)
    }
}

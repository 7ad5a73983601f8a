//! Notes on spans of the texts: their rows, colours, tags, revisions (for
//! undo), filters and search. Where a note's span is, and how it is placed
//! again when the texts change ([`Store::reanchor`]), is [`crate::anchor`]'s
//! job; a note that cannot be placed is marked orphaned — kept with its
//! quote, never dropped.
//!
//! A note may anchor several passages: its first anchor is in the note's own
//! fields (and columns), the others in [`Note::more_anchors`] (the
//! `note_anchor` table, [`crate::note_anchors`]); `0002_note_colour_anchors.sql`
//! says why the first stays where it was.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use sheli_corpus::{Corpus, Layer};
use ts_rs::TS;

use super::search::Query;
use super::{Result, Store, StoreError, Timestamp, check_tags, check_text, limits, now, passage};
use crate::anchor::{Anchor, Found, How, Target, locate, span_of};
pub use crate::anchor::{CONTEXT, Selection, Span};
use crate::note_anchors;
pub use crate::note_anchors::{MAX_ANCHORS, NoteAnchor};

/// Earlier versions of a note kept for undo.
const REVISIONS_KEPT: i64 = 20;

/// A note's colour, from a small fixed palette. Each has a name, which the
/// window shows beside the colour (colour is never the only sign) and
/// screen readers read; free colours would give no name to read and no
/// contrast anyone checked.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS,
)]
#[serde(rename_all = "lowercase")]
pub enum NoteColour {
    /// The highlighter colour every note had before colours (schema 1).
    #[default]
    Yellow,
    Green,
    Blue,
    Pink,
    Purple,
}

impl NoteColour {
    /// Every colour, in the palette's order.
    pub const ALL: [NoteColour; 5] = [
        NoteColour::Yellow,
        NoteColour::Green,
        NoteColour::Blue,
        NoteColour::Pink,
        NoteColour::Purple,
    ];

    /// Its name, as stored and as the CLI and the window say it.
    pub fn name(self) -> &'static str {
        match self {
            NoteColour::Yellow => "yellow",
            NoteColour::Green => "green",
            NoteColour::Blue => "blue",
            NoteColour::Pink => "pink",
            NoteColour::Purple => "purple",
        }
    }

    /// A colour by name (any case; `grey`-style spellings are not colours
    /// of the palette).
    pub fn parse(s: &str) -> Option<NoteColour> {
        let s = s.trim().to_ascii_lowercase();
        NoteColour::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl std::fmt::Display for NoteColour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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
    #[serde(default)]
    pub colour: NoteColour,
    /// The quote could not be found in the texts: the note is kept and shown
    /// with its quote, outside the text.
    pub orphaned: bool,
    /// The passages the note anchors besides the first (the fields above),
    /// in the order they were added.
    #[serde(default)]
    pub more_anchors: Vec<NoteAnchor>,
    #[ts(type = "number")]
    pub created: Timestamp,
    #[ts(type = "number")]
    pub modified: Timestamp,
    /// When the note was deleted, if it was (undo with `undelete_note`).
    #[ts(type = "number | null")]
    pub deleted: Option<Timestamp>,
}

/// A note with where it sits in one passage it anchors (`None`: that anchor
/// could not be placed and is shown as orphaned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlacedNote {
    pub note: Note,
    /// The passage asked for (a further anchor's passage, for a note that
    /// anchors several).
    pub passage_id: String,
    /// Which of the note's anchors this is (0: the first).
    pub anchor: u32,
    pub span: Option<Span>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NewNote {
    pub selection: Selection,
    pub body: String,
    pub tags: Vec<String>,
    pub colour: NoteColour,
}

/// Changes to a note; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NoteEdit {
    #[ts(optional)]
    pub body: Option<String>,
    #[ts(optional)]
    pub tags: Option<Vec<String>>,
    #[ts(optional)]
    pub colour: Option<NoteColour>,
}

/// Which notes to list. Empty fields do not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NoteFilter {
    /// The work's name, e.g. 鄉射禮 (any of the note's anchors).
    #[ts(optional)]
    pub work: Option<String>,
    #[ts(optional)]
    pub tag: Option<String>,
    #[ts(optional)]
    pub colour: Option<NoteColour>,
    /// The layer an anchor is in (any of the note's anchors).
    #[ts(optional)]
    pub layer: Option<Layer>,
    /// Any of the note's anchors.
    #[ts(optional)]
    pub passage_id: Option<String>,
    /// Words to find (folded) in the body, the quotes or the tags.
    #[ts(optional)]
    pub query: Option<String>,
    /// Only notes with an orphaned anchor (`true`), or only notes whose every
    /// anchor is placed (`false`).
    #[ts(optional)]
    pub orphaned: Option<bool>,
    /// List deleted notes (that can still be undeleted) instead of live ones.
    pub deleted: bool,
    /// The most recently changed first (the reader's "Add to note…" picker,
    /// which shows a page of the latest), instead of by work and place.
    #[ts(optional)]
    pub recent: Option<bool>,
}

/// What [`Store::reanchor`] did, counting anchors (a note that anchors two
/// passages counts twice).
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

impl ReanchorReport {
    /// Counts an anchor found again as `found`: it was orphaned (restored),
    /// found through the fold, in another passage than `passage_id`, by its
    /// quote elsewhere in the passage, or where it was.
    pub(crate) fn count(&mut self, found: &Found<'_>, was_orphaned: bool, passage_id: &str) {
        let tally = if was_orphaned {
            &mut self.restored
        } else if found.how == How::Folded {
            &mut self.folded
        } else if found.passage.id != passage_id {
            &mut self.moved_passage
        } else if found.how == How::Quote {
            &mut self.moved
        } else {
            &mut self.unchanged
        };
        *tally += 1;
    }
}

// ---------------------------------------------------------------------------
// Rows.

const SELECT: &str = "SELECT id, uuid, passage_id, source_id, work, layer, exact, prefix, suffix, \
                      start_pos, end_pos, body, orphaned, created, modified, deleted, colour \
                      FROM note";

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
        colour: NoteColour::parse(&r.get::<_, String>(16)?).unwrap_or_default(),
        orphaned: r.get(12)?,
        more_anchors: Vec::new(),
        created: r.get(13)?,
        modified: r.get(14)?,
        deleted: r.get(15)?,
    })
}

/// Fills in each note's tags and further anchors.
fn load_tags(conn: &Connection, notes: &mut [Note]) -> Result<()> {
    let mut stmt =
        conn.prepare_cached("SELECT tag FROM note_tag WHERE note_id = ?1 ORDER BY tag")?;
    for n in notes.iter_mut() {
        n.tags = stmt.query_map([n.id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    }
    note_anchors::load(conn, notes)
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
    /// Further anchors, each with whether it is orphaned.
    pub more_anchors: Vec<(Anchor, bool)>,
    pub body: String,
    pub tags: Vec<String>,
    pub colour: NoteColour,
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
         start_pos, end_pos, body, orphaned, created, modified, colour) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
            row.modified,
            row.colour.name()
        ],
    )?;
    let id = conn.last_insert_rowid();
    write_tags(conn, id, &row.tags)?;
    for (i, (a, orphaned)) in row.more_anchors.iter().enumerate() {
        note_anchors::insert(conn, id, i as u32 + 1, a, *orphaned)?;
    }
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
    /// Every anchor of the note, the first (its own fields) first.
    pub fn anchors(&self) -> Vec<NoteAnchor> {
        let first = NoteAnchor {
            passage_id: self.passage_id.clone(),
            source_id: self.source_id.clone(),
            work: self.work.clone(),
            layer: self.layer,
            exact: self.exact.clone(),
            prefix: self.prefix.clone(),
            suffix: self.suffix.clone(),
            start: self.start,
            end: self.end,
            orphaned: self.orphaned,
        };
        std::iter::once(first).chain(self.more_anchors.iter().cloned()).collect()
    }

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
        let row = NoteRow {
            uuid: None,
            anchor,
            more_anchors: Vec::new(),
            body,
            tags,
            colour: new.colour,
            orphaned: false,
            created: t,
            modified: t,
        };
        let id = self.write(|tx| insert(tx, &row))?;
        self.note(id)
    }

    /// A note by id (deleted ones too).
    pub fn note(&self, id: i64) -> Result<Note> {
        load_one(&self.conn, id)
    }

    /// Notes matching `filter`, by work, passage and position (the latest
    /// changed first with `recent`).
    pub fn notes(&self, filter: &NoteFilter) -> Result<Vec<Note>> {
        Ok(self.select_notes(filter, None)?.0)
    }

    /// At most `limit` of the notes matching `filter` from the `offset`th on
    /// (in the order of [`Store::notes`]), and how many match in all: the
    /// window draws a page at a time, as a scholar's years of notes (or one
    /// import from another tool) run to tens of thousands, more than a page
    /// can hold. Without words to find, SQL counts and pages; with them the
    /// folded match (Rust's, not SQL's) runs over every note the other
    /// filters leave, so the search still covers all notes, not the page.
    pub fn notes_page(
        &self,
        filter: &NoteFilter,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<Note>, u32)> {
        self.select_notes(filter, Some((offset, limit)))
    }

    /// The notes `filter` finds, the page `(offset, limit)` of them (all
    /// without one), and how many it finds in all.
    fn select_notes(
        &self,
        filter: &NoteFilter,
        page: Option<(u32, u32)>,
    ) -> Result<(Vec<Note>, u32)> {
        let mut sql = format!(" WHERE deleted IS {} NULL", if filter.deleted { "NOT" } else { "" });
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        // A filter on where a note is matches any of its anchors: the first
        // (the note's columns) or a further one (`note_anchor`).
        let anchored = |column: &str, value: String, args: &mut Vec<rusqlite::types::Value>| {
            args.push(value.into());
            let n = args.len();
            format!(
                " AND ({column} = ?{n} OR id IN (SELECT note_id FROM note_anchor WHERE {column} = ?{n}))"
            )
        };
        if let Some(w) = filter.work.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
            sql += &anchored("work", w.to_owned(), &mut args);
        }
        if let Some(p) = filter.passage_id.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
            sql += &anchored("passage_id", p.to_owned(), &mut args);
        }
        if let Some(l) = filter.layer {
            sql += &anchored("layer", l.label().to_owned(), &mut args);
        }
        if let Some(c) = filter.colour {
            args.push(c.name().to_owned().into());
            sql += &format!(" AND colour = ?{}", args.len());
        }
        if let Some(t) = filter.tag.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            args.push(t.to_owned().into());
            sql +=
                &format!(" AND id IN (SELECT note_id FROM note_tag WHERE tag = ?{})", args.len());
        }
        // Orphaned: any of its anchors lost (the first or a further one), so
        // that a note whose second passage lost its words is found to mend.
        if let Some(o) = filter.orphaned {
            sql += if o {
                " AND (orphaned = 1 OR id IN (SELECT note_id FROM note_anchor WHERE orphaned = 1))"
            } else {
                " AND orphaned = 0 AND id NOT IN (SELECT note_id FROM note_anchor WHERE orphaned = 1)"
            };
        }
        let order = if filter.recent == Some(true) {
            " ORDER BY modified DESC, id DESC"
        } else {
            " ORDER BY work, source_id, passage_id, start_pos, id"
        };
        let query = filter.query.as_deref().map(Query::new).filter(|q| !q.is_empty());
        // Without words to find, SQL counts and pages (a page asked for);
        // with them, every note the other filters leave is read and matched.
        let (mut sql_page, mut total) = (String::new(), None);
        if let (None, Some((offset, limit))) = (&query, page) {
            sql_page = format!(" LIMIT {limit} OFFSET {offset}");
            total = Some(self.conn.query_row(
                &format!("SELECT COUNT(*) FROM note{sql}"),
                rusqlite::params_from_iter(args.iter()),
                |r| r.get(0),
            )?);
        }
        let mut stmt = self.conn.prepare(&format!("{SELECT}{sql}{order}{sql_page}"))?;
        let mut notes: Vec<Note> = stmt
            .query_map(rusqlite::params_from_iter(args), from_row)?
            .collect::<rusqlite::Result<_>>()?;
        load_tags(&self.conn, &mut notes)?;
        if let Some(total) = total {
            return Ok((notes, total));
        }
        if let Some(q) = query {
            notes.retain(|n| {
                q.matches(
                    [n.body.as_str(), n.exact.as_str()]
                        .into_iter()
                        .chain(n.more_anchors.iter().map(|a| a.exact.as_str()))
                        .chain(n.tags.iter().map(String::as_str)),
                )
            });
        }
        let total = notes.len() as u32;
        let (offset, limit) = page.unwrap_or((0, u32::MAX));
        let page = notes.into_iter().skip(offset as usize).take(limit as usize).collect();
        Ok((page, total))
    }

    /// The live notes anchored in a passage with where each sits now (for
    /// the margin and the highlights): a note that anchors several passages
    /// is in each one's list, placed by its anchor there (the first, if it
    /// has several in the passage). An anchor that cannot be placed comes
    /// with no span.
    pub fn notes_in_passage(&self, corpus: &Corpus, passage_id: &str) -> Result<Vec<PlacedNote>> {
        passage(corpus, passage_id)?;
        let notes = self.notes(&NoteFilter {
            passage_id: Some(passage_id.to_owned()),
            ..NoteFilter::default()
        })?;
        Ok(notes
            .into_iter()
            .filter_map(|note| {
                let anchors = note.anchors();
                let at = anchors.iter().position(|a| a.passage_id == passage_id)?;
                let a = &anchors[at];
                let span = if a.orphaned {
                    None
                } else {
                    locate(corpus, &a.target())
                        .filter(|f| f.passage.id == passage_id)
                        .and_then(|f| span_of(&f))
                };
                Some(PlacedNote {
                    note,
                    passage_id: passage_id.to_owned(),
                    anchor: at as u32,
                    span,
                })
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
                "INSERT INTO note_revision (note_id, body, tags, saved, colour) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, cur.body, old_tags, now(), cur.colour.name()],
            )?;
            tx.execute(
                "DELETE FROM note_revision WHERE note_id = ?1 AND id NOT IN \
                 (SELECT id FROM note_revision WHERE note_id = ?1 ORDER BY id DESC LIMIT ?2)",
                params![id, REVISIONS_KEPT],
            )?;
            tx.execute(
                "UPDATE note SET body = ?2, modified = ?3, colour = ?4 WHERE id = ?1",
                params![
                    id,
                    body.as_deref().unwrap_or(&cur.body),
                    now(),
                    edit.colour.unwrap_or(cur.colour).name()
                ],
            )?;
            if let Some(tags) = &tags {
                write_tags(tx, id, tags)?;
            }
            // The edit is saved: the editor's draft of it is spent.
            tx.execute(
                "DELETE FROM note_draft WHERE key = ?1",
                [crate::note_drafts::edit_key(id)],
            )?;
            Ok(())
        })?;
        self.note(id)
    }

    /// Undoes the last edit of a note (body, tags and colour as they were;
    /// a revision from schema 1, which kept no colour, leaves it).
    pub fn undo_note_edit(&mut self, id: i64) -> Result<Note> {
        self.write(|tx| {
            let cur = load_live(tx, id)?;
            let (rev, body, tags, colour): (i64, String, String, Option<String>) = tx
                .query_row(
                    "SELECT id, body, tags, colour FROM note_revision WHERE note_id = ?1 \
                     ORDER BY id DESC LIMIT 1",
                    [id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?
                .ok_or_else(|| {
                    crate::refused(
                        crate::StoreCode::RefusedNoUndo,
                        [("id", id.to_string())],
                        format!("note {id} has no edit to undo"),
                    )
                })?;
            let tags: Vec<String> = serde_json::from_str(&tags).unwrap_or_default();
            let colour = colour.as_deref().and_then(NoteColour::parse).unwrap_or(cur.colour);
            tx.execute(
                "UPDATE note SET body = ?2, modified = ?3, colour = ?4 WHERE id = ?1",
                params![id, body, now(), colour.name()],
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
                return Err(crate::refused(
                    crate::StoreCode::RefusedNotDeleted,
                    [("id", id.to_string())],
                    format!("note {id} is not deleted"),
                ));
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
                    report.count(&f, n.orphaned, &n.passage_id);
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
        let more = note_anchors::reanchor(&self.conn, corpus, &mut report)?;
        if !updates.is_empty() || !more.is_empty() {
            self.write(|tx| {
                for (id, a) in &updates {
                    match a {
                        Some(a) => update_anchor(tx, *id, a)?,
                        None => {
                            tx.execute("UPDATE note SET orphaned = 1 WHERE id = ?1", [id])?;
                        }
                    }
                }
                note_anchors::apply(tx, &more)
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

/// Counts of live notes by where they are and by colour, for the notes
/// view's filters: a note counts once under each work (or layer) any of its
/// anchors is in.
impl Store {
    pub fn note_works(&self) -> Result<Vec<(String, u32)>> {
        self.anchored_counts("work")
    }

    /// Layers, by their label (經, 注 …).
    pub fn note_layers(&self) -> Result<Vec<(String, u32)>> {
        self.anchored_counts("layer")
    }

    fn anchored_counts(&self, column: &str) -> Result<Vec<(String, u32)>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT v, count(DISTINCT id) FROM ( \
                 SELECT id, {column} AS v FROM note WHERE deleted IS NULL \
                 UNION ALL SELECT a.note_id, a.{column} FROM note_anchor a \
                 JOIN note n ON n.id = a.note_id WHERE n.deleted IS NULL) \
             GROUP BY v ORDER BY v"
        ))?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Colours in use on live notes, in the palette's order.
    pub fn note_colours(&self) -> Result<Vec<(NoteColour, u32)>> {
        let mut stmt = self
            .conn
            .prepare("SELECT colour, count(*) FROM note WHERE deleted IS NULL GROUP BY colour")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, u32>(1)?)))?;
        let mut out: Vec<(NoteColour, u32)> = rows
            .collect::<rusqlite::Result<Vec<_>>>()?
            .into_iter()
            .filter_map(|(c, n)| Some((NoteColour::parse(&c)?, n)))
            .collect();
        out.sort();
        Ok(out)
    }
}

//! Cards in personal glossaries: references to built-in cards (whose fields
//! the user may override) or the user's own cards.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use sheli_corpus::Corpus;
use sheli_corpus::glossary::Card as BuiltinCard;
use ts_rs::TS;

use super::glossaries::{ensure_exists, touch};
use super::notes::Selection;
use super::{
    Result, Store, StoreError, Timestamp, builtin_card, check_line, check_tags, check_text, limits,
    now, passage,
};

/// A card as the user sees it: a built-in card's values where the user has
/// not changed them, the user's own values elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UserCard {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub glossary_id: i64,
    /// The built-in card this card refers to (`sheli_corpus::glossary`), if any.
    pub builtin_id: Option<String>,
    pub headword: String,
    pub reading: String,
    pub definition: String,
    /// Sorted, no repeats.
    pub tags: Vec<String>,
    /// Passage ids, in the order linked.
    pub passages: Vec<String>,
    /// 0-based place in the list.
    pub position: u32,
    #[ts(type = "number")]
    pub created: Timestamp,
    #[ts(type = "number")]
    pub modified: Timestamp,
}

/// A new card of the user's own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NewCard {
    pub headword: String,
    pub reading: String,
    pub definition: String,
    pub tags: Vec<String>,
    pub passages: Vec<String>,
}

/// Changes to a card; `None` leaves a field as it is. For a card referring
/// to a built-in card, a value equal to the built-in one follows the built-in
/// card again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct CardEdit {
    #[ts(optional)]
    pub headword: Option<String>,
    #[ts(optional)]
    pub reading: Option<String>,
    #[ts(optional)]
    pub definition: Option<String>,
    #[ts(optional)]
    pub tags: Option<Vec<String>>,
    #[ts(optional)]
    pub passages: Option<Vec<String>>,
}

/// The values a built-in card gives the fields of a user card.
pub(crate) struct BuiltinValues {
    pub headword: String,
    pub reading: String,
    pub definition: String,
}

pub(crate) fn builtin_values(card: &BuiltinCard) -> BuiltinValues {
    BuiltinValues {
        headword: card.headword.clone(),
        reading: card.pinyin.clone(),
        definition: format!("{}\n{}", card.definition.en.trim(), card.definition.zh.trim()),
    }
}

/// A card checked and ready to be written: overrides are `None` where a
/// built-in card's value applies.
pub(crate) struct CardRow {
    pub builtin_id: Option<String>,
    pub headword: Option<String>,
    pub reading: Option<String>,
    pub definition: Option<String>,
    pub tags: Vec<String>,
    pub passages: Vec<String>,
    /// The GUID the card came with from an imported file (`card.guid`).
    pub guid: Option<String>,
}

pub(crate) fn check_headword(h: &str) -> Result<String> {
    check_line("the headword", h, limits::HEADWORD, true)
}
pub(crate) fn check_reading(r: &str) -> Result<String> {
    check_line("the reading", r, limits::READING, false)
}
pub(crate) fn check_definition(d: &str) -> Result<String> {
    check_text("the definition", d, limits::DEFINITION)
}

/// Passage ids: trimmed, known to `corpus`, without repeats (order kept).
pub(crate) fn check_passages(corpus: &Corpus, ids: &[String]) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        let id = id.trim();
        if id.is_empty() || out.iter().any(|o| o == id) {
            continue;
        }
        passage(corpus, id)?;
        out.push(id.to_owned());
    }
    if out.len() > limits::PASSAGES {
        return Err(crate::refused(
            crate::StoreCode::RefusedTooManyPassages,
            [("count", out.len().to_string()), ("max", limits::PASSAGES.to_string())],
            format!(
                "too many linked passages: {}, at most {} are allowed",
                out.len(),
                limits::PASSAGES
            ),
        ));
    }
    Ok(out)
}

/// Checks the fields of a card given as the user sees them. For a
/// reference to a built-in card, fields equal to the built-in values become
/// `None` (follow the built-in card).
pub(crate) fn prepare(
    corpus: &Corpus,
    builtin_id: Option<&str>,
    headword: &str,
    reading: &str,
    definition: &str,
    tags: &[String],
    passages: &[String],
) -> Result<CardRow> {
    let headword = check_headword(headword)?;
    let reading = check_reading(reading)?;
    let definition = check_definition(definition)?;
    let tags = check_tags(tags)?;
    let passages = check_passages(corpus, passages)?;
    let (builtin_id, headword, reading, definition) = match builtin_id {
        Some(b) => {
            let v = builtin_values(builtin_card(b)?);
            let keep = |mine: String, theirs: &str| (mine != theirs).then_some(mine);
            (
                Some(b.to_owned()),
                keep(headword, &v.headword),
                keep(reading, &v.reading),
                keep(definition, &v.definition),
            )
        }
        None => (None, Some(headword), Some(reading), Some(definition)),
    };
    Ok(CardRow { builtin_id, headword, reading, definition, tags, passages, guid: None })
}

fn card_count(conn: &Connection, glossary_id: i64) -> Result<usize> {
    let n: i64 =
        conn.query_row("SELECT count(*) FROM card WHERE glossary_id = ?1", [glossary_id], |r| {
            r.get(0)
        })?;
    Ok(n as usize)
}

/// Writes a prepared card at the end of glossary `glossary_id`, in an open
/// transaction.
pub(crate) fn insert(conn: &Connection, glossary_id: i64, row: &CardRow) -> Result<i64> {
    if card_count(conn, glossary_id)? >= limits::CARDS {
        return Err(crate::refused(
            crate::StoreCode::RefusedTooManyCards,
            [("max", limits::CARDS.to_string())],
            format!("a glossary holds at most {} cards", limits::CARDS),
        ));
    }
    if let Some(b) = &row.builtin_id {
        let dup: Option<i64> = conn
            .query_row(
                "SELECT id FROM card WHERE glossary_id = ?1 AND builtin_id = ?2",
                params![glossary_id, b],
                |r| r.get(0),
            )
            .optional()?;
        if dup.is_some() {
            return Err(StoreError::DuplicateCard(b.clone()));
        }
    }
    let position: i64 = conn.query_row(
        "SELECT coalesce(max(position) + 1, 0) FROM card WHERE glossary_id = ?1",
        [glossary_id],
        |r| r.get(0),
    )?;
    let t = now();
    conn.execute(
        "INSERT INTO card (glossary_id, builtin_id, headword, reading, definition, position, \
         created, modified, guid) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)",
        params![
            glossary_id,
            row.builtin_id,
            row.headword,
            row.reading,
            row.definition,
            position,
            t,
            row.guid
        ],
    )?;
    let id = conn.last_insert_rowid();
    write_tags(conn, id, &row.tags)?;
    write_passages(conn, id, &row.passages)?;
    touch(conn, glossary_id)?;
    Ok(id)
}

/// Rewrites card `id` with a prepared row (an import updating a card it
/// found by GUID), in an open transaction. The card keeps its id, place,
/// review state and GUID; its modification time is now.
pub(crate) fn update_row(conn: &Connection, id: i64, row: &CardRow) -> Result<()> {
    conn.execute(
        "UPDATE card SET builtin_id = ?2, headword = ?3, reading = ?4, definition = ?5, \
         modified = ?6 WHERE id = ?1",
        params![id, row.builtin_id, row.headword, row.reading, row.definition, now()],
    )?;
    write_tags(conn, id, &row.tags)?;
    write_passages(conn, id, &row.passages)
}

/// The GUIDs that cards of glossary `glossary_id` came with (card id →
/// GUID); cards made in Sheli have none.
pub(crate) fn stored_guids(
    conn: &Connection,
    glossary_id: i64,
) -> Result<std::collections::HashMap<i64, String>> {
    let mut stmt = conn
        .prepare_cached("SELECT id, guid FROM card WHERE glossary_id = ?1 AND guid IS NOT NULL")?;
    let rows = stmt.query_map([glossary_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn write_tags(conn: &Connection, card_id: i64, tags: &[String]) -> Result<()> {
    conn.execute("DELETE FROM card_tag WHERE card_id = ?1", [card_id])?;
    let mut stmt = conn.prepare_cached("INSERT INTO card_tag (card_id, tag) VALUES (?1, ?2)")?;
    for t in tags {
        stmt.execute(params![card_id, t])?;
    }
    Ok(())
}

fn write_passages(conn: &Connection, card_id: i64, passages: &[String]) -> Result<()> {
    conn.execute("DELETE FROM card_passage WHERE card_id = ?1", [card_id])?;
    let mut stmt = conn.prepare_cached(
        "INSERT INTO card_passage (card_id, passage_id, position) VALUES (?1, ?2, ?3)",
    )?;
    for (i, p) in passages.iter().enumerate() {
        stmt.execute(params![card_id, p, i as i64])?;
    }
    Ok(())
}

struct RawCard {
    id: i64,
    glossary_id: i64,
    builtin_id: Option<String>,
    headword: Option<String>,
    reading: Option<String>,
    definition: Option<String>,
    position: u32,
    created: Timestamp,
    modified: Timestamp,
}

const SELECT: &str = "SELECT id, glossary_id, builtin_id, headword, reading, definition, position, \
                      created, modified FROM card";

fn raw(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawCard> {
    Ok(RawCard {
        id: r.get(0)?,
        glossary_id: r.get(1)?,
        builtin_id: r.get(2)?,
        headword: r.get(3)?,
        reading: r.get(4)?,
        definition: r.get(5)?,
        position: r.get(6)?,
        created: r.get(7)?,
        modified: r.get(8)?,
    })
}

/// The cards of glossary `glossary_id` from the `offset`th (by position) on,
/// at most `limit` of them.
pub(crate) fn load_page(
    conn: &Connection,
    glossary_id: i64,
    offset: u32,
    limit: u32,
) -> Result<Vec<UserCard>> {
    // The numbers are u32, written into the SQL as digits; the same filter
    // then serves the cards, their tags and their passages.
    let filter = format!(
        "id IN (SELECT id FROM card WHERE glossary_id = ?1 \
         ORDER BY position, id LIMIT {limit} OFFSET {offset})"
    );
    load(conn, &filter, glossary_id)
}

/// Reads cards matching `filter` (a `WHERE` clause on `card` with one
/// parameter) with their tags and passages, resolving built-in values.
fn load(conn: &Connection, filter: &str, param: i64) -> Result<Vec<UserCard>> {
    let mut stmt = conn.prepare(&format!("{SELECT} WHERE {filter} ORDER BY position, id"))?;
    let raws: Vec<RawCard> = stmt.query_map([param], raw)?.collect::<rusqlite::Result<_>>()?;
    let mut tags: HashMap<i64, Vec<String>> = HashMap::new();
    let mut stmt = conn.prepare(&format!(
        "SELECT card_id, tag FROM card_tag WHERE card_id IN (SELECT id FROM card WHERE {filter}) \
         ORDER BY card_id, tag"
    ))?;
    for row in stmt.query_map([param], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))? {
        let (id, t) = row?;
        tags.entry(id).or_default().push(t);
    }
    let mut passages: HashMap<i64, Vec<String>> = HashMap::new();
    let mut stmt = conn.prepare(&format!(
        "SELECT card_id, passage_id FROM card_passage \
         WHERE card_id IN (SELECT id FROM card WHERE {filter}) ORDER BY card_id, position"
    ))?;
    for row in stmt.query_map([param], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))? {
        let (id, p) = row?;
        passages.entry(id).or_default().push(p);
    }
    raws.into_iter()
        .map(|c| {
            // A built-in card that no longer exists keeps the values the
            // user gave it, if any, and its id as headword.
            let builtin = c.builtin_id.as_ref().map(|b| {
                builtin_card(b).map(builtin_values).unwrap_or(BuiltinValues {
                    headword: b.clone(),
                    reading: String::new(),
                    definition: String::new(),
                })
            });
            let pick = |mine: Option<String>, theirs: Option<&String>| {
                mine.or_else(|| theirs.cloned()).unwrap_or_default()
            };
            Ok(UserCard {
                id: c.id,
                glossary_id: c.glossary_id,
                headword: pick(c.headword, builtin.as_ref().map(|b| &b.headword)),
                reading: pick(c.reading, builtin.as_ref().map(|b| &b.reading)),
                definition: pick(c.definition, builtin.as_ref().map(|b| &b.definition)),
                builtin_id: c.builtin_id,
                tags: tags.remove(&c.id).unwrap_or_default(),
                passages: passages.remove(&c.id).unwrap_or_default(),
                position: c.position,
                created: c.created,
                modified: c.modified,
            })
        })
        .collect()
}

pub(crate) fn load_one(conn: &Connection, id: i64) -> Result<UserCard> {
    load(conn, "id = ?1", id)?.pop().ok_or(StoreError::UnknownCard(id))
}

impl Store {
    /// The cards of a glossary, in list order.
    pub fn cards(&self, glossary_id: i64) -> Result<Vec<UserCard>> {
        ensure_exists(&self.conn, glossary_id)?;
        load(&self.conn, "glossary_id = ?1", glossary_id)
    }

    pub fn card(&self, id: i64) -> Result<UserCard> {
        load_one(&self.conn, id)
    }

    /// Adds built-in card `builtin_id` (an id of
    /// `sheli_corpus::glossary::builtin_cards()`) to a glossary.
    pub fn add_builtin_card(&mut self, glossary_id: i64, builtin_id: &str) -> Result<UserCard> {
        let b = builtin_card(builtin_id.trim())?;
        let row = CardRow {
            builtin_id: Some(b.id.clone()),
            headword: None,
            reading: None,
            definition: None,
            tags: Vec::new(),
            passages: Vec::new(),
            guid: None,
        };
        self.insert_card(glossary_id, &row)
    }

    /// Writes a prepared card into a glossary that must exist, in one
    /// transaction.
    fn insert_card(&mut self, glossary_id: i64, row: &CardRow) -> Result<UserCard> {
        let id = self.write(|tx| {
            ensure_exists(tx, glossary_id)?;
            insert(tx, glossary_id, row)
        })?;
        self.card(id)
    }

    /// Adds built-in card `builtin_id` with some fields already changed
    /// (tags, linked passages, the user's own reading …), in one write.
    pub fn add_builtin_card_edited(
        &mut self,
        corpus: &Corpus,
        glossary_id: i64,
        builtin_id: &str,
        edit: &CardEdit,
    ) -> Result<UserCard> {
        let b = builtin_card(builtin_id.trim())?;
        let v = builtin_values(b);
        let row = prepare(
            corpus,
            Some(&b.id),
            edit.headword.as_deref().unwrap_or(&v.headword),
            edit.reading.as_deref().unwrap_or(&v.reading),
            edit.definition.as_deref().unwrap_or(&v.definition),
            edit.tags.as_deref().unwrap_or_default(),
            edit.passages.as_deref().unwrap_or_default(),
        )?;
        self.insert_card(glossary_id, &row)
    }

    /// Adds a card of the user's own. Linked passages must exist in `corpus`.
    pub fn add_card(
        &mut self,
        corpus: &Corpus,
        glossary_id: i64,
        card: &NewCard,
    ) -> Result<UserCard> {
        let row = prepare(
            corpus,
            None,
            &card.headword,
            &card.reading,
            &card.definition,
            &card.tags,
            &card.passages,
        )?;
        self.insert_card(glossary_id, &row)
    }

    /// Adds a card made from a selection in the reader: the headword is the
    /// selected text (without punctuation at either end) and the passage is
    /// linked.
    pub fn add_card_from_selection(
        &mut self,
        corpus: &Corpus,
        glossary_id: i64,
        selection: &Selection,
        lang: crate::DraftLanguage,
    ) -> Result<UserCard> {
        let card = crate::card_draft::draft_card(corpus, selection, lang)?;
        self.add_card(corpus, glossary_id, &card)
    }

    /// Changes any field of a card (see [`CardEdit`]).
    pub fn update_card(&mut self, corpus: &Corpus, id: i64, edit: &CardEdit) -> Result<UserCard> {
        let current = self.card(id)?;
        let row = prepare(
            corpus,
            current.builtin_id.as_deref().filter(|b| builtin_card(b).is_ok()),
            edit.headword.as_deref().unwrap_or(&current.headword),
            edit.reading.as_deref().unwrap_or(&current.reading),
            edit.definition.as_deref().unwrap_or(&current.definition),
            edit.tags.as_deref().unwrap_or(&current.tags),
            edit.passages.as_deref().unwrap_or(&current.passages),
        )?;
        self.write(|tx| {
            tx.execute(
                "UPDATE card SET headword = ?2, reading = ?3, definition = ?4, modified = ?5 \
                 WHERE id = ?1",
                params![id, row.headword, row.reading, row.definition, now()],
            )?;
            write_tags(tx, id, &row.tags)?;
            write_passages(tx, id, &row.passages)?;
            touch(tx, current.glossary_id)
        })?;
        self.card(id)
    }

    /// Removes a card (with its review state and history) from its glossary.
    pub fn remove_card(&mut self, id: i64) -> Result<()> {
        self.write(|tx| {
            let g: i64 = tx
                .query_row("SELECT glossary_id FROM card WHERE id = ?1", [id], |r| r.get(0))
                .optional()?
                .ok_or(StoreError::UnknownCard(id))?;
            tx.execute("DELETE FROM card WHERE id = ?1", [id])?;
            touch(tx, g)
        })
    }
}

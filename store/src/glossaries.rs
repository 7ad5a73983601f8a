//! Personal glossaries: named lists of cards.

use rusqlite::{OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::cards::UserCard;
use super::search::Query;
use super::{Result, Store, StoreError, Timestamp, check_line, check_text, limits, now};

/// A glossary with the number of cards in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Glossary {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub description: String,
    pub cards: u32,
    #[ts(type = "number")]
    pub created: Timestamp,
    #[ts(type = "number")]
    pub modified: Timestamp,
}

const SELECT: &str = "SELECT g.id, g.name, g.description, \
     (SELECT count(*) FROM card c WHERE c.glossary_id = g.id), g.created, g.modified \
     FROM glossary g";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Glossary> {
    Ok(Glossary {
        id: r.get(0)?,
        name: r.get(1)?,
        description: r.get(2)?,
        cards: r.get(3)?,
        created: r.get(4)?,
        modified: r.get(5)?,
    })
}

pub(crate) fn check_name(name: &str) -> Result<String> {
    check_line("a glossary's name", name, limits::NAME, true)
}

/// Fails unless glossary `id` exists.
pub(crate) fn ensure_exists(conn: &rusqlite::Connection, id: i64) -> Result<()> {
    let found: Option<i64> =
        conn.query_row("SELECT id FROM glossary WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    found.map(|_| ()).ok_or_else(|| StoreError::UnknownGlossary(id.to_string()))
}

fn ensure_name_free(conn: &rusqlite::Connection, name: &str, except: Option<i64>) -> Result<()> {
    let other: Option<i64> = conn
        .query_row("SELECT id FROM glossary WHERE name = ?1", [name], |r| r.get(0))
        .optional()?;
    match other {
        Some(o) if Some(o) != except => Err(StoreError::DuplicateGlossary(name.to_owned())),
        _ => Ok(()),
    }
}

/// Creates a glossary in an open transaction (also used by imports).
pub(crate) fn insert(conn: &rusqlite::Connection, name: &str, description: &str) -> Result<i64> {
    let name = check_name(name)?;
    let description = check_text("a glossary's description", description, limits::DESCRIPTION)?;
    ensure_name_free(conn, &name, None)?;
    let t = now();
    conn.execute(
        "INSERT INTO glossary (name, description, created, modified) VALUES (?1, ?2, ?3, ?3)",
        params![name, description, t],
    )?;
    Ok(conn.last_insert_rowid())
}

pub(crate) fn touch(conn: &rusqlite::Connection, id: i64) -> Result<()> {
    conn.execute("UPDATE glossary SET modified = ?2 WHERE id = ?1", params![id, now()])?;
    Ok(())
}

impl Store {
    /// All glossaries, by name.
    pub fn glossaries(&self) -> Result<Vec<Glossary>> {
        let mut stmt = self.conn.prepare(&format!("{SELECT} ORDER BY g.name, g.id"))?;
        let rows = stmt.query_map([], from_row)?.collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    pub fn glossary(&self, id: i64) -> Result<Glossary> {
        self.conn
            .query_row(&format!("{SELECT} WHERE g.id = ?1"), [id], from_row)
            .optional()?
            .ok_or_else(|| StoreError::UnknownGlossary(id.to_string()))
    }

    pub fn glossary_by_name(&self, name: &str) -> Result<Glossary> {
        self.conn
            .query_row(&format!("{SELECT} WHERE g.name = ?1"), [name.trim()], from_row)
            .optional()?
            .ok_or_else(|| StoreError::UnknownGlossary(format!("named “{}”", name.trim())))
    }

    /// Creates an empty glossary. Names are unique.
    pub fn create_glossary(&mut self, name: &str, description: &str) -> Result<Glossary> {
        let id = self.write(|tx| insert(tx, name, description))?;
        self.glossary(id)
    }

    pub fn rename_glossary(&mut self, id: i64, name: &str) -> Result<Glossary> {
        self.write(|tx| {
            ensure_exists(tx, id)?;
            let name = check_name(name)?;
            ensure_name_free(tx, &name, Some(id))?;
            tx.execute(
                "UPDATE glossary SET name = ?2, modified = ?3 WHERE id = ?1",
                params![id, name, now()],
            )?;
            Ok(())
        })?;
        self.glossary(id)
    }

    pub fn set_glossary_description(&mut self, id: i64, description: &str) -> Result<Glossary> {
        self.write(|tx| {
            ensure_exists(tx, id)?;
            let d = check_text("a glossary's description", description, limits::DESCRIPTION)?;
            tx.execute(
                "UPDATE glossary SET description = ?2, modified = ?3 WHERE id = ?1",
                params![id, d, now()],
            )?;
            Ok(())
        })?;
        self.glossary(id)
    }

    /// Deletes a glossary with its cards and their review history.
    pub fn delete_glossary(&mut self, id: i64) -> Result<()> {
        self.write(|tx| {
            ensure_exists(tx, id)?;
            tx.execute("DELETE FROM glossary WHERE id = ?1", [id])?;
            Ok(())
        })
    }

    /// The cards of glossary `id` whose headword, reading, definition or tags
    /// contain every word of `query` (Chinese folded, as in text search: 觯
    /// finds 觶; Latin without case or tone marks). An empty query finds all.
    pub fn search_glossary(&self, id: i64, query: &str) -> Result<Vec<UserCard>> {
        let q = Query::new(query);
        let cards = self.cards(id)?;
        if q.is_empty() {
            return Ok(cards);
        }
        Ok(cards
            .into_iter()
            .filter(|c| {
                let fields = [c.headword.as_str(), c.reading.as_str(), c.definition.as_str()];
                q.matches(fields.into_iter().chain(c.tags.iter().map(String::as_str)))
            })
            .collect())
    }

    /// At most `limit` of the cards [`Store::search_glossary`] finds, from the
    /// `offset`th on, and how many it finds in all: a glossary may hold
    /// 20,000 cards, more than the window can draw at once. Without words
    /// to find, SQL pages; with them the folded match runs over every card
    /// first, so a search still covers the whole glossary.
    pub fn search_glossary_page(
        &self,
        id: i64,
        query: &str,
        offset: u32,
        limit: u32,
    ) -> Result<(Vec<UserCard>, u32)> {
        if !Query::new(query).is_empty() {
            let cards = self.search_glossary(id, query)?;
            let total = cards.len() as u32;
            let page = cards.into_iter().skip(offset as usize).take(limit as usize).collect();
            return Ok((page, total));
        }
        // The glossary's own count (its row says how many cards it holds).
        let total = self.glossary(id)?.cards;
        Ok((crate::cards::load_page(&self.conn, id, offset, limit)?, total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open_in(dir.path()).unwrap();
        (dir, s)
    }

    #[test]
    fn create_rename_delete() {
        let (_d, mut s) = store();
        let g = s.create_glossary(" 射器 ", "cups").unwrap();
        assert_eq!((g.name.as_str(), g.cards), ("射器", 0));
        assert!(matches!(s.create_glossary("射器", ""), Err(StoreError::DuplicateGlossary(_))));
        let h = s.create_glossary("other", "").unwrap();
        assert!(matches!(s.rename_glossary(h.id, "射器"), Err(StoreError::DuplicateGlossary(_))));
        let g = s.rename_glossary(g.id, "射具").unwrap();
        assert_eq!(g.name, "射具");
        // renaming to its own name is fine
        s.rename_glossary(g.id, "射具").unwrap();
        assert_eq!(s.glossary_by_name("射具").unwrap().id, g.id);
        assert_eq!(s.glossaries().unwrap().len(), 2);
        s.delete_glossary(g.id).unwrap();
        assert!(matches!(s.glossary(g.id), Err(StoreError::UnknownGlossary(_))));
        assert!(matches!(s.delete_glossary(g.id), Err(StoreError::UnknownGlossary(_))));
        assert!(matches!(s.rename_glossary(999, "x"), Err(StoreError::UnknownGlossary(_))));
    }

    #[test]
    fn bad_names_change_nothing() {
        let (_d, mut s) = store();
        assert!(matches!(s.create_glossary("", ""), Err(StoreError::Invalid(_))));
        assert!(matches!(
            s.create_glossary(&"名".repeat(limits::NAME + 1), ""),
            Err(StoreError::TooLong { .. })
        ));
        assert!(s.glossaries().unwrap().is_empty());
    }
}

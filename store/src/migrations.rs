//! The store's schema versions: one `.sql` file per version in
//! `store/migrations/`, compiled in, applied in order by
//! `rusqlite_migration` (each in its own transaction), the version reached
//! kept in `PRAGMA user_version`.
//!
//! To add a version: add `migrations/NNNN_*.sql`, list it in [`SQL`], and
//! add `migrations/fixtures/vN.sql` (see `migrations/README.md`);
//! `tests/integration/store_migrations.rs` then checks the new step from every earlier
//! version automatically.

use rusqlite_migration::{M, Migrations};

/// The migration scripts, version 1 first: `SQL[i]` takes a database from
/// version `i` to `i + 1`.
pub const SQL: &[&str] = &[
    include_str!("../migrations/0001_user_store.sql"),
    include_str!("../migrations/0002_note_colour_anchors.sql"),
    include_str!("../migrations/0003_card_guid.sql"),
    include_str!("../migrations/0004_note_draft.sql"),
];

/// The schema version this build of Sheli writes.
pub const LATEST_VERSION: i64 = SQL.len() as i64;

/// The migrations, ready to apply.
pub fn migrations() -> Migrations<'static> {
    Migrations::new(SQL.iter().map(|sql| M::up(sql)).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        super::migrations().validate().unwrap();
    }
}

//! Schema migrations: a store of every earlier version, holding that
//! version's fixture (`migrations/fixtures/vN.sql`), opens, is migrated to
//! the latest version and keeps all its data; a store from a newer Sheli is
//! refused and left untouched.
//!
//! Adding a migration needs no change here: the loop runs over every version
//! up to `LATEST_VERSION` and fails if a version has no fixture.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::Connection;
use sheli_store::migrations::{LATEST_VERSION, migrations};
use sheli_store::{APPLICATION_ID, ErrorKind, NoteFilter, STORE_FILE, Store, StoreError};

fn fixture(version: i64) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("migrations/fixtures/v{version}.sql"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "schema version {version} needs a fixture at {} ({e}); see migrations/README.md",
            path.display()
        )
    })
}

/// Row counts of every table.
fn counts(conn: &Connection) -> BTreeMap<String, i64> {
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .unwrap();
    let tables: Vec<String> =
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    tables
        .into_iter()
        .map(|t| {
            let n =
                conn.query_row(&format!("SELECT count(*) FROM \"{t}\""), [], |r| r.get(0)).unwrap();
            (t, n)
        })
        .collect()
}

/// A database at schema `version` holding that version's fixture.
fn database_at(dir: &Path, version: i64) -> (PathBuf, BTreeMap<String, i64>) {
    let path = dir.join(STORE_FILE);
    let mut conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "foreign_keys", "ON").unwrap();
    migrations().to_version(&mut conn, version as usize).unwrap();
    conn.execute_batch(&fixture(version)).unwrap();
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(v, version);
    let before = counts(&conn);
    (path, before)
}

#[test]
fn every_earlier_version_migrates_to_the_latest_and_keeps_its_data() {
    const { assert!(LATEST_VERSION >= 1) };
    for version in 1..=LATEST_VERSION {
        let dir = tempfile::tempdir().unwrap();
        let (path, before) = database_at(dir.path(), version);
        let store = Store::open(&path).unwrap_or_else(|e| panic!("v{version}: {e}"));
        assert_eq!(store.schema_version().unwrap(), LATEST_VERSION, "v{version}");
        assert_eq!(store.integrity_check().unwrap(), "ok", "v{version}");
        let fk: Vec<String> = {
            let mut st = store
                .connection()
                .prepare("SELECT \"table\" FROM pragma_foreign_key_check")
                .unwrap();
            st.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
        };
        assert!(fk.is_empty(), "v{version}: broken references in {fk:?}");
        // No rows lost in any table that still exists.
        let after = counts(store.connection());
        for (table, n) in &before {
            if let Some(m) = after.get(table) {
                assert!(m >= n, "v{version}: table {table} had {n} rows, now {m}");
            }
        }
        // The fixture's data reads back through the API.
        let g = store.glossary_by_name(&format!("v{version} fixture")).unwrap();
        let cards = store.cards(g.id).unwrap();
        assert!(cards.len() >= 3, "v{version}");
        assert!(
            cards.iter().any(|c| c.builtin_id.as_deref() == Some("zhi") && c.headword == "觶"),
            "v{version}"
        );
        let notes = store.notes(&NoteFilter::default()).unwrap();
        assert!(notes.iter().any(|n| n.body == format!("v{version} note")), "v{version}");
        assert!(notes.iter().any(|n| n.orphaned), "v{version}");
        let deleted = store.notes(&NoteFilter { deleted: true, ..Default::default() }).unwrap();
        assert!(!deleted.is_empty(), "v{version}");
        assert!(!store.review_history(None, Some(g.id), 10).unwrap().is_empty(), "v{version}");
        if version == 4 {
            // The drafts a crash left (v4's fixture) are offered back, the
            // latest first, whatever the version they are migrated to.
            let drafts = store.note_drafts().unwrap();
            let keys: Vec<&str> = drafts.iter().map(|d| d.key.as_str()).collect();
            assert_eq!(keys, ["new:xiangshe.zhushu.0001:0:0:4", "note:1"], "v{version}");
            assert_eq!(drafts[1].body, "v4 note, typed before a crash", "v{version}");
        }
        drop(store);
        // And opens again as it is.
        assert_eq!(Store::open(&path).unwrap().schema_version().unwrap(), LATEST_VERSION);
    }
}

#[test]
fn each_step_applies_on_top_of_the_previous_one() {
    // From an empty file, one version at a time, each with its fixture.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    let mut conn = Connection::open(&path).unwrap();
    for version in 1..=LATEST_VERSION {
        migrations().to_version(&mut conn, version as usize).unwrap();
        conn.execute_batch(&fixture(version).replace("INSERT INTO", "INSERT OR IGNORE INTO"))
            .unwrap();
    }
    drop(conn);
    assert_eq!(Store::open(&path).unwrap().integrity_check().unwrap(), "ok");
}

#[test]
fn an_empty_file_becomes_a_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    std::fs::File::create(&path).unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), LATEST_VERSION);
}

#[test]
fn a_store_from_a_newer_sheli_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    {
        let mut s = Store::open(&path).unwrap();
        s.create_glossary("mine", "").unwrap();
    }
    {
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", LATEST_VERSION + 1).unwrap();
        conn.execute_batch("CREATE TABLE from_the_future (x); PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap();
        let mode: String =
            conn.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0)).unwrap();
        assert_eq!(mode, "delete");
    }
    let bytes = std::fs::read(&path).unwrap();
    let files_before: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    let e = Store::open(&path).unwrap_err();
    assert!(
        matches!(e, StoreError::TooNew { found, known, .. } if found == LATEST_VERSION + 1 && known == LATEST_VERSION),
        "{e}"
    );
    assert_eq!(e.kind(), ErrorKind::Incompatible);
    let msg = e.to_string();
    assert!(msg.contains("newer version of Sheli") && msg.contains("untouched"), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the file is byte for byte as it was");
    let files_after: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(files_before, files_after, "no journal or WAL file was created");
    let conn = Connection::open(&path).unwrap();
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
    assert_eq!(app, APPLICATION_ID);
}

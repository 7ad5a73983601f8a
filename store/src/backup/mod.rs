//! Backup and restore of everything the user made, as one file.
//!
//! A backup is an SQLite database: a consistent copy of the user store
//! (`VACUUM INTO`, which reads one snapshot, so the app may keep writing),
//! plus two tables of its own —
//!
//! ```text
//! sheli_backup(key, value)                 format = sheli-backup, version, created, app, schema
//! sheli_backup_file(path, content, sha256) settings.json and every file under texts/
//! ```
//!
//! — so it is one file, readable with any SQLite tool. The search index is
//! not in it: it is a cache, rebuilt from the texts.
//!
//! [`restore`] checks the whole backup first ([`check`]: paths, checksums of
//! every file and of the store's rows, the list of texts) and changes nothing
//! if anything is wrong; then it applies it all at once ([`restore`]: staged,
//! journalled, one transaction for the store, renames for the files), so that
//! a crash leaves the old state or the new one, and the next open finishes
//! or undoes what a crash interrupted ([`recover`]). docs/data-folder.md
//! states the contract.

mod check;
mod restore;

pub use restore::{recover, restore, restore_interrupted};

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, params};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::time::format_rfc3339;
use super::{Result, Store, StoreError, Timestamp, file_err, now};

/// `format` of a backup file.
pub const BACKUP_FORMAT: &str = "sheli-backup";
/// The newest backup layout this build reads and writes. Version 2 records
/// a checksum of the store's rows (`store_sha256`); version 1 backups are
/// still restored, without that check.
pub const BACKUP_VERSION: i64 = 2;

const SETTINGS: &str = "settings.json";
const TEXTS: &str = "texts";

/// What a backup holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BackupSummary {
    pub path: String,
    #[ts(type = "number")]
    pub bytes: u64,
    #[ts(type = "number")]
    pub created: Timestamp,
    #[ts(type = "number")]
    pub schema_version: i64,
    pub glossaries: u32,
    pub cards: u32,
    pub notes: u32,
    pub reviews: u32,
    /// The files carried besides the store (`settings.json`, `texts/…`).
    pub files: Vec<String>,
    /// Whether the store's rows were checked against the checksum recorded
    /// when the backup was made (backups made before version 2 carry none).
    pub checksummed: bool,
}

/// What a restore put back.
pub type RestoreSummary = BackupSummary;

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The files of the data directory that a backup carries, as (path relative
/// to the data directory with `/` separators, absolute path).
fn user_files(data_dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    let settings = data_dir.join(SETTINGS);
    if settings.is_file() {
        out.push((SETTINGS.to_owned(), settings));
    }
    fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) -> Result<()> {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(file_err(dir))?
            .collect::<std::io::Result<_>>()
            .map_err(file_err(dir))?;
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            let rel = format!("{rel}/{name}");
            if path.is_dir() {
                walk(&path, &rel, out)?;
            } else if path.is_file() && !name.ends_with(".tmp") {
                out.push((rel, path));
            }
        }
        Ok(())
    }
    let texts = data_dir.join(TEXTS);
    if texts.is_dir() {
        walk(&texts, TEXTS, &mut out)?;
    }
    Ok(out)
}

fn counts(conn: &Connection) -> Result<(u32, u32, u32, u32)> {
    Ok(conn.query_row(
        "SELECT (SELECT count(*) FROM glossary), (SELECT count(*) FROM card), \
                (SELECT count(*) FROM note), (SELECT count(*) FROM review_log)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?)
}

fn path_str(path: &Path) -> Result<&str> {
    path.to_str().ok_or_else(|| StoreError::File {
        path: path.display().to_string(),
        message: "the path is not valid UTF-8".into(),
    })
}

fn sync_dir(dir: &Path) {
    // Makes a rename durable; not all platforms can open a directory.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Writes a backup of the data directory `data_dir` to `dest`. An existing
/// `dest` is replaced only if `overwrite`; the file appears whole or not at
/// all (written beside it, then renamed).
pub fn backup(data_dir: &Path, dest: &Path, overwrite: bool) -> Result<BackupSummary> {
    if inside(data_dir, dest) {
        return Err(StoreError::File {
            path: dest.display().to_string(),
            message: "is inside the data folder; a backup is kept elsewhere (and never replaces \
                      the data it backs up)"
                .into(),
        });
    }
    if dest.exists() && !overwrite {
        return Err(StoreError::File {
            path: dest.display().to_string(),
            message: "the file already exists (choose another name, or replace it with --force)"
                .into(),
        });
    }
    if dest.is_dir() {
        return Err(StoreError::File {
            path: dest.display().to_string(),
            message: "is a folder; give a file name for the backup".into(),
        });
    }
    let dir = dest.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    // Said by its folder: left to SQLite, the answer was "unable to open
    // database" naming the temporary file twice (h5 tester, L).
    if !dir.is_dir() {
        return Err(StoreError::File {
            path: dir.display().to_string(),
            message: "the folder does not exist (make it first, or name a file in a folder \
                      that does)"
                .into(),
        });
    }
    let store = Store::open_in(data_dir)?;
    let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let result = (|| -> Result<BackupSummary> {
        store.conn.execute("VACUUM INTO ?1", [path_str(&tmp)?])?;
        let created = now();
        let mut conn = Connection::open(&tmp)?;
        let _: String = conn.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
        let tx = conn.transaction()?;
        tx.execute_batch(
            "CREATE TABLE sheli_backup (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE sheli_backup_file (path TEXT PRIMARY KEY, content BLOB NOT NULL,
                                             sha256 TEXT NOT NULL);",
        )?;
        let schema = store.schema_version()?;
        let store_sha256 = check::rows_sha256(&tx, "main")?;
        for (k, v) in [
            ("format", BACKUP_FORMAT.to_owned()),
            ("version", BACKUP_VERSION.to_string()),
            ("created", format_rfc3339(created)),
            ("app", format!("sheli {}", env!("CARGO_PKG_VERSION"))),
            ("schema", schema.to_string()),
            ("store_sha256", store_sha256),
        ] {
            tx.execute("INSERT INTO sheli_backup (key, value) VALUES (?1, ?2)", params![k, v])?;
        }
        let mut files = Vec::new();
        for (rel, path) in user_files(data_dir)? {
            let bytes = std::fs::read(&path).map_err(file_err(&path))?;
            tx.execute(
                "INSERT INTO sheli_backup_file (path, content, sha256) VALUES (?1, ?2, ?3)",
                params![rel, bytes, sha256_hex(&bytes)],
            )?;
            files.push(rel);
        }
        tx.commit()?;
        let (glossaries, cards, notes, reviews) = counts(&conn)?;
        drop(conn);
        std::fs::File::open(&tmp).and_then(|f| f.sync_all()).map_err(file_err(&tmp))?;
        std::fs::rename(&tmp, dest).map_err(file_err(dest))?;
        sync_dir(dir);
        let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
        Ok(BackupSummary {
            path: dest.display().to_string(),
            bytes,
            created,
            schema_version: schema,
            glossaries,
            cards,
            notes,
            reviews,
            files,
            checksummed: true,
        })
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Reads what a backup holds, checking it as [`restore`] would, without
/// restoring it.
pub fn inspect(src: &Path) -> Result<BackupSummary> {
    let checked = check::check(src)?;
    let conn = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let schema_version = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    summary(src, checked, schema_version, &conn)
}

/// What a checked backup holds, counted in `conn` (the backup itself, or the
/// store it was restored into).
fn summary(
    src: &Path,
    checked: check::Checked,
    schema_version: i64,
    conn: &Connection,
) -> Result<BackupSummary> {
    let (glossaries, cards, notes, reviews) = counts(conn)?;
    Ok(BackupSummary {
        path: src.display().to_string(),
        bytes: std::fs::metadata(src).map(|m| m.len()).unwrap_or(0),
        created: checked.created,
        schema_version,
        glossaries,
        cards,
        notes,
        reviews,
        files: checked.files.into_iter().map(|(p, _)| p).collect(),
        checksummed: checked.checksummed,
    })
}

/// Whether `path` (which may not exist yet) is inside `dir`, comparing the
/// folders as the file system resolves them (links, `..`).
fn inside(dir: &Path, path: &Path) -> bool {
    let Ok(dir) = dir.canonicalize() else { return false };
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match parent.canonicalize() {
        Ok(p) => p.starts_with(&dir),
        Err(_) => false,
    }
}

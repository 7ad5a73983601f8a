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
//! [`restore`] first checks the whole backup (a Sheli backup, not from a
//! newer Sheli, `PRAGMA integrity_check` ok, foreign keys sound, every
//! file's checksum and path) and stages it next to the data; nothing is
//! changed until all of that succeeded. It then replaces the store's
//! contents in one transaction (safe even while the app has the store
//! open), swaps the staged `texts/` folder in and renames `settings.json`
//! over the old one.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::time::format_rfc3339;
use super::{
    Result, STORE_FILE, Store, StoreError, Timestamp, check_header, connect, file_err, migrations,
    now,
};

/// `format` of a backup file.
pub const BACKUP_FORMAT: &str = "sheli-backup";
/// The newest backup layout this build reads and writes.
pub const BACKUP_VERSION: i64 = 1;

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

/// Whether `rel` is a path a backup may carry: `settings.json` or a plain
/// relative path under `texts/`.
fn safe_rel_path(rel: &str) -> bool {
    if rel == SETTINGS {
        return true;
    }
    let p = Path::new(rel);
    rel.starts_with("texts/")
        && !rel.contains('\\')
        && !rel.contains('\0')
        && p.components().all(|c| matches!(c, Component::Normal(_)))
        && p.components().count() >= 2
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
    let store = Store::open_in(data_dir)?;
    let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = dest.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
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
        for (k, v) in [
            ("format", BACKUP_FORMAT.to_owned()),
            ("version", BACKUP_VERSION.to_string()),
            ("created", format_rfc3339(created)),
            ("app", format!("sheli {}", env!("CARGO_PKG_VERSION"))),
            ("schema", schema.to_string()),
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
        })
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A backup that passed every check.
struct Checked {
    created: Timestamp,
    files: Vec<(String, Vec<u8>)>,
}

fn bad(src: &Path, reason: impl Into<String>) -> StoreError {
    StoreError::BadBackup { path: src.display().to_string(), reason: reason.into() }
}

/// Checks a backup file without changing it.
fn check(src: &Path) -> Result<Checked> {
    if !src.is_file() {
        return Err(StoreError::File {
            path: src.display().to_string(),
            message: "there is no such file".into(),
        });
    }
    match check_header(src) {
        Ok(_) => {}
        Err(StoreError::NotAStore { .. }) => {
            return Err(bad(src, "it is not a Sheli backup file"));
        }
        Err(e) => return Err(e),
    }
    let conn = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| bad(src, e.to_string()))?;
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| bad(src, format!("it is damaged ({e})")))?;
    if integrity != "ok" {
        return Err(bad(src, format!("it is damaged ({integrity})")));
    }
    let meta = |k: &str| -> Result<Option<String>> {
        conn.query_row("SELECT value FROM sheli_backup WHERE key = ?1", [k], |r| r.get(0))
            .optional()
            .map_err(|_| bad(src, "it is not a Sheli backup file (no backup table)"))
    };
    if meta("format")?.as_deref() != Some(BACKUP_FORMAT) {
        return Err(bad(src, "it is not a Sheli backup file"));
    }
    let version: i64 = meta("version")?.and_then(|v| v.parse().ok()).unwrap_or(0);
    if version > BACKUP_VERSION {
        return Err(StoreError::TooNew {
            path: src.display().to_string(),
            found: version,
            known: BACKUP_VERSION,
        });
    }
    let created = meta("created")?.and_then(|c| super::parse_rfc3339(&c)).unwrap_or(0);
    let mut stmt = conn
        .prepare("SELECT path, content, sha256 FROM sheli_backup_file ORDER BY path")
        .map_err(|e| bad(src, e.to_string()))?;
    let rows: Vec<(String, Vec<u8>, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()
        .map_err(|e| bad(src, e.to_string()))?;
    let mut files = Vec::with_capacity(rows.len());
    for (rel, content, sum) in rows {
        if !safe_rel_path(&rel) {
            return Err(bad(
                src,
                format!("it carries a file with a path that is not allowed: {rel}"),
            ));
        }
        if sha256_hex(&content) != sum {
            return Err(bad(src, format!("the copy of {rel} is damaged (checksum mismatch)")));
        }
        if rel == SETTINGS && serde_json::from_slice::<serde_json::Value>(&content).is_err() {
            return Err(bad(src, "its settings.json is not valid JSON"));
        }
        if rel == "texts/manifest.toml" {
            let ok = std::str::from_utf8(&content)
                .ok()
                .is_some_and(|s| toml::from_str::<toml::Value>(s).is_ok());
            if !ok {
                return Err(bad(src, "its list of texts (texts/manifest.toml) is damaged"));
            }
        }
        files.push((rel, content));
    }
    Ok(Checked { created, files })
}

/// Removes the staging folder however the restore ends.
struct Staging(PathBuf);

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Renames a damaged store (and its WAL files) to
/// `user.sqlite3.damaged-<time>` so that a new one can be made in its place.
fn set_aside_damaged(data_dir: &Path) -> Result<()> {
    let suffix = format!("damaged-{}", now());
    for ext in ["", "-wal", "-shm"] {
        let from = data_dir.join(format!("{STORE_FILE}{ext}"));
        if from.exists() {
            let to = data_dir.join(format!("{STORE_FILE}.{suffix}{ext}"));
            std::fs::rename(&from, &to).map_err(file_err(&from))?;
        }
    }
    Ok(())
}

/// Reads what a backup holds, checking it as [`restore`] would, without
/// restoring it.
pub fn inspect(src: &Path) -> Result<BackupSummary> {
    let checked = check(src)?;
    let conn = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let (glossaries, cards, notes, reviews) = counts(&conn)?;
    let schema_version = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
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
    })
}

/// Restores a backup into the data directory `data_dir`, replacing the
/// user store's contents, the imported texts and the settings. The backup
/// is checked whole first; if anything is wrong, nothing is changed.
pub fn restore(data_dir: &Path, src: &Path) -> Result<RestoreSummary> {
    let checked = check(src)?;
    std::fs::create_dir_all(data_dir).map_err(file_err(data_dir))?;
    let stage = Staging(data_dir.join(format!(
        ".restore-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    )));
    std::fs::create_dir_all(&stage.0).map_err(file_err(&stage.0))?;

    // 1. The store, copied and brought to this version's schema.
    let staged_db = stage.0.join(STORE_FILE);
    std::fs::copy(src, &staged_db).map_err(file_err(&staged_db))?;
    {
        let mut conn = connect(&staged_db)?;
        migrations::migrations().to_latest(&mut conn)?;
        let broken: Option<String> = conn
            .query_row("SELECT \"table\" FROM pragma_foreign_key_check LIMIT 1", [], |r| r.get(0))
            .optional()?;
        if let Some(t) = broken {
            return Err(bad(src, format!("its table {t} refers to rows that are missing")));
        }
    }
    // 2. The files, written out in the staging folder.
    let files_dir = stage.0.join("files");
    for (rel, content) in &checked.files {
        let path = files_dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(file_err(parent))?;
        }
        let mut f = std::fs::File::create(&path).map_err(file_err(&path))?;
        f.write_all(content).and_then(|_| f.sync_all()).map_err(file_err(&path))?;
    }

    // 3. The store's contents, replaced in one transaction. A store that
    // cannot be opened or is damaged is set aside (never deleted) and a new
    // one made: restoring is how a user recovers from exactly that.
    let mut store = match Store::open_in(data_dir) {
        Ok(s) if s.integrity_check().is_ok_and(|r| r == "ok") => s,
        Err(e @ StoreError::TooNew { .. }) => return Err(e),
        Ok(s) => {
            drop(s);
            set_aside_damaged(data_dir)?;
            Store::open_in(data_dir)?
        }
        Err(_) => {
            set_aside_damaged(data_dir)?;
            Store::open_in(data_dir)?
        }
    };
    let tables: Vec<String> = {
        let mut stmt = store.conn.prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             ORDER BY name",
        )?;
        stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?
    };
    let mut columns = Vec::with_capacity(tables.len());
    for t in &tables {
        let mut stmt = store.conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
        let cols: Vec<String> =
            stmt.query_map([t], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        let cols: Vec<String> =
            cols.iter().map(|c| format!("\"{}\"", c.replace('"', "\"\""))).collect();
        columns.push(cols.join(", "));
    }
    store.conn.execute("ATTACH DATABASE ?1 AS backup", [path_str(&staged_db)?])?;
    let swapped = store.write(|tx| {
        tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
        for t in &tables {
            tx.execute(&format!("DELETE FROM main.\"{t}\""), [])?;
        }
        for (t, cols) in tables.iter().zip(&columns) {
            tx.execute(
                &format!("INSERT INTO main.\"{t}\" ({cols}) SELECT {cols} FROM backup.\"{t}\""),
                [],
            )?;
        }
        Ok(())
    });
    store.conn.execute("DETACH DATABASE backup", [])?;
    swapped?;

    // 4. The files: the staged texts folder swapped in, settings renamed over.
    let texts = data_dir.join(TEXTS);
    let old_texts = stage.0.join("old-texts");
    if texts.exists() {
        std::fs::rename(&texts, &old_texts).map_err(file_err(&texts))?;
    }
    let staged_texts = files_dir.join(TEXTS);
    if staged_texts.exists() {
        std::fs::rename(&staged_texts, &texts).map_err(file_err(&texts))?;
    }
    let settings = data_dir.join(SETTINGS);
    let staged_settings = files_dir.join(SETTINGS);
    if staged_settings.exists() {
        std::fs::rename(&staged_settings, &settings).map_err(file_err(&settings))?;
    } else if settings.exists() {
        std::fs::remove_file(&settings).map_err(file_err(&settings))?;
    }
    sync_dir(data_dir);

    let (glossaries, cards, notes, reviews) = counts(&store.conn)?;
    Ok(RestoreSummary {
        path: src.display().to_string(),
        bytes: std::fs::metadata(src).map(|m| m.len()).unwrap_or(0),
        created: checked.created,
        schema_version: store.schema_version()?,
        glossaries,
        cards,
        notes,
        reviews,
        files: checked.files.into_iter().map(|(p, _)| p).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_settings_and_texts_may_be_restored() {
        assert!(safe_rel_path("settings.json"));
        assert!(safe_rel_path("texts/manifest.toml"));
        assert!(safe_rel_path("texts/user.abcd.txt"));
        for bad in [
            "texts",
            "texts/",
            "texts/../x",
            "/etc/passwd",
            "../x",
            "index/meta.json",
            "texts/a\\b",
            "user.sqlite3",
        ] {
            assert!(!safe_rel_path(bad), "{bad}");
        }
    }
}

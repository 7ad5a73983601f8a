//! Applying a checked backup all at once, and finishing or undoing one that
//! a crash interrupted.
//!
//! Holding the data folder's writers' lock, [`restore`]:
//!
//! 1. stages the backup's texts and settings in `<data>/.restore-<id>/`, with
//!    the backup's store copied there and migrated to this version;
//! 2. writes `<data>/restore.journal` (by rename) naming the staging folder
//!    and the checksum of the staged store's rows;
//! 3. replaces the live store's rows in one transaction (the store file is
//!    never swapped, so a window that has it open reads the new rows);
//! 4. renames the staged `texts/` and `settings.json` into place;
//! 5. removes the journal and the staging folder.
//!
//! [`recover`] runs at every open of the store that can take the lock: a
//! journal whose checksum the live rows carry means step 3 committed, and
//! steps 4–5 are done again (each is idempotent); otherwise the staging
//! folder is dropped. Staging folders no journal names are removed. So the
//! folder holds the old state or the new one, never one backup's store
//! beside the other's texts.

use std::io::Write;
use std::path::{Path, PathBuf};

use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};
use sheli_library::WriterLock;
use sheli_library::lock::DEFAULT_WAIT;

use super::check::{bad, check, rows_sha256};
use super::{RestoreSummary, SETTINGS, TEXTS, path_str, summary, sync_dir};
use crate::{Result, STORE_FILE, Store, StoreError, connect, file_err, migrations, now};

const JOURNAL: &str = "restore.journal";
const STAGING_PREFIX: &str = ".restore-";

/// What a restore in progress has promised to finish.
#[derive(Debug, Serialize, Deserialize)]
struct Journal {
    /// The staging folder's name inside the data folder.
    staging: String,
    /// Checksum of the rows the store holds once step 3 has committed.
    store_sha256: String,
    /// Whether the backup carries texts and settings (if not, the current
    /// ones are removed, as the backup's state has none).
    texts: bool,
    settings: bool,
}

/// Restores a backup into the data directory `data_dir`, replacing the
/// user store's contents, the imported texts and the settings. The backup
/// is checked whole first; if anything is wrong, nothing is changed.
pub fn restore(data_dir: &Path, src: &Path) -> Result<RestoreSummary> {
    restore_until(data_dir, src, None)
}

/// For tests of crash safety: a restore that stops after `step` (1–3, see
/// the module documentation) as if the process had died there — no clean-up,
/// the lock released as the kernel would. The next open must then find the
/// old state or the new one.
#[doc(hidden)]
pub fn restore_interrupted(data_dir: &Path, src: &Path, step: u32) -> Result<()> {
    match restore_until(data_dir, src, Some(step)) {
        Err(StoreError::File { path, .. }) if path == INTERRUPTED => Ok(()),
        Err(e) => Err(e),
        Ok(_) => Ok(()),
    }
}

const INTERRUPTED: &str = "(interrupted on purpose)";

fn restore_until(data_dir: &Path, src: &Path, stop: Option<u32>) -> Result<RestoreSummary> {
    let stop_after = |step: u32| stop == Some(step);
    let interrupted =
        || StoreError::File { path: INTERRUPTED.into(), message: "a test stopped it".into() };
    let checked = check(src)?;
    let lock = WriterLock::acquire(data_dir, DEFAULT_WAIT).map_err(|e| StoreError::File {
        path: data_dir.display().to_string(),
        message: e.to_string(),
    })?;
    // A restore a crash interrupted earlier is settled before this one.
    recover_locked(data_dir)?;
    let name = format!(
        "{STAGING_PREFIX}{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    );
    let stage = data_dir.join(&name);
    let staged = Staged::new(&stage)?;

    // 1. The store, copied and brought to this version's schema; the files.
    let staged_db = stage.join(STORE_FILE);
    std::fs::copy(src, &staged_db).map_err(file_err(&staged_db))?;
    let store_sha256 = {
        let mut conn = connect(&staged_db)?;
        migrations::migrations().to_latest(&mut conn)?;
        let broken: Option<String> = conn
            .query_row("SELECT \"table\" FROM pragma_foreign_key_check LIMIT 1", [], |r| r.get(0))
            .optional()?;
        if let Some(t) = broken {
            let why = format!("its table {t} refers to rows that are missing");
            return Err(bad(src, crate::StoreCode::BackupRows, [("table", t)], why));
        }
        rows_sha256(&conn, "main")?
    };
    let files_dir = stage.join("files");
    for (rel, content) in &checked.files {
        write_synced(&files_dir.join(rel), content)?;
    }
    sync_dir(&files_dir);
    sync_dir(&files_dir.join(TEXTS));
    let journal = Journal {
        staging: name,
        store_sha256,
        texts: checked.files.iter().any(|(p, _)| p.starts_with("texts/")),
        settings: checked.files.iter().any(|(p, _)| p == SETTINGS),
    };
    if stop_after(1) {
        staged.keep();
        return Err(interrupted());
    }

    // The live store: a damaged one is set aside (never deleted) and a new
    // one made — restoring is how a user recovers from exactly that.
    let mut store = open_or_set_aside(data_dir)?;

    // 2. The journal: from here on, the next open finishes or undoes this.
    let journal_bytes = serde_json::to_vec(&journal).expect("plain data serialises");
    write_synced(&data_dir.join(format!("{JOURNAL}.tmp")), &journal_bytes)?;
    std::fs::rename(data_dir.join(format!("{JOURNAL}.tmp")), data_dir.join(JOURNAL))
        .map_err(file_err(&data_dir.join(JOURNAL)))?;
    sync_dir(data_dir);
    staged.keep();
    if stop_after(2) {
        return Err(interrupted());
    }

    // 3. The rows, in one transaction.
    replace_rows(&mut store, &staged_db)?;
    if stop_after(3) {
        return Err(interrupted());
    }

    // 4–5. The files, then the journal and staging folder.
    finish(data_dir, &journal)?;
    drop(lock);

    summary(src, checked, store.schema_version()?, store.connection())
}

/// Finishes or undoes a restore a crash interrupted, and removes staging
/// folders no journal names — if the writers' lock can be had now (another
/// writer at work is left alone). Called by [`Store::open_in`].
pub fn recover(data_dir: &Path) -> Result<()> {
    let pending = data_dir.join(JOURNAL).exists() || staging_folders(data_dir).next().is_some();
    if !pending {
        return Ok(());
    }
    match WriterLock::try_acquire(data_dir) {
        Ok(Some(_lock)) => recover_locked(data_dir),
        _ => Ok(()),
    }
}

fn recover_locked(data_dir: &Path) -> Result<()> {
    let path = data_dir.join(JOURNAL);
    if let Ok(bytes) = std::fs::read(&path) {
        match serde_json::from_slice::<Journal>(&bytes) {
            Ok(journal) if journal.staging.starts_with(STAGING_PREFIX) => {
                let store = Store::open(&data_dir.join(STORE_FILE))?;
                let committed = rows_sha256(store.connection(), "main")? == journal.store_sha256;
                drop(store);
                if committed {
                    finish(data_dir, &journal)?;
                }
            }
            // A journal torn by a crash while it was written is never
            // renamed into place; one that does not parse was not ours.
            _ => {}
        }
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_file(data_dir.join(format!("{JOURNAL}.tmp")));
    for dir in staging_folders(data_dir).collect::<Vec<_>>() {
        std::fs::remove_dir_all(&dir).map_err(file_err(&dir))?;
    }
    sync_dir(data_dir);
    Ok(())
}

/// Steps 4–5: the staged texts and settings renamed into place (each step
/// can be done again after a crash), then the journal and staging removed.
fn finish(data_dir: &Path, journal: &Journal) -> Result<()> {
    let stage = data_dir.join(&journal.staging);
    let files = stage.join("files");
    let texts = data_dir.join(TEXTS);
    let staged_texts = files.join(TEXTS);
    let old_texts = stage.join("old-texts");
    // The backup's texts (or none, if it carried none) replace the current
    // ones; those are moved into the staging folder, removed with it.
    let moving_in = staged_texts.exists();
    if moving_in || !journal.texts {
        if texts.symlink_metadata().is_ok() {
            if old_texts.symlink_metadata().is_err() {
                std::fs::rename(&texts, &old_texts).map_err(file_err(&texts))?;
            } else {
                remove_any(&texts)?;
            }
        }
        if moving_in {
            std::fs::rename(&staged_texts, &texts).map_err(file_err(&texts))?;
        }
    }
    let settings = data_dir.join(SETTINGS);
    let staged_settings = files.join(SETTINGS);
    if staged_settings.exists() {
        std::fs::rename(&staged_settings, &settings).map_err(file_err(&settings))?;
    } else if !journal.settings && settings.symlink_metadata().is_ok() {
        remove_any(&settings)?;
    }
    sync_dir(data_dir);
    let _ = std::fs::remove_file(data_dir.join(JOURNAL));
    sync_dir(data_dir);
    if stage.exists() {
        std::fs::remove_dir_all(&stage).map_err(file_err(&stage))?;
    }
    Ok(())
}

/// Removes a file, a link or a folder (never following a link).
fn remove_any(path: &Path) -> Result<()> {
    let meta = path.symlink_metadata().map_err(file_err(path))?;
    if meta.is_dir() {
        std::fs::remove_dir_all(path).map_err(file_err(path))
    } else {
        std::fs::remove_file(path).map_err(file_err(path))
    }
}

fn staging_folders(data_dir: &Path) -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir(data_dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(STAGING_PREFIX))
        .map(|e| e.path())
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(file_err(parent))?;
    }
    let mut f = std::fs::File::create(path).map_err(file_err(path))?;
    f.write_all(bytes).and_then(|_| f.sync_all()).map_err(file_err(path))
}

/// The staging folder, removed if the restore fails before its journal is
/// written (after that, the journal owns it).
struct Staged {
    path: PathBuf,
    keep: std::cell::Cell<bool>,
}

impl Staged {
    fn new(path: &Path) -> Result<Staged> {
        std::fs::create_dir_all(path).map_err(file_err(path))?;
        Ok(Staged { path: path.to_path_buf(), keep: std::cell::Cell::new(false) })
    }

    fn keep(&self) {
        self.keep.set(true);
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.keep.get() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// The live store; a damaged one is set aside as
/// `user.sqlite3.damaged-<time>` and a new one made in its place.
fn open_or_set_aside(data_dir: &Path) -> Result<Store> {
    let path = data_dir.join(STORE_FILE);
    match Store::open(&path) {
        Ok(s) if s.integrity_check().is_ok_and(|r| r == "ok") => Ok(s),
        Err(e @ StoreError::TooNew { .. }) => Err(e),
        Ok(s) => {
            drop(s);
            set_aside_damaged(data_dir)?;
            Store::open(&path)
        }
        Err(_) => {
            set_aside_damaged(data_dir)?;
            Store::open(&path)
        }
    }
}

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

/// Step 3: every table's rows replaced by the staged store's, in one
/// transaction (safe while the app has the store open).
fn replace_rows(store: &mut Store, staged_db: &Path) -> Result<()> {
    let tables: Vec<String> = {
        let mut stmt = store.connection().prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             ORDER BY name",
        )?;
        stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?
    };
    let mut columns = Vec::with_capacity(tables.len());
    for t in &tables {
        let mut stmt =
            store.connection().prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
        let cols: Vec<String> =
            stmt.query_map([t], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        let cols: Vec<String> =
            cols.iter().map(|c| format!("\"{}\"", c.replace('"', "\"\""))).collect();
        columns.push(cols.join(", "));
    }
    store.connection().execute("ATTACH DATABASE ?1 AS backup", [path_str(staged_db)?])?;
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
    store.connection().execute("DETACH DATABASE backup", [])?;
    swapped
}

//! Checking a backup file before anything is restored from it.
//!
//! A backup is a file a user may have received from anyone, so everything in
//! it is checked as hostile input: nothing is written until all of it passed.
//!
//! - It is a Sheli backup (`format`), of a numeric `version` this build
//!   knows, and SQLite finds it sound (`PRAGMA integrity_check`).
//! - The rows of the store carry the checksum recorded when the backup was
//!   made ([`rows_sha256`]; backups of version 1 have none): a flipped bit in
//!   a value, which SQLite's own check does not see, is refused.
//! - Each carried file is `settings.json` or a plain name inside `texts/`:
//!   no `..`, no absolute path, no folder, no backslash or NUL; its content
//!   matches its own checksum.
//! - The list of texts (`texts/manifest.toml`) names only user texts
//!   (`user.…`, never a built-in id, each once) in the plain format, each a
//!   file the backup carries, whose content has the checksum the list gives.
//!   A list naming `../x` or `/etc/passwd` would otherwise make every later
//!   search read a file outside the data folder.

use std::collections::BTreeSet;
use std::path::{Component, Path};

use rusqlite::{Connection, OpenFlags, OptionalExtension};
use sha2::{Digest, Sha256};
use sheli_library::UserManifest;

use super::{BACKUP_FORMAT, BACKUP_VERSION, SETTINGS, TEXTS, sha256_hex};
use crate::{Result, StoreCode, StoreError, Timestamp, check_header};

/// The name of the list of texts inside `texts/`.
const TEXTS_MANIFEST: &str = "manifest.toml";

/// A backup that passed every check.
pub(super) struct Checked {
    pub created: Timestamp,
    /// (path relative to the data folder, content).
    pub files: Vec<(String, Vec<u8>)>,
    /// Whether the store's rows carried a checksum (version 2 and later).
    pub checksummed: bool,
}

/// A backup refused by the check `code` (`store.backup.*`), with the
/// values of its sentence and the English reason.
pub(super) fn bad(
    src: &Path,
    code: StoreCode,
    params: impl IntoIterator<Item = (&'static str, String)>,
    reason: impl Into<String>,
) -> StoreError {
    StoreError::BadBackup {
        path: src.display().to_string(),
        code,
        params: params.into_iter().collect(),
        reason: reason.into(),
    }
}

/// A sha256 over the rows of every table of the store in `conn` (schema
/// `schema`, e.g. "main"), in a canonical order: tables by name, rows by all
/// their columns, each value with its type. The backup's own tables are not
/// part of it.
pub(crate) fn rows_sha256(conn: &Connection, schema: &str) -> Result<String> {
    let tables: Vec<String> = {
        let mut stmt = conn.prepare(&format!(
            "SELECT name FROM \"{schema}\".sqlite_schema WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'sheli_backup%' ORDER BY name"
        ))?;
        stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?
    };
    let mut h = Sha256::new();
    for t in tables {
        let quoted = t.replace('"', "\"\"");
        let stmt = conn.prepare(&format!("SELECT * FROM \"{schema}\".\"{quoted}\""))?;
        let n = stmt.column_count();
        let order: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        drop(stmt);
        let mut stmt = conn.prepare(&format!(
            "SELECT * FROM \"{schema}\".\"{quoted}\" ORDER BY {}",
            if order.is_empty() { "1".to_string() } else { order.join(", ") }
        ))?;
        h.update(t.as_bytes());
        h.update([0]);
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            for i in 0..n {
                use rusqlite::types::ValueRef;
                match row.get_ref(i)? {
                    ValueRef::Null => h.update([0]),
                    ValueRef::Integer(v) => {
                        h.update([1]);
                        h.update(v.to_le_bytes());
                    }
                    ValueRef::Real(v) => {
                        h.update([2]);
                        h.update(v.to_le_bytes());
                    }
                    ValueRef::Text(v) => {
                        h.update([3]);
                        h.update((v.len() as u64).to_le_bytes());
                        h.update(v);
                    }
                    ValueRef::Blob(v) => {
                        h.update([4]);
                        h.update((v.len() as u64).to_le_bytes());
                        h.update(v);
                    }
                }
            }
        }
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `rel` is a path a backup may carry: `settings.json`, or
/// `texts/<name>` with a plain file name (one component, no `..`, no
/// separators, no NUL).
pub(super) fn safe_rel_path(rel: &str) -> bool {
    if rel == SETTINGS {
        return true;
    }
    let Some(name) = rel.strip_prefix("texts/") else { return false };
    plain_file_name(name)
}

/// One normal path component that is a sensible file name.
fn plain_file_name(name: &str) -> bool {
    let p = Path::new(name);
    !name.is_empty()
        && !name.contains(['/', '\\', '\0'])
        && !name.starts_with('.')
        && p.components().count() == 1
        && matches!(p.components().next(), Some(Component::Normal(_)))
}

/// Checks a backup file without changing it.
pub(super) fn check(src: &Path) -> Result<Checked> {
    // A path naming nothing has its own code (the window said the English
    // "there is no such file" in every language); another failure to look
    // at it is the OS's words, said as the file's detail.
    let meta = std::fs::symlink_metadata(src).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            bad(src, StoreCode::BackupMissing, [], "there is no such file")
        } else {
            StoreError::File { path: src.display().to_string(), message: e.to_string() }
        }
    })?;
    if !meta.is_file() {
        return Err(bad(src, StoreCode::BackupNotRegular, [], "it is not a regular file"));
    }
    match check_header(src) {
        Ok(_) => {}
        Err(StoreError::NotAStore { .. }) => {
            return Err(not_backup(src));
        }
        Err(e) => return Err(e),
    }
    let conn = Connection::open_with_flags(src, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| unreadable(src, e))?;
    let integrity: String =
        conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| damaged(src, e))?;
    if integrity != "ok" {
        return Err(damaged(src, integrity));
    }
    let meta = |k: &str| -> Result<Option<String>> {
        conn.query_row("SELECT value FROM sheli_backup WHERE key = ?1", [k], |r| r.get(0))
            .optional()
            .map_err(|_| not_backup(src))
    };
    if meta("format")?.as_deref() != Some(BACKUP_FORMAT) {
        return Err(not_backup(src));
    }
    let version_text = meta("version")?.unwrap_or_default();
    let version: i64 = version_text.trim().parse().map_err(|_| {
        bad(
            src,
            StoreCode::BackupVersionText,
            [("version", version_text.clone())],
            format!("its version “{version_text}” is not a number"),
        )
    })?;
    if version < 1 {
        return Err(bad(
            src,
            StoreCode::BackupVersion,
            [("version", version.to_string())],
            format!("its version {version} is not one Sheli ever wrote"),
        ));
    }
    if version > BACKUP_VERSION {
        return Err(StoreError::TooNew {
            path: src.display().to_string(),
            found: version,
            known: BACKUP_VERSION,
        });
    }
    let checksummed = match meta("store_sha256")? {
        Some(recorded) => {
            if rows_sha256(&conn, "main")? != recorded {
                return Err(bad(
                    src,
                    StoreCode::BackupStoreDamaged,
                    [],
                    "its copy of your glossaries and notes is damaged (checksum mismatch)",
                ));
            }
            true
        }
        None if version >= 2 => {
            return Err(bad(
                src,
                StoreCode::BackupNoChecksum,
                [],
                "it carries no checksum of its store",
            ));
        }
        None => false,
    };
    let created = meta("created")?.and_then(|c| crate::parse_rfc3339(&c)).unwrap_or(0);
    let files = carried_files(&conn, src)?;
    let listed = check_texts(src, &files)?;
    let files = with_tables_rebuilt(files, &listed);
    Ok(Checked { created, files, checksummed })
}

/// The carried files with each text's table of passages made again from
/// the text, the backup's own dropped. A table is trusted record by record
/// when a text is read (an offset, a line), and its header's checksum is
/// the text's, not its own: a backup could carry one that does not fit
/// (finding A of h5: a line of 0xFFFFFFFF, restored, panicked `show`).
/// Made again it fits by construction — simpler and safer than checking
/// one against its text, which would read the text just the same. A text
/// that does not parse gets none, and is read whole (and said) when
/// opened.
fn with_tables_rebuilt(
    files: Vec<(String, Vec<u8>)>,
    listed: &[sheli_corpus::SourceInfo],
) -> Vec<(String, Vec<u8>)> {
    let is_table = |p: &str| p.starts_with(&format!("{TEXTS}/")) && p.ends_with(".passages");
    let (carried, mut out): (Vec<_>, Vec<_>) = files.into_iter().partition(|(p, _)| is_table(p));
    let mut tables = Vec::new();
    for info in listed {
        // Only where the backup carried one: a text imported before tables
        // were written comes back as it was.
        let table_rel = format!("{TEXTS}/{}.passages", info.id);
        if !carried.iter().any(|(p, _)| *p == table_rel) {
            continue;
        }
        let rel = format!("{TEXTS}/{}", info.file);
        let Some((_, text)) = out.iter().find(|(p, _)| *p == rel) else { continue };
        if let Ok(table) = sheli_corpus::parse::table::table_for(info, text) {
            tables.push((table_rel, table));
        }
    }
    out.extend(tables);
    out
}

/// The files the backup carries, each checked against its own checksum.
fn carried_files(conn: &Connection, src: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let mut stmt = conn
        .prepare("SELECT path, content, sha256 FROM sheli_backup_file ORDER BY path")
        .map_err(|e| unreadable(src, e))?;
    let rows: Vec<(String, Vec<u8>, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .and_then(|rows| rows.collect::<rusqlite::Result<_>>())
        .map_err(|e| unreadable(src, e))?;
    let mut files = Vec::with_capacity(rows.len());
    for (rel, content, sum) in rows {
        if !safe_rel_path(&rel) {
            return Err(bad(
                src,
                StoreCode::BackupPath,
                [("file", rel.clone())],
                format!("it carries a file with a path that is not allowed: {rel}"),
            ));
        }
        if sha256_hex(&content) != sum {
            return Err(bad(
                src,
                StoreCode::BackupFileDamaged,
                [("file", rel.clone())],
                format!("the copy of {rel} is damaged (checksum mismatch)"),
            ));
        }
        if rel == SETTINGS && serde_json::from_slice::<serde_json::Value>(&content).is_err() {
            return Err(bad(
                src,
                StoreCode::BackupSettings,
                [],
                "its settings.json is not valid JSON",
            ));
        }
        files.push((rel, content));
    }
    Ok(files)
}

/// The list of texts against the files carried (see the module doc); the
/// texts it lists.
fn check_texts(src: &Path, files: &[(String, Vec<u8>)]) -> Result<Vec<sheli_corpus::SourceInfo>> {
    let manifest_rel = format!("{TEXTS}/{TEXTS_MANIFEST}");
    let carried_texts = || files.iter().filter(|(p, _)| p.starts_with("texts/"));
    let Some((_, manifest)) = files.iter().find(|(p, _)| *p == manifest_rel) else {
        // No list: no text may come in (an unlisted file would sit in the
        // texts folder, read by nothing, restored as if it were a text).
        if let Some((p, _)) = carried_texts().next() {
            return Err(unlisted(src, p));
        }
        return Ok(Vec::new());
    };
    let damaged = || {
        bad(
            src,
            StoreCode::BackupListDamaged,
            [],
            "its list of texts (texts/manifest.toml) is damaged",
        )
    };
    let text = std::str::from_utf8(manifest).map_err(|_| damaged())?;
    let list: UserManifest = toml::from_str(text).map_err(|_| damaged())?;
    let builtin: BTreeSet<String> = sheli_corpus::manifest::builtin_manifest()
        .map_err(|e| StoreError::Builtin(e.to_string()))?
        .into_iter()
        .map(|s| s.id)
        .collect();
    let mut ids = BTreeSet::new();
    // The files the list accounts for: itself, each text and its table of
    // passages (`<id>.passages`, written at import).
    let mut listed: BTreeSet<String> = BTreeSet::from([manifest_rel.clone()]);
    for s in &list.source {
        let refuse = |code: StoreCode, file: Option<&str>, why: String| {
            let mut params = vec![("id", s.id.clone())];
            params.extend(file.map(|f| ("file", f.to_owned())));
            bad(src, code, params, format!("its list of texts names {:?}: {why}", s.id))
        };
        if builtin.contains(&s.id) {
            return Err(refuse(
                StoreCode::BackupBuiltinId,
                None,
                "the id of a built-in text".into(),
            ));
        }
        if !ids.insert(s.id.as_str()) {
            return Err(refuse(
                StoreCode::BackupIdTwice,
                None,
                "an id that is listed twice".into(),
            ));
        }
        // The checks an import makes of what it lists (id, work, format,
        // file name): one function for both, so a backup cannot let in
        // what an import refuses.
        if let Some(why) = sheli_library::valid::listed_text_problem(s) {
            return Err(refuse(StoreCode::BackupListedText, None, why.to_string()));
        }
        let rel = format!("{TEXTS}/{}", s.file);
        let Some((_, content)) = files.iter().find(|(p, _)| *p == rel) else {
            let why = format!("{}, which the backup does not carry", s.file);
            return Err(refuse(StoreCode::BackupNotCarried, Some(&s.file), why));
        };
        if sha256_hex(content) != s.sha256 {
            let why = format!("{}, whose content is not the text listed", s.file);
            return Err(refuse(StoreCode::BackupContent, Some(&s.file), why));
        }
        listed.insert(rel);
        listed.insert(format!("{TEXTS}/{}.passages", s.id));
    }
    if let Some((p, _)) = carried_texts().find(|(p, _)| !listed.contains(p)) {
        return Err(unlisted(src, p));
    }
    Ok(list.source)
}

fn not_backup(src: &Path) -> StoreError {
    bad(src, StoreCode::BackupNotBackup, [], "it is not a Sheli backup file")
}

/// SQLite could not read it: its words as the detail.
fn unreadable(src: &Path, e: impl std::fmt::Display) -> StoreError {
    bad(src, StoreCode::BackupUnreadable, [("detail", e.to_string())], e.to_string())
}

/// SQLite's integrity check failed: its words as the detail.
fn damaged(src: &Path, e: impl std::fmt::Display) -> StoreError {
    bad(src, StoreCode::BackupDamaged, [("detail", e.to_string())], format!("it is damaged ({e})"))
}

fn unlisted(src: &Path, file: &str) -> StoreError {
    bad(
        src,
        StoreCode::BackupUnlisted,
        [("file", file.to_owned())],
        format!("it carries {file}, which its list of texts does not name"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_settings_and_plain_names_in_texts_may_be_restored() {
        assert!(safe_rel_path("settings.json"));
        assert!(safe_rel_path("texts/manifest.toml"));
        assert!(safe_rel_path("texts/user.abcd.txt"));
        for bad in [
            "texts",
            "texts/",
            "texts/../x",
            "texts/..",
            "texts/a/b.txt",
            "texts/.hidden",
            "/etc/passwd",
            "../x",
            "index/meta.json",
            "texts/a\\b",
            "texts/a\0b",
            "user.sqlite3",
        ] {
            assert!(!safe_rel_path(bad), "{bad}");
        }
    }
}

//! The user store: everything a user makes — personal glossaries and their
//! cards, review state, notes — in one SQLite file in the data directory
//! (`<data dir>/user.sqlite3`). Plain Rust, no Tauri types: the app's IPC
//! commands, the CLI and `cargo test` all go through [`Store`].
//!
//! - The file is in WAL mode with foreign keys on and a busy timeout; the
//!   schema is versioned (`PRAGMA user_version`) and migrated by the `.sql`
//!   files in `store/migrations/` ([`migrations`]). A file written by a
//!   newer Sheli is refused untouched ([`StoreError::TooNew`]).
//! - Every write is one transaction: a write either happens whole or not at
//!   all, and bad input ([`StoreError`]) changes nothing.
//! - Submodules add the operations to [`Store`]: [`glossaries`], [`cards`],
//!   [`review`] (FSRS), [`notes`] (W3C Web Annotation anchors), [`export`]
//!   (Anki TSV, JSON, Markdown, Web Annotation JSON, and their imports) and
//!   [`backup`] (one file with everything the user made, and its restore).
//! - [`anchor`] places a note's span in the texts (pure; no SQL).
//! - [`markdown`] renders a note's Markdown to HTML that carries no script.

pub mod anchor;
pub mod backup;
pub mod card_draft;
pub mod cards;
mod codes;
pub mod export;
pub mod glossaries;
pub mod markdown;
pub mod migrations;
pub mod note_anchors;
pub mod note_drafts;
pub mod notes;
pub mod review;
pub mod search;
mod time;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use serde::Serialize;

pub(crate) use codes::refused;
pub use codes::{Refusal, StoreCode};
use sheli_corpus::glossary::Card as BuiltinCard;
use sheli_corpus::{Corpus, Passage};

pub use backup::{BackupSummary, RestoreSummary, backup, restore};
pub use card_draft::{DraftLanguage, draft_card};
pub use cards::{CardEdit, NewCard, UserCard};
pub use glossaries::Glossary;
pub use note_drafts::NoteDraft;
pub use notes::{
    NewNote, Note, NoteAnchor, NoteColour, NoteEdit, NoteFilter, PlacedNote, ReanchorReport,
    Selection,
};
pub use review::{DueSummary, Grade, ReviewCard, ReviewLogEntry, ReviewOutcome};
pub use time::{Timestamp, format_rfc3339, now, parse_rfc3339};

/// The store's file name inside the data directory.
pub const STORE_FILE: &str = "user.sqlite3";

/// `PRAGMA application_id` of a Sheli store ('SHEL').
pub const APPLICATION_ID: i64 = 0x5348_454C;

/// How long a write waits for another connection's write to finish.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Limits on what users type or import, in characters. Longer input is
/// refused with [`StoreError::TooLong`] and nothing is written.
pub mod limits {
    /// A glossary's name.
    pub const NAME: usize = 100;
    /// A glossary's description.
    pub const DESCRIPTION: usize = 2_000;
    pub const HEADWORD: usize = 200;
    pub const READING: usize = 200;
    pub const DEFINITION: usize = 10_000;
    /// One tag.
    pub const TAG: usize = 50;
    /// Tags on one card or note.
    pub const TAGS: usize = 50;
    /// Passages linked to one card.
    pub const PASSAGES: usize = 100;
    /// A note's Markdown.
    pub const NOTE: usize = 20_000;
    /// The quoted span of a note.
    pub const QUOTE: usize = 2_000;
    /// Cards in one list.
    pub const CARDS: usize = 20_000;
    /// A file to import, in bytes.
    pub const IMPORT_BYTES: usize = 64 << 20;
}

/// What can go wrong in the store. Every message says what was wrong in words
/// a user can act on; nothing was written when one is returned.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path} was written by a newer version of Sheli (data format {found}; this version knows \
         up to {known}). It was left untouched: update Sheli to open it."
    )]
    TooNew { path: String, found: i64, known: i64 },
    #[error("{path} is not a Sheli data file: {reason}")]
    NotAStore { path: String, reason: String },
    #[error(
        "{path} can only be read (the data folder or the file is read-only): nothing was saved"
    )]
    ReadOnly { path: String },
    #[error("there is no glossary {0}")]
    UnknownGlossary(String),
    #[error("a glossary named “{0}” already exists")]
    DuplicateGlossary(String),
    #[error("there is no card with id {0}")]
    UnknownCard(i64),
    #[error("“{0}” is not a built-in glossary card")]
    UnknownBuiltinCard(String),
    #[error("the built-in card “{0}” is already in this glossary")]
    DuplicateCard(String),
    #[error("there is no passage “{0}”")]
    UnknownPassage(String),
    #[error("there is no note with id {0}")]
    UnknownNote(i64),
    #[error("{field} is too long: {len} characters, at most {max} are allowed")]
    TooLong { field: &'static str, len: usize, max: usize },
    #[error("{0}")]
    Invalid(codes::Refusal),
    #[error("{what} could not be read: {message}")]
    /// `code` says what is wrong with the file (`store.malformed_file.*`),
    /// its values in `params`; a fault inside one part of it (a card, an
    /// annotation) is the part's own code in `cause`, its values beside.
    Malformed {
        what: String,
        code: codes::StoreCode,
        params: Vec<(&'static str, String)>,
        message: String,
    },
    #[error("{path}: {message}")]
    File { path: String, message: String },
    #[error("the backup {path} cannot be restored: {reason}")]
    /// `code` says which check the backup failed (`store.backup.*`), with
    /// the values of its sentence in `params`; `reason` is the English.
    BadBackup {
        path: String,
        code: codes::StoreCode,
        params: Vec<(&'static str, String)>,
        reason: String,
    },
    #[error("the built-in glossary could not be loaded: {0}")]
    Builtin(String),
    #[error("scheduling failed: {0}")]
    Scheduler(String),
    #[error("the data file could not be updated to this version of Sheli: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// The kind of a [`StoreError`], for the IPC layer to map onto its own
/// error kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Malformed or oversized input: a bad field, file or selection.
    InvalidInput,
    /// A well-formed id of something that does not exist.
    NotFound,
    /// The input clashes with what is stored (a duplicate name or card).
    Conflict,
    /// The data file is from a newer Sheli, or not a Sheli file.
    Incompatible,
    /// The disk or the database failed.
    Storage,
}

impl StoreError {
    pub fn kind(&self) -> ErrorKind {
        use StoreError::*;
        match self {
            // A backup that is not there is not one of another format.
            BadBackup { code: StoreCode::BackupMissing, .. } => ErrorKind::NotFound,
            TooNew { .. } | NotAStore { .. } | BadBackup { .. } => ErrorKind::Incompatible,
            UnknownGlossary(_)
            | UnknownCard(_)
            | UnknownBuiltinCard(_)
            | UnknownPassage(_)
            | UnknownNote(_) => ErrorKind::NotFound,
            DuplicateGlossary(_) | DuplicateCard(_) => ErrorKind::Conflict,
            TooLong { .. } | Invalid(_) | Malformed { .. } => ErrorKind::InvalidInput,
            ReadOnly { .. }
            | File { .. }
            | Builtin(_)
            | Scheduler(_)
            | Migration(_)
            | Sqlite(_) => ErrorKind::Storage,
        }
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

pub(crate) fn file_err(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |e| StoreError::File { path: path.display().to_string(), message: e.to_string() }
}

/// The user store: one open connection to `user.sqlite3`.
///
/// Reads take `&self`; writes take `&mut self` and run in one `IMMEDIATE`
/// transaction each. A `Store` is `Send` but not `Sync`: the app keeps it
/// behind a mutex.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Opened where nothing can be written (see [`Store::open`]): reads
    /// answer, every write is refused with [`StoreError::ReadOnly`].
    read_only: bool,
}

/// What a store file says about itself before it is opened for writing.
struct Header {
    application_id: i64,
    user_version: i64,
}

/// Reads the header of an existing database file without changing it.
fn read_header(path: &Path) -> Result<Header> {
    let not_a_store = |e: rusqlite::Error| StoreError::NotAStore {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let conn = connect_read_only(path).map_err(not_a_store)?;
    let application_id =
        conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(not_a_store)?;
    let user_version =
        conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(not_a_store)?;
    Ok(Header { application_id, user_version })
}

/// Checks that an existing file is a store this version can open: a Sheli
/// store (or an empty database) of a schema version it knows.
pub(crate) fn check_header(path: &Path) -> Result<i64> {
    let h = read_header(path)?;
    let latest = migrations::LATEST_VERSION;
    if h.application_id != APPLICATION_ID && !(h.application_id == 0 && h.user_version == 0) {
        return Err(StoreError::NotAStore {
            path: path.display().to_string(),
            reason: format!(
                "it is an SQLite database of another program (application id {:#x})",
                h.application_id
            ),
        });
    }
    if h.user_version > latest {
        return Err(StoreError::TooNew {
            path: path.display().to_string(),
            found: h.user_version,
            known: latest,
        });
    }
    Ok(h.user_version)
}

/// Opens `path` for reading only. A store in WAL mode needs its `-shm`
/// file to be read, and SQLite cannot create one in a read-only folder
/// ("attempt to write a readonly database", which the tester was shown as
/// "not a Sheli data file"); there the file is opened as immutable, which
/// reads the database file alone — what a store Sheli closed holds, since
/// closing the last connection checkpoints the WAL into it.
fn connect_read_only(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let usable = |conn: Connection| -> rusqlite::Result<Connection> {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))?;
        Ok(conn)
    };
    let plain = Connection::open_with_flags(path, flags).and_then(usable);
    match plain {
        Err(rusqlite::Error::SqliteFailure(e, _))
            if matches!(
                e.code,
                rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen
            ) =>
        {
            let uri = format!("file:{}?immutable=1", uri_path(path));
            Connection::open_with_flags(uri, flags).and_then(usable)
        }
        other => other,
    }
}

/// `path` as the path part of an SQLite `file:` URI: `%`, `?` and `#` (and
/// anything not plain ASCII) percent-encoded.
fn uri_path(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::new();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether Sheli may change the store at `path`: the file, if it exists,
/// opens for writing, and its folder takes new files (SQLite writes its
/// `-wal` and `-shm` beside it). Asked before opening, so that a read-only
/// data folder (a shared copy, another user's, a mounted backup) is opened
/// for reading instead of failing on SQLite's first write.
fn writable(path: &Path) -> bool {
    use std::io::ErrorKind::{PermissionDenied, ReadOnlyFilesystem};
    let refused = |e: &std::io::Error| matches!(e.kind(), PermissionDenied | ReadOnlyFilesystem);
    if path.exists()
        && let Err(e) = std::fs::OpenOptions::new().write(true).open(path)
        && refused(&e)
    {
        return false;
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let probe = dir.join(format!(".sheli-write-probe-{}", std::process::id()));
    match std::fs::File::create_new(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            true
        }
        Err(e) => !refused(&e),
    }
}

/// Opens a connection with the store's settings, without migrating.
pub(crate) fn connect(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") && path != Path::new(":memory:") {
        return Err(StoreError::File {
            path: path.display().to_string(),
            message: format!("the database could not be put in WAL mode (it is in {mode} mode)"),
        });
    }
    // Every commit reaches the disk before it is acknowledged.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

impl Store {
    /// Opens (creating if needed) the store at `path`, migrating it to the
    /// latest schema. A file from a newer Sheli, or not a Sheli store, is
    /// refused and left untouched.
    pub fn open(path: &Path) -> Result<Store> {
        // Creating the file, switching it to WAL and migrating it are not one
        // transaction SQLite can serialise: several processes opening a fresh
        // folder at once raced ("table glossary already exists", "database is
        // locked"). They take turns here; opening an up-to-date store takes
        // the lock for a moment only.
        let _turn = OpenLock::take(path);
        if path.exists() {
            if !path.is_file() {
                return Err(StoreError::File {
                    path: path.display().to_string(),
                    message: "is not a file".into(),
                });
            }
            let version = check_header(path)?;
            if !writable(path) {
                return Store::open_read_only(path, version);
            }
        } else if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(file_err(parent))?;
            if !writable(path) {
                // Nothing stored yet and nowhere to store it: an empty store
                // in memory answers the reading commands (no glossaries, no
                // notes) and refuses every write as read-only.
                let mut conn = Connection::open_in_memory()?;
                migrations::migrations().to_latest(&mut conn)?;
                conn.pragma_update(None, "query_only", "ON")?;
                return Ok(Store { conn, path: path.to_path_buf(), read_only: true });
            }
        }
        let mut conn = connect(path)?;
        migrations::migrations().to_latest(&mut conn)?;
        Ok(Store { conn, path: path.to_path_buf(), read_only: false })
    }

    /// Opens the existing store at `path` (of schema `version`) for reading
    /// only. Updating an older store's schema is a write, so it cannot be
    /// opened here: the error says the folder is read-only, not that the
    /// file is not Sheli's.
    fn open_read_only(path: &Path, version: i64) -> Result<Store> {
        if version < migrations::LATEST_VERSION {
            return Err(StoreError::File {
                path: path.display().to_string(),
                message: "was written by an older version of Sheli and must be updated before \
                          this one can use it, but its folder is read-only: make the data folder \
                          writable and try again"
                    .into(),
            });
        }
        let conn = connect_read_only(path).map_err(|e| StoreError::NotAStore {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        conn.pragma_update(None, "query_only", "ON")?;
        Ok(Store { conn, path: path.to_path_buf(), read_only: true })
    }

    /// Whether the store was opened for reading only (see [`Store::open`]).
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Opens the store of the data directory `data_dir` (`user.sqlite3`).
    pub fn open_in(data_dir: &Path) -> Result<Store> {
        // Said as what it is: a folder Sheli cannot make is the data folder,
        // not some file.
        std::fs::create_dir_all(data_dir).map_err(|e| StoreError::File {
            path: data_dir.display().to_string(),
            message: format!("cannot be used as the data folder: {e}"),
        })?;
        // A restore a crash interrupted is finished or undone first (see
        // `backup::recover`): this is the one door every caller uses.
        backup::recover(data_dir)?;
        Store::open(&data_dir.join(STORE_FILE))
    }

    /// The file the store lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open store (`PRAGMA user_version`).
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// A number that changes when another connection (another Sheli, the
    /// CLI) commits to the file, and not for this one's own writes
    /// (SQLite's `PRAGMA data_version`): a view asks it when the window
    /// comes back into focus and reloads only if it moved.
    pub fn changed_elsewhere_stamp(&self) -> Result<i64> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    pub fn integrity_check(&self) -> Result<String> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let rows: Vec<String> =
            stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        Ok(rows.join("\n"))
    }

    /// The underlying connection, for tests and diagnostics (read it only).
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Runs `f` in one `IMMEDIATE` transaction: committed if `f` succeeds,
    /// rolled back (nothing written) if it fails.
    pub(crate) fn write<T>(&mut self, f: impl FnOnce(&Transaction<'_>) -> Result<T>) -> Result<T> {
        if self.read_only {
            return Err(StoreError::ReadOnly { path: self.path.display().to_string() });
        }
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let out = f(&tx)?;
        tx.commit()?;
        Ok(out)
    }
}

/// An exclusive `flock` on `<store>.open-lock`, held while a store is
/// created or migrated (see [`Store::open`]); dropped with the process
/// however it ends. Where the lock file cannot be made (a read-only folder)
/// nothing can be created or migrated either, and the open goes on without it.
struct OpenLock(#[allow(dead_code)] Option<std::fs::File>);

impl OpenLock {
    fn take(store: &Path) -> OpenLock {
        // A fresh data folder may not exist yet: the lock lives in it.
        if let Some(parent) = store.parent().filter(|p| !p.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(parent);
        }
        let mut name = store.as_os_str().to_owned();
        name.push(".open-lock");
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(PathBuf::from(name))
            .ok();
        if let Some(f) = &file {
            let _ = f.lock();
        }
        OpenLock(file)
    }
}

// ---------------------------------------------------------------------------
// Validation shared by the submodules.

/// A single-line field: trimmed, no control characters, at most `max`
/// characters, not empty if `required`.
pub(crate) fn check_line(
    field: &'static str,
    value: &str,
    max: usize,
    required: bool,
) -> Result<String> {
    let v = value.trim();
    if v.chars().any(char::is_control) {
        return Err(refused(
            StoreCode::RefusedOneLine,
            [("field", field.to_owned())],
            format!("{field} must be one line without control characters"),
        ));
    }
    check_len(field, v, max)?;
    if required && v.is_empty() {
        return Err(refused(
            StoreCode::RefusedEmpty,
            [("field", field.to_owned())],
            format!("{field} must not be empty"),
        ));
    }
    Ok(v.to_owned())
}

/// A multi-line field: line breaks and tabs allowed, other control
/// characters refused, at most `max` characters. Kept as typed.
pub(crate) fn check_text(field: &'static str, value: &str, max: usize) -> Result<String> {
    if value.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(refused(
            StoreCode::RefusedControl,
            [("field", field.to_owned())],
            format!("{field} contains control characters"),
        ));
    }
    check_len(field, value, max)?;
    Ok(value.to_owned())
}

pub(crate) fn check_len(field: &'static str, value: &str, max: usize) -> Result<()> {
    // Bytes bound characters from above: only count when it could matter.
    if value.len() > max {
        let len = value.chars().count();
        if len > max {
            return Err(StoreError::TooLong { field, len, max });
        }
    }
    Ok(())
}

/// Tags: trimmed, without whitespace or control characters, at most
/// [`limits::TAG`] characters each and [`limits::TAGS`] in all; returned
/// sorted and without repeats.
pub(crate) fn check_tags(tags: &[String]) -> Result<Vec<String>> {
    let mut out = BTreeSet::new();
    for t in tags {
        let t = t.trim();
        if t.is_empty() {
            continue;
        }
        if t.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(refused(
                StoreCode::RefusedTagSpace,
                [("tag", t.to_owned())],
                format!(
                    "the tag “{t}” contains a space; tags are single words (use - or _ instead)"
                ),
            ));
        }
        check_len("a tag", t, limits::TAG)?;
        out.insert(t.to_owned());
    }
    if out.len() > limits::TAGS {
        return Err(refused(
            StoreCode::RefusedTooManyTags,
            [("count", out.len().to_string()), ("max", limits::TAGS.to_string())],
            format!("too many tags: {}, at most {} are allowed", out.len(), limits::TAGS),
        ));
    }
    Ok(out.into_iter().collect())
}

/// Looks a passage up, as a store error.
pub(crate) fn passage<'c>(corpus: &'c Corpus, id: &str) -> Result<&'c Passage> {
    corpus.passage(id).map_err(|_| StoreError::UnknownPassage(id.to_owned()))
}

/// The built-in glossary cards, loaded once.
pub fn builtin_cards() -> Result<&'static [BuiltinCard]> {
    sheli_corpus::glossary::builtin_cards_shared().map_err(StoreError::Builtin)
}

/// One built-in card by id.
pub fn builtin_card(id: &str) -> Result<&'static BuiltinCard> {
    builtin_cards()?
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| StoreError::UnknownBuiltinCard(id.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_migrates_and_sets_pragmas() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open_in(dir.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), migrations::LATEST_VERSION);
        let c = store.connection();
        let mode: String = c.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
        let fk: i64 = c.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
        assert_eq!(fk, 1);
        let app: i64 = c.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
        assert_eq!(app, APPLICATION_ID);
        assert_eq!(store.integrity_check().unwrap(), "ok");
        drop(store);
        // Opening again is a no-op.
        let store = Store::open_in(dir.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), migrations::LATEST_VERSION);
    }

    #[test]
    fn refuses_a_file_that_is_not_a_database_and_leaves_it_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(STORE_FILE);
        std::fs::write(&path, b"this is not a database, just some text that is long enough")
            .unwrap();
        let err = Store::open(&path).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Incompatible, "{err}");
        assert!(err.to_string().contains("not a Sheli data file"), "{err}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"this is not a database, just some text that is long enough"
        );
    }

    /// A store with one glossary, closed, in `dir`.
    fn store_with_a_glossary(dir: &Path) -> PathBuf {
        let mut store = Store::open_in(dir).unwrap();
        store.create_glossary("射", "").unwrap();
        store.path().to_path_buf()
    }

    #[test]
    fn a_store_opened_read_only_reads_and_refuses_writes_as_read_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = store_with_a_glossary(dir.path());
        let mut store = Store::open_read_only(&path, migrations::LATEST_VERSION).unwrap();
        assert!(store.is_read_only());
        let names: Vec<String> = store.glossaries().unwrap().into_iter().map(|g| g.name).collect();
        assert_eq!(names, ["射"]);
        let err = store.create_glossary("御", "").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Storage, "{err}");
        assert_eq!(err.code().id(), "store.read_only");
        assert!(err.to_string().contains("can only be read"), "{err}");
        drop(store);
        assert_eq!(Store::open(&path).unwrap().glossaries().unwrap().len(), 1, "nothing added");
    }

    #[test]
    fn an_older_store_in_a_read_only_folder_is_not_called_foreign() {
        let dir = tempfile::tempdir().unwrap();
        let path = store_with_a_glossary(dir.path());
        let err = Store::open_read_only(&path, migrations::LATEST_VERSION - 1).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Storage, "{err}");
        assert!(err.to_string().contains("its folder is read-only"), "{err}");
        assert!(!err.to_string().contains("not a Sheli"), "{err}");
    }

    /// The real thing: folder 0555, file 0444. As root permissions do not
    /// stop a write, so there the check is left to the CLI test that runs
    /// as `nobody` (src-tauri/tests/integration/store_read_only.rs).
    #[test]
    fn a_read_only_data_folder_opens_for_reading() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        if std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false) {
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = store_with_a_glossary(dir.path());
        let mode = |p: &Path, m: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
        };
        mode(&path, 0o444);
        mode(dir.path(), 0o555);
        let opened = Store::open_in(dir.path());
        mode(dir.path(), 0o755);
        mode(&path, 0o644);
        let mut store = opened.unwrap();
        assert!(store.is_read_only());
        assert_eq!(store.glossaries().unwrap().len(), 1);
        assert_eq!(store.create_glossary("御", "").unwrap_err().code().id(), "store.read_only");
    }

    #[test]
    fn refuses_another_programs_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.sqlite3");
        let c = Connection::open(&path).unwrap();
        c.execute_batch("PRAGMA application_id = 42; CREATE TABLE t(x);").unwrap();
        drop(c);
        let err = Store::open(&path).unwrap_err();
        assert!(matches!(err, StoreError::NotAStore { .. }), "{err}");
    }

    #[test]
    fn field_checks() {
        assert_eq!(check_line("a name", "  射  ", 10, true).unwrap(), "射");
        assert!(matches!(check_line("a name", "  ", 10, true), Err(StoreError::Invalid(_))));
        assert!(matches!(check_line("a name", "a\nb", 10, true), Err(StoreError::Invalid(_))));
        assert!(matches!(
            check_line("a name", &"射".repeat(11), 10, true),
            Err(StoreError::TooLong { len: 11, max: 10, .. })
        ));
        assert_eq!(check_line("a name", &"射".repeat(10), 10, true).unwrap().chars().count(), 10);
        assert!(check_text("a note", "a\nb\tc", 10).is_ok());
        assert!(check_text("a note", "a\u{0}b", 10).is_err());
        assert_eq!(
            check_tags(&["b".into(), " a ".into(), "b".into(), "".into()]).unwrap(),
            vec!["a", "b"]
        );
        assert!(check_tags(&["two words".into()]).is_err());
    }

    #[test]
    fn builtin_cards_load() {
        assert!(builtin_cards().unwrap().len() >= 50);
        assert!(builtin_card("zhi").is_ok());
        assert!(matches!(builtin_card("nope"), Err(StoreError::UnknownBuiltinCard(_))));
    }
}

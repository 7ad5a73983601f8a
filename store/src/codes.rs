//! The stable code of each [`StoreError`], with the pieces its sentence is
//! made of, so an interface in another language than English can say the
//! same thing: the code picks the sentence, the params fill its slots. The
//! English `Display` stays the message of the CLI and the fallback.

use crate::StoreError;

sheli_corpus::error_codes! {
    /// What went wrong in the store, one code per sentence a user reads.
    StoreCode {
        TooNew = "store.too_new",
        NotAStore = "store.not_a_store",
        UnknownGlossary = "store.unknown_glossary",
        DuplicateGlossary = "store.duplicate_glossary",
        UnknownCard = "store.unknown_card",
        UnknownBuiltinCard = "store.unknown_builtin_card",
        DuplicateCard = "store.duplicate_card",
        UnknownPassage = "store.unknown_passage",
        UnknownNote = "store.unknown_note",
        TooLong = "store.too_long",
        Invalid = "store.invalid",
        Malformed = "store.malformed",
        File = "store.file",
        BadBackup = "store.bad_backup",
        Builtin = "store.builtin",
        Scheduler = "store.scheduler",
        Migration = "store.migration",
        DiskFull = "store.disk_full",
        ReadOnly = "store.read_only",
        Busy = "store.busy",
        Database = "store.database",
    }
}

impl StoreError {
    /// The code of this error; SQLite's own failures are told apart where a
    /// user can do something about them (a full disk, a read-only file,
    /// another program holding the database).
    pub fn code(&self) -> StoreCode {
        use StoreError::*;
        match self {
            TooNew { .. } => StoreCode::TooNew,
            NotAStore { .. } => StoreCode::NotAStore,
            ReadOnly { .. } => StoreCode::ReadOnly,
            UnknownGlossary(_) => StoreCode::UnknownGlossary,
            DuplicateGlossary(_) => StoreCode::DuplicateGlossary,
            UnknownCard(_) => StoreCode::UnknownCard,
            UnknownBuiltinCard(_) => StoreCode::UnknownBuiltinCard,
            DuplicateCard(_) => StoreCode::DuplicateCard,
            UnknownPassage(_) => StoreCode::UnknownPassage,
            UnknownNote(_) => StoreCode::UnknownNote,
            TooLong { .. } => StoreCode::TooLong,
            Invalid(_) => StoreCode::Invalid,
            Malformed { .. } => StoreCode::Malformed,
            File { .. } => StoreCode::File,
            BadBackup { .. } => StoreCode::BadBackup,
            Builtin(_) => StoreCode::Builtin,
            Scheduler(_) => StoreCode::Scheduler,
            Migration(_) => StoreCode::Migration,
            Sqlite(e) => match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::DiskFull) => StoreCode::DiskFull,
                Some(rusqlite::ErrorCode::ReadOnly) => StoreCode::ReadOnly,
                Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                    StoreCode::Busy
                }
                _ => StoreCode::Database,
            },
        }
    }

    /// The slots of the code's sentence. Free text from elsewhere (a path,
    /// an SQLite message, a sentence of `Invalid`) goes in `detail` as it is.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        use StoreError::*;
        let one = |k: &'static str, v: &dyn ToString| vec![(k, v.to_string())];
        match self {
            TooNew { path, found, known } => vec![
                ("path", path.clone()),
                ("found", found.to_string()),
                ("known", known.to_string()),
            ],
            NotAStore { path, reason } | BadBackup { path, reason } => {
                vec![("path", path.clone()), ("detail", reason.clone())]
            }
            ReadOnly { path } => one("path", path),
            UnknownGlossary(s) | DuplicateGlossary(s) => one("name", s),
            UnknownCard(id) | UnknownNote(id) => one("id", id),
            UnknownBuiltinCard(s) | DuplicateCard(s) => one("card", s),
            UnknownPassage(s) => one("id", s),
            TooLong { field, len, max } => {
                vec![
                    ("field", (*field).to_owned()),
                    ("len", len.to_string()),
                    ("max", max.to_string()),
                ]
            }
            Invalid(s) | Builtin(s) | Scheduler(s) => one("detail", s),
            Malformed { what, message } => {
                vec![("what", what.clone()), ("detail", message.clone())]
            }
            File { path, message } => vec![("path", path.clone()), ("detail", message.clone())],
            Migration(e) => one("detail", e),
            Sqlite(e) => one("detail", e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_namespaced() {
        let ids: std::collections::BTreeSet<_> = StoreCode::ALL.iter().map(|c| c.id()).collect();
        assert_eq!(ids.len(), StoreCode::ALL.len());
        assert!(ids.iter().all(|id| id.starts_with("store.")));
    }

    #[test]
    fn a_full_disk_is_told_apart_from_other_database_failures() {
        let full = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
            None,
        );
        assert_eq!(StoreError::Sqlite(full).code(), StoreCode::DiskFull);
        let ro = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
            None,
        );
        assert_eq!(StoreError::Sqlite(ro).code(), StoreCode::ReadOnly);
        assert_eq!(StoreError::Sqlite(rusqlite::Error::InvalidQuery).code(), StoreCode::Database);
        let dup = StoreError::DuplicateGlossary("射".into());
        assert_eq!(dup.code().id(), "store.duplicate_glossary");
        assert_eq!(dup.params(), vec![("name", "射".to_owned())]);
    }
}

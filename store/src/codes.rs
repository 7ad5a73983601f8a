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
        RefusedNoSegment = "store.refused.no_segment",
        RefusedSelectionOutside = "store.refused.selection_outside",
        RefusedNoOccurrence = "store.refused.no_occurrence",
        RefusedQuoteMissing = "store.refused.quote_missing",
        RefusedApkg = "store.refused.apkg",
        RefusedGuidShared = "store.refused.guid_shared",
        RefusedEmptySelection = "store.refused.empty_selection",
        RefusedTooManyPassages = "store.refused.too_many_passages",
        RefusedTooManyCards = "store.refused.too_many_cards",
        RefusedOneLine = "store.refused.one_line",
        RefusedEmpty = "store.refused.empty",
        RefusedControl = "store.refused.control",
        RefusedTagSpace = "store.refused.tag_space",
        RefusedTooManyTags = "store.refused.too_many_tags",
        RefusedAnchorsFull = "store.refused.anchors_full",
        RefusedAnchorTwice = "store.refused.anchor_twice",
        RefusedLastAnchor = "store.refused.last_anchor",
        RefusedNoAnchor = "store.refused.no_anchor",
        RefusedAnchorsOrder = "store.refused.anchors_order",
        RefusedNoUndo = "store.refused.no_undo",
        RefusedNotDeleted = "store.refused.not_deleted",
        Malformed = "store.malformed",
        File = "store.file",
        BadBackup = "store.bad_backup",
        // Why a backup cannot be restored, one code per check.
        BackupNotRegular = "store.backup.not_regular",
        BackupNotBackup = "store.backup.not_backup",
        BackupUnreadable = "store.backup.unreadable",
        BackupDamaged = "store.backup.damaged",
        BackupVersionText = "store.backup.version_text",
        BackupVersion = "store.backup.version",
        BackupStoreDamaged = "store.backup.store_damaged",
        BackupNoChecksum = "store.backup.no_checksum",
        BackupPath = "store.backup.path",
        BackupFileDamaged = "store.backup.file_damaged",
        BackupSettings = "store.backup.settings",
        BackupUnlisted = "store.backup.unlisted",
        BackupListDamaged = "store.backup.list_damaged",
        BackupBuiltinId = "store.backup.builtin_id",
        BackupIdTwice = "store.backup.id_twice",
        BackupListedText = "store.backup.listed_text",
        BackupNotCarried = "store.backup.not_carried",
        BackupContent = "store.backup.content",
        BackupRows = "store.backup.rows",
        Builtin = "store.builtin",
        Scheduler = "store.scheduler",
        Migration = "store.migration",
        DiskFull = "store.disk_full",
        ReadOnly = "store.read_only",
        Busy = "store.busy",
        Database = "store.database",
    }
}

/// A value the store refuses: its own code (`store.refused.*`), the values
/// of its sentence (a field is named by a phrase the UI translates,
/// `errors.field.*`), and the English sentence, which is the CLI's.
#[derive(Debug)]
pub struct Refusal {
    pub code: StoreCode,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// [`StoreError::Invalid`] with its code, slots and English sentence.
pub(crate) fn refused(
    code: StoreCode,
    params: impl IntoIterator<Item = (&'static str, String)>,
    message: impl Into<String>,
) -> StoreError {
    StoreError::Invalid(Refusal {
        code,
        params: params.into_iter().collect(),
        message: message.into(),
    })
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
            Invalid(r) => r.code,
            Malformed { .. } => StoreCode::Malformed,
            File { .. } => StoreCode::File,
            BadBackup { code, .. } => *code,
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
    /// an SQLite message) goes in `detail` as it is.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        use StoreError::*;
        let one = |k: &'static str, v: &dyn ToString| vec![(k, v.to_string())];
        match self {
            TooNew { path, found, known } => vec![
                ("path", path.clone()),
                ("found", found.to_string()),
                ("known", known.to_string()),
            ],
            NotAStore { path, reason } => {
                vec![("path", path.clone()), ("detail", reason.clone())]
            }
            BadBackup { path, params, .. } => {
                let mut all = vec![("path", path.clone())];
                all.extend(params.iter().cloned());
                all
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
            Invalid(r) => r.params.clone(),
            Builtin(s) | Scheduler(s) => one("detail", s),
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

    /// A refused value names its code and its values, never an English
    /// reason in `detail` (the window would show it as it is in 繁 or 简).
    #[test]
    fn a_refused_value_has_its_own_code_and_values() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = crate::Store::open(&dir.path().join("s.db")).unwrap();
        let e = store.create_glossary("  ", "").unwrap_err();
        assert_eq!(e.code().id(), "store.refused.empty");
        assert_eq!(e.params(), vec![("field", "a glossary's name".to_string())]);
        assert_eq!(e.to_string(), "a glossary's name must not be empty");
        let e = crate::check_tags(&["兩 字".to_string()]).unwrap_err();
        assert_eq!(
            (e.code(), e.params()),
            (StoreCode::RefusedTagSpace, vec![("tag", "兩 字".to_string())])
        );
        assert!(StoreCode::ALL.iter().all(|c| c.id() != "store.invalid"));
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

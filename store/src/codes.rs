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
        RefusedApkgCollection = "store.refused.apkg_collection",
        RefusedApkgMedia = "store.refused.apkg_media",
        RefusedApkgDrawing = "store.refused.apkg_drawing",
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
        /// A note draft's key that names no editor (`note:<id>`, `new:…`).
        RefusedDraftKey = "store.refused.draft_key",
        Malformed = "store.malformed",
        // What is wrong with a file to import, one code per check.
        MalformedTooLarge = "store.malformed_file.too_large",
        MalformedTooManyCards = "store.malformed_file.too_many_cards",
        MalformedSeparator = "store.malformed_file.separator",
        MalformedColumnNumber = "store.malformed_file.column_number",
        MalformedNoCards = "store.malformed_file.no_cards",
        MalformedFieldCount = "store.malformed_file.field_count",
        MalformedUnmappedColumns = "store.malformed_file.unmapped_columns",
        MalformedNoDeck = "store.malformed_file.no_deck",
        MalformedNoteType = "store.malformed_file.note_type",
        MalformedNotJson = "store.malformed_file.not_json",
        MalformedFormat = "store.malformed_file.format",
        MalformedNoFormat = "store.malformed_file.no_format",
        MalformedNewer = "store.malformed_file.newer",
        MalformedCollectionPage = "store.malformed_file.collection_page",
        MalformedNotAnnotation = "store.malformed_file.not_annotation",
        MalformedIdTwice = "store.malformed_file.id_twice",
        MalformedUnclosedQuote = "store.malformed_file.unclosed_quote",
        MalformedFields = "store.malformed_file.fields",
        // A part refused: its number (and label), the part's fault in `cause`.
        MalformedCard = "store.malformed_file.card",
        MalformedAnnotation = "store.malformed_file.annotation",
        // What is wrong inside one annotation (the `cause` of the above).
        AnnotationNotObject = "store.annotation.not_object",
        AnnotationNoSource = "store.annotation.no_source",
        AnnotationNotPassage = "store.annotation.not_passage",
        AnnotationNoQuote = "store.annotation.no_quote",
        AnnotationNoExact = "store.annotation.no_exact",
        AnnotationQuoteTooLong = "store.annotation.quote_too_long",
        AnnotationPosition = "store.annotation.position",
        AnnotationNoTarget = "store.annotation.no_target",
        AnnotationTooManyTargets = "store.annotation.too_many_targets",
        AnnotationColour = "store.annotation.colour",
        AnnotationTimeFormat = "store.annotation.time_format",
        AnnotationNotTime = "store.annotation.not_time",
        File = "store.file",
        BadBackup = "store.bad_backup",
        // Why a backup cannot be restored, one code per check.
        BackupMissing = "store.backup.missing",
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
            Malformed { code, .. } => *code,
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
            Malformed { what, code: StoreCode::Malformed, message, .. } => {
                vec![("what", what.clone()), ("detail", message.clone())]
            }
            Malformed { what, params, .. } => {
                let mut all = vec![("what", what.clone())];
                all.extend(params.iter().cloned());
                all
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

    /// A file to import that cannot be read says which check it failed,
    /// with its values (issue 12: the English reason was shown as it was
    /// in a Chinese window).
    #[test]
    fn a_malformed_file_has_a_code_per_check_and_its_values() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = crate::Store::open(&dir.path().join("s.db")).unwrap();
        let corpus = sheli_corpus::Corpus::builtin().unwrap();
        let code = |e: StoreError| (e.code().id(), e.params());
        let e = store.import_glossary_json(&corpus, "{\"format\": \"other\"}", None).unwrap_err();
        let (id, params) = code(e);
        assert_eq!(id, "store.malformed_file.format");
        assert!(params.contains(&("format", "other".to_string())), "{params:?}");
        assert!(params.contains(&("what", "the glossary file".to_string())), "{params:?}");
        let e = store.import_glossary_json(&corpus, "not json", None).unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.not_json");
        let e = store.import_glossary_tsv(&corpus, "#separator:comma\na,b\n", None).unwrap_err();
        let (id, params) = code(e);
        assert_eq!(id, "store.malformed_file.separator");
        assert!(params.iter().all(|(k, _)| *k != "detail"), "{params:?}");
        let e = store.import_notes_annotations(&corpus, "{\"type\": \"Other\"}").unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.not_annotation");
    }

    /// A fault inside a part of the file (a card, an annotation, a quoted
    /// field) has its code and values too, the part's own fault as the code
    /// in `cause` with its values beside, never English in `detail`.
    #[test]
    fn a_fault_inside_a_part_of_a_file_has_codes_not_english() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = crate::Store::open(&dir.path().join("s.db")).unwrap();
        let corpus = sheli_corpus::Corpus::builtin().unwrap();
        let has = |p: &[(&'static str, String)], k: &str, v: &str| {
            assert!(p.iter().any(|(pk, pv)| *pk == k && pv == v), "{k}={v} not in {p:?}");
        };
        let no_detail =
            |p: &[(&'static str, String)]| assert!(p.iter().all(|(k, _)| *k != "detail"), "{p:?}");
        let tsv = "#separator:tab\n#deck:甲\n射\t\"not closed\n";
        let e = store.import_glossary_tsv(&corpus, tsv, None).unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.unclosed_quote");
        has(&e.params(), "line", "3");
        no_detail(&e.params());
        let long = "字".repeat(300);
        let json = format!(
            "{{\"format\": \"sheli-glossary\", \"version\": 1, \"name\": \"甲\", \"cards\": [{{\"headword\": \"射\", \"definition\": \"a\"}}, {{\"headword\": \"{long}\", \"definition\": \"b\"}}]}}"
        );
        let e = store.import_glossary_json(&corpus, &json, None).unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.card", "{e}");
        let p = e.params();
        has(&p, "n", "2");
        has(&p, "cause", "store.too_long");
        has(&p, "field", "the headword");
        no_detail(&p);
        let anno = r#"{"type": "Annotation", "target": {"source": "urn:sheli:passage:x", "selector": {"type": "TextQuoteSelector", "exact": "射"}}, "sheli:colour": "mauve"}"#;
        let e = store.import_notes_annotations(&corpus, anno).unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.annotation", "{e}");
        let p = e.params();
        has(&p, "n", "1");
        has(&p, "cause", "store.annotation.colour");
        has(&p, "colour", "\"mauve\"");
        no_detail(&p);
        let e = store.import_notes_annotations(&corpus, r#"[{"type": "Annotation"}]"#).unwrap_err();
        assert_eq!(
            e.params().iter().find(|(k, _)| *k == "cause").unwrap().1,
            "store.annotation.no_target"
        );
        let e = store
            .import_glossary_json(
                &corpus,
                r#"{"format": "sheli-glossary", "version": 1, "name": 3}"#,
                None,
            )
            .unwrap_err();
        assert_eq!(e.code().id(), "store.malformed_file.fields", "{e}");
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

//! The one error type of the IPC layer.
//!
//! Every command returns `Result<_, AppError>`. An `AppError` crosses IPC as
//! [`ErrorPayload`] — `{ "kind": "not_found", "message": "…" }` — so the UI can
//! branch on `kind` and show `message` as it is. Commands never panic across
//! IPC: a failure anywhere becomes one of these variants.
//!
//! Besides its English sentence, each payload has a stable `code`
//! (`query.unclosed_quote`, `store.duplicate_glossary`, `app.not_found.passage`)
//! and the `params` that fill its slots, for the UI to write it in the
//! reader's language (`ui/src/locales/*/errors.json`); the English `message`
//! is what the CLI prints and what the UI shows for a code it does not know.
//! [`all_codes`] lists every code the backend can send, and a test keeps
//! `ui/src/locales/error-codes.json` equal to it, which the UI's tests check
//! against the translations.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The UI sent something malformed (a bad id, an out-of-range number),
    /// with the check's own code (`app.input.*`), so even this is said in
    /// the interface's language.
    #[error("invalid input: {0}")]
    InvalidInput(Input),
    /// A well-formed reference to something that does not exist.
    #[error("{what} `{id}` does not exist")]
    NotFound { what: &'static str, id: String },
    /// The texts could not be loaded or converted.
    #[error("the texts are unavailable: {0}")]
    Corpus(String),
    /// The settings file could not be read or written.
    #[error("settings: {0}")]
    Settings(String),
    /// A bug: a background task failed or a lock was poisoned.
    #[error("internal error: {0}")]
    Internal(String),
    /// The user store (glossaries, review, notes), an export or an import
    /// refused or failed; the message is the store's own sentence
    /// (`sheli_store::StoreError`) or the library's, with its code.
    #[error("{message}")]
    Store {
        kind: ErrorKind,
        code: &'static str,
        params: Vec<(&'static str, String)>,
        message: String,
    },
    /// The search index is still being built (the first start, or after
    /// the texts changed); search works in a moment.
    #[error("{0}")]
    IndexBuilding(String),
    /// The library refused or failed (an import, a text left out), with
    /// its typed reasons: each file an import refused is an item of the
    /// payload with its reason's code (`sheli_library::ReasonCode`).
    #[error("{error}")]
    Library { kind: ErrorKind, error: sheli_library::LibraryError },
    /// An input the app refuses for a reason a reader can act on, with its
    /// own code (an empty file to import).
    #[error("{message}")]
    Coded { kind: ErrorKind, code: AppCode, params: Vec<(&'static str, String)>, message: String },
    /// A query the query language refuses; `span` is the range of
    /// characters `[start, end)` of the query the message is about.
    #[error("{message}")]
    Query {
        code: sheli_index::QueryCode,
        params: Vec<(&'static str, String)>,
        message: String,
        span: Option<[u32; 2]>,
    },
}

/// An input a command refuses: the check's code, the values of its slots
/// (numbers, ids, the value refused; a `what` is a word the UI translates,
/// `errors.what.*`), and its English sentence for the CLI and the logs.
#[derive(Debug)]
pub struct Input {
    pub code: AppCode,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
}

impl std::fmt::Display for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

sheli_corpus::error_codes! {
    /// The codes of the app's own errors. Free text from a lower layer (the
    /// corpus's or the index's sentence) goes in the `detail` param as it
    /// is: those are faults a reader rarely meets. Every input check has a
    /// code of its own (`app.input.*`), its values in params.
    AppCode {
        InputTooManyPassages = "app.input.too_many_passages",
        InputIdLength = "app.input.id_length",
        InputBadId = "app.input.bad_id",
        InputPlaceLength = "app.input.place_length",
        InputOrdinalZero = "app.input.ordinal_zero",
        InputPageCount = "app.input.page_count",
        InputStartupTrace = "app.input.startup_trace",
        InputNameLength = "app.input.name_length",
        InputFilterWord = "app.input.filter_word",
        InputQueryTooLong = "app.input.query_too_long",
        InputQueryControl = "app.input.query_control",
        InputLimitRange = "app.input.limit_range",
        InputOffsetMax = "app.input.offset_max",
        InputBadRowId = "app.input.bad_row_id",
        InputNotesQueryTooLong = "app.input.notes_query_too_long",
        InputNotesFilterTooLong = "app.input.notes_filter_too_long",
        InputNoSegment = "app.input.no_segment",
        InputSelectionEmpty = "app.input.selection_empty",
        InputSelectionOutside = "app.input.selection_outside",
        InputExportFormat = "app.input.export_format",
        InputImportFormat = "app.input.import_format",
        InputGrade = "app.input.grade",
        InputCardNotInGlossary = "app.input.card_not_in_glossary",
        InputCharacter = "app.input.character",
        InputSheetTooLarge = "app.input.sheet_too_large",
        InputSheetNotHtml = "app.input.sheet_not_html",
        InputNoAnchor = "app.input.no_anchor",
        InputCharSize = "app.input.char_size",
        InputTooManyLayers = "app.input.too_many_layers",
        InputSettingsPlace = "app.input.settings_place",
        InputPictureName = "app.input.picture_name",
        InputImportFiles = "app.input.import_files",
        InputWorkName = "app.input.work_name",
        InputFileName = "app.input.file_name",
        NotFoundPassage = "app.not_found.passage",
        NotFoundSource = "app.not_found.source",
        NotFoundFigure = "app.not_found.figure",
        NotFoundPlace = "app.not_found.place",
        NotFoundStagedWork = "app.not_found.staged_work",
        NotFoundStep = "app.not_found.step",
        NotFoundStepAligned = "app.not_found.step_aligned",
        NotFoundLine = "app.not_found.line",
        NotFoundPicture = "app.not_found.picture",
        NotFoundCard = "app.not_found.card",
        NotFoundOther = "app.not_found.other",
        Corpus = "app.corpus",
        // Sentences of ours that were app.corpus / app.settings with English
        // in detail; only the OS's or a library's words stay a detail.
        CorpusLoading = "app.corpus_loading",
        // The built-in data's own faults (a bug of a build, never the
        // reader's): which file and line, the parser's words quoted.
        CorpusManifest = "app.corpus_manifest",
        CorpusParse = "app.corpus_parse",
        CorpusData = "app.corpus_data",
        CorpusDisplay = "app.corpus_display",
        TextUnreadable = "app.text_unreadable",
        CardsUnavailable = "app.cards_unavailable",
        Settings = "app.settings",
        SettingsSave = "app.settings_save",
        Internal = "app.internal",
        IndexBuilding = "app.index_building",
        IndexReady = "app.index_ready",
        IndexOpen = "app.index_open",
        IndexFile = "app.index_file",
        IndexMeta = "app.index_meta",
        IndexRebuild = "app.index_rebuild",
        PrintFailed = "app.print_failed",
        Index = "app.index",
        ExportCopies = "app.export.too_many_copies",
        ExportSave = "app.export.save_failed",
        ExportFormat = "app.export.format",
        ExportColumns = "app.export.columns",
        ImportEmpty = "app.import.empty",
        ImportTooLarge = "app.import.too_large",
    }
}

/// Every code an error payload can carry: the app's, the query language's,
/// the store's and the library's, and the reasons of its items (why a file
/// was refused or a text left out); and a search's notes on its query,
/// said by code as errors are (`QueryNoteView`).
pub fn all_codes() -> Vec<&'static str> {
    let app = AppCode::ALL.iter().map(|c| c.id());
    let query = sheli_index::QueryCode::ALL.iter().map(|c| c.id());
    let store = sheli_store::StoreCode::ALL.iter().map(|c| c.id());
    let library = sheli_library::LibraryCode::ALL.iter().map(|c| c.id());
    let reasons = sheli_library::ReasonCode::ALL.iter().map(|c| c.id());
    // not errors, but said the same way: a search's notes on its query
    let notes = sheli_index::NoteCode::ALL.iter().map(|c| c.id());
    // and why the index was rebuilt (the index status's `rebuilt`)
    let rebuilt = super::index_slot::RebuiltCode::ALL.iter().map(|c| c.id());
    let all = app.chain(query).chain(store).chain(library).chain(reasons);
    all.chain(notes).chain(rebuilt).collect()
}

pub type AppResult<T> = Result<T, AppError>;

/// The machine-readable part of an error, for the UI to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    InvalidInput,
    NotFound,
    Corpus,
    Settings,
    Internal,
    /// The input clashes with what is stored (a duplicate name or card).
    Conflict,
    /// The user's data file is from a newer Sheli, or not a Sheli file.
    Incompatible,
    /// The disk or the database failed.
    Storage,
    /// The search index is being built; try again shortly.
    IndexBuilding,
    /// The search index is unusable.
    Index,
    /// The query is malformed (the payload's `span` points at the problem).
    Query,
}

/// What a failed command sends to the UI.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ErrorPayload {
    pub kind: ErrorKind,
    /// The stable id of the sentence (`errors.<code>` in the UI's messages).
    pub code: String,
    /// The values of the sentence's slots, by name.
    pub params: BTreeMap<String, String>,
    /// The sentence in English: the CLI's, and the UI's for a code it does
    /// not know.
    pub message: String,
    /// For a `query` error: the characters `[start, end)` of the query at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub span: Option<[u32; 2]>,
    /// The parts of an error about several things (each file an import
    /// refused, with its reason), each said with its own code; the UI
    /// writes them into the `items` slot of the error's sentence.
    pub items: Vec<ErrorItem>,
}

/// One part of an error: what it is about (a file's name; none for the
/// whole, such as the work's name of an import) and why, as a code with
/// the values of its slots and the English sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ErrorItem {
    pub file: Option<String>,
    pub code: String,
    pub params: BTreeMap<String, String>,
    pub message: String,
}

impl ErrorItem {
    pub fn of(file: Option<String>, reason: &sheli_library::Reason) -> ErrorItem {
        ErrorItem {
            file,
            code: reason.code.id().to_owned(),
            params: reason.params.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect(),
            message: reason.message.clone(),
        }
    }
}

impl AppError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            AppError::InvalidInput(_) => ErrorKind::InvalidInput,
            AppError::NotFound { .. } => ErrorKind::NotFound,
            AppError::Corpus(_) => ErrorKind::Corpus,
            AppError::Settings(_) => ErrorKind::Settings,
            AppError::Internal(_) => ErrorKind::Internal,
            AppError::Store { kind, .. } => *kind,
            AppError::IndexBuilding(_) => ErrorKind::IndexBuilding,
            AppError::Query { .. } => ErrorKind::Query,
            AppError::Coded { kind, .. } => *kind,
            AppError::Library { kind, .. } => *kind,
        }
    }

    pub fn payload(&self) -> ErrorPayload {
        let span = match self {
            AppError::Query { span, .. } => *span,
            _ => None,
        };
        let (code, params) = self.code();
        let params = params.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        ErrorPayload {
            kind: self.kind(),
            code: code.to_owned(),
            params,
            message: self.to_string(),
            span,
            items: self.items(),
        }
    }

    /// The parts of the error said one by one (see [`ErrorPayload::items`]).
    pub fn items(&self) -> Vec<ErrorItem> {
        use sheli_library::LibraryError as L;
        match self {
            AppError::Library { error: L::Import(problems), .. } => {
                problems.iter().map(|p| ErrorItem::of(p.file.clone(), &p.reason)).collect()
            }
            AppError::Library { error: L::LeftOut(text), .. } => {
                vec![ErrorItem::of(None, &text.reason)]
            }
            _ => Vec::new(),
        }
    }

    /// The error's code and the values of its slots.
    pub fn code(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let detail = |s: &String| vec![("detail", s.clone())];
        let (code, params) = match self {
            AppError::InvalidInput(i) => return (i.code.id(), i.params.clone()),
            AppError::NotFound { what, id } => {
                let code = match *what {
                    "passage" => AppCode::NotFoundPassage,
                    "source" => AppCode::NotFoundSource,
                    "figure" => AppCode::NotFoundFigure,
                    "place" => AppCode::NotFoundPlace,
                    "picture" => AppCode::NotFoundPicture,
                    "card" => AppCode::NotFoundCard,
                    _ => AppCode::NotFoundOther,
                };
                (code, vec![("id", id.clone()), ("what", (*what).to_owned())])
            }
            AppError::Corpus(s) => (AppCode::Corpus, detail(s)),
            AppError::Settings(s) => (AppCode::Settings, detail(s)),
            AppError::Internal(s) => (AppCode::Internal, detail(s)),
            AppError::IndexBuilding(_) => (AppCode::IndexBuilding, Vec::new()),
            AppError::Store { code, params, .. } => return (code, params.clone()),
            AppError::Query { code, params, .. } => return (code.id(), params.clone()),
            AppError::Coded { code, params, .. } => return (code.id(), params.clone()),
            AppError::Library { error, .. } => return (error.code().id(), error.params()),
        };
        (code.id(), params)
    }

    /// An input refused by the check `code`, with its slots and English sentence.
    pub fn input(
        code: AppCode,
        params: impl IntoIterator<Item = (&'static str, String)>,
        message: impl Into<String>,
    ) -> AppError {
        AppError::InvalidInput(Input {
            code,
            params: params.into_iter().collect(),
            message: message.into(),
        })
    }
}

impl Serialize for AppError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.payload().serialize(s)
    }
}

impl From<sheli_corpus::CorpusError> for AppError {
    fn from(e: sheli_corpus::CorpusError) -> Self {
        AppError::from(&e)
    }
}

/// Every corpus error as a sentence of the window's with its values: what
/// was not found, or which built-in file failed where, never the English
/// sentence as `detail` (the CLI keeps that, `Display`). By reference, so
/// a kept error (the stage data's) is said again each time it is met.
impl From<&sheli_corpus::CorpusError> for AppError {
    fn from(e: &sheli_corpus::CorpusError) -> Self {
        use sheli_corpus::CorpusError as E;
        let coded = |kind, code, params: Vec<(&'static str, String)>| AppError::Coded {
            kind,
            code,
            params,
            message: e.to_string(),
        };
        match e {
            E::UnknownPassage(id) => AppError::NotFound { what: "passage", id: id.clone() },
            E::UnknownSource(id) => AppError::NotFound { what: "source", id: id.clone() },
            // Said as a text the library left out where the state is at
            // hand (`commands::unreadable`); here with the loader's words.
            E::Unreadable { source_id, why } => coded(
                ErrorKind::Storage,
                AppCode::TextUnreadable,
                vec![("source", source_id.clone()), ("detail", why.clone())],
            ),
            E::UnknownActor { name, .. } => AppError::NotFound { what: "figure", id: name.clone() },
            // An address that names nothing: the window's sentence for it,
            // where it was app.corpus with the English as detail.
            E::NoPlace(place) => AppError::NotFound { what: "place", id: place.clone() },
            // A Go-to a line the file does not have: said with the file's
            // last line, in the reader's language.
            E::NoSuchLine { source_id, line, last } => coded(
                ErrorKind::NotFound,
                AppCode::NotFoundLine,
                vec![
                    ("source", source_id.clone()),
                    ("line", line.clone()),
                    ("last", last.to_string()),
                ],
            ),
            // The works are Chinese names, listed as Chinese lists them.
            E::NoStagedWork { name, works } => coded(
                ErrorKind::NotFound,
                AppCode::NotFoundStagedWork,
                vec![("name", name.clone()), ("works", works.join("、"))],
            ),
            E::NoStep { id, aligned, works } => coded(
                ErrorKind::NotFound,
                if *aligned { AppCode::NotFoundStepAligned } else { AppCode::NotFoundStep },
                vec![("id", id.clone()), ("works", works.join("、"))],
            ),
            E::Manifest(detail) => {
                coded(ErrorKind::Corpus, AppCode::CorpusManifest, vec![("detail", detail.clone())])
            }
            E::Parse { source_id, line, message } => coded(
                ErrorKind::Corpus,
                AppCode::CorpusParse,
                vec![
                    ("source", source_id.clone()),
                    ("line", line.to_string()),
                    ("detail", message.clone()),
                ],
            ),
            E::Data { file, line, message } => coded(
                ErrorKind::Corpus,
                AppCode::CorpusData,
                vec![
                    ("file", (*file).to_owned()),
                    ("line", line.to_string()),
                    ("detail", message.clone()),
                ],
            ),
            E::Display(detail) => {
                coded(ErrorKind::Corpus, AppCode::CorpusDisplay, vec![("detail", detail.clone())])
            }
        }
    }
}

/// An index error as a sentence of the window's: a query's fault with its
/// code (its span is clipped by the search, `search::index_error`), a
/// corpus error as the corpus's, and the index library's or the system's
/// words only as the quoted detail of which step failed.
impl From<sheli_index::IndexError> for AppError {
    fn from(e: sheli_index::IndexError) -> Self {
        use sheli_index::IndexError as E;
        let coded = |code, params: Vec<(&'static str, String)>, e: &E| AppError::Coded {
            kind: ErrorKind::Index,
            code,
            params,
            message: e.to_string(),
        };
        match e {
            E::Query(q) => {
                AppError::Query { code: q.code, params: q.params, message: q.message, span: None }
            }
            E::Corpus(c) => AppError::from(c),
            E::Tantivy(ref t) => coded(AppCode::Index, vec![("detail", t.to_string())], &e),
            E::Open(ref o) => coded(AppCode::IndexOpen, vec![("detail", o.to_string())], &e),
            E::Io { ref path, ref source } => coded(
                AppCode::IndexFile,
                vec![("path", path.clone()), ("detail", source.to_string())],
                &e,
            ),
            E::Meta(ref m) => coded(AppCode::IndexMeta, vec![("detail", m.clone())], &e),
        }
    }
}

impl From<sheli_store::StoreError> for AppError {
    fn from(e: sheli_store::StoreError) -> Self {
        use sheli_store::ErrorKind as K;
        let kind = match e.kind() {
            K::InvalidInput => ErrorKind::InvalidInput,
            K::NotFound => ErrorKind::NotFound,
            K::Conflict => ErrorKind::Conflict,
            K::Incompatible => ErrorKind::Incompatible,
            K::Storage => ErrorKind::Storage,
        };
        AppError::Store { kind, code: e.code().id(), params: e.params(), message: e.to_string() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_serialize_as_kind_and_message() {
        let e = AppError::NotFound { what: "passage", id: "x.0001".into() };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["kind"], "not_found");
        assert_eq!(v["message"], "passage `x.0001` does not exist");
        assert_eq!(v["code"], "app.not_found.passage");
        assert_eq!(v["params"]["id"], "x.0001");
        let e = AppError::input(
            AppCode::InputQueryTooLong,
            [("max", "500".to_string())],
            "a query may be at most 500 characters long",
        );
        let v = serde_json::to_value(e).unwrap();
        assert_eq!(v["kind"], "invalid_input");
        assert_eq!(v["code"], "app.input.query_too_long");
        assert_eq!(v["params"], serde_json::json!({ "max": "500" }));
        assert_eq!(v["message"], "invalid input: a query may be at most 500 characters long");
    }

    #[test]
    fn a_corpus_error_naming_no_place_is_the_windows_not_found_place() {
        let e = AppError::from(sheli_corpus::CorpusError::NoPlace("鄉射禮 第九".into()));
        let (code, params) = e.code();
        assert_eq!(code, "app.not_found.place");
        assert!(params.contains(&("id", "鄉射禮 第九".to_string())), "{params:?}");
    }

    #[test]
    fn a_store_error_keeps_its_code_and_slots() {
        let e = AppError::from(sheli_store::StoreError::DuplicateGlossary("射".into()));
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["kind"], "conflict");
        assert_eq!(v["code"], "store.duplicate_glossary");
        assert_eq!(v["params"]["name"], "射");
        assert_eq!(v["message"], "a glossary named “射” already exists");
    }

    #[test]
    fn an_empty_file_to_import_has_its_own_code() {
        let e = crate::app::store_commands::check_import("  \n").unwrap_err();
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(
            (v["kind"].as_str(), v["code"].as_str()),
            (Some("invalid_input"), Some("app.import.empty"))
        );
        assert_eq!(v["message"], "the file is empty");
    }

    /// Each input check says what was refused with a code of its own and its
    /// values, never an English reason in `detail`, which a Chinese
    /// interface would show as it is.
    #[test]
    fn input_checks_have_codes_of_their_own_with_values_not_reasons() {
        use crate::app::search::{SearchQuery, validate};
        let long = SearchQuery { query: "射".repeat(5000), ..SearchQuery::default() };
        let control = SearchQuery { query: "射\u{7}".into(), ..SearchQuery::default() };
        let dir = tempfile::tempdir().unwrap();
        let state = crate::app::state::AppState::with_corpus(
            Err("no texts".into()),
            dir.path().to_path_buf(),
        );
        let errors = [
            validate(&long).unwrap_err(),
            validate(&control).unwrap_err(),
            crate::app::commands::passages(&state, "xiangshe.zhushu", 0, 1, None).unwrap_err(),
            crate::app::commands::validate_id("passage", "Not An Id").unwrap_err(),
            crate::app::commands::validate_id("source", "").unwrap_err(),
            crate::app::import_commands::import_texts(&state, &[], None).unwrap_err(),
            crate::app::store_commands::check_row_id("note", 0).unwrap_err(),
        ];
        let codes: Vec<(&str, Vec<(&str, String)>)> = errors.iter().map(|e| e.code()).collect();
        let expected: [(&str, &[(&str, &str)]); 7] = [
            ("app.input.query_too_long", &[("max", "500")]),
            ("app.input.query_control", &[]),
            ("app.input.ordinal_zero", &[]),
            ("app.input.bad_id", &[("what", "passage"), ("id", "Not An Id")]),
            ("app.input.id_length", &[("what", "source"), ("max", "64")]),
            ("app.input.import_files", &[("max", "50")]),
            ("app.input.bad_row_id", &[("what", "note"), ("id", "0")]),
        ];
        for ((code, params), (want, want_params)) in codes.iter().zip(expected) {
            assert_eq!(*code, want);
            let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
            assert_eq!(params, want_params, "{code}");
        }
        for e in &errors {
            assert_eq!(e.kind(), ErrorKind::InvalidInput);
            assert!(AppCode::ALL.iter().any(|c| c.id() == e.code().0), "{e}: a listed code");
        }
    }

    /// A search's note on its query reaches the window as its code and
    /// values (said in the interface's language), not as an English
    /// sentence the window would have to recognise by its wording.
    #[test]
    fn a_query_note_crosses_as_its_code_and_values() {
        use crate::app::search::QueryNoteView;
        let vocab = sheli_index::query::Vocabulary::default();
        let parsed = sheli_index::query::parse("\"zhu3 ren2\" hello", &vocab, false).unwrap();
        let notes: Vec<serde_json::Value> = parsed
            .notes
            .into_iter()
            .map(|n| serde_json::to_value(QueryNoteView::from(n)).unwrap())
            .collect();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(notes[0]["code"], "query.note.quoted_pinyin");
        assert_eq!(
            notes[0]["params"],
            serde_json::json!({"term": "zhu3", "near": "zhu3 NEAR/0 ren2"})
        );
        assert_eq!(notes[1]["code"], "query.note.not_pinyin");
        assert_eq!(notes[1]["params"], serde_json::json!({"term": "hello"}));
        for n in &notes {
            assert!(all_codes().contains(&n["code"].as_str().unwrap()), "{n}: a listed code");
        }
    }

    /// A work or a passage the plan does not cover, and a fault of the
    /// built-in data, say which with a code and values of their own, never
    /// with the English sentence as detail (app.corpus) that a Chinese
    /// window would show as it is.
    #[test]
    fn corpus_errors_have_codes_of_their_own_with_values() {
        use sheli_corpus::CorpusError as E;
        let stages = sheli_corpus::stage::Stages::builtin().unwrap();
        let no_step = AppError::from(stages.stage_at("xiangshe.tongjie.0200").unwrap_err());
        assert_eq!(no_step.kind(), ErrorKind::NotFound);
        let (code, params) = no_step.code();
        assert_eq!(code, "app.not_found.step");
        assert!(params.contains(&("id", "xiangshe.tongjie.0200".into())), "{params:?}");
        let works = params.iter().find(|(k, _)| *k == "works").unwrap();
        assert!(works.1.starts_with("鄉射禮、"), "{works:?}");
        let no_work = AppError::from(stages.work("士冠禮").unwrap_err());
        let (code, params) = no_work.code();
        assert_eq!(code, "app.not_found.staged_work");
        assert!(params.contains(&("name", "士冠禮".into())), "{params:?}");
        // The CLI's sentence is kept as the message.
        assert!(no_work.to_string().starts_with("no work is called “士冠禮”"), "{no_work}");
        let faults = [
            (E::Manifest("x".into()), "app.corpus_manifest"),
            (E::Parse { source_id: "a".into(), line: 3, message: "x".into() }, "app.corpus_parse"),
            (E::Data { file: "stage.toml", line: 4, message: "x".into() }, "app.corpus_data"),
            (E::Display("x".into()), "app.corpus_display"),
        ];
        for (e, want) in faults {
            let e = AppError::from(e);
            assert_eq!(e.code().0, want);
            assert_eq!(e.kind(), ErrorKind::Corpus);
        }
        let unreadable =
            AppError::from(E::Unreadable { source_id: "user.0b".into(), why: "x".into() });
        assert_eq!(
            unreadable.code(),
            (
                "app.text_unreadable",
                vec![("source", "user.0b".to_string()), ("detail", "x".to_string())]
            )
        );
        let parse =
            AppError::from(E::Parse { source_id: "a".into(), line: 3, message: "x".into() });
        assert_eq!(
            parse.code().1,
            [("source", "a".to_string()), ("line", "3".to_string()), ("detail", "x".to_string())]
        );
    }

    /// The index's own faults say which step failed with a code, the index
    /// library's or the system's words only as detail (where each was
    /// app.index with the English sentence, "the search index is
    /// unusable: …", inside the window's "The search index is unusable").
    #[test]
    fn index_errors_say_which_step_failed_by_code() {
        use sheli_index::IndexError as E;
        let io = E::Io {
            path: "/data/index/meta.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        };
        let e = AppError::from(io);
        assert_eq!((e.kind(), e.code().0), (ErrorKind::Index, "app.index_file"));
        assert_eq!(e.code().1[0], ("path", "/data/index/meta.json".to_string()));
        let e = AppError::from(E::Meta("no schema".into()));
        assert_eq!(e.code(), ("app.index_meta", vec![("detail", "no schema".to_string())]));
        let e = AppError::from(E::Corpus(sheli_corpus::CorpusError::UnknownSource("x.y".into())));
        assert_eq!(e.code().0, "app.not_found.source");
    }

    #[test]
    fn codes_are_unique() {
        let codes = all_codes();
        let set: std::collections::BTreeSet<_> = codes.iter().collect();
        assert_eq!(set.len(), codes.len(), "a code is declared twice");
    }

    /// The list the UI's tests check its translations against
    /// (`ui/src/lib/i18n/errors.test.ts`): rewritten when stale under
    /// `UPDATE_BINDINGS=1` (`make bindings`), else compared, so a new code
    /// without translations fails `make test` on one side or the other.
    #[test]
    fn bindings_error_codes_list_every_code() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../ui/src/locales/error-codes.json");
        let want = serde_json::to_string_pretty(&all_codes()).unwrap() + "\n";
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(have == want, "{} is stale: run `make bindings`", path.display());
    }
}

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
    /// The UI sent something malformed (a bad id, an out-of-range number).
    #[error("invalid input: {0}")]
    InvalidInput(String),
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
    /// The search index could not be opened or built.
    #[error("{0}")]
    Index(String),
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

sheli_corpus::error_codes! {
    /// The codes of the app's own errors. Free text from a lower layer (the
    /// corpus's or the index's sentence, a bad input's reason) goes in the
    /// `detail` param as it is: those are faults a reader rarely meets
    /// (the UI checks its input before sending it).
    AppCode {
        InvalidInput = "app.invalid_input",
        NotFoundPassage = "app.not_found.passage",
        NotFoundSource = "app.not_found.source",
        NotFoundFigure = "app.not_found.figure",
        NotFoundPlace = "app.not_found.place",
        NotFoundPicture = "app.not_found.picture",
        NotFoundCard = "app.not_found.card",
        NotFoundOther = "app.not_found.other",
        Corpus = "app.corpus",
        Settings = "app.settings",
        Internal = "app.internal",
        IndexBuilding = "app.index_building",
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
/// the store's and the library's.
pub fn all_codes() -> Vec<&'static str> {
    let app = AppCode::ALL.iter().map(|c| c.id());
    let query = sheli_index::QueryCode::ALL.iter().map(|c| c.id());
    let store = sheli_store::StoreCode::ALL.iter().map(|c| c.id());
    let library = sheli_library::LibraryCode::ALL.iter().map(|c| c.id());
    app.chain(query).chain(store).chain(library).collect()
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
            AppError::Index(_) => ErrorKind::Index,
            AppError::Query { .. } => ErrorKind::Query,
            AppError::Coded { kind, .. } => *kind,
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
        }
    }

    /// The error's code and the values of its slots.
    pub fn code(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let detail = |s: &String| vec![("detail", s.clone())];
        let (code, params) = match self {
            AppError::InvalidInput(s) => (AppCode::InvalidInput, detail(s)),
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
            AppError::Index(s) => (AppCode::Index, detail(s)),
            AppError::Store { code, params, .. } => return (code, params.clone()),
            AppError::Query { code, params, .. } => return (code.id(), params.clone()),
            AppError::Coded { code, params, .. } => return (code.id(), params.clone()),
        };
        (code.id(), params)
    }

    pub fn invalid(msg: impl Into<String>) -> AppError {
        AppError::InvalidInput(msg.into())
    }
}

impl Serialize for AppError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.payload().serialize(s)
    }
}

impl From<sheli_corpus::CorpusError> for AppError {
    fn from(e: sheli_corpus::CorpusError) -> Self {
        match e {
            sheli_corpus::CorpusError::UnknownPassage(id) => {
                AppError::NotFound { what: "passage", id }
            }
            sheli_corpus::CorpusError::UnknownSource(id) => {
                AppError::NotFound { what: "source", id }
            }
            sheli_corpus::CorpusError::UnknownActor { name, .. } => {
                AppError::NotFound { what: "figure", id: name }
            }
            other => AppError::Corpus(other.to_string()),
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
        let v = serde_json::to_value(AppError::invalid("too long")).unwrap();
        assert_eq!(v["kind"], "invalid_input");
        assert_eq!(v["code"], "app.invalid_input");
        assert_eq!(v["params"]["detail"], "too long");
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

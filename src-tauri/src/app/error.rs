//! The one error type of the IPC layer.
//!
//! Every command returns `Result<_, AppError>`. An `AppError` crosses IPC as
//! [`ErrorPayload`] — `{ "kind": "not_found", "message": "…" }` — so the UI can
//! branch on `kind` and show `message` as it is. Commands never panic across
//! IPC: a failure anywhere becomes one of these variants.

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
    /// The user store (glossaries, review, notes) refused or failed; the
    /// message is the store's own sentence (`sheli_store::StoreError`).
    #[error("{message}")]
    Store { kind: ErrorKind, message: String },
    /// The search index is still being built (the first start, or after
    /// the texts changed); search works in a moment.
    #[error("{0}")]
    IndexBuilding(String),
    /// The search index could not be opened or built.
    #[error("{0}")]
    Index(String),
    /// A query the query language refuses; `span` is the range of
    /// characters `[start, end)` of the query the message is about.
    #[error("{message}")]
    Query { message: String, span: Option<[u32; 2]> },
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
    /// A sentence a reader can understand, shown as it is.
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
        }
    }

    pub fn payload(&self) -> ErrorPayload {
        let span = match self {
            AppError::Query { span, .. } => *span,
            _ => None,
        };
        ErrorPayload { kind: self.kind(), message: self.to_string(), span }
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
        AppError::Store { kind, message: e.to_string() }
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
        let v = serde_json::to_value(AppError::invalid("too long")).unwrap();
        assert_eq!(v["kind"], "invalid_input");
    }
}

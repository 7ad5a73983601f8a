//! The one error type of this crate.

use thiserror::Error;

use crate::query::QueryError;

#[derive(Debug, Error)]
pub enum IndexError {
    /// The query could not be parsed; the message names the problem.
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error("the search index is unusable: {0}")]
    Tantivy(#[from] tantivy::TantivyError),
    #[error("the search index could not be opened: {0}")]
    Open(#[from] tantivy::directory::error::OpenDirectoryError),
    #[error("file error at {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("the index metadata is invalid: {0}")]
    Meta(String),
    #[error(transparent)]
    Corpus(#[from] sheli_corpus::CorpusError),
}

pub type Result<T> = std::result::Result<T, IndexError>;

pub(crate) fn io_err(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> IndexError + '_ {
    move |source| IndexError::Io { path: path.display().to_string(), source }
}

//! The query language: parsing (with errors that name the problem) and
//! compiling to a tantivy query.

mod ast;
mod compile;
mod exclusion;
mod parser;

pub use ast::{Atom, AtomKind, Clause, Filter, Query};
pub use compile::{CountTerm, compile, count_terms};
pub use parser::{MAX_QUERY_CHARS, parse, parse_filter};

use serde::Serialize;

/// A query that cannot be run, with a message that names the problem and,
/// where it applies, the character range of the query it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    pub message: String,
    pub span: Option<std::ops::Range<usize>>,
}

/// What filters may name: the works and sources of the library.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub works: Vec<String>,
    /// (source id, work name)
    pub sources: Vec<(String, String)>,
}

//! The query language: parsing (with errors that name the problem) and
//! compiling to a tantivy query; what a term matches, position by position.

mod ast;
mod compile;
mod exclusion;
mod filter;
mod parser;
mod pattern;
mod phrase;
mod postings;
mod proximity;
mod terms;

pub use ast::{Atom, AtomKind, Clause, Filter, Proximity, Query};
pub use compile::{compile, count_terms};
pub use filter::parse_filter;
pub use parser::{MAX_QUERY_CHARS, parse};
pub use pattern::{CountTerm, Join, Scratch, Slot, Unit, spans};
pub use postings::TermPostings;
pub use terms::MAX_BETWEEN;

use serde::Serialize;

/// A query that cannot be run, with a message that names the problem and,
/// where it applies, the character range of the query it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    pub message: String,
    pub span: Option<std::ops::Range<usize>>,
}

fn err(message: impl Into<String>, span: std::ops::Range<usize>) -> QueryError {
    err_at(message, Some(span))
}

fn err_at(message: impl Into<String>, span: Option<std::ops::Range<usize>>) -> QueryError {
    QueryError { message: message.into(), span }
}

/// What filters may name: the works and sources of the library.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub works: Vec<String>,
    /// (source id, work name)
    pub sources: Vec<(String, String)>,
}

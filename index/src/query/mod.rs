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
mod tails;
mod terms;

pub use ast::{Atom, AtomKind, Clause, Filter, Proximity, Query, QueryNote};
pub use compile::{compile, count_terms};
pub use filter::parse_filter;
pub use parser::{MAX_QUERY_CHARS, parse};
pub use pattern::{CountTerm, Join, Scratch, Slot, Unit, spans};
pub use postings::TermPostings;
pub use tails::has_tails;
pub use terms::MAX_BETWEEN;

use serde::Serialize;

/// A query that cannot be run, with a message that names the problem and,
/// where it applies, the character range of the query it is about.
///
/// `code` and `params` say the same as `message` for an interface that
/// speaks another language than English: the code picks the sentence, the
/// params fill its slots (the term as typed, a number), so the UI can write
/// the error in the reader's language while the CLI prints `message`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    pub code: QueryCode,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
    pub span: Option<std::ops::Range<usize>>,
}

impl QueryError {
    /// Adds a slot of the message (`{{name}}` in the UI's translations).
    fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.params.push((name, value.to_string()));
        self
    }
}

sheli_corpus::error_codes! {
    /// What is wrong with a query, one code per kind of mistake.
    QueryCode {
        TooLong = "query.too_long",
        Empty = "query.empty",
        OnlyFilters = "query.only_filters",
        LonePrefix = "query.lone_prefix",
        StrayQuote = "query.stray_quote",
        UnclosedQuote = "query.unclosed_quote",
        QuoteNeedsSpace = "query.quote_needs_space",
        NearPrefix = "query.near_prefix",
        TildeOutsideQuotes = "query.tilde_outside_quotes",
        NotNeedsTerm = "query.not_needs_term",
        NearFilter = "query.near_filter",
        NearChain = "query.near_chain",
        OrNeedsTerms = "query.or_needs_terms",
        AndNeedsTerms = "query.and_needs_terms",
        NearNeedsTerms = "query.near_needs_terms",
        NearExclusion = "query.near_exclusion",
        OrExclusion = "query.or_exclusion",
        WildcardEdge = "query.wildcard_edge",
        NothingToSearch = "query.nothing_to_search",
        GappedProximity = "query.gapped_proximity",
        ProximityParts = "query.proximity_parts",
        DistanceMissing = "query.distance_missing",
        DistanceNotNumber = "query.distance_not_number",
        DistanceTooFar = "query.distance_too_far",
        FilterNeedsValue = "query.filter_needs_value",
        UnknownLayer = "query.unknown_layer",
        UnknownWork = "query.unknown_work",
        UnknownSource = "query.unknown_source",
        UnknownField = "query.unknown_field",
        AmbiguousSource = "query.ambiguous_source",
        Bracket = "query.bracket",
        Star = "query.star",
        ExactPinyin = "query.exact_pinyin",
    }
}

sheli_corpus::error_codes! {
    /// What a valid query's note says (how a term was read), one code per
    /// note, so the window says it in its language with the note's values
    /// (`errors.query.note.*`) while the CLI prints the English sentence.
    NoteCode {
        NotPinyin = "query.note.not_pinyin",
        QuotedPinyin = "query.note.quoted_pinyin",
        PinyinFolded = "query.note.pinyin_folded",
    }
}

impl Serialize for NoteCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Serialize for QueryCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

fn err(code: QueryCode, message: impl Into<String>, span: std::ops::Range<usize>) -> QueryError {
    err_at(code, message, Some(span))
}

fn err_at(
    code: QueryCode,
    message: impl Into<String>,
    span: Option<std::ops::Range<usize>>,
) -> QueryError {
    QueryError { code, params: Vec::new(), message: message.into(), span }
}

/// What filters may name: the works and sources of the library.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub works: Vec<String>,
    /// (source id, work name)
    pub sources: Vec<(String, String)>,
}

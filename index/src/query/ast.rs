//! What a parsed query is.

use std::ops::Range;

use sheli_corpus::{FoldMode, Layer};

use crate::reading::Syllable;

/// A parsed query: clauses that must all hold (AND).
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub clauses: Vec<Clause>,
    /// What the user should know about how a term was read, though the query
    /// is valid: a Latin word that is not pinyin is searched as written, and
    /// the built-in texts hold no Latin, so it would find nothing in silence.
    pub notes: Vec<String>,
}

/// One or more alternatives (OR). A negated clause has exactly one atom.
#[derive(Debug, Clone, PartialEq)]
pub struct Clause {
    pub negated: bool,
    pub alternatives: Vec<Atom>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Atom {
    pub kind: AtomKind,
    /// Where the atom was written, in characters of the query string.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AtomKind {
    /// A run of characters (or a quoted string): the tokens must occur
    /// consecutively. One token is a phrase of one.
    Phrase {
        tokens: Vec<String>,
        mode: FoldMode,
    },
    /// A pinyin syllable: any character with that reading.
    Pinyin(Syllable),
    Filter(Filter),
}

/// A restriction on where matches may come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    Layer(Layer),
    /// A work, by its canonical name (e.g. 大射儀).
    Work(String),
    /// A source, by id (e.g. `xiangshe.zhushu`).
    Source(String),
}

impl Query {
    /// The atoms that say what to find (not filters, not negated): these are
    /// counted and highlighted.
    pub fn positive_terms(&self) -> impl Iterator<Item = &Atom> {
        self.clauses
            .iter()
            .filter(|c| !c.negated)
            .flat_map(|c| &c.alternatives)
            .filter(|a| !matches!(a.kind, AtomKind::Filter(_)))
    }

    pub fn has_pinyin(&self) -> bool {
        self.positive_terms().any(|a| matches!(a.kind, AtomKind::Pinyin(_)))
    }
}

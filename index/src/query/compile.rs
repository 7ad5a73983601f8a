//! From a parsed query to a tantivy query, and to the term sequences that
//! are counted and highlighted.

use sheli_corpus::FoldMode;
use tantivy::Term;
use tantivy::query::{
    BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, PhraseQuery, Query as TQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};

use super::ast::{Atom, AtomKind, Filter, Query};
use crate::reading::Syllable;
use crate::schema::Fields;

/// A term to count and highlight: a sequence of slots, each a set of tokens
/// any of which may stand there (a pinyin term is one slot of many tokens).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountTerm {
    pub mode: FoldMode,
    pub slots: Vec<Vec<String>>,
    pub pinyin: bool,
}

impl CountTerm {
    pub fn field(&self, fields: &Fields) -> Field {
        match self.mode {
            FoldMode::Folded => fields.folded,
            FoldMode::Exact => fields.exact,
        }
    }
}

/// The positive terms of `query` as count terms; pinyin syllables are
/// expanded with `expand` (the characters of the library with that reading).
pub fn count_terms(query: &Query, expand: &dyn Fn(&Syllable) -> Vec<String>) -> Vec<CountTerm> {
    query
        .positive_terms()
        .map(|a| match &a.kind {
            AtomKind::Phrase { tokens, mode } => CountTerm {
                mode: *mode,
                slots: tokens.iter().map(|t| vec![t.clone()]).collect(),
                pinyin: false,
            },
            AtomKind::Pinyin(s) => {
                CountTerm { mode: FoldMode::Folded, slots: vec![expand(s)], pinyin: true }
            }
            AtomKind::Filter(_) => unreachable!("positive_terms excludes filters"),
        })
        .collect()
}

fn term_query(field: Field, text: &str) -> Box<dyn TQuery> {
    Box::new(TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::WithFreqs))
}

fn atom_query(
    atom: &Atom,
    fields: &Fields,
    expand: &dyn Fn(&Syllable) -> Vec<String>,
) -> Box<dyn TQuery> {
    match &atom.kind {
        AtomKind::Phrase { tokens, mode } => {
            let field = match mode {
                FoldMode::Folded => fields.folded,
                FoldMode::Exact => fields.exact,
            };
            if tokens.len() == 1 {
                term_query(field, &tokens[0])
            } else {
                let terms = tokens.iter().map(|t| Term::from_field_text(field, t)).collect();
                Box::new(PhraseQuery::new(terms))
            }
        }
        AtomKind::Pinyin(s) => {
            let chars = expand(s);
            if chars.is_empty() {
                return Box::new(EmptyQuery);
            }
            let subs =
                chars.iter().map(|c| (Occur::Should, term_query(fields.folded, c))).collect();
            Box::new(BooleanQuery::new(subs))
        }
        AtomKind::Filter(f) => {
            let (field, value) = match f {
                Filter::Layer(l) => (fields.layer, l.label().to_string()),
                Filter::Work(w) => (fields.work, w.clone()),
                Filter::Source(s) => (fields.source, s.clone()),
            };
            // Filters narrow; they must not change the ranking.
            Box::new(ConstScoreQuery::new(term_query(field, &value), 0.0))
        }
    }
}

/// Compiles `query` for the index described by `fields`.
pub fn compile(
    query: &Query,
    fields: &Fields,
    expand: &dyn Fn(&Syllable) -> Vec<String>,
) -> Box<dyn TQuery> {
    let clauses = query
        .clauses
        .iter()
        .map(|c| {
            let q: Box<dyn TQuery> = if c.alternatives.len() == 1 {
                atom_query(&c.alternatives[0], fields, expand)
            } else {
                let subs = c
                    .alternatives
                    .iter()
                    .map(|a| (Occur::Should, atom_query(a, fields, expand)))
                    .collect();
                Box::new(BooleanQuery::new(subs))
            };
            if c.negated {
                // See exclusion.rs: tantivy's exclusion may ask a phrase
                // scorer about a document it has already passed.
                (Occur::MustNot, Box::new(super::exclusion::ForwardOnly(q)) as Box<dyn TQuery>)
            } else {
                (Occur::Must, q)
            }
        })
        .collect();
    Box::new(BooleanQuery::new(clauses))
}

//! From a parsed query to a tantivy query, and to the terms that are counted
//! and highlighted (see pattern.rs).

use std::sync::Arc;

use sheli_corpus::FoldMode;
use tantivy::Term;
use tantivy::query::{
    BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, PhraseQuery, Query as TQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};

use super::ast::{Atom, AtomKind, Filter, Query};
use super::pattern::{CountTerm, Join, Slot, Unit};
use super::proximity::PositionFilter;
use crate::reading::Syllable;
use crate::schema::Fields;

/// The positive terms of `query` as count terms; pinyin syllables are
/// expanded with `expand` (the characters of the library with that reading).
pub fn count_terms(query: &Query, expand: &dyn Fn(&Syllable) -> Vec<String>) -> Vec<CountTerm> {
    query.positive_terms().filter_map(|a| count_term(&a.kind, expand)).collect()
}

/// The unit a part of a term stands for (`None` for a filter or a proximity,
/// which are not parts).
fn unit(kind: &AtomKind, expand: &dyn Fn(&Syllable) -> Vec<String>) -> Option<Unit> {
    match kind {
        AtomKind::Phrase { tokens, mode } => Some(Unit::phrase(tokens, *mode)),
        AtomKind::Gapped { slots, mode } => Some(Unit {
            mode: *mode,
            slots: slots
                .iter()
                .enumerate()
                .filter_map(|(i, t)| {
                    t.as_ref().map(|t| Slot { offset: i as u32, tokens: vec![t.clone()] })
                })
                .collect(),
        }),
        AtomKind::Pinyin(s) => Some(Unit {
            mode: FoldMode::Folded,
            slots: vec![Slot { offset: 0, tokens: expand(s) }],
        }),
        AtomKind::Near(_) | AtomKind::Filter(_) => None,
    }
}

fn count_term(kind: &AtomKind, expand: &dyn Fn(&Syllable) -> Vec<String>) -> Option<CountTerm> {
    match kind {
        AtomKind::Near(p) => Some(CountTerm {
            units: p.parts.iter().filter_map(|k| unit(k, expand)).collect(),
            join: if p.ordered { Join::Ordered(p.max_between) } else { Join::Near(p.max_between) },
            pinyin: kind.has_pinyin(),
        }),
        AtomKind::Filter(_) => None,
        other => Some(CountTerm::single(unit(other, expand)?, other.has_pinyin())),
    }
}

fn term_query(field: Field, text: &str) -> Box<dyn TQuery> {
    Box::new(TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::WithFreqs))
}

fn field_of(mode: FoldMode, fields: &Fields) -> Field {
    match mode {
        FoldMode::Folded => fields.folded,
        FoldMode::Exact => fields.exact,
    }
}

/// A token of a proximity's part, for finding candidates: in exact mode
/// its folded form (the exact field holds only some tokens, and the
/// position filter reads the exact positions anyway).
fn candidate_query(mode: FoldMode, token: &str, fields: &Fields) -> Box<dyn TQuery> {
    match mode {
        FoldMode::Folded => term_query(fields.folded, token),
        FoldMode::Exact => term_query(fields.folded, &folded_token(token)),
    }
}

/// The folded form of an exact-mode token (a word of another script is
/// written alike in both modes).
fn folded_token(token: &str) -> String {
    let mut cs = token.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => sheli_corpus::fold::fold_char(c, FoldMode::Folded)
            .map_or_else(|| token.to_owned(), String::from),
        _ => token.to_owned(),
    }
}

/// A phrase (or a phrase with gaps) in exact mode. The exact field holds
/// only the tokens the fold merges (`crate::exact`), so the documents are
/// found by the folded phrase, whose matches include every exact one; where
/// a token of it has exact postings, the exact positions decide (the
/// position filter, reading each token from the field that holds it). A
/// phrase of tokens that are their own folds is the folded phrase itself.
fn exact_query(
    kind: &AtomKind,
    fields: &Fields,
    expand: &dyn Fn(&Syllable) -> Vec<String>,
) -> Box<dyn TQuery> {
    let (folded, tokens): (AtomKind, Vec<&String>) = match kind {
        // One token the exact field holds: its own postings, with no
        // filter over every document of its fold class (=風 at 10M: 1.3 ms
        // so, 8 ms through the folded 风 and a filter). Its BM25 length is
        // the segment's count of such tokens, not of all of them.
        AtomKind::Phrase { tokens, .. }
            if tokens.len() == 1 && crate::exact::needs_exact(&tokens[0]) =>
        {
            return term_query(fields.exact, &tokens[0]);
        }
        AtomKind::Phrase { tokens, .. } => (
            AtomKind::Phrase {
                tokens: tokens.iter().map(|t| folded_token(t)).collect(),
                mode: FoldMode::Folded,
            },
            tokens.iter().collect(),
        ),
        AtomKind::Gapped { slots, .. } => (
            AtomKind::Gapped {
                slots: slots.iter().map(|t| t.as_deref().map(folded_token)).collect(),
                mode: FoldMode::Folded,
            },
            slots.iter().flatten().collect(),
        ),
        _ => return atom_query(kind, fields, expand),
    };
    let q = atom_query(&folded, fields, expand);
    match count_term(kind, expand) {
        Some(term) if tokens.iter().any(|t| crate::exact::needs_exact(t)) => {
            Box::new(PositionFilter {
                inner: q,
                term: Arc::new(term),
                fields: *fields,
                tails_only: false,
            })
        }
        _ => q,
    }
}

fn atom_query(
    kind: &AtomKind,
    fields: &Fields,
    expand: &dyn Fn(&Syllable) -> Vec<String>,
) -> Box<dyn TQuery> {
    match kind {
        AtomKind::Phrase { mode: FoldMode::Exact, .. }
        | AtomKind::Gapped { mode: FoldMode::Exact, .. } => exact_query(kind, fields, expand),
        AtomKind::Phrase { tokens, mode } => {
            let field = field_of(*mode, fields);
            let plan = match mode {
                FoldMode::Folded if tokens.len() > 1 => crate::bigram::plan(tokens),
                _ => None,
            };
            if tokens.len() == 1 {
                term_query(field, &tokens[0])
            } else if let Some(plan) = plan {
                Box::new(super::phrase::PlannedPhrase::new(tokens, &plan, fields))
            } else {
                let terms = tokens.iter().map(|t| Term::from_field_text(field, t)).collect();
                Box::new(PhraseQuery::new(terms))
            }
        }
        AtomKind::Gapped { slots, mode } => {
            // The parser keeps `?` off both ends, so two or more terms remain
            // and the phrase's first term is at offset 0.
            let field = field_of(*mode, fields);
            let terms = slots
                .iter()
                .enumerate()
                .filter_map(|(i, t)| t.as_ref().map(|t| (i, Term::from_field_text(field, t))))
                .collect();
            Box::new(PhraseQuery::new_with_offset(terms))
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
        AtomKind::Near(p) => {
            let Some(term) = count_term(kind, expand) else { return Box::new(EmptyQuery) };
            // The candidates are the documents holding every character of
            // every part, found from term postings alone: the filter checks
            // positions anyway, so phrase queries for the parts would read
            // the positions of every candidate twice.
            let mut parts: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
            let mut seen: Vec<(FoldMode, &String)> = Vec::new();
            for part in &p.parts {
                match part {
                    AtomKind::Phrase { tokens, mode } => {
                        for t in tokens.iter() {
                            if !seen.contains(&(*mode, t)) {
                                seen.push((*mode, t));
                                parts.push((Occur::Must, candidate_query(*mode, t, fields)));
                            }
                        }
                    }
                    AtomKind::Gapped { slots, mode } => {
                        for t in slots.iter().flatten() {
                            if !seen.contains(&(*mode, t)) {
                                seen.push((*mode, t));
                                parts.push((Occur::Must, candidate_query(*mode, t, fields)));
                            }
                        }
                    }
                    other => parts.push((Occur::Must, atom_query(other, fields, expand))),
                }
            }
            Box::new(PositionFilter {
                inner: Box::new(BooleanQuery::new(parts)),
                term: Arc::new(term),
                fields: *fields,
                tails_only: false,
            })
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
    // Every term, positive or negated, counts only where it begins in a
    // segment's own text (see proximity.rs and `crate::joined`); a proximity
    // is filtered that way already.
    let one = |a: &Atom| -> Box<dyn TQuery> {
        let q = atom_query(&a.kind, fields, expand);
        match (&a.kind, count_term(&a.kind, expand)) {
            (AtomKind::Near(_) | AtomKind::Filter(_), _) | (_, None) => q,
            (_, Some(term)) => Box::new(PositionFilter {
                inner: q,
                term: Arc::new(term),
                fields: *fields,
                tails_only: true,
            }),
        }
    };
    let clauses = query
        .clauses
        .iter()
        .map(|c| {
            let q: Box<dyn TQuery> = if c.alternatives.len() == 1 {
                one(&c.alternatives[0])
            } else {
                let subs = c.alternatives.iter().map(|a| (Occur::Should, one(a))).collect();
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

//! `"A B"~N` and `A NEAR/N B` as a tantivy query.
//!
//! tantivy's own sloppy phrase (`PhraseQuery::set_slop`) is not what these
//! operators mean. Its slop is a budget of position moves that "works in both
//! directions" (0.27's docs, from tantivy PR #2031): a transposition costs 2,
//! so `"A B"` with slop 2 also matches `B A`, and a term may even pair with
//! itself. Here `"A B"~N` is A *then* B with at most N characters between, and
//! `A NEAR/N B` either order with at most N between, the two never
//! overlapping; parts may be phrases, phrases with `?` gaps or pinyin
//! syllables, in different fields (`=觶 NEAR/3 酒`).
//!
//! So the query is two steps: an AND of the parts (each an ordinary term or
//! phrase query) finds the candidate documents and scores them by BM25; the
//! [`PositionFilter`] keeps only the documents where the parts stand as the
//! operator says, decided by [`super::pattern::spans`] — the same function
//! that counts and highlights, so a document found always has an occurrence
//! to count and show.
//!
//! The same filter keeps the rule of the 經 across inline notes
//! (`crate::joined`): in a 經 piece indexed with the 經 after the note (its
//! tail), only an occurrence that begins in the piece's own text is the
//! piece's. Every term of a query, positive or negated, is wrapped in it with
//! `tails_only`: documents without a tail pass on a fast-field lookup, so
//! plain terms keep their speed, and a negated term found only in a tail
//! does not exclude the piece.

use std::sync::Arc;

use tantivy::columnar::Column;
use tantivy::query::{EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED};

use super::pattern::CountTerm;
use super::postings::TermPostings;
use crate::schema::Fields;

/// `inner`'s documents in which `term` occurs.
#[derive(Debug)]
pub struct PositionFilter {
    /// Finds and scores the candidates: every part somewhere in the document.
    pub inner: Box<dyn Query>,
    pub term: Arc<CountTerm>,
    pub fields: Fields,
    /// Check positions only in documents with a tail (a plain term or
    /// phrase, whose candidates are all matches elsewhere).
    pub tails_only: bool,
}

impl Clone for PositionFilter {
    fn clone(&self) -> Self {
        PositionFilter {
            inner: self.inner.box_clone(),
            term: self.term.clone(),
            fields: self.fields,
            tails_only: self.tails_only,
        }
    }
}

impl Query for PositionFilter {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(PositionFilterWeight {
            inner: self.inner.weight(enable_scoring)?,
            term: self.term.clone(),
            fields: self.fields,
            tails_only: self.tails_only,
        }))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a tantivy::Term, bool)) {
        self.inner.query_terms(visitor)
    }
}

struct PositionFilterWeight {
    inner: Box<dyn Weight>,
    term: Arc<CountTerm>,
    fields: Fields,
    tails_only: bool,
}

impl Weight for PositionFilterWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let inner = self.inner.scorer(reader, boost)?;
        // No document of this index segment has a tail: a plain term needs
        // no filter, and the scorer stays tantivy's own.
        if self.tails_only && !super::tails::has_tails(reader) {
            return Ok(inner);
        }
        let own_tokens = reader.fast_fields().u64("own_tokens")?;
        let mut scorer = PositionFilterScorer {
            inner,
            postings: TermPostings::open(&self.term, &self.fields, reader)?,
            term: self.term.clone(),
            own_tokens,
            tails_only: self.tails_only,
        };
        let first = scorer.inner.doc();
        scorer.settle(first);
        Ok(Box::new(scorer))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(tantivy::TantivyError::InvalidArgument(format!(
                "document {doc} does not match"
            )));
        }
        self.inner.explain(reader, doc)
    }
}

/// Stands on a document of `inner` where `term` occurs, or on TERMINATED.
struct PositionFilterScorer {
    inner: Box<dyn Scorer>,
    postings: TermPostings,
    term: Arc<CountTerm>,
    own_tokens: Column<u64>,
    tails_only: bool,
}

impl PositionFilterScorer {
    /// Whether the term occurs in `doc`, beginning in its own text.
    fn occurs(&mut self, doc: DocId) -> bool {
        let own = self.own_tokens.first(doc).unwrap_or(0) as u32;
        if own == 0 && self.tails_only {
            return true;
        }
        let spans = self.postings.spans(&self.term, doc);
        if own == 0 { !spans.is_empty() } else { spans.iter().any(|(start, _)| *start < own) }
    }

    /// From `doc` (where `inner` stands) on to the first document where the
    /// term occurs.
    fn settle(&mut self, mut doc: DocId) -> DocId {
        while doc != TERMINATED && !self.occurs(doc) {
            doc = self.inner.advance();
        }
        doc
    }
}

impl DocSet for PositionFilterScorer {
    fn advance(&mut self) -> DocId {
        let doc = self.inner.advance();
        self.settle(doc)
    }

    /// A target at or before the current document is answered in place: the
    /// scorer stands on a match, and nothing between an earlier target and
    /// it matched (as in exclusion.rs, tantivy may ask backwards).
    fn seek(&mut self, target: DocId) -> DocId {
        let doc = self.inner.doc();
        if target <= doc {
            return doc;
        }
        let doc = self.inner.seek(target);
        self.settle(doc)
    }

    fn doc(&self) -> DocId {
        self.inner.doc()
    }

    /// An upper bound: the candidates.
    fn size_hint(&self) -> u32 {
        self.inner.size_hint()
    }

    fn cost(&self) -> u64 {
        self.inner.cost()
    }
}

impl Scorer for PositionFilterScorer {
    fn score(&mut self) -> Score {
        self.inner.score()
    }
}

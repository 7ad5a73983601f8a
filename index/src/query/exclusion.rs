//! The excluded side of `A -B`, made safe to ask about documents it has
//! already passed.
//!
//! tantivy's `Exclude` asks its exclusion set whether each candidate of the
//! included side is in it (`seek_danger(candidate)`). A phrase scorer is
//! created already standing on its first match, so when the included side's
//! first candidate lies before that match, the question seeks *backwards*:
//! tantivy 0.27's `PhraseScorer::seek_danger` has a `debug_assert!` for that
//! (`target (0) should be greater than or equal to doc (1)`), so `射 -再拜`
//! panicked in debug builds — the builds `make test` runs — while release
//! builds answered right (tantivy issue #2811 describes the contract; 0.27.0
//! is the newest release).
//!
//! [`ForwardOnly`] wraps the excluded query and answers a backward question
//! itself: a docset standing on `doc` holds nothing between the last target
//! it was asked about and `doc` (every seek moved it to the first match at
//! or after its target), so for `target < doc` the answer is "not here; the
//! next match is `doc`". Forward questions go to the real scorer as plain
//! seeks, which always stop on a real match.

use tantivy::query::{EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::{DocId, DocSet, Score, SegmentReader};

/// `inner`, whose scorers never see a backward `seek_danger`.
#[derive(Debug)]
pub struct ForwardOnly(pub Box<dyn Query>);

impl Clone for ForwardOnly {
    fn clone(&self) -> Self {
        ForwardOnly(self.0.box_clone())
    }
}

impl Query for ForwardOnly {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(ForwardOnlyWeight(self.0.weight(enable_scoring)?)))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a tantivy::Term, bool)) {
        self.0.query_terms(visitor)
    }
}

struct ForwardOnlyWeight(Box<dyn Weight>);

impl Weight for ForwardOnlyWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        Ok(Box::new(ForwardOnlyScorer(self.0.scorer(reader, boost)?)))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        self.0.explain(reader, doc)
    }
}

struct ForwardOnlyScorer(Box<dyn Scorer>);

impl DocSet for ForwardOnlyScorer {
    fn advance(&mut self) -> DocId {
        self.0.advance()
    }

    /// Also what `seek_danger` calls (tantivy's default, which this type
    /// keeps: `SeekDangerResult` is not public to override it, and plain
    /// seeks never leave the inner scorer between matches).
    fn seek(&mut self, target: DocId) -> DocId {
        let doc = self.0.doc();
        if target <= doc { doc } else { self.0.seek(target) }
    }

    fn doc(&self) -> DocId {
        self.0.doc()
    }

    fn size_hint(&self) -> u32 {
        self.0.size_hint()
    }

    fn cost(&self) -> u64 {
        self.0.cost()
    }
}

impl Scorer for ForwardOnlyScorer {
    fn score(&mut self) -> Score {
        self.0.score()
    }
}

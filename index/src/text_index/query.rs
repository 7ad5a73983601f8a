//! Queries on the text index, as tantivy `Query`s so that they combine with
//! tantivy's boolean queries and filters.
//!
//! A [`TextQuery`] is a run of tokens in one mode. It scores exactly as the
//! tantivy query it replaces did on a positional token field: one token as a
//! `TermQuery` (BM25 of the term frequency), several as a `PhraseQuery` (BM25
//! of the number of places the phrase starts, overlapping ones included,
//! with the idf summed over the tokens) — same statistics (document
//! frequencies and token totals over all segments, the same fieldnorm
//! codes), same `tantivy::query::Bm25Weight`, and the same cost estimates,
//! which decide the order in which a boolean query adds up its clauses'
//! scores. Rankings are therefore unchanged, to the last bit of a score.
//!
//! A phrase is answered from the bigram lists: the bigrams at offsets 0, 2,
//! 4, … (and at n − 2 when n is odd) cover every token of an n-token phrase,
//! so a document matches at start p exactly when each of those bigrams
//! starts at p + offset. The rarest bigram leads the intersection. The
//! matches of a phrase in a segment are computed once per search and shared
//! ([`MatchCache`]) with the counting collector, which needs their
//! non-overlapping count.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sheli_corpus::FoldMode;
use tantivy::query::{Bm25StatisticsProvider, Bm25Weight, EmptyScorer, EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::schema::Field;
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED, Term};

use super::reader::{BiCursor, Bigram, SegmentText, SegmentTexts, UniCursor};

/// Where a phrase matches in one document of a segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhraseHit {
    pub doc: DocId,
    /// Positions where the phrase starts, overlapping matches included
    /// (tantivy's phrase frequency, which the score uses).
    pub starts: u32,
    /// Non-overlapping occurrences, left to right (the corpus contract,
    /// which the counts use).
    pub occurrences: u32,
}

type CacheKey = (tantivy::index::SegmentId, FoldMode, Vec<String>);

/// Phrase matches per segment, computed once per search.
#[derive(Debug, Default)]
pub struct MatchCache {
    phrases: Mutex<HashMap<CacheKey, Arc<Vec<PhraseHit>>>>,
}

impl MatchCache {
    /// The matches of `tokens` (two or more) in the segment of `reader`.
    pub fn phrase_hits(
        &self,
        reader: &SegmentReader,
        text: &SegmentText,
        mode: FoldMode,
        tokens: &[String],
    ) -> Arc<Vec<PhraseHit>> {
        let key = (reader.segment_id(), mode, tokens.to_vec());
        if let Some(hits) = self.phrases.lock().expect("match cache").get(&key) {
            return hits.clone();
        }
        let hits = Arc::new(phrase_hits(text, mode, tokens));
        self.phrases.lock().expect("match cache").insert(key, hits.clone());
        hits
    }
}

/// What text queries of one search share: the segments' text indexes and
/// the match cache.
#[derive(Debug, Clone)]
pub struct TextContext {
    pub texts: Arc<SegmentTexts>,
    pub cache: Arc<MatchCache>,
    /// The schema fields that name the two modes in BM25 terms.
    pub folded: Field,
    pub exact: Field,
}

/// The offsets of the bigrams that cover a phrase of `n` ≥ 2 tokens.
pub fn cover(n: usize) -> Vec<usize> {
    let mut offsets: Vec<usize> = (0..n - 1).step_by(2).collect();
    if offsets.last() != Some(&(n - 2)) {
        offsets.push(n - 2);
    }
    offsets
}

/// Every match of `tokens` (two or more) in the segment.
pub fn phrase_hits(text: &SegmentText, mode: FoldMode, tokens: &[String]) -> Vec<PhraseHit> {
    let n = tokens.len();
    debug_assert!(n >= 2);
    let Some(ids) = tokens.iter().map(|t| text.token_id(mode, t)).collect::<Option<Vec<u32>>>() else {
        return Vec::new();
    };
    // (offset, bigram), the rarest first
    let mut lists: Vec<(usize, Bigram)> = Vec::new();
    for k in cover(n) {
        match text.bigram(mode, ids[k], ids[k + 1]) {
            Some(b) => lists.push((k, b)),
            None => return Vec::new(),
        }
    }
    lists.sort_by_key(|(_, b)| b.len());
    let mut cursors: Vec<(usize, BiCursor<'_>)> = lists.iter().map(|&(k, b)| (k, text.bigrams(b))).collect();
    let mut hits = Vec::new();
    let mut positions: Vec<Vec<u32>> = vec![Vec::new(); cursors.len()];
    let mut starts: Vec<u32> = Vec::new();
    let mut candidate = cursors[0].1.doc();
    'docs: while candidate != TERMINATED {
        for (_, c) in cursors.iter_mut() {
            let d = c.seek(candidate);
            if d != candidate {
                candidate = d;
                continue 'docs;
            }
        }
        // every covering bigram occurs in `candidate`: compare positions
        for ((_, c), p) in cursors.iter().zip(positions.iter_mut()) {
            p.clear();
            c.positions(p);
        }
        let zero = cursors.iter().position(|(k, _)| *k == 0).expect("offset 0 is in the cover");
        starts.clear();
        for &p in &positions[zero] {
            let whole = cursors
                .iter()
                .zip(&positions)
                .all(|((k, _), ps)| *k == 0 || ps.binary_search(&(p + *k as u32)).is_ok());
            if whole {
                starts.push(p);
            }
        }
        if !starts.is_empty() {
            let mut occurrences = 0;
            let mut next_free = 0u32;
            for &p in &starts {
                if p >= next_free {
                    occurrences += 1;
                    next_free = p + n as u32;
                }
            }
            hits.push(PhraseHit { doc: candidate, starts: starts.len() as u32, occurrences });
        }
        candidate = cursors[0].1.advance();
    }
    hits
}

/// A run of tokens in one mode (see the module documentation).
#[derive(Debug, Clone)]
pub struct TextQuery {
    pub mode: FoldMode,
    pub tokens: Vec<String>,
    pub ctx: TextContext,
}

impl TextQuery {
    fn field(&self) -> Field {
        match self.mode {
            FoldMode::Folded => self.ctx.folded,
            FoldMode::Exact => self.ctx.exact,
        }
    }
}

/// Tantivy's BM25 statistics, from the text index: what tantivy's searcher
/// reported for the token fields this index replaces.
struct TextStats<'a> {
    texts: &'a SegmentTexts,
    searcher: &'a tantivy::Searcher,
    mode: FoldMode,
    total_docs: &'a dyn Bm25StatisticsProvider,
}

impl Bm25StatisticsProvider for TextStats<'_> {
    fn total_num_tokens(&self, _field: Field) -> tantivy::Result<u64> {
        let mut total = 0;
        for reader in self.searcher.segment_readers() {
            total += self.texts.get(reader)?.total_tokens();
        }
        Ok(total)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        self.total_docs.total_num_docs()
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        let value = term.value();
        let token = value.as_str().unwrap_or("");
        let mut df = 0u64;
        for reader in self.searcher.segment_readers() {
            let text = self.texts.get(reader)?;
            if let Some(id) = text.token_id(self.mode, token) {
                df += text.doc_freq(self.mode, id) as u64;
            }
        }
        Ok(df)
    }
}

impl Query for TextQuery {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let bm25 = match enable_scoring {
            EnableScoring::Enabled { searcher, statistics_provider } => {
                let stats =
                    TextStats { texts: &self.ctx.texts, searcher, mode: self.mode, total_docs: statistics_provider };
                let terms: Vec<Term> = self.tokens.iter().map(|t| Term::from_field_text(self.field(), t)).collect();
                Some(Bm25Weight::for_terms(&stats, &terms)?)
            }
            EnableScoring::Disabled { .. } => None,
        };
        Ok(Box::new(TextWeight { query: self.clone(), bm25 }))
    }
}

struct TextWeight {
    query: TextQuery,
    bm25: Option<Bm25Weight>,
}

/// Tantivy's estimate of the size of an intersection (`query::size_hint`),
/// which its `PhraseScorer` reports as part of its cost.
fn estimate_intersection(sizes: &[u32], max_docs: u32) -> u32 {
    if max_docs == 0 || sizes.is_empty() {
        return 0;
    }
    let mut co_loc_factor: f64 = 1.3;
    let mut estimate = sizes[0] as f64;
    let mut smallest = estimate;
    for &size in &sizes[1..] {
        co_loc_factor = (co_loc_factor - 0.1).max(1.0);
        estimate *= (size as f64 / max_docs as f64) * co_loc_factor;
        smallest = smallest.min(size as f64);
    }
    estimate.round().min(smallest) as u32
}

impl Weight for TextWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let q = &self.query;
        let text = q.ctx.texts.get(reader)?;
        let Some(ids) = q.tokens.iter().map(|t| text.token_id(q.mode, t)).collect::<Option<Vec<u32>>>() else {
            return Ok(Box::new(EmptyScorer));
        };
        let bm25 = self.bm25.as_ref().map(|w| w.boost_by(boost));
        if ids.len() == 1 {
            let cursor = text.unigrams(q.mode, ids[0]);
            let cost = cursor.len() as u64;
            return Ok(Box::new(TextScorer { text, bm25, cost, inner: Inner::Term(cursor) }));
        }
        // the cost tantivy's PhraseScorer reported: its docsets sorted by
        // cost (the terms' document frequencies), their estimated
        // intersection, times 10 per term
        let mut sizes: Vec<u32> = ids.iter().map(|&id| text.doc_freq(q.mode, id)).collect();
        sizes.sort();
        let cost = estimate_intersection(&sizes, reader.max_doc()) as u64 * 10 * ids.len() as u64;
        let hits = q.ctx.cache.phrase_hits(reader, &text, q.mode, &q.tokens);
        Ok(Box::new(TextScorer { text, bm25, cost, inner: Inner::Phrase { hits, at: 0 } }))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(tantivy::TantivyError::InvalidArgument(format!("document {doc} does not match")));
        }
        Ok(Explanation::new("TextQuery", scorer.score()))
    }
}

enum Inner {
    Term(UniCursor),
    Phrase { hits: Arc<Vec<PhraseHit>>, at: usize },
}

struct TextScorer {
    text: Arc<SegmentText>,
    bm25: Option<Bm25Weight>,
    cost: u64,
    inner: Inner,
}

impl DocSet for TextScorer {
    #[inline]
    fn advance(&mut self) -> DocId {
        match &mut self.inner {
            Inner::Term(c) => c.advance(),
            Inner::Phrase { hits, at } => {
                if *at < hits.len() {
                    *at += 1;
                }
                hits.get(*at).map(|h| h.doc).unwrap_or(TERMINATED)
            }
        }
    }

    fn seek(&mut self, target: DocId) -> DocId {
        match &mut self.inner {
            Inner::Term(c) => c.seek(target),
            Inner::Phrase { hits, at } => {
                *at += hits[*at..].partition_point(|h| h.doc < target);
                hits.get(*at).map(|h| h.doc).unwrap_or(TERMINATED)
            }
        }
    }

    #[inline]
    fn doc(&self) -> DocId {
        match &self.inner {
            Inner::Term(c) => c.doc(),
            Inner::Phrase { hits, at } => hits.get(*at).map(|h| h.doc).unwrap_or(TERMINATED),
        }
    }

    fn size_hint(&self) -> u32 {
        match &self.inner {
            Inner::Term(c) => c.len(),
            Inner::Phrase { hits, .. } => hits.len() as u32,
        }
    }

    fn cost(&self) -> u64 {
        self.cost
    }
}

impl Scorer for TextScorer {
    #[inline]
    fn score(&mut self) -> Score {
        let doc = self.doc();
        let (Some(bm25), true) = (&self.bm25, doc != TERMINATED) else { return 1.0 };
        let freq = match &self.inner {
            Inner::Term(c) => c.tf(),
            Inner::Phrase { hits, at } => hits[*at].starts,
        };
        bm25.score(self.text.fieldnorm_id(doc), freq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bigrams_of_the_cover_reach_every_token() {
        assert_eq!(cover(2), [0]);
        assert_eq!(cover(3), [0, 1]);
        assert_eq!(cover(4), [0, 2]);
        assert_eq!(cover(5), [0, 2, 3]);
        assert_eq!(cover(6), [0, 2, 4]);
        for n in 2..40 {
            let c = cover(n);
            let covered: std::collections::BTreeSet<usize> = c.iter().flat_map(|&k| [k, k + 1]).collect();
            assert_eq!(covered, (0..n).collect(), "{n}");
            assert_eq!(c.len(), n.div_ceil(2), "{n}: no more bigrams than needed");
        }
    }

    #[test]
    fn an_index_is_shared_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<crate::SearchIndex>();
        send_sync::<TextQuery>();
    }
}

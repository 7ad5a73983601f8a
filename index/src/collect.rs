//! One pass over the matching segments that yields everything a result page
//! needs except snippets: totals of segments and occurrences, broken down by
//! source and layer, and the best-scoring segments.
//!
//! Occurrences are counted from the postings (term frequencies and
//! positions), never by reading documents back, so counting stays cheap even
//! when a single character matches a hundred thousand segments. The count is
//! the corpus contract: non-overlapping occurrences of the folded query in
//! each segment, scanning left to right; what one occurrence of a `?` phrase
//! or a proximity is, is decided in `query/pattern.rs`, which also decides
//! which documents a proximity matches and what KWIC highlights.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Mutex;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader};

use crate::query::{CountTerm, TermPostings};
use crate::schema::Fields;

/// How much a match in each layer weighs in ranking (by layer ordinal, see
/// [`crate::indexer::layer_ord`]): the classic first, then 鄭玄, then the rest.
const LAYER_WEIGHT: [f32; 7] = [1.6, 1.3, 1.0, 1.0, 1.0, 1.2, 1.1];

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    pub segments: u64,
    pub occurrences: u64,
    /// Indexed by source ordinal.
    pub by_source: Vec<(u64, u64)>,
    /// Indexed by layer ordinal.
    pub by_layer: [(u64, u64); 7],
}

impl Totals {
    fn add(&mut self, source: usize, layer: usize, occ: u64) {
        self.segments += 1;
        self.occurrences += occ;
        if self.by_source.len() <= source {
            self.by_source.resize(source + 1, (0, 0));
        }
        self.by_source[source].0 += 1;
        self.by_source[source].1 += occ;
        if let Some(l) = self.by_layer.get_mut(layer) {
            l.0 += 1;
            l.1 += occ;
        }
    }

    fn merge(&mut self, other: Totals) {
        self.segments += other.segments;
        self.occurrences += other.occurrences;
        if self.by_source.len() < other.by_source.len() {
            self.by_source.resize(other.by_source.len(), (0, 0));
        }
        for (i, (s, o)) in other.by_source.into_iter().enumerate() {
            self.by_source[i].0 += s;
            self.by_source[i].1 += o;
        }
        for (i, (s, o)) in other.by_layer.into_iter().enumerate() {
            self.by_layer[i].0 += s;
            self.by_layer[i].1 += o;
        }
    }
}

/// A ranked segment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranked {
    pub score: f32,
    pub doc: DocAddress,
    pub occurrences: u32,
    /// Source order (the `seq` fast field).
    pub seq: u64,
}

impl Eq for Ranked {}
impl Ord for Ranked {
    /// "Greater" means better: higher score, then earlier in source order
    /// (`seq`), so that equal scores come in reading order whatever the
    /// index's segments: tantivy's document addresses differ between two
    /// builds of the same texts (its writer threads share the documents out,
    /// and an import's build adds a segment to the earlier ones).
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then_with(|| other.seq.cmp(&self.seq))
            .then_with(|| other.doc.cmp(&self.doc))
    }
}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The fast fields the collector reads, of one index segment.
#[derive(Clone)]
struct SegmentColumns {
    source_ord: Column<u64>,
    layer_ord: Column<u64>,
    own_tokens: Column<u64>,
    seq: Column<u64>,
}

/// The collector's columns of each index segment, opened once per
/// [`crate::SearchIndex`] rather than once per search: opening a column
/// looks it up in the columnar's directory of names and reads its header,
/// and four of them in each of five index segments were a tenth of a
/// 4-character phrase's call at 10M characters (see `query/tails.rs`).
/// Kept by segment id, so a reader that reloads still gets its own.
#[derive(Default)]
pub struct ColumnCache(Mutex<HashMap<SegmentId, SegmentColumns>>);

impl ColumnCache {
    fn get(&self, reader: &SegmentReader) -> tantivy::Result<SegmentColumns> {
        let id = reader.segment_id();
        // Poisoned only by a panic elsewhere; the map itself is whole.
        if let Some(c) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&id) {
            return Ok(c.clone());
        }
        let fast = reader.fast_fields();
        let columns = SegmentColumns {
            source_ord: fast.u64("source_ord")?,
            layer_ord: fast.u64("layer_ord")?,
            own_tokens: fast.u64("own_tokens")?,
            seq: fast.u64("seq")?,
        };
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(id, columns.clone());
        Ok(columns)
    }
}

pub struct MatchCollector<'a> {
    pub fields: Fields,
    /// Where the index segments' columns are kept between searches.
    pub columns: &'a ColumnCache,
    pub terms: &'a [CountTerm],
    /// How many top segments to keep (offset + limit of the page).
    pub keep: usize,
    /// Keep every matching segment (for the other sort orders, collocations
    /// and the list of hits), in `Fruit::all`.
    pub keep_all: bool,
}

pub struct Fruit {
    pub totals: Totals,
    /// Best first.
    pub top: Vec<Ranked>,
    /// Every matching segment, in no particular order, if asked for.
    pub all: Vec<Ranked>,
}

pub struct MatchSegmentCollector {
    segment: SegmentOrdinal,
    /// The count terms, and their postings in this index segment.
    spec: Vec<CountTerm>,
    terms: Vec<TermPostings>,
    source_ord: Column<u64>,
    layer_ord: Column<u64>,
    own_tokens: Column<u64>,
    /// Some document of this index segment has a tail (`crate::joined`).
    has_tails: bool,
    seq: Column<u64>,
    keep: usize,
    keep_all: bool,
    all: Vec<Ranked>,
    totals: Totals,
    // Min-heap of the best `keep` results (Reverse order via the wrapper).
    heap: BinaryHeap<std::cmp::Reverse<Ranked>>,
    /// Scratch for the occurrences of several terms in one document.
    spans: Vec<(u32, u32)>,
}

/// How many occurrences `spans` (position ranges `[start, end)`, in any
/// order) are once those that overlap are taken as one.
fn count_merged(spans: &mut [(u32, u32)]) -> u32 {
    spans.sort_unstable();
    let mut n = 0;
    let mut end = 0;
    for &(s, e) in spans.iter() {
        if n == 0 || s >= end {
            n += 1;
            end = e;
        } else {
            end = end.max(e);
        }
    }
    n
}

impl Collector for MatchCollector<'_> {
    type Fruit = Fruit;
    type Child = MatchSegmentCollector;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<MatchSegmentCollector> {
        let terms = self
            .terms
            .iter()
            .map(|t| TermPostings::open(t, &self.fields, reader))
            .collect::<tantivy::Result<Vec<_>>>()?;
        let SegmentColumns { source_ord, layer_ord, own_tokens, seq } = self.columns.get(reader)?;
        Ok(MatchSegmentCollector {
            segment,
            spec: self.terms.to_vec(),
            terms,
            source_ord,
            layer_ord,
            has_tails: own_tokens.max_value() > 0,
            own_tokens,
            seq,
            keep: self.keep,
            keep_all: self.keep_all,
            all: Vec::new(),
            totals: Totals::default(),
            heap: BinaryHeap::new(),
            spans: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Fruit>) -> tantivy::Result<Fruit> {
        let mut totals = Totals::default();
        let mut top = Vec::new();
        let mut all = Vec::new();
        for f in fruits {
            totals.merge(f.totals);
            top.extend(f.top);
            all.extend(f.all);
        }
        top.sort_by(|a, b| b.cmp(a));
        top.truncate(self.keep);
        Ok(Fruit { totals, top, all })
    }
}

impl SegmentCollector for MatchSegmentCollector {
    type Fruit = Fruit;

    fn collect(&mut self, doc: DocId, score: Score) {
        // A 經 piece with a tail across an inline note (`crate::joined`)
        // counts only the occurrences that begin in its own text; one found
        // only in the tail is the next piece's, and this segment no match.
        let own = if self.has_tails { self.own_tokens.first(doc).unwrap_or(0) as u32 } else { 0 };
        let occurrences: u32 = if own == 0 && self.terms.len() == 1 {
            self.terms[0].count(&self.spec[0], doc)
        } else {
            // Several terms may find the same characters (`射 射`, `觶 =觶`,
            // a refinement by a word already inside the match): their
            // occurrences are put together and those that overlap counted
            // once, as the highlights merge them, so that no refinement
            // counts more than the page marks.
            let spans = &mut self.spans;
            spans.clear();
            for (p, t) in self.terms.iter_mut().zip(&self.spec) {
                let found = p.spans(t, doc);
                spans.extend(found.iter().filter(|(start, _)| own == 0 || *start < own));
            }
            let n = count_merged(spans);
            if own > 0 && n == 0 && !self.spec.is_empty() {
                return;
            }
            n
        };
        let source = self.source_ord.first(doc).unwrap_or(0) as usize;
        let layer = self.layer_ord.first(doc).unwrap_or(0) as usize;
        self.totals.add(source, layer, occurrences as u64);
        let weight = LAYER_WEIGHT.get(layer).copied().unwrap_or(1.0);
        // Source order: the other sort orders, and ties of relevance.
        let seq = self.seq.first(doc).unwrap_or(0);
        let ranked = Ranked {
            score: score * weight,
            doc: DocAddress::new(self.segment, doc),
            occurrences,
            seq,
        };
        if self.keep_all {
            self.all.push(ranked);
        }
        if self.keep == 0 {
            return;
        }
        if self.heap.len() < self.keep {
            self.heap.push(std::cmp::Reverse(ranked));
        } else if let Some(worst) = self.heap.peek()
            && ranked > worst.0
        {
            self.heap.pop();
            self.heap.push(std::cmp::Reverse(ranked));
        }
    }

    fn harvest(self) -> Fruit {
        let mut top: Vec<Ranked> = self.heap.into_iter().map(|r| r.0).collect();
        top.sort_by(|a, b| b.cmp(a));
        Fruit { totals: self.totals, top, all: self.all }
    }
}

//! Running a query: parse, compile, collect totals and the best segments,
//! then read back only the segments shown to build their snippets.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sheli_corpus::Layer;
use tantivy::schema::document::{DeserializeError, DocumentDeserialize, DocumentDeserializer};
use tantivy::schema::{Field, OwnedValue};
use tantivy::{Index, IndexReader, ReloadPolicy};

use crate::collect::{ColumnCache, MatchCollector, Ranked};
use crate::concordance::{self, SegmentText};
pub use crate::concordance::{Collocate, Collocations, HitList, HitRef, MAX_HITS, SortOrder};
use crate::error::Result;
use crate::indexer::line_of;
use crate::kwic;
use crate::meta::IndexMeta;
use crate::query::{self, CountTerm, Vocabulary};
use crate::reading::Syllable;
use crate::schema::Fields;

/// The largest page a caller may ask for.
pub const MAX_LIMIT: usize = 1000;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SearchRequest {
    pub query: String,
    /// Search exact forms (no folding) for every term.
    #[serde(default)]
    pub exact: bool,
    /// Extra filters, as a `layer:`/`work:`/`source:` value would be typed.
    #[serde(default)]
    pub layer: Option<String>,
    #[serde(default)]
    pub work: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default = "default_limit")]
    pub limit: usize,
    #[serde(default)]
    pub offset: usize,
    /// The order of the results, over every matching segment before paging.
    #[serde(default)]
    pub sort: SortOrder,
    /// Count the characters and two-character words beside every occurrence.
    #[serde(default)]
    pub collocations: bool,
    /// List every matching segment (up to [`MAX_HITS`]) with its hits, in
    /// the order of the results, for stepping from hit to hit.
    #[serde(default)]
    pub hits: bool,
}

fn default_limit() -> usize {
    20
}

/// Segments and occurrences.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub segments: u64,
    pub occurrences: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PinyinExpansion {
    pub syllable: String,
    /// The characters of the library with that reading.
    pub characters: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Hit {
    /// Passage id.
    pub id: String,
    pub source: String,
    pub work: String,
    pub layer: Layer,
    /// Index of the segment in its passage.
    pub segment: u32,
    #[serde(default)]
    pub ji: bool,
    /// Raw line of the first hit (or of the segment start).
    pub line: u32,
    pub snippet: String,
    /// Character ranges `[start, end)` in `snippet`.
    pub highlights: Vec<[usize; 2]>,
    /// Character ranges of every hit in the whole segment text.
    pub segment_highlights: Vec<[usize; 2]>,
    pub occurrences: u32,
    pub score: f32,
    /// The match came from a pinyin term.
    pub pinyin: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SearchResponse {
    pub query: String,
    pub exact: bool,
    pub total_occurrences: u64,
    pub total_segments: u64,
    pub by_source: BTreeMap<String, Tally>,
    pub by_work: BTreeMap<String, Tally>,
    pub by_layer: BTreeMap<String, Tally>,
    pub pinyin: Vec<PinyinExpansion>,
    /// How terms were read, where the user should know (see `Query::notes`);
    /// written out with their codes, never read back.
    #[serde(skip_deserializing)]
    pub notes: Vec<crate::QueryNote>,
    pub offset: usize,
    pub results: Vec<Hit>,
    /// How many results this page holds: "showing `offset + 1`–`offset +
    /// shown` of `total_segments`".
    #[serde(default)]
    pub shown: usize,
    /// More results follow this page.
    #[serde(default)]
    pub has_more: bool,
    #[serde(default)]
    pub sort: SortOrder,
    /// When asked for: the neighbours of every occurrence.
    #[serde(default)]
    pub collocations: Option<Collocations>,
    /// When asked for: every matching segment in the order of the results.
    #[serde(default)]
    pub hits: Option<HitList>,
}

/// A request parsed and compiled.
struct Prepared {
    parsed: query::Query,
    terms: Vec<CountTerm>,
    tquery: Box<dyn tantivy::query::Query>,
}

/// An opened index, ready for queries.
pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    meta: IndexMeta,
    vocabulary: Vocabulary,
    folded_chars: OnceLock<Vec<char>>,
    columns: ColumnCache,
    /// The reader's lease on the generation this index was opened from,
    /// held for as long as the index is (see [`crate::generations`]).
    _lease: Option<crate::generations::Lease>,
}

impl SearchIndex {
    pub fn new(index: Index, meta: IndexMeta) -> Result<SearchIndex> {
        crate::tokenizer::register(&index);
        let fields = Fields::from_schema(&index.schema())?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let vocabulary = Vocabulary { works: meta.works.clone(), sources: meta.sources.clone() };
        Ok(SearchIndex {
            reader,
            fields,
            meta,
            vocabulary,
            folded_chars: OnceLock::new(),
            columns: ColumnCache::default(),
            _lease: None,
        })
    }

    /// Keeps `lease` until this index is dropped.
    pub(crate) fn with_lease(mut self, lease: crate::generations::Lease) -> SearchIndex {
        self._lease = Some(lease);
        self
    }

    pub fn meta(&self) -> &IndexMeta {
        &self.meta
    }

    pub fn num_segments(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// Every single-character term of the folded field: what pinyin expands to.
    fn folded_chars(&self) -> &[char] {
        self.folded_chars.get_or_init(|| {
            let mut chars = Vec::new();
            for seg in self.reader.searcher().segment_readers() {
                let Ok(inv) = seg.inverted_index(self.fields.folded) else { continue };
                let Ok(mut stream) = inv.terms().stream() else { continue };
                while stream.advance() {
                    if let Ok(s) = std::str::from_utf8(stream.key()) {
                        let mut cs = s.chars();
                        if let (Some(c), None) = (cs.next(), cs.next()) {
                            chars.push(c);
                        }
                    }
                }
            }
            chars.sort_unstable();
            chars.dedup();
            chars
        })
    }

    fn expand(&self, s: &Syllable) -> Vec<String> {
        self.folded_chars().iter().filter(|c| s.matches(**c)).map(|c| c.to_string()).collect()
    }

    /// Parses `text` against this index's works and sources.
    pub fn parse(&self, text: &str, exact: bool) -> Result<query::Query> {
        Ok(query::parse(text, &self.vocabulary, exact)?)
    }

    /// Parses `req` (its query and its filters given apart) into the
    /// query, what counts as an occurrence, and the tantivy query.
    fn prepare(&self, req: &SearchRequest) -> Result<Prepared> {
        let mut parsed = self.parse(&req.query, req.exact)?;
        // Filters given apart from the query narrow it as typed ones would
        // (an AND of one alternative each).
        for (field, value) in [("layer", &req.layer), ("work", &req.work), ("source", &req.source)]
        {
            if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
                let filter = query::parse_filter(field, v, &self.vocabulary)?;
                parsed.clauses.push(query::Clause {
                    negated: false,
                    alternatives: vec![query::Atom {
                        kind: query::AtomKind::Filter(filter),
                        span: 0..0,
                    }],
                });
            }
        }
        let expand = |s: &Syllable| self.expand(s);
        let terms = query::count_terms(&parsed, &expand);
        let tquery = query::compile(&parsed, &self.fields, &expand);
        Ok(Prepared { parsed, terms, tquery })
    }

    /// A page of the list of hits of `req` (its query, filters and order;
    /// its own page, collocations and hit flag are ignored): the matching
    /// segments `offset..offset + limit` (at most [`MAX_HITS`]) in the
    /// order of the results, with the total. The reader steps through a
    /// search's hits with it, a page at a time, so no hit is out of reach.
    pub fn hit_page(&self, req: &SearchRequest, offset: usize, limit: usize) -> Result<HitList> {
        let Prepared { terms, tquery, .. } = self.prepare(req)?;
        let searcher = self.reader.searcher();
        let collector = MatchCollector {
            fields: self.fields,
            columns: &self.columns,
            terms: &terms,
            keep: 0,
            keep_all: true,
        };
        let fruit = searcher.search(tquery.as_ref(), &collector)?;
        let mut read = HashMap::new();
        let (ordered, _) = concordance::order(
            &searcher,
            &self.fields,
            &terms,
            fruit.all,
            req.sort,
            false,
            &mut read,
        )?;
        concordance::hit_list(&searcher, &self.fields, &terms, &ordered, (offset, limit), &mut read)
    }

    pub fn search(&self, req: &SearchRequest) -> Result<SearchResponse> {
        let Prepared { parsed, terms, tquery } = self.prepare(req)?;
        let limit = req.limit.min(MAX_LIMIT);
        let searcher = self.reader.searcher();
        // Relevance alone needs only the best `offset + limit`; any other
        // order, collocations and the hit list need every matching segment.
        let keep_all = req.sort != SortOrder::Relevance || req.collocations || req.hits;
        let collector = MatchCollector {
            fields: self.fields,
            columns: &self.columns,
            terms: &terms,
            keep: if keep_all { 0 } else { req.offset + limit },
            keep_all,
        };
        let fruit = searcher.search(tquery.as_ref(), &collector)?;
        let mut read = HashMap::new();
        let (ordered, collocations) = if keep_all {
            concordance::order(
                &searcher,
                &self.fields,
                &terms,
                fruit.all,
                req.sort,
                req.collocations,
                &mut read,
            )?
        } else {
            (fruit.top, None)
        };
        let mut results = Vec::new();
        for ranked in ordered.iter().skip(req.offset).take(limit) {
            results.push(self.hit(&searcher, ranked, &terms)?);
        }
        let hits = if req.hits {
            Some(concordance::hit_list(
                &searcher,
                &self.fields,
                &terms,
                &ordered,
                (0, MAX_HITS),
                &mut read,
            )?)
        } else {
            None
        };
        let pinyin = parsed
            .pinyin_syllables()
            .into_iter()
            .map(|s| PinyinExpansion {
                syllable: s.to_string(),
                characters: self.expand(s).concat(),
            })
            .collect();
        let t = &fruit.totals;
        let shown = results.len();
        let mut by_source = BTreeMap::new();
        let mut by_work: BTreeMap<String, Tally> = BTreeMap::new();
        for (i, (id, work)) in self.meta.sources.iter().enumerate() {
            let (segments, occurrences) = t.by_source.get(i).copied().unwrap_or((0, 0));
            by_source.insert(id.clone(), Tally { segments, occurrences });
            let w = by_work.entry(work.clone()).or_default();
            w.segments += segments;
            w.occurrences += occurrences;
        }
        let by_layer = Layer::ALL
            .iter()
            .zip(t.by_layer.iter())
            .map(|(l, (s, o))| (l.label().to_string(), Tally { segments: *s, occurrences: *o }))
            .collect();
        Ok(SearchResponse {
            query: req.query.clone(),
            exact: req.exact,
            total_occurrences: t.occurrences,
            total_segments: t.segments,
            by_source,
            by_work,
            by_layer,
            pinyin,
            notes: parsed.notes,
            offset: req.offset,
            results,
            shown,
            has_more: (req.offset + shown) < t.segments as usize,
            sort: req.sort,
            collocations,
            hits,
        })
    }

    fn hit(&self, searcher: &tantivy::Searcher, r: &Ranked, terms: &[CountTerm]) -> Result<Hit> {
        let mut doc: StoredValues = searcher.doc(r.doc)?;
        let f = &self.fields;
        let mut text_of = |field| doc.take_str(field);
        let own = text_of(f.text);
        let tail = text_of(f.tail);
        let (id, source, work, layer) =
            (text_of(f.passage), text_of(f.source), text_of(f.work), text_of(f.layer));
        let u64_of = |field| doc.u64(field);
        // A 經 piece is read on across an inline note (its tail): a match
        // beginning in it may end in the tail, and the snippet shows the 經
        // that follows.
        let seg = SegmentText {
            passage: String::new(),
            source: String::new(),
            segment: 0,
            own_chars: own.chars().count(),
            text: own + &tail,
        };
        let text = &seg.text;
        let ranges = seg.highlights(terms);
        let snip = kwic::snippet(text, &ranges);
        let line_starts = doc.bytes(f.line_starts);
        let line = line_of(u64_of(f.line) as u32, line_starts, snip.first_hit.unwrap_or(0));
        let layer = Layer::parse(&layer).unwrap_or(Layer::Jing);
        // A pinyin match: a pinyin term matched, and no other term is in the text.
        let pinyin_only = terms.iter().any(|t| t.pinyin)
            && terms
                .iter()
                .filter(|t| !t.pinyin)
                .all(|t| seg.highlights(std::slice::from_ref(t)).is_empty());
        Ok(Hit {
            id,
            source,
            work,
            layer,
            segment: u64_of(f.segment) as u32,
            ji: u64_of(f.ji) == 1,
            line,
            snippet: snip.text,
            highlights: snip.highlights.iter().map(|h| [h.start, h.end]).collect(),
            segment_highlights: ranges
                .iter()
                .map(|h| [h.start, h.end.min(seg.own_chars)])
                .collect(),
            occurrences: r.occurrences,
            score: r.score,
            pinyin: pinyin_only,
        })
    }
}

/// A stored document as its values, each field's first kept for the taking.
/// Every shown result reads one; tantivy's own document would first copy
/// each value into its compact form, and the hit then copy the strings out
/// again (a tenth of a 4-character phrase's call at 10M characters).
struct StoredValues(Vec<(Field, OwnedValue)>);

impl DocumentDeserialize for StoredValues {
    fn deserialize<'de, D: DocumentDeserializer<'de>>(
        mut d: D,
    ) -> std::result::Result<Self, DeserializeError> {
        let mut values = Vec::with_capacity(d.size_hint());
        while let Some(fv) = d.next_field::<OwnedValue>()? {
            values.push(fv);
        }
        Ok(StoredValues(values))
    }
}

impl StoredValues {
    fn first(&self, field: Field) -> Option<&OwnedValue> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, v)| v)
    }

    /// The first string of `field`, moved out ("" if none).
    fn take_str(&mut self, field: Field) -> String {
        match self.0.iter_mut().find(|(f, _)| *f == field) {
            Some((_, OwnedValue::Str(s))) => std::mem::take(s),
            _ => String::new(),
        }
    }

    fn u64(&self, field: Field) -> u64 {
        match self.first(field) {
            Some(OwnedValue::U64(n)) => *n,
            _ => 0,
        }
    }

    fn bytes(&self, field: Field) -> &[u8] {
        match self.first(field) {
            Some(OwnedValue::Bytes(b)) => b,
            _ => &[],
        }
    }
}

//! The concordancer's view of a search (issue 11, points 4 and 5): every
//! matching segment put in the order the user chose — relevance, source
//! order, left context or right context — before a page is cut from it;
//! the characters and two-character words that stand right beside the
//! matches, counted over every occurrence; and the list of every hit, in
//! that order, that the reader walks from hit to hit.
//!
//! Context is read from the segment's own text (and, for a 經 piece, the 經
//! that runs on across an inline note, `crate::joined`), folded, one token
//! per character, punctuation skipped: the same tokens search matches, so
//! 觶 and 觯 sort and count together. It never crosses into another segment.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sheli_corpus::display::{Script, Shown};
use sheli_corpus::fold::fold;
use sheli_corpus::{EditionScript, FoldMode};
use tantivy::schema::Value;
use tantivy::{DocAddress, Searcher, TantivyDocument};

use crate::collect::Ranked;
use crate::error::Result;
use crate::kwic;
use crate::query::CountTerm;
use crate::schema::Fields;
use crate::tokenizer::Tok;

/// The order of the results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    /// Best first: BM25 weighted by layer (the default).
    #[default]
    Relevance,
    /// Source order: source, passage, segment.
    Position,
    /// By the characters before the first match, read from the match
    /// leftwards (the concordancer's "sort on left context").
    Left,
    /// By the characters after the first match.
    Right,
}

impl SortOrder {
    pub fn parse(s: &str) -> Option<SortOrder> {
        Some(match s {
            "relevance" => SortOrder::Relevance,
            "position" => SortOrder::Position,
            "left" => SortOrder::Left,
            "right" => SortOrder::Right,
            _ => return None,
        })
    }
}

/// How many characters of context a sort key holds; ties beyond are broken
/// by source order.
const SORT_KEY_CHARS: usize = 12;
/// How many collocates of each kind are returned.
pub const TOP_COLLOCATES: usize = 20;
/// The most hits a [`HitList`] holds.
pub const MAX_HITS: usize = 5000;

/// One neighbour of the matches and how often it stands there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collocate {
    /// Folded, as search folds (觶 is counted as 觯).
    pub text: String,
    pub count: u64,
    /// How the texts write it, source by source, most frequent first. The
    /// folded key is no form to show: turned back into traditional, 云 (as
    /// 鄭司農云 writes it) came out 雲 and 个 個, and 侯 stood where
    /// xiangshe.zhushu writes 矦 (issue 11).
    #[serde(default)]
    pub written: Vec<Written>,
}

/// One way a collocate is written in one source, and how often.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    pub text: String,
    pub source: String,
    pub count: u64,
}

impl Collocate {
    /// The form the sources `keep` accepts write most often (ties in
    /// character order), or none if no such source has it.
    pub fn written_in(&self, keep: impl Fn(&str) -> bool) -> Option<&str> {
        let mut forms: Vec<(&str, u64)> = Vec::new();
        for w in self.written.iter().filter(|w| keep(&w.source)) {
            match forms.iter_mut().find(|(t, _)| *t == w.text) {
                Some((_, n)) => *n += w.count,
                None => forms.push((&w.text, w.count)),
            }
        }
        forms.into_iter().min_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0))).map(|(t, _)| t)
    }

    /// The collocate shown in `to` (traditional or simplified; `Original`
    /// is taken as traditional): as the sources written in that script
    /// write it most often; failing those, the form written most often,
    /// converted from its source's script; failing that (a collocate
    /// counted before forms were kept), the key converted from simplified.
    /// `script_of` names a source's script (none: a source not known).
    pub fn shown_in(
        &self,
        script_of: impl Fn(&str) -> Option<EditionScript>,
        to: Script,
    ) -> sheli_corpus::Result<String> {
        let (want, to) = match to {
            Script::Simplified => (EditionScript::Simplified, Script::Simplified),
            Script::Traditional | Script::Original => {
                (EditionScript::Traditional, Script::Traditional)
            }
        };
        if let Some(form) = self.written_in(|s| script_of(s) == Some(want)) {
            return Ok(form.to_owned());
        }
        let (text, from) = match self.written.first() {
            Some(w) => {
                (w.text.as_str(), script_of(&w.source).unwrap_or(EditionScript::Traditional))
            }
            None => (self.text.as_str(), EditionScript::Simplified),
        };
        let converted = Shown::new(from, to).text(text)?;
        // A click searches what is shown: a conversion that would search
        // something else is not taken (the form as written always folds
        // to the key).
        Ok(if fold(&converted, FoldMode::Folded) == self.text {
            converted
        } else {
            text.to_owned()
        })
    }
}

/// What stands immediately left and right of every occurrence: single
/// characters and two-character words, most frequent first (ties in
/// character order), at most [`TOP_COLLOCATES`] of each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collocations {
    /// The occurrences looked at (all of them).
    pub occurrences: u64,
    pub left_chars: Vec<Collocate>,
    /// The two characters before a match, in reading order.
    pub left_words: Vec<Collocate>,
    pub right_chars: Vec<Collocate>,
    pub right_words: Vec<Collocate>,
}

/// One matching segment, for stepping from hit to hit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitRef {
    /// Passage id.
    pub id: String,
    pub source: String,
    /// Index of the segment in its passage.
    pub segment: u32,
    /// Character ranges `[start, end)` of every hit in the segment's text
    /// (a hit running on across an inline note ends at the segment's end).
    pub ranges: Vec<[usize; 2]>,
}

/// Matching segments in the order of the results: up to [`MAX_HITS`] of
/// them, from `offset` (a page of the list; the reader asks for the next
/// page when the user steps past this one).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitList {
    pub items: Vec<HitRef>,
    /// More segments match after `items` (the page stops at [`MAX_HITS`],
    /// or the caller's limit).
    pub truncated: bool,
    /// Where `items` begins among all the matching segments.
    #[serde(default)]
    pub offset: usize,
    /// How many segments match in all.
    #[serde(default)]
    pub total: usize,
}

/// A segment's text as search sees it.
pub(crate) struct SegmentText {
    pub passage: String,
    pub source: String,
    pub segment: u32,
    /// The segment's own text followed by its tail, if any.
    pub text: String,
    /// Characters of the segment's own text.
    pub own_chars: usize,
}

impl SegmentText {
    pub fn read(searcher: &Searcher, f: &Fields, addr: DocAddress) -> Result<SegmentText> {
        let doc: TantivyDocument = searcher.doc(addr)?;
        let str_of =
            |field| doc.get_first(field).and_then(|v| v.as_str()).unwrap_or("").to_string();
        let own = str_of(f.text);
        let own_chars = own.chars().count();
        let tail = str_of(f.tail);
        Ok(SegmentText {
            passage: str_of(f.passage),
            source: str_of(f.source),
            segment: doc.get_first(f.segment).and_then(|v| v.as_u64()).unwrap_or(0) as u32,
            text: own + &tail,
            own_chars,
        })
    }

    /// Highlight ranges of the occurrences that begin in the segment's own
    /// text (one beginning in the tail is the next piece's).
    pub fn highlights(&self, terms: &[CountTerm]) -> Vec<std::ops::Range<usize>> {
        let mut ranges = kwic::highlights(&self.text, terms);
        ranges.retain(|r| r.start < self.own_chars);
        ranges
    }

    /// The same, cut at the end of the segment's own text.
    pub fn own_ranges(&self, terms: &[CountTerm]) -> Vec<[usize; 2]> {
        self.highlights(terms).iter().map(|r| [r.start, r.end.min(self.own_chars)]).collect()
    }
}

/// Orders every matching segment as `sort` says and, if asked, counts the
/// collocates of every occurrence. Segments read for the context are kept
/// in `read` for the caller.
pub(crate) fn order(
    searcher: &Searcher,
    fields: &Fields,
    terms: &[CountTerm],
    mut all: Vec<Ranked>,
    sort: SortOrder,
    want_collocations: bool,
    read: &mut HashMap<DocAddress, SegmentText>,
) -> Result<(Vec<Ranked>, Option<Collocations>)> {
    let by_context = matches!(sort, SortOrder::Left | SortOrder::Right);
    let mut keys: HashMap<DocAddress, String> = HashMap::new();
    let mut counter = Counter::default();
    if by_context || want_collocations {
        for r in &all {
            let seg = SegmentText::read(searcher, fields, r.doc)?;
            let (toks, spans) = kwic::occurrences(&seg.text, terms);
            let own_tokens = toks.iter().take_while(|t| t.chars.start < seg.own_chars).count();
            let own_spans: Vec<(usize, usize)> = spans
                .iter()
                .map(|&(s, e)| (s as usize, e as usize))
                .filter(|(s, _)| *s < own_tokens)
                .collect();
            if by_context {
                let key = match (sort, own_spans.first()) {
                    (SortOrder::Left, Some(&(s, _))) => toks[..s]
                        .iter()
                        .rev()
                        .take(SORT_KEY_CHARS)
                        .map(|t| t.text.as_str())
                        .collect(),
                    (_, Some(&(_, e))) => {
                        toks[e..].iter().take(SORT_KEY_CHARS).map(|t| t.text.as_str()).collect()
                    }
                    (_, None) => String::new(),
                };
                keys.insert(r.doc, key);
            }
            if want_collocations {
                let source = counter.source(&seg.source);
                for &(s, e) in &own_spans {
                    counter.occurrence(&seg.text, source, &toks, s, e);
                }
            }
            read.insert(r.doc, seg);
        }
    }
    match sort {
        SortOrder::Relevance => all.sort_by(|a, b| b.cmp(a)),
        SortOrder::Position => all.sort_by_key(|r| r.seq),
        SortOrder::Left | SortOrder::Right => {
            all.sort_by(|a, b| keys[&a.doc].cmp(&keys[&b.doc]).then(a.seq.cmp(&b.seq)))
        }
    }
    Ok((all, want_collocations.then(|| counter.finish())))
}

/// Counts of the neighbours of the occurrences.
#[derive(Default)]
struct Counter {
    occurrences: u64,
    left_chars: HashMap<String, Tally>,
    left_words: HashMap<String, Tally>,
    right_chars: HashMap<String, Tally>,
    right_words: HashMap<String, Tally>,
    /// The sources seen, so a form's tally holds an index, not a string.
    sources: Vec<String>,
    /// Scratch for a collocate's key and form, so that counting one
    /// allocates only for a key or a form not met before.
    key: String,
    form: String,
}

/// One collocate's count, and how often each source writes which form:
/// (form, source, count), a handful per collocate.
#[derive(Default)]
struct Tally {
    count: u64,
    forms: Vec<(String, u32, u64)>,
}

impl Counter {
    /// The number `source` is known by.
    fn source(&mut self, source: &str) -> u32 {
        match self.sources.iter().position(|s| s == source) {
            Some(i) => i as u32,
            None => {
                self.sources.push(source.to_owned());
                (self.sources.len() - 1) as u32
            }
        }
    }

    /// The occurrence covering tokens `[s, e)` of `toks`, cut from `text`
    /// of the source numbered `source`.
    fn occurrence(&mut self, text: &str, source: u32, toks: &[Tok], s: usize, e: usize) {
        self.occurrences += 1;
        let (key, form) = (&mut self.key, &mut self.form);
        let mut add = |map: &mut HashMap<String, Tally>, parts: &[Tok]| {
            key.clear();
            key.extend(parts.iter().map(|t| t.text.as_str()));
            // The characters as written, without what the tokens skip
            // (punctuation between the two of a word).
            form.clear();
            form.extend(parts.iter().map(|t| &text[t.bytes.clone()]));
            if !map.contains_key(key.as_str()) {
                map.insert(key.clone(), Tally::default());
            }
            let Some(tally) = map.get_mut(key.as_str()) else { return };
            tally.count += 1;
            match tally.forms.iter_mut().find(|(f, s, _)| *s == source && f == form) {
                Some((_, _, n)) => *n += 1,
                None => tally.forms.push((form.clone(), source, 1)),
            }
        };
        if s >= 1 {
            add(&mut self.left_chars, &toks[s - 1..s]);
        }
        if s >= 2 {
            add(&mut self.left_words, &toks[s - 2..s]);
        }
        if e < toks.len() {
            add(&mut self.right_chars, &toks[e..e + 1]);
        }
        if e + 1 < toks.len() {
            add(&mut self.right_words, &toks[e..e + 2]);
        }
    }

    fn finish(self) -> Collocations {
        let sources = &self.sources;
        Collocations {
            occurrences: self.occurrences,
            left_chars: top(self.left_chars, sources),
            left_words: top(self.left_words, sources),
            right_chars: top(self.right_chars, sources),
            right_words: top(self.right_words, sources),
        }
    }
}

fn top(map: HashMap<String, Tally>, sources: &[String]) -> Vec<Collocate> {
    let mut v: Vec<(String, Tally)> = map.into_iter().collect();
    v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(&b.0)));
    v.truncate(TOP_COLLOCATES);
    v.into_iter()
        .map(|(text, tally)| {
            let mut written: Vec<Written> = tally
                .forms
                .into_iter()
                .map(|(form, source, count)| Written {
                    text: form,
                    source: sources[source as usize].clone(),
                    count,
                })
                .collect();
            written.sort_by(|a, b| {
                b.count.cmp(&a.count).then_with(|| (&a.text, &a.source).cmp(&(&b.text, &b.source)))
            });
            Collocate { text, count: tally.count, written }
        })
        .collect()
}

/// A page of the list of hits: `limit` (at most [`MAX_HITS`]) of
/// `ordered` from `offset`, each with its ranges, reading the segments not
/// read yet.
pub(crate) fn hit_list(
    searcher: &Searcher,
    fields: &Fields,
    terms: &[CountTerm],
    ordered: &[Ranked],
    (offset, limit): (usize, usize),
    read: &mut HashMap<DocAddress, SegmentText>,
) -> Result<HitList> {
    let limit = limit.min(MAX_HITS);
    let page = ordered.iter().skip(offset).take(limit);
    let mut items = Vec::with_capacity(ordered.len().saturating_sub(offset).min(limit));
    for r in page {
        let seg = match read.remove(&r.doc) {
            Some(s) => s,
            None => SegmentText::read(searcher, fields, r.doc)?,
        };
        items.push(HitRef {
            ranges: seg.own_ranges(terms),
            id: seg.passage,
            source: seg.source,
            segment: seg.segment,
        });
    }
    let truncated = offset.saturating_add(items.len()) < ordered.len();
    Ok(HitList { items, truncated, offset, total: ordered.len() })
}

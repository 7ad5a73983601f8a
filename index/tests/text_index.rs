//! The text index against what it replaced and against the corpus contract:
//!
//! - every query scores every document exactly (to the bit) as tantivy's
//!   `TermQuery`/`PhraseQuery` on positional token fields did, in the same
//!   segments — the test index carries both, built in the same pass;
//! - phrase counts are the non-overlapping occurrences a plain scan of the
//!   tokens finds, repeated characters included (再拜賓答再拜, 再拜再拜);
//! - a merge (which the app never asks for) keeps every answer.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use sheli_corpus::fold::fold_char;
use sheli_corpus::{Corpus, FoldMode, Layer};
use sheli_index::indexer::{self, BuildOptions, SegmentDoc};
use sheli_index::kwic::term_ranges;
use sheli_index::meta::IndexMeta;
use sheli_index::query::{self, AtomKind, CountTerm, Filter};
use sheli_index::reading::Syllable;
use sheli_index::schema::{self, Fields};
use sheli_index::text_index::TextPlugin;
use sheli_index::tokenizer::{self, tokens};
use sheli_index::{SearchIndex, SearchRequest, SearchResponse};
use tantivy::collector::{Collector, SegmentCollector};
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{BooleanQuery, ConstScoreQuery, EmptyQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, TextFieldIndexing, TextOptions};
use tantivy::{DocId, Index, IndexWriter, Score, SegmentOrdinal, SegmentReader, Term};

/// Texts added to the built-in corpus: repeated characters, a phrase that
/// overlaps itself, a word of another script longer than tantivy keeps.
fn extra_texts() -> Vec<String> {
    let long_word: String = std::iter::repeat_n('a', tantivy::tokenizer::MAX_TOKEN_LEN + 10).collect();
    vec![
        "再拜再拜再拜。".into(),
        "主人答再拜，賓答再拜，賓答再拜。".into(),
        "萋萋萋萋，再拜再拜。".into(),
        "明月明月明月".into(),
        format!("{long_word} 觶觯觶 再拜"),
        "Zheng Xuan注：zheng xuan，鄭玄。".into(),
        "矦侯矦，\u{EA20}玄。".into(),
        "".into(),
    ]
}

struct Fixture {
    _dir: tempfile::TempDir,
    index: SearchIndex,
    fields: Fields,
    ref_folded: Field,
    ref_exact: Field,
    /// Every indexed text.
    texts: Vec<String>,
    chars: Vec<char>,
}

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in corpus parses"))
}

fn positional(tokenizer: &str) -> TextOptions {
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(tokenizer)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    )
}

/// The built-in corpus (and the extra texts) indexed twice in one index: by
/// the text index, and by tantivy into two positional token fields, as
/// Sheli's index was before the text index.
fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let corpus = corpus();
        let mut docs = indexer::corpus_docs(corpus);
        let extra = extra_texts();
        let first = docs[0].clone();
        for t in &extra {
            docs.push(SegmentDoc { text: t, line_starts: Vec::new(), layer: Layer::Zhu, ..first.clone() });
        }
        let meta = IndexMeta::for_corpus(corpus, docs.len());
        let sources: Vec<String> = meta.sources.iter().map(|(id, _)| id.clone()).collect();
        let (mut builder, fields) = schema::builder();
        let ref_folded = builder.add_text_field("ref_folded", positional(tokenizer::FOLDED));
        let ref_exact = builder.add_text_field("ref_exact", positional(tokenizer::EXACT));
        let dir = tempfile::tempdir().unwrap();
        let index = Index::builder()
            .schema(builder.build())
            .register_plugin(Arc::new(TextPlugin))
            .create_in_dir(dir.path())
            .unwrap();
        tokenizer::register(&index);
        // two threads: two segments, so that per-segment statistics matter
        let mut writer: IndexWriter = index.writer_with_num_threads(2, 40_000_000).unwrap();
        writer.set_merge_policy(Box::new(NoMergePolicy));
        for d in &docs {
            let mut doc = indexer::document(&fields, &sources, d);
            doc.add_text(ref_folded, d.text);
            doc.add_text(ref_exact, d.text);
            writer.add_document(doc).unwrap();
        }
        writer.commit().unwrap();
        writer.wait_merging_threads().unwrap();
        let texts: Vec<String> = docs.iter().map(|d| d.text.to_string()).collect();
        let mut chars: Vec<char> =
            texts.iter().flat_map(|t| t.chars()).filter_map(|c| fold_char(c, FoldMode::Folded)).collect();
        chars.sort_unstable();
        chars.dedup();
        let index = SearchIndex::new(Index::open_in_dir(dir.path()).unwrap(), meta).unwrap();
        Fixture { _dir: dir, index, fields, ref_folded, ref_exact, texts, chars }
    })
}

/// The query compiler as it was, on tantivy's token fields.
fn reference_query(q: &query::Query, f: &Fixture, expand: &dyn Fn(&Syllable) -> Vec<String>) -> Box<dyn Query> {
    let term = |field: Field, text: &str| -> Box<dyn Query> {
        Box::new(TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::WithFreqs))
    };
    let atom = |a: &query::Atom| -> Box<dyn Query> {
        match &a.kind {
            AtomKind::Phrase { tokens, mode } => {
                let field = if *mode == FoldMode::Folded { f.ref_folded } else { f.ref_exact };
                if tokens.len() == 1 {
                    term(field, &tokens[0])
                } else {
                    Box::new(PhraseQuery::new(tokens.iter().map(|t| Term::from_field_text(field, t)).collect()))
                }
            }
            AtomKind::Pinyin(s) => {
                let chars = expand(s);
                if chars.is_empty() {
                    return Box::new(EmptyQuery);
                }
                Box::new(BooleanQuery::new(chars.iter().map(|c| (Occur::Should, term(f.ref_folded, c))).collect()))
            }
            AtomKind::Filter(filter) => {
                let (field, value) = match filter {
                    Filter::Layer(l) => (f.fields.layer, l.label().to_string()),
                    Filter::Work(w) => (f.fields.work, w.clone()),
                    Filter::Source(s) => (f.fields.source, s.clone()),
                };
                Box::new(ConstScoreQuery::new(term(field, &value), 0.0))
            }
        }
    };
    let clauses = q
        .clauses
        .iter()
        .map(|c| {
            let sub: Box<dyn Query> = if c.alternatives.len() == 1 {
                atom(&c.alternatives[0])
            } else {
                Box::new(BooleanQuery::new(c.alternatives.iter().map(|a| (Occur::Should, atom(a))).collect()))
            };
            (if c.negated { Occur::MustNot } else { Occur::Must }, sub)
        })
        .collect();
    Box::new(BooleanQuery::new(clauses))
}

/// Every matching document with the bits of its score.
struct Scores;

struct SegmentScores(SegmentOrdinal, Vec<(SegmentOrdinal, DocId, u32)>);

impl Collector for Scores {
    type Fruit = Vec<(SegmentOrdinal, DocId, u32)>;
    type Child = SegmentScores;

    fn for_segment(&self, ord: SegmentOrdinal, _: &SegmentReader) -> tantivy::Result<SegmentScores> {
        Ok(SegmentScores(ord, Vec::new()))
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Self::Fruit>) -> tantivy::Result<Self::Fruit> {
        Ok(fruits.concat())
    }
}

impl SegmentCollector for SegmentScores {
    type Fruit = Vec<(SegmentOrdinal, DocId, u32)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        self.1.push((self.0, doc, score.to_bits()));
    }

    fn harvest(self) -> Self::Fruit {
        self.1
    }
}

/// A small deterministic generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    fn piece(&mut self, texts: &[String], len: usize) -> String {
        let t: Vec<char> = texts[self.below(texts.len())].chars().collect();
        if t.len() <= len {
            return t.into_iter().collect();
        }
        let s = self.below(t.len() - len);
        t[s..s + len].iter().collect()
    }
}

/// Queries of every shape: phrases of 1–6 characters (across punctuation),
/// AND, OR, NOT, exact forms, pinyin, filters.
fn queries(texts: &[String]) -> Vec<(String, bool)> {
    let mut rng = Rng(2024);
    let mut out: Vec<(String, bool)> = [
        "再拜賓答再拜",
        "再拜再拜",
        "萋萋",
        "萋萋萋",
        "明月明月",
        "觯",
        "=觶",
        "矦",
        "bi1",
        "shi4 禮",
        "zheng xuan",
        "\"zheng xuan\"",
        "玄",
        "獻 酬 拜",
        "可知也 取 謂",
        "再拜 -賓",
        "觯 layer:注",
        "aaa",
    ]
    .iter()
    .map(|q| (q.to_string(), false))
    .collect();
    for i in 0..400 {
        let len = 1 + rng.below(6);
        let a = rng.piece(texts, len);
        let lb = 1 + rng.below(3);
        let b = rng.piece(texts, lb);
        let c = rng.piece(texts, 1);
        out.push(match i % 8 {
            0..=2 => (a, false),
            3 => (format!("{a} {b}"), false),
            4 => (format!("{a} {b} {c}"), false),
            5 => (format!("{a} OR {b} -{c}"), false),
            6 => (a, true),
            _ => (format!("{a} layer:注"), false),
        });
    }
    // three and four scoring clauses: tantivy adds their scores in the order
    // of its cost estimates, which the text index must reproduce
    for i in 0..600 {
        let len = 2 + rng.below(4);
        let a = rng.piece(texts, len);
        let b = rng.piece(texts, 1);
        let c = rng.piece(texts, 1);
        let lc = 1 + rng.below(3);
        let d = rng.piece(texts, lc);
        out.push(if i % 2 == 0 { (format!("{b} {a} {c}"), false) } else { (format!("{a} {b} {c} {d}"), i % 4 == 1) });
    }
    out
}

#[test]
fn every_query_scores_every_document_as_tantivy_did() {
    let f = fixture();
    let searcher = f.index.searcher();
    let expand = |s: &Syllable| -> Vec<String> { f.chars.iter().filter(|c| s.matches(**c)).map(|c| c.to_string()).collect() };
    let mut compared = 0;
    for (q, exact) in queries(&f.texts) {
        let Ok(parsed) = f.index.parse(&q, exact) else { continue };
        let ctx = f.index.text_context();
        let ours = searcher.search(query::compile(&parsed, &f.fields, &ctx, &expand).as_ref(), &Scores).unwrap();
        let theirs = searcher.search(reference_query(&parsed, f, &expand).as_ref(), &Scores).unwrap();
        assert_eq!(ours, theirs, "{q:?} (exact: {exact})");
        compared += ours.len();
    }
    assert!(compared > 10_000, "only {compared} scored documents compared");
}

/// Non-overlapping occurrences of `term` in `text`, by a plain scan of its
/// tokens (the highlighter's rule, which is the corpus contract).
fn scan(text: &str, term: &CountTerm) -> usize {
    term_ranges(&tokens(text, term.mode), term).len()
}

fn phrase(s: &str, mode: FoldMode) -> CountTerm {
    CountTerm { mode, slots: tokens(s, mode).into_iter().map(|t| vec![t.text]).collect(), pinyin: false }
}

fn search(q: &str, exact: bool) -> SearchResponse {
    fixture().index.search(&SearchRequest { query: q.into(), exact, limit: 5, ..Default::default() }).unwrap()
}

#[test]
fn phrase_counts_are_the_non_overlapping_occurrences_a_scan_finds() {
    let f = fixture();
    let mut rng = Rng(99);
    let mut qs: Vec<String> =
        ["再拜賓答再拜", "再拜再拜", "萋萋", "萋萋萋", "明月明月", "答再拜", "賓答", "觯觯", "觶觯"].map(String::from).to_vec();
    for _ in 0..150 {
        let len = 2 + rng.below(5);
        qs.push(rng.piece(&f.texts, len));
    }
    for q in qs {
        for mode in [FoldMode::Folded, FoldMode::Exact] {
            let term = phrase(&q, mode);
            if term.slots.is_empty() {
                continue;
            }
            let counts: Vec<usize> = f.texts.iter().map(|t| scan(t, &term)).collect();
            let r = search(&format!("\"{q}\""), mode == FoldMode::Exact);
            assert_eq!(r.total_occurrences as usize, counts.iter().sum::<usize>(), "{q} {mode:?}");
            assert_eq!(r.total_segments as usize, counts.iter().filter(|c| **c > 0).count(), "{q} {mode:?}");
        }
    }
}

#[test]
fn repeated_characters_count_left_to_right_without_overlap() {
    // 主人答再拜，賓答再拜，賓答再拜 holds 再拜賓答再拜 twice, overlapping: one counts
    assert_eq!(scan("主人答再拜，賓答再拜，賓答再拜。", &phrase("再拜賓答再拜", FoldMode::Folded)), 1);
    // 再拜再拜再拜 holds 再拜再拜 at 0 and 2: one counts
    assert_eq!(scan("再拜再拜再拜。", &phrase("再拜再拜", FoldMode::Folded)), 1);
    let builtin = |q: &str| {
        let term = phrase(q, FoldMode::Folded);
        indexer::corpus_docs(corpus()).iter().map(|d| scan(d.text, &term)).sum::<usize>() as u64
    };
    let extra = |q: &str| {
        let term = phrase(q, FoldMode::Folded);
        extra_texts().iter().map(|t| scan(t, &term)).sum::<usize>() as u64
    };
    for (q, in_extra) in [("再拜賓答再拜", 1), ("再拜再拜", 2), ("萋萋", 2), ("明月明月", 1)] {
        assert_eq!(extra(q), in_extra, "{q}");
        assert_eq!(search(q, false).total_occurrences, builtin(q) + in_extra, "{q}");
    }
    // the corpus contract's own figure (corpus_search.rs): 3 in the built-in corpus
    assert_eq!(builtin("再拜賓答再拜"), 3);
}

#[test]
fn exact_forms_and_long_words_are_indexed_as_tantivy_indexed_them() {
    // 觶 twice and 觯 once in one extra text; exact mode tells them apart
    let folded = search("觶觯", false).total_occurrences;
    let exact = search("觶觯", true).total_occurrences;
    assert!(folded > exact, "{folded} {exact}");
    assert!(search("觶觯觶", true).total_occurrences >= 1);
    // the over-long word before them is dropped (as tantivy dropped it,
    // keeping its position): what follows it is indexed as usual
    assert_eq!(search("觶觯觶再拜", false).total_occurrences, 1);
    // the repaired private-use character meets 玄
    assert!(search("玄玄", false).total_occurrences >= 1);
}

/// Per query: segments, occurrences, and per hit (passage, segment) its
/// score bits, occurrences and snippet.
type Answer = (u64, u64, BTreeMap<(String, u32), (u32, u32, String)>);

fn answers(index: &SearchIndex, qs: &[&str]) -> Vec<Answer> {
    qs.iter()
        .map(|q| {
            let r = index.search(&SearchRequest { query: q.to_string(), limit: 1000, ..Default::default() }).unwrap();
            let hits =
                r.results.iter().map(|h| ((h.id.clone(), h.segment), (h.score.to_bits(), h.occurrences, h.snippet.clone()))).collect();
            (r.total_segments, r.total_occurrences, hits)
        })
        .collect()
}

#[test]
fn a_merge_keeps_every_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index");
    let corpus = corpus();
    let docs = indexer::corpus_docs(corpus);
    let meta = IndexMeta::for_corpus(corpus, docs.len());
    let sources: Vec<String> = meta.sources.iter().map(|(id, _)| id.clone()).collect();
    let options = BuildOptions { threads: 2, memory_budget: 80_000_000 };
    indexer::write_index(&path, &sources, docs.into_iter(), options, &mut |_| {}).unwrap();
    let qs = ["觯", "再拜賓答再拜", "=觶", "bi1", "司射 -揖", "拜 OR 揖 layer:注"];
    let open = |p: &Path| SearchIndex::new(Index::open_in_dir(p).unwrap(), meta.clone()).unwrap();
    let before = answers(&open(&path), &qs);
    let mut index = Index::open_in_dir(&path).unwrap();
    index.register_plugin(Arc::new(TextPlugin));
    let ids = index.searchable_segment_ids().unwrap();
    assert!(ids.len() >= 2, "two indexing threads write two segments");
    let mut writer: IndexWriter = index.writer(50_000_000).unwrap();
    writer.merge(&ids).wait().unwrap();
    writer.wait_merging_threads().unwrap();
    assert_eq!(index.searchable_segment_ids().unwrap().len(), 1);
    assert_eq!(answers(&open(&path), &qs), before);
}

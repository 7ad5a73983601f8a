//! Phrases found through the bigrams of common characters
//! (`sheli_index::bigram`), on an index without 經 tails (where the bigrams
//! are used): the segments and occurrences a plain scan of the folded texts
//! finds, and the documents and scores of tantivy's own phrase query of one
//! character per position, so the ranking is what it was.

use std::collections::BTreeMap;
use std::path::Path;

use sheli_corpus::fold::fold;
use sheli_corpus::{FoldMode, Layer};
use sheli_index::indexer::{BuildOptions, SegmentDoc, write_index};
use sheli_index::meta::IndexMeta;
use sheli_index::query::{Vocabulary, compile, parse};
use sheli_index::schema::{Fields, SCHEMA_VERSION};
use sheli_index::{SearchIndex, SearchRequest};
use tantivy::collector::TopDocs;
use tantivy::query::PhraseQuery;
use tantivy::{DocAddress, Term};

/// Texts of common and rare characters in both scripts, with punctuation,
/// and the phrases asked about planted in some of them.
fn texts() -> Vec<String> {
    let alphabet: Vec<char> = "不知何處处人之月明風风拜再鶴觶。，".chars().collect();
    let planted =
        ["不知何處", "不知何处", "不知。何處", "拜拜拜拜拜", "明月明月", "鶴不知", "人之，月明"];
    let mut seed: u64 = 0x5eed;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    (0..1500)
        .map(|i| {
            let len = 4 + next(40);
            let mut s: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            if i % 7 == 0 {
                let at = s.char_indices().nth(next(len)).map_or(s.len(), |(b, _)| b);
                s.insert_str(at, planted[next(planted.len())]);
            }
            s
        })
        .collect()
}

fn build(dir: &Path, texts: &[String]) -> SearchIndex {
    let ids: Vec<String> = (0..texts.len()).map(|i| format!("t.{i:05}")).collect();
    let docs = texts.iter().zip(&ids).enumerate().map(|(i, (text, id))| SegmentDoc {
        passage: id,
        source: "t",
        work: "T",
        layer: Layer::Jing,
        segment: 0,
        ji: false,
        line: i as u32 + 1,
        line_starts: Vec::new(),
        text,
        tail: String::new(),
        seq: i as u64,
    });
    let index =
        write_index(dir, &["t".to_string()], docs, BuildOptions::default(), &mut |_| {}).unwrap();
    let meta = IndexMeta {
        schema_version: SCHEMA_VERSION,
        corpus_hash: "test".into(),
        sources: vec![("t".into(), "T".into())],
        works: vec!["T".into()],
        segments: texts.len(),
    };
    SearchIndex::new(index, meta).unwrap()
}

const QUERIES: [&str; 9] = [
    "不知何處",
    "不知何处",
    "不知何",
    "知何處",
    "拜拜",
    "拜拜拜",
    "明月明月",
    "鶴不知",
    "人之月明",
];

#[test]
fn counts_are_the_plain_scans() {
    let dir = tempfile::tempdir().unwrap();
    let texts = texts();
    let index = build(dir.path(), &texts);
    let folded: Vec<String> = texts.iter().map(|t| fold(t, FoldMode::Folded)).collect();
    for q in QUERIES {
        let want: BTreeMap<String, u32> = folded
            .iter()
            .enumerate()
            .map(|(i, t)| {
                (format!("t.{i:05}"), t.matches(&fold(q, FoldMode::Folded)).count() as u32)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        assert!(!want.is_empty(), "{q} is planted");
        let r = index
            .search(&SearchRequest { query: q.into(), limit: 1000, ..Default::default() })
            .unwrap();
        let got: BTreeMap<String, u32> =
            r.results.iter().map(|h| (h.id.clone(), h.occurrences)).collect();
        assert_eq!(got, want, "{q}");
        assert_eq!(r.total_segments, want.len() as u64, "{q}");
        assert_eq!(r.total_occurrences, want.values().map(|n| *n as u64).sum::<u64>(), "{q}");
    }
}

#[test]
fn a_negated_phrase_excludes_what_the_scan_finds() {
    let dir = tempfile::tempdir().unwrap();
    let texts = texts();
    let index = build(dir.path(), &texts);
    let folded: Vec<String> = texts.iter().map(|t| fold(t, FoldMode::Folded)).collect();
    for (keep, drop) in [("人", "不知何處"), ("月", "明月明月"), ("知", "不知何")] {
        let want = folded
            .iter()
            .filter(|t| t.contains(&fold(keep, FoldMode::Folded)))
            .filter(|t| !t.contains(&fold(drop, FoldMode::Folded)))
            .count() as u64;
        let q = format!("{keep} -{drop}");
        let r = index.search(&SearchRequest { query: q.clone(), ..Default::default() }).unwrap();
        assert_eq!(r.total_segments, want, "{q}");
    }
}

#[test]
fn documents_and_scores_are_tantivys_phrase_querys() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path(), &texts());
    let index = tantivy::Index::open_in_dir(dir.path()).unwrap();
    sheli_index::tokenizer::register(&index);
    let fields = Fields::from_schema(&index.schema()).unwrap();
    let searcher = index.reader().unwrap().searcher();
    // the bigrams are there to be used (the text field holds 不知 as a term)
    let bigram = Term::from_field_text(fields.text, "不知");
    assert!(searcher.doc_freq(&bigram).unwrap() > 0);
    let top = |q: &dyn tantivy::query::Query| -> Vec<(DocAddress, u32)> {
        let mut v: Vec<(DocAddress, u32)> = searcher
            .search(q, &TopDocs::with_limit(10_000).order_by_score())
            .unwrap()
            .into_iter()
            .map(|(score, doc)| (doc, score.to_bits()))
            .collect();
        v.sort();
        v
    };
    for q in QUERIES {
        let parsed = parse(q, &Vocabulary::default(), false).unwrap();
        let ours = top(compile(&parsed, &fields, &|_| Vec::new()).as_ref());
        let terms: Vec<Term> = fold(q, FoldMode::Folded)
            .chars()
            .map(|c| Term::from_field_text(fields.folded, &c.to_string()))
            .collect();
        let plain = top(&PhraseQuery::new(terms));
        assert!(!plain.is_empty(), "{q}");
        assert_eq!(ours, plain, "{q}: the same documents with bit-identical scores");
    }
}

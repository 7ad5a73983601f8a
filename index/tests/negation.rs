//! `A -B` is the set of segments that match A less those that match B: checked
//! by set algebra against the positive queries on the built-in corpus, in the
//! build the tests run (debug). A negated phrase once panicked there inside
//! tantivy's phrase scorer (see index/src/query/exclusion.rs) while release
//! builds answered.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use sheli_corpus::Corpus;
use sheli_index::{SearchIndex, SearchRequest, open_or_build};

struct Fixture {
    _dir: tempfile::TempDir,
    index: SearchIndex,
}

fn index() -> &'static SearchIndex {
    static F: OnceLock<Fixture> = OnceLock::new();
    &F.get_or_init(|| {
        let corpus = Corpus::builtin().expect("built-in corpus parses");
        let dir = tempfile::tempdir().unwrap();
        let opened = open_or_build(&dir.path().join("index"), &corpus, &mut |_| {}).unwrap();
        Fixture { _dir: dir, index: opened.index }
    })
    .index
}

/// Every segment a query matches, as (passage, segment index), paging
/// through all results.
fn segments(query: &str) -> BTreeSet<(String, u32)> {
    let mut out = BTreeSet::new();
    let mut offset = 0;
    loop {
        let r = index()
            .search(&SearchRequest {
                query: query.into(),
                limit: sheli_index::search::MAX_LIMIT,
                offset,
                ..Default::default()
            })
            .unwrap_or_else(|e| panic!("{query}: {e}"));
        let n = r.results.len();
        out.extend(r.results.into_iter().map(|h| (h.id, h.segment)));
        if n == 0 || out.len() as u64 >= r.total_segments {
            assert_eq!(out.len() as u64, r.total_segments, "{query}: every result paged");
            return out;
        }
        offset += n;
    }
}

fn difference(a: &str, b: &str) -> BTreeSet<(String, u32)> {
    segments(a).difference(&segments(b)).cloned().collect()
}

#[test]
fn a_negated_phrase_removes_exactly_the_segments_of_the_phrase() {
    for (a, b) in [("射", "再拜"), ("賓", "主人"), ("觶", "奠觶"), ("拜", "再拜 稽首")]
    {
        let both = segments(&format!("{a} -\"{b}\""));
        assert_eq!(both, difference(a, &format!("\"{b}\"")), "{a} -\"{b}\"");
        assert!(!both.is_empty(), "{a} -\"{b}\" leaves something to check");
    }
}

#[test]
fn the_unquoted_form_and_not_mean_the_same() {
    let minus = segments("射 -再拜");
    assert_eq!(minus, difference("射", "再拜"));
    assert_eq!(segments("射 NOT 再拜"), minus);
}

#[test]
fn a_negated_phrase_that_matches_everything_first_leaves_nothing_out_wrongly() {
    // The excluded phrase's first match comes before or at the included
    // side's first candidate, and after it: both orders are walked.
    for (a, b) in [("再拜", "再拜"), ("拜", "主人拜"), ("主人", "再拜")] {
        assert_eq!(segments(&format!("{a} -\"{b}\"")), difference(a, &format!("\"{b}\"")));
    }
    assert!(segments("再拜 -再拜").is_empty());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Any term less any phrase of frequent characters, in the debug build.
    #[test]
    fn any_negation_is_the_set_difference(
        a in proptest::sample::select(vec!["射", "賓", "主人", "拜", "觶", "爵", "升", "西階"]),
        b in proptest::collection::vec(
            proptest::sample::select(vec!["再", "拜", "賓", "主", "人", "降", "升", "酒"]), 1..4),
    ) {
        let b: String = b.concat();
        let q = format!("{a} -\"{b}\"");
        proptest::prop_assert_eq!(segments(&q), difference(a, &format!("\"{b}\"")), "{}", q);
    }
}

#[test]
fn a_negated_proximity_or_wildcard_is_the_set_difference() {
    // `"…"~N` and `?` phrases are excluded through the same wrapper; their
    // scorers (a position filter over an AND of phrases, a phrase with
    // offsets) meet the same backward questions.
    for (a, b) in [
        ("射", "\"再 拜\"~2"),
        ("爵", "坐?爵"),
        ("賓", "\"主人?賓\""),
        ("拜", "\"主人 賓 拜\"~6"),
        ("主人", "\"賓 主人\"~3"),
        ("再拜", "再?拜"),
    ] {
        let both = segments(&format!("{a} -{b}"));
        assert_eq!(both, difference(a, b), "{a} -{b}");
        assert!(!both.is_empty(), "{a} -{b} leaves something to check");
        assert_eq!(segments(&format!("{a} NOT {b}")), both, "{a} NOT {b}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Any term less any proximity or `?` phrase of frequent characters.
    #[test]
    fn any_negated_proximity_or_wildcard_is_the_set_difference(
        a in proptest::sample::select(vec!["射", "賓", "主人", "拜", "觶", "爵", "升", "西階"]),
        x in proptest::sample::select(vec!["再", "拜", "賓", "主", "人", "降", "升", "酒", "坐"]),
        y in proptest::sample::select(vec!["再", "拜", "賓", "主", "人", "降", "升", "酒", "爵"]),
        n in 0u32..8,
        wildcard in proptest::bool::ANY,
    ) {
        let b = if wildcard {
            format!("\"{x}{}{y}\"", "?".repeat(n as usize % 3 + 1))
        } else {
            format!("\"{x} {y}\"~{n}")
        };
        let q = format!("{a} -{b}");
        proptest::prop_assert_eq!(segments(&q), difference(a, &b), "{}", q);
    }
}

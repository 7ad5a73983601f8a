//! Main text across inline notes (issue 11, point 2). In the editions where
//! the notes sit inside the 經 (the 通解's 【…】 notes, the 燕禮 edition's
//! fused 注), a phrase of 經 matches across the note as it does across
//! punctuation, while the note stays searchable as its own layer.
//!
//! Expected counts come from a plain scan in this file: the 經 pieces of each
//! such source joined in order into runs (a run ends at a heading, a 題
//! segment, or where the 記 begins or ends), folded, and the phrase counted
//! by non-overlapping occurrences.

use sheli_corpus::fold::fold;
use sheli_corpus::{FoldMode, Format, Layer};
use sheli_index::SearchRequest;

mod common;
use common::{corpus, index};

/// The 經 of `source` joined into runs across its notes, folded.
fn joined_runs(source: &str) -> Vec<String> {
    let mut runs = vec![String::new()];
    let mut ji = None;
    for p in corpus().passages_of(source) {
        for s in &p.segments {
            match s.layer {
                Layer::Ti => runs.push(String::new()),
                Layer::Jing => {
                    if ji.is_some_and(|j| j != s.ji) {
                        runs.push(String::new());
                    }
                    ji = Some(s.ji);
                    runs.last_mut().unwrap().push_str(&fold(&s.text, FoldMode::Folded));
                }
                _ => {}
            }
        }
    }
    runs.retain(|r| !r.is_empty());
    runs
}

/// Non-overlapping occurrences of `phrase` (folded) in `hay`.
fn count(hay: &str, phrase: &str) -> u64 {
    let needle = fold(phrase, FoldMode::Folded);
    hay.matches(needle.as_str()).count() as u64
}

fn search(query: &str) -> sheli_index::SearchResponse {
    let req = SearchRequest { query: query.into(), limit: 50, ..Default::default() };
    index().search(&req).unwrap()
}

fn joined_sources() -> Vec<String> {
    corpus()
        .sources()
        .iter()
        .filter(|s| matches!(s.info.format, Format::Tongjie | Format::ZhushuFused))
        .map(|s| s.info.id.clone())
        .collect()
}

/// `賓降主人阼階前`: in the 通解 鄉射禮 a note stands between 賓降 and
/// 主人阼階前西面坐奠爵 (in the 注疏 edition only a 。 does).
#[test]
fn a_phrase_of_the_jing_matches_across_a_tongjie_note() {
    let phrase = "賓降主人阼階前";
    let expected = count(&joined_runs("xiangshe.tongjie").concat(), phrase);
    assert!(expected >= 1, "the phrase crosses a note in the 通解");
    let pieces: u64 = corpus()
        .passages_of("xiangshe.tongjie")
        .iter()
        .flat_map(|p| &p.segments)
        .filter(|s| s.layer == Layer::Jing)
        .map(|s| count(&fold(&s.text, FoldMode::Folded), phrase))
        .sum();
    assert!(pieces < expected, "no single 經 piece holds every occurrence");
    let r = search(&format!("\"{phrase}\" source:xiangshe.tongjie layer:經"));
    assert_eq!(r.total_occurrences, expected);
}

/// Every joined source, a few phrases that cross notes: the index counts
/// what the scan of the joined 經 counts.
#[test]
fn jing_counts_equal_a_scan_of_the_joined_jing() {
    for phrase in ["賓降主人阼階前", "乃降賓降", "賓對主人", "卒主人", "再拜", "不及地武不繫"]
    {
        for source in joined_sources() {
            let expected = count(&joined_runs(&source).concat(), phrase);
            let r = search(&format!("\"{phrase}\" source:{source} layer:經"));
            assert_eq!(r.total_occurrences, expected, "{phrase} in {source}");
        }
    }
}

/// The 燕禮 edition: the stray 經 `卒。` at the end of a fused line opens
/// the next passage, whose 疏 quotes it as 「卒主」: 卒主人 is found.
#[test]
fn the_fused_edition_joins_its_jing_too() {
    let expected = count(&joined_runs("yanli.zhushu").concat(), "卒主人");
    assert!(expected >= 1);
    let r = search("\"卒主人\" source:yanli.zhushu layer:經");
    assert_eq!(r.total_occurrences, expected);
}

/// The note between the pieces is still its own layer: a 注 is found in
/// the 注, and a phrase joining 經 to the 注 after it is not found.
#[test]
fn the_note_stays_its_own_layer() {
    let r = search("\"侯謂所射布也\" source:xiangshe.tongjie");
    assert_eq!(r.by_layer.get("注").map(|t| t.occurrences), Some(1));
    assert_eq!(r.by_layer.get("經").map(|t| t.occurrences).unwrap_or(0), 0);
    // 經 乃張侯下綱不及地武 is followed by the 注 侯謂所射布也…
    assert_eq!(search("\"地武侯謂\" source:xiangshe.tongjie").total_occurrences, 0);
}

/// A hit across a note is reported in the passage where it begins, with its
/// highlight inside that segment's text, and the snippet shows the 經 that
/// follows the note.
#[test]
fn a_hit_across_a_note_is_placed_where_it_begins() {
    let r = search("\"賓降主人阼階前\" source:xiangshe.tongjie");
    let hit = r.results.iter().find(|h| h.layer == Layer::Jing).expect("a 經 hit");
    let passage = corpus().passage(&hit.id).unwrap();
    let seg = &passage.segments[hit.segment as usize];
    let len = seg.text.chars().count();
    assert!(hit.segment_highlights.iter().all(|[s, e]| s < e && *e <= len));
    assert!(
        fold(&hit.snippet, FoldMode::Folded).contains(&fold("賓降主人阼階前", FoldMode::Folded))
    );
}

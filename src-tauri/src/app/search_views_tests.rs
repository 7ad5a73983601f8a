//! The `search` command's concordancer fields (issue 11, points 4 and 5):
//! order, "showing N of M", collocations in the display script and the list
//! of hits — called directly, with no window.

use std::sync::{Arc, OnceLock};

use sheli_corpus::Corpus;

use super::reading_commands::search;
use super::search::{IndexState, SearchQuery, SearchSort, open_index};
use super::settings::DisplayScript;
use super::state::AppState;

/// One state over the built-in texts with its index built (shared with the
/// search export's tests).
pub(super) fn ready() -> &'static AppState {
    static STATE: OnceLock<(AppState, tempfile::TempDir)> = OnceLock::new();
    &STATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let corpus = Arc::new(Corpus::builtin().expect("the built-in texts parse"));
            let state = AppState::with_corpus(Ok(corpus), dir.path().to_path_buf());
            open_index(&state, &|_| {});
            assert_eq!(state.search.status().state, IndexState::Ready);
            (state, dir)
        })
        .0
}

fn q(query: &str) -> SearchQuery {
    SearchQuery { query: query.into(), limit: 20, ..SearchQuery::default() }
}

#[test]
fn a_request_without_the_new_fields_is_answered_as_before() {
    let r = search(ready(), q("再拜"), None).unwrap();
    assert_eq!(r.sort, SearchSort::Relevance);
    assert_eq!(r.shown, 20);
    assert!(r.has_more);
    assert!(r.collocations.is_none() && r.hits.is_none());
}

#[test]
fn sort_collocations_and_hits_reach_the_window() {
    let state = ready();
    let plain = search(state, q("再拜"), None).unwrap();
    let req = SearchQuery {
        sort: Some(SearchSort::Right),
        collocations: Some(true),
        hits: Some(true),
        ..q("再拜")
    };
    let r = search(state, req, Some(DisplayScript::Simplified)).unwrap();
    assert_eq!(r.sort, SearchSort::Right);
    assert_eq!((r.total_segments, r.shown, r.has_more), (plain.total_segments, 20, true));
    // facets count the same whatever the order
    let facets = |v: &super::search::SearchView| {
        v.by_work.iter().map(|f| (f.key.clone(), f.segments)).collect::<Vec<_>>()
    };
    assert_eq!(facets(&r), facets(&plain));
    let c = r.collocations.expect("collocations asked for");
    assert_eq!(c.occurrences, r.total_occurrences);
    // 答再拜: the commonest left neighbour, its label in simplified script
    assert_eq!((c.left_chars[0].key.as_str(), c.left_chars[0].label.as_str()), ("答", "答"));
    assert!(c.right_words.iter().all(|w| w.label.chars().count() == 2));
    let hits = r.hits.expect("hits asked for");
    assert!(!hits.truncated);
    assert_eq!(hits.items.len() as u32, r.total_segments);
    for (item, result) in hits.items.iter().zip(&r.results) {
        assert_eq!((&item.id, item.segment), (&result.id, result.segment));
        assert_eq!(item.ranges, result.segment_highlights);
    }
}

#[test]
fn the_request_fields_may_be_left_out_of_the_json() {
    let req: SearchQuery = serde_json::from_str(r#"{"query": "再拜", "limit": 5}"#).unwrap();
    assert_eq!((req.sort, req.collocations, req.hits), (None, None, None));
    let req: SearchQuery =
        serde_json::from_str(r#"{"query": "再拜", "sort": "left", "hits": true}"#).unwrap();
    assert_eq!(req.sort, Some(SearchSort::Left));
}

#[test]
fn search_hits_pages_through_every_hit_in_the_order_of_the_results() {
    use super::search::{HIT_PAGE, search_hits};
    let state = ready();
    // more segments than a page holds
    let common = "之 OR 也 OR 以 OR 不 OR 其 OR 者";
    let req = SearchQuery { sort: Some(SearchSort::Position), ..q(common) };
    let total = search(state, req.clone(), None).unwrap().total_segments;
    assert!(total > HIT_PAGE, "{common} is in {total} segments");
    let mut listed = Vec::new();
    loop {
        let page = search_hits(state, req.clone(), listed.len() as u32).unwrap();
        assert_eq!((page.offset, page.total), (listed.len() as u32, total));
        assert!(page.items.len() as u32 <= HIT_PAGE);
        listed.extend(page.items.into_iter().map(|h| (h.id, h.segment)));
        assert_eq!(page.truncated, (listed.len() as u32) < total);
        if !page.truncated {
            break;
        }
    }
    assert_eq!(listed.len() as u32, total);
    // the third page of results is the list's 41st to 60th
    let shown = search(state, SearchQuery { offset: 40, ..req.clone() }, None).unwrap();
    let third: Vec<_> = shown.results.iter().map(|h| (h.id.clone(), h.segment)).collect();
    assert_eq!(listed[40..60], third[..]);
    // with a filter, only that source's hits
    let one = SearchQuery { source: Some("yanli.zhushu".into()), ..q("再拜") };
    let page = search_hits(state, one.clone(), 0).unwrap();
    assert_eq!(page.total, search(state, one, None).unwrap().total_segments);
    assert!(page.items.iter().all(|h| h.source == "yanli.zhushu"));
}

#[test]
fn search_hits_refuses_bad_input() {
    use super::search::search_hits;
    let state = ready();
    let bad = |req: SearchQuery, offset: u32| search_hits(state, req, offset).unwrap_err().kind();
    let invalid = super::error::ErrorKind::InvalidInput;
    assert_eq!(bad(q(&"射".repeat(501)), 0), invalid);
    assert_eq!(bad(q("射"), 10_000_001), invalid);
    assert_eq!(bad(SearchQuery { work: Some("鄉 射".into()), ..q("射") }, 0), invalid);
    // a query the parser rejects says where
    assert!(matches!(search_hits(state, q("\"射"), 0), Err(super::error::AppError::Query { .. })));
    // past the end: an empty page, not an error
    let page = search_hits(state, q("再拜"), 1_000_000).unwrap();
    assert!(page.items.is_empty() && !page.truncated);
}

#[test]
fn the_sources_are_counted_and_one_may_be_the_scope() {
    let state = ready();
    let all = search(state, q("再拜"), None).unwrap();
    let sources = all.by_source.clone();
    assert!(sources.len() >= 3, "{sources:?}");
    // every segment is in one source
    assert_eq!(sources.iter().map(|f| f.segments).sum::<u32>(), all.total_segments);
    assert!(sources.iter().all(|f| !f.selected && f.label.contains('·')));
    let tongjie = sources.iter().find(|f| f.key == "xiangshe.tongjie").expect("通解 has 再拜");
    assert_eq!(tongjie.label, "儀禮經傳通解·鄉射禮");
    let scoped = SearchQuery { source: Some(tongjie.key.clone()), ..q("再拜") };
    let r = search(state, scoped, None).unwrap();
    assert_eq!(r.total_segments, tongjie.segments);
    assert!(r.results.iter().all(|h| h.source == "xiangshe.tongjie"));
    // the chosen one is marked, the others stay listed with their counts
    let counts = |v: &[super::search::FacetCount]| {
        v.iter().map(|f| (f.key.clone(), f.segments)).collect::<Vec<_>>()
    };
    assert_eq!(counts(&r.by_source), counts(&sources));
    assert!(r.by_source.iter().all(|f| f.selected == (f.key == "xiangshe.tongjie")));
    // and the other facets count within it
    assert_eq!(r.by_work.iter().map(|f| f.segments).sum::<u32>(), tongjie.segments);
}

/// The outside tester's fault 10: the collocates of 奠 read 觯 (the folded
/// key) beside texts shown 原 or 繁, which write 觶. They are shown as the
/// texts write them, and the key a click searches stays the folded one.
#[test]
fn collocates_are_shown_in_the_texts_script_not_the_folded_key() {
    let state = ready();
    let ask = |script| {
        let req = SearchQuery { collocations: Some(true), ..q("奠") };
        search(state, req, Some(script)).unwrap().collocations.expect("collocations asked for")
    };
    for script in [DisplayScript::Original, DisplayScript::Traditional] {
        let c = ask(script);
        let zhi = c.right_chars.iter().find(|c| c.key == "觯").expect("奠觶 is in the texts");
        assert_eq!(zhi.label, "觶", "{script:?}");
    }
    let c = ask(DisplayScript::Simplified);
    let zhi = c.right_chars.iter().find(|c| c.key == "觯").expect("奠觶 is in the texts");
    assert_eq!(zhi.label, "觯");
}

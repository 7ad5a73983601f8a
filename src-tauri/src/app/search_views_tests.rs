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

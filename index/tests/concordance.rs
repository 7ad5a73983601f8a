//! The concordancer (issue 11, points 4 and 5): results sorted by position,
//! left context or right context over every match before paging;
//! collocations counted over every occurrence; the list of every hit for
//! stepping through the results. Expected orders and counts come from a
//! plain scan of the built-in texts in this file: each segment folded as
//! search folds it (a 經 piece cut by an inline note with the 經 after the
//! note, `sheli_index::joined`), the phrase found left to right without
//! overlaps, counted where it begins in the segment's own text.

use std::collections::HashMap;

use sheli_corpus::FoldMode;
use sheli_corpus::fold::fold;
use sheli_index::search::MAX_HITS;
use sheli_index::{Collocate, SearchRequest, SearchResponse, SortOrder};

mod common;
use common::{corpus, index};

use common::Key;

/// A segment that holds the phrase, as the scan sees it.
struct Found {
    key: Key,
    /// Folded characters of the segment and its tail.
    folded: Vec<char>,
    /// The occurrences `[start, end)` that begin in the segment's own text.
    occurrences: Vec<(usize, usize)>,
}

/// Every segment holding `phrase`, in the order of the texts.
fn scan(phrase: &str) -> Vec<Found> {
    let needle: Vec<char> = fold(phrase, FoldMode::Folded).chars().collect();
    let mut out = Vec::new();
    for seg in common::segments(FoldMode::Folded) {
        let mut occurrences = Vec::new();
        let mut at = 0;
        while at + needle.len() <= seg.folded.len() {
            if seg.folded[at..at + needle.len()] == needle[..] {
                if at < seg.own {
                    occurrences.push((at, at + needle.len()));
                }
                at += needle.len();
            } else {
                at += 1;
            }
        }
        if !occurrences.is_empty() {
            out.push(Found { key: seg.key, folded: seg.folded, occurrences });
        }
    }
    out
}

fn request(query: &str, sort: SortOrder) -> SearchRequest {
    SearchRequest { query: query.into(), sort, limit: 200, ..Default::default() }
}

/// Every result of `query` in `sort` order, page by page.
fn all_results(query: &str, sort: SortOrder) -> Vec<Key> {
    let mut out = Vec::new();
    loop {
        let r =
            index().search(&SearchRequest { offset: out.len(), ..request(query, sort) }).unwrap();
        assert_eq!(r.shown, r.results.len());
        out.extend(r.results.iter().map(|h| (h.id.clone(), h.segment)));
        assert_eq!(r.has_more, (out.len() as u64) < r.total_segments, "{query} {sort:?}");
        if !r.has_more {
            return out;
        }
    }
}

fn keys(found: &[Found]) -> Vec<Key> {
    found.iter().map(|f| f.key.clone()).collect()
}

/// The scan's segments ordered by a context key, ties in text order.
fn by_key(mut found: Vec<Found>, key: impl Fn(&Found) -> String) -> Vec<Key> {
    // a stable sort keeps the text order among equal keys
    found.sort_by_cached_key(|f| key(f));
    keys(&found)
}

const KEY_CHARS: usize = 12;

fn left_key(f: &Found) -> String {
    let (s, _) = f.occurrences[0];
    f.folded[..s].iter().rev().take(KEY_CHARS).collect()
}

fn right_key(f: &Found) -> String {
    let (_, e) = f.occurrences[0];
    f.folded[e..].iter().take(KEY_CHARS).collect()
}

#[test]
fn position_order_is_the_order_of_the_texts() {
    for q in ["再拜", "觶", "賓降主人"] {
        assert_eq!(all_results(q, SortOrder::Position), keys(&scan(q)), "{q}");
    }
}

#[test]
fn left_context_order_reads_leftwards_from_the_match() {
    for q in ["再拜", "觶", "爵"] {
        let want = by_key(scan(q), left_key);
        assert_ne!(want, keys(&scan(q)), "{q}: the order is not the texts' order");
        assert_eq!(all_results(q, SortOrder::Left), want, "{q}");
    }
}

#[test]
fn right_context_order_reads_on_from_the_match() {
    for q in ["再拜", "觶", "爵"] {
        let want = by_key(scan(q), right_key);
        assert_ne!(want, keys(&scan(q)), "{q}: the order is not the texts' order");
        assert_eq!(all_results(q, SortOrder::Right), want, "{q}");
    }
}

#[test]
fn every_order_holds_the_same_results_with_the_same_counts() {
    let relevance = all_results("再拜", SortOrder::Relevance);
    let mut a = relevance.clone();
    let mut b = all_results("再拜", SortOrder::Right);
    a.sort();
    b.sort();
    assert_eq!(a, b);
    let default = index().search(&request("再拜", SortOrder::Relevance)).unwrap();
    let right = index().search(&request("再拜", SortOrder::Right)).unwrap();
    assert_eq!(default.total_segments, right.total_segments);
    assert_eq!(default.total_occurrences, right.total_occurrences);
    assert_eq!(default.by_source.len(), right.by_source.len());
}

/// The top collocates of one side, as the scan counts them.
fn top(counts: HashMap<String, u64>) -> Vec<Collocate> {
    let mut v: Vec<Collocate> =
        counts.into_iter().map(|(text, count)| Collocate { text, count }).collect();
    v.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.text.cmp(&b.text)));
    v.truncate(20);
    v
}

#[test]
fn collocations_count_the_neighbours_of_every_occurrence() {
    for q in ["再拜", "觶", "升"] {
        let found = scan(q);
        let mut sides: [HashMap<String, u64>; 4] = Default::default();
        let mut occurrences = 0;
        for f in &found {
            let c = &f.folded;
            for &(s, e) in &f.occurrences {
                occurrences += 1;
                let mut add = |side: usize, chars: &[char]| {
                    *sides[side].entry(chars.iter().collect()).or_default() += 1;
                };
                if s >= 1 {
                    add(0, &c[s - 1..s]);
                }
                if s >= 2 {
                    add(1, &c[s - 2..s]);
                }
                if e < c.len() {
                    add(2, &c[e..e + 1]);
                }
                if e + 1 < c.len() {
                    add(3, &c[e..e + 2]);
                }
            }
        }
        let req = SearchRequest { collocations: true, ..request(q, SortOrder::Relevance) };
        let r = index().search(&req).unwrap();
        let got = r.collocations.expect("collocations asked for");
        assert_eq!(got.occurrences, occurrences, "{q}");
        assert_eq!(got.occurrences, r.total_occurrences, "{q}: every occurrence looked at");
        let [lc, lw, rc, rw] = sides;
        assert_eq!(got.left_chars, top(lc), "{q} left");
        assert_eq!(got.left_words, top(lw), "{q} left words");
        assert_eq!(got.right_chars, top(rc), "{q} right");
        assert_eq!(got.right_words, top(rw), "{q} right words");
        assert!(got.left_chars.len() <= 20 && got.right_words.len() <= 20);
    }
}

#[test]
fn collocations_are_only_given_when_asked_for() {
    let r: SearchResponse = index().search(&request("再拜", SortOrder::Relevance)).unwrap();
    assert!(r.collocations.is_none() && r.hits.is_none());
}

#[test]
fn the_hit_list_walks_every_result_in_the_order_shown() {
    for sort in [SortOrder::Relevance, SortOrder::Position, SortOrder::Right] {
        let req = SearchRequest { hits: true, ..request("再拜", sort) };
        let r = index().search(&req).unwrap();
        let list = r.hits.expect("hits asked for");
        assert!(!list.truncated);
        assert_eq!(list.items.len() as u64, r.total_segments);
        let listed: Vec<Key> = list.items.iter().map(|h| (h.id.clone(), h.segment)).collect();
        assert_eq!(listed, all_results("再拜", sort), "{sort:?}");
        // the first page's hits carry the same ranges as its results
        for (item, hit) in list.items.iter().zip(&r.results) {
            assert_eq!(item.ranges, hit.segment_highlights);
            assert_eq!(item.source, hit.source);
        }
        // every range covers the phrase in the segment's text
        for item in &list.items {
            let p = corpus().passage(&item.id).unwrap();
            let text: Vec<char> = p.segments[item.segment as usize].text.chars().collect();
            for [s, e] in &item.ranges {
                let shown: String = text[*s..*e].iter().collect();
                assert!(fold(&shown, FoldMode::Folded).starts_with(&fold("再", FoldMode::Folded)));
            }
        }
    }
}

#[test]
fn the_hit_list_says_when_it_stops() {
    // 之 is in far more segments than the list holds
    let r = index()
        .search(&SearchRequest { hits: true, ..request("之", SortOrder::Position) })
        .unwrap();
    let list = r.hits.unwrap();
    if r.total_segments as usize > MAX_HITS {
        assert!(list.truncated);
        assert_eq!(list.items.len(), MAX_HITS);
    } else {
        assert!(!list.truncated);
        assert_eq!(list.items.len() as u64, r.total_segments);
    }
}

#[test]
fn showing_n_of_m_is_said() {
    let r =
        index().search(&SearchRequest { limit: 20, ..request("再拜", SortOrder::Left) }).unwrap();
    assert_eq!(r.shown, 20);
    assert!(r.has_more && r.total_segments > 20);
    let last = index()
        .search(&SearchRequest {
            offset: r.total_segments as usize - 5,
            limit: 20,
            ..request("再拜", SortOrder::Left)
        })
        .unwrap();
    assert_eq!(last.shown, 5);
    assert!(!last.has_more);
}

#[test]
fn the_hit_list_is_read_a_page_at_a_time_to_its_end() {
    // 之 matches many more segments than a page of 100: page after page, the
    // list is the results in their order, to the last one, and says where
    // each page begins and how many there are in all.
    let idx = index();
    for sort in [SortOrder::Relevance, SortOrder::Position] {
        let req = request("之", sort);
        let total = idx.search(&SearchRequest { limit: 0, ..req.clone() }).unwrap().total_segments;
        let page = 100;
        let mut listed: Vec<Key> = Vec::new();
        loop {
            let list = idx.hit_page(&req, listed.len(), page).unwrap();
            assert_eq!(list.offset, listed.len());
            assert_eq!(list.total as u64, total);
            assert!(list.items.len() <= page);
            listed.extend(list.items.iter().map(|h| (h.id.clone(), h.segment)));
            assert_eq!(list.truncated, (listed.len() as u64) < total, "{sort:?}");
            if !list.truncated {
                break;
            }
        }
        assert_eq!(listed.len() as u64, total);
        assert!(total > 5 * page as u64, "之 is in {total} segments");
        if sort == SortOrder::Position {
            assert_eq!(listed, all_results("之", sort));
        } else {
            // the first results, as the search panel shows them
            let shown: Vec<Key> = idx
                .search(&req)
                .unwrap()
                .results
                .iter()
                .map(|h| (h.id.clone(), h.segment))
                .collect();
            assert_eq!(listed[..shown.len()], shown[..]);
        }
    }
    // past the end: nothing, and nothing more
    let list = idx.hit_page(&request("再拜", SortOrder::Position), 100_000, 10).unwrap();
    assert!(list.items.is_empty() && !list.truncated);
    assert_eq!(list.total, scan("再拜").len());
    // a page never holds more than MAX_HITS
    let list = idx.hit_page(&request("之", SortOrder::Position), 0, usize::MAX).unwrap();
    assert!(list.items.len() <= MAX_HITS);
}

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
use sheli_corpus::display::Script;
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

/// The top collocates of one side, as the scan counts them: key and count.
fn top(counts: HashMap<String, u64>) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = counts.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(20);
    v
}

/// Key and count of each collocate the index gave.
fn counted(v: &[Collocate]) -> Vec<(String, u64)> {
    v.iter().map(|c| (c.text.clone(), c.count)).collect()
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
        assert_eq!(counted(&got.left_chars), top(lc), "{q} left");
        assert_eq!(counted(&got.left_words), top(lw), "{q} left words");
        assert_eq!(counted(&got.right_chars), top(rc), "{q} right");
        assert_eq!(counted(&got.right_words), top(rw), "{q} right words");
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

/// Each segment's text and tail as written, and its source, by key.
fn written_texts() -> HashMap<Key, (String, Vec<char>)> {
    let mut out = HashMap::new();
    for source in corpus().sources() {
        let passages = corpus().passages_of(&source.info.id);
        let mut tails = sheli_index::joined::jing_tails(source.info.format, passages);
        for p in passages {
            for (i, s) in p.segments.iter().enumerate() {
                let text = format!("{}{}", s.text, tails.next().unwrap());
                out.insert(
                    (p.id.clone(), i as u32),
                    (source.info.id.clone(), text.chars().collect()),
                );
            }
        }
    }
    out
}

// Issue 11: a collocate was shown as its folded key turned back into
// traditional (雲 where the texts write 云, 侯 where xiangshe.zhushu writes
// 矦). The index keeps how each source writes it; expected from a scan.
#[test]
fn collocates_keep_how_each_source_writes_them() {
    let written = written_texts();
    let segs: HashMap<Key, Vec<u32>> =
        common::segments(FoldMode::Folded).into_iter().map(|s| (s.key, s.origin)).collect();
    for q in ["負", "射", "再拜"] {
        // right neighbour → (form, source) → count
        let mut right: HashMap<String, HashMap<(String, String), u64>> = HashMap::new();
        for f in scan(q) {
            let (source, chars) = &written[&f.key];
            let origin = &segs[&f.key];
            for &(_, e) in &f.occurrences {
                if e < f.folded.len() {
                    let form = chars[origin[e] as usize].to_string();
                    *right
                        .entry(f.folded[e].to_string())
                        .or_default()
                        .entry((form, source.clone()))
                        .or_default() += 1;
                }
            }
        }
        let req = SearchRequest { collocations: true, ..request(q, SortOrder::Relevance) };
        let got = index().search(&req).unwrap().collocations.unwrap();
        assert!(!got.right_chars.is_empty(), "{q}");
        for c in &got.right_chars {
            let mut forms: Vec<(String, String, u64)> =
                c.written.iter().map(|w| (w.text.clone(), w.source.clone(), w.count)).collect();
            forms.sort();
            let mut want: Vec<(String, String, u64)> =
                right[&c.text].iter().map(|((t, s), n)| (t.clone(), s.clone(), *n)).collect();
            want.sort();
            assert_eq!(forms, want, "{q}: how {} is written", c.text);
            assert_eq!(c.written.iter().map(|w| w.count).sum::<u64>(), c.count, "{q} {}", c.text);
        }
    }
    // 負 then 侯: the key, written 矦 by the 註疏 and 侯 by the 通解
    let req = SearchRequest { collocations: true, ..request("負", SortOrder::Relevance) };
    let got = index().search(&req).unwrap().collocations.unwrap();
    let hou = got.right_chars.iter().find(|c| c.text == "侯").expect("負侯 is counted");
    let script_of = |id: &str| corpus().source(id).map(|s| s.info.script);
    assert_eq!(hou.shown_in(script_of, Script::Traditional).unwrap(), "矦");
    assert_eq!(hou.shown_in(script_of, Script::Original).unwrap(), "矦");
    assert_eq!(hou.shown_in(script_of, Script::Simplified).unwrap(), "侯");
    // and what is shown folds to the key, so a click searches the same
    assert_eq!(fold("矦", FoldMode::Folded), "侯");
}

// Shown in a script, each collocate is a form the texts of that script
// write, where any does (矦's 也云 was 也雲, OpenCC's turn of the key 也云).
#[test]
fn a_collocate_is_shown_as_the_texts_in_that_script_write_it() {
    use sheli_corpus::EditionScript;
    let script_of = |id: &str| corpus().source(id).map(|s| s.info.script);
    let mut checked = 0;
    for q in ["矦", "負", "射"] {
        let req = SearchRequest { collocations: true, ..request(q, SortOrder::Relevance) };
        let got = index().search(&req).unwrap().collocations.unwrap();
        for c in got
            .left_chars
            .iter()
            .chain(&got.left_words)
            .chain(&got.right_chars)
            .chain(&got.right_words)
        {
            for (script, edition) in [
                (Script::Traditional, EditionScript::Traditional),
                (Script::Simplified, EditionScript::Simplified),
            ] {
                let shown = c.shown_in(script_of, script).unwrap();
                assert_eq!(fold(&shown, FoldMode::Folded), c.text, "{q}: {shown} searches its key");
                let forms: Vec<&str> = c
                    .written
                    .iter()
                    .filter(|w| script_of(&w.source) == Some(edition))
                    .map(|w| w.text.as_str())
                    .collect();
                if !forms.is_empty() {
                    assert!(
                        forms.contains(&shown.as_str()),
                        "{q}: {shown} is not written {forms:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

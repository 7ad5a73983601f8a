//! `"A B"~N`, `A NEAR/N B` and `?` on the built-in corpus, checked against
//! a plain scan of the texts in this file: every segment's text folded as
//! search folds it, every match listed by brute force, then the same
//! counting rule (of the matches starting after the previous occurrence, the
//! one ending first, the shortest of those). Which segments match, how many
//! occurrences each has and what is highlighted must all agree.
//!
//! A 經 piece cut by an inline note is scanned with the 經 after the note
//! (its tail, `sheli_index::joined`, itself checked against a join of the
//! texts in `inline_notes.rs`): an occurrence is the piece's when it begins
//! in the piece's own text, and its highlight stops at the piece's end.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use sheli_corpus::fold::fold;
use sheli_corpus::{FoldMode, Layer};
use sheli_index::SearchRequest;

mod common;
use common::{Seg, index, segments};

use common::Key;

/// Per segment: its occurrences and highlighted character ranges.
type Found = BTreeMap<Key, (u32, Vec<Range<usize>>)>;

/// A part as typed: `?` is any one character.
fn part(typed: &str, mode: FoldMode) -> Vec<Option<char>> {
    let mut out = Vec::new();
    for (i, piece) in typed.split('?').enumerate() {
        if i > 0 {
            out.push(None);
        }
        out.extend(fold(piece, mode).chars().map(Some));
    }
    out
}

fn at(hay: &[char], i: usize, part: &[Option<char>]) -> bool {
    i + part.len() <= hay.len()
        && part.iter().enumerate().all(|(k, c)| c.is_none_or(|c| hay[i + k] == c))
}

/// What the scan looks for.
enum Pattern {
    /// Parts in order, at most `n` characters between them in all.
    Ordered(Vec<&'static str>, usize),
    /// Two parts in either order, at most `n` between.
    Near(&'static str, &'static str, usize),
    /// One part (with `?` perhaps).
    One(&'static str),
}

/// Every match of the pattern in `hay`, as `[start, end)`, by brute force.
fn matches(hay: &[char], pattern: &Pattern, mode: FoldMode) -> Vec<(usize, usize)> {
    let starts =
        |p: &[Option<char>]| -> Vec<usize> { (0..hay.len()).filter(|&i| at(hay, i, p)).collect() };
    let mut out = Vec::new();
    match pattern {
        Pattern::One(p) => {
            let p = part(p, mode);
            out.extend(starts(&p).into_iter().map(|i| (i, i + p.len())));
        }
        Pattern::Near(a, b, n) => {
            let (a, b) = (part(a, mode), part(b, mode));
            for i in starts(&a) {
                for j in starts(&b) {
                    if j >= i + a.len() && j - (i + a.len()) <= *n {
                        out.push((i, j + b.len()));
                    }
                    if i >= j + b.len() && i - (j + b.len()) <= *n {
                        out.push((j, i + a.len()));
                    }
                }
            }
        }
        Pattern::Ordered(parts, n) => {
            let parts: Vec<Vec<Option<char>>> = parts.iter().map(|p| part(p, mode)).collect();
            let all: Vec<Vec<usize>> = parts.iter().map(|p| starts(p)).collect();
            // (start of the first part, end of the last placed, characters between so far)
            let mut chains: Vec<(usize, usize, usize)> =
                all[0].iter().map(|&i| (i, i + parts[0].len(), 0)).collect();
            for (k, p) in parts.iter().enumerate().skip(1) {
                let mut next = Vec::new();
                for &(s, end, between) in &chains {
                    for &j in all[k].iter().filter(|&&j| j >= end && between + (j - end) <= *n) {
                        next.push((s, j + p.len(), between + (j - end)));
                    }
                }
                chains = next;
            }
            out.extend(chains.into_iter().map(|(s, e, _)| (s, e)));
        }
    }
    out
}

/// The occurrences: the counting rule applied to every match.
fn occurrences(mut all: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    all.sort_by(|x, y| x.1.cmp(&y.1).then(y.0.cmp(&x.0)));
    let mut out = Vec::new();
    let mut free = 0;
    for (s, e) in all {
        if s >= free {
            out.push((s, e));
            free = e;
        }
    }
    out
}

/// Per matching segment: occurrences and highlighted character ranges of
/// the original text (merged where they touch, as the index merges them).
fn scan(pattern: &Pattern, mode: FoldMode, keep: impl Fn(&Seg) -> bool) -> Found {
    let mut out = BTreeMap::new();
    for seg in segments(mode).iter().filter(|s| keep(s)) {
        let mut occ = occurrences(matches(&seg.folded, pattern, mode));
        occ.retain(|(s, _)| *s < seg.own);
        if occ.is_empty() {
            continue;
        }
        let mut ranges: Vec<Range<usize>> = Vec::new();
        for &(s, e) in &occ {
            let end = (seg.origin[e - 1] as usize + 1).min(seg.own_chars);
            let r = seg.origin[s] as usize..end;
            match ranges.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => ranges.push(r),
            }
        }
        out.insert(seg.key.clone(), (occ.len() as u32, ranges));
    }
    out
}

/// What the index answers, in the same shape, paging through every result.
fn search(query: &str, exact: bool) -> (Found, u64) {
    let mut out = BTreeMap::new();
    let mut offset = 0;
    loop {
        let r = index()
            .search(&SearchRequest {
                query: query.into(),
                exact,
                limit: sheli_index::search::MAX_LIMIT,
                offset,
                ..Default::default()
            })
            .unwrap_or_else(|e| panic!("{query}: {e}"));
        let n = r.results.len();
        for h in r.results {
            let ranges = h.segment_highlights.iter().map(|[a, b]| *a..*b).collect();
            out.insert((h.id, h.segment), (h.occurrences, ranges));
        }
        if n == 0 || out.len() as u64 >= r.total_segments {
            assert_eq!(out.len() as u64, r.total_segments, "{query}: every result paged");
            let sum: u64 = out.values().map(|(o, _)| u64::from(*o)).sum();
            assert_eq!(sum, r.total_occurrences, "{query}: the total is the sum of the segments");
            return (out, r.total_occurrences);
        }
        offset += n;
    }
}

/// The index agrees with the scan on `query`; returns the occurrences.
fn agrees(query: &str, pattern: Pattern, keep: impl Fn(&Seg) -> bool) -> u64 {
    agrees_in(query, false, pattern, keep)
}

fn agrees_in(query: &str, exact: bool, pattern: Pattern, keep: impl Fn(&Seg) -> bool) -> u64 {
    let mode = if exact { FoldMode::Exact } else { FoldMode::Folded };
    let want = scan(&pattern, mode, keep);
    let (got, total) = search(query, exact);
    let want_keys: BTreeSet<&Key> = want.keys().collect();
    let got_keys: BTreeSet<&Key> = got.keys().collect();
    assert_eq!(got_keys, want_keys, "{query}: the segments found");
    for (key, w) in &want {
        assert_eq!(&got[key], w, "{query}: occurrences and highlights in {key:?}");
    }
    total
}

fn all(_: &Seg) -> bool {
    true
}

#[test]
fn ordered_proximity_equals_the_scan() {
    use Pattern::Ordered;
    let totals = [
        agrees("\"主人 賓\"~3", Ordered(vec!["主人", "賓"], 3), all),
        agrees("\"賓 主人\"~3", Ordered(vec!["賓", "主人"], 3), all),
        agrees("\"升 降\"~10", Ordered(vec!["升", "降"], 10), all),
        agrees("\"拜 拜\"~4", Ordered(vec!["拜", "拜"], 4), all),
        agrees("\"主人 賓 拜\"~6", Ordered(vec!["主人", "賓", "拜"], 6), all),
        // every character a part; simplified script folds as anywhere
        agrees("\"觯爵\"~5", Ordered(vec!["觶", "爵"], 5), all),
        // ~0 is the plain phrase
        agrees("\"再 拜\"~0", Ordered(vec!["再", "拜"], 0), all),
    ];
    assert_eq!(search("\"再 拜\"~0", false).0, search("再拜", false).0);
    assert!(totals.iter().all(|&t| t > 0), "every query finds something: {totals:?}");
    // order matters: 主人 … 賓 and 賓 … 主人 are different sets
    assert_ne!(search("\"主人 賓\"~3", false).0, search("\"賓 主人\"~3", false).0);
}

#[test]
fn near_equals_the_scan_in_either_order() {
    use Pattern::Near;
    let totals = [
        agrees("主人 NEAR/3 賓", Near("主人", "賓", 3), all),
        agrees("觶 NEAR/5 爵", Near("觶", "爵", 5), all),
        agrees("拜 NEAR/2 拜", Near("拜", "拜", 2), all),
        agrees("再拜 NEAR/0 賓", Near("再拜", "賓", 0), all),
        agrees("坐?爵 NEAR/4 主人", Near("坐?爵", "主人", 4), all),
    ];
    assert!(totals.iter().all(|&t| t > 0), "{totals:?}");
    // either order: NEAR finds at least what each order finds
    let near = search("主人 NEAR/3 賓", false).0;
    for ordered in ["\"主人 賓\"~3", "\"賓 主人\"~3"] {
        let (o, _) = search(ordered, false);
        assert!(o.keys().all(|k| near.contains_key(k)), "{ordered}");
    }
}

#[test]
fn a_question_mark_equals_the_scan() {
    use Pattern::{One, Ordered};
    let totals = [
        agrees("坐?爵", One("坐?爵"), all),
        agrees("\"主人?賓\"", One("主人?賓"), all),
        agrees("賓??拜", One("賓??拜"), all),
        // the same character on both sides of the gap
        agrees("拜?拜", One("拜?拜"), all),
        agrees("\"主人?賓 拜\"~5", Ordered(vec!["主人?賓", "拜"], 5), all),
    ];
    assert!(totals.iter().all(|&t| t > 0), "{totals:?}");
}

#[test]
fn filters_and_exact_mode_narrow_the_new_operators() {
    use Pattern::{Near, One, Ordered};
    let zhu = |s: &Seg| s.layer == Layer::Zhu;
    let dashe = |s: &Seg| s.work == "大射儀";
    assert!(agrees("\"主人 賓\"~3 layer:注", Ordered(vec!["主人", "賓"], 3), zhu) > 0);
    assert!(agrees("大夫 NEAR/3 射 work:大射儀", Near("大夫", "射", 3), dashe) > 0);
    assert!(agrees("坐?爵 layer:經", One("坐?爵"), |s| s.layer == Layer::Jing) > 0);
    // exact: the translation writes 觯 (simplified), the others 觶
    let exact = agrees_in("\"觯 酒\"~5", true, Ordered(vec!["觯", "酒"], 5), all);
    let folded = agrees("\"觯 酒\"~5", Ordered(vec!["觯", "酒"], 5), all);
    assert!(exact > 0 && exact < folded, "{exact} {folded}");
    assert!(agrees_in("坐?爵", true, One("坐?爵"), all) > 0);
    // `=` on one side of NEAR: that side exact, the other folded (酒 is the
    // same in both scripts, so this is the exact search)
    let mixed = search("=觯 NEAR/5 酒", false).0;
    assert!(!mixed.is_empty());
    assert_eq!(mixed, search("觯 NEAR/5 酒", true).0);
}

#[test]
fn negated_proximity_and_wildcards_remove_exactly_their_segments() {
    use Pattern::{One, Ordered};
    for (query, positive, pattern) in [
        ("爵 -\"坐?爵\"", "爵", One("坐?爵")),
        ("射 -\"主人 賓\"~3", "射", Ordered(vec!["主人", "賓"], 3)),
        ("拜 NOT \"再 拜\"~1", "拜", Ordered(vec!["再", "拜"], 1)),
        ("賓 -賓?拜", "賓", One("賓?拜")),
    ] {
        let excluded = scan(&pattern, FoldMode::Folded, all);
        let (base, _) = search(positive, false);
        let want: BTreeSet<&Key> = base.keys().filter(|k| !excluded.contains_key(*k)).collect();
        let (got, _) = search(query, false);
        assert_eq!(got.keys().collect::<BTreeSet<_>>(), want, "{query}");
        assert!(want.len() < base.len() && !want.is_empty(), "{query} removes some, not all");
    }
}

#[test]
fn pinyin_can_be_one_side_of_near() {
    let r = index()
        .search(&SearchRequest { query: "zhi4 NEAR/3 爵".into(), limit: 5, ..Default::default() })
        .unwrap();
    assert!(r.total_segments > 0);
    assert_eq!(r.pinyin.len(), 1, "the syllable's characters are listed");
    let h = &r.results[0];
    let [a, b] = h.highlights[0];
    let lit: String = h.snippet.chars().skip(a).take(b - a).collect();
    assert!(lit.contains('爵') && lit.chars().count() >= 2, "{lit}");
}

/// Exact mode over texts in both scripts (the translation is simplified,
/// the rest traditional), now that the exact field holds only the tokens
/// the fold merges with another (`sheli_index::exact`): a token alone in
/// its fold class is read from the folded field, a phrase found by its
/// folded form and kept where its exact tokens stand. Every answer must
/// still be the plain scan's, for tokens of both kinds and their mixtures.
#[test]
fn exact_mode_equals_the_scan_over_both_scripts() {
    use Pattern::{Near, One, Ordered};
    use sheli_index::exact::needs_exact;
    // both kinds are exercised: 觶/觯 and 於/于 fold together (and 再 with
    // its compatibility form), 之 and 拜 fold with nothing
    assert!(needs_exact("觶") && needs_exact("觯") && needs_exact("於") && needs_exact("再"));
    assert!(!needs_exact("之") && !needs_exact("拜") && !needs_exact("主"));
    let exact = |q: &str, p: Pattern| agrees_in(q, true, p, all);
    let totals = [
        exact("觶", One("觶")),
        exact("觯", One("觯")),
        exact("於", One("於")),
        exact("于", One("于")),
        exact("之", One("之")),
        exact("再拜", One("再拜")),
        exact("主人", One("主人")),
        exact("奠觶", One("奠觶")),
        exact("奠觯", One("奠觯")),
        exact("賓於", One("賓於")),
        exact("坐?觶", One("坐?觶")),
        exact("拜?拜", One("拜?拜")),
        exact("\"觶 拜\"~6", Ordered(vec!["觶", "拜"], 6)),
        exact("觯 NEAR/4 酒", Near("觯", "酒", 4)),
    ];
    assert!(totals.iter().all(|&t| t > 0), "every query finds something: {totals:?}");
    // the two scripts part in exact mode and meet when folded
    let (trad, simp) = (search("觶", true).0, search("觯", true).0);
    let folded = search("觶", false).0;
    assert!(!trad.is_empty() && !simp.is_empty());
    assert!(trad.keys().chain(simp.keys()).all(|k| folded.contains_key(k)));
    assert!(trad.len() + simp.len() >= folded.len(), "every folded hit is one of the two");
    // a token with no exact postings: exact and folded are the same answer
    assert_eq!(search("之", true).0, search("之", false).0);
    // an exact phrase excluded: the segments of 主人 without 奠觶 exactly
    let without = search("主人 -奠觶", true).0;
    let with = search("主人 奠觶", true).0;
    let both = search("主人", true).0;
    assert!(!with.is_empty());
    assert_eq!(without.len() + with.len(), both.len());
    assert!(with.keys().all(|k| !without.contains_key(k)));
}

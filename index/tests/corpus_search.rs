//! Searching the built-in corpus through a real tantivy index on disk: the
//! public sanity figures of the corpus contract (CORPUS.md §5), filters,
//! exact mode, pinyin, KWIC, and recovery from a damaged index.

use sheli_index::{RebuildReason, SearchRequest, SearchResponse, open_or_build};

mod common;
use common::{corpus, index};

#[test]
fn a_fresh_index_is_built_because_it_was_missing() {
    assert_eq!(common::opened().rebuilt, Some(RebuildReason::Missing));
}

fn search(q: &str) -> SearchResponse {
    index().search(&SearchRequest { query: q.into(), limit: 20, ..Default::default() }).unwrap()
}

fn per_source(r: &SearchResponse) -> Vec<u64> {
    ["xiangshe.zhushu", "xiangshe.yiwen", "yanli.zhushu", "xiangshe.tongjie", "dashe.tongjie"]
        .iter()
        .map(|s| r.by_source[*s].occurrences)
        .collect()
}

#[test]
fn simplified_zhi_finds_traditional_zhi_everywhere() {
    let r = search("觯");
    assert_eq!(r.total_occurrences, 273);
    assert_eq!(per_source(&r), [190, 56, 10, 0, 17]);
}

#[test]
fn the_variant_hou_meets_hou() {
    let r = search("矦");
    assert_eq!(r.total_occurrences, 429);
    assert_eq!(per_source(&r), [292, 3, 14, 109, 11]);
    assert_eq!(search("侯").total_occurrences, 429);
}

#[test]
fn a_phrase_matches_across_punctuation() {
    let r = search("再拜賓答再拜");
    assert_eq!(r.total_occurrences, 3);
    assert_eq!(per_source(&r), [2, 0, 0, 1, 0]);
    // the whole phrase is highlighted, punctuation inside included
    let hit = r.results.iter().find(|h| h.source == "xiangshe.zhushu").unwrap();
    let [a, b] = hit.highlights[0];
    let lit: String = hit.snippet.chars().skip(a).take(b - a).collect();
    assert!(lit.starts_with("再拜") && lit.ends_with("再拜") && lit.contains('。'), "{lit}");
}

#[test]
fn totals_break_down_by_layer_and_work() {
    let r = search("觯");
    let layers: u64 = r.by_layer.values().map(|t| t.occurrences).sum();
    assert_eq!(layers, 273);
    assert_eq!(r.by_layer["譯"].occurrences, 56);
    let works: u64 = r.by_work.values().map(|t| t.occurrences).sum();
    assert_eq!(works, 273);
    assert_eq!(r.by_work["燕禮"].occurrences, 10);
}

#[test]
fn layer_and_work_filters_narrow() {
    let zhu = search("觯 layer:注");
    assert!(zhu.total_segments > 0);
    assert!(zhu.results.iter().all(|h| h.layer == sheli_corpus::Layer::Zhu));
    assert_eq!(zhu.total_occurrences, search("觯").by_layer["注"].occurrences);
    let dashe = index()
        .search(&SearchRequest {
            query: "觯".into(),
            work: Some("大射儀".into()),
            limit: 5,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(dashe.total_occurrences, 17);
}

/// `--layer`, `--work` and `--source` are filters, never more query: a value
/// that looks like terms is an unknown layer or work, and the error does not
/// point into the query the user typed.
#[test]
fn filters_given_apart_cannot_add_terms() {
    let request = |layer: &str| SearchRequest {
        query: "觯".into(),
        layer: Some(layer.into()),
        limit: 5,
        ..Default::default()
    };
    let err = index().search(&request("注 OR 觚")).unwrap_err().to_string();
    assert!(err.contains("unknown layer `注 OR 觚`"), "{err}");
    match index().search(&request("jing2")).unwrap_err() {
        sheli_index::error::IndexError::Query(q) => assert_eq!(q.span, None, "{q:?}"),
        other => panic!("a query error, not {other:?}"),
    }
    // and a sound value narrows, padded or not
    assert_eq!(
        index().search(&request(" 注 ")).unwrap().total_occurrences,
        search("觯").by_layer["注"].occurrences
    );
}

#[test]
fn exact_mode_turns_folding_off() {
    let exact = index()
        .search(&SearchRequest { query: "觶".into(), exact: true, limit: 5, ..Default::default() })
        .unwrap();
    // 001 writes 觯 (never 觶) and the tongjie texts are simplified
    assert_eq!(exact.by_source["xiangshe.yiwen"].occurrences, 0);
    assert_eq!(exact.by_source["xiangshe.zhushu"].occurrences, 190);
    assert_eq!(search("=觯").by_source["xiangshe.yiwen"].occurrences, 56);
}

#[test]
fn exclusion_removes_segments() {
    let all = search("觯");
    let without = search("觯 -酬");
    assert!(without.total_segments < all.total_segments);
    assert!(without.results.iter().all(|h| !h.snippet.contains('酬')));
    // Written as other search engines take it, the same answer.
    let not = search("觯 NOT 酬");
    assert_eq!(
        (not.total_segments, not.total_occurrences),
        (without.total_segments, without.total_occurrences)
    );
    let and = search("觯 AND 豐");
    assert!(and.total_segments > 0);
    assert_eq!(and.total_segments, search("觯 豐").total_segments);
}

#[test]
fn pinyin_finds_the_characters_with_that_reading() {
    let r = search("bi1");
    assert!(r.pinyin[0].characters.contains('楅'));
    assert!(r.results.iter().all(|h| h.pinyin));
    assert!(r.total_occurrences >= search("楅").total_occurrences);
}

#[test]
fn results_carry_what_the_reader_needs() {
    let r = search("楅猶幅也");
    let h = &r.results[0];
    assert_eq!(h.source, "xiangshe.zhushu");
    assert_eq!(h.layer, sheli_corpus::Layer::Zhu);
    assert_eq!(h.line, 763);
    assert!(corpus().passage(&h.id).is_ok());
}

#[test]
fn the_placeholder_never_matches() {
    // 001 prints ■ for the missing 翿 (獲者執■旌唱獲, twice)
    assert_eq!(search("獲者執■旌").by_source["xiangshe.yiwen"].occurrences, 2);
    assert_eq!(search("獲者執翿旌").by_source["xiangshe.yiwen"].occurrences, 0);
    assert_eq!(search("■旌").by_source["xiangshe.yiwen"].occurrences, 2);
}

#[test]
fn matches_do_not_cross_segments() {
    // 奏陔 is split between a 經 and its 注 in 000 (a source fault)
    assert_eq!(search("奏陔 layer:經").by_source["xiangshe.zhushu"].occurrences, 0);
    assert_eq!(search("樂正命奏 layer:經").by_source["xiangshe.zhushu"].occurrences, 1);
}

/// Files of an index directory with the given extension, biggest first.
fn files_with(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(p).unwrap().len()));
    files
}

fn truncate_to_half(path: &std::path::Path) {
    let len = std::fs::metadata(path).unwrap().len();
    std::fs::OpenOptions::new().write(true).open(path).unwrap().set_len(len / 2).unwrap();
}

/// Builds an index, damages it with `damage`, and checks that the next open
/// notices, rebuilds, and answers.
fn damaged_and_rebuilt(damage: impl FnOnce(&std::path::Path)) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index");
    open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    let again = open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    assert_eq!(again.rebuilt, None, "a sound index is reused");
    drop(again);
    damage(&path);
    let reopened = open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    assert!(matches!(reopened.rebuilt, Some(RebuildReason::Corrupt(_))), "{:?}", reopened.rebuilt);
    let r = reopened
        .index
        .search(&SearchRequest { query: "觯".into(), limit: 1, ..Default::default() })
        .unwrap();
    assert_eq!(r.total_occurrences, 273);
    assert_eq!(
        reopened
            .index
            .search(&SearchRequest { query: "再拜賓答再拜".into(), ..Default::default() })
            .unwrap()
            .total_occurrences,
        3
    );
    // and the rebuilt index is sound
    drop(reopened);
    assert_eq!(open_or_build(&path, corpus(), &mut |_| {}).unwrap().rebuilt, None);
}

#[test]
fn a_damaged_index_is_rebuilt_and_search_still_answers() {
    // truncate the biggest data file
    damaged_and_rebuilt(|path| {
        let biggest = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e != "json" && e != "lock"))
            .max_by_key(|p| std::fs::metadata(p).unwrap().len())
            .unwrap();
        truncate_to_half(&biggest);
    });
}

/// The index is written without `fsync` (it is a cache): after a crash or a
/// power loss any file may be short, zeroed or gone, tantivy's list of
/// managed files included. Every such damage must be noticed on open.
#[test]
fn damage_a_lost_write_could_leave_is_noticed() {
    // a positions file cut short
    damaged_and_rebuilt(|path| truncate_to_half(&files_with(path, "pos")[0]));
    // zeros in the middle of a postings file, its length unchanged
    damaged_and_rebuilt(|path| {
        let file = &files_with(path, "idx")[0];
        let mut bytes = std::fs::read(file).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid..mid + 64].fill(0);
        std::fs::write(file, bytes).unwrap();
    });
    // a segment file gone
    damaged_and_rebuilt(|path| std::fs::remove_file(&files_with(path, "term")[0]).unwrap());
    // an empty doc store, and tantivy's list of managed files lost with it
    // (tantivy's own checksum validation only looks at listed files)
    damaged_and_rebuilt(|path| {
        std::fs::remove_file(path.join(".managed.json")).unwrap();
        std::fs::write(&files_with(path, "store")[0], b"").unwrap();
    });
    // tantivy's description of the segments, empty
    damaged_and_rebuilt(|path| std::fs::write(path.join("meta.json"), b"").unwrap());
}

#[test]
fn a_missing_description_or_changed_texts_trigger_a_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index");
    open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    let meta = path.join(sheli_index::meta::META_FILE);
    let text = std::fs::read_to_string(&meta).unwrap();
    std::fs::write(&meta, text.replace("\"corpus_hash\": \"", "\"corpus_hash\": \"0")).unwrap();
    let r = open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    assert_eq!(r.rebuilt, Some(RebuildReason::TextsChanged));
    std::fs::remove_file(&meta).unwrap();
    let r = open_or_build(&path, corpus(), &mut |_| {}).unwrap();
    assert!(matches!(r.rebuilt, Some(RebuildReason::Corrupt(_))));
}

/// The operators as a Chinese input method types them find what their ASCII
/// forms find (the outside tester's finding 1: `再？拜` found every 再拜,
/// `“再 拜”` every segment with 再 and 拜 anywhere).
#[test]
fn full_width_and_chinese_operators_count_as_their_ascii_forms() {
    let counts = |q: &str| {
        let r = search(q);
        (r.total_occurrences, r.total_segments, per_source(&r))
    };
    for (typed, ascii, not) in [
        ("再？拜", "再?拜", "再拜"),
        ("坐？爵", "坐?爵", "坐爵"),
        ("“再 拜”", "\"再 拜\"", "再 拜"),
        ("「再 拜」", "\"再 拜\"", "再 拜"),
        ("“主人 賓”~3", "\"主人 賓\"~3", "主人 賓"),
        ("主人 near/3 賓", "主人 NEAR/3 賓", "主人 賓"),
        ("主人 ＮＥＡＲ／３ 賓", "主人 NEAR/3 賓", "主人 賓"),
        ("觶 or 觚", "觶 OR 觚", "觶 觚"),
    ] {
        assert_eq!(counts(typed), counts(ascii), "{typed}");
        assert_ne!(counts(typed), counts(not), "{typed} is not {not}");
    }
}

/// Terms that find the same characters count them once (the outside
/// tester's `射 射` counted 2,644 of 1,322): a refinement by a word the
/// match already holds, or by its exact form, never counts more than the
/// page marks. Terms that find different characters still add up.
#[test]
fn terms_that_find_the_same_characters_count_them_once() {
    let one = search("射");
    let twice = search("射 射");
    assert_eq!(
        (twice.total_occurrences, twice.total_segments),
        (one.total_occurrences, one.total_segments)
    );
    let exact = search("=觶");
    let refined = search("觶 =觶");
    assert_eq!(
        (refined.total_occurrences, refined.total_segments),
        (exact.total_occurrences, exact.total_segments)
    );
    // terms that find different characters still add up
    let either = search("觶 OR 觚");
    assert_eq!(
        either.total_occurrences,
        search("觶").total_occurrences + search("觚").total_occurrences
    );
}

/// Two filters of one field are either (the outside tester's finding 3,
/// h7: `射 layer:注 layer:經` found nothing); full-width pinyin is pinyin
/// (finding 10: `ｚｈｉ４` found nothing).
#[test]
fn two_filters_of_one_field_are_their_union_and_full_width_pinyin_is_pinyin() {
    let all = search("觯");
    let both = search("觯 layer:注 layer:經");
    assert_eq!(
        both.total_occurrences,
        all.by_layer["注"].occurrences + all.by_layer["經"].occurrences
    );
    assert!(both.total_occurrences > search("觯 layer:注").total_occurrences);
    let works = search("觯 work:燕禮 work:大射儀");
    assert_eq!(works.total_occurrences, 10 + 17);
    assert_eq!(search("ｚｈｉ４").total_occurrences, search("zhi4").total_occurrences);
    assert!(search("ｚｈｉ４").total_occurrences > 0);
}

/// A query pasted from a PDF, with the Kangxi radical sign ⼈ (U+2F08)
/// where the page shows 人, finds what 主人 finds (it searched 主 alone).
#[test]
fn a_kangxi_radical_sign_in_the_query_is_its_ideograph() {
    let typed = search("主\u{2F08}");
    let plain = search("主人");
    assert_eq!(
        (typed.total_occurrences, typed.total_segments),
        (plain.total_occurrences, plain.total_segments)
    );
    assert!(typed.total_segments < search("主").total_segments);
}

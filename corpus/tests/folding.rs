//! The search fold, as a specification (CORPUS.md §4). A user types either
//! script or a variant form; these pairs must meet, and these must not.

use sheli_corpus::fold::{FoldMode, count_in, find_in, fold, fold_char};

fn meet(a: &str, b: &str) -> bool {
    fold(a, FoldMode::Folded) == fold(b, FoldMode::Folded)
}

/// Every pair of the contract's variant table and of the OpenCC forms it names.
const MEET: &[(&str, &str)] = &[
    // variant table
    ("矦", "侯"),
    ("筭", "算"),
    ("醻", "酬"),
    ("竝", "並"),
    ("竝", "并"),
    ("郤", "卻"),
    ("郤", "却"),
    ("徧", "遍"),
    ("絜", "潔"),
    ("絜", "洁"),
    ("繋", "繫"),
    ("繋", "系"),
    ("羮", "羹"),
    ("鼔", "鼓"),
    ("逺", "遠"),
    ("逺", "远"),
    ("竒", "奇"),
    ("隂", "陰"),
    ("隂", "阴"),
    ("黒", "黑"),
    ("畱", "留"),
    ("聫", "聯"),
    ("聫", "联"),
    ("兎", "兔"),
    ("龞", "鼈"),
    ("龞", "鳖"),
    ("邉", "邊"),
    ("邉", "边"),
    ("旜", "旃"),
    // forms OpenCC handles that matter here
    ("於", "于"),
    ("為", "为"),
    ("爲", "为"),
    ("眾", "众"),
    ("衆", "众"),
    ("個", "个"),
    ("撲", "扑"),
    ("豐", "丰"),
    ("觶", "觯"),
    ("決", "决"),
    ("雲", "云"),
    ("麵", "面"),
    ("後", "后"),
    ("幹", "干"),
    ("乾", "干"),
    ("隻", "只"),
    ("緻", "致"),
    ("複", "复"),
    ("復", "复"),
    ("僕", "仆"),
    ("禦", "御"),
    ("鬥", "斗"),
    ("繫", "系"),
    ("係", "系"),
    ("獲", "获"),
    ("穫", "获"),
    ("餘", "余"),
    ("鍾", "钟"),
    ("鐘", "钟"),
    ("臺", "台"),
    ("挩", "捝"),
    ("説", "说"),
    ("說", "说"),
    ("旣", "既"),
    ("絶", "绝"),
    ("羣", "群"),
    ("脩", "修"),
    ("顔", "颜"),
    ("顏", "颜"),
    ("騶", "驺"),
    ("閭", "闾"),
    ("蘋", "苹"),
    ("貍", "狸"),
    ("纁", "\u{2B138}"),
    // phrases
    ("鄉射禮", "乡射礼"),
    ("袒決遂", "袒决遂"),
    ("設豐", "设丰"),
];

/// Deliberate non-folds: wrong in general, or real textual questions.
const APART: &[(&str, &str)] = &[
    ("鄉", "向"),
    ("鄉", "嚮"),
    ("孰", "熟"),
    ("閒", "間"),
    ("閒", "间"),
    ("觚", "觶"),
    ("篠", "筱"),
    ("福", "楅"),
    ("个", "介"),
    ("纁", "薰"),
    ("防", "旨"),
    ("祖", "俎"),
    ("脉", "觶"),
];

#[test]
fn contract_pairs_meet_both_ways() {
    for (a, b) in MEET {
        assert!(meet(a, b), "{a} should fold like {b}");
        assert!(meet(b, a), "{b} should fold like {a}");
        assert_eq!(count_in(a, b, FoldMode::Folded), 1, "query {b} should find {a}");
        assert_eq!(count_in(b, a, FoldMode::Folded), 1, "query {a} should find {b}");
    }
}

#[test]
fn deliberate_non_folds_stay_apart() {
    for (a, b) in APART {
        assert!(!meet(a, b), "{a} and {b} must not meet");
        assert_eq!(count_in(a, b, FoldMode::Folded), 0);
    }
}

#[test]
fn examples_from_the_brief() {
    assert_eq!(count_in("酌,奠觶于薦南", "觯", FoldMode::Folded), 1);
    assert_eq!(count_in("乃張矦", "侯", FoldMode::Folded), 1);
    assert_eq!(count_in("無筭爵", "算", FoldMode::Folded), 1);
    assert_eq!(count_in("袒、決、遂。", "决", FoldMode::Folded), 1);
}

#[test]
fn exact_mode_keeps_forms_apart() {
    assert_eq!(count_in("奠觶", "觯", FoldMode::Exact), 0);
    assert_eq!(count_in("奠觶", "觶", FoldMode::Exact), 1);
    assert_eq!(count_in("乃張矦", "侯", FoldMode::Exact), 0);
    // punctuation is ignored in exact mode too
    assert_eq!(count_in("再拜。賓答再拜", "再拜賓答", FoldMode::Exact), 1);
}

#[test]
fn punctuation_whitespace_and_markers_are_ignored() {
    for c in "，。、；：︰‧「」『』“”‘’《》【】()[]—?! \n\t　○-aZ09,.:".chars()
    {
        assert_eq!(fold_char(c, FoldMode::Folded), None, "{c:?} should be dropped");
    }
    assert_eq!(count_in("主人戒賓。賓出迎", "主人戒賓賓出", FoldMode::Folded), 1);
}

#[test]
fn placeholder_and_unknown_private_use_block_matches() {
    assert_eq!(count_in("獲者執■旌唱獲", "執旌", FoldMode::Folded), 0);
    assert_eq!(count_in("獲者執■旌唱獲", "執■旌", FoldMode::Folded), 1);
    assert_eq!(count_in("謂\u{E14B}肝膋", "謂肝", FoldMode::Folded), 0);
}

#[test]
fn known_private_use_code_points_are_repaired() {
    assert_eq!(count_in("戒时\u{EA20}端", "玄端", FoldMode::Folded), 1);
    assert_eq!(count_in("兼诸\u{EB8E}面镞", "兼諸弦", FoldMode::Folded), 1);
    assert_eq!(count_in("欲令\u{E172}均", "欲令惠均", FoldMode::Folded), 1);
}

#[test]
fn extension_ideographs_are_kept() {
    assert_eq!(fold("㨒", FoldMode::Folded).chars().count(), 1);
    assert_eq!(fold("\u{2B138}", FoldMode::Folded), "\u{2B138}");
}

#[test]
fn highlight_ranges_cover_the_original_characters() {
    let text = "再拜。賓答再拜。";
    assert_eq!(find_in(text, "再拜賓答再拜", FoldMode::Folded), vec![0..7]);
}

mod no_input_panics {
    use proptest::prelude::*;
    use sheli_corpus::fold::{FoldMode, count_in, find_in};

    proptest! {
        #[test]
        fn fold_and_find_accept_any_string(text in "\\PC*", query in "\\PC{0,8}") {
            let hits = find_in(&text, &query, FoldMode::Folded);
            let n = text.chars().count();
            for r in &hits {
                prop_assert!(r.start < r.end && r.end <= n);
            }
            prop_assert_eq!(hits.len(), count_in(&text, &query, FoldMode::Folded));
        }
    }
}

/// A Kangxi radical sign, as a PDF's copied text holds it for 人 or 生,
/// is read as its ideograph in both modes (the outside tester's `主⼈`
/// searched 主 alone): it is no form of its own, only a look-alike code
/// point. Radical signs with no decomposition stay ignored.
#[test]
fn kangxi_radical_signs_read_as_their_ideographs() {
    for mode in [FoldMode::Folded, FoldMode::Exact] {
        assert_eq!(fold("主\u{2F08}", mode), fold("主人", mode), "{mode:?}");
        assert_eq!(fold("\u{2F63}\u{2F08}", mode), fold("生人", mode), "{mode:?}");
        assert_eq!(fold_char('\u{2E9F}', mode), fold_char('母', mode), "{mode:?}");
    }
    // a traditional ideograph's radical folds on like the ideograph: ⾨ is 門
    assert_eq!(fold("\u{2FA8}", FoldMode::Folded), fold("門", FoldMode::Folded));
    // ⺀ (U+2E80) has no decomposition: ignored, as before
    assert_eq!(fold_char('\u{2E80}', FoldMode::Folded), None);
}

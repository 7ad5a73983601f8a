//! The contents of an edition: every passage under exactly one heading, the
//! headings taken from the texts where they give them (the 通解's own, the
//! 通解's through the alignment, the 疏's 自此…論…之事), else the first words
//! of the 經; the 記 never continues a heading of the main text.

use std::sync::OnceLock;

use sheli_corpus::headings::FIRST_WORDS_GROUP;
use sheli_corpus::{Corpus, Heading, HeadingBasis};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

fn headings(source: &str) -> Vec<Heading> {
    corpus().headings(source).unwrap()
}

/// Prints the contents (`cargo test -p sheli-corpus --test headings -- --nocapture`).
fn show(source: &str, hs: &[Heading]) {
    println!("{source}: {} headings", hs.len());
    for h in hs {
        println!(
            "  {:>4}–{:<4} {}{:?} {}",
            h.first,
            h.last,
            if h.ji { "記 " } else { "" },
            h.basis,
            h.title
        );
    }
}

#[test]
fn every_passage_is_under_exactly_one_heading_in_order() {
    for s in corpus().sources() {
        let id = &s.info.id;
        let hs = headings(id);
        let passages = corpus().passages_of(id);
        let mut next = passages.first().map(|p| p.ordinal).unwrap_or(1);
        for h in &hs {
            assert_eq!(h.first, next, "{id}: a gap or overlap before {h:?}");
            assert!(h.last >= h.first, "{id}: {h:?}");
            assert!(!h.title.is_empty(), "{id}: an empty heading {h:?}");
            next = h.last + 1;
        }
        assert_eq!(next, passages.last().map(|p| p.ordinal + 1).unwrap_or(1), "{id}: the end");
        // The 記 begins a run of its own.
        for h in &hs {
            let ji: Vec<bool> =
                (h.first..=h.last).map(|o| passages[(o - 1) as usize].is_ji()).collect();
            assert!(ji.iter().all(|j| *j == h.ji), "{id}: {h:?} crosses the 記's beginning");
        }
    }
}

#[test]
fn the_zhushu_takes_the_tongjie_headings_through_the_alignment_then_the_shus() {
    let hs = headings("xiangshe.zhushu");
    show("xiangshe.zhushu", &hs);
    // The 疏 opens the rite: 自此至「無介」，論州長將射，先戒賓之事.
    assert_eq!(
        (hs[0].title.as_str(), &hs[0].basis),
        ("州長將射,先戒賓", &HeadingBasis::Commentary)
    );
    // The 通解 (simplified) heads the passages its copy has — 右張侯, 右速宾,
    // 右迎宾 —: the 註疏 shows them in its own, traditional script.
    let tongjie = HeadingBasis::Edition { source: "xiangshe.tongjie".into() };
    for part in ["張侯", "速賓", "迎賓"] {
        assert!(hs.iter().any(|h| h.title == part && h.basis == tongjie && !h.ji), "{part}");
    }
    // The 疏 opens the parts of the rite the 通解 copy does not reach.
    let from_shu: Vec<&str> = hs
        .iter()
        .filter(|h| h.basis == HeadingBasis::Commentary)
        .map(|h| h.title.as_str())
        .collect();
    for part in ["主人獻賓", "賓酢主人", "酬賓", "旅酬", "罰爵", "第三番用樂射"]
    {
        assert!(from_shu.contains(&part), "{part} is a heading: {from_shu:?}");
    }
    // 408 passages fold into a few dozen headings, not 408 numbers.
    assert!((20..=80).contains(&hs.len()), "{} headings", hs.len());
    // Where no text heads the passages, first words, in groups of at most 10.
    for h in hs.iter().filter(|h| h.basis == HeadingBasis::FirstWords) {
        assert!(((h.last - h.first) as usize) < FIRST_WORDS_GROUP, "{h:?}");
        let p = corpus().passages_of("xiangshe.zhushu");
        let jing = (h.first..=h.last)
            .map(|o| p[(o - 1) as usize].jing_text())
            .find(|t| !t.is_empty())
            .unwrap();
        assert!(jing.starts_with(h.title.trim_end_matches('…')), "{h:?} is not {jing}'s start");
    }
    // The 記 is headed too (it comes last in the 註疏).
    assert!(hs.last().unwrap().ji);
}

#[test]
fn the_tongjie_keeps_its_own_headings() {
    let hs = headings("xiangshe.tongjie");
    show("xiangshe.tongjie", &hs);
    let own: Vec<&str> =
        hs.iter().filter(|h| h.basis == HeadingBasis::Own).map(|h| h.title.as_str()).collect();
    assert_eq!(own.first(), Some(&"张侯"));
    assert!(own.contains(&"速宾") && own.contains(&"迎宾"), "{own:?}");
}

#[test]
fn the_yanli_zhushu_is_headed_by_its_shu_where_it_speaks() {
    let hs = headings("yanli.zhushu");
    show("yanli.zhushu", &hs);
    assert!(
        hs.iter().any(|h| h.title == "賓媵爵於公" && h.basis == HeadingBasis::Commentary),
        "{hs:?}"
    );
}

#[test]
fn an_unknown_source_is_an_error_not_an_empty_contents() {
    assert!(corpus().headings("nowhere.zhushu").is_err());
}

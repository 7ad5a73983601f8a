//! The built-in glossary cards: they load, they cover the terms of the
//! glossary brief (GLOSSARY-TERMS.md), every quotation is found where it says
//! it is, and every drawing is well-formed SVG that follows the theme.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use sheli_corpus::fold::{count_in, find_in};
use sheli_corpus::glossary::{self, Card, Kind};
use sheli_corpus::manifest::{Format, builtin_manifest, builtin_text};
use sheli_corpus::{Corpus, FoldMode, Passage};

fn cards() -> Vec<Card> {
    glossary::builtin_cards().unwrap_or_else(|e| panic!("the built-in cards do not load: {e}"))
}

fn card<'a>(cards: &'a [Card], headword: &str) -> &'a Card {
    cards
        .iter()
        .find(|c| c.headword == headword)
        .unwrap_or_else(|| panic!("no card for {headword}"))
}

/// One quotation of a card, of whatever kind, with where it claims to be.
struct Quote<'a> {
    card: &'a str,
    what: &'static str,
    source: &'a str,
    line: u32,
    column: Option<u32>,
    text: &'a str,
}

fn quotes(cards: &[Card]) -> Vec<Quote<'_>> {
    let mut out = Vec::new();
    for c in cards {
        for (what, list) in [("gloss", &c.glosses), ("shu", &c.shu), ("note", &c.notes)] {
            for q in list {
                out.push(Quote {
                    card: &c.id,
                    what,
                    source: &q.source,
                    line: q.line,
                    column: q.column,
                    text: &q.text,
                });
            }
        }
        for r in &c.readings {
            out.push(Quote {
                card: &c.id,
                what: "reading",
                source: &r.source,
                line: r.line,
                column: Some(r.column),
                text: &r.text,
            });
        }
    }
    out
}

/// Line `line` (1-based) of the raw built-in file of `source`.
fn raw_line(source: &str, line: u32) -> Option<&'static str> {
    let info = builtin_manifest().unwrap().into_iter().find(|s| s.id == source)?;
    let raw = builtin_text(&info.file)?;
    let l = raw.split('\n').nth((line as usize).checked_sub(1)?)?;
    Some(l.strip_suffix('\r').unwrap_or(l))
}

fn report(failures: Vec<String>) {
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_builtin_cards_load_and_validate() {
    let cards = cards();
    assert!(cards.len() >= 54, "only {} cards", cards.len());
    let ids: BTreeSet<&str> = cards.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids.len(), cards.len(), "card ids are unique");
    for c in &cards {
        assert!(c.id.is_ascii(), "{}: ASCII id", c.id);
        assert!(!c.definition.en.trim().is_empty() && !c.definition.zh.trim().is_empty());
        assert!(!c.search.query.is_empty(), "{}: a search query", c.id);
        assert!(
            !c.glosses.is_empty() || !c.shu.is_empty(),
            "{}: every card cites the commentary",
            c.id
        );
        assert!(c.glosses.iter().all(|g| g.layer.is_some()), "layers are filled in on loading");
    }
}

#[test]
fn every_card_file_and_picture_is_compiled_in() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("glossary");
    let on_disk = |sub: &str, ext: &str| -> BTreeSet<String> {
        std::fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(ext))
            .collect()
    };
    let cards: BTreeSet<String> = glossary::builtin_card_files()
        .iter()
        .map(|(path, _)| path.rsplit('/').next().unwrap().to_owned())
        .collect();
    assert_eq!(cards, on_disk("cards", ".toml"), "src/glossary/builtin.rs lists every card file");
    let pictures: BTreeSet<String> =
        glossary::builtin_pictures().iter().map(|(n, _)| (*n).to_owned()).collect();
    assert_eq!(
        pictures,
        on_disk("pictures", ".svg"),
        "src/glossary/builtin.rs lists every picture"
    );
}

/// The 54 terms of GLOSSARY-TERMS.md, in its order (traditional forms).
#[rustfmt::skip]
const TERMS: [&str; 54] = [
    "爵", "觶", "觚", "篚", "豐", "俎", "斯禁", "籩", "豆", "冪", "弓", "弦", "矢", "乘矢", "笴",
    "簫", "決", "遂", "拾", "扑", "楅", "算", "籌", "侯", "侯道", "綱", "舌", "个", "躬", "質",
    "鵠", "乏", "物", "中", "鹿中", "兕中", "旌", "翿", "司射", "司馬", "司正", "獲者", "釋獲者",
    "耦", "上射/下射", "弟子", "袒", "襲", "搢", "挾", "獲", "純", "奇", "賢獲",
];

#[test]
fn the_54_terms_have_cards() {
    let cards = cards();
    let mut missing = Vec::new();
    for term in TERMS {
        for part in term.split('/') {
            if !cards.iter().any(|c| c.forms().contains(&part)) {
                missing.push(part);
            }
        }
    }
    assert!(missing.is_empty(), "no card for {missing:?}");
    // variant forms the texts use
    assert!(card(&cards, "侯").variants.iter().any(|v| v == "矦"));
    assert!(card(&cards, "算").variants.iter().any(|v| v == "筭"));
    assert_eq!(card(&cards, "觶").simplified, "觯");
}

fn has_gloss(c: &Card, source: &str, line: u32, text: &str) -> bool {
    c.glosses.iter().any(|g| g.source == source && g.line == line && g.text == text)
}

#[test]
fn key_cards_have_their_glosses() {
    let cards = cards();
    let zhi = card(&cards, "觶");
    assert!(has_gloss(zhi, "yanli.zhushu", 3, "此當言媵觶,酬之禮皆用觶。"));
    assert!(has_gloss(zhi, "dashe.tongjie", 14, "献士用觯士贱也"));
    let bi = card(&cards, "楅");
    assert!(has_gloss(bi, "xiangshe.zhushu", 763, "楅猶幅也,所以承笴矢者。"));
    assert!(has_gloss(bi, "xiangshe.zhushu", 1708, "兩端為龍首,中央為蛇身相交也。"));
    let jue = card(&cards, "決");
    assert!(has_gloss(
        jue,
        "xiangshe.zhushu",
        529,
        "決猶闓也,以象骨為之,著右大擘指,以鉤弦闓體也。"
    ));
    let she = card(&cards, "拾");
    assert!(has_gloss(she, "xiangshe.zhushu", 529, "拾,斂也,所以蔽膚斂衣也。"));
    assert!(has_gloss(she, "xiangshe.zhushu", 592, "拾,更也。"));
    for (headword, picture) in [
        ("觶", "zhi.svg"),
        ("楅", "bi.svg"),
        ("豐", "feng.svg"),
        ("決", "jue-ring.svg"),
        ("遂", "sui.svg"),
        ("侯", "hou.svg"),
    ] {
        assert_eq!(card(&cards, headword).picture.as_deref(), Some(picture), "{headword}");
    }
    assert_eq!(card(&cards, "侯道").picture.as_deref(), Some("shooting-ground.svg"));
}

#[test]
fn polysemous_single_characters_say_so() {
    let cards = cards();
    for headword in ["中", "物", "遂", "拾", "決", "正", "奇", "純", "个"] {
        let c = card(&cards, headword);
        assert!(c.search.polysemy.is_some(), "{headword}: the card notes the other senses");
        assert!(!c.search.also.is_empty(), "{headword}: a narrower query for this sense");
    }
}

#[test]
fn related_terms_exist_and_are_symmetric() {
    let cards = cards();
    let by_id: HashMap<&str, &Card> = cards.iter().map(|c| (c.id.as_str(), c)).collect();
    let by_head: HashMap<&str, &str> =
        cards.iter().map(|c| (c.headword.as_str(), c.id.as_str())).collect();
    for c in &cards {
        for r in &c.related {
            let other = by_id.get(r.as_str()).unwrap_or_else(|| panic!("{}: no card {r}", c.id));
            assert!(other.related.contains(&c.id), "{} → {r} but not back", c.id);
        }
    }
    let linked = |a: &str, b: &str| {
        let a = by_id[by_head[a]];
        assert!(a.related.iter().any(|r| r == by_head[b]), "{} should relate to {b}", a.headword);
    };
    for (a, b) in [("決", "遂"), ("決", "拾"), ("遂", "拾")] {
        linked(a, b);
    }
    for b in ["觚", "爵", "豐"] {
        linked("觶", b);
    }
    for b in ["侯道", "乏", "个", "舌", "躬", "綱", "質", "鵠"] {
        linked("侯", b);
    }
    for b in ["鹿中", "兕中", "算", "籌"] {
        linked("中", b);
    }
}

#[test]
fn every_quotation_is_on_its_line() {
    let cards = cards();
    let manifest = builtin_manifest().unwrap();
    let mut failures = Vec::new();
    for q in quotes(&cards) {
        let here = format!("{} [{}] {}:{} 「{}」", q.card, q.what, q.source, q.line, q.text);
        let Some(info) = manifest.iter().find(|s| s.id == q.source) else {
            failures.push(format!("{here}: unknown source"));
            continue;
        };
        let Some(line) = raw_line(q.source, q.line) else {
            failures.push(format!("{here}: no such line"));
            continue;
        };
        if count_in(line, q.text, FoldMode::Exact) < 1 {
            failures.push(format!("{here}: not on the line"));
            continue;
        }
        if !line.contains(q.text) {
            failures.push(format!("{here}: found only with punctuation ignored; quote verbatim"));
        }
        let needs_column = info.format == Format::Tongjie;
        match (needs_column, q.column) {
            (true, None) => failures.push(format!("{here}: {} needs a column", q.source)),
            (_, Some(column)) => {
                let starts: Vec<usize> =
                    find_in(line, q.text, FoldMode::Exact).iter().map(|r| r.start + 1).collect();
                if !starts.contains(&(column as usize)) {
                    failures.push(format!("{here}: column {column}, but it starts at {starts:?}"));
                }
            }
            (false, None) => {}
        }
    }
    report(failures);
}

/// The passage of `source` that holds the character at `line`:`column`: the
/// one with the last segment starting at or before it.
fn passage_at<'a>(corpus: &'a Corpus, source: &str, line: u32, column: u32) -> Option<&'a Passage> {
    let last_start = |p: &Passage| {
        p.segments.iter().map(|s| (s.line, s.column)).filter(|&pos| pos <= (line, column)).max()
    };
    corpus
        .passages_of(source)
        .iter()
        .filter(|p| last_start(p).is_some())
        .max_by_key(|p| last_start(p))
}

/// Every quotation of `source` is found in the text of the passage its
/// line (and column) resolves to.
fn quotations_resolve_to_passages(source: &str) {
    let corpus = Corpus::builtin().expect("the built-in corpus parses");
    assert!(!corpus.passages_of(source).is_empty(), "{source} has no passages yet");
    let cards = cards();
    let mut failures = Vec::new();
    for q in quotes(&cards).into_iter().filter(|q| q.source == source) {
        let here = format!("{} [{}] {}:{} 「{}」", q.card, q.what, q.source, q.line, q.text);
        let passage = match q.column {
            Some(column) => passage_at(&corpus, source, q.line, column),
            None => corpus.passage_at_line(source, q.line),
        };
        let Some(passage) = passage else {
            failures.push(format!("{here}: no passage"));
            continue;
        };
        let text: String = passage.segments.iter().map(|s| s.text.as_str()).collect();
        if count_in(&text, q.text, FoldMode::Exact) < 1 {
            failures.push(format!("{here}: not in passage {}", passage.id));
        }
    }
    report(failures);
}

#[test]
fn quotations_resolve_to_passages_of_xiangshe_zhushu() {
    quotations_resolve_to_passages("xiangshe.zhushu");
}

#[test]
fn quotations_resolve_to_passages_of_xiangshe_yiwen() {
    quotations_resolve_to_passages("xiangshe.yiwen");
}

#[test]
fn quotations_resolve_to_passages_of_yanli_zhushu() {
    quotations_resolve_to_passages("yanli.zhushu");
}

#[test]
fn quotations_resolve_to_passages_of_xiangshe_tongjie() {
    quotations_resolve_to_passages("xiangshe.tongjie");
}

#[test]
fn quotations_resolve_to_passages_of_dashe_tongjie() {
    quotations_resolve_to_passages("dashe.tongjie");
}

#[test]
fn every_picture_is_well_formed_svg_in_the_theme_colour() {
    let svg_ns = "http://www.w3.org/2000/svg";
    let is_cjk = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    for (name, text) in glossary::builtin_pictures() {
        let doc = roxmltree::Document::parse(text)
            .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        assert_eq!(root.tag_name().namespace(), Some(svg_ns), "{name}: SVG namespace");
        assert!(root.attribute("viewBox").is_some(), "{name}: a viewBox, so it scales");
        let title = root
            .children()
            .find(|n| n.has_tag_name((svg_ns, "title")))
            .unwrap_or_else(|| panic!("{name}: no <title>"));
        let title = title.text().unwrap_or("");
        assert!(title.chars().any(is_cjk), "{name}: the title is in Chinese");
        let mut labels = 0;
        for node in doc.descendants().filter(|n| n.is_element()) {
            for attr in ["fill", "stroke", "color", "stop-color"] {
                if let Some(v) = node.attribute(attr) {
                    assert!(
                        v == "none" || v == "currentColor",
                        "{name}: {attr}=\"{v}\" on <{}>; use currentColor",
                        node.tag_name().name()
                    );
                }
            }
            assert!(node.attribute("style").is_none(), "{name}: no style attributes");
            assert!(!node.has_tag_name((svg_ns, "image")), "{name}: no embedded images");
            if node.has_tag_name((svg_ns, "text")) {
                let s: String = node.descendants().filter_map(|n| n.text()).collect();
                if s.chars().any(is_cjk) {
                    labels += 1;
                }
            }
        }
        assert!(labels >= 3, "{name}: labelled in Chinese");
    }
}

#[test]
fn every_card_picture_exists() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("glossary").join("pictures");
    let cards = cards();
    let mut used = BTreeSet::new();
    for c in &cards {
        if let Some(p) = &c.picture {
            assert!(dir.join(p).is_file(), "{}: picture {p} is not in glossary/pictures", c.id);
            assert!(
                glossary::builtin_picture(p).is_some(),
                "{}: picture {p} is not built in",
                c.id
            );
            used.insert(p.as_str());
        }
    }
    for (name, _) in glossary::builtin_pictures() {
        assert!(used.contains(name), "picture {name} is used by no card");
    }
}

#[test]
fn cards_serialise_for_the_app() {
    let cards = cards();
    let json = serde_json::to_value(&cards).unwrap();
    let zhi = json.as_array().unwrap().iter().find(|c| c["id"] == "zhi").unwrap();
    assert_eq!(zhi["kind"], "vessel");
    assert_eq!(zhi["glosses"][0]["layer"], "注");
    assert!(zhi["definition"]["zh"].as_str().unwrap().contains("三升"));
    // every kind is used by some card
    for kind in Kind::ALL {
        assert!(cards.iter().any(|c| c.kind == kind), "no card of kind {}", kind.slug());
    }
}

//! The 燕禮 注疏 (seed 002, `yanli.zhushu`) as parsed, as a specification
//! (CORPUS.md §2.3): 經 and 注 fused on one line are split at the boundary the
//! following `[疏]` line's 出文 gives, or at a known 經 text where no 疏 follows.

use sheli_corpus::fold::{FoldMode, fold};
use sheli_corpus::{Corpus, Layer, Passage};

const SOURCE: &str = "yanli.zhushu";

fn corpus() -> Corpus {
    Corpus::builtin().expect("the built-in texts parse")
}

fn texts(p: &Passage, layer: Layer) -> Vec<String> {
    p.segments_of(layer).map(|s| s.text.clone()).collect()
}

/// The passage whose 經 starts with `start`.
fn passage<'a>(c: &'a Corpus, start: &str) -> &'a Passage {
    c.passages_of(SOURCE)
        .iter()
        .find(|p| p.jing_text().starts_with(start))
        .unwrap_or_else(|| panic!("no passage starts with {start}"))
}

#[test]
fn layer_counts_are_those_of_the_contract() {
    let counts = corpus().layer_counts(SOURCE);
    assert_eq!(counts["經"], 19, "18 fused lines plus the stray 經 「卒。」");
    assert_eq!(counts["注"], 18, "one 注 per fused line");
    assert_eq!(counts["疏"], 14, "one per [疏] line");
    for other in ["記", "音義", "按", "題", "譯"] {
        assert_eq!(counts[other], 0, "{other}");
    }
}

#[test]
fn there_is_one_passage_per_fused_line() {
    let c = corpus();
    let passages = c.passages_of(SOURCE);
    assert_eq!(passages.len(), 18);
    assert!(passages.iter().all(|p| p.section.is_none()));
    let first_lines: Vec<u32> = passages.iter().map(|p| p.line()).collect();
    assert_eq!(first_lines, [1, 3, 5, 7, 9, 10, 12, 13, 15, 17, 19, 19, 22, 24, 26, 28, 30, 31]);
}

#[test]
fn indexed_characters_per_layer_match_the_contract() {
    // CORPUS.md §1: 經 374, 注 444, 疏 2,324 characters after folding; the
    // `[疏]` marker is not text, the 出文 and 釋曰 are.
    let c = corpus();
    let chars = |layer| -> usize {
        c.passages_of(SOURCE)
            .iter()
            .flat_map(|p| p.segments_of(layer))
            .map(|s| fold(&s.text, FoldMode::Folded).chars().count())
            .sum()
    };
    assert_eq!((chars(Layer::Jing), chars(Layer::Zhu), chars(Layer::Shu)), (374, 444, 2324));
}

#[test]
fn the_first_passage_is_split_where_the_chuwen_says() {
    let c = corpus();
    let p = &c.passages_of(SOURCE)[0];
    assert_eq!(p.id, "yanli.zhushu.0001");
    assert_eq!(texts(p, Layer::Jing), ["若射,則大射正為司射,如鄉射之禮。"]);
    let zhu = texts(p, Layer::Zhu);
    assert_eq!(zhu.len(), 1);
    assert!(zhu[0].starts_with("大射正,射人之長者也"), "{}", zhu[0]);
    assert!(zhu[0].ends_with("是燕射主於飲酒。"));
    let shu = p.segments_of(Layer::Shu).next().expect("a 疏");
    assert_eq!((shu.line, shu.column), (2, 4), "the 疏 starts after the [疏] marker");
    assert!(shu.text.starts_with("“若射”至“之禮”。注“大射”至“飲酒”。釋曰:此一經論燕末行射之節"));
}

#[test]
fn segments_are_in_reading_order() {
    let c = corpus();
    for p in c.passages_of(SOURCE) {
        let layers: Vec<Layer> = p.segments.iter().map(|s| s.layer).collect();
        let jing = layers.iter().take_while(|&&l| l == Layer::Jing).count();
        assert!(jing >= 1, "{} starts with 經", p.id);
        assert_eq!(layers[jing], Layer::Zhu, "{}: 注 after 經", p.id);
        assert!(layers[jing + 1..].iter().all(|&l| l == Layer::Shu), "{}: then 疏", p.id);
    }
}

#[test]
fn the_boundary_ignores_the_same_words_elsewhere_in_the_line() {
    let c = corpus();
    // 「之禮」 ends the 經 twice (如獻士之禮, 如獻庶子之禮); only the second is
    // followed by the 注's 「庶子」.
    let p = passage(&c, "卒。");
    assert!(texts(p, Layer::Jing)[1].ends_with("遂獻左右正與內小臣,皆於阼階上,如獻庶子之禮。"));
    assert!(texts(p, Layer::Zhu)[0].starts_with("庶子,掌正六牲之體及舞位"));
    // 「大夫」 opens both this 經 and the one of the 疏 「大夫」至「上辯」.
    let p = passage(&c, "大夫立卒爵");
    assert_eq!(texts(p, Layer::Zhu), ["祝史、小臣,旅食皆及焉。"]);
    // A 出文 quoting only the 注 (`[疏]注“乃猶而也”`) still finds it.
    let p = passage(&c, "唯受爵於公者拜。");
    assert_eq!(texts(p, Layer::Zhu), ["乃猶而也。"]);
    // The 注 of 無筭爵 is quoted without its commas (注“筭數”).
    let p = passage(&c, "無筭爵");
    assert_eq!(texts(p, Layer::Jing), ["無筭爵。"]);
}

#[test]
fn lines_without_a_shu_are_split_at_their_known_jing() {
    let c = corpus();
    let expected = [
        ("受者如初受酬之禮", "坐行之,若今坐相勸酒。"),
        ("唯受於公者拜", "公所賜者也,其餘則否。"),
        ("士旅酌", "旅,序也。士以次序自酌相酬,無執爵者。"),
        ("受賜爵者興,授執散爵", "予其所勸者。"),
    ];
    for (jing, zhu) in expected {
        let p = passage(&c, jing);
        assert_eq!(texts(p, Layer::Zhu), [zhu], "the 注 after {jing}");
        assert_eq!(p.segments_of(Layer::Shu).count(), 0, "{jing} has no 疏");
    }
    assert_eq!(
        texts(passage(&c, "受賜爵者興,授"), Layer::Jing),
        ["受賜爵者興,授執散爵,執散爵者乃酌行之。"]
    );
}

#[test]
fn the_stray_zu_opens_the_next_passage() {
    let c = corpus();
    let passages = c.passages_of(SOURCE);
    let shi = passage(&c, "士旅酌");
    assert_eq!(texts(shi, Layer::Jing), ["士旅酌。"]);
    assert!(!texts(shi, Layer::Zhu)[0].contains('卒'));
    let next = &passages[shi.ordinal as usize];
    assert_eq!(next.id, "yanli.zhushu.0012");
    let jing: Vec<_> = next.segments_of(Layer::Jing).collect();
    assert_eq!(jing.len(), 2, "卒。 stays a segment of its own: it sits on another line");
    assert_eq!((jing[0].text.as_str(), jing[0].line, jing[0].column), ("卒。", 19, 24));
    assert!(jing[1].text.starts_with("主人洗,升自西階,獻庶子於阼階上"));
    assert_eq!(jing[1].line, 20);
    let shu = texts(next, Layer::Shu);
    assert!(shu[0].starts_with("“卒主”至“之禮”"), "the 疏 that quotes it");
}

#[test]
fn the_shu_marks_where_it_turns_to_the_zhu() {
    let c = corpus();
    for p in c.passages_of(SOURCE) {
        for s in p.segments_of(Layer::Shu) {
            let at = s.shu_on_zhu.unwrap_or_else(|| panic!("{}: every 疏 here has 注“", p.id));
            let rest: String = s.text.chars().skip(at as usize).collect();
            assert!(rest.starts_with("注“"), "{}: {rest}", p.id);
        }
    }
    let shu = passage(&c, "若射").segments_of(Layer::Shu).next().unwrap();
    assert_eq!(shu.shu_on_zhu, Some(10), "after “若射”至“之禮”。");
    let shu = passage(&c, "唯受爵於公者拜。").segments_of(Layer::Shu).next().unwrap();
    assert_eq!(shu.shu_on_zhu, Some(0), "a 疏 on the 注 only");
}

#[test]
fn positions_point_back_into_the_raw_file() {
    let c = corpus();
    let p = passage(&c, "賓降洗,升媵觚");
    let zhu_index = p.segments.iter().position(|s| s.layer == Layer::Zhu).unwrap();
    assert_eq!(c.position(p, zhu_index, 0), Some((3, 39)), "此當言媵觶 starts at L3:c39");
    assert_eq!(c.passage_at_line(SOURCE, 4).map(|p| p.id.as_str()), Some("yanli.zhushu.0002"));
}

mod other_shapes {
    use std::sync::Arc;

    use proptest::prelude::*;
    use sheli_corpus::{Corpus, CorpusError, EditionScript, Format, SourceInfo};

    fn parse(raw: &str) -> sheli_corpus::Result<usize> {
        let info = SourceInfo {
            id: "test.fused".into(),
            file: "test.fused.txt".into(),
            origin: "test".into(),
            sha256: String::new(),
            work: "測試".into(),
            edition: "儀禮注疏".into(),
            edition_note: String::new(),
            script: EditionScript::Traditional,
            format: Format::ZhushuFused,
            coverage: String::new(),
            provenance: String::new(),
            licence: String::new(),
            user: true,
        };
        let mut c = Corpus::default();
        c.add_source(info, Arc::from(raw)).map(|s| s.passages.len())
    }

    #[test]
    fn a_line_the_parser_cannot_split_is_a_parse_error() {
        let cases = [
            ("[疏]“甲”。釋曰:乙。", "a 疏 with no line before it"),
            ("甲乙。丙丁。", "no 疏 and no known 經"),
            (
                "甲乙。丙丁。\n[疏]“甲乙”。注“戊己”。釋曰:庚。",
                "the 出文 quotes a 注 not in the line",
            ),
            (
                "甲乙。丙丁。\n[疏]“甲乙”。注“丙丁”。釋曰:庚。\n[疏]“甲乙”。釋曰:辛。",
                "two 疏 for one line",
            ),
        ];
        for (raw, why) in cases {
            match parse(raw) {
                Err(CorpusError::Parse { .. }) => {}
                other => panic!("{why}: expected a parse error, got {other:?}"),
            }
        }
        assert_eq!(parse("甲乙。丙丁。\n[疏]“甲乙”。注“丙丁”。釋曰:庚。\n").ok(), Some(1));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn any_text_parses_or_fails_without_panicking(
            raw in "[甲乙卒主,。“”至注釋曰:\\[\\]疏\n ]{0,60}"
        ) {
            let _ = parse(&raw);
        }
    }
}

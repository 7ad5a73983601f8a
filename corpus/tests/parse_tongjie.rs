//! The 儀禮經傳通解-style texts as parsed, as a specification (CORPUS.md
//! §2.4, §5, §7): seed 003 `xiangshe.tongjie` (鄉射禮, with 音義, 今按 and
//! 記) and seed 004 `dashe.tongjie` (大射儀).

use std::sync::Arc;

use sheli_corpus::fold::{FoldMode, fold};
use sheli_corpus::{
    Corpus, EditionScript, Format, Layer, Passage, ReadingKind, Segment, SourceInfo,
};

const XIANGSHE: &str = "xiangshe.tongjie";
const DASHE: &str = "dashe.tongjie";

fn corpus() -> Corpus {
    Corpus::builtin().expect("the built-in texts parse")
}

fn segments<'a>(c: &'a Corpus, source: &str, layer: Layer) -> Vec<&'a Segment> {
    c.passages_of(source).iter().flat_map(|p| p.segments_of(layer)).collect()
}

fn texts(p: &Passage, layer: Layer) -> Vec<&str> {
    p.segments_of(layer).map(|s| s.text.as_str()).collect()
}

/// The passage whose 經 starts with `start`.
fn passage<'a>(c: &'a Corpus, source: &str, start: &str) -> &'a Passage {
    c.passages_of(source)
        .iter()
        .find(|p| p.jing_text().starts_with(start))
        .unwrap_or_else(|| panic!("no passage of {source} starts with {start}"))
}

/// Folded characters of one layer (記 counted apart from the rest of 經).
fn indexed_chars(c: &Corpus, source: &str, layer: Layer, ji: bool) -> usize {
    segments(c, source, layer)
        .into_iter()
        .filter(|s| s.ji == ji)
        .map(|s| fold(&s.text, FoldMode::Folded).chars().count())
        .sum()
}

/// A user-style source in this layout, for rules the seeds show only once.
fn snippet_info() -> SourceInfo {
    SourceInfo {
        id: "test.tongjie".into(),
        file: "test.tongjie.txt".into(),
        origin: "test".into(),
        sha256: String::new(),
        work: "測試".into(),
        edition: "儀禮經傳通解".into(),
        edition_note: String::new(),
        script: EditionScript::Simplified,
        format: Format::Tongjie,
        coverage: String::new(),
        provenance: String::new(),
        licence: String::new(),
        user: true,
    }
}

fn parse_snippet(raw: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(snippet_info(), Arc::from(raw)).expect("the snippet parses");
    c
}

mod counts {
    use super::*;

    #[test]
    fn xiangshe_has_the_layers_of_the_contract() {
        let counts = corpus().layer_counts(XIANGSHE);
        let expected = [
            ("經", 44),
            ("記", 11),
            ("注", 42),
            ("疏", 17),
            ("音義", 18),
            ("按", 2),
            ("題", 3),
            ("譯", 0),
        ];
        for (layer, n) in expected {
            assert_eq!(counts[layer], n, "{layer}");
        }
    }

    #[test]
    fn dashe_has_the_layers_of_the_contract() {
        let counts = corpus().layer_counts(DASHE);
        let expected = [
            ("經", 41),
            ("記", 0),
            ("注", 37),
            ("疏", 24),
            ("音義", 0),
            ("按", 0),
            ("題", 10),
            ("譯", 0),
        ];
        for (layer, n) in expected {
            assert_eq!(counts[layer], n, "{layer}");
        }
    }

    #[test]
    fn indexed_characters_per_layer_match_the_contract() {
        // CORPUS.md §1. 疏曰 and 今按 are part of their segments, 右 of its
        // heading; the 记 marker and the stray 【以下】 are not text.
        let c = corpus();
        let x = |layer, ji| indexed_chars(&c, XIANGSHE, layer, ji);
        assert_eq!(x(Layer::Jing, false), 421);
        assert_eq!(x(Layer::Jing, true), 87);
        assert_eq!(x(Layer::Zhu, false), 764);
        assert_eq!(x(Layer::Shu, false), 1965);
        assert_eq!(x(Layer::Yinyi, false), 96);
        assert_eq!(x(Layer::An, false), 361);
        assert_eq!(x(Layer::Ti, false), 9);
        let d = |layer| indexed_chars(&c, DASHE, layer, false);
        assert_eq!(
            (d(Layer::Jing), d(Layer::Zhu), d(Layer::Shu), d(Layer::Ti)),
            (928, 961, 1557, 52)
        );
    }

    #[test]
    fn a_passage_is_one_jing_run_with_the_note_after_it() {
        let c = corpus();
        for source in [XIANGSHE, DASHE] {
            for p in c.passages_of(source) {
                let jing = p.segments_of(Layer::Jing).count();
                let headless = p.id == "dashe.tongjie.0001";
                assert_eq!(jing, usize::from(!headless), "{}", p.id);
                assert_eq!(
                    p.segments.first().map(|s| s.layer),
                    Some(if headless { Layer::Shu } else { Layer::Jing })
                );
                assert!(p.segments_of(Layer::Zhu).count() <= 1, "{}: one 注 per note", p.id);
            }
        }
        assert_eq!(c.passages_of(XIANGSHE).len(), 44);
        assert_eq!(c.passages_of(DASHE).len(), 42, "41 with 經 and the headless 疏");
    }
}

mod layout {
    use super::*;

    #[test]
    fn the_docsify_header_is_not_text() {
        let c = corpus();
        for source in [XIANGSHE, DASHE] {
            for p in c.passages_of(source) {
                assert!(p.segments.iter().all(|s| s.line >= 2), "{}", p.id);
                assert!(p.segments.iter().all(|s| !s.text.contains("loadSidebar")));
            }
        }
        let first = &c.passages_of(XIANGSHE)[0];
        assert_eq!(texts(first, Layer::Jing), ["乃张侯下纲不及地武"]);
        assert_eq!(
            (first.segments[0].line, first.segments[0].column),
            (2, 3),
            "after the indentation"
        );
    }

    #[test]
    fn wrapped_lines_are_joined_into_one_jing_run() {
        let c = corpus();
        let p = passage(&c, XIANGSHE, "执爵兴");
        assert_eq!(
            texts(p, Layer::Jing),
            ["执爵兴主人阼阶上答拜宾西阶上北面坐卒爵兴坐奠爵遂拜执爵兴"]
        );
        let seg = &p.segments[0];
        assert_eq!((seg.line, seg.column), (7, 676));
        assert_eq!(
            c.position(p, 0, 1),
            Some((8, 3)),
            "爵 is on the next line, after its indentation"
        );
        let p = passage(&c, DASHE, "司正升受命皆命公曰");
        assert!(p.jing_text().contains("众无不醉"), "{}", p.jing_text());
    }

    #[test]
    fn private_use_code_points_are_repaired() {
        let c = corpus();
        let all = |source| -> String {
            c.passages_of(source)
                .iter()
                .flat_map(|p| &p.segments)
                .map(|s| s.text.as_str())
                .collect()
        };
        let (x, d) = (all(XIANGSHE), all(DASHE));
        assert!(d.contains("兼诸弦面镞") && d.contains("侧持弦矢曰执"));
        assert!(d.contains("欲令惠均"));
        assert!(x.contains("戒时玄端"));
        assert!(!d.contains('\u{EB8E}') && !x.contains('\u{EA20}') && !d.contains('\u{E172}'));
        assert_eq!(d.matches('\u{E14B}').count(), 1, "the unknown one is kept: 谓\u{E14B}肝膋");
    }

    #[test]
    fn the_stray_note_yixia_makes_no_segment() {
        let c = corpus();
        let segs = segments(&c, DASHE, Layer::Zhu)
            .into_iter()
            .chain(segments(&c, DASHE, Layer::Shu))
            .chain(segments(&c, DASHE, Layer::Jing));
        assert!(segs.clone().all(|s| s.text != "以下"));
        assert!(segs.filter(|s| s.line == 15).all(|s| !s.text.starts_with("以下")));
        let p = passage(&c, DASHE, "乃荐司正与射人");
        assert_eq!((p.segments[0].line, p.segments[0].column), (15, 7));
    }

    #[test]
    fn the_headless_note_opening_dashe_is_a_shu() {
        let c = corpus();
        let p = &c.passages_of(DASHE)[0];
        assert_eq!(p.segments.len(), 1);
        let shu = &p.segments[0];
        assert_eq!(shu.layer, Layer::Shu);
        assert!(shu.text.starts_with("释获者谓第一番三耦射中时"));
        assert!(shu.text.ends_with("又须中于侯名为应乐节"));
        assert_eq!(p.section.as_deref(), Some("三射用乐"));
    }
}

mod notes {
    use super::*;

    #[test]
    fn shu_and_jinan_start_with_their_opening_words() {
        let c = corpus();
        for source in [XIANGSHE, DASHE] {
            for p in c.passages_of(source).iter().filter(|p| p.id != "dashe.tongjie.0001") {
                for s in p.segments_of(Layer::Shu) {
                    assert!(s.text.starts_with("疏曰"), "{}: {}", p.id, s.text);
                }
            }
        }
        let an: Vec<&str> =
            segments(&c, XIANGSHE, Layer::An).iter().map(|s| s.text.as_str()).collect();
        assert_eq!(an.len(), 2);
        assert!(an[0].starts_with("今按周礼梓人有皮侯") && an[0].ends_with("未必如郑説也"));
        assert_eq!(an[1], "今按乡饮酒云当西序东面");
        assert_eq!(texts(passage(&c, XIANGSHE, "宾降"), Layer::Zhu), ["从主人也"]);
    }

    #[test]
    fn a_shu_glued_to_the_zhu_is_split_off() {
        let c = corpus();
        let p = passage(&c, DASHE, "司射命设丰实觯如初");
        assert_eq!(texts(p, Layer::Zhu), ["侧持弦矢曰执面犹尚也兼矢于弦尚镞将止变于射也"]);
        assert!(texts(p, Layer::Shu)[0].starts_with("疏曰上文皆云挟一个"));
        let p = passage(&c, XIANGSHE, "乏参侯道");
        assert!(texts(p, Layer::Zhu)[0].ends_with("此乏去侯北十丈西三丈"));
        assert_eq!(texts(p, Layer::Yinyi), ["为于伪反获如字"]);
        assert!(texts(p, Layer::Shu)[0].starts_with("疏曰乏参侯道者"));
    }

    #[test]
    fn glosses_before_inside_and_after_the_zhu_are_found() {
        let c = corpus();
        // Before the 注, set off by a space.
        let p = passage(&c, XIANGSHE, "不系左下纲中掩束之");
        let layers: Vec<Layer> = p.segments.iter().map(|s| s.layer).collect();
        assert_eq!(layers, [Layer::Jing, Layer::Yinyi, Layer::Zhu, Layer::Shu]);
        assert_eq!(texts(p, Layer::Zhu), ["事未至也"]);
        // Glued to the start of the 注.
        let p = passage(&c, XIANGSHE, "亨于堂东北");
        assert_eq!(texts(p, Layer::Zhu), ["乡饮酒义曰祖阳气之所发也"]);
        // Glued to its start and to its end.
        let p = passage(&c, XIANGSHE, "及门主人一相出迎");
        assert_eq!(texts(p, Layer::Yinyi), ["相息亮反", "传丈专反下传同"]);
        assert_eq!(texts(p, Layer::Zhu), ["相主人家臣摈赞传命者"]);
        // Glued to its end, with a remark.
        let p = passage(&c, XIANGSHE, "宾西阶上北面拜主人少退");
        assert_eq!(texts(p, Layer::Zhu), ["少退犹少辟也"]);
        // Two glosses glued before the 注, one more after it.
        let p = passage(&c, XIANGSHE, "兴加于俎");
        assert_eq!(texts(p, Layer::Yinyi), ["捝始锐反啐七内反", "拭音式"]);
        assert_eq!(texts(p, Layer::Zhu), ["捝拭也啐尝也古文捝作说"]);
    }

    /// CORPUS.md §7: every 音義 piece of 003, where it stands, what it reads
    /// and whether the glossed character is in the 經 or the 注 of its
    /// passage: (character, reading, kind, remark, layer served).
    type Gloss = (&'static str, &'static str, ReadingKind, Option<&'static str>, Layer);
    const SECTION_7: &[((u32, u32), &[Gloss])] = {
        use Layer::{Jing as J, Zhu as Z};
        use ReadingKind::{Fanqie as F, Ruzi as R, Yin as Y};
        &[
            ((2, 48), &[("射", "食亦反", F, None, Z)]),
            ((2, 184), &[("中", "丁仲反", F, None, J)]),
            ((2, 328), &[("为", "于伪反", F, None, Z), ("获", "如字", R, None, Z)]),
            ((2, 1932), &[("骹", "苦交反", F, None, Z), ("肱", "古横反", F, None, Z)]),
            ((3, 6), &[("定", "多佞反", F, None, J)]),
            ((3, 50), &[("朝", "直遥反", F, None, J)]),
            ((4, 24), &[("亨", "普庚反", F, None, J)]),
            ((5, 21), &[("相", "息亮反", F, None, J)]),
            ((5, 35), &[("传", "丈专反", F, Some("下传同"), Z)]),
            ((5, 130), &[("厌", "一涉反", F, Some("下宾厌同"), J)]),
            ((5, 228), &[("楣", "忘悲反", F, None, J)]),
            ((7, 107), &[("浣", "户管反", F, None, Z)]),
            ((7, 242), &[("疑", "鱼乙反", F, None, J)]),
            ((7, 413), &[("辟", "婢亦反", F, Some("一音避"), Z)]),
            ((7, 521), &[("折", "之设反", F, Some("后皆仿此"), J)]),
            ((7, 596), &[("哜", "才计反", F, None, J)]),
            ((7, 634), &[("捝", "始锐反", F, None, J), ("啐", "七内反", F, None, J)]),
            ((7, 654), &[("拭", "音式", Y, None, Z)]),
        ]
    };

    #[test]
    fn the_eighteen_glosses_of_section_7() {
        let c = corpus();
        let found: Vec<&Segment> = segments(&c, XIANGSHE, Layer::Yinyi);
        assert_eq!(found.len(), SECTION_7.len());
        for (seg, (pos, glosses)) in found.iter().zip(SECTION_7) {
            assert_eq!((seg.line, seg.column), *pos, "{}", seg.text);
            let got: Vec<_> = seg
                .readings
                .iter()
                .map(|r| {
                    (
                        r.character.as_str(),
                        r.reading.as_str(),
                        r.kind,
                        r.remark.as_deref(),
                        r.serves,
                    )
                })
                .collect();
            let glosses: Vec<_> = glosses
                .iter()
                .map(|&(c, rd, kind, remark, serves)| (c, rd, kind, remark, Some(serves)))
                .collect();
            assert_eq!(got, glosses, "{}", seg.text);
        }
        let notes =
            c.passages_of(XIANGSHE).iter().filter(|p| p.segments_of(Layer::Yinyi).count() > 0);
        assert_eq!(notes.count(), 16, "18 pieces in 16 notes");
    }

    #[test]
    fn a_gloss_serves_the_jing_when_both_layers_hold_the_character() {
        let c = corpus();
        // 定 is in 經 羮定 and in 注 定犹孰也; 射 only in 注 侯谓所射布也.
        let p = passage(&c, XIANGSHE, "羮定");
        assert!(p.jing_text().contains('定') && texts(p, Layer::Zhu)[0].contains('定'));
        let gloss = &p.segments_of(Layer::Yinyi).next().unwrap().readings[0];
        assert_eq!(gloss.serves, Some(Layer::Jing));
        let p = passage(&c, XIANGSHE, "乃张侯");
        assert!(!p.jing_text().contains('射'));
        assert_eq!(
            p.segments_of(Layer::Yinyi).next().unwrap().readings[0].serves,
            Some(Layer::Zhu)
        );
    }

    #[test]
    fn fan_in_an_ordinary_zhu_is_not_a_gloss() {
        // 004 has no glosses although its notes say 反位反席也 and 以云反坐.
        assert!(segments(&corpus(), DASHE, Layer::Yinyi).is_empty());
        // A gloss-shaped ending whose character is in neither 經 nor 注 stays 注.
        let c = parse_snippet("　　宾反位【谓还其位也东西反】\n");
        let p = &c.passages_of("test.tongjie")[0];
        assert_eq!(texts(p, Layer::Zhu), ["谓还其位也东西反"]);
        assert!(p.segments_of(Layer::Yinyi).next().is_none());
    }
}

mod headings {
    use super::*;

    fn headings(c: &Corpus, source: &str) -> Vec<(String, String)> {
        c.passages_of(source)
            .iter()
            .flat_map(|p| p.segments_of(Layer::Ti).map(move |s| (p.jing_text(), s.text.clone())))
            .collect()
    }

    #[test]
    fn xiangshe_headings_close_the_sections_before_them() {
        let c = corpus();
        let got = headings(&c, XIANGSHE);
        let expected = [
            ("乏参侯道居侯党之一西五步", "右张侯"),
            ("宾及众宾遂从之", "右速宾"),
            ("主人阼阶上当楣北面再拜宾西阶上当楣北面答再拜", "右迎宾"),
        ];
        let got: Vec<(&str, &str)> = got.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(got, expected, "each heading sits in the last passage it closes");
        let sections: Vec<Option<&str>> =
            c.passages_of(XIANGSHE).iter().map(|p| p.section.as_deref()).collect();
        let mut expected = vec![Some("张侯"); 11]; // 3 passages and the 8 記 on 侯
        expected.extend([Some("速宾"); 5]); // 3 passages and 2 記
        expected.extend([Some("迎宾"); 7]); // 6 passages and 1 記
        expected.extend([None; 21]); // 献宾 has no heading in this part
        assert_eq!(sections, expected);
    }

    #[test]
    fn dashe_headings_including_the_glued_one_and_the_one_with_two_you() {
        let c = corpus();
        let got: Vec<String> = headings(&c, DASHE).into_iter().map(|(_, h)| h).collect();
        assert_eq!(
            got,
            [
                "右三射用乐",
                "右取矢视算",
                "右饮不胜者",
                "右公为大夫举旅",
                "右彻俎",
                "右燕",
                "右献士及祝史",
                "右宾为士举旅",
                "右复射",
                "右献庶子左右正内小臣",
            ]
        );
        let glued = passage(&c, DASHE, "卒射如初宾就席");
        assert!(glued.jing_text().ends_with("释获者执余获进告左右卒射如初"), "告左右 stays 經");
        let ti = glued.segments_of(Layer::Ti).next().unwrap();
        assert_eq!((ti.line, ti.column), (2, 625));
        let last = c.passages_of(DASHE).last().unwrap();
        assert_eq!(last.section.as_deref(), Some("献庶子左右正内小臣"));
    }

    #[test]
    fn you_as_an_ordinary_word_stays_jing() {
        let c = corpus();
        let p = passage(&c, DASHE, "司射命设丰实觯如初");
        assert!(p.jing_text().contains("左执弓右执一个兼诸弦面镞"));
        assert_eq!(p.segments_of(Layer::Ti).count(), 0);
        let p = passage(&c, XIANGSHE, "主人阼阶东疑立");
        assert!(p.jing_text().contains("右祭脯醢"));
    }

    #[test]
    fn a_heading_needs_its_own_line_end_or_the_ji_marker() {
        // 右 at a line start followed by a note is 經; a short 右 line alone
        // is a heading; two headings in a row keep both.
        let c = parse_snippet(
            "　　右执一个【执之也】宾降\n　　右甲\n　　右乙\n　　主人升【升堂】\n　　右丙　记丁戊【己】\n",
        );
        let ps = c.passages_of("test.tongjie");
        let summary: Vec<(String, Option<&str>, Vec<&str>)> =
            ps.iter().map(|p| (p.jing_text(), p.section.as_deref(), texts(p, Layer::Ti))).collect();
        assert_eq!(
            summary,
            [
                ("右执一个".into(), Some("甲"), vec![]),
                ("宾降".into(), Some("甲"), vec!["右甲"]),
                ("".into(), Some("乙"), vec!["右乙"]),
                ("主人升".into(), Some("丙"), vec!["右丙"]),
                ("丁戊".into(), Some("丙"), vec![]),
            ]
        );
        assert!(ps[4].is_ji());
    }
}

mod ji {
    use super::*;

    #[test]
    fn ji_sentences_follow_their_heading_until_the_line_break() {
        let c = corpus();
        let ji: Vec<(&str, Option<&str>)> = c
            .passages_of(XIANGSHE)
            .iter()
            .filter(|p| p.is_ji())
            .map(|p| (p.segments[0].text.as_str(), p.section.as_deref()))
            .collect();
        assert_eq!(
            ji,
            [
                ("凡侯天子熊侯白质诸侯麋侯赤质大夫布侯画以虎豹士布侯画以鹿豕", Some("张侯")),
                ("凡画者丹质", Some("张侯")),
                ("乡侯上个五寻", Some("张侯")),
                ("中十尺", Some("张侯")),
                ("侯道五十弓弓二寸以为侯中", Some("张侯")),
                ("倍中以为躬", Some("张侯")),
                ("倍躬以为左右舌", Some("张侯")),
                ("下舌半上舌", Some("张侯")),
                ("其牲狗也", Some("速宾")),
                ("亨于堂东北", Some("速宾")),
                ("立者东面北上", Some("迎宾")),
            ],
            "the 记 marker is not part of the text"
        );
        let first = passage(&c, XIANGSHE, "凡侯天子熊侯");
        assert_eq!((first.segments[0].line, first.segments[0].column), (2, 567));
        assert!(!passage(&c, XIANGSHE, "羮定").is_ji(), "the line after a 記 run is 經 again");
    }

    #[test]
    fn dashe_has_no_ji() {
        assert!(corpus().passages_of(DASHE).iter().all(|p| !p.is_ji()));
    }
}

mod other_shapes {
    use super::*;
    use proptest::prelude::*;
    use sheli_corpus::CorpusError;

    fn try_parse(raw: &str) -> sheli_corpus::Result<usize> {
        let mut c = Corpus::default();
        c.add_source(snippet_info(), Arc::from(raw)).map(|s| s.passages.len())
    }

    #[test]
    fn unbalanced_notes_are_a_parse_error() {
        for raw in ["　　甲【乙", "　　甲】乙", "　　甲【乙【丙】】"] {
            assert!(matches!(try_parse(raw), Err(CorpusError::Parse { .. })), "{raw}");
        }
        assert_eq!(try_parse("").ok(), Some(0));
        assert_eq!(
            try_parse("　　甲【乙\n丙】丁").ok(),
            Some(2),
            "a note may run over a line break"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn any_text_parses_or_fails_without_panicking(
            raw in "[甲乙右记反如字音下同一疏曰今按【】\u{3000}\n\u{EB8E}]{0,60}"
        ) {
            let _ = try_parse(&raw);
        }
    }
}

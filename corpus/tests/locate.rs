//! Naming a place: a passage id, a citation Sheli wrote, or a source and a
//! line all lead to one form of location; the citation names work,
//! edition, who wrote the layer, passage and line, and reads back.

use std::sync::OnceLock;

use sheli_corpus::locate::PlaceNote;
use sheli_corpus::{Corpus, Layer};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

#[test]
fn a_passage_id_is_its_own_location() {
    let l = corpus().locate(" xiangshe.zhushu.0123 ").unwrap();
    assert_eq!(l.passage, "xiangshe.zhushu.0123");
    assert_eq!(l.source, "xiangshe.zhushu");
    let p = corpus().passage("xiangshe.zhushu.0123").unwrap();
    assert_eq!(l.line, corpus().line_span(p).0);
    assert!(l.origin.ends_with(".txt"));
}

#[test]
fn every_citation_reads_back_to_its_passage_and_line() {
    let mut checked = 0;
    for source in corpus().sources() {
        // Every 17th passage of every source, each of its segments.
        for p in corpus().passages_of(&source.info.id).iter().step_by(17) {
            for (i, s) in p.segments.iter().enumerate() {
                let cite = corpus().citation(p, i, s.line);
                let l = corpus().locate(&cite).unwrap_or_else(|e| panic!("{cite}: {e}"));
                assert_eq!((l.passage.as_str(), l.line), (p.id.as_str(), s.line), "{cite}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn a_citation_names_edition_work_author_passage_and_line() {
    let p = corpus()
        .passages_of("xiangshe.zhushu")
        .iter()
        .find(|p| p.segments.iter().any(|s| s.layer == Layer::Zhu))
        .unwrap();
    let zhu = p.segments.iter().position(|s| s.layer == Layer::Zhu).unwrap();
    let cite = corpus().citation(p, zhu, p.segments[zhu].line);
    assert!(cite.starts_with("《儀禮註疏·鄉射禮》鄭注，"), "{cite}");
    assert!(
        cite.contains(&p.id) && cite.contains(&format!("第{}行", p.segments[zhu].line)),
        "{cite}"
    );
}

#[test]
fn a_source_and_a_line_lead_to_the_passage_there() {
    let p = corpus().passage("xiangshe.zhushu.0123").unwrap();
    let line = corpus().line_span(p).0;
    let origin = &corpus().source("xiangshe.zhushu").unwrap().info.origin;
    for text in [
        format!("xiangshe.zhushu:{line}"),
        format!("{origin}:{line}"),
        format!("xiangshe.zhushu.txt line {line}"),
        format!("xiangshe.zhushu 第{line}行"),
    ] {
        let l = corpus().locate(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((l.passage.as_str(), l.line), ("xiangshe.zhushu.0123", line), "{text}");
    }
}

#[test]
fn what_names_no_place_says_which_forms_are_read() {
    for text in ["", "hello", "xiangshe.zhushu.9999 and more", "nosuch.txt:12"] {
        let e = corpus().locate(text).unwrap_err().to_string();
        assert!(
            e.contains("names no place") && e.contains("passage id") && e.contains("source"),
            "{text:?}: {e}"
        );
    }
}

#[test]
fn a_line_the_file_does_not_have_is_refused_with_its_last_line() {
    // xiangshe.zhushu's file: 1,913 line breaks, no final one.
    let last = corpus().last_line("xiangshe.zhushu").unwrap();
    assert_eq!(last, 1914);
    // dashe.tongjie's ends with a line break, which begins no line.
    assert_eq!(corpus().last_line("dashe.tongjie"), Some(21));
    let origin = &corpus().source("xiangshe.zhushu").unwrap().info.origin;
    for (text, line) in [
        ("xiangshe.zhushu:999999", "999999"),
        ("xiangshe.zhushu:1915", "1915"),
        ("xiangshe.zhushu:0", "0"),
        ("xiangshe.zhushu 第99999999999999999999行", "99999999999999999999"),
        (&format!("{origin}:999999"), "999999"),
        // a citation with a passage id and a line past the end
        (&format!("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0408，{origin} 第999999行"), "999999"),
    ] {
        match corpus().locate(text) {
            Err(sheli_corpus::CorpusError::NoSuchLine { source_id, line: l, last: at }) => {
                assert_eq!((source_id.as_str(), l.as_str(), at), ("xiangshe.zhushu", line, last));
            }
            other => panic!("{text}: {other:?}"),
        }
        let message = corpus().locate(text).unwrap_err().to_string();
        assert_eq!(message, format!("xiangshe.zhushu has no line {line}: its lines are 1 to 1914"));
    }
    // The last line itself is a place: after the last passage's text, so
    // that passage.
    assert_eq!(corpus().locate("xiangshe.zhushu:1914").unwrap().passage, "xiangshe.zhushu.0408");
}

#[test]
fn a_line_holding_several_passages_opens_the_first_beginning_on_it() {
    // The 通解 editions hold several passages on one raw line.
    let first_on = |source: &str, line: u32| -> Vec<String> {
        corpus()
            .passages_of(source)
            .iter()
            .filter(|p| p.line() == line)
            .map(|p| p.id.clone())
            .collect()
    };
    // Line 5 of xiangshe.tongjie begins 0017 to 0022 (0017: 及門主人一相出迎
    // 于門外, the line's first words); it led to 0022, the last.
    assert_eq!(first_on("xiangshe.tongjie", 5).len(), 6);
    let raw = &corpus().source("xiangshe.tongjie").unwrap().raw;
    let line5 = raw.lines().nth(4).unwrap().trim_start_matches('\u{3000}');
    let p17 = corpus().passage("xiangshe.tongjie.0017").unwrap();
    assert!(line5.starts_with(&p17.segments[0].text[..3 * 6]), "{line5}");
    for (text, want) in [
        ("xiangshe.tongjie:5", "xiangshe.tongjie.0017"),
        ("dashe.tongjie:2", "dashe.tongjie.0001"),
        ("003_ad33b9c10ca74f2c.txt 第5行", "xiangshe.tongjie.0017"),
        ("xiangshe.tongjie.txt line 5", "xiangshe.tongjie.0017"),
    ] {
        let l = corpus().locate(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(l.passage, want, "{text}");
        assert_eq!(l.passage, first_on(&l.source, l.line)[0], "{text}");
    }
}

#[test]
fn a_selection_is_cited_at_the_line_its_first_character_is_on() {
    // A segment running over several raw lines (wrapped in the file): a
    // selection from its end is cited at the line it starts on, and reads
    // back there.
    let (p, seg) = corpus()
        .sources()
        .iter()
        .flat_map(|s| corpus().passages_of(&s.info.id).iter())
        .find_map(|p| {
            let i = p.segments.iter().enumerate().position(|(i, s)| {
                let last = s.text.chars().count().saturating_sub(1);
                corpus().position(p, i, last).is_some_and(|(l, _)| l > s.line)
            })?;
            Some((p, i))
        })
        .expect("a segment over more than one line");
    let s = &p.segments[seg];
    let last = s.text.chars().count() - 1;
    let (line, _) = corpus().position(p, seg, last).unwrap();
    let cite = corpus().citation_at(p, seg, last);
    assert!(cite.ends_with(&format!("第{line}行")), "{cite}");
    assert_eq!(cite, corpus().citation(p, seg, line));
    let l = corpus().locate(&cite).unwrap();
    assert_eq!((l.passage.as_str(), l.line), (p.id.as_str(), line));
    // The first character: the segment's own line.
    assert!(corpus().citation_at(p, seg, 0).ends_with(&format!("第{}行", s.line)));
}

#[test]
fn a_whole_passage_is_cited_by_title_and_first_line() {
    let p = corpus().passage("xiangshe.zhushu.0250").unwrap();
    let cite = corpus().passage_citation(p);
    let first = corpus().line_span(p).0;
    let origin = &corpus().source("xiangshe.zhushu").unwrap().info.origin;
    assert_eq!(cite, format!("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，{origin} 第{first}行"));
    assert_eq!(corpus().locate(&cite).unwrap().line, first);
}

#[test]
fn a_users_text_is_cited_by_its_title_alone_and_reads_back() {
    let mut c = Corpus::default();
    let text = "[題]學而第一\n\n學而時習之,不亦說乎。\n";
    let info = sheli_corpus::SourceInfo::user_text("user.0000000a", "論語", "論語.txt");
    c.add_source(info, std::sync::Arc::from(text)).unwrap();
    let p = c.passage("user.0000000a.0002").unwrap();
    let cite = c.citation(p, 0, p.segments[0].line);
    assert_eq!(cite, "《論語》，user.0000000a.0002，論語.txt 第3行");
    assert_eq!(c.locate(&cite).unwrap().passage, "user.0000000a.0002");
}

#[test]
fn a_whole_passage_at_a_named_line_names_no_layer() {
    // yanli.zhushu.0005 opens with the 經; its later lines hold 注 and 疏.
    let p = corpus().passage("yanli.zhushu.0005").unwrap();
    let (first, last) = corpus().line_span(p);
    for line in [first, last] {
        let cite = corpus().passage_citation_at(p, line);
        assert!(cite.starts_with("《儀禮註疏·燕禮》，yanli.zhushu.0005，"), "{cite}");
        assert!(cite.ends_with(&format!("第{line}行")), "{cite}");
        assert_eq!(corpus().locate(&cite).unwrap().line, line);
    }
}

#[test]
fn both_zhushu_editions_spell_their_title_the_same_way() {
    let titles: Vec<&str> = ["xiangshe.zhushu", "yanli.zhushu"]
        .iter()
        .map(|id| corpus().source(id).unwrap().info.edition.as_str())
        .collect();
    assert_eq!(titles, ["儀禮註疏", "儀禮註疏"]);
}

#[test]
fn a_passage_id_is_read_in_any_case_width_or_padding() {
    // The reader shows passage 250 as "250"; a paper may print the id in
    // capitals; an IME in full-width mode types ＡＢＣ and ０２５０.
    for text in [
        "xiangshe.zhushu.250",
        "XIANGSHE.ZHUSHU.0250",
        "Xiangshe.Zhushu.250",
        "ＸＩＡＮＧＳＨＥ.ＺＨＵＳＨＵ.０２５０",
        "ｘｉａｎｇｓｈｅ．ｚｈｕｓｈｕ．２５０",
        "《儀禮註疏·鄉射禮》，XIANGSHE.ZHUSHU.250，000_fc068ac90b3961d7.txt 第1168行",
    ] {
        let l = corpus().locate(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(l.passage, "xiangshe.zhushu.0250", "{text}");
        assert_eq!(l.note, None, "{text}");
    }
    // Padding names the same passage, not another: 25 is 0025.
    assert_eq!(corpus().locate("xiangshe.zhushu.25").unwrap().passage, "xiangshe.zhushu.0025");
    for text in ["xiangshe.zhushu.0", "xiangshe.zhushu.99999", "xiangshe.zhushu.2x0"] {
        assert!(corpus().locate(text).is_err(), "{text}");
    }
}

#[test]
fn a_citation_without_the_passage_id_reads_by_title_and_line() {
    // What a paper keeps of Sheli's citation: the title and the file's line.
    let origin = &corpus().source("xiangshe.zhushu").unwrap().info.origin;
    for text in [
        format!("《儀禮註疏·鄉射禮》，{origin} 第1168行"),
        format!("《儀禮註疏·鄉射禮》鄭注, {origin} 第1168行"),
        format!("《仪礼注疏·乡射礼》，{origin} 第1168行"),
        "儀禮註疏·鄉射禮 第1168行".to_owned(),
        "《儀禮註疏·鄉射禮》第1168行".to_owned(),
        "《仪礼注疏·乡射礼》 line 1168".to_owned(),
    ] {
        let l = corpus().locate(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((l.passage.as_str(), l.line), ("xiangshe.zhushu.0250", 1168), "{text}");
    }
    // A title and a passage number (第N段, or a bare number).
    for text in ["《儀禮註疏·鄉射禮》第250段", "《儀禮註疏·鄉射禮》250", "儀禮註疏·燕禮 5"]
    {
        let l = corpus().locate(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let want =
            if text.contains("燕禮") { "yanli.zhushu.0005" } else { "xiangshe.zhushu.0250" };
        assert_eq!(l.passage, want, "{text}");
    }
    // 大射儀 has one edition: its title alone is enough.
    assert_eq!(corpus().locate("《大射儀》第3段").unwrap().passage, "dashe.tongjie.0003");
    // What names nothing stays refused: 鄉射禮 has three editions; a title
    // with no number; a title Sheli has not; a number alone.
    for text in
        ["《鄉射禮》第1168行", "《儀禮註疏·鄉射禮》", "《論語·學而》第3行", "第1168行", "250"]
    {
        let e = corpus().locate(text).unwrap_err().to_string();
        assert!(e.contains("names no place"), "{text}: {e}");
    }
}

#[test]
fn a_line_before_the_first_passage_opens_the_first_passage_and_says_so() {
    // dashe.tongjie's line 1 is an HTML comment: no passage is there. The
    // reader is taken to the first passage after it (line 2), told why.
    let l = corpus().locate("dashe.tongjie:1").unwrap();
    assert_eq!((l.passage.as_str(), l.line), ("dashe.tongjie.0001", 2));
    assert_eq!(l.note, Some(PlaceNote::NoPassageAtLine { line: 1, first: 2 }));
    assert_eq!(
        l.note.unwrap().to_string(),
        "line 1 has no passage; the first passage after it is on line 2"
    );
    // A line with a passage carries no note.
    assert_eq!(corpus().locate("dashe.tongjie:2").unwrap().note, None);
}

#[test]
fn a_citation_whose_line_is_outside_its_passage_opens_the_lines_passage_and_says_so() {
    // 0250 is on lines 1166–1169; line 5 is another passage's. The file's
    // line is what stays true across Sheli's versions (ids are Sheli's own
    // numbering), so the line wins, and the reader is told.
    let origin = &corpus().source("xiangshe.zhushu").unwrap().info.origin;
    let text = format!("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，{origin} 第5行");
    let l = corpus().locate(&text).unwrap();
    let at5 = corpus().locate("xiangshe.zhushu:5").unwrap();
    assert_eq!((l.passage.as_str(), l.line), (at5.passage.as_str(), 5));
    assert_ne!(l.passage, "xiangshe.zhushu.0250");
    assert_eq!(
        l.note,
        Some(PlaceNote::LineOutsidePassage { named: "xiangshe.zhushu.0250".into(), line: 5 })
    );
    assert!(l.note.unwrap().to_string().contains("not on line 5"));
    // A passage id this edition does not have (from another version of
    // Sheli) beside a line of its file: the line's passage, said the same way.
    let stale = format!("《儀禮註疏·鄉射禮》，xiangshe.zhushu.9999，{origin} 第5行");
    let l = corpus().locate(&stale).unwrap();
    assert_eq!((l.passage.as_str(), l.line), (at5.passage.as_str(), 5));
    assert_eq!(
        l.note,
        Some(PlaceNote::LineOutsidePassage { named: "xiangshe.zhushu.9999".into(), line: 5 })
    );
    // A line inside the passage: no note.
    let inside = format!("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，{origin} 第1169行");
    let l = corpus().locate(&inside).unwrap();
    assert_eq!((l.passage.as_str(), l.line, l.note), ("xiangshe.zhushu.0250", 1169, None));
}

#[test]
fn a_line_after_the_last_passage_opens_the_last_passage_and_says_so() {
    // xiangshe.zhushu's lines 1913–1914 are a blank line and the web page's
    // trailer (本章完!): no passage is there. The last passage (0408, lines
    // 1909–1912) is opened, told why, and cited at its own line — where it
    // was cited at line 1914, a line of none of its text (h5 tester, J).
    let last = corpus().passages_of("xiangshe.zhushu").last().unwrap();
    let (first, end) = corpus().line_span(last);
    let final_line = corpus().last_line("xiangshe.zhushu").unwrap();
    assert!(final_line > end + 1, "the file goes on past its last passage");
    for line in [end + 1, final_line] {
        let l = corpus().locate(&format!("xiangshe.zhushu:{line}")).unwrap();
        assert_eq!((l.passage.as_str(), l.line), (last.id.as_str(), first), "line {line}");
        assert_eq!(l.note, Some(PlaceNote::AfterLastPassage { line, last: end }));
        assert_eq!(
            l.note.unwrap().to_string(),
            format!("line {line} has no passage; the last passage ends on line {end}")
        );
    }
    // The passage's own last line: no note.
    let l = corpus().locate(&format!("xiangshe.zhushu:{end}")).unwrap();
    assert_eq!((l.passage.as_str(), l.note), (last.id.as_str(), None));
}

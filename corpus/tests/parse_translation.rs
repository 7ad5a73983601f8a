//! The vernacular translation of 鄉射禮 (`xiangshe.yiwen`, seed 001), as a
//! specification (CORPUS.md §2.2, §5, §6).

use std::sync::Arc;

use sheli_corpus::manifest::{Format, SourceInfo, builtin_manifest, builtin_text};
use sheli_corpus::{Corpus, CorpusError, Layer, Passage};

const SOURCE: &str = "xiangshe.yiwen";

/// A corpus holding only this source, so that these tests do not depend on
/// the parsers of the other editions.
fn yiwen() -> Corpus {
    let info = builtin_manifest().unwrap().into_iter().find(|s| s.id == SOURCE).unwrap();
    let raw = builtin_text(&info.file).unwrap();
    let mut corpus = Corpus::default();
    corpus.add_source(info, Arc::from(raw)).unwrap();
    corpus
}

fn at_line(corpus: &Corpus, line: u32) -> &Passage {
    corpus
        .passages_of(SOURCE)
        .iter()
        .find(|p| p.line() == line)
        .unwrap_or_else(|| panic!("no passage at line {line}"))
}

fn text(p: &Passage) -> &str {
    &p.segments[0].text
}

// ---------------------------------------------------------------- counts

#[test]
fn layer_counts_are_the_acceptance_figures() {
    let corpus = Corpus::builtin().unwrap();
    let counts = corpus.layer_counts(SOURCE);
    assert_eq!(counts["譯"], 295);
    // 記 is counted on 經 segments only; the translation has none.
    assert_eq!(counts["記"], 0);
    for other in ["經", "注", "疏", "音義", "按", "題"] {
        assert_eq!(counts[other], 0, "{other}");
    }
}

#[test]
fn each_unique_line_is_one_passage_with_one_yi_segment() {
    let corpus = yiwen();
    let passages = corpus.passages_of(SOURCE);
    assert_eq!(passages.len(), 295);
    for p in passages {
        assert_eq!(p.segments.len(), 1, "{}", p.id);
        assert_eq!(p.segments[0].layer, Layer::Yi, "{}", p.id);
    }
    // Lines 6 to 300, one after the other.
    let lines: Vec<u32> = passages.iter().map(Passage::line).collect();
    assert_eq!(lines, (6..=300).collect::<Vec<u32>>());
}

#[test]
fn one_fragment_then_204_main_lines_then_90_ji_lines() {
    let corpus = yiwen();
    let passages = corpus.passages_of(SOURCE);
    let ji = passages.iter().filter(|p| p.is_ji()).count();
    assert_eq!((passages.len() - ji, ji), (205, 90));
    // The page starts mid-passage: line 6 is the tail of a sentence.
    assert_eq!(passages[0].line(), 6);
    assert!(text(&passages[0]).starts_with("對,則直接放置地上"));
}

// ---------------------------------------------------------- what is text

#[test]
fn title_and_reading_mode_buttons_are_not_text() {
    let corpus = yiwen();
    for line in 1..=5 {
        assert!(corpus.passages_of(SOURCE).iter().all(|p| p.line() != line), "line {line}");
    }
    // `中` is a button on line 4, and also a word of the text.
    assert!(corpus.passages_of(SOURCE).iter().any(|p| text(p).contains('中')));
}

#[test]
fn the_duplicated_body_is_dropped() {
    let corpus = yiwen();
    let source = corpus.source(SOURCE).unwrap();
    let raw_lines: Vec<&str> = source.raw.lines().collect();
    // The file really holds the body twice …
    assert_eq!(raw_lines[6..300], raw_lines[300..594]);
    // … and only the first copy is read.
    let last = corpus.passages_of(SOURCE).last().unwrap();
    assert_eq!(last.line(), 300);
    assert_eq!(text(last), "如君在場,大夫射時則袒露其左臂。");
}

#[test]
fn lines_are_kept_as_they_are() {
    let corpus = yiwen();
    assert_eq!(text(at_line(&corpus, 7)), "司射返歸其位。");
    // Lines break after every 。, even inside a quotation.
    assert_eq!(text(at_line(&corpus, 10)), "”如左勝,則說:“左賢于右。");
    assert_eq!(text(at_line(&corpus, 140)), "” 受酬的人下席。");
    // ■ stands for the missing 翿 and stays in the text.
    assert!(text(at_line(&corpus, 296)).contains("獲者執■旌唱獲"));
    assert!(text(at_line(&corpus, 298)).contains("執■旌"));
}

// ------------------------------------------------------------------- 記

#[test]
fn the_ji_marker_opens_the_ji_at_line_211_and_is_not_text() {
    let corpus = yiwen();
    let passages = corpus.passages_of(SOURCE);
    let first_ji = passages.iter().position(|p| p.is_ji()).unwrap();
    let p = &passages[first_ji];
    assert_eq!(p.line(), 211);
    assert!(text(p).starts_with("如果有大夫參加"));
    // The text starts after `[記] `: column 5 of the raw line.
    assert_eq!(p.segments[0].column, 5);
    assert_eq!(corpus.position(p, 0, 0), Some((211, 5)));
    assert!(passages[..first_ji].iter().all(|p| !p.is_ji()));
    assert!(passages[first_ji..].iter().all(|p| p.is_ji()));
    assert!(passages.iter().all(|p| !text(p).contains("[記]")));
}

// ------------------------------------------------- the rules, in general

fn info(id: &str) -> SourceInfo {
    SourceInfo {
        id: id.to_owned(),
        file: format!("{id}.txt"),
        origin: String::new(),
        sha256: String::new(),
        work: "鄉射禮".to_owned(),
        edition: "test".to_owned(),
        edition_note: String::new(),
        script: sheli_corpus::EditionScript::Traditional,
        format: Format::TranslationLines,
        coverage: String::new(),
        provenance: String::new(),
        licence: String::new(),
        user: false,
    }
}

fn parse(raw: &str) -> Result<Corpus, CorpusError> {
    let mut corpus = Corpus::default();
    corpus.add_source(info("t.yiwen"), Arc::from(raw))?;
    Ok(corpus)
}

fn texts(corpus: &Corpus) -> Vec<(&str, bool)> {
    corpus.passages_of("t.yiwen").iter().map(|p| (text(p), p.is_ji())).collect()
}

#[test]
fn a_duplicated_body_is_found_wherever_it_starts() {
    let raw = "題\n關燈\n小\n中\n大\n甲。\n乙。\n[記] 丙。\n丁。\n甲。\n乙。\n[記] 丙。\n丁。";
    let corpus = parse(raw).unwrap();
    assert_eq!(texts(&corpus), [("甲。", false), ("乙。", false), ("丙。", true), ("丁。", true)]);
}

#[test]
fn without_buttons_or_copy_every_line_after_the_title_is_text() {
    let corpus = parse("題\n中人。\n如初。\n拜。\n如初。\n拜。\n").unwrap();
    // `中人。` is not a button, and two repeated lines are not a copied page.
    assert_eq!(texts(&corpus).len(), 5);
}

#[test]
fn a_file_of_another_shape_is_a_parse_error_not_a_panic() {
    let cases = [
        ("", "empty"),
        ("題\n關燈\n小\n中\n大\n", "no text after the buttons"),
        ("題\n[記] 甲。\n[記] 乙。", "two 記 markers"),
    ];
    for (raw, why) in cases {
        match parse(raw) {
            Err(CorpusError::Parse { .. }) => {}
            other => panic!("{why}: expected a parse error, got {:?}", other.map(|_| ())),
        }
    }
}

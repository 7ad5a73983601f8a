//! The query language, as a user writes it. Every malformed query gets an
//! error that names its problem; no input panics.

use sheli_corpus::{FoldMode, Layer};
use sheli_index::query::{AtomKind, Filter, Vocabulary, parse};

fn vocab() -> Vocabulary {
    Vocabulary {
        works: vec!["鄉射禮".into(), "燕禮".into(), "大射儀".into()],
        sources: vec![
            ("xiangshe.zhushu".into(), "鄉射禮".into()),
            ("xiangshe.yiwen".into(), "鄉射禮".into()),
            ("yanli.zhushu".into(), "燕禮".into()),
            ("xiangshe.tongjie".into(), "鄉射禮".into()),
            ("dashe.tongjie".into(), "大射儀".into()),
        ],
    }
}

fn tokens_of(kind: &AtomKind) -> (Vec<String>, FoldMode) {
    match kind {
        AtomKind::Phrase { tokens, mode } => (tokens.clone(), *mode),
        other => panic!("expected a phrase, got {other:?}"),
    }
}

fn error(q: &str) -> String {
    parse(q, &vocab(), false).expect_err(q).message
}

#[test]
fn a_run_of_characters_is_one_folded_phrase_punctuation_ignored() {
    let q = parse("再拜。賓答再拜", &vocab(), false).unwrap();
    assert_eq!(q.clauses.len(), 1);
    let (toks, mode) = tokens_of(&q.clauses[0].alternatives[0].kind);
    assert_eq!(toks.concat(), "再拜宾答再拜");
    assert_eq!(mode, FoldMode::Folded);
}

#[test]
fn spaces_and_and_or_binds_tighter() {
    let q = parse("奠 觶 OR 觚", &vocab(), false).unwrap();
    assert_eq!(q.clauses.len(), 2);
    assert_eq!(q.clauses[1].alternatives.len(), 2);
}

#[test]
fn minus_excludes_and_quotes_make_one_phrase() {
    let q = parse("觶 -\"賓 答\"", &vocab(), false).unwrap();
    assert!(q.clauses[1].negated);
    assert_eq!(tokens_of(&q.clauses[1].alternatives[0].kind).0.concat(), "宾答");
}

#[test]
fn and_and_not_read_as_space_and_minus() {
    let shape = |q: &str| -> Vec<(bool, Vec<AtomKind>)> {
        let q = parse(q, &vocab(), false).unwrap();
        q.clauses
            .into_iter()
            .map(|c| (c.negated, c.alternatives.into_iter().map(|a| a.kind).collect()))
            .collect()
    };
    assert_eq!(shape("觶 AND 豐"), shape("觶 豐"));
    assert_eq!(shape("觶 NOT 酬"), shape("觶 -酬"));
    assert_eq!(shape("奠 AND 觶 OR 觚"), shape("奠 觶 OR 觚"));
    let not = parse("觶 NOT 酬", &vocab(), false).unwrap();
    assert!(not.clauses[1].negated);
    assert_eq!(tokens_of(&not.clauses[1].alternatives[0].kind).0.concat(), "酬");
    // `NOT "賓 答"` excludes the phrase; `NOT layer:注` excludes the layer.
    assert!(parse("觶 NOT \"賓 答\"", &vocab(), false).unwrap().clauses[1].negated);
    let layer = parse("觶 NOT layer:注", &vocab(), false).unwrap();
    assert!(layer.clauses[1].negated);
    assert_eq!(layer.clauses[1].alternatives[0].kind, AtomKind::Filter(Filter::Layer(Layer::Zhu)));
    // Only the capitalised words are operators, as with OR.
    assert!(parse("觶 and", &vocab(), false).unwrap().clauses.len() == 2);
}

#[test]
fn filters_resolve_layers_works_and_sources() {
    let q = parse("觶 layer:注 work:大射 source:yanli", &vocab(), false).unwrap();
    let filters: Vec<&AtomKind> =
        q.clauses.iter().map(|c| &c.alternatives[0].kind).skip(1).collect();
    assert_eq!(filters[0], &AtomKind::Filter(Filter::Layer(Layer::Zhu)));
    assert_eq!(filters[1], &AtomKind::Filter(Filter::Work("大射儀".into())));
    assert_eq!(filters[2], &AtomKind::Filter(Filter::Source("yanli.zhushu".into())));
    let q = parse("觶 work:大射仪 layer:经", &vocab(), false).unwrap();
    assert_eq!(q.clauses[1].alternatives[0].kind, AtomKind::Filter(Filter::Work("大射儀".into())));
}

#[test]
fn equals_sign_or_exact_switch_turn_folding_off() {
    let q = parse("=觶 決", &vocab(), false).unwrap();
    assert_eq!(
        tokens_of(&q.clauses[0].alternatives[0].kind),
        (vec!["觶".to_string()], FoldMode::Exact)
    );
    assert_eq!(tokens_of(&q.clauses[1].alternatives[0].kind).1, FoldMode::Folded);
    let q = parse("決", &vocab(), true).unwrap();
    assert_eq!(
        tokens_of(&q.clauses[0].alternatives[0].kind),
        (vec!["決".to_string()], FoldMode::Exact)
    );
}

#[test]
fn pinyin_with_or_without_tone() {
    for typed in ["zhi4", "zhì", "bi1", "zhi"] {
        let q = parse(typed, &vocab(), false).unwrap();
        assert!(matches!(q.clauses[0].alternatives[0].kind, AtomKind::Pinyin(_)), "{typed}");
    }
}

#[test]
fn a_latin_word_that_is_not_pinyin_is_searched_as_written_and_says_so() {
    let q = parse("觶 hello", &vocab(), false).unwrap();
    assert!(matches!(q.clauses[1].alternatives[0].kind, AtomKind::Phrase { .. }));
    assert_eq!(q.notes.len(), 1);
    assert!(q.notes[0].contains("`hello` is not a pinyin syllable"), "{:?}", q.notes);
    // Pinyin, characters, operators and quoted or exact terms need no note.
    for quiet in ["zhi4 bi1 zhì", "觶 OR 觚 AND 豐 NOT 酬", "\"hello\"", "=hello", "觶 layer:注"]
    {
        assert!(parse(quiet, &vocab(), false).unwrap().notes.is_empty(), "{quiet}");
    }
}

#[test]
fn malformed_queries_name_their_problem() {
    assert!(error("\"再拜").contains("unbalanced quote"));
    assert!(error("觶 -").contains("lone '-'"));
    assert!(error("觶 foo:bar").contains("unknown field `foo:`"));
    assert!(error("觶 layer:傳").contains("unknown layer `傳`"));
    assert!(error("觶 work:周禮").contains("unknown work `周禮`"));
    assert!(error("觶 source:nope").contains("unknown source `nope`"));
    assert!(error("觶 OR").contains("OR needs a term on both sides"));
    assert!(error("OR 觶").contains("OR needs a term on both sides"));
    assert!(error("AND 觶").contains("AND needs a term on both sides"));
    assert!(error("觶 AND").contains("AND needs a term on both sides"));
    assert!(error("觶 AND OR 觚").contains("OR needs a term on both sides"));
    assert!(error("觶 NOT").contains("NOT needs a term right after it"));
    assert!(error("觶 NOT -酬").contains("NOT needs a term right after it"));
    assert!(error("NOT 觶").contains("nothing to search for"));
    assert!(error("觶 OR NOT 觚").contains("cannot be one side of an OR"));
    assert!(error("-觶").contains("nothing to search for"));
    assert!(error("layer:注").contains("nothing to search for"));
    assert!(error("   ").contains("empty"));
    assert!(error("。,").contains("nothing to search for"));
    assert!(error("觶 layer:").contains("needs a value"));
}

#[test]
fn errors_point_at_the_offending_characters() {
    let e = parse("觶 layer:傳", &vocab(), false).unwrap_err();
    assert_eq!(e.span, Some(2..9));
}

mod no_input_panics {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn the_parser_accepts_or_rejects_any_string(s in "\\PC{0,40}") {
            let _ = sheli_index::query::parse(&s, &super::vocab(), false);
        }

        #[test]
        fn query_shaped_strings(s in "(\"|-|=|OR|AND|NOT| |layer:|work:|注|觶|zhi4|[a-z]{1,3}|[。,])*") {
            let _ = sheli_index::query::parse(&s, &super::vocab(), false);
        }

        #[test]
        fn the_tokenizer_accepts_any_string(s in "\\PC*") {
            let toks = sheli_index::tokenizer::tokens(&s, sheli_corpus::FoldMode::Folded);
            let n = s.chars().count();
            for t in toks {
                prop_assert!(t.chars.end <= n && t.bytes.end <= s.len());
            }
        }
    }
}

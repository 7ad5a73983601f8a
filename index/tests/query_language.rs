//! The query language, as a user writes it. Every malformed query gets an
//! error that names its problem; no input panics.

use sheli_corpus::{FoldMode, Layer};
use sheli_index::NoteCode;
use sheli_index::query::{AtomKind, Filter, MAX_BETWEEN, Proximity, Vocabulary, parse};

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

/// The one atom of a one-clause query.
fn only(q: &str) -> AtomKind {
    let mut parsed = parse(q, &vocab(), false).unwrap_or_else(|e| panic!("{q}: {e}"));
    assert_eq!(parsed.clauses.len(), 1, "{q}");
    assert_eq!(parsed.clauses[0].alternatives.len(), 1, "{q}");
    parsed.clauses.remove(0).alternatives.remove(0).kind
}

fn phrase(s: &str) -> AtomKind {
    AtomKind::Phrase { tokens: s.chars().map(String::from).collect(), mode: FoldMode::Folded }
}

fn near(parts: Vec<AtomKind>, max_between: u32, ordered: bool) -> AtomKind {
    AtomKind::Near(Proximity { parts, max_between, ordered })
}

/// `?` as None, every other character a token of its own.
fn gapped(s: &str, mode: FoldMode) -> AtomKind {
    AtomKind::Gapped { slots: s.chars().map(|c| (c != '?').then(|| c.to_string())).collect(), mode }
}

/// The message and span of the error `q` gets.
fn fault(q: &str) -> (String, std::ops::Range<usize>) {
    let e = parse(q, &vocab(), false).expect_err(q);
    (e.message, e.span.unwrap_or_else(|| panic!("{q}: the error has a span")))
}

/// The characters of `q` an error's span covers.
fn pointed_at(q: &str) -> String {
    let (_, span) = fault(q);
    q.chars().skip(span.start).take(span.len()).collect()
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
    // Operators in any case: `and` at the end is an AND without its right side.
    assert!(error("觶 and").contains("AND needs a term on both sides"));
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

/// The outside tester: `zhi4 --exact` found 質 through 质 as the folded
/// search does, and said nothing. A syllable is read through the fold
/// whatever the mode; with exact forms asked for, the query says so.
#[test]
fn pinyin_in_exact_mode_says_it_is_still_read_in_every_form() {
    let q = parse("zhi4 觶", &vocab(), true).unwrap();
    assert!(matches!(q.clauses[0].alternatives[0].kind, AtomKind::Pinyin(_)));
    let codes: Vec<_> = q.notes.iter().map(|n| n.code).collect();
    assert_eq!(codes, [NoteCode::PinyinFolded]);
    assert_eq!(q.notes[0].params, [("term", "zhi4".to_string())]);
    assert!(parse("zhi4", &vocab(), false).unwrap().notes.is_empty(), "folded: nothing to say");
}

#[test]
fn a_latin_word_that_is_not_pinyin_is_searched_as_written_and_says_so() {
    let q = parse("觶 hello", &vocab(), false).unwrap();
    assert!(matches!(q.clauses[1].alternatives[0].kind, AtomKind::Phrase { .. }));
    assert_eq!(q.notes.len(), 1);
    assert!(q.notes[0].message.contains("`hello` is not a pinyin syllable"), "{:?}", q.notes);
    // The CLI's sentence, and the code and values the window says it by in
    // the interface's language (errors.query.note.not_pinyin).
    assert_eq!(
        q.notes[0].message,
        "`hello` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written"
    );
    assert_eq!(q.notes[0].code, NoteCode::NotPinyin);
    assert_eq!(q.notes[0].params, [("term", "hello".to_string())]);
    // Pinyin, characters, operators and quoted or exact terms need no note.
    for quiet in ["zhi4 bi1 zhì", "觶 OR 觚 AND 豐 NOT 酬", "\"hello\"", "=hello", "觶 layer:注"]
    {
        assert!(parse(quiet, &vocab(), false).unwrap().notes.is_empty(), "{quiet}");
    }
}

#[test]
fn pinyin_in_quotes_is_searched_as_written_and_says_how_to_search_the_syllables() {
    // the outside tester's finding K (h5): "zhu3 ren2" gave 0 without a word
    let q = parse("\"zhu3 ren2\"", &vocab(), false).unwrap();
    assert!(matches!(q.clauses[0].alternatives[0].kind, AtomKind::Phrase { .. }));
    assert_eq!(
        q.notes.iter().map(|n| n.message.as_str()).collect::<Vec<_>>(),
        [
            "in quotes `zhu3` is searched as written, not as pinyin; for syllables side by side write zhu3 NEAR/0 ren2"
        ]
    );
    assert_eq!(q.notes[0].code, NoteCode::QuotedPinyin);
    assert_eq!(
        q.notes[0].params,
        [("term", "zhu3".to_string()), ("near", "zhu3 NEAR/0 ren2".to_string())]
    );
    for typed in ["\"主人 zhi4\"~5", "\"zhu3 ren2\" 賓", "\"zhi\""] {
        let q = parse(typed, &vocab(), false).unwrap();
        assert_eq!(q.notes.len(), 1, "{typed}: {:?}", q.notes);
        assert!(q.notes[0].message.starts_with("in quotes `zh"), "{typed}: {:?}", q.notes);
    }
    // no syllable, or exact forms asked for: nothing to say
    for quiet in ["\"hello\"", "=\"zhu3\"", "\"主人 賓\"~3"] {
        assert!(parse(quiet, &vocab(), false).unwrap().notes.is_empty(), "{quiet}");
    }
    assert!(parse("\"zhu3\"", &vocab(), true).unwrap().notes.is_empty());
}

#[test]
fn a_term_of_punctuation_alone_is_passed_over_as_punctuation_is() {
    // The outside tester's finding 13: `主人 。 賓` was refused with a message
    // saying that punctuation is ignored.
    for q in ["主人 。 賓", "主人 — 賓", "主人 …… 賓", "主人 · 賓", "主人 ○ 賓", "主人 😀 賓"]
    {
        let parsed = parse(q, &vocab(), false).unwrap_or_else(|e| panic!("{q}: {e}"));
        let terms: Vec<_> =
            parsed.clauses.iter().map(|c| tokens_of(&c.alternatives[0].kind).0).collect();
        assert_eq!(
            terms,
            vec![vec!["主".to_string(), "人".to_string()], vec!["宾".to_string()]],
            "{q}"
        );
    }
    // Nothing else: still nothing to search for; a `-` before it still an error.
    assert!(error("。 ○").contains("nothing to search for"));
    assert!(error("主人 -。").contains("nothing to search for"));
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

#[test]
fn quotes_with_tilde_are_parts_in_order() {
    // 賓 folds to 宾: the parts are folded as any term is
    assert_eq!(only("\"主人 賓\"~3"), near(vec![phrase("主人"), phrase("宾")], 3, true));
    assert_eq!(
        only("\"主人 賓 拜\"~0"),
        near(vec![phrase("主人"), phrase("宾"), phrase("拜")], 0, true)
    );
    // without a space every character is a part, as in Lucene
    assert_eq!(only("\"再拜\"~2"), near(vec![phrase("再"), phrase("拜")], 2, true));
    // punctuation inside a part is ignored, a part of punctuation alone too
    assert_eq!(only("\"再。拜 。 賓\"~5"), near(vec![phrase("再拜"), phrase("宾")], 5, true));
    // full-width tilde and digits, as an input method types them
    assert_eq!(only("\"再 拜\"～１２"), near(vec![phrase("再"), phrase("拜")], 12, true));
    // a part may hold a `?`
    assert_eq!(
        only("\"再?拜 賓\"~4"),
        near(vec![gapped("再?拜", FoldMode::Folded), phrase("宾")], 4, true)
    );
    assert_eq!(
        only(&format!("\"再 拜\"~{MAX_BETWEEN}")),
        near(vec![phrase("再"), phrase("拜")], MAX_BETWEEN, true)
    );
}

#[test]
fn near_joins_two_terms_in_either_order_and_binds_tighter_than_or() {
    assert_eq!(only("主人 NEAR/3 賓"), near(vec![phrase("主人"), phrase("宾")], 3, false));
    assert_eq!(only("主人 NEAR/0 賓"), near(vec![phrase("主人"), phrase("宾")], 0, false));
    let q = parse("甲 NEAR/2 乙 OR 丙", &vocab(), false).unwrap();
    assert_eq!(q.clauses.len(), 1);
    let kinds: Vec<&AtomKind> = q.clauses[0].alternatives.iter().map(|a| &a.kind).collect();
    assert_eq!(kinds, [&near(vec![phrase("甲"), phrase("乙")], 2, false), &phrase("丙")]);
    let q = parse("丙 OR 甲 NEAR/2 乙 觶", &vocab(), false).unwrap();
    assert_eq!(q.clauses.len(), 2);
    assert_eq!(q.clauses[0].alternatives[1].kind, near(vec![phrase("甲"), phrase("乙")], 2, false));
    // the atom's span covers both terms and the operator
    assert_eq!(q.clauses[0].alternatives[1].span, 5..15);
    // NEAR/N with a quoted phrase, a `?` term or a pinyin syllable on either side
    assert!(matches!(
        only("\"再 拜\" NEAR/1 賓"),
        AtomKind::Near(Proximity { ordered: false, .. })
    ));
    let AtomKind::Near(p) = only("再?拜 NEAR/5 zhi4") else { panic!() };
    assert_eq!(p.parts[0], gapped("再?拜", FoldMode::Folded));
    assert!(matches!(p.parts[1], AtomKind::Pinyin(_)));
    assert_eq!(only("觶 NEAR／２ 觚"), near(vec![phrase("觯"), phrase("觚")], 2, false));
}

#[test]
fn a_question_mark_is_exactly_one_character_inside_a_term() {
    assert_eq!(only("再?拜"), gapped("再?拜", FoldMode::Folded));
    assert_eq!(only("再??拜"), gapped("再??拜", FoldMode::Folded));
    assert_eq!(only("\"主人?賓\""), gapped("主人?宾", FoldMode::Folded));
    // punctuation beside it is ignored as anywhere
    assert_eq!(only("再。?拜"), gapped("再?拜", FoldMode::Folded));
    // the full-width ？ of an input method is the same wildcard
    assert_eq!(only("何也？曰"), gapped("何也?曰", FoldMode::Folded));
}

#[test]
fn the_new_operators_combine_with_exclusion_exact_mode_filters_and_or() {
    let q = parse("射 -\"再?拜\" -\"主人 賓\"~3 layer:經", &vocab(), false).unwrap();
    assert!(q.clauses[1].negated && q.clauses[2].negated && !q.clauses[3].negated);
    assert_eq!(q.clauses[1].alternatives[0].kind, gapped("再?拜", FoldMode::Folded));
    assert!(matches!(q.clauses[2].alternatives[0].kind, AtomKind::Near(_)));
    assert!(parse("射 NOT 再?拜", &vocab(), false).unwrap().clauses[1].negated);
    // `=` and --exact reach every part
    assert_eq!(only("=觶?觚"), gapped("觶?觚", FoldMode::Exact));
    let exact = AtomKind::Phrase { tokens: vec!["觶".into()], mode: FoldMode::Exact };
    let AtomKind::Near(p) = only("=\"觶 決\"~2") else { panic!() };
    assert_eq!(p.parts[0], exact);
    let AtomKind::Near(p) = parse("觶 NEAR/2 決", &vocab(), true)
        .unwrap()
        .clauses
        .remove(0)
        .alternatives
        .remove(0)
        .kind
    else {
        panic!()
    };
    assert_eq!(p.parts[0], exact);
    // each side of NEAR keeps its own mode
    let AtomKind::Near(p) = only("=觶 NEAR/3 決") else { panic!() };
    assert_eq!(p.parts, [exact, phrase("决")]);
    // OR between the new operators
    let q = parse("\"再 拜\"~1 OR 再?拜", &vocab(), false).unwrap();
    assert_eq!(q.clauses[0].alternatives.len(), 2);
}

#[test]
fn malformed_proximity_and_wildcards_name_their_problem_and_point_at_it() {
    let cases: &[(&str, &str, &str)] = &[
        ("\"再 拜\"~", "`~` needs a number of characters after it", "~"),
        ("\"再 拜\"~x", "`x` is not a number of characters", "~x"),
        ("\"再 拜\"~3x 觶", "`3x` is not a number of characters", "~3x"),
        ("\"再 拜\"~51", "`~51` is too far: at most 50 characters", "~51"),
        ("\"再 拜\"~99999999999999999999999", "is too far", "~99999999999999999999999"),
        ("觶 ~3", "`~N` goes right after a closing quote", "~3"),
        ("再拜~3", "`再拜~3`: `~N` goes right after a closing quote", "~3"),
        ("\"再\"~3", "`~3` needs two or more characters or parts", "\"再\"~3"),
        ("\"再?拜\"~3", "separate the parts of a `~N` phrase with spaces", "\"再?拜\"~3"),
        ("觶 NEAR/x 觚", "`NEAR/x`: `x` is not a number of characters", "NEAR/x"),
        ("觶 NEAR 觚", "`NEAR` needs a number of characters after it, e.g. A NEAR/3 B", "NEAR"),
        ("觶 NEAR/", "`NEAR/` needs a number of characters", "NEAR/"),
        ("觶 NEAR/51 觚", "too far", "NEAR/51"),
        ("觶 NEAR/3", "NEAR/3 needs a term on both sides", "NEAR/3"),
        ("NEAR/3 觶", "NEAR/3 needs a term on both sides", "NEAR/3"),
        ("觶 NEAR/3 NEAR/2 觚", "NEAR/2 needs a term on both sides", "NEAR/2"),
        ("觶 OR NEAR/2 觚", "NEAR/2 needs a term on both sides", "NEAR/2"),
        ("觶 NEAR/2 OR 觚", "OR needs a term on both sides", "OR"),
        ("-觶 NEAR/3 觚", "a '-' exclusion cannot be one side of NEAR", "NEAR/3"),
        ("觶 NEAR/3 -觚", "a '-' exclusion cannot be one side of NEAR", "-觚"),
        ("觶 NEAR/3 NOT 觚", "a '-' exclusion cannot be one side of NEAR", "觚"),
        ("觶 -NEAR/3 觚", "it takes no '-' or '='", "-NEAR/3"),
        ("layer:注 NEAR/3 觚", "a filter narrows the whole query", "NEAR/3"),
        ("觶 NEAR/3 layer:注", "a filter narrows the whole query", "layer:注"),
        ("甲 NEAR/3 乙 NEAR/2 丙", "NEAR joins two terms, not a proximity", "NEAR/2"),
        ("\"甲 乙\"~3 NEAR/2 丙", "NEAR joins two terms, not a proximity", "NEAR/2"),
        ("?再拜", "a `?` stands for one character between two others", "?"),
        ("觶 再拜?", "`再拜?`: a `?` stands for one character", "?"),
        ("\"再拜?\"", "cannot begin or end a term", "?"),
        ("\"再 ?拜\"~2", "cannot begin or end a term", "?"),
        ("觶 ??", "cannot begin or end a term", "?"),
        ("再拜?。", "cannot begin or end a term", "?"),
    ];
    for (q, message, at) in cases {
        let (got, _) = fault(q);
        assert!(got.contains(message), "{q}: {got}");
        assert_eq!(pointed_at(q), *at, "{q}: {got}");
    }
    // the span of a `?` is where that `?` is
    assert_eq!(fault("觶 再拜?").1, 4..5);
    assert_eq!(fault("\"再 拜\"~").1, 5..6);
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

        /// An input method's marks and operators among the others: none
        /// panics, and whatever parses has something to search for.
        #[test]
        fn input_method_shaped_strings(
            s in "(“|”|「|」|『|』|＂|\"|？|\\?|～|~|[0-9３]{1,2}|ｏｒ|or|ＮＥＡＲ／|near/|Near|-|=| |注|觶|再拜|[。，])*",
        ) {
            if let Ok(q) = sheli_index::query::parse(&s, &super::vocab(), false) {
                prop_assert!(q.positive_terms().next().is_some());
            }
        }

        /// The proximity and wildcard operators among the others, with
        /// numbers of every size; whatever parses has parts to search for.
        #[test]
        fn proximity_shaped_strings(
            s in "(\"|~|～|\\?|？|NEAR|NEAR/|/|[0-9]{1,3}|99999999999|-|=|OR|NOT| |layer:注|注|觶|再拜|zhi4|[。,])*",
            exact in proptest::bool::ANY,
        ) {
            if let Ok(q) = sheli_index::query::parse(&s, &super::vocab(), exact) {
                prop_assert!(q.positive_terms().next().is_some());
            }
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

/// Finding 1 of the outside tester: the operators as a Chinese input method
/// types them. Each of these was read as another query, without a word:
/// “再 拜” as 再 AND 拜, 再？拜 as 再拜, `near/3` and `or` as words.
mod as_an_input_method_types_them {
    use super::*;

    /// Clauses and their atoms, without the spans (which differ by width).
    fn shape(q: &str) -> Vec<(bool, Vec<AtomKind>)> {
        let q = parse(q, &vocab(), false).unwrap_or_else(|e| panic!("{q}: {e}"));
        q.clauses
            .into_iter()
            .map(|c| (c.negated, c.alternatives.into_iter().map(|a| a.kind).collect()))
            .collect()
    }

    #[test]
    fn chinese_quote_marks_quote() {
        for q in ["“再 拜”", "「再 拜」", "『再 拜』", "＂再 拜＂", "\"再 拜＂", "＂再 拜\""]
        {
            assert_eq!(only(q), phrase("再拜"), "{q}");
        }
        for q in ["“再 拜”~3", "「再 拜」~3", "『再 拜』～３", "＂再 拜＂~3"] {
            assert_eq!(only(q), near(vec![phrase("再"), phrase("拜")], 3, true), "{q}");
        }
        assert_eq!(shape("射 -「再 拜」"), shape("射 -\"再 拜\""));
        assert_eq!(shape("射 NOT “再 拜”~2 layer:經"), shape("射 NOT \"再 拜\"~2 layer:經"));
        assert_eq!(shape("=「觶 決」"), shape("=\"觶 決\""));
        // a quoted term keeps its span, marks included
        let q = parse("觶 「再 拜」~3", &vocab(), false).unwrap();
        assert_eq!(q.clauses[1].alternatives[0].span, 2..9);
    }

    #[test]
    fn paired_marks_around_no_space_are_a_pasted_sentences_punctuation() {
        // 「」 stand in the texts; a pasted sentence searches as it did.
        for (q, want) in [
            ("曰「諾」", "曰诺"),
            ("「主人」曰", "主人曰"),
            ("「再拜", "再拜"),
            ("再拜」", "再拜"),
            ("曰：「請射于賓。」賓許", "曰请射于宾宾许"),
            ("“再拜”", "再拜"),
        ] {
            assert_eq!(only(q), phrase(want), "{q}");
        }
    }

    #[test]
    fn a_quote_left_open_or_closed_across_a_space_says_so() {
        let cases: &[(&str, &str, &str)] = &[
            ("“再 拜", "a “ has no closing ”", "“再 拜"),
            ("「再 拜", "a 「 has no closing 」", "「再 拜"),
            ("「再 拜”", "a 「 has no closing 」", "「再 拜”"),
            ("曰「諾 主人」", "`「` opens a quote inside a term", "「"),
            ("再 拜」", "`」` closes a quote that was not opened", "」"),
            ("再 拜」~3", "`」` closes a quote that was not opened", "」"),
            ("再拜」~3", "`」` closes a quote that was not opened", "」"),
            ("「再 拜」曰", "a closing 」 must be followed by a space", "「再 拜」曰"),
        ];
        for (q, message, at) in cases {
            let (got, _) = fault(q);
            assert!(got.contains(message), "{q}: {got}");
            assert!(!got.contains("goes right after a closing quote"), "{q}: {got}");
            assert_eq!(pointed_at(q), *at, "{q}: {got}");
        }
        // the UI's sentence has the marks the user typed
        let e = parse("“再 拜", &vocab(), false).unwrap_err();
        assert_eq!(e.params, [("open", "“".to_string()), ("close", "”".to_string())]);
        let e = parse("「再 拜」曰", &vocab(), false).unwrap_err();
        assert_eq!(e.params, [("close", "」".to_string())]);
    }

    #[test]
    fn the_full_width_question_mark_is_the_wildcard() {
        assert_eq!(only("再？拜"), gapped("再?拜", FoldMode::Folded));
        assert_eq!(only("坐？爵"), only("坐?爵"));
        assert_eq!(only("射？？禮"), gapped("射??礼", FoldMode::Folded));
        assert_eq!(only("「主人？賓」"), gapped("主人?宾", FoldMode::Folded));
        assert_eq!(only("=觶？觚"), gapped("觶?觚", FoldMode::Exact));
        assert_eq!(shape("「再？拜 賓」~4"), shape("\"再?拜 賓\"~4"));
        // at a term's edge it is refused as `?` is, pointing at it
        for (q, at) in [("？再拜", 0..1), ("觶 再拜？", 4..5), ("「再拜？」", 3..4)] {
            let (got, span) = fault(q);
            assert!(got.contains("cannot begin or end a term"), "{q}: {got}");
            assert_eq!(span, at, "{q}");
        }
    }

    #[test]
    fn operators_in_any_case_and_in_full_width_letters() {
        let near3 = shape("主人 NEAR/3 賓");
        for q in [
            "主人 near/3 賓",
            "主人 Near/3 賓",
            "主人 ＮＥＡＲ/3 賓",
            "主人 ＮＥＡＲ／３ 賓",
            "主人 ｎｅａｒ/3 賓",
        ] {
            assert_eq!(shape(q), near3, "{q}");
        }
        let or = shape("主人 OR 賓");
        for q in ["主人 or 賓", "主人 Or 賓", "主人 ｏｒ 賓", "主人 ＯＲ 賓"] {
            assert_eq!(shape(q), or, "{q}");
        }
        assert_eq!(shape("觶 and 豐"), shape("觶 豐"));
        assert_eq!(shape("觶 ＡＮＤ 豐"), shape("觶 豐"));
        assert_eq!(shape("觶 not 酬"), shape("觶 -酬"));
        assert_eq!(shape("觶 ｎｏｔ 酬"), shape("觶 -酬"));
        // none of them is searched as a word, so none gets the Latin note
        assert!(parse("主人 near/3 賓 or 觶", &vocab(), false).unwrap().notes.is_empty());
        // a fault names the operator as typed
        let (got, _) = fault("觶 ｎｅａｒ／ｘ 觚");
        assert!(got.contains("`ｎｅａｒ／ｘ`: `ｘ` is not a number"), "{got}");
        assert!(error("觶 or").contains("OR needs a term on both sides"));
        // quoted, they are words again
        assert!(matches!(only("\"or\""), AtomKind::Phrase { .. }));
    }
}

/// The outside tester's findings 1, 2, 3, 6, 9 and 10 (h7): each was a query
/// answered as another one, without a word.
mod read_as_typed_or_refused {
    use super::*;
    use sheli_index::QueryCode;

    fn code(q: &str) -> QueryCode {
        parse(q, &vocab(), false).expect_err(q).code
    }

    #[test]
    fn brackets_are_refused_pointing_at_the_bracket() {
        // `(主人 賓) OR 射` answered 主人 AND (賓 OR 射).
        for (q, at) in [
            ("(主人 賓) OR 射", "("),
            ("（主人 賓） OR 射", "（"),
            ("主人 賓) OR 射", ")"),
            ("射 -(觶 OR 爵)", "("),
            ("射 NOT （觶", "（"),
            ("( 主人 賓", "("),
            ("主人 賓 ）", "）"),
            ("主人（注）賓", "（"),
        ] {
            assert_eq!(code(q), QueryCode::Bracket, "{q}");
            assert_eq!(pointed_at(q), at, "{q}");
            let (message, _) = fault(q);
            assert!(message.contains("not supported"), "{q}: {message}");
            assert!(message.contains("OR binds tighter"), "{q}: {message}");
        }
        let e = parse("（主人 賓）", &vocab(), false).unwrap_err();
        assert_eq!(e.params, [("bracket", "（".to_string())]);
        // inside quotes a bracket is the punctuation of a pasted text
        assert_eq!(only("\"主人（注）賓\""), phrase("主人注宾"));
        assert_eq!(only("「主人 (注) 賓」"), phrase("主人注宾"));
        assert!(matches!(only("\"(主人 賓)\"~3"), AtomKind::Near(_)));
    }

    #[test]
    fn a_star_is_refused_with_the_question_mark_to_use() {
        // `射*` answered 射.
        for (q, at) in [("射*", 1..2), ("觶 射＊禮", 3..4), ("-*", 1..2), ("*", 0..1)] {
            let (message, span) = fault(q);
            assert_eq!(code(q), QueryCode::Star, "{q}");
            assert_eq!(span, at, "{q}");
            assert!(message.contains("use ? for one character"), "{q}: {message}");
        }
        // quoted, it is punctuation as ever
        assert_eq!(only("\"射*\""), phrase("射"));
    }

    #[test]
    fn two_filters_of_one_field_mean_either() {
        // `射 layer:注 layer:經` was 射 in a segment of both layers: none.
        let q = parse("射 layer:注 layer:經", &vocab(), false).unwrap();
        assert_eq!(q.clauses.len(), 2, "{q:?}");
        let kinds: Vec<&AtomKind> = q.clauses[1].alternatives.iter().map(|a| &a.kind).collect();
        assert_eq!(
            kinds,
            [
                &AtomKind::Filter(Filter::Layer(Layer::Zhu)),
                &AtomKind::Filter(Filter::Layer(Layer::Jing))
            ]
        );
        // the same as writing the OR, wherever the second one stands
        let shape = |q: &str| {
            let q = parse(q, &vocab(), false).unwrap();
            q.clauses
                .into_iter()
                .map(|c| {
                    (c.negated, c.alternatives.into_iter().map(|a| a.kind).collect::<Vec<_>>())
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(shape("layer:注 射 layer:經"), shape("layer:注 OR layer:經 射"));
        assert_eq!(
            shape("射 work:燕禮 source:dashe work:大射儀 source:yanli"),
            shape("射 work:燕禮 OR work:大射儀 source:dashe OR source:yanli")
        );
        // fields stay ANDed with each other, exclusions stay apart
        assert_eq!(shape("射 layer:注 work:燕禮").len(), 3);
        let q = parse("射 -layer:注 -layer:疏", &vocab(), false).unwrap();
        assert_eq!(q.clauses.len(), 3);
        assert!(q.clauses[1].negated && q.clauses[2].negated);
        // a clause with a term in it is not a filter clause
        assert_eq!(shape("射 layer:注 OR 觶 layer:經").len(), 3);
    }

    #[test]
    fn an_ambiguous_source_prefix_lists_the_sources_it_begins() {
        // `xiangshe` begins three sources; it was called unknown.
        let e = parse("射 source:xiangshe", &vocab(), false).unwrap_err();
        assert_eq!(e.code, QueryCode::AmbiguousSource);
        assert_eq!(e.span, Some(2..17));
        assert!(
            e.message.contains("xiangshe.zhushu xiangshe.yiwen xiangshe.tongjie"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("unknown"), "{}", e.message);
        assert_eq!(
            e.params,
            [
                ("value", "xiangshe".to_string()),
                ("count", "3".to_string()),
                ("sources", "xiangshe.zhushu xiangshe.yiwen xiangshe.tongjie".to_string())
            ]
        );
        // given apart (--source), the same
        let e = sheli_index::query::parse_filter("source", "xiangshe", &vocab()).unwrap_err();
        assert_eq!(e.code, QueryCode::AmbiguousSource);
        // unknown stays unknown; one prefix still names its source
        assert_eq!(code("射 source:nope"), QueryCode::UnknownSource);
        assert!(parse("射 source:xiangshe.zh", &vocab(), false).is_ok());
    }

    #[test]
    fn exact_mode_on_a_pinyin_syllable_is_refused() {
        // `=zhi4` searched the letters z h i 4 and found nothing.
        for q in ["=zhi4", "射 =zhì", "-=zhi4", "=ｚｈｉ４"] {
            let (message, _) = fault(q);
            assert_eq!(code(q), QueryCode::ExactPinyin, "{q}");
            assert!(message.contains("`=` applies to characters"), "{q}: {message}");
        }
        assert_eq!(pointed_at("射 =zhi4"), "=zhi4");
        let e = parse("=zhi4", &vocab(), false).unwrap_err();
        assert_eq!(e.params, [("term", "zhi4".to_string()), ("pinyin", "zhi4".to_string())]);
        // `=` before characters, and a Latin word that is not pinyin, as before
        assert!(matches!(only("=觶"), AtomKind::Phrase { mode: FoldMode::Exact, .. }));
        assert!(parse("=hello", &vocab(), false).is_ok());
    }

    #[test]
    fn full_width_pinyin_is_pinyin() {
        // An input method in full-width mode types ｚｈｉ４; it found nothing.
        assert_eq!(only("ｚｈｉ４"), only("zhi4"));
        assert_eq!(only("ＺＨＩ４"), only("zhi4"));
        assert_eq!(only("ｚｈì"), only("zhì"));
        let q = parse("射 NEAR/3 ｂｉ１", &vocab(), false).unwrap();
        assert_eq!(q.pinyin_syllables().len(), 1);
        // a full-width Latin word is the half-width one, and gets its note
        let q = parse("ｈｅｌｌｏ", &vocab(), false).unwrap();
        assert_eq!(q.clauses[0].alternatives[0].kind, only("hello"));
        assert_eq!(q.notes.len(), 1, "{:?}", q.notes);
        assert_eq!(q.notes[0].params, [("term", "ｈｅｌｌｏ".to_string())]);
        // in quotes, full-width pinyin gets the quoted-pinyin note
        let q = parse("\"ｚｈｕ３ ｒｅｎ２\"", &vocab(), false).unwrap();
        assert_eq!(q.notes.len(), 1, "{:?}", q.notes);
    }
}

//! The two engines of the benchmark answer the same question: on a small
//! sample, Sheli's search and the FTS5 peer count the same segments and
//! occurrences (by source) for every class of query, including the
//! fallback plans FTS5 needs for 1–2 character terms, and proximity and
//! `?` queries (FTS5's NEAR and LIKE with occurrences counted in Rust).

use sheli_bench::fts5::{self, Fallback, Fts5, Plan};
use sheli_bench::poetry::{Poem, poems_from_json};
use sheli_bench::{engine, poetry};
use sheli_index::indexer::BuildOptions;

const TANG: &str = r#"[
  {"paragraphs": ["牀前明月光，疑是地上霜。", "舉頭望明月，低頭思故鄉。"], "title": "靜夜思"},
  {"paragraphs": ["春風得意馬蹄疾，一日看盡長安花。"], "title": "登科後"},
  {"paragraphs": ["不知何處吹蘆管，一夜征人盡望鄉。"], "title": "夜上受降城聞笛"},
  {"paragraphs": ["明月明月明月，萋萋萋萋。"], "title": "試"}
]"#;
const CI: &str = r#"[
  {"paragraphs": ["明月几时有？把酒问青天。", "春风不知何处，长安月下人。"], "rhythmic": "水调歌头"},
  {"paragraphs": ["不知何处是他乡。明月故乡。"], "rhythmic": "客中作"}
]"#;

fn sample() -> Vec<Poem> {
    let mut poems = poems_from_json(TANG.as_bytes(), 0).unwrap();
    poems.extend(poems_from_json(TANG.as_bytes(), 1).unwrap());
    poems.extend(poems_from_json(CI.as_bytes(), 2).unwrap());
    poems
}

#[test]
fn sheli_and_fts5_count_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let poems = sample();
    let ids = engine::passage_ids(&poems);
    let index_dir = dir.path().join("index");
    engine::build(&index_dir, &poems, &ids, BuildOptions::default()).unwrap();
    let sheli = engine::open(&index_dir, poems.len()).unwrap();
    let db = dir.path().join("fts5.db");
    fts5::build(&db, &poems).unwrap();
    let fts = Fts5::open(&db).unwrap();
    let queries = [
        "月",
        "风",
        "萋",
        "明月",
        "春風",
        "萋萋",
        "不知何處",
        "明月明月",
        "明月 故鄉",
        "不知何处 月",
        "月 酒 人",
        // proximity and ? (fts5_pattern.rs): NEAR, MATCH + LIKE, LIKE alone
        "\"明月 故鄉\"~3",
        "明月 NEAR/1 故鄉",
        "故鄉 NEAR/3 明月",
        "\"不知 何處\"~0",
        "\"不知何處 長安\"~5",
        "\"不知何處 明月故鄉\"~5",
        "明?明",
        "不?何處",
        "春?得意",
        "明?光",
    ];
    for q in queries {
        let t = engine::search(&sheli, q).unwrap();
        for fallback in [Fallback::Instr, Fallback::Like] {
            let f = fts.search(q, fallback).unwrap();
            assert_eq!(
                (t.total_segments, t.total_occurrences),
                (f.total_segments, f.total_occurrences),
                "{q} {fallback:?}"
            );
            for (i, (s, _)) in poetry::SOURCES.iter().enumerate() {
                let tally = t.by_source[*s];
                assert_eq!((tally.segments, tally.occurrences), f.by_source[i], "{q} {s}");
            }
            assert_eq!(t.results.len(), f.hits.len(), "{q}");
        }
        assert!(t.total_segments > 0, "{q} finds something");
    }
    // the counting contract: non-overlapping, left to right
    assert_eq!(engine::search(&sheli, "萋萋").unwrap().total_occurrences, 2 * 2);
    assert_eq!(fts.search("萋萋", Fallback::Instr).unwrap().total_occurrences, 2 * 2);
    // snippets are cut from the original text, punctuation and script kept
    let f = fts.search("不知何處", Fallback::Instr).unwrap();
    assert!(
        f.hits.iter().any(|(_, _, s)| s.contains("不知何处，长安") || s.contains("不知何處吹")),
        "{:?}",
        f.hits
    );
}

#[test]
fn short_terms_fall_back_to_a_scan() {
    let t = |q: &str| fts5::plan(&fts5::terms(q));
    assert_eq!(t("不知何處"), Plan::Match);
    assert_eq!(t("不知何處 月"), Plan::MatchThenFilter);
    assert_eq!(t("明月"), Plan::FullScan);
    assert_eq!(t("月 酒 人"), Plan::FullScan);
    // punctuation inside a term is dropped by the fold, as in Sheli
    assert_eq!(fts5::terms("明月，故鄉"), ["明月故乡"]);
}

//! `sheli search --sort` and `--collocations` (issue 11, point 4) through the
//! real binary: the order of the listing and of the table, and the
//! collocates in the JSON and the text output.

use sheli_corpus::fold::fold;
use sheli_corpus::{Corpus, FoldMode};

use crate::common::{json, ok, sheli};

fn folded(s: &str) -> String {
    fold(s, FoldMode::Folded)
}

/// The snippet of a JSON result split at its first highlight.
fn around(result: &serde_json::Value) -> (String, String) {
    let chars: Vec<char> = result["snippet"].as_str().unwrap().chars().collect();
    let h = &result["highlights"][0];
    let (a, b) = (h[0].as_u64().unwrap() as usize, h[1].as_u64().unwrap() as usize);
    (chars[..a].iter().collect(), chars[b..].iter().collect())
}

/// `keys` are in order as far as each pair can be compared (a snippet may
/// cut the context short).
fn in_order(keys: &[String]) -> bool {
    keys.windows(2).all(|w| {
        let n = w[0].chars().count().min(w[1].chars().count());
        let cut = |s: &String| s.chars().take(n).collect::<String>();
        cut(&w[0]) <= cut(&w[1])
    })
}

#[test]
fn sort_orders_the_listing_over_every_result() {
    let dir = tempfile::tempdir().unwrap();
    let q = "拜";
    let right =
        json(&sheli(dir.path(), &["search", q, "--json", "--sort", "right", "--limit", "60"]));
    assert_eq!(right["sort"], "right");
    let results = right["results"].as_array().unwrap();
    assert_eq!(results.len(), 60);
    assert_eq!(right["shown"], 60);
    assert_eq!(right["has_more"], true);
    let keys: Vec<String> = results.iter().map(|r| folded(&around(r).1)).collect();
    assert!(in_order(&keys), "right contexts in order: {keys:?}");

    let left =
        json(&sheli(dir.path(), &["search", q, "--json", "--sort", "left", "--limit", "60"]));
    let keys: Vec<String> = left["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| folded(&around(r).0).chars().rev().collect())
        .collect();
    assert!(in_order(&keys), "left contexts, read leftwards, in order: {keys:?}");

    // position: the order of the texts (source, passage, segment)
    let corpus = Corpus::builtin().unwrap();
    let rank = |id: &str, seg: u64| {
        let p = corpus.passages().iter().position(|p| p.id == id).unwrap();
        let s = corpus
            .sources()
            .iter()
            .position(|s| id.starts_with(&format!("{}.", s.info.id)))
            .unwrap();
        (s, p, seg)
    };
    let pos =
        json(&sheli(dir.path(), &["search", q, "--json", "--sort", "position", "--limit", "1000"]));
    let ranks: Vec<_> = pos["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| rank(r["id"].as_str().unwrap(), r["segment"].as_u64().unwrap()))
        .collect();
    assert_eq!(ranks.len() as u64, pos["total_segments"].as_u64().unwrap());
    assert!(ranks.windows(2).all(|w| w[0] < w[1]), "source order");

    // the table follows the chosen order
    let tsv = ok(&sheli(dir.path(), &["search", q, "--format", "tsv", "--sort", "position"]));
    let rows: Vec<(String, u64)> = tsv
        .lines()
        .skip(1)
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c[3].to_string(), c[4].parse().unwrap())
        })
        .collect();
    let listed: Vec<(String, u64)> = pos["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_str().unwrap().to_string(), r["segment"].as_u64().unwrap()))
        .collect();
    assert_eq!(rows, listed);
}

#[test]
fn collocations_are_in_the_json_and_the_text() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["search", "再拜", "--json", "--collocations"]));
    let c = &v["collocations"];
    assert_eq!(c["occurrences"], v["total_occurrences"], "every occurrence counted");
    for side in ["left_chars", "left_words", "right_chars", "right_words"] {
        let list = c[side].as_array().unwrap();
        assert!(!list.is_empty() && list.len() <= 20, "{side}");
        let counts: Vec<u64> = list.iter().map(|x| x["count"].as_u64().unwrap()).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{side} most frequent first");
        let width = if side.ends_with("words") { 2 } else { 1 };
        assert!(list.iter().all(|x| x["text"].as_str().unwrap().chars().count() == width));
    }
    // 答再拜 is the commonest frame of 再拜 in these rites
    assert_eq!(c["left_chars"][0]["text"], "答");
    let without = json(&sheli(dir.path(), &["search", "再拜", "--json"]));
    assert!(without["collocations"].is_null());

    let text = ok(&sheli(dir.path(), &["search", "再拜", "--collocations", "--limit", "3"]));
    assert!(text.contains("collocates of"), "{text}");
    assert!(text.contains("left words:"), "{text}");
    assert!(text.contains(&format!("showing 1–3 of {}", v["total_segments"])), "{text}");

    // Collocates as the texts write them (舉, not the folded key 举), as the
    // window shows them (the outside tester's F20).
    let text = ok(&sheli(dir.path(), &["search", "觶", "--collocations", "--limit", "1"]));
    let left = text.lines().find(|l| l.trim_start().starts_with("left:")).expect("a left line");
    assert!(left.contains("舉 ") && !left.contains("举"), "{left}");

    // A search that finds nothing prints no empty `by source:` lines.
    let none = ok(&sheli(dir.path(), &["search", "龘"]));
    assert!(none.contains("0 occurrences"), "{none}");
    assert!(!none.contains("by source") && !none.contains("by layer"), "{none}");
}

#[test]
fn an_unknown_sort_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = sheli(dir.path(), &["search", "再拜", "--sort", "middle"]);
    assert!(!out.status.success());
}

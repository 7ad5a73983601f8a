//! The table of common characters behind the bigram field
//! (`sheli_index::bigram`): how it was made, and that it stays well formed.
//!
//! Regenerate (prints the table; paste it into index/src/bigram.rs):
//! `SHELI_POETRY_SAMPLE=bench/cache/sample-10m.jsonl cargo test -p sheli-index
//! --test common_chars -- --ignored --nocapture` (the sample is written by
//! `make bench`).

use std::collections::HashMap;

use sheli_corpus::fold::fold_char;
use sheli_corpus::{Corpus, FoldMode};
use sheli_index::bigram::{COMMON, TOP_PER_COLLECTION, is_common};

fn count(text: &str, counts: &mut HashMap<char, u64>) {
    for c in text.chars() {
        if let Some(f) = fold_char(c, FoldMode::Folded) {
            *counts.entry(f).or_default() += 1;
        }
    }
}

fn top(counts: &HashMap<char, u64>, n: usize) -> Vec<char> {
    let mut v: Vec<(char, u64)> = counts.iter().map(|(c, n)| (*c, *n)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().take(n).map(|(c, _)| c).collect()
}

#[test]
#[ignore = "regenerates the table from the built-in texts and the bench's poetry sample"]
fn print_the_table() {
    let corpus = Corpus::builtin().unwrap();
    let mut classics = HashMap::new();
    for s in corpus.sources() {
        for p in corpus.passages_of(&s.info.id) {
            for seg in &p.segments {
                count(&seg.text, &mut classics);
            }
        }
    }
    let path = std::env::var("SHELI_POETRY_SAMPLE").expect("SHELI_POETRY_SAMPLE");
    let mut poetry = HashMap::new();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        count(v["text"].as_str().unwrap_or(""), &mut poetry);
    }
    let mut all: Vec<char> = top(&classics, TOP_PER_COLLECTION);
    all.extend(top(&poetry, TOP_PER_COLLECTION));
    all.sort_unstable();
    all.dedup();
    println!("{} characters:\n{}", all.len(), all.iter().collect::<String>());
}

#[test]
fn the_table_is_folded_sorted_and_unique() {
    let chars: Vec<char> = COMMON.chars().collect();
    assert!(chars.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    for c in &chars {
        assert_eq!(fold_char(*c, FoldMode::Folded), Some(*c), "{c} is a folded form");
        assert!(is_common(*c));
    }
    // the characters a 4-character phrase of verse or commentary is made of
    for c in "不知何人之也以其風月".chars() {
        let f = fold_char(c, FoldMode::Folded).unwrap();
        assert!(is_common(f), "{c}");
    }
    assert!(!is_common('觶') && !is_common('處') && !is_common('a'));
}

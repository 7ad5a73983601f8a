//! `sheli char`: one entry per character, in order, with the fields a script
//! reads; clear errors for an argument with no Han character; characters of
//! a user's own text counted.

use crate::common::{json, sheli};

#[test]
fn char_json_gives_one_entry_per_character_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["char", "觯楅", "--json"]));
    let entries = v.as_array().expect("an array");
    assert_eq!(entries.len(), 2);
    let zhi = &entries[0];
    assert_eq!(zhi["char"], "觯");
    assert_eq!(zhi["headword"], "觶");
    assert_eq!(zhi["relation"], "simplified");
    assert!(
        zhi["forms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["char"] == "觶" && f["relation"] == "traditional")
    );
    assert_eq!(zhi["mandarin"][0], "zhì");
    let fanqie = zhi["fanqie"].as_array().unwrap();
    assert_eq!(fanqie[0]["fanqie"], "章移");
    assert_eq!(fanqie[0]["rhyme"], "支");
    assert_eq!(fanqie[0]["tone"], "平");
    assert_eq!(fanqie[0]["position"], "章開三支平");
    assert_eq!(fanqie[1]["fanqie"], "支義");
    assert!(fanqie[0]["gloss"].as_str().unwrap().contains('觶'));
    assert_eq!(fanqie[0]["source"], "廣韻 小韻 87");
    assert_eq!(zhi["definitions"][0]["source"], "Unihan kDefinition");
    assert_eq!(zhi["radical"]["number"], 148);
    assert_eq!(zhi["strokes"], 15);
    let occ = &zhi["occurrences"];
    assert!(occ["total"].as_u64().unwrap() > 200);
    for key in ["by_work", "by_source", "by_layer"] {
        assert!(!occ[key].as_array().unwrap().is_empty(), "{key}");
    }
    assert!(zhi["shiwen"].is_array());
    assert!(zhi["cards"].as_array().unwrap().iter().any(|c| c["builtin_id"] == "zhi"));
    assert_eq!(entries[1]["char"], "楅");
    assert_eq!(entries[1]["mandarin"][0], "bī");
}

#[test]
fn a_shiwen_reading_comes_with_its_passage() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["char", "中", "--json"]));
    let shiwen = v[0]["shiwen"].as_array().unwrap();
    assert!(
        shiwen.iter().any(|s| s["reading"] == "丁仲反" && s["passage"] == "xiangshe.tongjie.0002"),
        "{shiwen:?}"
    );
}

#[test]
fn an_argument_without_a_han_character_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for arg in ["", "abc", "。"] {
        let out = sheli(dir.path(), &["char", arg]);
        assert_eq!(out.status.code(), Some(1), "{arg:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("Han character"), "{arg:?}: {err}");
        let out = sheli(dir.path(), &["--json", "char", arg]);
        assert_eq!(out.status.code(), Some(1));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "invalid_input");
    }
}

#[test]
fn a_character_only_an_imported_text_holds_is_found_there() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = json(&sheli(&data, &["char", "龘", "--json"]));
    assert_eq!(before[0]["occurrences"]["total"], 0);
    let file = dir.path().join("long.txt");
    std::fs::write(&file, "[經]龘龘然而行。\n").unwrap();
    let imported = sheli(&data, &["import", file.to_str().unwrap(), "--work", "龍書"]);
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
    let after = json(&sheli(&data, &["char", "龘", "--json"]));
    assert_eq!(after[0]["occurrences"]["total"], 2);
    assert_eq!(after[0]["occurrences"]["by_work"][0]["key"], "龍書");
    assert!(!after[0]["mandarin"].as_array().unwrap().is_empty());
}

#[test]
fn the_user_s_own_cards_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    assert!(sheli(data, &["glossary", "create", "酒器"]).status.success());
    let added =
        sheli(data, &["glossary", "add", "酒器", "--headword", "觚", "--definition", "goblet"]);
    assert!(added.status.success(), "{}", String::from_utf8_lossy(&added.stderr));
    let v = json(&sheli(data, &["char", "觚", "--json"]));
    let cards = v[0]["cards"].as_array().unwrap();
    assert!(cards.iter().any(|c| c["glossary"] == "酒器" && c["headword"] == "觚"), "{cards:?}");
}

/// `sheli char 觯 矦`: two shell words are the characters of both, in order;
/// 矦 says it is 侯 to the texts' search, and 侯 how each source writes it.
#[test]
fn several_words_and_a_folded_variant() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["char", "觯", "矦", "侯", "--json"]));
    let entries = v.as_array().expect("an array");
    let chars: Vec<&str> = entries.iter().map(|e| e["char"].as_str().unwrap()).collect();
    assert_eq!(chars, ["觯", "矦", "侯"]);
    assert_eq!(entries[1]["forms"][0]["char"], "侯");
    assert_eq!(entries[1]["forms"][0]["relation"], "fold");
    assert!(entries[1]["definitions"][0]["text"].as_str().unwrap().contains("marquis"));
    let written = entries[2]["written"].as_array().unwrap();
    assert!(written.iter().any(|w| w["char"] == "矦" && w["source"] == "xiangshe.zhushu"));
    let text = crate::common::ok(&sheli(dir.path(), &["char", "矦"]));
    assert!(text.contains("forms: 侯 variant, searched as one"), "{text}");
    assert!(text.contains("見上注 → 侯"), "{text}");
}

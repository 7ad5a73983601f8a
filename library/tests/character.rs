//! A character explained from the tables, the texts and the index, as the
//! pop-over and `sheli char` show it.

use std::path::Path;

use sheli_library::character::{CharEntry, describe, parse_char};
use sheli_library::{Library, import};

fn library_at(data: &Path) -> (Library, sheli_index::SearchIndex) {
    let library = Library::open(data).unwrap();
    let opened = library.open_index(&mut |_| {}).unwrap();
    (library, opened.index)
}

fn entry(data: &Path, c: char) -> CharEntry {
    let (library, index) = library_at(data);
    describe(&library.corpus, &index, c).unwrap()
}

#[test]
fn zhi_the_goblet_reads_as_the_guangyun_and_unihan_give_it() {
    let dir = tempfile::tempdir().unwrap();
    let e = entry(dir.path(), '觶');
    assert_eq!(e.headword, "觶");
    assert_eq!(e.relation, None);
    assert_eq!(e.mandarin, ["zhì"]);
    let fanqie: Vec<_> =
        e.fanqie.iter().map(|f| (f.fanqie.as_str(), f.rhyme.as_str(), f.tone.as_str())).collect();
    assert_eq!(fanqie, [("章移", "支", "平"), ("支義", "寘", "去")]);
    assert_eq!(e.definitions[0].text, "wine goblet made from horn");
    assert!(e.cards.iter().any(|c| c.builtin_id.as_deref() == Some("zhi")), "{:?}", e.cards);
    assert!(!e.kwic.is_empty() && e.kwic.iter().all(|k| k.snippet.contains('觶')));
}

#[test]
fn the_simplified_form_leads_to_the_form_the_texts_write() {
    let dir = tempfile::tempdir().unwrap();
    let e = entry(dir.path(), '觯');
    assert_eq!(e.char, "觯");
    assert_eq!(
        e.headword, "觶",
        "the texts write 觶; only the translation and one edition write 觯"
    );
    assert_eq!(e.relation, Some(sheli_chars::Relation::Simplified));
    assert_eq!(e.fanqie.len(), 2, "the 廣韻 readings are the headword's");
    assert_eq!(e.strokes, Some(15), "the shape described is the one asked about");
}

#[test]
fn counts_by_layer_are_the_index_s_own() {
    let dir = tempfile::tempdir().unwrap();
    let (library, index) = library_at(dir.path());
    for c in ['觶', '楅', '中'] {
        let e = describe(&library.corpus, &index, c).unwrap();
        let req =
            sheli_index::SearchRequest { query: c.to_string(), limit: 0, ..Default::default() };
        let r = index.search(&req).unwrap();
        assert_eq!(e.occurrences.total, r.total_occurrences, "{c}");
        for layer in &e.occurrences.by_layer {
            assert_eq!(layer.count, r.by_layer[&layer.key].occurrences, "{c} in {}", layer.key);
        }
        let listed: u64 = e.occurrences.by_layer.iter().map(|l| l.count).sum();
        assert_eq!(listed, r.total_occurrences, "{c}: every layer with occurrences is listed");
    }
}

#[test]
fn the_shiwen_reading_names_its_passage() {
    let dir = tempfile::tempdir().unwrap();
    let e = entry(dir.path(), '中');
    let s = e.shiwen.iter().find(|s| s.reading == "丁仲反").expect("中丁仲反 is in the 音義");
    assert_eq!(s.passage, "xiangshe.tongjie.0002");
    assert_eq!(s.text, "中丁仲反");
}

#[test]
fn a_character_only_an_imported_text_has_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let before = entry(&data, '龘');
    assert_eq!(before.occurrences.total, 0);
    assert!(!before.mandarin.is_empty(), "Unihan describes characters no text has");
    let file = dir.path().join("long.txt");
    std::fs::write(&file, "[經]龘龘然而行。\n").unwrap();
    import(&data, &[file], Some("龍書"), &mut |_, _, _| {}).unwrap();
    let after = entry(&data, '龘');
    assert_eq!(after.occurrences.total, 2);
    assert_eq!(after.occurrences.by_work[0].key, "龍書");
}

#[test]
fn an_argument_that_is_not_one_han_character_is_refused() {
    assert_eq!(parse_char(" 觶 ").unwrap(), '觶');
    for bad in ["", "  ", "a", "觶觚", "。"] {
        let e = parse_char(bad).unwrap_err().to_string();
        assert!(e.contains("character"), "{bad:?}: {e}");
    }
}

#[test]
fn a_character_without_data_gets_empty_fields_and_a_note() {
    let dir = tempfile::tempdir().unwrap();
    // Extension I (Unicode 15.1) is newer than the tables (Unihan 15.0).
    let e = entry(dir.path(), '\u{2EBF0}');
    assert!(e.mandarin.is_empty() && e.definitions.is_empty() && e.radical.is_none());
    assert!(e.fanqie.is_empty());
    assert!(!e.notes.is_empty(), "{:?}", e.notes);
}

#[test]
fn a_variant_the_search_folds_is_one_word_with_its_partner() {
    let dir = tempfile::tempdir().unwrap();
    let (library, index) = library_at(dir.path());
    let hou2 = describe(&library.corpus, &index, '矦').unwrap();
    let first = &hou2.forms[0];
    assert_eq!((first.char.as_str(), first.relation), ("侯", sheli_chars::Relation::Fold));
    assert!(
        hou2.definitions.iter().any(|d| d.text.contains("marquis") && d.source.contains('侯')),
        "矦 has 侯's definition, said to be 侯's: {:?}",
        hou2.definitions
    );
    // 矦's 廣韻 gloss only says 見上注: it leads to 侯's gloss in the same 小韻.
    let f = hou2.fanqie.iter().find(|f| f.points_above).expect("矦's gloss points above");
    let above = f.see_above.as_ref().expect("the pointer is followed");
    assert_eq!(above.char, "侯");
    assert!(above.gloss.contains("公侯"), "{}", above.gloss);

    // 上同 ("the same as above") is a pointer too: 並's leads to 竝's gloss.
    let bing = describe(&library.corpus, &index, '並').unwrap();
    let same = bing.fanqie.iter().find(|f| f.gloss.starts_with("上同")).expect("並 上同");
    assert!(same.points_above);
    let above = same.see_above.as_ref().expect("followed");
    assert_eq!((above.char.as_str(), above.gloss.as_str()), ("竝", "比也蒲迥切四"));

    let hou = describe(&library.corpus, &index, '侯').unwrap();
    assert!(hou.forms.iter().any(|f| f.char == "矦" && f.relation == sheli_chars::Relation::Fold));
    let zhushu = hou
        .written
        .iter()
        .find(|w| w.char == "矦" && w.source == "xiangshe.zhushu")
        .expect("侯 says 鄉射禮's 儀禮註疏 writes 矦");
    assert!(zhushu.label.contains("儀禮註疏") && zhushu.count >= 292, "{zhushu:?}");
    assert!(
        !hou.written.iter().any(|w| w.char == "侯" && w.source == "xiangshe.zhushu"),
        "the 註疏 never writes 侯"
    );
    // The translation (its own source, 鄉射禮's 譯文) writes 侯 three times:
    // it is the translator's script, not a form of the texts, left out.
    assert!(!hou.written.iter().any(|w| w.source == "xiangshe.yiwen"), "{:?}", hou.written);
}

#[test]
fn every_curated_pair_is_named_in_both_entries() {
    let dir = tempfile::tempdir().unwrap();
    let (library, index) = library_at(dir.path());
    for (variant, to, why) in sheli_corpus::fold::variant_rows() {
        if !why.starts_with("corpus contract") {
            continue;
        }
        for (a, b) in [(variant, to), (to, variant)] {
            let e = describe(&library.corpus, &index, a).unwrap();
            assert!(
                e.forms.iter().any(|f| f.char.chars().eq([b])) || e.headword.chars().eq([b]),
                "{a}'s entry names {b}: {:?}",
                e.forms
            );
        }
    }
}

/// Unihan's kSpecializedSemanticVariant pairs Fenn's dictionary alone gives
/// are left out of the table (chars/data/SOURCES.md): 中 is not led to 塚.
#[test]
fn a_variant_only_fenn_gives_is_not_listed() {
    let zhong = sheli_chars::unihan('中').unwrap();
    assert!(!zhong.forms.iter().any(|f| f.char == "塚"), "{:?}", zhong.forms);
    // A pair with another source stays: 丕 → 仳 (kMeyerWempe).
    let kept = sheli_chars::unihan('丕').is_some_and(|u| {
        u.forms
            .iter()
            .any(|f| f.char == "仳" && f.relation == sheli_chars::Relation::SpecializedSemantic)
    });
    assert!(kept, "specialized-semantic pairs other sources give are kept");
}

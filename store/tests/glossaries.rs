//! Personal glossaries, their cards, FSRS review, and the TSV/JSON exports
//! and imports — through the store's API, on the real built-in texts.

use std::sync::OnceLock;

use sheli_corpus::Corpus;
use sheli_store::{
    CardEdit, ErrorKind, Grade, NewCard, Selection, Store, StoreError, UserCard, limits,
};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open_in(dir.path()).unwrap();
    (dir, s)
}

/// The first passage with `c` in a segment: (passage id, segment, char index).
fn find_char(c: char) -> (String, u32, u32) {
    for p in corpus().passages() {
        for (i, s) in p.segments.iter().enumerate() {
            if let Some(at) = s.text.chars().position(|x| x == c) {
                return (p.id.clone(), i as u32, at as u32);
            }
        }
    }
    panic!("no {c} in the texts");
}

/// Everything about a glossary's cards that an export must carry.
type Essence = (Option<String>, String, String, String, Vec<String>, Vec<String>);

fn essence(cards: &[UserCard]) -> Vec<Essence> {
    cards
        .iter()
        .map(|c| {
            (
                c.builtin_id.clone(),
                c.headword.clone(),
                c.reading.clone(),
                c.definition.clone(),
                c.tags.clone(),
                c.passages.clone(),
            )
        })
        .collect()
}

/// A glossary exercising every field: built-in cards plain and edited, own
/// cards with tabs, line breaks, HTML-like text, quotes and a leading #.
fn rich_glossary(s: &mut Store) -> i64 {
    let g = s.create_glossary("射器 cups & <stands>", "vessels of the rite").unwrap().id;
    s.add_builtin_card(g, "zhi").unwrap();
    let hou = s.add_builtin_card(g, "hou").unwrap();
    s.update_card(
        corpus(),
        hou.id,
        &CardEdit {
            definition: Some("my own words on 侯\nsecond line".into()),
            tags: Some(vec!["target".into(), "侯".into()]),
            passages: Some(vec!["xiangshe.zhushu.0003".into()]),
            ..CardEdit::default()
        },
    )
    .unwrap();
    s.add_card(
        corpus(),
        g,
        &NewCard {
            headword: "#豐".into(),
            reading: "fēng".into(),
            definition: "a stand\tfor cups; \"quoted\" <b>not bold</b> &amp; literal\r\nnext"
                .into(),
            tags: vec!["vessel".into(), "stand".into()],
            passages: vec!["xiangshe.zhushu.0002".into(), "xiangshe.zhushu.0001".into()],
        },
    )
    .unwrap();
    s.add_card(corpus(), g, &NewCard { headword: "篚".into(), ..NewCard::default() }).unwrap();
    g
}

#[test]
fn glossary_crud_and_cards() {
    let (_d, mut s) = store();
    let g = s.create_glossary("射禮", "").unwrap();
    let zhi = s.add_builtin_card(g.id, "zhi").unwrap();
    assert_eq!(zhi.builtin_id.as_deref(), Some("zhi"));
    assert_eq!(zhi.headword, "觶");
    assert!(!zhi.definition.is_empty() && !zhi.reading.is_empty());
    // The same built-in card twice is refused.
    let e = s.add_builtin_card(g.id, "zhi").unwrap_err();
    assert!(matches!(e, StoreError::DuplicateCard(_)), "{e}");
    assert_eq!(e.kind(), ErrorKind::Conflict);

    // A card from a selection in the reader: headword from the text, passage linked.
    let (pid, seg, at) = find_char('觶');
    let sel = Selection { passage_id: pid.clone(), segment: seg, start: at, end: at + 1 };
    let mine = s.add_card_from_selection(corpus(), g.id, &sel, Default::default()).unwrap();
    assert_eq!(mine.headword, "觶");
    assert_eq!(mine.passages, vec![pid.clone()]);
    assert_eq!(mine.builtin_id, None);

    // Every field can be edited.
    let edited = s
        .update_card(
            corpus(),
            mine.id,
            &CardEdit {
                headword: Some("觶 (mine)".into()),
                reading: Some("zhì".into()),
                definition: Some("a cup for wine\nholding three 升".into()),
                tags: Some(vec!["vessel".into(), "cup".into(), "vessel".into()]),
                passages: Some(vec!["xiangshe.zhushu.0001".into(), pid.clone()]),
            },
        )
        .unwrap();
    assert_eq!(edited.headword, "觶 (mine)");
    assert_eq!(edited.reading, "zhì");
    assert_eq!(edited.tags, vec!["cup", "vessel"]);
    assert_eq!(edited.passages, vec!["xiangshe.zhushu.0001".to_string(), pid]);
    // Editing a built-in card overrides one field; setting it back follows the built-in.
    let builtin_reading = zhi.reading.clone();
    let z = s
        .update_card(
            corpus(),
            zhi.id,
            &CardEdit { reading: Some("zhi4".into()), ..Default::default() },
        )
        .unwrap();
    assert_eq!((z.reading.as_str(), z.headword.as_str()), ("zhi4", "觶"));
    let z = s
        .update_card(
            corpus(),
            zhi.id,
            &CardEdit { reading: Some(builtin_reading.clone()), ..Default::default() },
        )
        .unwrap();
    assert_eq!(z.reading, builtin_reading);
    let stored: Option<String> = s
        .connection()
        .query_row("SELECT reading FROM card WHERE id = ?1", [zhi.id], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, None, "a value equal to the built-in one follows the built-in card");

    assert_eq!(s.cards(g.id).unwrap().len(), 2);
    assert_eq!(s.glossary(g.id).unwrap().cards, 2);
    s.remove_card(zhi.id).unwrap();
    assert!(matches!(s.card(zhi.id), Err(StoreError::UnknownCard(_))));
    s.delete_glossary(g.id).unwrap();
    assert!(
        matches!(s.card(mine.id), Err(StoreError::UnknownCard(_))),
        "cards go with their glossary"
    );
    assert_eq!(s.integrity_check().unwrap(), "ok");
}

#[test]
fn search_within_a_list_is_folded() {
    let (_d, mut s) = store();
    let g = s.create_glossary("射器", "").unwrap().id;
    s.add_builtin_card(g, "zhi").unwrap(); // 觶
    s.add_builtin_card(g, "hou").unwrap(); // 侯
    s.add_card(
        corpus(),
        g,
        &NewCard {
            headword: "豐".into(),
            definition: "a raised stand (fēngtái) for cups".into(),
            tags: vec!["stand".into()],
            ..Default::default()
        },
    )
    .unwrap();
    let heads = |q: &str| -> Vec<String> {
        s.search_glossary(g, q).unwrap().into_iter().map(|c| c.headword).collect()
    };
    assert_eq!(heads("觯"), vec!["觶"], "simplified finds traditional");
    assert_eq!(heads("觶"), vec!["觶"]);
    assert_eq!(heads("矦"), vec!["侯"], "a variant finds the standard form");
    assert_eq!(heads("FENGTAI"), vec!["豐"], "no case, no tone marks");
    assert_eq!(heads("fengtai cups"), vec!["豐"], "every word must match");
    assert!(heads("fengtai bows").is_empty());
    assert!(heads("龍").is_empty());
    assert_eq!(heads("").len(), 3);
    assert!(matches!(s.search_glossary(999, "x"), Err(StoreError::UnknownGlossary(_))));
}

#[test]
fn bad_input_changes_nothing() {
    let (_d, mut s) = store();
    let g = s.create_glossary("g", "").unwrap().id;
    let shoot = || NewCard { headword: "射".into(), ..Default::default() };
    let c = s.add_card(corpus(), g, &shoot()).unwrap();
    let before = (s.glossaries().unwrap(), s.cards(g).unwrap());

    // New cards each wrong in one way: no headword, one too long, a
    // definition too long, a passage that does not exist, a tag of two words.
    let bad_cards = [
        NewCard { headword: "".into(), ..Default::default() },
        NewCard { headword: "射".repeat(limits::HEADWORD + 1), ..Default::default() },
        NewCard { definition: "x".repeat(limits::DEFINITION + 1), ..shoot() },
        NewCard { passages: vec!["no.such.0001".into()], ..shoot() },
        NewCard { tags: vec!["two words".into()], ..shoot() },
    ];
    let mut errs = vec![
        s.add_builtin_card(g, "no-such-card").unwrap_err(),
        s.add_builtin_card(999, "zhi").unwrap_err(),
    ];
    errs.extend(bad_cards.iter().map(|card| s.add_card(corpus(), g, card).unwrap_err()));
    errs.extend([
        s.update_card(
            corpus(),
            c.id,
            &CardEdit { headword: Some("".into()), ..Default::default() },
        )
        .unwrap_err(),
        s.update_card(
            corpus(),
            c.id,
            &CardEdit { passages: Some(vec!["xiangshe.zhushu.9999".into()]), ..Default::default() },
        )
        .unwrap_err(),
        s.update_card(corpus(), 999, &CardEdit::default()).unwrap_err(),
        s.add_card_from_selection(
            corpus(),
            g,
            &Selection { passage_id: "xiangshe.zhushu.0001".into(), segment: 0, start: 5, end: 5 },
            Default::default(),
        )
        .unwrap_err(),
        s.add_card_from_selection(
            corpus(),
            g,
            &Selection { passage_id: "xiangshe.zhushu.0001".into(), segment: 99, start: 0, end: 1 },
            Default::default(),
        )
        .unwrap_err(),
        s.remove_card(999).unwrap_err(),
        s.rename_glossary(g, "").unwrap_err(),
    ]);
    for e in &errs {
        assert!(!e.to_string().is_empty());
        assert_ne!(e.kind(), ErrorKind::Storage, "{e}");
    }
    assert!(errs[3].to_string().contains("too long"), "{}", errs[3]);
    assert!(errs[5].to_string().contains("no.such.0001"), "{}", errs[5]);
    assert_eq!((s.glossaries().unwrap(), s.cards(g).unwrap()), before);
}

#[test]
fn tsv_round_trip_into_an_empty_profile() {
    let (_d, mut s) = store();
    let g = rich_glossary(&mut s);
    let tsv = s.export_glossary_tsv(g).unwrap();
    let mut lines = tsv.lines();
    assert_eq!(lines.next(), Some("#separator:tab"));
    assert_eq!(lines.next(), Some("#html:true"));
    assert_eq!(lines.next(), Some("#notetype:Basic"));
    assert_eq!(lines.next(), Some("#deck:射器 cups & <stands>"));
    assert!(tsv.contains("#tags column:3\n"));
    assert!(tsv.contains("#columns:Front\tBack\tTags\t"));
    let rows: Vec<&str> = tsv.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), 4, "one line per card:\n{tsv}");
    assert!(rows.iter().all(|r| r.split('\t').count() == 8), "{tsv}");
    assert!(rows[2].starts_with("&#35;豐\t"), "a leading # is escaped: {}", rows[2]);
    assert!(rows[2].contains("&lt;b&gt;not bold&lt;/b&gt; &amp;amp; literal"), "{}", rows[2]);

    let (_d2, mut empty) = store();
    let imported = empty.import_glossary_tsv(corpus(), &tsv, None).unwrap();
    assert_eq!(imported.cards, 4);
    assert_eq!(imported.glossary.name, "射器 cups & <stands>");
    assert_eq!(essence(&empty.cards(imported.glossary.id).unwrap()), essence(&s.cards(g).unwrap()));
}

#[test]
fn json_round_trip_into_an_empty_profile() {
    let (_d, mut s) = store();
    let g = rich_glossary(&mut s);
    let json = s.export_glossary_json(g).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["format"], "sheli-glossary");
    assert_eq!(v["cards"].as_array().unwrap().len(), 4);
    let (_d2, mut empty) = store();
    let imported = empty.import_glossary_json(corpus(), &json, None).unwrap();
    let original = s.glossary(g).unwrap();
    assert_eq!(
        (imported.glossary.name.as_str(), imported.glossary.description.as_str()),
        (original.name.as_str(), original.description.as_str())
    );
    assert_eq!(essence(&empty.cards(imported.glossary.id).unwrap()), essence(&s.cards(g).unwrap()));
    // The overrides survive as overrides, not as copies of built-in text.
    let raw: Vec<(Option<String>, Option<String>)> = {
        let mut st = empty
            .connection()
            .prepare("SELECT builtin_id, definition FROM card ORDER BY position")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
    };
    assert_eq!(raw[0], (Some("zhi".into()), None));
    assert_eq!(raw[1].1.as_deref(), Some("my own words on 侯\nsecond line"));
    // Importing again under the same name is refused; under another name it works.
    assert!(matches!(
        empty.import_glossary_json(corpus(), &json, None),
        Err(StoreError::DuplicateGlossary(_))
    ));
    assert_eq!(empty.import_glossary_json(corpus(), &json, Some("copy")).unwrap().cards, 4);
}

#[test]
fn anki_plain_exports_are_read() {
    // Anki's own "Notes in Plain Text" export: Front/Back, quoted fields, HTML.
    let text = "#separator:tab\n#html:true\n#tags column:3\n觶\t\"<b>zhì</b><br>a \"\"cup\"\"\"\tvessel cup\n侯\ttarget\t\n";
    let (_d, mut s) = store();
    let done = s.import_glossary_tsv(corpus(), text, Some("from anki")).unwrap();
    let cards = s.cards(done.glossary.id).unwrap();
    assert_eq!(cards.len(), 2);
    assert_eq!(cards[0].headword, "觶");
    assert_eq!(cards[0].definition, "zhì\na \"cup\"");
    assert_eq!(cards[0].tags, vec!["cup", "vessel"]);
    assert_eq!(cards[1].definition, "target");
}

#[test]
fn malformed_imports_change_nothing() {
    let (_d, mut s) = store();
    let g = rich_glossary(&mut s);
    let good_json = s.export_glossary_json(g).unwrap();
    let good_tsv = s.export_glossary_tsv(g).unwrap();
    let (_d2, mut target) = store();
    target.create_glossary("existing", "").unwrap();
    let before = target.glossaries().unwrap();

    let bad_json = [
        "not json".to_string(),
        "{}".to_string(),
        r#"{"format": "something-else", "version": 1, "name": "x", "cards": []}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 99, "name": "x", "cards": []}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "x", "cards": [{"headword": 5}]}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "x", "cards": [{"builtin": "nope"}]}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "x", "cards": [{"builtin": "zhi"}, {"builtin": "zhi"}]}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "x", "cards": [{"headword": "ok"}, {"headword": ""}]}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "x", "cards": [{"headword": "ok", "passages": ["no.such.0001"]}]}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "", "cards": []}"#.to_string(),
        r#"{"format": "sheli-glossary", "version": 1, "name": "existing", "cards": []}"#.to_string(),
        good_json.replace("\"version\": 1", "\"version\": 2"),
        good_json.replace("#豐", &"豐".repeat(limits::HEADWORD + 1)),
        good_json[..good_json.len() / 2].to_string(),
    ];
    for (i, text) in bad_json.iter().enumerate() {
        let e = target.import_glossary_json(corpus(), text, None).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Conflict), "json {i}: {e}");
    }
    let bad_tsv = [
        String::new(),
        "#separator:comma\na,b\n".to_string(),
        "#separator:tab\n#html:true\n".to_string(),
        "\"unclosed\tfield\n".to_string(),
        "#separator:tab\n#columns:Front\tBack\na\tb\tc\n".to_string(),
        "#separator:tab\n#tags column:x\na\tb\n".to_string(),
        good_tsv.replace("\tzhi\t", "\tno-such-card\t"),
        good_tsv.replace("xiangshe.zhushu.0002", "xiangshe.zhushu.9999"),
        good_tsv.replace("#deck:", "#deck-not:"),
    ];
    for (i, text) in bad_tsv.iter().enumerate() {
        let e = target.import_glossary_tsv(corpus(), text, None).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::Conflict), "tsv {i}: {e}");
    }
    assert_eq!(target.glossaries().unwrap(), before);
    let cards: i64 =
        target.connection().query_row("SELECT count(*) FROM card", [], |r| r.get(0)).unwrap();
    assert_eq!(cards, 0);
}

const DAY: i64 = 86_400;

#[test]
fn review_schedules_with_fsrs_and_persists() {
    let dir = tempfile::tempdir().unwrap();
    let t0 = 1_750_000_000;
    let (g, ids) = {
        let mut s = Store::open_in(dir.path()).unwrap();
        let g = s.create_glossary("review", "").unwrap().id;
        let ids: Vec<i64> = ["zhi", "hou", "feng", "fei"]
            .iter()
            .map(|b| s.add_builtin_card(g, b).unwrap().id)
            .collect();
        let due = s.due_count(g, t0).unwrap();
        assert_eq!((due.due, due.new, due.total), (4, 4, 4));
        let next = s.next_review(g, t0).unwrap().unwrap();
        assert_eq!(next.card.id, ids[0], "new cards in list order");
        assert_eq!(next.front, "觶");
        assert!(!next.back.is_empty());
        assert!(next.intervals.windows(2).all(|w| w[0] < w[1]), "{:?}", next.intervals);
        // One grade each on four new cards.
        let outcomes: Vec<_> =
            Grade::ALL.iter().zip(&ids).map(|(g, id)| s.grade(*id, *g, t0).unwrap()).collect();
        let intervals: Vec<i64> = outcomes.iter().map(|o| o.due - t0).collect();
        assert!(
            intervals.windows(2).all(|w| w[0] < w[1]),
            "Again < Hard < Good < Easy: {intervals:?}"
        );
        assert!(intervals[0] < DAY && intervals[1] >= DAY, "{intervals:?}");
        let due = s.due_count(g, t0).unwrap();
        assert_eq!((due.due, due.new), (0, 0));
        assert_eq!(due.next_due, Some(outcomes[0].due));
        (g, ids)
    };
    // Reopened: the state persisted.
    let mut s = Store::open_in(dir.path()).unwrap();
    let again_due = t0 + 600;
    assert_eq!(s.due_count(g, again_due).unwrap().due, 1);
    assert_eq!(s.next_review(g, again_due).unwrap().unwrap().card.id, ids[0]);
    // Good reviews on time push the interval out; each grade is logged.
    let mut t = t0;
    let mut last_interval = 0;
    for _ in 0..4 {
        let r = s.grade(ids[2], Grade::Good, t).unwrap();
        let interval = r.due - t;
        assert!(interval > last_interval, "{interval} after {last_interval}");
        last_interval = interval;
        t = r.due;
    }
    assert!(last_interval > 10 * DAY, "{last_interval}");
    let card = s.review_card(ids[2], t).unwrap();
    assert_eq!((card.reps, card.lapses, card.is_new), (5, 0, false));
    // A lapse.
    s.grade(ids[2], Grade::Again, t).unwrap();
    assert_eq!(s.review_card(ids[2], t).unwrap().lapses, 1);
    let history = s.review_history(Some(ids[2]), None, 3).unwrap();
    assert_eq!(history.len(), 3);
    assert_eq!(history[0].grade, Grade::Again);
    assert_eq!(history[0].headword, "豐");
    assert_eq!(s.review_history(None, Some(g), 100).unwrap().len(), 4 + 4 + 1);
    // Unknown ids.
    assert!(matches!(s.grade(999, Grade::Good, t), Err(StoreError::UnknownCard(999))));
    assert!(matches!(s.due_count(999, t), Err(StoreError::UnknownGlossary(_))));
    // Removing a card removes its review history.
    s.remove_card(ids[2]).unwrap();
    assert_eq!(s.review_history(None, Some(g), 100).unwrap().len(), 3);
}

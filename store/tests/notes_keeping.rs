//! Notes worth keeping (issue 13, point 4): a colour per note, notes that
//! anchor several passages (each anchor placed again on its own, an orphaned
//! anchor kept), filters by tag, colour, work and layer, folded search, and
//! schema 1 stores migrated with every note kept.

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;
use serde_json::Value;
use sheli_corpus::{Corpus, Layer, SourceInfo};
use sheli_store::migrations::migrations;
use sheli_store::{
    NewNote, NoteColour, NoteEdit, NoteFilter, STORE_FILE, Selection, Store, StoreError,
};

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open_in(dir.path()).unwrap();
    (dir, s)
}

/// A corpus of one plain text (source `user.test`, work 測試).
fn corpus_of(text: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(SourceInfo::user_text("user.test", "測試", "test.txt"), Arc::from(text)).unwrap();
    c
}

fn select(c: &Corpus, passage: &str, quote: &str) -> Selection {
    Selection::from_quote(c, passage, quote, None, 1).unwrap()
}

fn add(
    s: &mut Store,
    c: &Corpus,
    passage: &str,
    quote: &str,
    body: &str,
    tags: &[&str],
    colour: NoteColour,
) -> i64 {
    s.add_note(
        c,
        &NewNote {
            selection: select(c, passage, quote),
            body: body.into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            colour,
        },
    )
    .unwrap()
    .id
}

/// The text the note highlights now in `passage` (by whichever of its
/// anchors is there).
fn highlighted(s: &Store, c: &Corpus, passage: &str, id: i64) -> Option<String> {
    let placed = s.notes_in_passage(c, passage).unwrap();
    let pn = placed.iter().find(|p| p.note.id == id)?;
    let span = pn.span?;
    let seg = &c.passage(passage).unwrap().segments[span.segment as usize];
    Some(
        seg.text.chars().skip(span.start as usize).take((span.end - span.start) as usize).collect(),
    )
}

const V1: &str = "[經]主人戒賓，賓出迎，再拜。\n\n[注]戒，警也，告也。\n\n[經]乃席賓，南面，東上。衆賓之席，皆不屬焉。\n\n[經]主人拜送。奠觶于薦南。\n";

#[test]
fn a_schema_1_store_keeps_every_note_yellow_with_one_anchor() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 1).unwrap();
        let fixture = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/fixtures/v1.sql"),
        )
        .unwrap();
        conn.execute_batch(&fixture).unwrap();
    }
    let mut s = Store::open(&path).unwrap();
    let live = s.notes(&NoteFilter::default()).unwrap();
    let deleted = s.notes(&NoteFilter { deleted: true, ..Default::default() }).unwrap();
    assert_eq!(live.len() + deleted.len(), 3, "all three notes of the fixture");
    let n1 = live.iter().find(|n| n.body == "v1 note").unwrap();
    assert_eq!(n1.colour, NoteColour::Yellow);
    assert_eq!((n1.exact.as_str(), n1.start, n1.end), ("鄉射之禮", 0, 4));
    assert_eq!(n1.tags, vec!["fixture"]);
    assert!(n1.more_anchors.is_empty());
    assert_eq!(n1.anchors().len(), 1);
    assert!(live.iter().any(|n| n.body == "v1 orphan" && n.orphaned));
    // A revision of schema 1 (no colour kept) undoes the body and leaves the
    // colour the user has since chosen.
    let n = s
        .update_note(n1.id, &NoteEdit { colour: Some(NoteColour::Blue), ..Default::default() })
        .unwrap();
    assert_eq!(n.colour, NoteColour::Blue);
    let undone = s.undo_note_edit(n1.id).unwrap();
    assert_eq!(undone.colour, NoteColour::Yellow, "this edit's revision has the colour");
    let undone = s.undo_note_edit(n1.id).unwrap();
    assert_eq!(undone.body, "v1 note, first draft");
    assert_eq!(undone.tags, vec!["draft"]);
    assert_eq!(undone.colour, NoteColour::Yellow, "the schema-1 revision leaves it");
}

#[test]
fn the_schema_2_fixture_reads_back_with_its_colours_and_anchors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(STORE_FILE);
    {
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 2).unwrap();
        let fixture = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/fixtures/v2.sql"),
        )
        .unwrap();
        conn.execute_batch(&fixture).unwrap();
    }
    let s = Store::open(&path).unwrap();
    let live = s.notes(&NoteFilter::default()).unwrap();
    let n = live.iter().find(|n| n.body == "v2 note").unwrap();
    assert_eq!(n.colour, NoteColour::Green);
    let anchors = n.anchors();
    assert_eq!(
        anchors.iter().map(|a| a.passage_id.as_str()).collect::<Vec<_>>(),
        ["xiangshe.zhushu.0001", "xiangshe.zhushu.0002", "dashe.tongjie.0001"]
    );
    assert!(anchors[2].orphaned && !anchors[1].orphaned);
    // Found by a further anchor's work and passage.
    let by_work =
        s.notes(&NoteFilter { work: Some("大射儀".into()), ..Default::default() }).unwrap();
    assert_eq!(by_work.iter().map(|n| n.id).collect::<Vec<_>>(), vec![n.id]);
    assert_eq!(s.note_colours().unwrap(), vec![(NoteColour::Green, 1), (NoteColour::Purple, 1)]);
}

#[test]
fn a_note_on_two_passages_follows_each_and_keeps_an_orphaned_anchor() {
    let c1 = corpus_of(V1);
    let (_d, mut s) = store();
    let id = add(
        &mut s,
        &c1,
        "user.test.0001",
        "賓出迎",
        "compare the two",
        &["compare"],
        NoteColour::Pink,
    );
    let n = s.add_note_anchor(&c1, id, &select(&c1, "user.test.0003", "奠觶")).unwrap();
    assert_eq!(n.more_anchors.len(), 1);
    assert_eq!(n.more_anchors[0].passage_id, "user.test.0003");
    assert_eq!(n.more_anchors[0].exact, "奠觶");
    // The same span twice is refused.
    let e = s.add_note_anchor(&c1, id, &select(&c1, "user.test.0003", "奠觶")).unwrap_err();
    assert!(matches!(e, StoreError::Invalid(_)), "{e}");
    // It shows in both passages' margins, each highlighting its own words.
    assert_eq!(highlighted(&s, &c1, "user.test.0001", id).as_deref(), Some("賓出迎"));
    assert_eq!(highlighted(&s, &c1, "user.test.0003", id).as_deref(), Some("奠觶"));
    let in3 = s.notes_in_passage(&c1, "user.test.0003").unwrap();
    assert_eq!((in3[0].anchor, in3[0].passage_id.as_str()), (1, "user.test.0003"));

    // Words inserted before both: each anchor moves with its words.
    let v2 = V1
        .replace("[經]主人戒賓", "[經]鄉射之禮：主人戒賓")
        .replace("主人拜送。", "主人拜送，再拜。");
    let c2 = corpus_of(&v2);
    let r = s.reanchor(&c2).unwrap();
    assert_eq!((r.moved, r.orphaned), (2, 0), "{r:?}");
    assert_eq!(highlighted(&s, &c2, "user.test.0001", id).as_deref(), Some("賓出迎"));
    assert_eq!(highlighted(&s, &c2, "user.test.0003", id).as_deref(), Some("奠觶"));
    assert_eq!(
        s.note(id).unwrap().more_anchors[0].start,
        5 + 3,
        "shifted by the three characters inserted before it"
    );

    // The second passage's words go: that anchor is orphaned, kept with its
    // quote; the first still placed; the note still listed.
    let c3 = corpus_of(&V1.replace("奠觶于薦南。", "坐奠于薦南。"));
    let r = s.reanchor(&c3).unwrap();
    assert_eq!((r.moved, r.orphaned), (1, 1), "{r:?}");
    let n = s.note(id).unwrap();
    assert!(!n.orphaned);
    assert!(n.more_anchors[0].orphaned);
    assert_eq!(n.more_anchors[0].exact, "奠觶", "the quote is kept");
    assert_eq!(highlighted(&s, &c3, "user.test.0003", id), None);
    assert!(s.notes_in_passage(&c3, "user.test.0003").unwrap().iter().any(|p| p.note.id == id));
    // "Only orphaned notes" finds it by its lost further anchor, and "only
    // placed notes" leaves it out, though its first anchor is placed.
    let orphaned = |o| {
        s.notes(&NoteFilter { orphaned: Some(o), ..Default::default() })
            .unwrap()
            .iter()
            .any(|n| n.id == id)
    };
    assert!(orphaned(true), "a note with a lost anchor is among the orphaned");
    assert!(!orphaned(false), "and not among the placed");
    let md = s.export_notes_markdown(&c3, &NoteFilter::default()).unwrap();
    assert!(
        md.contains("Also on") && md.contains("奠觶") && md.contains("no longer in the text"),
        "{md}"
    );

    // The words come back, and so does the anchor.
    let r = s.reanchor(&c1).unwrap();
    assert_eq!((r.restored, r.orphaned), (1, 0), "{r:?}");
    assert!(!s.note(id).unwrap().more_anchors[0].orphaned);
    assert_eq!(highlighted(&s, &c1, "user.test.0003", id).as_deref(), Some("奠觶"));
}

#[test]
fn removing_an_anchor_moves_the_others_up() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let id = add(&mut s, &c, "user.test.0001", "再拜", "three places", &[], NoteColour::Blue);
    s.add_note_anchor(&c, id, &select(&c, "user.test.0002", "南面")).unwrap();
    s.add_note_anchor(&c, id, &select(&c, "user.test.0003", "薦南")).unwrap();
    let n = s.remove_note_anchor(id, 0).unwrap();
    let quotes: Vec<String> = n.anchors().into_iter().map(|a| a.exact).collect();
    assert_eq!(quotes, ["南面", "薦南"], "the second became the first");
    assert_eq!(n.passage_id, "user.test.0002");
    assert_eq!(highlighted(&s, &c, "user.test.0002", id).as_deref(), Some("南面"));
    assert!(s.notes_in_passage(&c, "user.test.0001").unwrap().is_empty());
    let n = s.remove_note_anchor(id, 1).unwrap();
    assert_eq!(n.anchors().len(), 1);
    let e = s.remove_note_anchor(id, 0).unwrap_err();
    assert!(e.to_string().contains("delete the note instead"), "{e}");
    assert!(s.remove_note_anchor(id, 5).is_err());
    assert!(s.add_note_anchor(&c, 999, &select(&c, "user.test.0002", "南面")).is_err());
}

#[test]
fn filters_by_tag_colour_work_and_layer_and_folded_search() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let a =
        add(&mut s, &c, "user.test.0001", "警也", "a gloss on 戒", &["gloss"], NoteColour::Green);
    let b = add(
        &mut s,
        &c,
        "user.test.0003",
        "奠觶",
        "the cup 觶 is set down",
        &["vessel"],
        NoteColour::Pink,
    );
    let d = add(&mut s, &c, "user.test.0002", "南面", "facing south", &["gloss"], NoteColour::Pink);
    // d also anchors the 注.
    s.add_note_anchor(&c, d, &select(&c, "user.test.0001", "告也")).unwrap();
    let ids = |s: &Store, f: NoteFilter| -> Vec<i64> {
        s.notes(&f).unwrap().iter().map(|n| n.id).collect()
    };
    assert_eq!(ids(&s, NoteFilter { tag: Some("gloss".into()), ..Default::default() }), vec![a, d]);
    assert_eq!(
        ids(&s, NoteFilter { colour: Some(NoteColour::Pink), ..Default::default() }),
        vec![d, b]
    );
    assert_eq!(
        ids(&s, NoteFilter { colour: Some(NoteColour::Purple), ..Default::default() }),
        Vec::<i64>::new()
    );
    assert_eq!(
        ids(&s, NoteFilter { layer: Some(Layer::Zhu), ..Default::default() }),
        vec![a, d],
        "d by its further anchor in the 注"
    );
    assert_eq!(ids(&s, NoteFilter { layer: Some(Layer::Jing), ..Default::default() }), vec![d, b]);
    assert_eq!(
        ids(
            &s,
            NoteFilter {
                tag: Some("gloss".into()),
                colour: Some(NoteColour::Pink),
                layer: Some(Layer::Zhu),
                work: Some("測試".into()),
                ..Default::default()
            }
        ),
        vec![d]
    );
    assert!(ids(&s, NoteFilter { work: Some("燕禮".into()), ..Default::default() }).is_empty());
    // 觯 (simplified) finds the note that says 觶, and its quote; the body
    // and a further anchor's quote are searched too.
    assert_eq!(ids(&s, NoteFilter { query: Some("觯".into()), ..Default::default() }), vec![b]);
    assert_eq!(ids(&s, NoteFilter { query: Some("告".into()), ..Default::default() }), vec![d]);
    assert_eq!(
        ids(
            &s,
            NoteFilter {
                query: Some("觯".into()),
                colour: Some(NoteColour::Green),
                ..Default::default()
            }
        ),
        Vec::<i64>::new()
    );
    assert_eq!(ids(&s, NoteFilter { query: Some("SOUTH".into()), ..Default::default() }), vec![d]);
    // The facets count each note once under each layer it is in.
    let layers = s.note_layers().unwrap();
    assert_eq!(layers, vec![("注".to_string(), 2), ("經".to_string(), 2)]);
    assert_eq!(s.note_colours().unwrap(), vec![(NoteColour::Green, 1), (NoteColour::Pink, 2)]);
    // A colour changed and undone.
    s.update_note(a, &NoteEdit { colour: Some(NoteColour::Purple), ..Default::default() }).unwrap();
    assert_eq!(
        ids(&s, NoteFilter { colour: Some(NoteColour::Purple), ..Default::default() }),
        vec![a]
    );
    assert_eq!(s.undo_note_edit(a).unwrap().colour, NoteColour::Green);
}

#[test]
fn web_annotation_carries_every_anchor_and_the_colour_both_ways() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let id =
        add(&mut s, &c, "user.test.0001", "賓出迎", "two places", &["compare"], NoteColour::Purple);
    s.add_note_anchor(&c, id, &select(&c, "user.test.0003", "奠觶")).unwrap();
    let one = add(&mut s, &c, "user.test.0002", "南面", "one place", &[], NoteColour::Yellow);
    let json = s.export_notes_annotations(&c, &NoteFilter::default()).unwrap();
    let doc: Value = serde_json::from_str(&json).unwrap();
    let items = doc["first"]["items"].as_array().unwrap();
    let two = items.iter().find(|a| a["body"][0]["value"] == "two places").unwrap();
    let targets = two["target"].as_array().expect("several targets: an array");
    assert_eq!(targets.len(), 2);
    assert_eq!(targets[0]["source"], "urn:sheli:passage:user.test.0001");
    assert_eq!(targets[1]["source"], "urn:sheli:passage:user.test.0003");
    assert_eq!(targets[1]["selector"][0]["exact"], "奠觶");
    assert_eq!(two["sheli:colour"], "purple");
    let single = items.iter().find(|a| a["body"][0]["value"] == "one place").unwrap();
    assert!(single["target"].is_object(), "one anchor: one target object");
    let _ = one;

    // Into a fresh store, where the second passage's words are gone: the
    // note comes with both anchors, the second orphaned, and its colour.
    let (_d2, mut s2) = store();
    let c2 = corpus_of(&V1.replace("奠觶于薦南。", "坐奠于薦南。"));
    let r = s2.import_notes_annotations(&c2, &json).unwrap();
    assert_eq!(r.imported, 2);
    let back = s2.notes(&NoteFilter { query: Some("two".into()), ..Default::default() }).unwrap();
    let n = &back[0];
    assert_eq!(n.colour, NoteColour::Purple);
    assert_eq!(n.exact, "賓出迎");
    assert_eq!(n.more_anchors.len(), 1);
    assert!(n.more_anchors[0].orphaned);
    assert_eq!(n.more_anchors[0].exact, "奠觶");
    // A colour not in the palette is refused, and nothing is written.
    let bad = json.replace("\"purple\"", "\"teal\"");
    let (_d3, mut s3) = store();
    let e = s3.import_notes_annotations(&c, &bad).unwrap_err();
    assert!(e.to_string().contains("teal"), "{e}");
    assert!(s3.notes(&NoteFilter::default()).unwrap().is_empty());
}

//! Notes: W3C anchors that follow the text, orphans that are never dropped,
//! undo, folded search and filters, the Markdown and Web Annotation exports
//! and the annotation import.

use std::sync::{Arc, OnceLock};

use serde_json::Value;
use sheli_corpus::{Corpus, Layer, SourceInfo};
use sheli_store::{ErrorKind, NewNote, NoteEdit, NoteFilter, Selection, Store, StoreError, limits};

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open_in(dir.path()).unwrap();
    (dir, s)
}

fn builtin() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

/// A corpus of one plain text (source `user.test`, work 測試).
fn corpus_of(text: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(SourceInfo::user_text("user.test", "測試", "test.txt"), Arc::from(text)).unwrap();
    c
}

/// A selection of the `n`-th (0-based) occurrence of `quote` in a passage.
fn select(corpus: &Corpus, passage: &str, quote: &str, n: usize) -> Selection {
    Selection::from_quote(corpus, passage, quote, None, n + 1).unwrap()
}

fn note(
    s: &mut Store,
    c: &Corpus,
    passage: &str,
    quote: &str,
    n: usize,
    body: &str,
    tags: &[&str],
) -> i64 {
    s.add_note(
        c,
        &NewNote {
            selection: select(c, passage, quote, n),
            body: body.into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            ..Default::default()
        },
    )
    .unwrap()
    .id
}

/// The text a placed note highlights now.
fn highlighted(s: &Store, c: &Corpus, passage: &str, id: i64) -> Option<String> {
    let placed = s.notes_in_passage(c, passage).unwrap();
    let pn = placed.iter().find(|p| p.note.id == id)?;
    let span = pn.span?;
    let seg = &c.passage(passage).unwrap().segments[span.segment as usize];
    Some(
        seg.text.chars().skip(span.start as usize).take((span.end - span.start) as usize).collect(),
    )
}

const V1: &str = "[經]主人戒賓，賓出迎，再拜。\n\n[注]戒，警也，告也。\n\n[經]乃席賓，南面，東上。衆賓之席，皆不屬焉。\n\n[經]主人拜送。賓出迎。主人揖。賓出迎。\n";

#[test]
fn a_quote_typed_by_the_user_is_found_exactly_then_folded_and_by_layer() {
    let c = corpus_of(V1);
    // passage 0001 is 經 「主人戒賓，賓出迎，再拜。」 and 注 「戒，警也，告也。」
    let sel = Selection::from_quote(&c, "user.test.0001", "戒", None, 1).unwrap();
    assert_eq!((sel.segment, sel.start, sel.end), (0, 2, 3), "the first 戒 is the 經's");
    let sel = Selection::from_quote(&c, "user.test.0001", "戒", Some(Layer::Zhu), 1).unwrap();
    assert_eq!((sel.segment, sel.start, sel.end), (1, 0, 1), "in the 注 only");
    // Simplified 宾 is not in the text; under the fold it finds 賓.
    let sel = Selection::from_quote(&c, "user.test.0001", "宾出迎", None, 1).unwrap();
    assert_eq!((sel.segment, sel.start, sel.end), (0, 5, 8));
    let err = Selection::from_quote(&c, "user.test.0003", "賓出迎", None, 3).unwrap_err();
    assert!(err.to_string().contains("occurs 2 times"), "{err}");
    let err = Selection::from_quote(&c, "user.test.0001", "射", None, 1).unwrap_err();
    assert!(err.to_string().contains("is not in passage user.test.0001"), "{err}");
    let err = Selection::from_quote(&c, "user.test.9999", "射", None, 1).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound, "{err}");
}

#[test]
fn a_note_anchors_with_quote_and_position() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let id = note(&mut s, &c, "user.test.0001", "警也", 0, "**警** glosses 戒", &["gloss"]);
    let n = s.note(id).unwrap();
    assert_eq!(n.exact, "警也");
    assert_eq!(n.layer, Layer::Zhu);
    assert_eq!(n.work, "測試");
    assert_eq!(n.source_id, "user.test");
    // Position over the passage's text: 經 (12 chars) then 注.
    assert_eq!((n.start, n.end), (14, 16));
    assert_eq!(n.prefix, "主人戒賓，賓出迎，再拜。戒，");
    assert_eq!(n.suffix, "，告也。");
    assert!(!n.orphaned);
    assert_eq!(highlighted(&s, &c, "user.test.0001", id).as_deref(), Some("警也"));
    let placed = s.notes_in_passage(&c, "user.test.0001").unwrap();
    assert_eq!(placed[0].span.unwrap().layer, Layer::Zhu);
    assert_eq!(placed[0].span.unwrap().segment, 1);
}

#[test]
fn notes_follow_the_text_when_characters_are_inserted_before_them() {
    let c1 = corpus_of(V1);
    let (_d, mut s) = store();
    let a = note(&mut s, &c1, "user.test.0001", "賓出迎", 0, "a", &[]);
    let b = note(&mut s, &c1, "user.test.0001", "警也", 0, "b", &[]);
    // The second of two identical quotes: context decides.
    let second = note(&mut s, &c1, "user.test.0003", "賓出迎", 1, "second", &[]);
    let first = note(&mut s, &c1, "user.test.0003", "賓出迎", 0, "first", &[]);
    let before = s.note(second).unwrap();

    let v2 = V1
        .replace("[經]主人戒賓", "[經]鄉射之禮：主人戒賓")
        .replace("[經]主人拜送。", "[經]主人拜送，再拜。");
    let c2 = corpus_of(&v2);
    let r = s.reanchor(&c2).unwrap();
    assert_eq!((r.moved, r.orphaned, r.moved_passage), (4, 0, 0), "{r:?}");
    for (id, passage, quote) in [
        (a, "user.test.0001", "賓出迎"),
        (b, "user.test.0001", "警也"),
        (second, "user.test.0003", "賓出迎"),
        (first, "user.test.0003", "賓出迎"),
    ] {
        assert_eq!(highlighted(&s, &c2, passage, id).as_deref(), Some(quote), "note {id}");
    }
    let after = s.note(second).unwrap();
    assert_eq!(after.end - after.start, 3);
    assert_eq!(
        after.start,
        before.start + 3,
        "the later occurrence, shifted by the three inserted characters"
    );
    assert!(s.note(first).unwrap().start < after.start);
    // Nothing is changed by placing again on the same text.
    let again = s.reanchor(&c2).unwrap();
    assert_eq!((again.unchanged, again.moved), (4, 0));
}

#[test]
fn a_note_whose_quote_is_gone_is_orphaned_never_dropped_and_comes_back() {
    let c1 = corpus_of(V1);
    let (_d, mut s) = store();
    let a = note(&mut s, &c1, "user.test.0001", "賓出迎", 0, "on 賓出迎", &["x"]);
    let v3 = V1.replace("主人戒賓，賓出迎，再拜。", "主人戒賓，賓答拜。").replace("賓出迎", "賓出");
    let c3 = corpus_of(&v3);
    let r = s.reanchor(&c3).unwrap();
    assert_eq!(r.orphaned, 1, "{r:?}");
    let n = s.note(a).unwrap();
    assert!(n.orphaned);
    assert_eq!(n.exact, "賓出迎", "the quote is kept");
    assert_eq!(n.body, "on 賓出迎");
    // Still listed, shown without a span, exported.
    assert_eq!(s.notes(&NoteFilter::default()).unwrap().len(), 1);
    assert_eq!(
        s.notes(&NoteFilter { orphaned: Some(true), ..Default::default() }).unwrap().len(),
        1
    );
    let placed = s.notes_in_passage(&c3, "user.test.0001").unwrap();
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].span, None);
    let md = s.export_notes_markdown(&c3, &NoteFilter::default()).unwrap();
    assert!(md.contains("no longer found"), "{md}");
    assert!(md.contains("賓出迎") && md.contains("on 賓出迎"), "{md}");
    // The text comes back: so does the note.
    let r = s.reanchor(&c1).unwrap();
    assert_eq!((r.restored, r.orphaned), (1, 0), "{r:?}");
    assert!(!s.note(a).unwrap().orphaned);
    assert_eq!(highlighted(&s, &c1, "user.test.0001", a).as_deref(), Some("賓出迎"));
}

#[test]
fn notes_move_to_another_passage_of_the_same_source_and_by_fold() {
    let c1 = corpus_of(V1);
    let (_d, mut s) = store();
    let moved = note(&mut s, &c1, "user.test.0002", "衆賓之席", 0, "seats", &[]);
    let folded = note(&mut s, &c1, "user.test.0002", "南面", 0, "facing south", &[]);
    // A new paragraph before: passage 2 becomes passage 3.
    let v4 = V1.replace("[經]乃席賓", "[經]新加一段。\n\n[經]乃席賓").replace("東上", "东上");
    let c4 = corpus_of(&v4);
    let r = s.reanchor(&c4).unwrap();
    assert_eq!((r.moved_passage, r.orphaned), (2, 0), "{r:?}");
    assert_eq!(s.note(moved).unwrap().passage_id, "user.test.0003");
    assert_eq!(highlighted(&s, &c4, "user.test.0003", moved).as_deref(), Some("衆賓之席"));
    assert_eq!(highlighted(&s, &c4, "user.test.0003", folded).as_deref(), Some("南面"));

    // A quote found only through the search fold (觶 → 觯).
    let c5 = corpus_of("[經]奠觶于薦南。\n");
    let (_d, mut s) = store();
    let id = note(&mut s, &c5, "user.test.0001", "奠觶", 0, "cup", &[]);
    let c6 = corpus_of("[經]乃奠觯于荐南。\n");
    let r = s.reanchor(&c6).unwrap();
    assert_eq!(r.folded, 1, "{r:?}");
    assert_eq!(highlighted(&s, &c6, "user.test.0001", id).as_deref(), Some("奠觯"));
}

#[test]
fn edit_delete_and_undo() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let id = note(&mut s, &c, "user.test.0001", "再拜", 0, "first", &["a"]);
    s.update_note(
        id,
        &NoteEdit { body: Some("second".into()), tags: Some(vec!["b".into()]), colour: None },
    )
    .unwrap();
    s.update_note(id, &NoteEdit { body: Some("third".into()), tags: None, colour: None }).unwrap();
    assert_eq!(s.note(id).unwrap().body, "third");
    let n = s.undo_note_edit(id).unwrap();
    assert_eq!((n.body.as_str(), n.tags.clone()), ("second", vec!["b".to_string()]));
    let n = s.undo_note_edit(id).unwrap();
    assert_eq!((n.body.as_str(), n.tags.clone()), ("first", vec!["a".to_string()]));
    assert!(matches!(s.undo_note_edit(id), Err(StoreError::Invalid(_))));

    s.delete_note(id).unwrap();
    assert!(s.notes(&NoteFilter::default()).unwrap().is_empty());
    assert!(s.notes_in_passage(&c, "user.test.0001").unwrap().is_empty());
    assert_eq!(s.notes(&NoteFilter { deleted: true, ..Default::default() }).unwrap().len(), 1);
    assert!(matches!(s.update_note(id, &NoteEdit::default()), Err(StoreError::UnknownNote(_))));
    assert!(matches!(s.delete_note(id), Err(StoreError::UnknownNote(_))));
    let n = s.undelete_note(id).unwrap();
    assert_eq!(n.deleted, None);
    assert_eq!(s.notes(&NoteFilter::default()).unwrap().len(), 1);
    assert!(matches!(s.undelete_note(id), Err(StoreError::Invalid(_))));
    s.delete_note(id).unwrap();
    assert_eq!(s.purge_deleted_notes(i64::MAX).unwrap(), 1);
    assert!(matches!(s.note(id), Err(StoreError::UnknownNote(_))));
}

#[test]
fn search_and_filters() {
    let b = builtin();
    let (_d, mut s) = store();
    // Notes on two works of the built-in texts.
    let xs = b
        .passages()
        .iter()
        .find(|p| p.work == "鄉射禮" && p.segments.iter().any(|s| s.text.contains('觶')))
        .unwrap();
    let yl = b
        .passages()
        .iter()
        .find(|p| p.work != "鄉射禮" && p.segments.iter().any(|s| s.text.contains("拜")))
        .unwrap();
    let n1 = note(&mut s, b, &xs.id, "觶", 0, "奠觶 — the cup is set down", &["vessel"]);
    let n2 = note(&mut s, b, &yl.id, "拜", 0, "a bow; compare 再拜", &["rite"]);
    let ids =
        |f: NoteFilter| -> Vec<i64> { s.notes(&f).unwrap().into_iter().map(|n| n.id).collect() };
    assert_eq!(
        ids(NoteFilter { query: Some("觯".into()), ..Default::default() }),
        vec![n1],
        "folded: 觯 finds 觶"
    );
    assert_eq!(ids(NoteFilter { query: Some("CUP".into()), ..Default::default() }), vec![n1]);
    assert_eq!(
        ids(NoteFilter { query: Some("vessel".into()), ..Default::default() }),
        vec![n1],
        "tags are searched"
    );
    assert_eq!(ids(NoteFilter { work: Some("鄉射禮".into()), ..Default::default() }), vec![n1]);
    assert_eq!(ids(NoteFilter { work: Some(yl.work.clone()), ..Default::default() }), vec![n2]);
    assert_eq!(ids(NoteFilter { tag: Some("rite".into()), ..Default::default() }), vec![n2]);
    assert_eq!(
        ids(NoteFilter {
            tag: Some("rite".into()),
            work: Some("鄉射禮".into()),
            ..Default::default()
        }),
        Vec::<i64>::new()
    );
    assert_eq!(ids(NoteFilter::default()).len(), 2);
    assert_eq!(s.note_tags().unwrap(), vec![("rite".to_string(), 1), ("vessel".to_string(), 1)]);
    assert_eq!(s.note_works().unwrap().len(), 2);
    // Re-anchoring on the real texts leaves them in place.
    let r = s.reanchor(b).unwrap();
    assert_eq!(r.unchanged, 2, "{r:?}");
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let id = note(&mut s, &c, "user.test.0001", "再拜", 0, "kept", &[]);
    let snapshot = s.notes(&NoteFilter::default()).unwrap();
    let sel =
        |p: &str, seg, a, b| Selection { passage_id: p.into(), segment: seg, start: a, end: b };
    let add = |s: &mut Store, selection: Selection, body: &str, tags: Vec<String>| {
        s.add_note(&c, &NewNote { selection, body: body.into(), tags, ..Default::default() })
            .unwrap_err()
    };
    let errs = vec![
        add(&mut s, sel("no.such.0001", 0, 0, 1), "x", vec![]),
        add(&mut s, sel("user.test.0001", 7, 0, 1), "x", vec![]),
        add(&mut s, sel("user.test.0001", 0, 3, 3), "x", vec![]),
        add(&mut s, sel("user.test.0001", 0, 0, 999), "x", vec![]),
        add(&mut s, sel("user.test.0001", 0, 0, 1), &"長".repeat(limits::NOTE + 1), vec![]),
        add(&mut s, sel("user.test.0001", 0, 0, 1), "x", vec!["a b".into()]),
        add(&mut s, sel("user.test.0001", 0, 0, 1), "bad \u{0} byte", vec![]),
        s.update_note(
            id,
            &NoteEdit { body: Some("長".repeat(limits::NOTE + 1)), tags: None, colour: None },
        )
        .unwrap_err(),
        s.update_note(999, &NoteEdit::default()).unwrap_err(),
        s.delete_note(999).unwrap_err(),
    ];
    assert!(matches!(errs[0], StoreError::UnknownPassage(_)));
    assert!(matches!(errs[4], StoreError::TooLong { max: limits::NOTE, .. }), "{}", errs[4]);
    assert!(errs[4].to_string().contains("20000"), "{}", errs[4]);
    for e in &errs {
        assert!(matches!(e.kind(), ErrorKind::InvalidInput | ErrorKind::NotFound), "{e}");
    }
    assert_eq!(s.notes(&NoteFilter::default()).unwrap(), snapshot);
    // The longest note allowed is fine.
    let long = s.add_note(
        &c,
        &NewNote {
            selection: sel("user.test.0001", 0, 0, 1),
            body: "長".repeat(limits::NOTE),
            ..Default::default()
        },
    );
    assert!(long.is_ok());
}

#[test]
fn markdown_export_groups_by_work_and_passage() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    note(&mut s, &c, "user.test.0002", "衆賓之席", 0, "Seats of the *many guests*.", &["seat"]);
    note(&mut s, &c, "user.test.0001", "警也", 0, "A gloss.\n\n- point one", &[]);
    note(&mut s, &c, "user.test.0001", "主人", 0, "The host.", &[]);
    let md = s.export_notes_markdown(&c, &NoteFilter::default()).unwrap();
    assert!(md.starts_with("---\ntitle: \"Notes from Sheli 射禮\"\n"), "{md}");
    assert!(md.contains("\n# Notes from Sheli"), "{md}");
    assert_eq!(md.matches("\n## 測試\n").count(), 1, "{md}");
    let p1 = md.find("### user.test.0001").expect("passage 1 heading");
    let p2 = md.find("### user.test.0002").expect("passage 2 heading");
    assert!(p1 < p2);
    let host = md.find("> 主人").unwrap();
    let gloss = md.find("> 警也").unwrap();
    assert!(
        p1 < host && host < gloss && gloss < p2,
        "notes in text order under their passage:\n{md}"
    );
    assert!(md.contains("> — 注"), "{md}");
    assert!(md.contains("Seats of the *many guests*."), "{md}");
    assert!(md.contains("Tags: `seat`"), "{md}");
}

/// The export read by a CommonMark parser (pulldown-cmark, with the YAML
/// front matter a notes vault reads): front matter recognised, one level-4
/// heading per note carrying its citation, and a note's own headings below it.
#[test]
fn markdown_export_reads_as_a_document_to_a_commonmark_parser() {
    use pulldown_cmark::{Event, MetadataBlockKind, Options, Parser, Tag, TagEnd};
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    note(
        &mut s,
        &c,
        "user.test.0001",
        "主人",
        0,
        "# My heading\n\nThe host.\n\nSub\n---\n",
        &["host"],
    );
    note(&mut s, &c, "user.test.0002", "衆賓之席", 0, "Seats.", &[]);
    let md = s.export_notes_markdown(&c, &NoteFilter::default()).unwrap();
    let mut metadata = String::new();
    let mut in_meta = false;
    let mut headings: Vec<(usize, String)> = Vec::new();
    let mut open: Option<usize> = None;
    for event in Parser::new_ext(&md, Options::ENABLE_YAML_STYLE_METADATA_BLOCKS) {
        match event {
            Event::Start(Tag::MetadataBlock(MetadataBlockKind::YamlStyle)) => in_meta = true,
            Event::End(TagEnd::MetadataBlock(_)) => in_meta = false,
            Event::Text(t) if in_meta => metadata.push_str(&t),
            Event::Start(Tag::Heading { level, .. }) => {
                open = Some(level as usize);
                headings.push((level as usize, String::new()));
            }
            Event::End(TagEnd::Heading(_)) => open = None,
            Event::Text(t) if open.is_some() => headings.last_mut().unwrap().1.push_str(&t),
            _ => {}
        }
    }
    assert!(
        metadata.contains("title: \"Notes from Sheli 射禮\"")
            && metadata.contains("tags: [\"host\"]"),
        "{metadata}"
    );
    let notes: Vec<&(usize, String)> = headings.iter().filter(|(l, _)| *l == 4).collect();
    assert_eq!(notes.len(), 2, "{headings:?}");
    assert!(
        notes[0].1.contains("user.test.0001")
            && notes[0].1.contains("第")
            && notes[0].1.contains("行"),
        "{headings:?}"
    );
    let mine = headings.iter().position(|(_, t)| t == "My heading").expect("the note's heading");
    let sub = headings.iter().position(|(_, t)| t == "Sub").expect("the note's setext heading");
    assert_eq!((headings[mine].0, headings[sub].0), (5, 6), "{headings:?}");
    assert!(headings.iter().filter(|(l, _)| *l == 1).count() == 1, "one title: {headings:?}");
}

#[test]
fn web_annotation_export_and_import_round_trip() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    let a = note(
        &mut s,
        &c,
        "user.test.0001",
        "警也",
        0,
        "**gloss** <script>alert(1)</script>",
        &["gloss", "注"],
    );
    note(&mut s, &c, "user.test.0003", "賓出迎", 1, "second occurrence", &[]);
    let orphan = note(&mut s, &c, "user.test.0002", "南面", 0, "will be orphaned", &[]);
    s.connection()
        .execute("UPDATE note SET orphaned = 1, exact = '北面' WHERE id = ?1", [orphan])
        .unwrap();
    let json = s.export_notes_annotations(&c, &NoteFilter::default()).unwrap();
    let v: Value = serde_json::from_str(&json).unwrap();
    let context =
        serde_json::json!(["http://www.w3.org/ns/anno.jsonld", { "sheli": "urn:sheli:vocab#" }]);
    assert_eq!(v["@context"], context);
    assert_eq!(v["type"], "AnnotationCollection");
    assert_eq!(v["total"], 3);
    // The collection and its page have ids (W3C annotation model 5.1, 5.2);
    // the page is part of the collection.
    let collection = v["id"].as_str().unwrap();
    let page = v["first"]["id"].as_str().unwrap();
    assert!(
        collection.starts_with("urn:uuid:") && page.starts_with("urn:uuid:") && collection != page
    );
    assert_eq!(v["first"]["type"], "AnnotationPage");
    assert_eq!(v["first"]["partOf"], collection);
    assert_eq!(v["first"]["startIndex"], 0);
    let again: Value =
        serde_json::from_str(&s.export_notes_annotations(&c, &NoteFilter::default()).unwrap())
            .unwrap();
    assert_eq!(again["id"], v["id"], "the same notes are the same collection");
    let one = s
        .export_notes_annotations(
            &c,
            &NoteFilter { tag: Some("gloss".into()), ..Default::default() },
        )
        .unwrap();
    let one: Value = serde_json::from_str(&one).unwrap();
    assert_ne!(one["id"], v["id"], "other notes, another collection");
    let items = v["first"]["items"].as_array().unwrap();
    let first = items.iter().find(|i| i["target"]["selector"][0]["exact"] == "警也").unwrap();
    assert_eq!(first["type"], "Annotation");
    assert_eq!(first["@context"], context);
    // The target names the passage by its stable IRI, with work, edition and
    // layer as properties, and says what its positions count.
    assert_eq!(first["target"]["type"], "SpecificResource");
    assert_eq!(first["target"]["sheli:work"], "測試");
    assert_eq!(first["target"]["sheli:layer"], "注");
    assert!(first["target"]["sheli:edition"].is_string());
    assert!(first["target"]["sheli:positions"].as_str().unwrap().contains("no separator"));
    assert_eq!(first["id"], format!("urn:uuid:{}", s.note(a).unwrap().uuid));
    assert_eq!(first["body"][0]["type"], "TextualBody");
    assert_eq!(first["body"][0]["format"], "text/markdown");
    assert_eq!(first["body"][0]["value"], "**gloss** <script>alert(1)</script>");
    assert_eq!(first["body"][1]["purpose"], "tagging");
    assert_eq!(first["target"]["source"], "urn:sheli:passage:user.test.0001");
    assert_eq!(first["target"]["selector"][0]["type"], "TextQuoteSelector");
    assert_eq!(first["target"]["selector"][0]["prefix"], "主人戒賓，賓出迎，再拜。戒，");
    assert_eq!(first["target"]["selector"][1]["type"], "TextPositionSelector");
    assert_eq!(
        (
            first["target"]["selector"][1]["start"].as_u64(),
            first["target"]["selector"][1]["end"].as_u64()
        ),
        (Some(14), Some(16))
    );

    // Into an empty profile: the same notes, placed the same.
    let (_d2, mut t) = store();
    let r = t.import_notes_annotations(&c, &json).unwrap();
    assert_eq!((r.imported, r.skipped, r.orphaned), (3, 0, 1), "{r:?}");
    let strip = |s: &Store| -> Vec<_> {
        s.notes(&NoteFilter::default())
            .unwrap()
            .into_iter()
            .map(|n| {
                (
                    (n.uuid, n.passage_id, n.layer),
                    (n.exact, n.prefix, n.suffix, n.start, n.end),
                    (n.body, n.tags, n.orphaned, n.created, n.modified),
                )
            })
            .collect()
    };
    assert_eq!(strip(&t), strip(&s));
    // Importing again skips what is there.
    let r = t.import_notes_annotations(&c, &json).unwrap();
    assert_eq!((r.imported, r.skipped), (0, 3));
    // A single annotation, and an annotation from elsewhere without an id.
    let one = serde_json::to_string(&items[0]).unwrap().replace(
        &format!("urn:uuid:{}", s.note(a).unwrap().uuid),
        "https://example.invalid/anno/1",
    );
    let r = t.import_notes_annotations(&c, &one).unwrap();
    assert_eq!(r.imported, 1);
}

#[test]
fn malformed_annotation_files_change_nothing() {
    let c = corpus_of(V1);
    let (_d, mut s) = store();
    note(&mut s, &c, "user.test.0001", "警也", 0, "x", &[]);
    let good = s.export_notes_annotations(&c, &NoteFilter::default()).unwrap();
    let (_d2, mut t) = store();
    let bad = [
        "".to_string(),
        "[1, 2".to_string(),
        r#"{"type": "Nothing"}"#.to_string(),
        r#"{"type": "AnnotationCollection", "first": "https://example.invalid/page1"}"#.to_string(),
        r#"[{"type": "Annotation"}]"#.to_string(),
        r#"[{"type": "Annotation", "target": {"source": "https://example.invalid/page"}}]"#.to_string(),
        r#"[{"type": "Annotation", "target": {"source": "urn:sheli:passage:user.test.0001"}}]"#.to_string(),
        r#"[{"type": "Annotation", "target": {"source": "urn:sheli:passage:user.test.0001", "selector": {"type": "TextQuoteSelector", "exact": ""}}}]"#.to_string(),
        r#"[{"type": "Annotation", "created": "last week", "target": {"source": "urn:sheli:passage:user.test.0001", "selector": {"type": "TextQuoteSelector", "exact": "警也"}}}]"#.to_string(),
        good.replace("\"value\": \"x\"", &format!("\"value\": \"{}\"", "長".repeat(limits::NOTE + 1))),
        good.replace("\"start\": 14", "\"start\": 20"),
        // Two annotations with the same id: the valid first one is not written either.
        format!("[{0}, {0}]", serde_json::to_string(&serde_json::from_str::<Value>(&good).unwrap()["first"]["items"][0]).unwrap()),
    ];
    for (i, text) in bad.iter().enumerate() {
        let e = t.import_notes_annotations(&c, text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "file {i}: {e}");
        assert!(e.to_string().contains("annotation file"), "{e}");
    }
    let count: i64 =
        t.connection().query_row("SELECT count(*) FROM note", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 0);
}

//! Web Annotations read into a store whose texts are not the ones they were
//! written on: each note is placed again by its quote (the TextQuoteSelector,
//! with its prefix and suffix to tell occurrences apart) wherever the words
//! are now, and a note whose words are gone is kept, orphaned — an import
//! never drops a note.

use std::sync::Arc;

use serde_json::Value;
use sheli_corpus::{Corpus, SourceInfo};
use sheli_store::{NewNote, NoteFilter, Selection, Store};

fn corpus_of(text: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(SourceInfo::user_text("user.test", "測試", "test.txt"), Arc::from(text)).unwrap();
    c
}

const OLD: &str = "[經]主人戒賓，賓出迎，再拜。\n\n[注]戒，警也，告也。\n\n[經]主人拜送。賓出迎。主人揖。賓出迎。\n";
/// The same text in a later edition: words inserted before the quotes, one
/// quote's words gone, one moved to the other passage. Passage ids stay
/// (they are the passages' places in the source).
const NEW: &str = "[經]鄉射之禮。主人戒賓，賓出迎，再拜。主人拜送。\n\n[注]戒，告也。\n\n[經]衆賓皆入。賓出迎。主人揖。賓出迎。\n";

fn add(s: &mut Store, c: &Corpus, passage: &str, quote: &str, n: usize, body: &str) {
    let selection = Selection::from_quote(c, passage, quote, None, n).unwrap();
    s.add_note(c, &NewNote { selection, body: body.into(), ..Default::default() }).unwrap();
}

/// What a note highlights in the text it is placed in now.
fn placed(s: &Store, c: &Corpus, body: &str) -> (String, Option<String>, bool) {
    let notes = s.notes(&NoteFilter::default()).unwrap();
    let n = notes.iter().find(|n| n.body == body).unwrap_or_else(|| panic!("{body} was dropped"));
    let text = s
        .notes_in_passage(c, &n.passage_id)
        .unwrap()
        .into_iter()
        .find(|p| p.note.id == n.id)
        .and_then(|p| {
            let span = p.span?;
            let seg = &c.passage(&n.passage_id).unwrap().segments[span.segment as usize];
            Some(
                seg.text
                    .chars()
                    .skip(span.start as usize)
                    .take((span.end - span.start) as usize)
                    .collect(),
            )
        });
    (n.passage_id.clone(), text, n.orphaned)
}

#[test]
fn an_import_places_each_note_by_its_quote_where_the_words_are_now_and_drops_none() {
    let old = corpus_of(OLD);
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    add(&mut s, &old, "user.test.0001", "賓出迎", 1, "the guest goes out");
    add(&mut s, &old, "user.test.0002", "賓出迎", 2, "the second time");
    add(&mut s, &old, "user.test.0002", "主人拜送", 1, "moved to the first passage");
    add(&mut s, &old, "user.test.0001", "警也", 1, "words now gone");
    let json = s.export_notes_annotations(&old, &NoteFilter::default()).unwrap();

    let new = corpus_of(NEW);
    let dir2 = tempfile::tempdir().unwrap();
    let mut t = Store::open_in(dir2.path()).unwrap();
    let r = t.import_notes_annotations(&new, &json).unwrap();
    assert_eq!((r.imported, r.skipped, r.orphaned), (4, 0, 1), "{r:?}");
    // Its words shifted by the five characters inserted before them.
    assert_eq!(
        placed(&t, &new, "the guest goes out"),
        ("user.test.0001".into(), Some("賓出迎".into()), false)
    );
    let n = t.notes(&NoteFilter::default()).unwrap();
    let by = |body: &str| n.iter().find(|n| n.body == body).expect("never dropped").clone();
    assert_eq!((by("the guest goes out").start, by("the guest goes out").end), (10, 13));
    // The second 賓出迎 of its passage, not the first: prefix and suffix tell.
    assert_eq!(
        placed(&t, &new, "the second time"),
        ("user.test.0002".into(), Some("賓出迎".into()), false)
    );
    assert!(by("the second time").prefix.ends_with("主人揖。"), "{:?}", by("the second time"));
    // Gone from its passage, found in the other passage of its text.
    assert_eq!(
        placed(&t, &new, "moved to the first passage"),
        ("user.test.0001".into(), Some("主人拜送".into()), false)
    );
    // Kept, orphaned, with its body and quote.
    let gone = by("words now gone");
    assert!(gone.orphaned);
    assert_eq!(gone.exact, "警也");

    // An annotation from another tool: a quote only, no positions, and
    // positions that point at other words are corrected by the quote.
    let doc: Value = serde_json::from_str(&json).unwrap();
    let mut a = doc["first"]["items"][0].clone();
    a["id"] = Value::from("https://example.invalid/anno/7");
    a["body"][0]["value"] = Value::from("from elsewhere");
    a["target"]["selector"] = serde_json::json!([
        { "type": "TextQuoteSelector", "exact": "再拜" },
        { "type": "TextPositionSelector", "start": 0, "end": 2 }
    ]);
    let r = t.import_notes_annotations(&new, &a.to_string()).unwrap();
    assert_eq!((r.imported, r.orphaned), (1, 0), "{r:?}");
    let (_, text, orphaned) = placed(&t, &new, "from elsewhere");
    assert_eq!((text.as_deref(), orphaned), (Some("再拜"), false));
}

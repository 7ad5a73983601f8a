//! The store's commands, called directly with a state (no window): what the
//! UI can do, and that bad input is refused with a clear error and changes
//! nothing.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use sheli_corpus::Layer;

use super::super::glossary_commands::*;
use super::super::note_commands::*;
use super::*;
use crate::app::error::ErrorKind;
use sheli_store::{self as store, CardEdit, Grade, NewCard, NoteEdit};

/// The built-in corpus, parsed once for all tests.
fn builtin() -> Arc<Corpus> {
    static CORPUS: OnceLock<Arc<Corpus>> = OnceLock::new();
    CORPUS.get_or_init(|| Arc::new(Corpus::builtin().expect("the built-in texts parse"))).clone()
}

fn state_in(dir: &Path) -> AppState {
    AppState::with_corpus(Ok(builtin()), dir.to_path_buf())
}

fn fresh() -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (state_in(dir.path()), dir)
}

/// The first occurrence of `needle` in a segment of `layer` of `source`:
/// (passage id, segment index, start in characters).
fn find(source: &str, layer: Layer, needle: &str) -> (String, u32, u32) {
    let c = builtin();
    for p in c.passages_of(source) {
        for (i, s) in p.segments.iter().enumerate() {
            if s.layer == layer
                && let Some(at) = s.text.find(needle)
            {
                return (p.id.clone(), i as u32, s.text[..at].chars().count() as u32);
            }
        }
    }
    panic!("{needle} not found in a {layer:?} of {source}");
}

fn selection(needle: &str, layer: Layer, script: Option<DisplayScript>) -> TextSelection {
    let (passage_id, segment, start) = find("xiangshe.zhushu", layer, needle);
    TextSelection { passage_id, segment, start, end: start + needle.chars().count() as u32, script }
}

/// Everything the user has, as JSON: to compare before and after.
fn snapshot(state: &AppState) -> String {
    let store = state.store.lock().unwrap();
    let mut out = Vec::new();
    for g in store.glossaries().unwrap() {
        out.push(serde_json::to_value(&g).unwrap());
        out.push(serde_json::to_value(store.cards(g.id).unwrap()).unwrap());
        out.push(
            serde_json::to_value(store.review_history(None, Some(g.id), 1000).unwrap()).unwrap(),
        );
    }
    for deleted in [false, true] {
        let notes = store.notes(&NoteFilter { deleted, ..NoteFilter::default() }).unwrap();
        out.push(serde_json::to_value(notes).unwrap());
    }
    serde_json::to_string(&out).unwrap()
}

fn kind(r: AppResult<impl std::fmt::Debug>) -> ErrorKind {
    r.expect_err("the command should fail").kind()
}

#[test]
fn glossaries_and_cards_through_the_commands() {
    let (state, _dir) = fresh();
    let g = create_glossary(&state, " 射器 ", Some("cups and stands")).unwrap();
    assert_eq!((g.name.as_str(), g.cards), ("射器", 0));
    assert_eq!(kind(create_glossary(&state, "射器", None)), ErrorKind::Conflict);
    let g = rename_glossary(&state, g.id, "射具").unwrap();
    assert_eq!(g.name, "射具");
    assert_eq!(describe_glossary(&state, g.id, "gear").unwrap().description, "gear");

    // The 楅 card, found by a folded search over the built-in cards.
    let hits = find_builtin_cards(&state, Some("楅")).unwrap();
    assert!(
        hits.iter().any(|h| h.id == "bi" && h.headword == "楅" && h.pinyin == "bī"),
        "{hits:?}"
    );
    assert!(find_builtin_cards(&state, Some("arrow rest")).unwrap().iter().any(|h| h.id == "bi"));
    assert!(find_builtin_cards(&state, Some("觯")).unwrap().iter().any(|h| h.headword == "觶"));
    assert!(find_builtin_cards(&state, None).unwrap().len() >= 50);
    let bi = add_builtin_card(&state, g.id, "bi").unwrap();
    assert_eq!((bi.headword.as_str(), bi.builtin_id.as_deref()), ("楅", Some("bi")));
    assert_eq!(kind(add_builtin_card(&state, g.id, "bi")), ErrorKind::Conflict);
    assert_eq!(kind(add_builtin_card(&state, g.id, "no-such-card")), ErrorKind::NotFound);

    // A card from a selection in a 注: headword from the selection, passage linked.
    let sel = selection("楅猶幅也", Layer::Zhu, Some(DisplayScript::Original));
    let c = add_card_from_selection(
        &state,
        g.id,
        &TextSelection { end: sel.start + 1, ..sel.clone() },
        None,
    )
    .unwrap();
    assert_eq!(c.headword, "楅");
    assert_eq!(c.passages, vec![sel.passage_id.clone()]);

    // Every field can be edited.
    let edit = CardEdit {
        headword: Some("幅".into()),
        reading: Some("fú".into()),
        definition: Some("selvage; the pun of 鄭玄".into()),
        tags: Some(vec!["pun".into(), "xyzzy".into()]),
        passages: Some(vec![sel.passage_id.clone(), "xiangshe.zhushu.0001".into()]),
    };
    let c = update_card(&state, c.id, &edit).unwrap();
    assert_eq!(
        (c.headword.as_str(), c.reading.as_str(), c.tags.len(), c.passages.len()),
        ("幅", "fú", 2, 2)
    );
    let own = add_new_card(
        &state,
        g.id,
        &NewCard { headword: "觶".into(), reading: "zhì".into(), ..NewCard::default() },
    )
    .unwrap();

    // Search within the list is folded: 觯 finds 觶, zhi finds zhì.
    let ids = |q: &str| {
        list_cards(&state, g.id, Some(q)).unwrap().iter().map(|c| c.id).collect::<Vec<_>>()
    };
    assert!(ids("觯").contains(&own.id) && !ids("觯").contains(&c.id));
    assert_eq!(ids("zhi"), vec![own.id]);
    assert_eq!(ids("xyzzy"), vec![c.id]);
    assert_eq!(ids("").len(), 3);
    assert_eq!(my_glossaries(&state).unwrap()[0].cards, 3);

    remove_card(&state, own.id).unwrap();
    assert_eq!(kind(remove_card(&state, own.id)), ErrorKind::NotFound);
    delete_glossary(&state, g.id).unwrap();
    assert!(my_glossaries(&state).unwrap().is_empty());
}

#[test]
fn exports_and_imports_of_a_glossary_round_trip() {
    let (state, _dir) = fresh();
    let g = create_glossary(&state, "射/器", None).unwrap();
    add_builtin_card(&state, g.id, "bi").unwrap();
    add_new_card(
        &state,
        g.id,
        &NewCard {
            headword: "觶".into(),
            definition: "a cup\nfor wine".into(),
            tags: vec!["vessel".into()],
            passages: vec!["xiangshe.zhushu.0001".into()],
            ..NewCard::default()
        },
    )
    .unwrap();
    let tsv = export_glossary(&state, g.id, "tsv").unwrap();
    assert_eq!(tsv.file_name, "射_器.anki.txt");
    assert!(
        tsv.text.starts_with("#separator:tab\n#html:true\n#notetype:Basic\n#deck:射/器\n"),
        "{}",
        tsv.text
    );
    let json = export_glossary(&state, g.id, "json").unwrap();
    assert!(json.text.contains("\"format\": \"sheli-glossary\""));

    let (other, _d2) = fresh();
    let a = import_glossary(&other, &tsv.text, "auto", Some("from anki")).unwrap();
    assert_eq!((a.glossary.name.as_str(), a.cards), ("from anki", 2));
    let b = import_glossary(&other, &json.text, "auto", None).unwrap();
    assert_eq!((b.glossary.name.as_str(), b.cards), ("射/器", 2));
    let cards = list_cards(&other, b.glossary.id, None).unwrap();
    assert_eq!(cards[1].definition, "a cup\nfor wine");
    assert_eq!(cards[1].passages, vec!["xiangshe.zhushu.0001"]);
    let cards = list_cards(&other, a.glossary.id, None).unwrap();
    assert_eq!(cards[0].builtin_id.as_deref(), Some("bi"));
}

/// The window's export buttons: the file is written by the backend into the
/// exports folder; a bad id or format writes nothing.
#[test]
fn exports_are_saved_as_files_and_bad_requests_write_nothing() {
    let (mut state, dir) = fresh();
    state.exports_dir = dir.path().join("Downloads");
    let g = create_glossary(&state, "射器", None).unwrap();
    add_builtin_card(&state, g.id, "bi").unwrap();
    let saved = super::super::export_commands::save_glossary_export(&state, g.id, "tsv").unwrap();
    assert_eq!(saved.file_name, "射器.anki.txt");
    let text = std::fs::read_to_string(&saved.path).unwrap();
    assert_eq!(text, export_glossary(&state, g.id, "tsv").unwrap().text);
    let notes = super::super::export_commands::save_notes_export(
        &state,
        "markdown",
        &NoteFilter::default(),
    )
    .unwrap();
    assert_eq!(notes.file_name, "sheli-notes.md");

    let before = std::fs::read_dir(&state.exports_dir).unwrap().count();
    let unknown = super::super::export_commands::save_glossary_export(&state, 999, "tsv");
    assert_eq!(unknown.unwrap_err().kind(), ErrorKind::NotFound);
    let format = super::super::export_commands::save_glossary_export(&state, g.id, "csv");
    assert_eq!(format.unwrap_err().kind(), ErrorKind::InvalidInput);
    assert_eq!(std::fs::read_dir(&state.exports_dir).unwrap().count(), before);
}

#[test]
fn review_schedules_and_keeps_history_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_in(dir.path());
    let g = create_glossary(&state, "review", None).unwrap();
    let other = create_glossary(&state, "other", None).unwrap();
    add_builtin_card(&state, g.id, "bi").unwrap();
    add_builtin_card(&state, g.id, "zhi").unwrap();
    let foreign = add_builtin_card(&state, other.id, "zhi").unwrap();

    let s = review_next(&state, g.id).unwrap();
    assert_eq!((s.summary.due, s.summary.new, s.summary.total), (2, 2, 2));
    let card = s.card.unwrap();
    assert_eq!(card.front, "楅");
    assert!(card.back.contains("bī"));
    assert!(card.intervals.windows(2).all(|w| w[0] < w[1]), "{:?}", card.intervals);

    let s = review_grade(&state, g.id, card.card.id, "good").unwrap();
    let outcome = s.outcome.unwrap();
    assert!(outcome.due >= outcome.reviewed + 86_400);
    assert_eq!(s.summary.due, 1);
    assert_eq!(s.card.unwrap().front, "觶");
    assert_eq!(kind(review_grade(&state, g.id, foreign.id, "good")), ErrorKind::InvalidInput);

    drop(state);
    let state = state_in(dir.path());
    let s = review_next(&state, g.id).unwrap();
    assert_eq!((s.summary.due, s.summary.total), (1, 2));
    assert_eq!(s.summary.next_due, Some(outcome.due));
    let h = review_history(&state, g.id, 10).unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!((h[0].headword.as_str(), h[0].grade), ("楅", Grade::Good));
}

#[test]
fn notes_on_a_span_of_a_zhu_in_the_displayed_script() {
    let (state, _dir) = fresh();
    // Selected in simplified script: the store keeps the original text.
    let sel = selection("楅猶幅也", Layer::Zhu, Some(DisplayScript::Simplified));
    let n = add_note(&state, &sel, "**幅**: a *selvage*.", &["pun".into()], None).unwrap();
    assert_eq!(n.note.exact, "楅猶幅也");
    assert_eq!(n.quote, "楅犹幅也");
    assert_eq!(n.note.layer, Layer::Zhu);
    assert_eq!(n.html, "<p><strong>幅</strong>: a <em>selvage</em>.</p>\n");

    let placed = passage_notes(
        &state,
        std::slice::from_ref(&sel.passage_id),
        Some(DisplayScript::Simplified),
    )
    .unwrap();
    assert_eq!(placed.len(), 1);
    let span = placed[0].span.unwrap();
    assert_eq!(
        (span.segment, span.start, span.end, span.layer),
        (sel.segment, sel.start, sel.end, Layer::Zhu)
    );
    assert!(passage_notes(&state, &["xiangshe.zhushu.0001".into()], None).unwrap().is_empty());

    // Edit and undo, delete and undelete.
    let edited = update_note(
        &state,
        n.note.id,
        &NoteEdit { body: Some("changed".into()), tags: None, colour: None },
        None,
    )
    .unwrap();
    assert_eq!(edited.note.body, "changed");
    assert_eq!(undo_note_edit(&state, n.note.id, None).unwrap().note.body, "**幅**: a *selvage*.");
    delete_note(&state, n.note.id).unwrap();
    assert!(passage_notes(&state, std::slice::from_ref(&sel.passage_id), None).unwrap().is_empty());
    assert_eq!(kind(delete_note(&state, n.note.id)), ErrorKind::NotFound);
    undelete_note(&state, n.note.id, None).unwrap();

    // The notes view: filters by work and tag, folded search.
    let all = NoteFilter::default();
    assert_eq!(list_notes(&state, &all, None).unwrap().len(), 1);
    let by = |f: NoteFilter| list_notes(&state, &f, None).unwrap().len();
    assert_eq!(by(NoteFilter { work: Some("鄉射禮".into()), ..all.clone() }), 1);
    assert_eq!(by(NoteFilter { work: Some("燕禮".into()), ..all.clone() }), 0);
    assert_eq!(by(NoteFilter { tag: Some("pun".into()), ..all.clone() }), 1);
    assert_eq!(by(NoteFilter { query: Some("楅犹".into()), ..all.clone() }), 1);
    assert_eq!(by(NoteFilter { query: Some("SELVAGE".into()), ..all.clone() }), 1);
    let f = note_facets(&state).unwrap();
    assert_eq!((f.works[0].value.as_str(), f.works[0].count), ("鄉射禮", 1));
    assert_eq!(f.tags[0].value, "pun");

    // Exports, and the Web Annotation JSON read back elsewhere.
    let md = export_notes(&state, "markdown", &all).unwrap();
    assert!(md.text.contains("> 楅猶幅也") && md.file_name.ends_with(".md"));
    let json = export_notes(&state, "json", &all).unwrap();
    assert!(json.text.contains("TextQuoteSelector"));
    let (other, _d2) = fresh();
    let r = import_notes(&other, &json.text).unwrap();
    assert_eq!((r.imported, r.skipped, r.orphaned), (1, 0, 0));
    let r = import_notes(&other, &json.text).unwrap();
    assert_eq!((r.imported, r.skipped), (0, 1));
}

#[test]
fn a_note_that_cannot_be_placed_is_listed_with_its_quote() {
    let (state, _dir) = fresh();
    let doc = serde_json::json!({
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "type": "Annotation",
        "id": "urn:uuid:7b0f1c9e-7d0a-4c61-9f67-3a3d2f1b9d11",
        "body": { "type": "TextualBody", "value": "lost", "format": "text/markdown" },
        "target": {
            "source": "urn:sheli:passage:xiangshe.zhushu.0003",
            "selector": [{ "type": "TextQuoteSelector", "exact": "這句話不在書中" }]
        }
    });
    let r = import_notes(&state, &doc.to_string()).unwrap();
    assert_eq!((r.imported, r.orphaned), (1, 1));
    let notes = list_notes(&state, &NoteFilter::default(), None).unwrap();
    assert!(notes[0].note.orphaned);
    assert_eq!(notes[0].quote, "這句話不在書中");
    let placed = passage_notes(&state, &["xiangshe.zhushu.0003".into()], None).unwrap();
    assert_eq!(placed.len(), 1);
    assert!(placed[0].span.is_none());
}

#[test]
fn note_html_carries_no_script() {
    let (state, _dir) = fresh();
    let sel = selection("楅猶幅也", Layer::Zhu, None);
    let body = "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) ![i](x.png)";
    let n = add_note(&state, &sel, body, &[], None).unwrap();
    for bad in ["<script", "<img", "onerror=\"", "href=\"javascript"] {
        assert!(!n.html.contains(bad), "{bad} in {}", n.html);
    }
    assert!(!render_markdown(&state, body).unwrap().contains("<script"));
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let (state, _dir) = fresh();
    let g = create_glossary(&state, "list", None).unwrap();
    let card = add_builtin_card(&state, g.id, "bi").unwrap();
    let sel = selection("楅猶幅也", Layer::Zhu, None);
    let note = add_note(&state, &sel, "kept", &[], None).unwrap().note;
    let before = snapshot(&state);
    let long = |n: usize| "長".repeat(n);

    let refused: Vec<(&str, ErrorKind)> = vec![
        ("unknown glossary", kind(rename_glossary(&state, 999, "x"))),
        ("zero id", kind(rename_glossary(&state, 0, "x"))),
        ("negative id", kind(delete_glossary(&state, -5))),
        ("unknown card", kind(update_card(&state, 999, &CardEdit::default()))),
        ("unknown note", kind(update_note(&state, 999, &NoteEdit::default(), None))),
        ("unknown note delete", kind(delete_note(&state, 999))),
        ("not deleted", kind(undelete_note(&state, note.id, None))),
        ("nothing to undo", kind(undo_note_edit(&state, note.id, None))),
        ("long name", kind(create_glossary(&state, &long(limits::NAME + 1), None))),
        ("empty name", kind(create_glossary(&state, "   ", None))),
        ("name with a line break", kind(rename_glossary(&state, g.id, "a\nb"))),
        ("duplicate name", kind(create_glossary(&state, "list", None))),
        (
            "long headword",
            kind(update_card(
                &state,
                card.id,
                &CardEdit { headword: Some(long(201)), ..CardEdit::default() },
            )),
        ),
        (
            "long definition",
            kind(add_new_card(
                &state,
                g.id,
                &NewCard {
                    headword: "x".into(),
                    definition: long(limits::DEFINITION + 1),
                    ..NewCard::default()
                },
            )),
        ),
        (
            "unknown linked passage",
            kind(update_card(
                &state,
                card.id,
                &CardEdit {
                    passages: Some(vec!["xiangshe.zhushu.9999".into()]),
                    ..CardEdit::default()
                },
            )),
        ),
        (
            "tag with a space",
            kind(update_card(
                &state,
                card.id,
                &CardEdit { tags: Some(vec!["two words".into()]), ..CardEdit::default() },
            )),
        ),
        ("long note", kind(add_note(&state, &sel, &long(limits::NOTE + 1), &[], None))),
        (
            "long note edit",
            kind(update_note(
                &state,
                note.id,
                &NoteEdit { body: Some(long(limits::NOTE + 1)), tags: None, colour: None },
                None,
            )),
        ),
        ("control characters", kind(add_note(&state, &sel, "a\u{0}b", &[], None))),
        (
            "empty selection",
            kind(add_note(
                &state,
                &TextSelection { end: sel.start, ..sel.clone() },
                "x",
                &[],
                None,
            )),
        ),
        (
            "selection past the end",
            kind(add_note(&state, &TextSelection { end: 100_000, ..sel.clone() }, "x", &[], None)),
        ),
        (
            "no such segment",
            kind(add_note(&state, &TextSelection { segment: 99, ..sel.clone() }, "x", &[], None)),
        ),
        (
            "unknown passage",
            kind(add_note(
                &state,
                &TextSelection { passage_id: "xiangshe.zhushu.9999".into(), ..sel.clone() },
                "x",
                &[],
                None,
            )),
        ),
        (
            "malformed passage id",
            kind(add_note(
                &state,
                &TextSelection { passage_id: "../../etc".into(), ..sel.clone() },
                "x",
                &[],
                None,
            )),
        ),
        (
            "punctuation only",
            kind(add_card_from_selection(&state, g.id, &selection("。", Layer::Zhu, None), None)),
        ),
        ("card into an unknown glossary", kind(add_card_from_selection(&state, 999, &sel, None))),
        ("bad grade", kind(review_grade(&state, g.id, card.id, "great"))),
        ("grade an unknown card", kind(review_grade(&state, g.id, 999, "good"))),
        ("history limit", kind(review_history(&state, g.id, 0))),
        ("export format", kind(export_glossary(&state, g.id, "xlsx"))),
        ("notes export format", kind(export_notes(&state, "pdf", &NoteFilter::default()))),
        ("import format", kind(import_glossary(&state, "{}", "csv", None))),
        ("long query", kind(list_cards(&state, g.id, Some(&long(MAX_QUERY + 1))))),
        (
            "too many passages",
            kind(passage_notes(&state, &vec!["xiangshe.zhushu.0001".to_owned(); 201], None)),
        ),
        ("empty import", kind(import_notes(&state, "  "))),
        (
            "malformed JSON glossary",
            kind(import_glossary(&state, "{\"format\": \"sheli-glossary\", ", "json", None)),
        ),
        (
            "JSON of another format",
            kind(import_glossary(&state, "{\"format\": \"other\", \"version\": 1}", "json", None)),
        ),
        (
            "a glossary from a newer Sheli",
            kind(import_glossary(
                &state,
                "{\"format\": \"sheli-glossary\", \"version\": 99, \"name\": \"n\", \"cards\": []}",
                "auto",
                None,
            )),
        ),
        (
            "comma-separated TSV",
            kind(import_glossary(&state, "#separator:comma\na,b\n", "tsv", None)),
        ),
        (
            "a TSV card with a bad passage",
            kind(import_glossary(
                &state,
                "#separator:tab\n#columns:Front\tBack\tTags\tReading\tDefinition\tSheli card\tPassages\n楅\t\t\t\t\t\txiangshe.zhushu.9999\n",
                "tsv",
                Some("bad"),
            )),
        ),
        ("malformed annotations", kind(import_notes(&state, "[{\"type\": \"Annotation\"}"))),
        (
            "annotations on another text",
            kind(import_notes(
                &state,
                "{\"type\": \"Annotation\", \"target\": \"http://example.com/\"}",
            )),
        ),
    ];
    for (what, k) in &refused {
        assert!(
            matches!(k, ErrorKind::InvalidInput | ErrorKind::NotFound | ErrorKind::Conflict),
            "{what}: {k:?}"
        );
    }
    assert_eq!(snapshot(&state), before, "a refused command changed something");

    // Every refusal reads as a sentence, and serializes as kind + message.
    let e = rename_glossary(&state, 999, "x").unwrap_err();
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["kind"], "not_found");
    assert_eq!(v["message"], "there is no glossary 999");
    let e = create_glossary(&state, &long(101), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a glossary's name is too long: 101 characters, at most 100 are allowed"
    );
    let e = import_glossary(&state, "{ nope", "json", None).unwrap_err();
    assert!(
        e.to_string().starts_with("the glossary file could not be read: it is not valid JSON"),
        "{e}"
    );
}

#[test]
fn an_oversized_import_is_refused_before_parsing() {
    let (state, _dir) = fresh();
    let big = "x".repeat(limits::IMPORT_BYTES + 1);
    assert_eq!(kind(import_notes(&state, &big)), ErrorKind::InvalidInput);
    assert_eq!(kind(import_glossary(&state, &big, "auto", None)), ErrorKind::InvalidInput);
    assert!(my_glossaries(&state).unwrap().is_empty());
}

#[test]
fn a_store_from_a_newer_sheli_leaves_the_app_usable_and_the_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(store::STORE_FILE);
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(&format!(
            "PRAGMA application_id = {}; PRAGMA user_version = 999;",
            store::APPLICATION_ID
        ))
        .unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    let state = state_in(dir.path());
    let e = my_glossaries(&state).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Incompatible);
    assert!(e.to_string().contains("newer version of Sheli"), "{e}");
    assert_eq!(
        kind(add_note(&state, &selection("楅猶幅也", Layer::Zhu, None), "x", &[], None)),
        ErrorKind::Incompatible
    );
    // The rest of the app works.
    assert!(super::super::commands::get_settings(&state).is_ok());
    assert!(super::super::commands::passage(&state, "xiangshe.zhushu.0001", None).is_ok());
    drop(state);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

/// The HTML the store makes of hostile note bodies, for the UI's test that
/// none of it reaches the page (`ui/src/test/note-html.json`, regenerated
/// with `make bindings`).
#[test]
fn note_html_bindings_are_fresh() {
    let inputs = [
        "<script>alert('x')</script>",
        "<img src=x onerror=\"alert('x')\">",
        "[click](javascript:alert('x'))",
        "[click](  JaVaScRiPt:alert('x'))",
        "![pic](javascript:alert('x'))",
        "<a href=\"javascript:alert('x')\">a</a> <iframe src=\"x\"></iframe>",
        "*fine* and **bold** with [a link](https://example.org) and `code`",
        "<svg onload=alert(1)><style>body{display:none}</style>",
    ];
    let cases: Vec<serde_json::Value> = inputs
        .iter()
        .map(|m| serde_json::json!({ "markdown": m, "html": markdown::render(m) }))
        .collect();
    let text = serde_json::to_string_pretty(&cases).unwrap() + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/test/note-html.json");
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        text,
        "ui/src/test/note-html.json is stale: run `make bindings`"
    );
}

#[test]
fn a_coloured_note_on_two_passages_in_the_displayed_script() {
    let (state, _dir) = fresh();
    let script = Some(DisplayScript::Simplified);
    let first = selection("楅猶幅也", Layer::Zhu, script);
    let n = add_note(&state, &first, "two places", &[], Some(store::NoteColour::Pink)).unwrap();
    assert_eq!(n.note.colour, store::NoteColour::Pink);
    // A selection in another passage, made in simplified script.
    let second = selection("坐奠觶", Layer::Jing, script);
    assert_ne!(second.passage_id, first.passage_id);
    let both = add_note_anchor(&state, n.note.id, &second).unwrap();
    assert_eq!(both.note.more_anchors[0].exact, "坐奠觶", "the original text is kept");
    assert_eq!(both.more_quotes, vec!["坐奠觯".to_string()], "quoted as displayed");

    // Each passage shows the note, placed by its own anchor.
    let views =
        passage_notes(&state, &[first.passage_id.clone(), second.passage_id.clone()], script)
            .unwrap();
    assert_eq!(views.len(), 2);
    let there = views.iter().find(|v| v.passage.as_deref() == Some(&second.passage_id)).unwrap();
    assert_eq!(there.anchor, 1);
    let span = there.span.unwrap();
    assert_eq!((span.segment, span.start, span.end), (second.segment, second.start, second.end));
    let here = views.iter().find(|v| v.passage.as_deref() == Some(&first.passage_id)).unwrap();
    assert_eq!(here.anchor, 0);

    // Facets and filters see both anchors and the colour.
    let f = note_facets(&state).unwrap();
    assert_eq!((f.colours[0].value.as_str(), f.colours[0].count), ("pink", 1));
    let layers: Vec<&str> = f.layers.iter().map(|l| l.value.as_str()).collect();
    assert_eq!(layers, ["注", "經"]);
    let by = |f: NoteFilter| list_notes(&state, &f, None).unwrap().len();
    assert_eq!(by(NoteFilter { layer: Some(Layer::Jing), ..Default::default() }), 1);
    assert_eq!(by(NoteFilter { colour: Some(store::NoteColour::Blue), ..Default::default() }), 0);

    // Bad input is refused and changes nothing.
    let before = snapshot(&state);
    assert_eq!(kind(add_note_anchor(&state, 0, &second)), ErrorKind::InvalidInput);
    assert_eq!(kind(add_note_anchor(&state, 999, &second)), ErrorKind::NotFound);
    assert_eq!(kind(add_note_anchor(&state, n.note.id, &second)), ErrorKind::InvalidInput);
    assert_eq!(kind(remove_note_anchor(&state, n.note.id, 99, None)), ErrorKind::InvalidInput);
    assert_eq!(kind(remove_note_anchor(&state, n.note.id, 5, None)), ErrorKind::InvalidInput);
    assert_eq!(snapshot(&state), before);
    let one = remove_note_anchor(&state, n.note.id, 1, None).unwrap();
    assert!(one.note.more_anchors.is_empty());
}

/// A crash while writing a new note leaves its draft: the Notes view is
/// told of it (with no note, its place in the key) as of an edit's; once
/// saved or discarded it is not listed.
#[test]
fn drafts_of_new_notes_are_listed_with_edits_drafts() {
    let (state, _dir) = fresh();
    let new_key = "new:xiangshe.zhushu.0001:1:2:4";
    save_note_draft(&state, new_key, "half a thought", "t", "yellow").unwrap();
    let listed = note_drafts(&state, None).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].draft.key.as_str(), listed[0].draft.body.as_str()),
        (new_key, "half a thought")
    );
    assert!(listed[0].note.is_none());
    clear_note_draft(&state, new_key).unwrap();
    assert!(note_drafts(&state, None).unwrap().is_empty());

    // An edit's draft comes with its note; with none once the note is
    // deleted, and none (not an error) once it is purged.
    let sel = selection("楅猶幅也", Layer::Zhu, None);
    let n = add_note(&state, &sel, "kept", &[], None).unwrap().note;
    let key = sheli_store::note_drafts::edit_key(n.id);
    save_note_draft(&state, &key, "kept, and more", "", "").unwrap();
    let note_of = |state: &AppState| {
        let listed = note_drafts(state, None).unwrap();
        assert_eq!(listed.len(), 1);
        listed[0].note.as_ref().map(|v| v.note.id)
    };
    assert_eq!(note_of(&state), Some(n.id));
    delete_note(&state, n.id).unwrap();
    assert_eq!(note_of(&state), None);
    state.store.lock().unwrap().purge_deleted_notes(i64::MAX).unwrap();
    assert!(state.store.lock().unwrap().note(n.id).is_err(), "purged");
    assert_eq!(note_of(&state), None);
}

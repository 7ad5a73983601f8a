//! Listing a page at a time (the window's Notes view and a glossary's card
//! list): each page is the next run of the whole list in its order, the
//! total counts every match, and a folded search covers all notes or cards,
//! not only the page shown.

use std::sync::Arc;

use sheli_corpus::{Corpus, SourceInfo};
use sheli_store::{NewCard, NewNote, NoteEdit, NoteFilter, Selection, Store};

/// A corpus of one plain text (source `user.test`, work 測試).
fn corpus_of(text: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(SourceInfo::user_text("user.test", "測試", "test.txt"), Arc::from(text)).unwrap();
    c
}

#[test]
fn notes_come_a_page_at_a_time_with_the_total_and_search_covers_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let c = corpus_of("[經]主人戒賓，賓出迎，再拜。\n");
    let mut s = Store::open_in(dir.path()).unwrap();
    for i in 0..450 {
        // Every 100th note says 觶, to be found by its simplified form 觯.
        let body = if i % 100 == 7 { format!("note {i} on the 觶") } else { format!("note {i}") };
        let selection = Selection::from_quote(&c, "user.test.0001", "賓", None, 1 + i % 2).unwrap();
        s.add_note(&c, &NewNote { selection, body, ..Default::default() }).unwrap();
    }
    drop(s);
    // A real file opened again, as the window does at its next start.
    let s = Store::open_in(dir.path()).unwrap();
    let all = NoteFilter::default();
    let whole: Vec<i64> = s.notes(&all).unwrap().iter().map(|n| n.id).collect();
    assert_eq!(whole.len(), 450);

    let (first, total) = s.notes_page(&all, 0, 200).unwrap();
    assert_eq!((first.len(), total), (200, 450));
    let (second, _) = s.notes_page(&all, 200, 200).unwrap();
    let (last, total) = s.notes_page(&all, 400, 200).unwrap();
    assert_eq!((last.len(), total), (50, 450), "the last page holds what is left");
    let paged: Vec<i64> = first.iter().chain(&second).chain(&last).map(|n| n.id).collect();
    assert_eq!(paged, whole, "the pages are the whole list in its order, nothing twice or lost");
    assert_eq!(
        s.notes_page(&all, 450, 200).unwrap(),
        (vec![], 450),
        "past the end: none, same total"
    );

    // The search runs over all 450 notes (five say 觶, three of them past
    // the first page), then pages.
    let q = NoteFilter { query: Some("觯".into()), ..Default::default() };
    let (found, total) = s.notes_page(&q, 0, 2).unwrap();
    assert_eq!(total, 5);
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|n| n.body.contains('觶')));
    let (rest, _) = s.notes_page(&q, 2, 200).unwrap();
    assert_eq!(rest.len(), 3);
    assert!(rest.iter().any(|n| n.body == "note 407 on the 觶"), "a note far past the first page");

    // The latest first (the reader's Add-to-note picker): the note last
    // written heads the first page, an edit brings an old note to the top,
    // and the search still covers every note.
    let recent = NoteFilter { recent: Some(true), ..Default::default() };
    let (latest, total) = s.notes_page(&recent, 0, 3).unwrap();
    assert_eq!(total, 450);
    assert_eq!(latest[0].body, "note 449");
    let mut s = s;
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let edit = NoteEdit { body: Some("note 0, edited".into()), ..Default::default() };
    s.update_note(whole[0], &edit).unwrap();
    let (latest, _) = s.notes_page(&recent, 0, 3).unwrap();
    assert_eq!(latest[0].body, "note 0, edited");
    let q = NoteFilter { query: Some("觯".into()), recent: Some(true), ..Default::default() };
    let (found, total) = s.notes_page(&q, 0, 1).unwrap();
    assert_eq!((found[0].body.as_str(), total), ("note 407 on the 觶", 5));
}

#[test]
fn a_glossarys_cards_come_a_page_at_a_time_and_search_covers_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let c = corpus_of("[經]主人戒賓。\n");
    let mut s = Store::open_in(dir.path()).unwrap();
    let g = s.create_glossary("big", "").unwrap().id;
    for i in 0..250 {
        let definition = if i == 240 { "a cup, 觶".to_owned() } else { format!("def {i}") };
        let tags = vec![format!("t{}", i % 3)];
        s.add_card(
            &c,
            g,
            &NewCard { headword: format!("字{i}"), definition, tags, ..Default::default() },
        )
        .unwrap();
    }
    let whole: Vec<i64> = s.cards(g).unwrap().iter().map(|c| c.id).collect();
    let (first, total) = s.search_glossary_page(g, "", 0, 200).unwrap();
    assert_eq!((first.len(), total), (200, 250));
    assert_eq!(first[0].headword, "字0");
    assert_eq!(first[5].tags, vec!["t2".to_owned()], "a page's cards carry their tags");
    let (rest, _) = s.search_glossary_page(g, "", 200, 200).unwrap();
    assert_eq!(rest.len(), 50);
    let paged: Vec<i64> = first.iter().chain(&rest).map(|c| c.id).collect();
    assert_eq!(paged, whole);

    let (found, total) = s.search_glossary_page(g, "觯", 0, 200).unwrap();
    assert_eq!(total, 1);
    assert_eq!(found[0].headword, "字240", "found past the first page");
    assert!(s.search_glossary_page(g + 1, "", 0, 200).is_err(), "no such glossary");
}

#[test]
fn a_notes_draft_is_kept_read_back_after_reopening_and_cleared_by_saving_the_note() {
    use sheli_store::NoteEdit;
    use sheli_store::note_drafts::edit_key;
    let dir = tempfile::tempdir().unwrap();
    let c = corpus_of("[經]主人戒賓，賓出迎，再拜。\n");
    let mut s = Store::open_in(dir.path()).unwrap();
    let selection = Selection::from_quote(&c, "user.test.0001", "賓", None, 1).unwrap();
    let n =
        s.add_note(&c, &NewNote { selection, body: "first".into(), ..Default::default() }).unwrap();
    let key = edit_key(n.id);
    s.save_note_draft(&key, "first, then typed", "a b", "green").unwrap();
    s.save_note_draft(&key, "first, then typed more", "a b", "green").unwrap();
    s.save_note_draft("new:user.test.0001:0:2:3", "a new note", "", "yellow").unwrap();
    // As after a crash: the file opened again holds the last draft of each.
    drop(s);
    let mut s = Store::open_in(dir.path()).unwrap();
    let d = s.note_draft(&key).unwrap().expect("the draft kept");
    assert_eq!(
        (d.body.as_str(), d.tags.as_str(), d.colour.as_str()),
        ("first, then typed more", "a b", "green")
    );
    assert_eq!(s.note_drafts().unwrap().len(), 2);
    assert_eq!(s.note(n.id).unwrap().body, "first", "a draft is not the note");

    // Saving the note spends its draft; the new note's stays until cleared.
    s.update_note(n.id, &NoteEdit { body: Some(d.body.clone()), ..Default::default() }).unwrap();
    assert_eq!(s.note_draft(&key).unwrap(), None);
    assert!(s.note_draft("new:user.test.0001:0:2:3").unwrap().is_some());
    s.clear_note_draft("new:user.test.0001:0:2:3").unwrap();
    assert!(s.note_drafts().unwrap().is_empty());
    let bogus = s.save_note_draft("bogus", "x", "", "").unwrap_err();
    assert_eq!(
        bogus.code().id(),
        "store.refused.draft_key",
        "a key naming no editor is refused, and says so"
    );
}

#[test]
fn another_sheli_writing_moves_the_stamp_and_this_ones_own_writes_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let c = corpus_of("[經]主人戒賓，賓出迎，再拜。\n");
    let mut window = Store::open_in(dir.path()).unwrap();
    let before = window.changed_elsewhere_stamp().unwrap();
    let selection = Selection::from_quote(&c, "user.test.0001", "賓", None, 1).unwrap();
    window
        .add_note(
            &c,
            &NewNote { selection: selection.clone(), body: "mine".into(), ..Default::default() },
        )
        .unwrap();
    assert_eq!(window.changed_elsewhere_stamp().unwrap(), before, "its own write");
    let mut cli = Store::open_in(dir.path()).unwrap();
    cli.add_note(&c, &NewNote { selection, body: "theirs".into(), ..Default::default() }).unwrap();
    assert_ne!(window.changed_elsewhere_stamp().unwrap(), before, "another's write");
}

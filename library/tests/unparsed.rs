//! A library opened without reading the user's texts (`sheli search`,
//! `sheli char`): it answers from the index the full library built, keeps
//! using it while nothing changed, notices a text changed behind Sheli's
//! back, and never rebuilds again and again over a text the full open
//! leaves out.

use std::path::Path;

use sheli_index::SearchRequest;
use sheli_library::{Library, import};

fn count(library: &Library, query: &str) -> (u64, bool) {
    let opened = library.open_index(&mut |_| {}).unwrap();
    let req = SearchRequest { query: query.into(), limit: 1, ..Default::default() };
    (opened.index.search(&req).unwrap().total_occurrences, opened.rebuilt.is_some())
}

fn add_text(data: &Path, dir: &Path, name: &str, text: &str) {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    import(data, &[file], Some("龍書"), &mut |_, _, _| {}).unwrap();
}

/// The file the import wrote into the data folder.
fn imported_file(data: &Path) -> std::path::PathBuf {
    std::fs::read_dir(data.join("texts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "txt"))
        .unwrap()
}

#[test]
fn the_unparsed_library_lists_the_texts_and_answers_from_the_full_index() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    add_text(&data, dir.path(), "long.txt", "[經]龘龘然而行。\n");
    let unparsed = Library::open_unparsed(&data).unwrap();
    let user = unparsed.corpus.sources().iter().find(|s| s.info.user).expect("the text is listed");
    assert!(!user.parsed && unparsed.corpus.passages_of(&user.info.id).is_empty());
    // First open: the index is built (from the full library) and answers.
    assert_eq!(count(&unparsed, "龘"), (2, true));
    // Then both kinds of library find it current.
    assert_eq!(count(&Library::open_unparsed(&data).unwrap(), "龘"), (2, false));
    assert_eq!(count(&Library::open(&data).unwrap(), "龘"), (2, false));
}

#[test]
fn a_text_changed_behind_sheli_s_back_is_noticed_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    add_text(&data, dir.path(), "long.txt", "[經]龘龘然而行。\n");
    assert_eq!(count(&Library::open_unparsed(&data).unwrap(), "龘").0, 2);
    let file = imported_file(&data);
    std::fs::write(&file, "[經]龘龘龘然而行,靐然。\n").unwrap();
    // Edited outside Sheli, it is no longer the text imported (its checksum
    // differs from the manifest's): left out as damaged (the outside
    // tester's F7), and the index follows.
    let lib = Library::open_unparsed(&data).unwrap();
    assert!(lib.skipped.iter().any(|s| s.to_string().contains("damaged")), "{:?}", lib.skipped);
    let (n, rebuilt) = count(&lib, "龘");
    assert_eq!((n, rebuilt), (0, true));
    assert_eq!(count(&Library::open_unparsed(&data).unwrap(), "靐"), (0, false));
}

#[test]
fn a_text_the_full_library_leaves_out_does_not_rebuild_every_search() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    add_text(&data, dir.path(), "long.txt", "[經]龘龘然而行。\n");
    let file = imported_file(&data);
    // No longer UTF-8: the full open skips it; the listing cannot tell.
    std::fs::write(&file, b"\xff\xfe\x00broken").unwrap();
    assert_eq!(count(&Library::open_unparsed(&data).unwrap(), "射").1, true);
    for _ in 0..2 {
        let (n, rebuilt) = count(&Library::open_unparsed(&data).unwrap(), "射");
        assert!(n > 0);
        assert!(!rebuilt, "the index the full library built is current for it: no rebuild");
    }
    assert_eq!(count(&Library::open_unparsed(&data).unwrap(), "龘").0, 0);
}

//! The library as the window opens it (`Library::open_lazy`): the user's
//! texts are listed, not read, at open; each is read and parsed the first
//! time its passages are asked for, the same as a full open parses it; a
//! text that cannot be read then is reported and the others work; the
//! index is built from every text without the library keeping them.

use std::path::{Path, PathBuf};

use sheli_index::SearchRequest;
use sheli_library::{Library, import};

fn add_text(data: &Path, dir: &Path, name: &str, work: &str, text: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let report = import(data, &[file], Some(work), &mut |_, _, _| {}).unwrap();
    report.imported[0].id.clone()
}

fn file_of(lib: &Library, id: &str) -> PathBuf {
    lib.dir.join("texts").join(&lib.corpus.source(id).unwrap().info.file)
}

const LONG: &str = "[題]第一\n\n[經]龘龘然而行。\n\n[注]龘,龍行貌。\n\n[經]靐然。\n";

#[test]
fn nothing_is_read_at_open_and_the_first_read_parses_as_the_full_open() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let id = add_text(&data, dir.path(), "long.txt", "龍書", LONG);
    let full = Library::open(&data).unwrap();

    let lazy = Library::open_lazy(&data).unwrap();
    assert!(lazy.skipped.is_empty() && lazy.left_out().is_empty());
    assert!(lazy.corpus.source(&id).is_some(), "listed");
    assert!(!lazy.corpus.is_read(&id), "not read at open");
    // Listed with what the import recorded, still unread.
    let counts = lazy.corpus.known_counts(&id).expect("recorded at import");
    assert_eq!(counts, sheli_corpus::TextCounts::of(&full.corpus, &id));
    assert_eq!(counts.passages, full.corpus.passages_of(&id).len());
    assert_eq!(counts.layers["注"], 1);
    assert!(!lazy.corpus.is_read(&id));

    let read = lazy.corpus.passages_of(&id);
    assert!(lazy.corpus.is_read(&id));
    assert_eq!(format!("{read:?}"), format!("{:?}", full.corpus.passages_of(&id)));
    let p = &full.corpus.passages_of(&id)[1];
    assert_eq!(lazy.corpus.position(p, 0, 0), full.corpus.position(p, 0, 0));
}

#[test]
fn a_text_garbled_after_open_is_reported_when_read_and_the_others_work() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let bad = add_text(&data, dir.path(), "bad.txt", "龍書", LONG);
    let good = add_text(&data, dir.path(), "good.txt", "鳳書", "[經]鳳鳴于岐。\n");
    let gone = add_text(&data, dir.path(), "gone.txt", "虎書", "[經]虎嘯。\n");

    let lib = Library::open_lazy(&data).unwrap();
    // Changed behind Sheli's back after the open: not UTF-8, and removed.
    std::fs::write(file_of(&lib, &bad), b"\xff\xfe\x00not text").unwrap();
    std::fs::remove_file(file_of(&lib, &gone)).unwrap();
    assert!(lib.left_out().is_empty(), "nothing read, nothing reported yet");

    assert!(lib.corpus.passages_of(&bad).is_empty());
    assert!(lib.corpus.try_passages_of(&gone).is_err());
    let left: Vec<(String, sheli_library::Reason)> =
        lib.left_out().into_iter().map(|s| (s.id, s.reason)).collect();
    assert_eq!(left.len(), 2, "{left:?}");
    assert_eq!(left[0].0, bad);
    // Typed, so the window says it in the reader's language: the system's
    // words only as the detail of "cannot be read", a gone file as missing.
    assert_eq!(left[0].1.code, sheli_library::ReasonCode::Unreadable, "{left:?}");
    assert!(left[0].1.param("detail").is_some_and(|d| d.contains("UTF-8")), "{left:?}");
    assert_eq!(left[1].0, gone);
    assert_eq!(left[1].1.code, sheli_library::ReasonCode::Missing, "{left:?}");
    assert!(left[1].1.to_string().contains("missing"), "{left:?}");
    let said = lib.left_out()[0].to_string();
    assert!(said.starts_with(&format!("your text {bad} (")), "{said}");

    assert_eq!(lib.corpus.passages_of(&good).len(), 1);
    assert!(lib.corpus.passage("xiangshe.zhushu.0001").is_ok());
    assert!(lib.corpus.passage(&format!("{good}.0001")).is_ok());
}

#[test]
fn the_index_is_built_from_every_text_without_the_library_keeping_them() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let id = add_text(&data, dir.path(), "long.txt", "龍書", LONG);
    let search = |lib: &Library| {
        let opened = lib.open_index(&mut |_| {}).unwrap();
        let req = SearchRequest { query: "龘".into(), limit: 1, ..Default::default() };
        (opened.index.search(&req).unwrap().total_occurrences, opened.rebuilt.is_some())
    };
    let lazy = Library::open_lazy(&data).unwrap();
    assert_eq!(search(&lazy), (3, true), "built, with the user's text");
    assert!(!lazy.corpus.is_read(&id), "read for the build only");
    // The same index is current for every way of opening the library.
    assert_eq!(search(&Library::open_lazy(&data).unwrap()), (3, false));
    assert_eq!(search(&Library::open(&data).unwrap()), (3, false));
    assert_eq!(search(&Library::open_unparsed(&data).unwrap()), (3, false));
}

#[test]
fn a_text_unreadable_at_the_build_is_left_out_of_the_index_which_stays_current() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let id = add_text(&data, dir.path(), "long.txt", "龍書", LONG);
    let lazy = Library::open_lazy(&data).unwrap();
    std::fs::write(file_of(&lazy, &id), b"\xff\xfe").unwrap();
    let lazy = Library::open_lazy(&data).unwrap();
    let opened = lazy.open_index(&mut |_| {}).unwrap();
    assert!(opened.rebuilt.is_some());
    let req = SearchRequest { query: "射".into(), limit: 1, ..Default::default() };
    assert!(opened.index.search(&req).unwrap().total_occurrences > 0, "the built-in texts");
    drop(opened);
    let again = Library::open_lazy(&data).unwrap().open_index(&mut |_| {}).unwrap();
    assert!(again.rebuilt.is_none(), "not rebuilt at every open");
}

#[test]
fn a_manifest_without_recorded_counts_still_lists_its_texts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let id = add_text(&data, dir.path(), "long.txt", "龍書", LONG);
    let manifest = data.join("texts/manifest.toml");
    let written = std::fs::read_to_string(&manifest).unwrap();
    assert!(written.contains("[counts."), "{written}");
    // As an earlier version wrote it.
    let mut m: sheli_library::UserManifest = toml::from_str(&written).unwrap();
    m.counts.clear();
    std::fs::write(&manifest, toml::to_string(&m).unwrap()).unwrap();
    let lib = Library::open_lazy(&data).unwrap();
    assert_eq!(lib.corpus.known_counts(&id), None);
    assert_eq!(lib.corpus.passages_of(&id).len(), 3);
    assert_eq!(lib.corpus.known_counts(&id).map(|c| c.passages), Some(3));
}

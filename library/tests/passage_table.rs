//! An imported text is written with its table of passages, and the library
//! reads one of its passages alone from its place in the file: the passage
//! a whole reading gives, without the text being read whole (`sheli show`
//! of one passage of a 180 MB file parsed all of it, 2.4 s and 848 MB). A
//! text without its table (imported by an earlier version) is read whole,
//! as before.

use sheli_library::{Library, import};

/// About 3 MB without a blank line, headed, then a short 注 paragraph.
fn text() -> String {
    let han: Vec<char> = "鄉射之禮主人戒賓出迎再拜答乃請辭許升就席獻酢酬旅".chars().collect();
    let mut t = String::from("[題]第一\n\n");
    for k in 0..3500 {
        t.extend((0..299).map(|i| han[(i * 7 + k) % han.len()]));
        t.push_str("。\n");
    }
    t.push_str("\n[注]戒，警也。\n");
    t
}

#[test]
fn an_imported_passage_is_read_alone_from_its_place() {
    let data = tempfile::tempdir().unwrap();
    let inputs = tempfile::tempdir().unwrap();
    let file = inputs.path().join("big.txt");
    std::fs::write(&file, text()).unwrap();
    let report = import(data.path(), &[file], None, &mut |_, _, _| {}).unwrap();
    let id = report.imported[0].id.clone();
    let texts = data.path().join("texts");
    assert!(texts.join(format!("{id}.passages")).is_file(), "the table is written beside the text");

    let whole = Library::open(data.path()).unwrap().corpus;
    let lazy = Library::open_lazy(data.path()).unwrap().corpus;
    let all = whole.passages_of(&id);
    assert!(all.len() > 40, "{} passages", all.len());
    for p in [&all[0], &all[20], &all[all.len() - 1]] {
        let q = lazy.passage(&p.id).unwrap();
        assert_eq!(format!("{q:?}"), format!("{p:?}"));
        assert_eq!(lazy.line_span(q), whole.line_span(p));
        assert_eq!(lazy.position(q, 0, 5), whole.position(p, 0, 5));
    }
    assert!(!lazy.is_read(&id), "the text was not read whole for its passages");

    // Without its table, the same passage, the text read whole.
    std::fs::remove_file(texts.join(format!("{id}.passages"))).unwrap();
    let old = Library::open_lazy(data.path()).unwrap().corpus;
    let q = old.passage(&all[20].id).unwrap();
    assert_eq!(format!("{q:?}"), format!("{:?}", all[20]));
    assert!(old.is_read(&id));
}

//! What `sheli import` reads and what the library does with a user's texts:
//! only regular files of bounded size are read (a FIFO, a device or an
//! oversized file is refused before it is read), a work is named, not merged
//! into a built-in one, and a text that cannot be used is skipped and
//! reported while everything else works.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sheli_library::{Library, import};

fn import_paths(data: &Path, paths: &[PathBuf], work: Option<&str>) -> Result<(), String> {
    import(data, paths, work, &mut |_, _, _| {}).map(|_| ()).map_err(|e| e.to_string())
}

/// Runs `f` on a thread and fails the test if it has not returned in 20 s
/// (a regression that blocks must fail, not hang the suite).
fn within_20s<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(20)).expect("the import did not return within 20 s")
}

#[test]
fn a_fifo_a_device_or_an_oversized_file_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let fifo = dir.path().join("pipe.txt");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (d, f) = (data.clone(), fifo.clone());
    let e = within_20s(move || import_paths(&d, &[f], None)).unwrap_err();
    assert!(e.contains("not a regular file"), "{e}");

    let d = data.clone();
    let e = within_20s(move || import_paths(&d, &[PathBuf::from("/dev/zero")], None)).unwrap_err();
    assert!(e.contains("not a regular file"), "{e}");

    // A sparse file one byte over the limit: refused from its size alone.
    let big = dir.path().join("big.txt");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(sheli_corpus::import::MAX_IMPORT_BYTES as u64 + 1).unwrap();
    let e = import_paths(&data, &[big], None).unwrap_err();
    assert!(e.contains("too large") && e.contains("at most"), "{e}");
    // Nothing was imported.
    assert!(!data.join("texts/manifest.toml").exists());
}

#[test]
fn a_work_is_named_and_never_merged_into_a_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("zhouli.txt");
    std::fs::write(&file, "[經]惟王建國。\n").unwrap();
    for (work, expect) in [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("大射儀", "built-in work"),
        ("大射仪", "built-in work"),
        ("鄉射禮", "built-in work"),
        ("a\nb", "one line"),
        // The outside tester's F20: a right-to-left override, and a name
        // that closed the citation's title early.
        ("\u{202e}\u{645}", "text-direction"),
        ("怪》，xiangshe.zhushu.0300，", "may not hold"),
    ] {
        let e = import_paths(&data, std::slice::from_ref(&file), Some(work)).unwrap_err();
        assert!(e.contains(expect), "--work {work:?}: {e}");
    }
    import_paths(&data, &[file], Some(" 周禮 ")).unwrap();
    let lib = Library::open(&data).unwrap();
    let mine = lib.corpus.sources().iter().find(|s| s.info.user).unwrap();
    assert_eq!(mine.info.work, "周禮", "trimmed");
}

#[test]
fn a_text_that_cannot_be_used_is_skipped_and_reported_and_the_rest_works() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for (name, text) in [
        ("a.txt", "[經]甲乙丙丁。\n"),
        ("b.txt", "[經]戊己庚辛。\n"),
        ("c.txt", "[經]壬癸子丑。\n"),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        import_paths(&data, &[p], None).unwrap();
    }
    let lib = Library::open(&data).unwrap();
    let users: Vec<_> = lib.corpus.sources().iter().filter(|s| s.info.user).collect();
    assert_eq!(users.len(), 3);
    let (a, b) = (users[0].info.file.clone(), users[1].info.file.clone());
    // One text deleted, one no longer UTF-8, and the list edited to name a
    // file outside the texts folder.
    std::fs::remove_file(data.join("texts").join(&a)).unwrap();
    std::fs::write(data.join("texts").join(&b), [0xff, 0xfe, 0x00]).unwrap();
    let manifest = std::fs::read_to_string(data.join("texts/manifest.toml")).unwrap();
    std::fs::write(
        data.join("texts/manifest.toml"),
        manifest
            + "\n[[source]]\nid = \"user.evil\"\nfile = \"../../../etc/passwd\"\norigin = \"x\"\n\
               sha256 = \"\"\nwork = \"x\"\nedition = \"x\"\nscript = \"traditional\"\nformat = \"plain\"\n",
    )
    .unwrap();
    let lib = Library::open(&data).unwrap();
    let users = lib.corpus.sources().iter().filter(|s| s.info.user).count();
    assert_eq!(users, 1, "the good text is there");
    let reasons: Vec<String> = lib.skipped.iter().map(|s| s.to_string()).collect();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    assert!(reasons.iter().any(|r| r.contains(&a)), "{reasons:?}");
    assert!(reasons.iter().any(|r| r.contains(&b)), "{reasons:?}");
    assert!(
        reasons.iter().any(|r| r.contains("user.evil") && r.contains("plain name")),
        "{reasons:?}"
    );
    // The index builds over what is there.
    let opened = lib.open_index(&mut |_| {}).unwrap();
    assert!(opened.index.num_segments() > 1000);

    // A list that is not TOML at all: no user texts, the built-in ones work.
    std::fs::write(data.join("texts/manifest.toml"), "[[source]\nid =").unwrap();
    let lib = Library::open(&data).unwrap();
    assert_eq!(lib.corpus.sources().iter().filter(|s| s.info.user).count(), 0);
    assert_eq!(lib.skipped.len(), 1);
    assert!(lib.skipped[0].to_string().contains("damaged"), "{}", lib.skipped[0]);
    assert_eq!(lib.skipped[0].reason.code, sheli_library::ReasonCode::List);
    assert!(lib.skipped[0].id.is_empty());
}

/// The outside tester's F20: a folder's sub-folders were skipped without a
/// word; the report names them.
#[test]
fn a_folders_sub_folders_are_named_as_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let folder = dir.path().join("texts");
    std::fs::create_dir_all(folder.join("more")).unwrap();
    std::fs::write(folder.join("a.txt"), "[經]惟王建國。\n").unwrap();
    std::fs::write(folder.join("more/b.txt"), "[經]辨方正位。\n").unwrap();
    let report = import(&data, &[folder.clone()], Some("周禮"), &mut |_, _, _| {}).unwrap();
    assert_eq!(report.imported.len(), 1);
    assert_eq!(report.skipped_folders, [folder.join("more").display().to_string()]);
}

/// The outside tester's F7: a text overwritten on disk after its import was
/// listed as a fine text with 0 passages. Its checksum no longer matches the
/// manifest's, so it is left out as damaged — also when it is the same size
/// — by every way of opening the library; a text found right is remembered
/// outside `texts/` (which backups carry), and a later change still found.
#[test]
fn a_text_damaged_on_disk_is_left_out_as_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for (name, text) in [("a.txt", "[經]甲乙丙丁。\n"), ("b.txt", "[經]戊己庚辛。\n")] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        import_paths(&data, &[p], None).unwrap();
    }
    let lib = Library::open_unparsed(&data).unwrap();
    assert!(lib.skipped.is_empty(), "{:?}", lib.skipped);
    assert!(data.join(".verified").is_file(), "the right texts are remembered");
    assert!(!data.join("texts/.verified").exists());
    let users: Vec<_> = lib.corpus.sources().iter().filter(|s| s.info.user).collect();
    let (a, b) = (users[0].info.file.clone(), users[1].info.file.clone());
    // a: random bytes; b: the same length, one character changed.
    std::fs::write(data.join("texts").join(&a), [0x9f, 0x00, 0xff, 0x41]).unwrap();
    let text_b = std::fs::read_to_string(data.join("texts").join(&b)).unwrap();
    std::fs::write(data.join("texts").join(&b), text_b.replace('戊', "甲")).unwrap();
    for lib in [
        Library::open_unparsed(&data).unwrap(),
        Library::open_lazy(&data).unwrap(),
        Library::open(&data).unwrap(),
    ] {
        assert_eq!(lib.corpus.sources().iter().filter(|s| s.info.user).count(), 0);
        let reasons: Vec<String> = lib.skipped.iter().map(|s| s.to_string()).collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert!(reasons.iter().all(|r| r.contains("damaged")), "{reasons:?}");
        assert!(reasons.iter().any(|r| r.contains(&a)) && reasons.iter().any(|r| r.contains(&b)));
        // A code, not an English sentence, for the window to say it in the
        // reader's language; the work named, for it to say which text.
        for s in &lib.skipped {
            assert_eq!(s.reason.code, sheli_library::ReasonCode::Damaged, "{s}");
            assert_eq!(s.reason.code.id(), "library.reason.damaged");
            assert!(s.reason.params.is_empty());
            assert!(!s.work.is_empty(), "{s}");
        }
    }
    // Put back, it is listed again.
    std::fs::write(data.join("texts").join(&b), text_b).unwrap();
    let lib = Library::open_unparsed(&data).unwrap();
    assert_eq!(lib.skipped.len(), 1, "{:?}", lib.skipped);
}

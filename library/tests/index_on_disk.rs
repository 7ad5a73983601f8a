//! The search index on disk, as the data folder's contract has it
//! (docs/data-folder.md, "Many readers"): generations switched by `CURRENT`,
//! leases that keep a generation alive while a reader uses it, and the
//! faults users met — an `index` that is not a folder, searches failing
//! during rebuilds, a read-only data folder.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use sheli_corpus::{Corpus, SourceInfo};
use sheli_index::{RebuildReason, SearchRequest};
use sheli_library::Library;

/// The built-in texts.
fn builtin() -> Arc<Corpus> {
    static C: OnceLock<Arc<Corpus>> = OnceLock::new();
    Arc::clone(C.get_or_init(|| Arc::new(Corpus::builtin().unwrap())))
}

/// The built-in texts plus one short text of the user's, in which 觯 occurs
/// twice: an index of it differs from the built-in one.
fn with_user_text() -> Arc<Corpus> {
    static C: OnceLock<Arc<Corpus>> = OnceLock::new();
    Arc::clone(C.get_or_init(|| {
        let mut c = Corpus::builtin().unwrap();
        let info = SourceInfo::user_text("user.test", "測試", "a test");
        c.add_source(info, Arc::from("觯者，酒器也。\n\n再觯之。\n")).unwrap();
        Arc::new(c)
    }))
}

/// Occurrences of 觯 in the built-in texts.
const ZHI_BUILTIN: u64 = 273;

fn library(dir: &Path, corpus: Arc<Corpus>) -> Library {
    Library::over(dir, corpus)
}

fn zhi(index: &sheli_index::SearchIndex) -> u64 {
    index
        .search(&SearchRequest { query: "觯".into(), limit: 1, ..Default::default() })
        .unwrap()
        .total_occurrences
}

/// Every entry of a folder, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Entries of the data folder or of `index/` that a build leaves behind
/// when it does not finish its work.
fn leftovers(data: &Path) -> Vec<String> {
    let mut found: Vec<String> =
        names(data).into_iter().filter(|n| n.contains("building") || n.contains("trash")).collect();
    if data.join("index").is_dir() {
        found.extend(
            names(&data.join("index"))
                .into_iter()
                .filter(|n| n.contains("building") || n.contains("trash"))
                .map(|n| format!("index/{n}")),
        );
    }
    found
}

#[test]
fn an_index_replaced_by_a_file_is_moved_aside_and_rebuilt() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("index"), "not an index").unwrap();
    let lib = library(data.path(), builtin());
    for attempt in 0..2 {
        let opened = lib.open_index(&mut |_| {}).unwrap_or_else(|e| panic!("try {attempt}: {e}"));
        assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
        let expected = if attempt == 0 { Some(RebuildReason::NotAFolder) } else { None };
        assert_eq!(opened.rebuilt, expected);
        assert!(data.path().join("index").is_dir());
        assert_eq!(leftovers(data.path()), Vec::<String>::new(), "try {attempt}");
    }
    // the file is kept beside, byte for byte: it may have been the user's
    let aside: Vec<String> =
        names(data.path()).into_iter().filter(|n| n.starts_with("index.")).collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read(data.path().join(&aside[0])).unwrap(), b"not an index");
}

#[test]
fn an_index_replaced_by_a_broken_link_is_moved_aside_and_rebuilt() {
    let data = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("gone");
    std::os::unix::fs::symlink(&target, data.path().join("index")).unwrap();
    let lib = library(data.path(), builtin());
    for attempt in 0..2 {
        let opened = lib.open_index(&mut |_| {}).unwrap_or_else(|e| panic!("try {attempt}: {e}"));
        assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
        assert_eq!(leftovers(data.path()), Vec::<String>::new(), "try {attempt}");
    }
    let index = std::fs::symlink_metadata(data.path().join("index")).unwrap();
    assert!(index.is_dir(), "index is a real folder now, not a link");
    assert!(!target.exists(), "nothing was written through the link");
    assert_eq!(names(elsewhere.path()), Vec::<String>::new());
}

#[test]
fn an_index_replaced_by_a_link_to_a_folder_is_moved_aside_and_nothing_is_deleted_through_it() {
    let data = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("keep.txt"), "mine").unwrap();
    std::fs::write(elsewhere.path().join("meta.json"), "{}").unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), data.path().join("index")).unwrap();
    let opened = library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
    assert!(std::fs::symlink_metadata(data.path().join("index")).unwrap().is_dir());
    assert_eq!(names(elsewhere.path()), ["keep.txt", "meta.json"]);
    assert_eq!(leftovers(data.path()), Vec::<String>::new());
}

/// The generations in `index/`, by name.
fn generations(data: &Path) -> Vec<String> {
    names(&data.join("index")).into_iter().filter(|n| n.starts_with("g-")).collect()
}

#[test]
fn a_current_index_is_opened_and_a_stale_one_replaced_by_a_new_generation() {
    let data = tempfile::tempdir().unwrap();
    let opened = library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    assert_eq!(opened.rebuilt, Some(RebuildReason::Missing));
    let first = generations(data.path());
    assert_eq!(first.len(), 1);
    drop(opened);
    let again = library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    assert_eq!((&again.rebuilt, &again.built_outside), (&None, &None));
    assert_eq!(generations(data.path()), first, "a current index is not rebuilt");
    drop(again);
    let other = library(data.path(), with_user_text()).open_index(&mut |_| {}).unwrap();
    assert_eq!(other.rebuilt, Some(RebuildReason::TextsChanged));
    assert_eq!(zhi(&other.index), ZHI_BUILTIN + 2);
    let now = generations(data.path());
    assert_eq!(now.len(), 1, "the old generation, which no reader held, is gone: {now:?}");
    assert_ne!(now, first);
    assert_eq!(
        names(&data.path().join("index")),
        ["CURRENT".to_string(), now[0].clone()],
        "nothing else is left"
    );
}

/// The app keeps its index open while a build replaces it, so that build
/// must leave the old generation; the next open that finds it unheld
/// removes it.
#[test]
fn a_generation_held_during_a_build_is_removed_once_released() {
    let data = tempfile::tempdir().unwrap();
    let held = library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    let newer = library(data.path(), with_user_text()).open_index(&mut |_| {}).unwrap();
    assert_eq!(newer.rebuilt, Some(RebuildReason::TextsChanged));
    assert_eq!(generations(data.path()).len(), 2, "the held generation is kept");
    assert_eq!(zhi(&held.index), ZHI_BUILTIN, "and answers");
    drop((held, newer));
    let opened = library(data.path(), with_user_text()).open_index(&mut |_| {}).unwrap();
    assert_eq!(opened.rebuilt, None);
    assert_eq!(generations(data.path()).len(), 1, "{:?}", generations(data.path()));
}

#[test]
fn the_single_folder_layout_of_earlier_versions_is_rebuilt_as_generations() {
    let data = tempfile::tempdir().unwrap();
    // what earlier versions left: tantivy files directly in index/, and a
    // failed build's folder beside it
    sheli_index::build(&data.path().join("index"), &builtin(), &mut |_| {}).unwrap();
    std::fs::create_dir(data.path().join(".index.building-31337")).unwrap();
    let opened = library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    assert_eq!(opened.rebuilt, Some(RebuildReason::Missing));
    assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
    let gens = generations(data.path());
    assert_eq!(names(&data.path().join("index")), ["CURRENT".to_string(), gens[0].clone()]);
    assert_eq!(names(data.path()), [".lock", "index"]);
}

#[test]
fn a_damaged_or_missing_current_generation_is_rebuilt() {
    let data = tempfile::tempdir().unwrap();
    let lib = library(data.path(), builtin());
    lib.open_index(&mut |_| {}).unwrap();
    let generation = data.path().join("index").join(&generations(data.path())[0]);
    let store = names(&generation).into_iter().find(|n| n.ends_with(".store")).unwrap();
    std::fs::write(generation.join(store), b"").unwrap();
    let opened = lib.open_index(&mut |_| {}).unwrap();
    assert!(matches!(opened.rebuilt, Some(RebuildReason::Corrupt(_))), "{:?}", opened.rebuilt);
    assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
    assert_eq!(generations(data.path()).len(), 1, "the damaged generation was removed");
    drop(opened);
    std::fs::write(data.path().join("index/CURRENT"), "g-0-0\n").unwrap();
    let opened = lib.open_index(&mut |_| {}).unwrap();
    assert!(matches!(opened.rebuilt, Some(RebuildReason::Corrupt(_))), "{:?}", opened.rebuilt);
    assert_eq!(zhi(&opened.index), ZHI_BUILTIN);
}

/// A reader that finds the index stale waits for the writer lock; if the
/// writer holding it builds that very index meanwhile, the reader uses it
/// instead of building it again.
#[test]
fn a_reader_that_waited_for_a_writer_uses_what_the_writer_built() {
    let data = tempfile::tempdir().unwrap();
    library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    let lock =
        sheli_library::WriterLock::acquire(data.path(), sheli_library::lock::DEFAULT_WAIT).unwrap();
    let dir = data.path().to_path_buf();
    let reader = std::thread::spawn(move || {
        library(&dir, with_user_text()).open_index(&mut |_| {}).map(|o| (o.rebuilt, zhi(&o.index)))
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    // the writer (an import) rebuilds for the new texts, then lets go
    let built = library(data.path(), with_user_text()).refresh_index(&lock, &mut |_| {}).unwrap();
    assert_eq!(built.rebuilt, Some(RebuildReason::TextsChanged));
    let built_generation = generations(data.path());
    drop(lock);
    let (rebuilt, found) = reader.join().unwrap().unwrap();
    assert_eq!(found, ZHI_BUILTIN + 2);
    assert_eq!(rebuilt, None, "the reader did not build it again");
    assert!(generations(data.path()).iter().all(|g| built_generation.contains(g)));
}

/// Users saw "Directory not empty" and "FileDoesNotExist" from searches run
/// while an import rebuilt the index. Here one thread opens the index and
/// searches, again and again, while another rebuilds it for other texts
/// several times: every search must answer, from the old index or the new.
#[test]
fn searches_answer_while_another_thread_rebuilds() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().to_path_buf();
    library(&dir, builtin()).open_index(&mut |_| {}).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let (dir, done) = (dir.clone(), Arc::clone(&done));
            std::thread::spawn(move || {
                let mut searches = 0;
                let mut failures = Vec::new();
                while !done.load(Ordering::Relaxed) || searches < 5 {
                    match library(&dir, builtin()).open_index(&mut |_| {}) {
                        Ok(opened) => match opened.index.search(&SearchRequest {
                            query: "觯".into(),
                            limit: 5,
                            ..Default::default()
                        }) {
                            Ok(r) => assert!(r.total_occurrences >= ZHI_BUILTIN),
                            Err(e) => failures.push(e.to_string()),
                        },
                        Err(e) => failures.push(e.to_string()),
                    }
                    searches += 1;
                }
                (searches, failures)
            })
        })
        .collect();
    for round in 0..6 {
        let corpus = if round % 2 == 0 { with_user_text() } else { builtin() };
        let opened = library(&dir, corpus).open_index(&mut |_| {}).unwrap();
        let expected = if round % 2 == 0 { ZHI_BUILTIN + 2 } else { ZHI_BUILTIN };
        assert_eq!(zhi(&opened.index), expected, "round {round}");
    }
    done.store(true, Ordering::Relaxed);
    for r in readers {
        let (searches, failures) = r.join().unwrap();
        assert!(
            failures.is_empty(),
            "{} of {searches} searches failed: {failures:?}",
            failures.len()
        );
        eprintln!("{searches} searches during 6 rebuilds, all answered");
    }
    assert_eq!(leftovers(&dir), Vec::<String>::new());
}

/// Whether this process runs as root, for whom permissions do not stop
/// writes.
fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// Makes a whole tree read-only (folders 0555, files 0444), or writable
/// again.
fn set_tree_writable(path: &Path, writable: bool) {
    let meta = std::fs::symlink_metadata(path).unwrap();
    if meta.is_symlink() {
        return;
    }
    if meta.is_dir() {
        for e in std::fs::read_dir(path).unwrap() {
            set_tree_writable(&e.unwrap().path(), writable);
        }
    }
    let mode = match (meta.is_dir(), writable) {
        (true, true) => 0o755,
        (true, false) => 0o555,
        (false, true) => 0o644,
        (false, false) => 0o444,
    };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Every entry of a tree with its size and modification time, to show that
/// nothing was written.
fn snapshot(path: &Path) -> Vec<(PathBuf, u64, i64, i64)> {
    let mut out = Vec::new();
    let meta = std::fs::symlink_metadata(path).unwrap();
    out.push((path.to_path_buf(), meta.len(), meta.mtime(), meta.mtime_nsec()));
    if meta.is_dir() {
        let mut entries: Vec<_> =
            std::fs::read_dir(path).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for e in entries {
            out.extend(snapshot(&e));
        }
    }
    out
}

const CHILD_ENV: &str = "SHELI_TEST_READ_ONLY_CHILD";

/// `exe` as a path `nobody` can run: itself if every folder above it lets
/// others in (`setpriv … test -x`), else a copy in a fresh 0755 folder under
/// the temporary folder — the clone CI tests may sit below a private folder.
fn runnable_by_nobody(exe: &Path) -> std::path::PathBuf {
    let ok = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "test", "-x"])
        .arg(exe)
        .status()
        .is_ok_and(|s| s.success());
    if ok {
        return exe.to_path_buf();
    }
    let dir = std::env::temp_dir().join(format!("sheli-test-exe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let copy = dir.join(exe.file_name().unwrap());
    if !copy.exists() {
        std::fs::copy(exe, &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    copy
}

/// Runs [`read_only_child`] in a new process that cannot write to `data`:
/// as root (as in CI, where permissions do not stop root), the process runs
/// as `nobody` through `setpriv`; otherwise the 0555 tree is enough.
/// Returns the child's stdout.
fn search_read_only(data: &Path, corpus: &str) -> String {
    set_tree_writable(data, false);
    let exe = std::env::current_exe().unwrap();
    let test_args = ["--exact", "read_only_child", "--nocapture", "--test-threads=1"];
    let mut cmd = if running_as_root() {
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"]).arg(runnable_by_nobody(&exe));
        c
    } else {
        std::process::Command::new(&exe)
    };
    let out = cmd
        .args(test_args)
        .env(CHILD_ENV, data)
        .env("SHELI_TEST_CORPUS", corpus)
        .env("TMPDIR", std::env::temp_dir())
        .output()
        .expect("the child process starts (setpriv is in util-linux)");
    set_tree_writable(data, true);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "the search as a reader who cannot write failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The child's half of the read-only tests: first prove it cannot write
/// there (or the test would prove nothing), then open the index and search.
#[test]
fn read_only_child() {
    let Some(dir) = std::env::var_os(CHILD_ENV) else { return };
    let dir = PathBuf::from(dir);
    let probe = std::fs::File::create(dir.join("probe"));
    assert!(probe.is_err(), "the child can write to the data folder; the test would prove nothing");
    let corpus = match std::env::var("SHELI_TEST_CORPUS").as_deref() {
        Ok("user") => with_user_text(),
        _ => builtin(),
    };
    let opened = library(&dir, corpus).open_index(&mut |_| {}).unwrap();
    println!("ZHI={}", zhi(&opened.index));
    println!("REBUILT={:?}", opened.rebuilt);
    println!("OUTSIDE={:?}", opened.built_outside);
}

#[test]
fn a_current_index_is_searched_in_a_read_only_folder_without_writing_anything() {
    let data = tempfile::tempdir().unwrap();
    library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    let before = snapshot(data.path());
    let out = search_read_only(data.path(), "builtin");
    assert!(out.contains(&format!("ZHI={ZHI_BUILTIN}\n")), "{out}");
    assert!(out.contains("REBUILT=None\n"), "{out}");
    assert!(out.contains("OUTSIDE=None\n"), "{out}");
    assert_eq!(snapshot(data.path()), before, "nothing in the data folder changed");
}

#[test]
fn a_stale_index_in_a_read_only_folder_is_built_outside_it_and_answers() {
    let data = tempfile::tempdir().unwrap();
    library(data.path(), builtin()).open_index(&mut |_| {}).unwrap();
    let before = snapshot(data.path());
    // the user's text is not in the index: it must be built, but not here
    let out = search_read_only(data.path(), "user");
    assert!(out.contains(&format!("ZHI={}\n", ZHI_BUILTIN + 2)), "{out}");
    assert!(out.contains("REBUILT=Some(TextsChanged)\n"), "{out}");
    assert!(out.contains("OUTSIDE=Some("), "the caller is told: {out}");
    assert_eq!(snapshot(data.path()), before, "nothing in the data folder changed");
}

#[test]
fn a_fresh_read_only_folder_is_searched_from_an_index_built_outside_it() {
    let data = tempfile::tempdir().unwrap();
    let out = search_read_only(data.path(), "builtin");
    assert!(out.contains(&format!("ZHI={ZHI_BUILTIN}\n")), "{out}");
    assert!(out.contains("REBUILT=Some(Missing)\n"), "{out}");
    assert!(out.contains("OUTSIDE=Some("), "{out}");
    assert_eq!(names(data.path()), Vec::<String>::new());
}

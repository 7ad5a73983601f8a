//! Index generations (`sheli_index::generations`): a build writes a new
//! generation beside the current one, `CURRENT` switches to it, a reader's
//! lease keeps its generation alive, and garbage collection removes only
//! what no reader holds.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use sheli_corpus::Corpus;
use sheli_index::generations::{CURRENT_FILE, LEASE_FILE};
use sheli_index::{Generations, RebuildReason, SearchIndex, SearchRequest};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().unwrap())
}

fn zhi(index: &SearchIndex) -> u64 {
    index
        .search(&SearchRequest { query: "觯".into(), limit: 3, ..Default::default() })
        .unwrap()
        .total_occurrences
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Builds a generation and makes it current, as a writer does.
fn build_and_switch(g: &Generations) -> String {
    g.prepare().unwrap();
    let name = g.build(corpus(), &mut |_| {}).unwrap();
    g.switch_to(&name).unwrap();
    name
}

#[test]
fn a_build_is_invisible_until_current_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let g = Generations::new(&dir.path().join("index"));
    assert_eq!(g.open_current(corpus()).err(), Some(RebuildReason::Missing));
    g.prepare().unwrap();
    let name = g.build(corpus(), &mut |_| {}).unwrap();
    let files = names(&g.root().join(&name));
    assert!(files.contains(&LEASE_FILE.to_string()), "{files:?}");
    assert!(files.contains(&"sheli-index.json".to_string()), "{files:?}");
    assert_eq!(g.open_current(corpus()).err(), Some(RebuildReason::Missing), "not switched yet");
    g.switch_to(&name).unwrap();
    assert_eq!(std::fs::read_to_string(g.root().join(CURRENT_FILE)).unwrap(), format!("{name}\n"));
    let index = g.open_current(corpus()).unwrap();
    assert_eq!(zhi(&index), 273);
    assert_eq!(names(g.root()), [CURRENT_FILE.to_string(), name], "nothing else is left");
}

#[test]
fn a_lease_keeps_an_old_generation_until_it_is_released() {
    let dir = tempfile::tempdir().unwrap();
    let g = Generations::new(&dir.path().join("index"));
    let first = build_and_switch(&g);
    let held = g.open_current(corpus()).unwrap();
    let second = build_and_switch(&g);
    let collected = g.collect_garbage().unwrap();
    assert_eq!(collected.in_use, std::slice::from_ref(&first));
    assert!(collected.removed.is_empty());
    assert!(g.root().join(&first).is_dir(), "a reader holds it");
    assert_eq!(zhi(&held), 273, "and answers from it");
    drop(held);
    let collected = g.collect_garbage().unwrap();
    assert_eq!(collected.removed, [first]);
    assert_eq!(names(g.root()), [CURRENT_FILE.to_string(), second]);
}

#[test]
fn garbage_collection_removes_unfinished_builds_trash_and_the_old_layout() {
    let data = tempfile::tempdir().unwrap();
    let g = Generations::new(&data.path().join("index"));
    let current = build_and_switch(&g);
    // a build killed half-way, a removal killed half-way, a generation
    // never finished (no lease), files of the single-folder layout
    std::fs::create_dir(g.root().join(".building-77-123")).unwrap();
    std::fs::write(g.root().join(".building-77-123/x.idx"), b"half").unwrap();
    std::fs::create_dir(g.root().join(".trash-g-1-1")).unwrap();
    std::fs::create_dir(g.root().join("g-2-2")).unwrap();
    std::fs::write(g.root().join("meta.json"), b"{}").unwrap();
    std::fs::write(g.root().join("0123.store"), b"old").unwrap();
    std::fs::create_dir(data.path().join(".index.building-4242")).unwrap();
    let collected = g.collect_garbage().unwrap();
    assert_eq!(collected.removed, ["g-2-2"]);
    assert_eq!(names(g.root()), [CURRENT_FILE.to_string(), current]);
    assert_eq!(names(data.path()), ["index"]);
}

#[test]
fn current_naming_a_missing_or_garbage_generation_is_unusable() {
    let dir = tempfile::tempdir().unwrap();
    let g = Generations::new(&dir.path().join("index"));
    let name = build_and_switch(&g);
    for (content, why) in [
        ("g-404-1\n", "missing"),
        ("../../etc\n", "names no generation"),
        ("", "names no generation"),
        ("\u{0}\u{ff}garbage", "names no generation"),
    ] {
        std::fs::write(g.root().join(CURRENT_FILE), content).unwrap();
        match g.open_current(corpus()) {
            Err(RebuildReason::Corrupt(m)) => assert!(m.contains(why), "{content:?}: {m}"),
            other => panic!("{content:?}: {:?}", other.err()),
        }
    }
    // a generation without its lease (never finished) is not used either
    std::fs::remove_file(g.root().join(&name).join(LEASE_FILE)).unwrap();
    g.switch_to(&name).unwrap();
    assert!(matches!(g.open_current(corpus()), Err(RebuildReason::Corrupt(_))));
}

/// tantivy's reader takes a lock by creating `.tantivy-meta.lock`, which
/// fails in a read-only folder; a finished generation is opened without it.
#[test]
fn opening_a_generation_creates_no_file_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let g = Generations::new(&dir.path().join("index"));
    let name = build_and_switch(&g);
    let generation = g.root().join(&name);
    for f in names(&generation) {
        if f.starts_with(".tantivy-") {
            std::fs::remove_file(generation.join(f)).unwrap();
        }
    }
    let before = names(&generation);
    let index = g.open_current(corpus()).unwrap();
    assert_eq!(zhi(&index), 273);
    assert_eq!(names(&generation), before);
}

/// Readers open the current generation again and again while a writer
/// builds, switches and collects: every open succeeds, from the old
/// generation or the new.
#[test]
fn readers_always_open_a_whole_generation_while_a_writer_switches() {
    let dir = tempfile::tempdir().unwrap();
    let g = Generations::new(&dir.path().join("index"));
    build_and_switch(&g);
    let done = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let (g, done) = (g.clone(), Arc::clone(&done));
            std::thread::spawn(move || {
                let mut opens = 0;
                while !done.load(Ordering::Relaxed) || opens < 5 {
                    let index = g.open_current(corpus()).unwrap_or_else(|why| {
                        panic!("open {opens} failed: {why}");
                    });
                    assert_eq!(zhi(&index), 273);
                    opens += 1;
                }
                opens
            })
        })
        .collect();
    for _ in 0..5 {
        build_and_switch(&g);
        g.collect_garbage().unwrap();
    }
    done.store(true, Ordering::Relaxed);
    for r in readers {
        assert!(r.join().unwrap() >= 5);
    }
    g.collect_garbage().unwrap();
    assert_eq!(names(g.root()).len(), 2, "CURRENT and one generation: {:?}", names(g.root()));
}

#[test]
fn an_index_built_outside_answers_after_its_folder_is_gone() {
    let index = sheli_index::build_detached(corpus(), &mut |_| {}).unwrap();
    assert_eq!(zhi(&index), 273);
    let prefix = format!("sheli-index-{}-", std::process::id());
    let left: Vec<String> =
        names(&std::env::temp_dir()).into_iter().filter(|n| n.starts_with(&prefix)).collect();
    assert_eq!(left, Vec::<String>::new(), "nothing is left in the temporary folder");
    // and it keeps answering: its files stay mapped
    let r = index
        .search(&SearchRequest { query: "再拜賓答再拜".into(), ..Default::default() })
        .unwrap();
    assert_eq!(r.total_occurrences, 3);
}

//! What the index tests share: the built-in corpus, parsed once, and a real
//! index of it on disk, built once per test binary.

use std::sync::OnceLock;

use sheli_corpus::Corpus;
use sheli_index::{Opened, SearchIndex, open_or_build};

struct Fixture {
    _dir: tempfile::TempDir,
    opened: Opened,
}

pub fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in corpus parses"))
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let opened = open_or_build(&dir.path().join("index"), corpus(), &mut |_| {}).unwrap();
        Fixture { _dir: dir, opened }
    })
}

pub fn index() -> &'static SearchIndex {
    &fixture().opened.index
}

/// How the shared index was opened (a fresh one is built: `Missing`).
#[allow(dead_code)] // not every test binary asks
pub fn opened() -> &'static Opened {
    &fixture().opened
}

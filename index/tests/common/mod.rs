//! What the index tests share: the built-in corpus, parsed once, a real
//! index of it on disk, built once per test binary, and the plain scan's view
//! of every segment (folded, with its 經 tail across an inline note).

use std::sync::OnceLock;

use sheli_corpus::fold::fold_mapped;
use sheli_corpus::{Corpus, FoldMode, Layer};
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

/// A segment: (passage id, index in the passage).
pub type Key = (String, u32);

#[allow(dead_code)] // not every test binary scans
/// One segment of the texts, folded, with the way back to its characters.
pub struct Seg {
    pub key: Key,
    pub work: String,
    pub layer: Layer,
    /// The segment's text and its tail, folded.
    pub folded: Vec<char>,
    pub origin: Vec<u32>,
    /// Folded characters of the segment's own text.
    pub own: usize,
    /// Characters of the segment's own text.
    pub own_chars: usize,
}

#[allow(dead_code)] // not every test binary scans
pub fn segments(mode: FoldMode) -> Vec<Seg> {
    let mut out = Vec::new();
    for source in corpus().sources() {
        let passages = corpus().passages_of(&source.info.id);
        let mut tails = sheli_index::joined::jing_tails(source.info.format, passages);
        for p in passages {
            for (i, s) in p.segments.iter().enumerate() {
                let own_chars = s.text.chars().count();
                let f = fold_mapped(&format!("{}{}", s.text, tails.next().unwrap()), mode);
                out.push(Seg {
                    key: (p.id.clone(), i as u32),
                    work: p.work.clone(),
                    layer: s.layer,
                    own: f.origin.iter().filter(|o| (**o as usize) < own_chars).count(),
                    own_chars,
                    folded: f.chars,
                    origin: f.origin,
                });
            }
        }
    }
    out
}

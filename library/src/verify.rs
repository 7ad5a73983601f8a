//! Whether a user's text on disk is still the text that was imported.
//!
//! A text overwritten or damaged after its import used to be listed as a
//! fine text with 0 passages, and opening it said Rust's "stream did not
//! contain valid UTF-8". Each listed text's SHA-256 is now compared with the
//! one its import recorded in the manifest, and a text that differs is left
//! out as damaged, like a missing one. Hashing every text at every open
//! would cost a search its speed, so a text found right is remembered by its
//! size and modification time in `<data>/.verified` (outside `texts/`, which
//! a backup carries whole): it is hashed again only once it changed. The
//! file is a cache, written when it can be (never in a read-only folder) and
//! rebuilt when missing or unreadable.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use sheli_corpus::SourceInfo;

use crate::reason::{Reason, ReasonCode};

const CACHE: &str = ".verified";

/// What is known right: by text id, (size, modification time in ns, sha256).
pub(super) struct Verified {
    path: PathBuf,
    known: BTreeMap<String, (u64, i128, String)>,
    changed: bool,
}

fn mtime_ns(meta: &std::fs::Metadata) -> i128 {
    use std::os::unix::fs::MetadataExt;
    meta.mtime() as i128 * 1_000_000_000 + meta.mtime_nsec() as i128
}

/// The SHA-256 of the file at `path`, read in 64 KB pieces.
fn sha256_of(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hash = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hash.update(&buf[..n]);
    }
    Ok(hash.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

impl Verified {
    pub(super) fn load(dir: &Path) -> Verified {
        let path = dir.join(CACHE);
        let mut known = BTreeMap::new();
        if let Ok(text) = std::fs::read_to_string(&path) {
            for line in text.lines() {
                let f: Vec<&str> = line.split('\t').collect();
                if let [id, size, mtime, sha] = f[..]
                    && let (Ok(size), Ok(mtime)) = (size.parse(), mtime.parse())
                {
                    known.insert(id.to_owned(), (size, mtime, sha.to_owned()));
                }
            }
        }
        Verified { path, known, changed: false }
    }

    /// Why the text `info` at `path` is not the text imported, or `None`.
    pub(super) fn problem(
        &mut self,
        info: &SourceInfo,
        path: &Path,
        meta: &std::fs::Metadata,
    ) -> Option<Reason> {
        // A manifest without checksums (written by hand) has nothing to
        // compare with.
        if info.sha256.is_empty() {
            return None;
        }
        let stamp = (meta.len(), mtime_ns(meta), info.sha256.clone());
        if self.known.get(&info.id) == Some(&stamp) {
            return None;
        }
        match sha256_of(path) {
            Ok(sum) if sum == info.sha256 => {
                self.known.insert(info.id.clone(), stamp);
                self.changed = true;
                None
            }
            Ok(_) => Some(damaged()),
            Err(e) => Some(Reason::of_io(&e)),
        }
    }

    /// Keeps what was learnt for the next open, if the folder can be
    /// written (atomically: a reader sees the old cache or the new).
    pub(super) fn save(&self) {
        if !self.changed {
            return;
        }
        let text: String = self
            .known
            .iter()
            .map(|(id, (size, mtime, sha))| format!("{id}\t{size}\t{mtime}\t{sha}\n"))
            .collect();
        let tmp = self.path.with_extension(format!("tmp-{}", std::process::id()));
        if std::fs::write(&tmp, text).is_ok() && std::fs::rename(&tmp, &self.path).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}

/// The reason a damaged text is left out for: a code of its own
/// (`library.reason.damaged`), which the window says in the reader's
/// language; the English sentence is the CLI's.
pub fn damaged() -> Reason {
    Reason::bare(
        ReasonCode::Damaged,
        "it is damaged: its file is not the text imported (its checksum differs from the recorded one)",
    )
}

//! How a running app notices that another Sheli process — `sheli import`,
//! `sheli restore`, a second window — changed the library under it.
//!
//! Every change of the user's texts rewrites `texts/manifest.toml` by
//! renaming a new file over it (import), or swaps the whole `texts` folder
//! (restore), so the manifest's identity (inode, size, modification time)
//! changes with every change of the texts. The app keeps the stamp of the
//! library it read and compares it with the disk's when the window gets the
//! focus back: reading one file's metadata costs nothing, and nothing is
//! parsed unless it differs.

use std::path::Path;
use std::time::SystemTime;

use crate::import::manifest_path;

/// The identity of the user's list of texts on disk at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryStamp(Option<ManifestIdentity>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct ManifestIdentity {
    inode: u64,
    len: u64,
    modified: Option<SystemTime>,
}

impl LibraryStamp {
    /// The stamp of the library in `data_dir` now. A missing (or unreadable)
    /// manifest is a stamp too: no user texts.
    pub fn of(data_dir: &Path) -> LibraryStamp {
        let identity = std::fs::metadata(manifest_path(data_dir)).ok().map(|m| ManifestIdentity {
            inode: inode(&m),
            len: m.len(),
            modified: m.modified().ok(),
        });
        LibraryStamp(identity)
    }
}

#[cfg(unix)]
fn inode(m: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(m)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_import_by_another_process_changes_the_stamp_and_nothing_else_does() {
        let dir = tempfile::tempdir().unwrap();
        let empty = LibraryStamp::of(dir.path());
        assert_eq!(empty, LibraryStamp::of(dir.path()), "looking twice is the same stamp");
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "主人拜賓。\n\n賓答拜。\n").unwrap();
        crate::import(dir.path(), &[file.clone()], Some("試"), &mut |_, _, _| {}).unwrap();
        let one = LibraryStamp::of(dir.path());
        assert_ne!(empty, one, "an import changes the stamp");
        assert_eq!(one, LibraryStamp::of(dir.path()));
        let other = dir.path().join("b.txt");
        std::fs::write(&other, "司射適堂西。\n").unwrap();
        crate::import(dir.path(), &[other], Some("試"), &mut |_, _, _| {}).unwrap();
        assert_ne!(one, LibraryStamp::of(dir.path()), "a second import changes it again");
    }
}

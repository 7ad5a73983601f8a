//! What stood at the index folder's place is moved aside, not deleted
//! (`Generations::prepare`), but only the newest thing moved aside is kept:
//! `index.moved-aside-*` no longer pile up for ever.

use std::path::Path;

use sheli_index::Generations;

fn aside(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("index.moved-aside-"))
        .collect();
    names.sort();
    names
}

#[test]
fn only_the_newest_thing_moved_aside_is_kept() {
    let data = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("keep.txt"), "mine").unwrap();
    let root = data.path().join("index");
    let g = Generations::new(&root);

    // A file, then a link to a folder of the user's, then another file.
    std::fs::write(&root, "first").unwrap();
    let first = g.prepare().unwrap().expect("moved aside");
    assert_eq!(aside(data.path()).len(), 1);

    std::fs::remove_dir(&root).unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), &root).unwrap();
    let second = g.prepare().unwrap().expect("moved aside");
    assert!(!first.exists(), "the older one is removed");
    assert_eq!(aside(data.path()), [second.file_name().unwrap().to_string_lossy()]);

    std::fs::remove_dir(&root).unwrap();
    std::fs::write(&root, "third").unwrap();
    let third = g.prepare().unwrap().expect("moved aside");
    assert_eq!(aside(data.path()), [third.file_name().unwrap().to_string_lossy()]);
    assert_eq!(std::fs::read(&third).unwrap(), b"third");
    // The link was removed, not what it pointed to.
    assert_eq!(std::fs::read(elsewhere.path().join("keep.txt")).unwrap(), b"mine");

    // Nothing moved aside this time: the newest still stays.
    assert_eq!(g.prepare().unwrap(), None);
    assert_eq!(aside(data.path()).len(), 1);
}

//! How a generation's files are checked when it is opened
//! (`location::Checked`): in the boot it was built in, by their sizes (a file
//! cut short or emptied is noticed); in any other boot — after a power loss
//! could have left zeros where a write never reached the disk — by every
//! byte's CRC.

use std::path::{Path, PathBuf};

use sheli_corpus::Corpus;
use sheli_index::{Generations, RebuildReason};

fn built() -> (tempfile::TempDir, Generations, Corpus) {
    let dir = tempfile::tempdir().unwrap();
    let generations = Generations::new(&dir.path().join("index"));
    let corpus = Corpus::builtin().unwrap();
    generations.prepare().unwrap();
    let name = generations.build(&corpus, &mut |_| {}).unwrap();
    generations.switch_to(&name).unwrap();
    (dir, generations, corpus)
}

fn current_dir(g: &Generations) -> PathBuf {
    g.root().join(g.current().unwrap())
}

fn biggest(dir: &Path, ext: &str) -> PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .unwrap()
}

fn zeros_in_the_middle(file: &Path) {
    let mut bytes = std::fs::read(file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid..mid + 64].fill(0);
    std::fs::write(file, bytes).unwrap();
}

#[test]
fn after_a_restart_every_byte_is_checked() {
    let (_dir, g, corpus) = built();
    let gen_dir = current_dir(&g);
    assert!(g.open_current(&corpus).is_ok());
    // What a power loss could leave: the same length, zeros inside.
    zeros_in_the_middle(&biggest(&gen_dir, "idx"));
    // The record says another boot wrote the files.
    let record = gen_dir.join(".written-in-boot.json");
    let text = std::fs::read_to_string(&record).unwrap();
    let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").unwrap();
    std::fs::write(&record, text.replace(boot.trim(), "an-earlier-boot")).unwrap();
    let why = g.open_current(&corpus).err().expect("the zeros are found");
    assert!(matches!(why, RebuildReason::Corrupt(ref m) if m.contains("checksum")), "{why}");
}

#[test]
fn in_the_same_boot_a_file_cut_short_or_missing_is_noticed() {
    let (_dir, g, corpus) = built();
    let gen_dir = current_dir(&g);
    let pos = biggest(&gen_dir, "pos");
    let len = std::fs::metadata(&pos).unwrap().len();
    std::fs::OpenOptions::new().write(true).open(&pos).unwrap().set_len(len / 2).unwrap();
    assert!(matches!(g.open_current(&corpus), Err(RebuildReason::Corrupt(_))));

    let (_dir, g, corpus) = built();
    std::fs::remove_file(biggest(&current_dir(&g), "store")).unwrap();
    assert!(matches!(g.open_current(&corpus), Err(RebuildReason::Corrupt(_))));
}

#[test]
fn without_the_record_every_byte_is_checked() {
    let (_dir, g, corpus) = built();
    let gen_dir = current_dir(&g);
    std::fs::remove_file(gen_dir.join(".written-in-boot.json")).unwrap();
    assert!(g.open_current(&corpus).is_ok(), "a sound index opens without it");
    zeros_in_the_middle(&biggest(&gen_dir, "idx"));
    assert!(matches!(g.open_current(&corpus), Err(RebuildReason::Corrupt(_))));
}

//! Two imports at the same time both land: each takes the data folder's
//! writers' lock and reads the list of texts only while holding it. (Before
//! the lock, one of two concurrent imports was lost or failed in 10 of 20
//! trials.)

use std::path::PathBuf;

use sheli_library::{ImportInput, import_inputs};

/// A text of its own for thread `t` of round `round`.
fn text(round: usize, t: usize) -> Vec<u8> {
    let c = char::from_u32(0x4E00 + (round * 7 + t * 3) as u32 % 0x500).unwrap();
    format!("[經]第{round}輪之{t}。{c}{c}賓主人再拜。\n\n[經]又一段,{c}。\n").into_bytes()
}

#[test]
fn two_imports_at_once_both_land_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let data: PathBuf = dir.path().to_path_buf();
    // What an import killed mid-write leaves: removed by the next import.
    std::fs::create_dir_all(data.join("texts")).unwrap();
    std::fs::write(data.join("texts/.manifest.toml.999.0.tmp"), "half").unwrap();
    for round in 0..20 {
        let handles: Vec<_> = (0..2)
            .map(|t| {
                let data = data.clone();
                std::thread::spawn(move || {
                    let input = ImportInput::named(&format!("r{round}-{t}.txt"), text(round, t));
                    import_inputs(&data, vec![input], None, &mut |_, _, _| {})
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap().unwrap_or_else(|e| panic!("round {round}: {e}"));
        }
        let manifest = std::fs::read_to_string(data.join("texts/manifest.toml")).unwrap();
        let listed = manifest.matches("[[source]]").count();
        assert_eq!(listed, 2 * (round + 1), "round {round}: every import is listed");
    }
    // Every listed file is there; no temporary file is left behind.
    for e in std::fs::read_dir(data.join("texts")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "{name} left behind");
    }
}

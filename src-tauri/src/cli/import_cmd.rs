//! `sheli import`: the user's own texts into the library.

use std::path::PathBuf;

use anyhow::Result;
use sheli_library as library;

use super::search_cmd::progress_printer;
use super::shared::{data_dir, print_json};

pub fn import(paths: Vec<PathBuf>, work: Option<String>, json: bool) -> Result<()> {
    let dir = data_dir()?;
    let report = library::import(&dir, &paths, work.as_deref(), &mut |done, total, file| {
        if done < total {
            eprintln!("reading {}/{}: {file}", done + 1, total);
        }
    })?;
    if json {
        print_json(&report)?;
    } else {
        for t in &report.imported {
            println!(
                "imported {} as {} ({}, {}, {})",
                t.file,
                t.id,
                t.work,
                t.encoding,
                super::shared::count(t.passages as u64, "passage")
            );
        }
        for f in &report.skipped_folders {
            println!("skipped the folder {f} (only a folder's own .txt files are imported)");
        }
    }
    // The texts are in the library once `import` returns: the index is a
    // cache, built now so that the next search is quick. If building it
    // fails (another process holds the data folder, a disk error), the
    // import still stands and the next search builds the index, so this is
    // a note, not a failure — a script must not retry an import that landed.
    // The build streams the texts from their files and, after an import,
    // indexes only the new ones (`sheli_index::Generations::build`).
    let built =
        super::shared::open_library(&dir).and_then(|l| Ok(l.open_index(&mut progress_printer())?));
    match built {
        Ok(opened) => {
            if let Some(reason) = &opened.rebuilt {
                eprintln!("note: rebuilt the search index because {reason}");
            }
        }
        Err(e) => eprintln!(
            "note: the texts were imported, but the search index could not be updated now \
             ({e}); the next search builds it"
        ),
    }
    Ok(())
}

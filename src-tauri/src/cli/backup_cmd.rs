//! `sheli backup` and `sheli restore`: everything the user made, in one file
//! and back.

use std::path::Path;

use anyhow::{Context, Result};
use sheli_store as store;

use super::shared::{data_dir, print_json};

pub fn backup(file: &Path, force: bool, json: bool) -> Result<()> {
    let s = store::backup(&data_dir()?, file, force)?;
    if json {
        return print_json(&s);
    }
    println!(
        "backed up {} glossaries, {} cards, {} reviews, {} notes and {} files to {} ({} bytes)",
        s.glossaries,
        s.cards,
        s.reviews,
        s.notes,
        s.files.len(),
        s.path,
        s.bytes
    );
    Ok(())
}

pub fn restore(file: &Path, json: bool) -> Result<()> {
    // A backup that is not there is `not_found` (the store would say only
    // that the file could not be read).
    std::fs::metadata(file).with_context(|| format!("{}", file.display()))?;
    let s = store::restore(&data_dir()?, file)?;
    if json {
        return print_json(&s);
    }
    println!(
        "restored {} glossaries, {} cards, {} reviews, {} notes and {} files from {} (made {})",
        s.glossaries,
        s.cards,
        s.reviews,
        s.notes,
        s.files.len(),
        s.path,
        store::format_rfc3339(s.created)
    );
    Ok(())
}

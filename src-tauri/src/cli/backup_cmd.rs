//! `sheli backup` and `sheli restore`: everything the user made, in one file
//! and back.

use std::path::Path;

use anyhow::{Context, Result};
use sheli_store as store;

use super::shared::{count, data_dir, print_json};

/// "1 glossary", "2 glossaries" (its plural is not `count`'s "s").
fn glossaries(n: u32) -> String {
    if n == 1 { "1 glossary".into() } else { format!("{n} glossaries") }
}

pub fn backup(file: &Path, force: bool, json: bool) -> Result<()> {
    let s = store::backup(&data_dir()?, file, force)?;
    if json {
        return print_json(&s);
    }
    println!(
        "backed up {}, {}, {}, {} and {} to {} ({} bytes)",
        glossaries(s.glossaries),
        count(s.cards, "card"),
        count(s.reviews, "review"),
        count(s.notes, "note"),
        count(s.files.len() as u64, "file"),
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
        "restored {}, {}, {}, {} and {} from {} (made {})",
        glossaries(s.glossaries),
        count(s.cards, "card"),
        count(s.reviews, "review"),
        count(s.notes, "note"),
        count(s.files.len() as u64, "file"),
        s.path,
        store::format_rfc3339(s.created)
    );
    Ok(())
}

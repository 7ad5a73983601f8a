//! What the CLI's commands share: where the data folder is, opening the
//! store and the texts, printing JSON, and reading and writing the user's
//! files.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Serialize;
use sheli_corpus::Corpus;
use sheli_library::{self as library, Library};
use sheli_store::{self as store, Store};

use super::error::{CliCode, CliError};

/// The data folder: `SHELI_DATA_DIR`, or the platform's data directory.
pub fn data_dir() -> Result<PathBuf> {
    library::default_data_dir().context("no data directory: set SHELI_DATA_DIR or HOME")
}

pub fn open_store() -> Result<Store> {
    Ok(Store::open_in(&data_dir()?)?)
}

/// The library in `dir`, its user texts read when asked for (an index
/// build streams them from their files: `Library::open_lazy`); each of the
/// user's texts that had to be left out is reported on stderr, one line
/// each (the command goes on without it).
pub fn open_library(dir: &Path) -> Result<Library> {
    let library = Library::open_lazy(dir)?;
    for s in &library.skipped {
        eprintln!("sheli: warning: {s}");
    }
    Ok(library)
}

/// [`open_library`] without reading the user's texts, for commands that
/// answer from the index (search, char): their cost does not grow with the
/// library. The index is still built from the texts when it must be.
pub fn open_library_unparsed(dir: &Path) -> Result<Library> {
    let library = Library::open_unparsed(dir)?;
    for s in &library.skipped {
        eprintln!("sheli: warning: {s}");
    }
    Ok(library)
}

/// The texts, with the user's imported ones, each read when first asked
/// for (`sheli show` of a built-in passage reads none of them). A text that
/// cannot be read is said on stderr when the command ends ([`warn_unread`]).
pub fn corpus() -> Result<std::sync::Arc<Corpus>> {
    let library = Library::open_lazy(&data_dir()?)?;
    for s in &library.skipped {
        eprintln!("sheli: warning: {s}");
    }
    Ok(library.corpus)
}

/// One warning line on stderr for each of the user's texts that `corpus`
/// tried to read and could not (they are left out of the answer).
pub fn warn_unread(corpus: &Corpus) {
    let dir = data_dir().unwrap_or_default();
    for s in library::read_failures(corpus, &dir) {
        eprintln!("sheli: warning: {s}");
    }
}

pub fn print_json<T: Serialize>(v: &T) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// A user's file to import (a glossary, annotations, a note's body): text of
/// at most the store's import limit, checked before it is read. UTF-8 as it
/// is; anything else through the texts' import decoding (UTF-16 and UTF-32
/// with their mark — a spreadsheet's "Unicode text" —, GB18030, Big5), so a
/// glossary saved the way a text may be is read the same way.
pub fn read_input(path: &Path) -> Result<String> {
    let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
    if !meta.is_file() {
        return Err(CliError::new(
            CliCode::NotAFile,
            format!("{}: not a regular file", path.display()),
        )
        .into());
    }
    if meta.len() > store::limits::IMPORT_BYTES as u64 {
        return Err(CliError::new(
            CliCode::FileTooLarge,
            format!("{}: the file is too large to import ({} bytes)", path.display(), meta.len()),
        )
        .into());
    }
    let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => sheli_corpus::import::decode(e.as_bytes()).map(|d| d.text).map_err(|why| {
            CliError::new(CliCode::Undecodable, format!("{}: {why}", path.display())).into()
        }),
    }
}

/// Where an export goes: a file (`-o`), or standard output.
pub struct Output<'a> {
    pub path: Option<&'a Path>,
    /// Replace the file if it exists.
    pub force: bool,
}

/// What `export -o FILE --json` prints: the file written and its size.
#[derive(Serialize)]
struct Wrote {
    path: String,
    bytes: usize,
}

/// Writes an export to standard output, or to a file.
///
/// A file is never half-written and never replaced by accident: the text is
/// written to a temporary file beside it, synced, and then put in place in one
/// step — by `link` when the file must not exist (it fails if it does, so two
/// exports racing for one name cannot both win), by `rename` with `--force`.
/// A crash leaves the old file (or none) and at worst a `.FILE.sheli-tmp-…`
/// beside it, never a file cut short.
pub fn write_output(to: Output<'_>, text: &str, json: bool) -> Result<()> {
    if to.path.is_none() {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        return Ok(());
    }
    write_output_bytes(to, text.as_bytes(), json)
}

/// [`write_output`] for a file that is not text (an Anki package): bytes as
/// they are, and on standard output with no line break added.
pub fn write_output_bytes(to: Output<'_>, text: &[u8], json: bool) -> Result<()> {
    let Some(path) = to.path else {
        std::io::stdout().lock().write_all(text)?;
        return Ok(());
    };
    let exists = || {
        CliError::new(
            CliCode::FileExists,
            format!("{} already exists; add --force to replace it", path.display()),
        )
    };
    // Refused before any work; `link` below closes the race with another writer.
    if !to.force && std::fs::symlink_metadata(path).is_ok() {
        return Err(exists().into());
    }
    let tmp = temporary_beside(path)?;
    let placed = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create_new(&tmp)?;
        file.write_all(text)?;
        file.sync_all()?;
        drop(file);
        if to.force {
            return std::fs::rename(&tmp, path);
        }
        match std::fs::hard_link(&tmp, path) {
            // A file system without hard links (FAT, some network mounts):
            // the check above is all there is.
            Err(e)
                if e.kind() != std::io::ErrorKind::AlreadyExists
                    && std::fs::symlink_metadata(path).is_err() =>
            {
                std::fs::rename(&tmp, path)
            }
            placed => placed,
        }
    })();
    let _ = std::fs::remove_file(&tmp);
    match placed {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(exists().into()),
        Err(e) => return Err(e).with_context(|| format!("{}", path.display())),
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // The new name is durable once its folder is synced; failure to sync
        // a folder (some file systems refuse) loses nothing already written.
        let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
    }
    if json {
        return print_json(&Wrote { path: path.display().to_string(), bytes: text.len() });
    }
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// A fresh name in the same folder as `path` (so that `rename` and `link`
/// stay within one file system).
fn temporary_beside(path: &Path) -> Result<PathBuf> {
    let name = path
        .file_name()
        .with_context(|| format!("{}: not a file name", path.display()))?
        .to_string_lossy();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    Ok(path.with_file_name(format!(".{name}.sheli-tmp-{}-{nanos}", std::process::id())))
}

/// `n` and `noun`, plural unless `n` is 1: "1 passage", "2 passages",
/// "1 occurrence" (the noun's plural takes an "s" for every noun we count).
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

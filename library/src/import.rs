//! Adding a user's own texts to the library.
//!
//! All or nothing: every file is read, decoded and parsed before anything is
//! written; then each text is written to a temporary file and renamed into
//! place, and the manifest — the one file that makes texts part of the
//! library — is replaced last, atomically. A crash at any point leaves the
//! library as it was (at worst with an unlisted text file, which is ignored).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use sha2::{Digest, Sha256};
use sheli_corpus::import::decode;
use sheli_corpus::manifest::EditionScript;
use sheli_corpus::text::LineIndex;
use sheli_corpus::{Corpus, SourceInfo};

use super::{LibraryError, Result, UserManifest, file_err};
use crate::lock::{DEFAULT_WAIT, WriterLock};

const TEXTS: &str = "texts";
const MANIFEST: &str = "manifest.toml";

/// A text that was imported.
#[derive(Debug, Clone, Serialize)]
pub struct ImportedText {
    pub id: String,
    pub work: String,
    pub file: String,
    pub encoding: String,
    pub passages: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct ImportReport {
    pub imported: Vec<ImportedText>,
}

fn manifest_path(dir: &Path) -> PathBuf {
    dir.join(TEXTS).join(MANIFEST)
}

fn read_manifest(dir: &Path) -> Result<UserManifest> {
    let path = manifest_path(dir);
    match std::fs::read_to_string(&path) {
        Ok(s) => toml::from_str(&s).map_err(|e| LibraryError::Manifest {
            path: path.display().to_string(),
            message: e.to_string(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(UserManifest::default()),
        Err(e) => Err(file_err(&path)(e)),
    }
}

/// A user text the manifest lists that passed every check short of reading
/// it: a plain name inside texts/, a regular file, the plain format.
pub(super) struct ListedText {
    pub info: SourceInfo,
    pub path: PathBuf,
    pub meta: std::fs::Metadata,
}

/// The user's texts as the manifest lists them, checked without being read;
/// and the ones that cannot be used, with why. A missing or wrongly listed
/// text no longer takes the whole library (and every search and `glossary
/// add`) down with it: it is skipped and reported.
pub(super) fn list_user_texts(dir: &Path) -> (Vec<ListedText>, Vec<super::SkippedText>) {
    let mut skipped = Vec::new();
    let manifest = match read_manifest(dir) {
        Ok(m) => m,
        Err(e) => {
            skipped.push(super::SkippedText {
                id: String::new(),
                file: format!("{TEXTS}/{MANIFEST}"),
                reason: e.to_string(),
            });
            return (Vec::new(), skipped);
        }
    };
    let mut out = Vec::new();
    for mut info in manifest.source {
        info.user = true;
        let skip = |reason: String| super::SkippedText {
            id: info.id.clone(),
            file: info.file.clone(),
            reason,
        };
        if !info.id.starts_with("user.") {
            skipped.push(skip("its id is not a user text's".into()));
            continue;
        }
        if info.format != sheli_corpus::Format::Plain {
            skipped.push(skip("it is not in the plain format of imported texts".into()));
            continue;
        }
        // Only a plain file name inside texts/: an edited list naming
        // ../ or an absolute path must not make Sheli read outside its folder.
        let name = Path::new(&info.file);
        let plain = name.components().count() == 1
            && matches!(name.components().next(), Some(std::path::Component::Normal(_)))
            && !info.file.contains(['/', '\\', '\0'])
            && !info.file.starts_with('.');
        if !plain {
            skipped.push(skip("its file name is not a plain name inside texts/".into()));
            continue;
        }
        let path = dir.join(TEXTS).join(&info.file);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_file() => out.push(ListedText { info, path, meta }),
            Ok(_) => skipped.push(skip("it is not a regular file".into())),
            Err(e) => skipped.push(skip(e.to_string())),
        }
    }
    (out, skipped)
}

/// The counts recorded at import for each text, by id (none if the manifest
/// cannot be read: [`list_user_texts`] reports that).
pub(super) fn recorded_counts(
    dir: &Path,
) -> std::collections::BTreeMap<String, sheli_corpus::TextCounts> {
    read_manifest(dir).map(|m| m.counts).unwrap_or_default()
}

/// Reads a listed text when its passages are first asked for: still a
/// regular file (never a pipe swapped in since it was listed, which would
/// block), as UTF-8.
pub(super) fn loader(path: &Path) -> sheli_corpus::TextLoader {
    let path = path.to_path_buf();
    Arc::new(move || match std::fs::symlink_metadata(&path) {
        Ok(meta) if meta.is_file() => std::fs::read_to_string(&path).map_err(|e| e.to_string()),
        Ok(_) => Err("it is not a regular file".into()),
        Err(e) => Err(e.to_string()),
    })
}

/// The listed texts with their contents; those that cannot be read join the
/// skipped ones.
pub(super) fn read_user_texts(
    listed: Vec<ListedText>,
    skipped: &mut Vec<super::SkippedText>,
) -> Vec<(ListedText, String)> {
    let mut out = Vec::new();
    for text in listed {
        match std::fs::read_to_string(&text.path) {
            Ok(content) => out.push((text, content)),
            Err(e) => skipped.push(super::SkippedText {
                id: text.info.id.clone(),
                file: text.info.file.clone(),
                reason: e.to_string(),
            }),
        }
    }
    out
}

/// The library's record of the user's files in use: name, size and
/// modification time of each, in order. It goes into the index's
/// fingerprint, so that a text changed behind Sheli's back is noticed by a
/// search that does not read it.
pub(super) fn stamp<'a>(texts: impl Iterator<Item = &'a ListedText>) -> String {
    use std::os::unix::fs::MetadataExt;
    let mut out = String::new();
    for t in texts {
        out.push_str(&format!(
            "{}\0{}\0{}.{}\n",
            t.info.file,
            t.meta.len(),
            t.meta.mtime(),
            t.meta.mtime_nsec()
        ));
    }
    out
}

/// The files named by `paths`: files as given, directories by their `.txt`
/// files (sorted, not recursive).
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(file_err(p))?;
        if meta.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(file_err(p))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.is_file() && f.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"))
                })
                .collect();
            inside.sort();
            if inside.is_empty() {
                return Err(LibraryError::Import(format!(
                    "{}: no .txt files in this folder",
                    p.display()
                )));
            }
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn hash8(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().take(4).map(|b| format!("{b:02x}")).collect()
}

/// Traditional if more than 2% of the ideographs change under the search
/// fold (which maps traditional and variant forms to simplified ones).
fn guess_script(text: &str) -> EditionScript {
    let (mut total, mut changed) = (0usize, 0usize);
    for c in text.chars().filter(|c| sheli_corpus::fold::is_cjk(*c)) {
        total += 1;
        if sheli_corpus::fold::fold_char(c, sheli_corpus::FoldMode::Folded) != Some(c) {
            changed += 1;
        }
    }
    if changed * 50 > total { EditionScript::Traditional } else { EditionScript::Simplified }
}

/// Writes `bytes` to `path` atomically (temporary file, sync, rename). The
/// temporary file's name is this process's own, so two writers never write
/// into the same one.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let mut f = std::fs::File::create(&tmp).map_err(file_err(&tmp))?;
    f.write_all(bytes).and_then(|_| f.sync_all()).map_err(file_err(&tmp))?;
    std::fs::rename(&tmp, path).map_err(file_err(path))
}

/// A file to import: where it came from, and its bytes (or why they could
/// not be read).
pub struct ImportInput {
    /// How messages name it: the path given, or the file's name.
    pub label: String,
    /// The file's name (recorded as the text's origin).
    pub file_name: String,
    pub bytes: std::result::Result<Vec<u8>, String>,
}

impl ImportInput {
    /// A file the window read (it has a name, but no path).
    pub fn named(file_name: &str, bytes: Vec<u8>) -> ImportInput {
        ImportInput {
            label: file_name.to_owned(),
            file_name: file_name.to_owned(),
            bytes: Ok(bytes),
        }
    }

    fn stem(&self) -> String {
        Path::new(&self.file_name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// Imports the files named by `paths` into the library in `dir`. `work`
/// names the work (default: each file's name without extension).
/// `progress(done, total, file)` is called once per file.
pub fn import(
    dir: &Path,
    paths: &[PathBuf],
    work: Option<&str>,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ImportReport> {
    let inputs = expand(paths)?
        .into_iter()
        .map(|path| ImportInput {
            label: path.display().to_string(),
            file_name: path
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            bytes: read_bounded(&path),
        })
        .collect();
    import_inputs(dir, inputs, work, progress)
}

/// Temporary files an interrupted import left in `texts/` (holding the
/// writers' lock, no other import is writing one).
fn remove_leftovers(texts: &Path) {
    for e in std::fs::read_dir(texts).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Longest work name accepted, in characters.
pub const MAX_WORK_CHARS: usize = 100;

/// A work name given with an import: not empty (an empty name made a work
/// with no title), one line, at most [`MAX_WORK_CHARS`], and not the name of a
/// built-in work in either script (大射儀 or 大射仪 would have merged a user's
/// text into the built-in work, where it is not one of its editions).
fn check_work(work: &str) -> Result<String> {
    let bad = |why: String| LibraryError::Import(format!("  --work “{work}”: {why}"));
    let name = work.trim();
    if name.is_empty() {
        return Err(bad("a work needs a name".into()));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("the name must be one line without control characters".into()));
    }
    if name.chars().count() > MAX_WORK_CHARS {
        return Err(bad(format!("the name is longer than {MAX_WORK_CHARS} characters")));
    }
    let folded = |s: &str| sheli_corpus::fold::fold(s, sheli_corpus::FoldMode::Folded);
    let builtin = sheli_corpus::manifest::builtin_manifest()?;
    if let Some(b) =
        builtin.iter().find(|b| folded(&b.work) == folded(name) && !folded(name).is_empty())
    {
        return Err(bad(format!(
            "{} is a built-in work; give your text a name of its own",
            b.work
        )));
    }
    Ok(name.to_owned())
}

/// A file's bytes, read only if it is a regular file no larger than the
/// import limit, and never more than the limit: a FIFO given as input used
/// to block forever, `/dev/zero` to read until memory ran out, and a 200 MB
/// file cost 263 MB before its size was checked. The type and size are
/// checked on the opened handle (opened without blocking), so a file swapped
/// for a FIFO between a check and the open cannot block either.
fn read_bounded(path: &Path) -> std::result::Result<Vec<u8>, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let not_regular = "it is not a regular file (a folder, a device, a pipe or a socket)";
    let max = sheli_corpus::import::MAX_IMPORT_BYTES;
    let too_large =
        |size: u64| format!("the file is too large ({size} bytes; at most {max} bytes)");
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(not_regular.into());
    }
    if meta.len() > max as u64 {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(not_regular.into());
    }
    let mut bytes = Vec::with_capacity(meta.len().min(max as u64) as usize);
    file.take(max as u64 + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Imports `inputs` into the library in `dir`, all or nothing (see the
/// module documentation).
pub fn import_inputs(
    dir: &Path,
    inputs: Vec<ImportInput>,
    work: Option<&str>,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Result<ImportReport> {
    let work = work.map(check_work).transpose()?;
    let work = work.as_deref();
    let mut problems = Vec::new();
    let mut ready: Vec<(SourceInfo, String, usize, &'static str)> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        progress(i, inputs.len(), &input.label);
        let checked =
            (|| -> std::result::Result<(SourceInfo, String, usize, &'static str), String> {
                let bytes = input.bytes.as_deref().map_err(|e| e.clone())?;
                let decoded = decode(bytes).map_err(|e| e.to_string())?;
                let id = format!("user.{}", hash8(&decoded.text));
                if ready.iter().any(|r| r.0.id == id) {
                    return Err("the same text is given twice".into());
                }
                let stem = input.stem();
                let info = SourceInfo {
                    sha256: Sha256::digest(decoded.text.as_bytes())
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect(),
                    edition_note: format!("imported from {} ({})", input.label, decoded.encoding),
                    script: guess_script(&decoded.text),
                    provenance: "imported by the user".into(),
                    licence: "the user's own".into(),
                    ..SourceInfo::user_text(&id, work.unwrap_or(&stem), &input.file_name)
                };
                let passages = sheli_corpus::parse::parse(
                    &info,
                    &decoded.text,
                    &LineIndex::new(&decoded.text),
                )
                .map_err(|e| e.to_string())?
                .len();
                if passages == 0 {
                    return Err("the file holds no paragraphs".into());
                }
                Ok((info, decoded.text, passages, decoded.encoding))
            })();
        match checked {
            Ok(r) => ready.push(r),
            Err(why) => problems.push(format!("  {}: {why}", input.label)),
        }
    }
    progress(inputs.len(), inputs.len(), "");
    if inputs.is_empty() {
        return Err(LibraryError::Import("  no files were given".into()));
    }
    if !problems.is_empty() {
        return Err(LibraryError::Import(problems.join("\n")));
    }
    // The texts must also parse together with the built-in ones (ids unique).
    let mut check = Corpus::builtin()?;
    for (info, text, ..) in &ready {
        check.add_source(info.clone(), Arc::from(text.as_str()))?;
    }
    // What each holds, recorded beside it so the library lists it unread.
    let counts: Vec<sheli_corpus::TextCounts> =
        ready.iter().map(|(info, ..)| sheli_corpus::TextCounts::of(&check, &info.id)).collect();
    drop(check);
    // One writer at a time (docs/data-folder.md): the manifest is read only
    // now, holding the lock, so a text another import added meanwhile is
    // kept, not overwritten by our older copy of the list.
    let _lock = WriterLock::acquire(dir, DEFAULT_WAIT)?;
    let mut manifest = read_manifest(dir)?;
    let already: Vec<String> = ready
        .iter()
        .filter(|r| manifest.source.iter().any(|s| s.id == r.0.id))
        .map(|r| format!("  {}: this text is already in the library", r.0.origin))
        .collect();
    if !already.is_empty() {
        return Err(LibraryError::Import(already.join("\n")));
    }
    let texts = dir.join(TEXTS);
    std::fs::create_dir_all(&texts).map_err(file_err(&texts))?;
    remove_leftovers(&texts);
    let mut imported = Vec::new();
    for ((info, text, passages, encoding), counts) in ready.into_iter().zip(counts) {
        write_atomic(&texts.join(&info.file), text.as_bytes())?;
        manifest.counts.insert(info.id.clone(), counts);
        imported.push(ImportedText {
            id: info.id.clone(),
            work: info.work.clone(),
            file: info.origin.clone(),
            encoding: encoding.to_owned(),
            passages,
        });
        manifest.source.push(info);
    }
    let toml = toml::to_string_pretty(&manifest).map_err(|e| LibraryError::Manifest {
        path: manifest_path(dir).display().to_string(),
        message: e.to_string(),
    })?;
    write_atomic(&manifest_path(dir), toml.as_bytes())?;
    Ok(ImportReport { imported })
}

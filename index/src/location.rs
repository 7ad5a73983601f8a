//! Where the index lives and when it is rebuilt.
//!
//! The index is a cache of the texts: it can always be rebuilt, so it is
//! rebuilt whenever it cannot be trusted — missing, written by another schema
//! version, built from other texts, or failing tantivy's checksums.
//!
//! This module decides whether one index folder can be trusted
//! ([`open_if_current`]) and writes one (`write_complete`, description
//! last). Where the folders live is [`crate::generations`]: in the data
//! folder, which several processes share, every build writes a new
//! generation beside the one in use and `CURRENT` is switched to it, so a
//! reader never sees a half-built or half-removed index, and a generation is
//! removed only when no reader holds its lease. Finished indexes are opened
//! read-only ([`crate::directory::CacheDirectory::open_read_only`]), so a
//! read-only data folder can be searched. [`open_or_build`] and [`build`]
//! keep the older single-folder form (rebuilt in a fresh folder and swapped
//! in) for a folder one process owns, as the benchmark's.

use std::path::{Path, PathBuf};

use serde::Serialize;
use sheli_corpus::Corpus;
use tantivy::Index;
use tantivy::index::SegmentComponent;

use crate::directory::CacheDirectory;
use crate::error::{IndexError, Result, io_err};
use crate::indexer::{self, BuildOptions, Progress};
use crate::meta::{IndexMeta, META_FILE};
use crate::schema::SCHEMA_VERSION;
use crate::search::SearchIndex;

/// Why an index was (re)built on open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum RebuildReason {
    Missing,
    SchemaChanged,
    TextsChanged,
    Corrupt(String),
    /// `index` was a file or a link, not a folder (it was moved aside).
    NotAFolder,
}

impl std::fmt::Display for RebuildReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebuildReason::Missing => f.write_str("the search index did not exist yet"),
            RebuildReason::SchemaChanged => f.write_str("the index format changed"),
            RebuildReason::TextsChanged => f.write_str("the texts changed"),
            RebuildReason::Corrupt(why) => write!(f, "the index was damaged ({why})"),
            RebuildReason::NotAFolder => {
                f.write_str("the index's folder had been replaced by a file or a link")
            }
        }
    }
}

pub struct Opened {
    pub index: SearchIndex,
    /// `Some` when the index had to be built on this open, and why.
    pub rebuilt: Option<RebuildReason>,
    /// `Some` when the index could not be written into the data folder (it
    /// is read-only, or another writer held it too long) and was built in a
    /// temporary folder outside it instead, for this process only: the
    /// message says why, for the caller to pass on.
    pub built_outside: Option<String>,
}

fn read_meta(dir: &Path) -> Option<IndexMeta> {
    let bytes = std::fs::read(dir.join(META_FILE)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Opens the finished index in `dir` if it is sound and up to date with
/// `corpus` (same schema, same texts, every file matching its checksum);
/// otherwise says why it cannot be used. Writes nothing in `dir`.
pub fn open_if_current(
    dir: &Path,
    corpus: &Corpus,
) -> std::result::Result<SearchIndex, RebuildReason> {
    let expected = IndexMeta::for_corpus(corpus, 0);
    match read_meta(dir) {
        None if !dir.join("meta.json").exists() => Err(RebuildReason::Missing),
        None => Err(RebuildReason::Corrupt("its description file is missing or unreadable".into())),
        Some(m) if m.schema_version != SCHEMA_VERSION => Err(RebuildReason::SchemaChanged),
        Some(m) if m.corpus_hash != expected.corpus_hash || m.sources != expected.sources => {
            Err(RebuildReason::TextsChanged)
        }
        Some(meta) => open_checked(dir, meta).map_err(RebuildReason::Corrupt),
    }
}

/// Opens the index in `dir` if it is sound and up to date with `corpus`;
/// otherwise rebuilds it in place and says why.
///
/// This is the single-folder form, for one process that owns `dir` (the
/// benchmark, tests of the checks above). The data folder, which several
/// processes share, uses [`crate::generations`] instead.
pub fn open_or_build(
    dir: &Path,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
) -> Result<Opened> {
    let reason = match open_if_current(dir, corpus) {
        Ok(index) => return Ok(Opened { index, rebuilt: None, built_outside: None }),
        Err(reason) => reason,
    };
    let index = build(dir, corpus, progress)?;
    Ok(Opened { index, rebuilt: Some(reason), built_outside: None })
}

/// Opens and verifies every file's checksum; the error says what is wrong.
fn open_checked(dir: &Path, meta: IndexMeta) -> std::result::Result<SearchIndex, String> {
    let directory = CacheDirectory::open_read_only(dir).map_err(|e| e.to_string())?;
    let index = Index::open(directory).map_err(|e| e.to_string())?;
    let bad = damaged_files(dir, &index)?;
    if !bad.is_empty() {
        return Err(format!("checksum mismatch in {}", bad.join(", ")));
    }
    let index = SearchIndex::new(index, meta).map_err(|e| e.to_string())?;
    if index.num_segments() as usize != index.meta().segments {
        return Err("it holds a different number of segments than recorded".into());
    }
    Ok(index)
}

/// Every file of every segment `meta.json` lists, checked against the CRC32
/// in its footer; missing files count as damaged. Unlike tantivy's
/// `Index::validate_checksum`, this does not rely on tantivy's list of
/// managed files (`.managed.json`), which could itself be lost: the index is
/// written without `fsync` ([`crate::directory`]), so after a crash any file
/// may be short, empty or absent.
fn damaged_files(dir: &Path, index: &Index) -> std::result::Result<Vec<String>, String> {
    let files = segment_files(index)?;
    let checked = read_checked(dir);
    let mut bad = Vec::new();
    for file in files {
        let path = dir.join(&file);
        let sound = match &checked {
            // Built in this boot: the files are as written (see `Checked`);
            // a file cut short or replaced since shows in its size.
            Some(c) => std::fs::metadata(&path)
                .is_ok_and(|m| c.files.get(&file.display().to_string()) == Some(&m.len())),
            None => matches!(crc_matches(&path), Ok(true)),
        };
        if !sound {
            bad.push(file.display().to_string());
        }
    }
    Ok(bad)
}

/// The files of every segment `meta.json` lists.
fn segment_files(index: &Index) -> std::result::Result<Vec<PathBuf>, String> {
    let metas = index.load_metas().map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for segment in &metas.segments {
        let mut components = vec![
            SegmentComponent::FieldNorms,
            SegmentComponent::Terms,
            SegmentComponent::Postings,
            SegmentComponent::Positions,
            SegmentComponent::FastFields,
            SegmentComponent::Store,
        ];
        if segment.has_deletes() {
            components.push(SegmentComponent::Delete);
        }
        files.extend(components.into_iter().map(|c| segment.relative_path(c)));
    }
    Ok(files)
}

/// The record a generation's builder leaves beside the index
/// ([`CHECKED_FILE`]): the boot it was written in and each file's size.
///
/// The files are written without `fsync` ([`crate::directory`]), so what a
/// crash can damage is what had not reached the disk when the *system*
/// went down — a power loss, a kernel panic: a new boot. Within the boot
/// that wrote them, the files read are the ones written (the kernel's page
/// cache), unless something outside Sheli changes them. So an index opened
/// in the boot it was built in is checked by its files' sizes (a file cut
/// short, emptied or replaced), not by reading every byte for its CRC —
/// which cost each `sheli search` ~10 ms per 10M characters of the library
/// (87 MB of index) and grew with it. In any other boot, or without the
/// record (an index built by an earlier version, the single-folder form),
/// every file is read for its CRC.
#[derive(serde::Serialize, serde::Deserialize)]
struct Checked {
    boot: String,
    files: std::collections::BTreeMap<String, u64>,
}

/// Where [`Checked`] is kept, inside the generation.
pub(crate) const CHECKED_FILE: &str = ".written-in-boot.json";

/// This boot's id, if the system says (Linux: a random id per boot).
fn boot_id() -> Option<String> {
    let id = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let id = id.trim();
    (!id.is_empty()).then(|| id.to_owned())
}

/// The generation's [`Checked`] record if it was written in this boot.
fn read_checked(dir: &Path) -> Option<Checked> {
    let checked: Checked =
        serde_json::from_slice(&std::fs::read(dir.join(CHECKED_FILE)).ok()?).ok()?;
    (Some(&checked.boot) == boot_id().as_ref()).then_some(checked)
}

/// Writes the [`Checked`] record of the index just built in `dir`: the
/// boot and the size of every file of its segments. Written before the
/// description, so a finished generation has it (or was built without a
/// boot id, and is always read whole).
pub(crate) fn write_checked(dir: &Path) -> Result<()> {
    let Some(boot) = boot_id() else { return Ok(()) };
    let index = Index::open(CacheDirectory::open_read_only(dir)?)?;
    let mut files = std::collections::BTreeMap::new();
    for file in segment_files(&index).map_err(IndexError::Meta)? {
        let path = dir.join(&file);
        let len = std::fs::metadata(&path).map_err(io_err(&path))?.len();
        files.insert(file.display().to_string(), len);
    }
    let json = serde_json::to_vec(&Checked { boot, files })
        .map_err(|e| IndexError::Meta(e.to_string()))?;
    let path = dir.join(CHECKED_FILE);
    std::fs::write(&path, json).map_err(io_err(&path))
}

/// Whether the file's body matches the CRC32 in its tantivy footer
/// (`[body][footer JSON {"version", "crc"}][footer length: u32 LE][1337:
/// u32 LE]`, tantivy's `directory::footer`). Read with `read` in pieces of
/// 1 MB, not through tantivy's memory map (its `validate_checksum`): every
/// page of a mapped file read counts in the process's resident memory, so
/// checking a 50M-character library's index that way made a search's and an
/// import's peak grow with the largest file; read, it stays at one piece.
fn crc_matches(path: &Path) -> std::io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    const MAGIC: u32 = 1337;
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    if len < 8 {
        return Ok(false);
    }
    let mut tail = [0u8; 8];
    file.seek(SeekFrom::Start(len - 8))?;
    file.read_exact(&mut tail)?;
    let footer_len = u64::from(u32::from_le_bytes(tail[..4].try_into().expect("4 bytes")));
    let magic = u32::from_le_bytes(tail[4..].try_into().expect("4 bytes"));
    if magic != MAGIC || footer_len > 10_000 || footer_len + 8 > len {
        return Ok(false);
    }
    let body_len = len - 8 - footer_len;
    let mut json = vec![0u8; footer_len as usize];
    file.seek(SeekFrom::Start(body_len))?;
    file.read_exact(&mut json)?;
    #[derive(serde::Deserialize)]
    struct Footer {
        crc: u32,
    }
    let Ok(footer) = serde_json::from_slice::<Footer>(&json) else { return Ok(false) };
    file.seek(SeekFrom::Start(0))?;
    let mut hasher = crc32fast::Hasher::new();
    let mut piece = vec![0u8; 1 << 20];
    let mut body = file.take(body_len);
    loop {
        let n = body.read(&mut piece)?;
        if n == 0 {
            break;
        }
        hasher.update(&piece[..n]);
    }
    Ok(body.limit() == 0 && hasher.finalize() == footer.crc)
}

/// Writes a complete index for `corpus` into `dir`, which must not exist:
/// the tantivy files, then its description ([`META_FILE`]) last, so that a
/// folder without the description is never taken for a finished index.
/// Returns the description written. The sources are read one at a time
/// ([`indexer::add_sources`]: a user's text is streamed from its file).
pub(crate) fn write_complete(
    dir: &Path,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
    before_meta: impl FnOnce(&Path) -> Result<()>,
) -> Result<IndexMeta> {
    let meta = IndexMeta::for_corpus(corpus, 0);
    let source_ids: Vec<String> = meta.sources.iter().map(|(id, _)| id.clone()).collect();
    let mut builder = indexer::Builder::create(dir, &source_ids, BuildOptions::default())?;
    let added = indexer::add_sources(&mut builder, corpus, 0, 0, progress)?;
    drop(builder.finish()?);
    finish_meta(dir, IndexMeta { segments: added.docs as usize, ..meta }, before_meta)
}

/// Writes the description of the index just written in `dir`, after
/// `before_meta` (the lease of a generation).
fn finish_meta(
    dir: &Path,
    meta: IndexMeta,
    before_meta: impl FnOnce(&Path) -> Result<()>,
) -> Result<IndexMeta> {
    before_meta(dir)?;
    let json = serde_json::to_vec_pretty(&meta).map_err(|e| IndexError::Meta(e.to_string()))?;
    let meta_path = dir.join(META_FILE);
    std::fs::write(&meta_path, json).map_err(io_err(&meta_path))?;
    Ok(meta)
}

/// A finished index that a new one for `corpus` can start from: it holds the
/// corpus's first `sources` sources exactly as a build of the corpus would
/// (same schema, same texts and stamps, checked by their
/// [`crate::meta::prefix_hashes`]), and every file matches its checksum.
pub(crate) struct Base {
    pub dir: PathBuf,
    pub meta: IndexMeta,
    pub sources: usize,
}

/// `dir` as a [`Base`] for an index of `corpus`, if it is one: a strict
/// prefix of the corpus's sources, sound. `None` otherwise (then the index
/// is built whole).
pub(crate) fn as_base(dir: &Path, corpus: &Corpus) -> Option<Base> {
    let meta = read_meta(dir)?;
    if meta.schema_version != SCHEMA_VERSION {
        return None;
    }
    let expected = IndexMeta::for_corpus(corpus, 0);
    let k = meta.sources.len();
    if k == 0 || k >= expected.sources.len() || meta.sources[..] != expected.sources[..k] {
        return None;
    }
    if crate::meta::prefix_hashes(corpus).get(k) != Some(&meta.corpus_hash) {
        return None;
    }
    // A damaged file copied into the new index would be damaged there too.
    let index = Index::open(CacheDirectory::open_read_only(dir).ok()?).ok()?;
    if !damaged_files(dir, &index).ok()?.is_empty() {
        return None;
    }
    Some(Base { dir: dir.to_path_buf(), meta, sources: k })
}

/// Files of a finished index that are not tantivy's: its description, the
/// readers' lease, lock files.
fn is_ours(name: &str) -> bool {
    name == META_FILE
        || name == CHECKED_FILE
        || name.starts_with(".lease")
        || name.ends_with(".lock")
}

/// Writes into `dir` (which must not exist) an index of `corpus` that starts
/// from `base`: its files are linked into `dir` (hard links, so nothing is
/// copied; a copy where the file system has none) — tantivy never changes a
/// file once written, and `base` is never written again, so the two share
/// them safely — and only the sources after the base's are indexed. What it
/// costs therefore grows with the new texts, not with the library; the
/// index answers every query as a whole build would (the same documents,
/// `seq` numbered on from the base's; tantivy's statistics are over all
/// segments). Then the description, last, as [`write_complete`].
pub(crate) fn write_incremental(
    dir: &Path,
    base: &Base,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
    before_meta: impl FnOnce(&Path) -> Result<()>,
) -> Result<IndexMeta> {
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    for entry in std::fs::read_dir(&base.dir).map_err(io_err(&base.dir))? {
        let entry = entry.map_err(io_err(&base.dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_ours(&name) || !entry.file_type().map_err(io_err(&base.dir))?.is_file() {
            continue;
        }
        let (from, to) = (entry.path(), dir.join(&name));
        if std::fs::hard_link(&from, &to).is_err() {
            std::fs::copy(&from, &to).map_err(io_err(&to))?;
        }
    }
    let meta = IndexMeta::for_corpus(corpus, 0);
    let source_ids: Vec<String> = meta.sources.iter().map(|(id, _)| id.clone()).collect();
    let mut builder = indexer::Builder::open(dir, &source_ids, BuildOptions::default())?;
    let before = base.meta.segments as u64;
    let added = indexer::add_sources(&mut builder, corpus, base.sources, before, progress)?;
    drop(builder.finish()?);
    finish_meta(dir, IndexMeta { segments: (before + added.docs) as usize, ..meta }, before_meta)
}

/// Opens a finished index just written by [`write_complete`], read-only.
pub(crate) fn open_written(dir: &Path, meta: IndexMeta) -> Result<SearchIndex> {
    let index = Index::open(CacheDirectory::open_read_only(dir)?)?;
    SearchIndex::new(index, meta)
}

/// Builds the index for `corpus` in `dir`, replacing whatever is there
/// (single-folder form; see [`open_or_build`]).
pub fn build(
    dir: &Path,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
) -> Result<SearchIndex> {
    let staging = staging_dir(dir);
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io_err(&staging))?;
    }
    let meta = match write_complete(&staging, corpus, progress, |_| Ok(())) {
        Ok(meta) => meta,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
    };
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(io_err(dir))?;
    }
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent).map_err(io_err(parent))?;
    }
    std::fs::rename(&staging, dir).map_err(io_err(dir))?;
    open_written(dir, meta)
}

fn staging_dir(dir: &Path) -> PathBuf {
    let name =
        dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "index".into());
    dir.with_file_name(format!(".{name}.building-{}", std::process::id()))
}

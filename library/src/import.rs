//! Adding a user's own texts to the library.
//!
//! All or nothing: every file is read, decoded and parsed before anything is
//! made part of the library. Each file is decoded in pieces into a temporary
//! file of its own in `texts/` (`.import-<pid>-<n>.tmp`, held under an
//! exclusive `flock` for as long as it lives, so that another import's
//! clean-up never takes it for a leftover), then read back one paragraph at a
//! time to count its passages: an import's memory does not grow with the
//! file (`sheli_corpus::import::decode_stream`, `PlainStream`). Then, holding
//! the writers' lock, each temporary file is synced and renamed into place,
//! and the manifest — the one file that makes texts part of the library — is
//! replaced last, atomically. A crash at any point leaves the library as it
//! was (at worst with an unlisted text file or a temporary one, which is
//! ignored and removed by the next import).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use sheli_corpus::SourceInfo;

use super::{LibraryError, Result, SkippedText, UserManifest, file_err};
use crate::lock::{DEFAULT_WAIT, WriterLock};
use crate::reason::{ImportProblem, Reason, ReasonCode};

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
    /// Folders inside a folder given, not read (a folder's own `.txt` files
    /// are imported, not its sub-folders'), so that the user is told.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped_folders: Vec<String>,
}

pub(crate) fn manifest_path(dir: &Path) -> PathBuf {
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
pub(super) fn list_user_texts(dir: &Path) -> (Vec<ListedText>, Vec<SkippedText>) {
    let mut skipped = Vec::new();
    let manifest = match read_manifest(dir) {
        Ok(m) => m,
        Err(e) => {
            let detail = match &e {
                LibraryError::Manifest { message, .. } | LibraryError::File { message, .. } => {
                    message.clone()
                }
                other => other.to_string(),
            };
            skipped.push(SkippedText {
                id: String::new(),
                work: String::new(),
                file: format!("{TEXTS}/{MANIFEST}"),
                reason: Reason::new(ReasonCode::List, [("detail", detail)], e.to_string()),
            });
            return (Vec::new(), skipped);
        }
    };
    let mut out = Vec::new();
    let mut verified = crate::verify::Verified::load(dir);
    for mut info in manifest.source {
        info.user = true;
        let skip = |reason: Reason| SkippedText::of(&info, reason);
        if !info.id.starts_with("user.") {
            let id = ("id", info.id.clone());
            skipped.push(skip(Reason::new(
                ReasonCode::NotUserId,
                [id],
                "its id is not a user text's",
            )));
            continue;
        }
        if info.format != sheli_corpus::Format::Plain {
            skipped.push(skip(crate::valid::not_plain()));
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
            skipped.push(skip(Reason::new(
                ReasonCode::NotPlainName,
                [("file", info.file.clone())],
                "its file name is not a plain name inside texts/",
            )));
            continue;
        }
        let path = dir.join(TEXTS).join(&info.file);
        match std::fs::symlink_metadata(&path) {
            // Still the text imported (its checksum, see `verify`)?
            Ok(meta) if meta.is_file() => match verified.problem(&info, &path, &meta) {
                Some(why) => skipped.push(skip(why)),
                None => out.push(ListedText { info, path, meta }),
            },
            Ok(_) => skipped.push(skip(Reason::not_regular())),
            Err(e) => skipped.push(skip(Reason::of_io(&e))),
        }
    }
    verified.save();
    (out, skipped)
}

/// The counts recorded at import for each text, by id (none if the manifest
/// cannot be read: [`list_user_texts`] reports that).
pub(super) fn recorded_counts(
    dir: &Path,
) -> std::collections::BTreeMap<String, sheli_corpus::TextCounts> {
    read_manifest(dir).map(|m| m.counts).unwrap_or_default()
}

/// Opens a listed text when it is read (its passages asked for, or the
/// index built from it): still a regular file (never a pipe swapped in since
/// it was listed, which would block), read in pieces.
pub(super) fn reader(path: &Path) -> sheli_corpus::corpus::TextReader {
    let path = path.to_path_buf();
    Arc::new(move || {
        let file = open_regular(&path)?;
        Ok(Box::new(std::io::BufReader::with_capacity(256 * 1024, file))
            as Box<dyn std::io::BufRead + Send>)
    })
}

/// Where a text's table of passages is (`sheli_corpus::parse::table`):
/// beside it, `user.<hash>.passages`.
pub(super) fn table_path(text: &Path) -> PathBuf {
    text.with_extension("passages")
}

/// Reads a listed text one passage at a time: the text from a byte offset
/// on, and its table of passages with the text's length now (none if the
/// text was imported before tables were written, or the table is not a
/// regular file: the text is then read whole when asked for).
pub(super) fn passage_access(path: &Path) -> sheli_corpus::corpus::PassageAccess {
    use std::io::{Seek, SeekFrom};
    let (text, table) = (path.to_path_buf(), table_path(path));
    let at = text.clone();
    sheli_corpus::corpus::PassageAccess {
        text_at: Arc::new(move |offset| {
            let mut file = open_regular(&at)?;
            file.seek(SeekFrom::Start(offset)).map_err(|e| e.to_string())?;
            Ok(Box::new(std::io::BufReader::with_capacity(256 * 1024, file))
                as Box<dyn std::io::BufRead + Send>)
        }),
        table: Arc::new(move || {
            let len = open_regular(&text).ok()?.metadata().ok()?.len();
            let file = open_regular(&table).ok()?;
            Some((Box::new(file) as Box<dyn sheli_corpus::corpus::ReadSeek>, len))
        }),
    }
}

/// The file at `path`, opened only if it is a regular file: without
/// blocking (a FIFO swapped in would block an open), and checked again on
/// the handle, so a file swapped between the check and the open is caught.
fn open_regular(path: &Path) -> std::result::Result<std::fs::File, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let not_regular = "it is not a regular file (a folder, a device, a pipe or a socket)";
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Err(not_regular.into()),
        Err(e) => return Err(e.to_string()),
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    match file.metadata() {
        Ok(meta) if meta.is_file() => Ok(file),
        Ok(_) => Err(not_regular.into()),
        Err(e) => Err(e.to_string()),
    }
}

/// The listed texts with their contents; those that cannot be read join the
/// skipped ones.
pub(super) fn read_user_texts(
    listed: Vec<ListedText>,
    skipped: &mut Vec<SkippedText>,
) -> Vec<(ListedText, String)> {
    let mut out = Vec::new();
    for text in listed {
        match std::fs::read_to_string(&text.path) {
            Ok(content) => out.push((text, content)),
            Err(e) => skipped.push(SkippedText::of(&text.info, Reason::of_io(&e))),
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
/// files (sorted, not recursive: the sub-folders met go into `skipped`).
fn expand(paths: &[PathBuf], skipped: &mut Vec<String>) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(file_err(p))?;
        if meta.is_dir() {
            let entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(file_err(p))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            let mut folders: Vec<String> =
                entries.iter().filter(|f| f.is_dir()).map(|f| f.display().to_string()).collect();
            folders.sort();
            skipped.extend(folders);
            let mut inside: Vec<PathBuf> = entries
                .into_iter()
                .filter(|f| {
                    f.is_file() && f.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"))
                })
                .collect();
            inside.sort();
            if inside.is_empty() {
                return Err(LibraryError::Import(vec![ImportProblem {
                    file: Some(p.display().to_string()),
                    reason: Reason::bare(ReasonCode::NoTxtFiles, "no .txt files in this folder"),
                }]));
            }
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
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
/// not be read), or the path it is read from in pieces.
pub struct ImportInput {
    /// How messages name it: the path given, or the file's name.
    pub label: String,
    /// The file's name (recorded as the text's origin).
    pub file_name: String,
    /// The bytes, for a file the window read (ignored when `path` is
    /// given), or why the window could not send them.
    pub bytes: std::result::Result<Vec<u8>, Reason>,
    /// The file to read, in pieces, never whole (`sheli import`).
    pub path: Option<PathBuf>,
}

impl ImportInput {
    /// A file the window read (it has a name, but no path).
    pub fn named(file_name: &str, bytes: Vec<u8>) -> ImportInput {
        ImportInput {
            label: file_name.to_owned(),
            file_name: file_name.to_owned(),
            bytes: Ok(bytes),
            path: None,
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
    let mut skipped_folders = Vec::new();
    let inputs = expand(paths, &mut skipped_folders)?
        .into_iter()
        .map(|path| ImportInput {
            label: path.display().to_string(),
            file_name: path
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            bytes: Ok(Vec::new()),
            path: Some(path),
        })
        .collect();
    let mut report = import_inputs(dir, inputs, work, progress)?;
    report.skipped_folders = skipped_folders;
    Ok(report)
}

/// Temporary files an interrupted import left in `texts/`: those whose
/// process is gone. An import decodes into its own temporary file before it
/// takes the writers' lock, so a live one's must be left alone: the name
/// carries the process id, and the file is also held under an exclusive
/// `flock` while it lives (a file is created before it can be locked, so
/// the lock alone would leave a moment in which another import, or another
/// thread of the same process, took a fresh file for a leftover).
fn remove_leftovers(texts: &Path) {
    for e in std::fs::read_dir(texts).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(".tmp") && !owner_alive(&name) {
            let free = std::fs::File::open(e.path()).is_ok_and(|f| f.try_lock().is_ok());
            if free {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

/// Whether the process that named a temporary file so is still running:
/// `.import-<pid>-<n>.tmp` (a text being imported) or `.<file>.<pid>.<n>.tmp`
/// ([`write_atomic`]). A name that says no process counts as gone.
fn owner_alive(name: &str) -> bool {
    let pid = match name.strip_prefix(".import-") {
        Some(rest) => rest.split('-').next(),
        None => name.rsplitn(4, '.').nth(2),
    };
    let Some(pid) = pid.and_then(|p| p.parse::<i32>().ok()).filter(|p| *p > 0) else {
        return false;
    };
    if pid as u32 == std::process::id() {
        return true;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether `pid` exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// A text decoded into a temporary file of its own in `texts/`, locked
/// (see [`remove_leftovers`]) and removed when dropped unless it was
/// renamed into place.
struct Staged {
    path: PathBuf,
    file: std::fs::File,
    placed: bool,
}

impl Staged {
    fn new(texts: &Path) -> std::result::Result<Staged, Reason> {
        static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::fs::create_dir_all(texts).map_err(|e| staging(format!("{}: {e}", texts.display())))?;
        let path = texts.join(format!(".import-{}-{n}.tmp", std::process::id()));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| staging(format!("{}: {e}", path.display())))?;
        let staged = Staged { path, file, placed: false };
        staged.file.lock().map_err(staging)?;
        Ok(staged)
    }

    /// Syncs the text and renames it to `to`.
    fn place(&mut self, to: &Path) -> Result<()> {
        self.file.sync_all().map_err(file_err(&self.path))?;
        std::fs::rename(&self.path, to).map_err(file_err(to))?;
        self.placed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.placed {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Writing the decoded text beside the library failed (the disk): the
/// system's words in `detail`.
fn staging(detail: impl std::fmt::Display) -> Reason {
    let detail = detail.to_string();
    Reason::new(
        ReasonCode::Staging,
        [("detail", detail.clone())],
        format!("its text could not be written into the library: {detail}"),
    )
}

/// A text checked and staged, ready to be placed.
struct Ready {
    info: SourceInfo,
    staged: Staged,
    /// Its table of passages, written as they were counted.
    table: Staged,
    counts: sheli_corpus::TextCounts,
    encoding: &'static str,
}

/// Decodes one input into a staged file and counts its passages, reading
/// it in pieces (see the module documentation). The passages are counted on
/// a thread of their own as the decoded text is written ([`Counted`]): the
/// count no longer reads the staged file again after decoding, and the two
/// run side by side (an import's stage phase was one thread's work, one of
/// its two passes over the text a paragraph parse).
fn stage(
    texts: &Path,
    input: &ImportInput,
    work: Option<&str>,
) -> std::result::Result<Ready, Reason> {
    use sheli_corpus::import::decode_stream;
    // The passages are counted with the source's id and work, which the
    // checksum decides only at the end: the count needs neither (plain
    // texts are grouped by their tags alone), so a placeholder is parsed.
    let placeholder = SourceInfo::user_text("user.counting", "counting", &input.file_name);
    // The input is opened (or found unreadable) before anything is written.
    let decoded = match &input.path {
        Some(path) => {
            let mut file = open_bounded(path)?;
            let mut staged = Staged::new(texts)?;
            let table = Staged::new(texts)?;
            let mut counted = Counted::start(&mut staged.file, &table, &placeholder)?;
            let d = decode_stream(&mut file, &mut counted);
            let counts = counted.finish();
            both(d, counts).map(|d| (d, staged, table))
        }
        None => {
            let bytes = input.bytes.as_deref().map_err(Clone::clone)?;
            let mut staged = Staged::new(texts)?;
            let table = Staged::new(texts)?;
            let mut counted = Counted::start(&mut staged.file, &table, &placeholder)?;
            let d = decode_stream(&mut std::io::Cursor::new(bytes), &mut counted);
            let counts = counted.finish();
            both(d, counts).map(|d| (d, staged, table))
        }
    };
    let ((decoded, (counts, records)), staged, table) = decoded?;
    // The table's header names the text it is for (its length and
    // checksum), known only now.
    let text_len = staged.file.metadata().map_err(staging)?.len();
    records.finish(text_len, &decoded.sha256).map_err(staging)?;
    let id = format!("user.{}", &decoded.sha256[..8]);
    let stem = input.stem();
    let info = SourceInfo {
        sha256: decoded.sha256.clone(),
        edition_note: format!("imported from {} ({})", input.label, decoded.encoding),
        script: decoded.script(),
        provenance: "imported by the user".into(),
        licence: "the user's own".into(),
        ..SourceInfo::user_text(
            &id,
            work.map_or_else(|| crate::valid::work_from_stem(&stem), str::to_owned).as_str(),
            &input.file_name,
        )
    };
    if counts.passages == 0 {
        return Err(Reason::bare(ReasonCode::NoParagraphs, "the file holds no paragraphs"));
    }
    Ok(Ready { info, staged, table, counts, encoding: decoded.encoding })
}

/// The decoded text and its counts; the decoder's error first (a file that
/// is not text says so, not that its paragraphs could not be read).
fn both(
    decoded: std::result::Result<
        sheli_corpus::import::DecodedStream,
        sheli_corpus::import::ImportError,
    >,
    counts: std::result::Result<Counts, String>,
) -> std::result::Result<(sheli_corpus::import::DecodedStream, Counts), Reason> {
    let decoded = decoded.map_err(|e| Reason::of_import(&e))?;
    let counts =
        counts.map_err(|why| Reason::new(ReasonCode::Parse, [("detail", why.clone())], why))?;
    Ok((decoded, counts))
}

/// What the counting thread is sent: a piece of decoded text, or word that
/// the decoder starts again from nothing (another encoding tried).
enum Piece {
    Text(Vec<u8>),
    Restart,
}

/// How many decoded pieces (64 KB each at most) may wait for the counting
/// thread: a bound on what the overlap holds in memory.
const PIECES_IN_FLIGHT: usize = 16;

/// The staged file, and a thread counting the passages of what is written
/// to it (`PlainStream`, a paragraph at a time): a decoder's [`Restart`]
/// target that is read once, as it is written.
///
/// [`Restart`]: sheli_corpus::import::Restart
struct Counted<'a> {
    file: &'a mut std::fs::File,
    pieces: Option<std::sync::mpsc::SyncSender<Piece>>,
    counter: Option<std::thread::JoinHandle<std::result::Result<Counts, String>>>,
}

/// What the counting thread gives: the counts, and the table of passages
/// it wrote as they went by, its header still to write.
type Counts = (sheli_corpus::TextCounts, TableWriter);
type TableWriter = sheli_corpus::parse::table::TableWriter<std::fs::File>;

impl<'a> Counted<'a> {
    fn start(
        file: &'a mut std::fs::File,
        table: &Staged,
        info: &SourceInfo,
    ) -> std::result::Result<Counted<'a>, Reason> {
        let (tx, rx) = std::sync::mpsc::sync_channel(PIECES_IN_FLIGHT);
        let info = info.clone();
        let table = table.file.try_clone().map_err(staging)?;
        let counter = std::thread::Builder::new()
            .name("sheli-count".into())
            .spawn(move || count_pieces(&info, &rx, table))
            .ok();
        Ok(Counted { file, pieces: counter.is_some().then_some(tx), counter })
    }

    /// The counts of the whole text written (after the decoder is done).
    fn finish(mut self) -> std::result::Result<Counts, String> {
        // Closing the channel is the end of the text for the counter.
        self.pieces = None;
        match self.counter.take() {
            Some(counter) => {
                counter.join().map_err(|_| "counting the passages failed".to_string())?
            }
            None => Err("could not start counting the passages".into()),
        }
    }
}

impl Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf).map(|_| buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.file.write_all(buf)?;
        if let Some(tx) = &self.pieces {
            // A counter that stopped (on an error it reports at `finish`)
            // needs no more pieces.
            let _ = tx.send(Piece::Text(buf.to_vec()));
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl sheli_corpus::import::Restart for Counted<'_> {
    fn restart(&mut self) -> std::io::Result<()> {
        sheli_corpus::import::Restart::restart(self.file)?;
        if let Some(tx) = &self.pieces {
            let _ = tx.send(Piece::Restart);
        }
        Ok(())
    }
}

/// The pieces of a text as a reader: ends at the end of the text (the
/// channel closed) or at a restart, which it says in `restarted`.
struct PieceReader<'a> {
    rx: &'a std::sync::mpsc::Receiver<Piece>,
    piece: Vec<u8>,
    at: usize,
    restarted: std::rc::Rc<std::cell::Cell<bool>>,
}

impl std::io::Read for PieceReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.piece.len() {
            if self.restarted.get() {
                return Ok(0);
            }
            match self.rx.recv() {
                Ok(Piece::Text(p)) => (self.piece, self.at) = (p, 0),
                Ok(Piece::Restart) => self.restarted.set(true),
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.piece.len() - self.at);
        out[..n].copy_from_slice(&self.piece[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Counts the passages of the pieces received, from the start again at
/// each restart.
fn count_pieces(
    info: &SourceInfo,
    rx: &std::sync::mpsc::Receiver<Piece>,
    table: std::fs::File,
) -> std::result::Result<Counts, String> {
    use std::io::{Seek, SeekFrom};
    loop {
        let restarted = std::rc::Rc::new(std::cell::Cell::new(false));
        let reader = PieceReader { rx, piece: Vec::new(), at: 0, restarted: restarted.clone() };
        let reader = std::io::BufReader::with_capacity(256 * 1024, reader);
        let mut counts = sheli_corpus::TextCounts::counting();
        let mut failed = None;
        // The table is written from its start again at each restart.
        let mut file = table.try_clone().map_err(|e| e.to_string())?;
        file.set_len(0).and_then(|_| file.seek(SeekFrom::Start(0))).map_err(|e| e.to_string())?;
        let mut records = TableWriter::new(file).map_err(|e| e.to_string())?;
        let passages = sheli_corpus::parse::PlainStream::new(info, reader).without_line_starts();
        for passage in passages {
            match passage.and_then(|p| {
                counts.add(&p.passage);
                records.push(&p.start)
            }) {
                Ok(()) => {}
                Err(e) => {
                    failed = Some(e.to_string());
                    break;
                }
            }
        }
        if restarted.get() {
            continue;
        }
        // A text that does not parse is refused, but only once the decoder
        // is done (it may yet restart with another encoding): the pieces
        // still coming are taken and dropped.
        if let Some(why) = failed {
            loop {
                match rx.recv() {
                    Ok(Piece::Restart) => break,
                    Ok(Piece::Text(_)) => {}
                    Err(_) => return Err(why),
                }
            }
            continue;
        }
        return Ok((counts, records));
    }
}

/// A work name given with an import, trimmed, if it may name a work
/// ([`crate::valid::work_name_problem`], the check a restore applies too).
fn check_work(work: &str) -> Result<String> {
    let name = work.trim();
    match crate::valid::work_name_problem(name) {
        Some(why) => Err(LibraryError::import(why)),
        None => Ok(name.to_owned()),
    }
}

/// A file to import, opened only if it is a regular file no larger than
/// the import limit; it is then read in pieces, never whole, and never
/// beyond the limit (`decode_stream` stops there). A FIFO given as input
/// used to block forever, `/dev/zero` to read until memory ran out, and a
/// 200 MB file cost 263 MB before its size was checked. The type and size
/// are checked on the opened handle (opened without blocking), so a file
/// swapped for a FIFO between a check and the open cannot block either.
fn open_bounded(path: &Path) -> std::result::Result<std::fs::File, Reason> {
    let max = sheli_corpus::import::MAX_IMPORT_BYTES;
    let too_large =
        |size: u64| Reason::of_import(&sheli_corpus::import::ImportError::TooLarge { size, max });
    // The path as given may be a link to a regular file (metadata follows
    // it); the handle is what is read.
    let meta = std::fs::metadata(path).map_err(|e| Reason::of_io(&e))?;
    if !meta.is_file() {
        return Err(Reason::not_regular());
    }
    if meta.len() > max as u64 {
        return Err(too_large(meta.len()));
    }
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(|e| Reason::of_io(&e))?
    };
    let meta = file.metadata().map_err(|e| Reason::of_io(&e))?;
    if !meta.is_file() {
        return Err(Reason::not_regular());
    }
    if meta.len() > max as u64 {
        return Err(too_large(meta.len()));
    }
    Ok(file)
}

/// Refuses an import into a folder that cannot be written before any file
/// is read, as the store refuses a write (`store.read_only`): a read-only
/// data folder was reported as every file refused, with the path of a
/// temporary file and the system's "Permission denied".
fn writable(dir: &Path, texts: &Path) -> Result<()> {
    use std::io::ErrorKind::{PermissionDenied, ReadOnlyFilesystem};
    let read_only = |e: &std::io::Error| matches!(e.kind(), PermissionDenied | ReadOnlyFilesystem);
    let refused = || LibraryError::ReadOnly { path: dir.display().to_string() };
    // Probed where the texts go, or in the data folder while there is no
    // texts folder yet: an import that is then refused (a damaged file) must
    // leave no folder behind.
    let at = if texts.is_dir() { texts } else { dir };
    if let Err(e) = std::fs::create_dir_all(at) {
        return Err(if read_only(&e) { refused() } else { file_err(at)(e) });
    }
    let probe = at.join(format!(".import-{}-probe.tmp", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create(true).truncate(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) if read_only(&e) => Err(refused()),
        Err(e) => Err(file_err(&probe)(e)),
    }
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
    if inputs.is_empty() {
        return Err(LibraryError::import(Reason::bare(ReasonCode::NoFiles, "no files were given")));
    }
    let texts = dir.join(TEXTS);
    writable(dir, &texts)?;
    let builtin: Vec<String> =
        sheli_corpus::manifest::builtin_manifest()?.into_iter().map(|s| s.id).collect();
    let mut problems = Vec::new();
    let mut ready: Vec<Ready> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        progress(i, inputs.len(), &input.label);
        let checked = stage(&texts, input, work).and_then(|r| {
            // Ids unique: among the texts given and with the built-in ones.
            if ready.iter().any(|o| o.info.id == r.info.id) {
                Err(Reason::bare(ReasonCode::Twice, "the same text is given twice"))
            } else if builtin.contains(&r.info.id) {
                Err(Reason::new(
                    ReasonCode::BuiltinId,
                    [("id", r.info.id.clone())],
                    format!("its id {} is a built-in text's", r.info.id),
                ))
            } else if let Some(why) = crate::valid::listed_text_problem(&r.info) {
                // What a restore would refuse is not listed by an import
                // either (a file named 鄉射禮.txt given without a work).
                Err(Reason { message: format!("{why}; name its work with --work"), ..why })
            } else {
                Ok(r)
            }
        });
        match checked {
            Ok(r) => ready.push(r),
            Err(reason) => problems.push(ImportProblem { file: Some(input.label.clone()), reason }),
        }
    }
    progress(inputs.len(), inputs.len(), "");
    if !problems.is_empty() {
        return Err(LibraryError::Import(problems));
    }
    // One writer at a time (docs/data-folder.md): the manifest is read only
    // now, holding the lock, so a text another import added meanwhile is
    // kept, not overwritten by our older copy of the list.
    let _lock = WriterLock::acquire(dir, DEFAULT_WAIT)?;
    let mut manifest = read_manifest(dir)?;
    let already: Vec<ImportProblem> = ready
        .iter()
        .filter(|r| manifest.source.iter().any(|s| s.id == r.info.id))
        .map(|r| ImportProblem {
            file: Some(r.info.origin.clone()),
            reason: Reason::bare(ReasonCode::Already, "this text is already in the library"),
        })
        .collect();
    if !already.is_empty() {
        return Err(LibraryError::Import(already));
    }
    remove_leftovers(&texts);
    let mut imported = Vec::new();
    for mut r in ready {
        let text = texts.join(&r.info.file);
        r.table.place(&table_path(&text))?;
        r.staged.place(&text)?;
        imported.push(ImportedText {
            id: r.info.id.clone(),
            work: r.info.work.clone(),
            file: r.info.origin.clone(),
            encoding: r.encoding.to_owned(),
            passages: r.counts.passages,
        });
        manifest.counts.insert(r.info.id.clone(), r.counts);
        manifest.source.push(r.info);
    }
    let toml = toml::to_string_pretty(&manifest).map_err(|e| LibraryError::Manifest {
        path: manifest_path(dir).display().to_string(),
        message: e.to_string(),
    })?;
    write_atomic(&manifest_path(dir), toml.as_bytes())?;
    Ok(ImportReport { imported, skipped_folders: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The passages counted by the old way: the staged file read again
    /// whole, a paragraph at a time, after decoding.
    fn counted_again(path: &Path) -> sheli_corpus::TextCounts {
        let info = SourceInfo::user_text("user.x", "x", "x.txt");
        let reader = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        let mut counts = sheli_corpus::TextCounts::counting();
        for p in sheli_corpus::parse::PlainStream::new(&info, reader) {
            counts.add(&p.unwrap().passage);
        }
        counts
    }

    /// Counting beside the decoder gives what reading the staged text again
    /// gives, also when the decoder starts again with another encoding after
    /// pieces were counted: here the first 64 KB piece is ASCII (valid
    /// UTF-8, so counted), the rest GB18030, which makes the UTF-8 pass fail
    /// and the GB18030 pass restart from nothing.
    #[test]
    fn counts_beside_the_decoder_equal_a_second_reading_also_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let texts = dir.path().join(TEXTS);
        let mut text = String::new();
        for i in 0..9000 {
            text.push_str(&format!("line {i}\n\n"));
        }
        for i in 0..3000 {
            let layer = ["", "[注] ", "[記] ", "[題] "][i % 4];
            text.push_str(&format!("{layer}賓升，就席。第{i}\n主人答拜。\n\n"));
        }
        let utf8 = ImportInput::named("u.txt", text.clone().into_bytes());
        let (gb, _, bad) = encoding_rs::GB18030.encode(&text);
        assert!(!bad);
        let gb = gb.into_owned();
        assert!(std::str::from_utf8(&gb).is_err(), "the Chinese part is not UTF-8");
        assert!(std::str::from_utf8(&gb[..64 * 1024]).is_ok(), "the first piece is");
        for input in [utf8, ImportInput::named("g.txt", gb)] {
            let r = stage(&texts, &input, None).unwrap();
            let again = counted_again(&r.staged.path);
            assert_eq!(r.counts, again, "{}", input.label);
            assert_eq!(r.counts.passages, 9000 + 3000 - 3000 / 4, "{}", input.label);
        }
    }

    /// A file that is not text is refused for that, not for its paragraphs.
    #[test]
    fn a_binary_file_is_refused_as_binary() {
        let dir = tempfile::tempdir().unwrap();
        let input = ImportInput::named("b.bin", vec![0u8; 1000]);
        let err = stage(&dir.path().join(TEXTS), &input, None).err().unwrap();
        assert_eq!(err.code, ReasonCode::Binary, "{err}");
        assert!(err.to_string().contains("binary"), "{err}");
    }
}

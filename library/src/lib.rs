//! The user's library on disk: where data lives, the texts (built-in and
//! imported) and the search index over them. Plain Rust, no Tauri types, so
//! the CLI, the app and `cargo test` share it.
//!
//! ```text
//! <data dir>/                 SHELI_DATA_DIR, or the platform's app data dir
//!   texts/manifest.toml       the user's imported texts (same schema as the built-in manifest)
//!   texts/user.<hash>.txt     each imported text, decoded to UTF-8
//!   texts/user.<hash>.passages where each of its passages starts (written at
//!                             import), so one passage is read alone
//!   index/                    the tantivy index (a cache: rebuilt when stale or damaged)
//! ```

pub mod character;
mod codes;
mod import;
mod index_on_disk;
pub mod lock;
mod paths;
mod reason;
mod stamp;
pub mod valid;
mod verify;

pub use character::{CharEntry, describe as describe_char, parse_char};
pub use codes::LibraryCode;
pub use import::{ImportInput, ImportReport, ImportedText, import, import_inputs};
pub use lock::WriterLock;
pub use paths::{APP_IDENTIFIER, default_data_dir};
pub use reason::{ImportProblem, Reason, ReasonCode};
pub use stamp::LibraryStamp;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sheli_corpus::{Corpus, SourceInfo};
use sheli_index::indexer::Progress;

/// Errors of the library, each with a message a user can act on.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error(transparent)]
    Corpus(#[from] sheli_corpus::CorpusError),
    #[error(transparent)]
    Index(#[from] sheli_index::IndexError),
    #[error("{path}: {message}")]
    File { path: String, message: String },
    #[error("the library's list of texts ({path}) is damaged: {message}")]
    Manifest { path: String, message: String },
    /// Every file refused, each with its reason (typed, so the window says
    /// it in the reader's language).
    #[error("nothing was imported:\n{}", problems_said(.0))]
    Import(Vec<ImportProblem>),
    #[error("the data folder {path} cannot be used: {message}")]
    DataFolder { path: String, message: String },
    #[error(
        "another Sheli is changing the data folder {path} (an import, restore or index build); \
         try again when it has finished"
    )]
    Busy { path: String },
    /// The data folder cannot be written (a read-only folder or disk): said
    /// as such, not as a refusal of the files with a temporary file's path.
    #[error("the data folder {path} can only be read: nothing was imported")]
    ReadOnly { path: String },
    /// A request a user can correct (a character argument that is none).
    #[error("{0}")]
    Invalid(String),
    /// A user's text asked for that cannot be read or parsed now: left out
    /// of the library, and why.
    #[error("{0}")]
    LeftOut(Box<SkippedText>),
}

pub type Result<T> = std::result::Result<T, LibraryError>;

fn problems_said(problems: &[ImportProblem]) -> String {
    problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

impl LibraryError {
    /// An import refused for one reason about the whole of it (no files,
    /// the work's name).
    pub fn import(reason: Reason) -> LibraryError {
        LibraryError::Import(vec![ImportProblem { file: None, reason }])
    }
}

/// Makes the data folder if it is missing; a failure names it as the data folder.
fn create_data_folder(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| LibraryError::DataFolder {
        path: dir.display().to_string(),
        message: e.to_string(),
    })
}

pub fn file_err(path: &Path) -> impl FnOnce(std::io::Error) -> LibraryError + '_ {
    move |e| LibraryError::File { path: path.display().to_string(), message: e.to_string() }
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct UserManifest {
    #[serde(default)]
    pub source: Vec<SourceInfo>,
    /// What each text held when it was imported (passages, segments per
    /// layer), by source id, so that the library is listed without reading
    /// the texts. Absent for texts imported by earlier versions (and ignored
    /// by them).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub counts: std::collections::BTreeMap<String, sheli_corpus::TextCounts>,
}

/// The texts a user studies: the built-in corpus plus their own.
pub struct Library {
    pub dir: PathBuf,
    pub corpus: Arc<Corpus>,
    /// The user's texts that could not be opened, and why.
    pub skipped: Vec<SkippedText>,
    /// False for [`Library::open_unparsed`]: the user's texts are listed,
    /// their passages not available. ([`Library::open_lazy`]'s are: read on
    /// demand.)
    pub parsed: bool,
}

/// A user text left out of the library, and why. `id` and `work` are
/// empty when the whole list of texts could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedText {
    pub id: String,
    pub work: String,
    pub file: String,
    pub reason: Reason,
}

impl SkippedText {
    pub fn of(info: &SourceInfo, reason: Reason) -> SkippedText {
        SkippedText {
            id: info.id.clone(),
            work: info.work.clone(),
            file: info.file.clone(),
            reason,
        }
    }
}

impl std::fmt::Display for SkippedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.id.is_empty() {
            write!(f, "your texts were left out: {}", self.reason)
        } else {
            write!(f, "your text {} ({}) was left out: {}", self.id, self.file, self.reason)
        }
    }
}

/// Why the corpus would not take a listed text (it does not parse).
fn parse_reason(e: &sheli_corpus::CorpusError) -> Reason {
    Reason::new(ReasonCode::Parse, [("detail", e.to_string())], e.to_string())
}

/// The lazily added texts of `corpus` read so far that could not be read or
/// parsed, as texts left out; one whose file is gone from `dir`'s `texts/`
/// is said to be missing (the corpus keeps only the system's words).
pub fn read_failures(corpus: &Corpus, dir: &Path) -> Vec<SkippedText> {
    corpus
        .read_failures()
        .into_iter()
        .map(|(s, why)| {
            let path = dir.join("texts").join(&s.info.file);
            let reason = match std::fs::symlink_metadata(&path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Reason::of_io(&e),
                _ => Reason::unreadable(why),
            };
            SkippedText::of(&s.info, reason)
        })
        .collect()
}

impl Library {
    /// Opens the library in `dir` (created if missing): parses the built-in
    /// texts and the user's imported ones.
    /// A user text that cannot be read or parsed is skipped and listed in
    /// [`Library::skipped`]; everything else works.
    pub fn open(dir: &Path) -> Result<Library> {
        create_data_folder(dir)?;
        let mut corpus = Corpus::builtin()?;
        let (listed, mut skipped) = import::list_user_texts(dir);
        let mut added = Vec::new();
        for (text, content) in import::read_user_texts(listed, &mut skipped) {
            match corpus.add_source(text.info.clone(), Arc::from(content)) {
                Ok(_) => added.push(text),
                Err(e) => skipped.push(SkippedText::of(&text.info, parse_reason(&e))),
            }
        }
        corpus.set_user_stamp(import::stamp(added.iter()));
        Ok(Library { dir: dir.to_path_buf(), corpus: Arc::new(corpus), skipped, parsed: true })
    }

    /// Opens the library without reading the user's texts, which are read
    /// and parsed on demand, one at a time, the first time their passages
    /// are asked for ([`Corpus::add_lazy_source`]), and then kept. The
    /// built-in texts are parsed. What opening costs does not grow with the
    /// library: the user's texts are listed from their manifest (with the
    /// counts recorded at import) and checked as far as that goes without
    /// reading them. A text that turns out unreadable when it is read is
    /// reported then ([`Library::left_out`]); building the search index
    /// streams every text not read yet from its file, one paragraph at a
    /// time, keeping nothing of it ([`Corpus::add_streamed_source`]).
    pub fn open_lazy(dir: &Path) -> Result<Library> {
        create_data_folder(dir)?;
        let mut corpus = Corpus::builtin()?;
        let (listed, mut skipped) = import::list_user_texts(dir);
        let counts = import::recorded_counts(dir);
        let mut added = Vec::new();
        for text in listed {
            let recorded = counts.get(&text.info.id).cloned();
            match corpus.add_seekable_source(
                text.info.clone(),
                recorded,
                import::reader(&text.path),
                import::passage_access(&text.path),
            ) {
                Ok(_) => added.push(text),
                Err(e) => skipped.push(SkippedText::of(&text.info, parse_reason(&e))),
            }
        }
        corpus.set_user_stamp(import::stamp(added.iter()));
        Ok(Library { dir: dir.to_path_buf(), corpus: Arc::new(corpus), skipped, parsed: true })
    }

    /// The user's texts left out: those skipped when the library was opened
    /// and those read since that could not be read or parsed.
    pub fn left_out(&self) -> Vec<SkippedText> {
        let mut out = self.skipped.clone();
        out.extend(read_failures(&self.corpus, &self.dir));
        out
    }

    /// Opens the library without reading the user's texts: the built-in
    /// texts are parsed, the user's are listed from their manifest (and
    /// checked as far as that goes without reading them). Enough to search
    /// and to describe characters from the index, at a cost that does not
    /// grow with the library; their passages are not available
    /// ([`sheli_corpus::Source::parsed`] is false). If the index must be
    /// built, [`Library::open_index`] opens the library in full first.
    pub fn open_unparsed(dir: &Path) -> Result<Library> {
        create_data_folder(dir)?;
        let mut corpus = Corpus::builtin()?;
        let (listed, mut skipped) = import::list_user_texts(dir);
        let mut added = Vec::new();
        for text in listed {
            match corpus.add_unparsed_source(text.info.clone()) {
                Ok(_) => added.push(text),
                Err(e) => skipped.push(SkippedText::of(&text.info, parse_reason(&e))),
            }
        }
        corpus.set_user_stamp(import::stamp(added.iter()));
        Ok(Library { dir: dir.to_path_buf(), corpus: Arc::new(corpus), skipped, parsed: false })
    }

    /// A library over texts already parsed (the app keeps its own).
    pub fn over(dir: &Path, corpus: Arc<Corpus>) -> Library {
        Library { dir: dir.to_path_buf(), corpus, skipped: Vec::new(), parsed: true }
    }

    pub fn index_dir(&self) -> PathBuf {
        self.dir.join("index")
    }

    /// Opens the search index, building it first if it is missing, stale or
    /// damaged (the result says why it was rebuilt). Takes the writer lock
    /// only to build; see `index_on_disk` for readers, generations and a
    /// read-only data folder.
    pub fn open_index(&self, progress: &mut dyn FnMut(Progress)) -> Result<sheli_index::Opened> {
        index_on_disk::open(self, progress)
    }

    /// [`Library::open_index`] for a writer that already holds the lock (an
    /// import rebuilding the index before it lets go): the same, without
    /// taking the lock again, which would wait for itself.
    pub fn refresh_index(
        &self,
        lock: &WriterLock,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<sheli_index::Opened> {
        index_on_disk::refresh(self, lock, progress)
    }
}

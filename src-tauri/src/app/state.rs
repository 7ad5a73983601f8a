//! What the app holds while it runs, built once at start-up.
//!
//! To add state (the search index, the user store, …): add a field to
//! [`AppState`], build it in [`AppState::load`] (and in
//! [`AppState::for_tests`] if tests need it), and read it in commands through
//! `state.your_field`. Keep each part behind its own lock (or none, if it is
//! read-only) so that one slow command does not hold up the others.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, RwLock};

use sheli_corpus::display::Shown;
use sheli_corpus::{Corpus, EditionScript};
use sheli_library::{LibraryStamp, SkippedText};

use super::error::{AppError, AppResult, ErrorKind};
use super::index_slot::{Failure, SearchSlot};
use super::settings::{DisplayScript, SettingsStore};
use super::user_store::UserStore;

/// The state every command receives (as `State<'_, SharedState>`).
pub type SharedState = Arc<AppState>;

#[derive(Debug)]
pub struct AppState {
    /// Where the user's files live (`SHELI_DATA_DIR`, or the platform's app
    /// data directory).
    pub data_dir: PathBuf,
    /// The library's texts (built-in and imported): the built-in ones
    /// parsed, the user's read on demand (`Library::open_lazy`). An error is kept
    /// (not raised) so that the window still opens and can say what went
    /// wrong. Replaced whole when the user imports texts; a command holds the
    /// `Arc` it took for as long as it runs. `None` while the app's start
    /// still parses them ([`AppState::starting`]): the window and its first
    /// settings do not wait for the texts, a command that needs them does.
    /// The error is kept as its code and values (the library's: a data
    /// folder that cannot be made…), so each command after it says it in
    /// the window's language.
    corpus: Mutex<Option<Result<Arc<Corpus>, Failure>>>,
    /// Wakes the commands waiting for the texts at start-up.
    corpus_ready: Condvar,
    /// The user's texts the library left out, said in words (the window
    /// shows them above the library; a user must not lose a text unawares).
    left_out: RwLock<Vec<SkippedText>>,
    /// The reader's settings (`settings.json`).
    pub settings: SettingsStore,
    /// The user's glossaries, review state and notes (`user.sqlite3`), or
    /// why they could not be opened.
    pub store: UserStore,
    /// The search index: opened on a background thread at start-up
    /// (`search::open_index`), `index_building` until then.
    pub search: SearchSlot,
    /// Where exports are saved ([`exports_dir`]).
    pub exports_dir: PathBuf,
    /// The identity of the user's list of texts when it was last read: the
    /// window asks, when it gets the focus back, whether another Sheli
    /// (`sheli import`, `sheli restore`) changed it since
    /// ([`AppState::reload_if_changed`]).
    stamp: Mutex<Option<LibraryStamp>>,
}

impl AppState {
    /// Builds the state for the app: opens the library's texts (the
    /// built-in ones parsed, the user's listed and read when first asked
    /// for: `sheli_library::Library::open_lazy`, so that start-up does not
    /// grow with the library) and reads the settings from `data_dir`. The
    /// search index is opened later, off this thread.
    pub fn load(data_dir: PathBuf) -> AppState {
        let state = AppState::starting(data_dir);
        state.load_texts();
        state
    }

    /// The state at the app's start, before its texts are read: the
    /// settings and the user store are open, the texts come with
    /// [`AppState::load_texts`], which the app runs on a thread of its own
    /// while the window and its web engine start (issue 12's start-up:
    /// parsing the built-in texts took a hundred milliseconds of the main
    /// thread before the page could even be served). Until then, a command
    /// that needs the texts waits for them.
    pub fn starting(data_dir: PathBuf) -> AppState {
        AppState::with_texts(None, data_dir)
    }

    /// Reads the library's texts (see [`AppState::load`]) and hands them to
    /// the commands waiting for them.
    pub fn load_texts(&self) {
        let data_dir = &self.data_dir;
        // Taken before reading: a change made while we read is seen next time.
        self.set_stamp(LibraryStamp::of(data_dir));
        let mut left_out = Vec::new();
        let corpus = sheli_library::Library::open_lazy(data_dir)
            .map(|l| {
                for s in &l.skipped {
                    eprintln!("sheli: warning: {s}");
                    left_out.push(s.clone());
                }
                l.corpus
            })
            .map_err(|e| Failure::of_library(&e));
        if let Err(e) = &corpus {
            eprintln!("sheli: the texts could not be loaded: {}", e.message);
        }
        self.set_left_out(left_out);
        self.fill_corpus(corpus);
        if let Ok(c) = self.corpus() {
            self.store.reanchor_in_background(c);
        }
    }

    fn fill_corpus(&self, corpus: Result<Arc<Corpus>, Failure>) {
        *self.corpus.lock().unwrap_or_else(|e| e.into_inner()) = Some(corpus);
        self.corpus_ready.notify_all();
    }

    /// A state over a given corpus (tests build the corpus once and share it).
    /// An error given in words is the window's app.corpus with it as detail.
    pub fn with_corpus(corpus: Result<Arc<Corpus>, String>, data_dir: PathBuf) -> AppState {
        let corpus = corpus.map_err(|s| Failure::of_app(&AppError::Corpus(s)));
        AppState::with_texts(Some(corpus), data_dir)
    }

    /// The state with its texts, or `None` while they are still being read.
    fn with_texts(corpus: Option<Result<Arc<Corpus>, Failure>>, data_dir: PathBuf) -> AppState {
        let settings =
            SettingsStore::open(&data_dir).with_system_languages(sys_locale::get_locales());
        let store = UserStore::open(&data_dir);
        let exports_dir = exports_dir(&data_dir);
        // Texts given are taken as the disk's now; otherwise load_texts says.
        let stamp = corpus.is_some().then(|| LibraryStamp::of(&data_dir));
        AppState {
            data_dir,
            corpus: Mutex::new(corpus),
            corpus_ready: Condvar::new(),
            left_out: RwLock::new(Vec::new()),
            settings,
            store,
            search: SearchSlot::default(),
            exports_dir,
            stamp: Mutex::new(stamp),
        }
    }

    /// The parsed texts, or why they are unavailable.
    /// Waits while the app's start is still reading them (commands run off
    /// the main thread, so the wait holds up no window).
    pub fn corpus(&self) -> AppResult<Arc<Corpus>> {
        // Each update is one assignment, so a poisoned lock still holds a
        // whole value.
        let slot = self.corpus.lock().unwrap_or_else(|e| e.into_inner());
        let slot =
            self.corpus_ready.wait_while(slot, |c| c.is_none()).unwrap_or_else(|e| e.into_inner());
        match &*slot {
            Some(c) => c.clone().map_err(|f| f.error(ErrorKind::Corpus)),
            None => Err(AppError::Coded {
                kind: ErrorKind::Corpus,
                code: super::error::AppCode::CorpusLoading,
                params: Vec::new(),
                message: "the texts are unavailable: the texts are still being read".into(),
            }),
        }
    }

    /// Replaces the texts (after an import).
    pub fn set_corpus(&self, corpus: Arc<Corpus>) {
        self.fill_corpus(Ok(corpus));
    }

    /// Notes the identity of the user's list of texts as it is now (after
    /// the app's own import, so that its own change is not taken for
    /// another process's).
    pub fn set_stamp(&self, stamp: LibraryStamp) {
        *self.stamp.lock().unwrap_or_else(|e| e.into_inner()) = Some(stamp);
    }

    /// Reads the texts again if another process changed the user's list of
    /// them since they were read (an import or a restore from the command
    /// line, another window); says whether it did. The search index is the
    /// caller's to reopen (it builds on a thread of its own).
    pub fn reload_if_changed(&self) -> AppResult<bool> {
        let now = LibraryStamp::of(&self.data_dir);
        {
            let mut held = self.stamp.lock().unwrap_or_else(|e| e.into_inner());
            match &*held {
                // Still being read at start: that read is current.
                None => return Ok(false),
                Some(s) if *s == now => return Ok(false),
                Some(_) => *held = Some(now),
            }
        }
        let library = sheli_library::Library::open_lazy(&self.data_dir)
            // The library's own code (a data folder that cannot be used, a
            // list of texts that cannot be read), not its English in detail.
            .map_err(|error| AppError::Library { kind: ErrorKind::Storage, error })?;
        self.set_left_out(library.skipped.clone());
        self.set_corpus(library.corpus);
        Ok(true)
    }

    /// The user's texts the library left out, and why.
    pub fn left_out(&self) -> Vec<SkippedText> {
        self.left_out.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn set_left_out(&self, left_out: Vec<SkippedText>) {
        *self.left_out.write().unwrap_or_else(|e| e.into_inner()) = left_out;
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The script a command shows text in: the one it was asked for, or the
    /// reader's setting.
    pub fn script(&self, asked: Option<DisplayScript>) -> AppResult<DisplayScript> {
        Ok(match asked {
            Some(s) => s,
            None => self.settings.get()?.script,
        })
    }
}

/// Where exports go: `SHELI_EXPORT_DIR` if set (tests), else the user's
/// Downloads folder, else their home folder, else `exports/` in the data
/// directory.
pub fn exports_dir(data_dir: &Path) -> PathBuf {
    if let Some(d) = std::env::var_os("SHELI_EXPORT_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    dirs::download_dir().or_else(dirs::home_dir).unwrap_or_else(|| data_dir.join("exports"))
}

/// How the text of `source` is shown in `script` (converted only out of the
/// edition's own script; an unknown source as written).
pub fn shown_text(corpus: &Corpus, source: &str, script: DisplayScript) -> Shown {
    match corpus.source(source) {
        Some(s) => Shown::new(s.info.script, script),
        None => Shown::original(),
    }
}

/// How the labels Sheli itself writes are shown in `script`: work and
/// edition titles, layer names and the built-in cards are written in
/// traditional characters (a user's text names its own work, in its own
/// script).
pub fn shown_label(corpus: &Corpus, source: Option<&str>, script: DisplayScript) -> Shown {
    match source.and_then(|id| corpus.source(id)) {
        Some(s) if s.info.user => Shown::new(s.info.script, script),
        _ => Shown::new(EditionScript::Traditional, script),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At start the window is up before the texts are read: the first
    /// passage asked for comes when they are, not as an error.
    #[test]
    fn a_command_asking_for_the_texts_at_start_waits_for_them() {
        let dir = tempfile::tempdir().unwrap();
        let state = Arc::new(AppState::starting(dir.path().to_path_buf()));
        // The settings are there before the texts.
        assert!(state.settings.get().is_ok());
        let asker = {
            let state = Arc::clone(&state);
            std::thread::spawn(move || {
                state.corpus().map(|c| c.passage("xiangshe.zhushu.0143").map(|p| p.id.clone()).ok())
            })
        };
        std::thread::sleep(std::time::Duration::from_millis(20));
        state.load_texts();
        let got = asker.join().unwrap().expect("the texts, not an error");
        assert_eq!(got.as_deref(), Some("xiangshe.zhushu.0143"));
    }
}

//! The search index as the app holds it: opened on a background thread
//! (`search::open_index`), `Building` until then, and what the
//! `index_status` command and the `index-status` event report about it.
//!
//! Kept apart from the commands (`search.rs`) so that the app's state
//! (`state.rs`) can hold the slot without depending on the commands that use
//! the state.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;
use sheli_index::{RebuildReason, SearchIndex};
use ts_rs::TS;

use super::error::{AppCode, AppError, AppResult, ErrorKind};

/// How far the search index is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IndexState {
    /// Not opened yet (the background thread has not started).
    Idle,
    /// Being opened or built; `done` of `total` segments written.
    Building,
    Ready,
    /// It could not be opened or built; `message` says why.
    Failed,
}

/// What `index_status` returns and the `index-status` event carries.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct IndexStatus {
    pub state: IndexState,
    pub done: u32,
    pub total: u32,
    /// Segments in the index, once ready.
    pub segments: u32,
    /// A sentence for the reader: what is happening, or what went wrong
    /// (English, the CLI's and the logs'; the window says `code`).
    pub message: String,
    /// The sentence's code and values: the state's (`app.index_building`,
    /// `app.index_ready` with `segments`), or a failure's own (the
    /// library's: `library.busy` with its path…).
    pub code: String,
    pub params: BTreeMap<String, String>,
    /// Why the index was rebuilt on this start, if it was.
    pub rebuilt: Option<Rebuilt>,
}

/// Why the index was rebuilt: a code (`index.rebuilt.*`), its values (what
/// was damaged, in the index library's words as quoted detail), and the
/// English sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Rebuilt {
    pub code: String,
    pub params: BTreeMap<String, String>,
    pub message: String,
}

sheli_corpus::error_codes! {
    /// Why the index was built anew on this start (`RebuildReason`).
    RebuiltCode {
        Missing = "index.rebuilt.missing",
        SchemaChanged = "index.rebuilt.schema_changed",
        TextsChanged = "index.rebuilt.texts_changed",
        Corrupt = "index.rebuilt.corrupt",
        NotAFolder = "index.rebuilt.not_a_folder",
    }
}

impl Rebuilt {
    pub fn of(reason: &RebuildReason) -> Rebuilt {
        let (code, params) = match reason {
            RebuildReason::Missing => (RebuiltCode::Missing, BTreeMap::new()),
            RebuildReason::SchemaChanged => (RebuiltCode::SchemaChanged, BTreeMap::new()),
            RebuildReason::TextsChanged => (RebuiltCode::TextsChanged, BTreeMap::new()),
            RebuildReason::Corrupt(why) => {
                (RebuiltCode::Corrupt, BTreeMap::from([("detail".to_owned(), why.clone())]))
            }
            RebuildReason::NotAFolder => (RebuiltCode::NotAFolder, BTreeMap::new()),
        };
        Rebuilt { code: code.id().to_owned(), params, message: reason.to_string() }
    }
}

pub(super) enum Phase {
    Idle,
    Building { done: usize, total: usize },
    Ready { index: Arc<SearchIndex>, rebuilt: Option<Rebuilt> },
    Failed(Failure),
}

/// Why the index could not be opened, kept as the error it was (its code
/// and values, from the library or the texts), so a search asked after it
/// says it in the window's language; the English sentence is the status's.
#[derive(Debug, Clone)]
pub(super) struct Failure {
    pub code: &'static str,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
}

impl Failure {
    pub fn of_app(e: &AppError) -> Failure {
        let (code, params) = e.code();
        Failure { code, params, message: e.to_string() }
    }

    pub fn of_library(e: &sheli_library::LibraryError) -> Failure {
        Failure { code: e.code().id(), params: e.params(), message: e.to_string() }
    }

    /// The error a command meeting it returns, of `kind`, with its code.
    pub fn error(&self, kind: ErrorKind) -> AppError {
        AppError::Store {
            kind,
            code: self.code,
            params: self.params.clone(),
            message: self.message.clone(),
        }
    }
}

/// The index and where it is in its life; shared by every command.
pub struct SearchSlot {
    phase: Mutex<Phase>,
    /// Held while the index is opened or built: one build at a time, and a
    /// build asked for later (after an import) runs after, on the newer texts.
    pub(super) builds: Mutex<()>,
}

impl std::fmt::Debug for SearchSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchSlot").field("status", &self.status()).finish()
    }
}

impl Default for SearchSlot {
    fn default() -> Self {
        SearchSlot { phase: Mutex::new(Phase::Idle), builds: Mutex::new(()) }
    }
}

impl SearchSlot {
    fn lock(&self) -> std::sync::MutexGuard<'_, Phase> {
        // A panic while the lock was held leaves a valid phase (each update
        // is one assignment), so a poisoned lock is still usable.
        self.phase.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn status(&self) -> IndexStatus {
        status_of(&self.lock())
    }

    /// The index, or why there is none yet.
    pub fn index(&self) -> AppResult<Arc<SearchIndex>> {
        let phase = self.lock();
        match &*phase {
            Phase::Ready { index, .. } => Ok(Arc::clone(index)),
            Phase::Failed(why) => Err(why.error(ErrorKind::Index)),
            Phase::Idle | Phase::Building { .. } => {
                Err(AppError::IndexBuilding(status_of(&phase).message))
            }
        }
    }

    pub(super) fn set(&self, phase: Phase) {
        *self.lock() = phase;
    }
}

fn status_of(phase: &Phase) -> IndexStatus {
    // What every state says; only building and ready count.
    let status = |state, message: String, code: &str, params: &[(&str, String)]| IndexStatus {
        state,
        done: 0,
        total: 0,
        segments: 0,
        message,
        code: code.to_owned(),
        params: params.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect(),
        rebuilt: None,
    };
    let building = AppCode::IndexBuilding.id();
    match phase {
        Phase::Idle => {
            status(IndexState::Idle, "The search index is not open yet.".into(), building, &[])
        }
        Phase::Building { done, total } => {
            let message = if *total > 0 {
                format!("Building the search index… {}%", done * 100 / total)
            } else {
                "Opening the search index…".into()
            };
            IndexStatus {
                done: *done as u32,
                total: *total as u32,
                ..status(IndexState::Building, message, building, &[])
            }
        }
        Phase::Ready { index, rebuilt } => {
            let n = index.num_segments();
            let segments = [("segments", n.to_string())];
            let message = format!("{n} segments indexed.");
            IndexStatus {
                done: n as u32,
                total: n as u32,
                segments: n as u32,
                rebuilt: rebuilt.clone(),
                ..status(IndexState::Ready, message, AppCode::IndexReady.id(), &segments)
            }
        }
        Phase::Failed(why) => {
            status(IndexState::Failed, why.message.clone(), why.code, &why.params)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An index that could not be opened keeps the library's error, code
    /// and values, for a search asked after it (issue 12: app.index with
    /// the English "The search index could not be opened: …" as detail);
    /// the status keeps the English sentence.
    #[test]
    fn a_failed_index_keeps_the_librarys_code_for_a_search_after_it() {
        let slot = SearchSlot::default();
        let busy = sheli_library::LibraryError::Busy { path: "/data".into() };
        slot.set(Phase::Failed(Failure::of_library(&busy)));
        let Err(e) = slot.index() else { panic!("a failed index gave an index") };
        assert_eq!(e.code(), ("library.busy", vec![("path", "/data".to_string())]));
        assert_eq!(e.kind(), ErrorKind::Index);
        assert_eq!(slot.status().state, IndexState::Failed);
        assert_eq!(slot.status().message, busy.to_string());
        // and the status says it by the same code, not by its English
        assert_eq!(slot.status().code, "library.busy");
        assert_eq!(slot.status().params.get("path").map(String::as_str), Some("/data"));
    }

    /// Each state of the index and each reason it was rebuilt has a code
    /// the window says in its language (the English sentence kept beside).
    #[test]
    fn the_status_and_why_the_index_was_rebuilt_have_codes() {
        let slot = SearchSlot::default();
        assert_eq!(slot.status().code, "app.index_building");
        slot.set(Phase::Building { done: 3, total: 10 });
        assert_eq!((slot.status().code.as_str(), slot.status().done), ("app.index_building", 3));
        let corrupt = Rebuilt::of(&RebuildReason::Corrupt("a segment is missing".into()));
        assert_eq!(corrupt.code, "index.rebuilt.corrupt");
        assert_eq!(corrupt.params.get("detail").map(String::as_str), Some("a segment is missing"));
        assert_eq!(corrupt.message, "the index was damaged (a segment is missing)");
        for (reason, code) in [
            (RebuildReason::Missing, "index.rebuilt.missing"),
            (RebuildReason::SchemaChanged, "index.rebuilt.schema_changed"),
            (RebuildReason::TextsChanged, "index.rebuilt.texts_changed"),
            (RebuildReason::NotAFolder, "index.rebuilt.not_a_folder"),
        ] {
            let r = Rebuilt::of(&reason);
            assert_eq!((r.code.as_str(), r.params.len()), (code, 0));
            assert!(crate::app::error::all_codes().contains(&code), "{code}: listed");
        }
    }
}

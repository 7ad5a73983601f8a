//! The search index as the app holds it: opened on a background thread
//! (`search::open_index`), `Building` until then, and what the
//! `index_status` command and the `index-status` event report about it.
//!
//! Kept apart from the commands (`search.rs`) so that the app's state
//! (`state.rs`) can hold the slot without depending on the commands that use
//! the state.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use sheli_index::SearchIndex;
use ts_rs::TS;

use super::error::{AppError, AppResult, ErrorKind};

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
    /// A sentence for the reader: what is happening, or what went wrong.
    pub message: String,
    /// Why the index was rebuilt on this start, if it was.
    pub rebuilt: Option<String>,
}

pub(super) enum Phase {
    Idle,
    Building { done: usize, total: usize },
    Ready { index: Arc<SearchIndex>, rebuilt: Option<String> },
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
            Phase::Failed(why) => Err(AppError::Store {
                kind: ErrorKind::Index,
                code: why.code,
                params: why.params.clone(),
                message: why.message.clone(),
            }),
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
    let status =
        |state, done: usize, total: usize, segments: u64, message: String, rebuilt| IndexStatus {
            state,
            done: done as u32,
            total: total as u32,
            segments: segments as u32,
            message,
            rebuilt,
        };
    match phase {
        Phase::Idle => {
            status(IndexState::Idle, 0, 0, 0, "The search index is not open yet.".into(), None)
        }
        Phase::Building { done, total } => {
            let message = if *total > 0 {
                format!("Building the search index… {}%", done * 100 / total)
            } else {
                "Opening the search index…".into()
            };
            status(IndexState::Building, *done, *total, 0, message, None)
        }
        Phase::Ready { index, rebuilt } => {
            let n = index.num_segments();
            status(
                IndexState::Ready,
                n as usize,
                n as usize,
                n,
                format!("{n} segments indexed."),
                rebuilt.clone(),
            )
        }
        Phase::Failed(why) => status(IndexState::Failed, 0, 0, 0, why.message.clone(), None),
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
    }
}

//! The user store as the app holds it: open, or why it could not be opened
//! (a file from a newer Sheli, a damaged file) — the window still opens and
//! every store command returns that error.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use sheli_corpus::Corpus;
use sheli_store::Store;

use super::error::{AppError, AppResult, ErrorKind};

/// Why the store could not be opened: an [`AppError::Store`]'s fields, kept to
/// be returned by every command that needs the store.
type StoreFailure = (ErrorKind, &'static str, Vec<(&'static str, String)>, String);

/// The user store as the app holds it: open, or why it could not be opened.
#[derive(Debug)]
pub struct UserStore {
    inner: Result<Arc<Mutex<Store>>, StoreFailure>,
}

impl UserStore {
    /// Opens `user.sqlite3` in `data_dir` (creating or migrating it). A
    /// failure is kept, not raised: the app opens and says why.
    pub fn open(data_dir: &Path) -> UserStore {
        match Store::open_in(data_dir) {
            Ok(s) => UserStore { inner: Ok(Arc::new(Mutex::new(s))) },
            Err(e) => {
                eprintln!("sheli: your glossaries and notes could not be opened: {e}");
                let AppError::Store { kind, code, params, message } = AppError::from(e) else {
                    unreachable!()
                };
                UserStore { inner: Err((kind, code, params, message)) }
            }
        }
    }

    /// The open store, locked; or the error that kept it closed.
    pub fn lock(&self) -> AppResult<MutexGuard<'_, Store>> {
        match &self.inner {
            // A panic while the lock was held cannot have left half a write:
            // every write is one transaction, rolled back when dropped.
            Ok(m) => Ok(m.lock().unwrap_or_else(|e| e.into_inner())),
            Err((kind, code, params, message)) => Err(AppError::Store {
                kind: *kind,
                code: *code,
                params: params.clone(),
                message: message.clone(),
            }),
        }
    }

    /// Places every note again in `corpus` on a background thread (the
    /// texts may have changed since the notes were written).
    pub fn reanchor_in_background(&self, corpus: Arc<Corpus>) {
        let Ok(store) = &self.inner else { return };
        let store = Arc::clone(store);
        let spawned = std::thread::Builder::new().name("reanchor".into()).spawn(move || {
            let mut s = store.lock().unwrap_or_else(|e| e.into_inner());
            match s.reanchor(&corpus) {
                Ok(r) if r.orphaned > 0 => {
                    eprintln!(
                        "sheli: {} note(s) could not be placed in the texts (kept as orphaned)",
                        r.orphaned
                    )
                }
                Ok(_) => {}
                Err(e) => eprintln!("sheli: the notes could not be placed again: {e}"),
            }
        });
        if let Err(e) = spawned {
            eprintln!("sheli: could not start re-anchoring the notes: {e}");
        }
    }
}

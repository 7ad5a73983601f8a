//! One writer at a time in a data folder.
//!
//! Imports, deletes of texts, restores and index builds change files that
//! other processes read (the texts manifest, the index generations, the
//! store). Two of them at once lost texts: both read the manifest, both
//! wrote it back, the later one without the earlier one's text. So every
//! writer first takes an exclusive OS lock on `<data>/.lock` and re-reads
//! what it is about to change *after* it holds the lock.
//!
//! The lock is `flock(2)` through `std::fs::File::lock` (std since Rust
//! 1.89; no crate needed): the kernel drops it when the process dies, even
//! by SIGKILL, so a crashed writer never leaves a stale lock behind — unlike
//! a lock *file* whose mere existence is the lock.
//!
//! Readers (searching, showing a passage) take no lock here: what they read
//! is replaced only by atomic renames, and index generations they hold open
//! are protected by their own leases (see `sheli_index::generations`).

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::{LibraryError, Result};

/// The lock file's name inside the data folder.
pub const LOCK_FILE: &str = ".lock";

/// How long a writer waits for another writer before giving up with a
/// message. Imports of large texts take seconds; a minute is generous.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(60);

/// Held while one process writes to a data folder; released on drop (or when
/// the process ends, however it ends).
#[derive(Debug)]
pub struct WriterLock {
    _file: File,
    path: PathBuf,
}

impl WriterLock {
    /// Takes the data folder's writer lock, waiting up to `wait` for another
    /// writer to finish. The folder is created if missing.
    pub fn acquire(data_dir: &Path, wait: Duration) -> Result<WriterLock> {
        std::fs::create_dir_all(data_dir).map_err(|e| LibraryError::DataFolder {
            path: data_dir.display().to_string(),
            message: e.to_string(),
        })?;
        let path = data_dir.join(LOCK_FILE);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| LibraryError::DataFolder {
                path: data_dir.display().to_string(),
                message: format!("its lock file could not be opened ({e})"),
            })?;
        let start = Instant::now();
        let mut pause = Duration::from_millis(5);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(WriterLock { _file: file, path }),
                Err(TryLockError::WouldBlock) if start.elapsed() < wait => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(200));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(LibraryError::Busy { path: data_dir.display().to_string() });
                }
                Err(TryLockError::Error(e)) => {
                    return Err(LibraryError::DataFolder {
                        path: data_dir.display().to_string(),
                        message: format!("its lock could not be taken ({e})"),
                    });
                }
            }
        }
    }

    /// Takes the lock only if no other writer holds it now.
    pub fn try_acquire(data_dir: &Path) -> Result<Option<WriterLock>> {
        match WriterLock::acquire(data_dir, Duration::ZERO) {
            Ok(l) => Ok(Some(l)),
            Err(LibraryError::Busy { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_writer_waits_and_then_gives_up_with_a_message() {
        let dir = tempfile::tempdir().unwrap();
        let first = WriterLock::acquire(dir.path(), DEFAULT_WAIT).unwrap();
        let err = WriterLock::acquire(dir.path(), Duration::from_millis(50)).unwrap_err();
        assert!(matches!(err, LibraryError::Busy { .. }), "{err}");
        assert!(err.to_string().contains("another Sheli"), "{err}");
        assert!(WriterLock::try_acquire(dir.path()).unwrap().is_none());
        drop(first);
        assert!(WriterLock::try_acquire(dir.path()).unwrap().is_some());
    }
}

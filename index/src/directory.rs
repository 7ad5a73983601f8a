//! The directory an index is written through: tantivy's `MmapDirectory`
//! without the `fsync`s.
//!
//! The index is a cache of the texts ([`crate::location`]): it is never the
//! only copy of anything, and whenever it cannot be trusted it is rebuilt.
//! Durability therefore buys nothing, while tantivy's `MmapDirectory` pays for
//! it on every build — an `fdatasync` per segment file, per rewrite of its
//! list of managed files and of `meta.json`, and of the directory itself:
//! about 30 syncs per build, which dominated the build of a small corpus.
//!
//! What is kept is what makes damage detectable: every file still ends with
//! tantivy's footer and its CRC32 (the footer is added by tantivy's
//! `ManagedDirectory` above this one), `meta.json` and the managed list are
//! still replaced atomically (written aside, then renamed), and
//! [`crate::location`] checks every file of every segment against its
//! checksum before an index is reused. A build cut short by a crash or a
//! power loss therefore leaves files that fail that check (or no index at
//! all), and the index is rebuilt.
//!
//! A finished index is opened read-only ([`CacheDirectory::open_read_only`]):
//! it is never written again (a new build writes a new generation, see
//! [`crate::generations`]), so opening it must not write either. tantivy's
//! reader takes its "meta lock" while it opens the segments, and
//! `MmapDirectory` takes a lock by *creating* `.tantivy-meta.lock` and
//! opening it for writing — which fails in a read-only data folder and was
//! why search failed there. That lock only guards against tantivy's own
//! garbage collection deleting files mid-open; nothing deletes files inside a
//! finished generation (it is removed whole, and only when no reader holds
//! its lease), so the read-only directory hands out a lock that locks
//! nothing.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tantivy::directory::error::{
    DeleteError, LockError, OpenDirectoryError, OpenReadError, OpenWriteError,
};
use tantivy::directory::{
    AntiCallToken, Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, TerminatingWrite,
    WatchCallback, WatchHandle, WritePtr,
};

/// `MmapDirectory` for reading, locks and watching; plain unsynced files for
/// writing.
#[derive(Clone, Debug)]
pub struct CacheDirectory {
    inner: MmapDirectory,
    root: PathBuf,
    read_only: bool,
}

impl CacheDirectory {
    /// Opens `root`, which must exist, for writing an index.
    pub fn open(root: &Path) -> Result<CacheDirectory, OpenDirectoryError> {
        Ok(CacheDirectory {
            inner: MmapDirectory::open(root)?,
            root: root.to_path_buf(),
            read_only: false,
        })
    }

    /// Opens a finished index in `root` for reading only: nothing is
    /// created, written or deleted in it, not even a lock file.
    pub fn open_read_only(root: &Path) -> Result<CacheDirectory, OpenDirectoryError> {
        Ok(CacheDirectory {
            inner: MmapDirectory::open(root)?,
            root: root.to_path_buf(),
            read_only: true,
        })
    }

    fn refuse_write(&self, path: &Path) -> io::Error {
        io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("{} is a finished index, opened read-only", self.root.join(path).display()),
        )
    }
}

/// A file written without `fsync`: terminating it only hands the data to
/// the kernel (the `BufWriter` around it has flushed by then).
struct UnsyncedFile(File);

impl Write for UnsyncedFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl TerminatingWrite for UnsyncedFile {
    fn terminate_ref(&mut self, _: AntiCallToken) -> io::Result<()> {
        self.0.flush()
    }
}

impl Directory for CacheDirectory {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        self.inner.get_file_handle(path)
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        if self.read_only {
            return Err(DeleteError::IoError {
                io_error: Arc::new(self.refuse_write(path)),
                filepath: path.to_path_buf(),
            });
        }
        self.inner.delete(path)
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.inner.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        if self.read_only {
            return Err(OpenWriteError::wrap_io_error(self.refuse_write(path), path.to_path_buf()));
        }
        let file =
            OpenOptions::new().write(true).create_new(true).open(self.root.join(path)).map_err(
                |e| {
                    if e.kind() == io::ErrorKind::AlreadyExists {
                        OpenWriteError::FileAlreadyExists(path.to_path_buf())
                    } else {
                        OpenWriteError::wrap_io_error(e, path.to_path_buf())
                    }
                },
            )?;
        Ok(BufWriter::new(Box::new(UnsyncedFile(file))))
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.inner.atomic_read(path)
    }

    /// Written aside and renamed over `path`: a reader sees the old content
    /// or the new, never a mix. Not synced.
    fn atomic_write(&self, path: &Path, data: &[u8]) -> io::Result<()> {
        if self.read_only {
            return Err(self.refuse_write(path));
        }
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let target = self.root.join(path);
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let aside = target.with_file_name(format!(".{name}.{}-{n}.tmp", std::process::id()));
        let written = std::fs::write(&aside, data).and_then(|()| std::fs::rename(&aside, &target));
        if written.is_err() {
            let _ = std::fs::remove_file(&aside);
        }
        written
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    fn acquire_lock(&self, lock: &Lock) -> Result<DirectoryLock, LockError> {
        if self.read_only {
            // See the module comment: nothing can change a finished index.
            return Ok(DirectoryLock::from(Box::new(())));
        }
        self.inner.acquire_lock(lock)
    }

    fn watch(&self, watch_callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        self.inner.watch(watch_callback)
    }
}

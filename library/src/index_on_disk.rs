//! The search index on disk: opened by readers without a lock, built by one
//! writer at a time (docs/data-folder.md, "Many readers").
//!
//! A reader opens the generation `CURRENT` names if it is sound and up to
//! date with its texts (`sheli_index::Generations::open_current`), holding
//! its lease. Only if it is not does it become a writer: it takes the
//! [`WriterLock`], looks again (another process may have built it while we
//! waited), and if it still must, builds a new generation, switches
//! `CURRENT` to it and removes the generations no reader holds. Readers of
//! the old generation go on answering from it until they drop it.
//!
//! A reader that cannot write to the data folder (read-only, or another
//! writer holding the lock past [`DEFAULT_WAIT`]) still answers: it builds
//! the index in a temporary folder outside the data folder, for itself
//! only, and says so in `Opened::built_outside`.

use std::io::ErrorKind;

use sheli_index::indexer::Progress;
use sheli_index::{Generations, IndexError, Opened, RebuildReason};

use crate::lock::{DEFAULT_WAIT, WriterLock};
use crate::{Library, LibraryError, Result};

/// [`Library::open_index`].
pub(crate) fn open(library: &Library, progress: &mut dyn FnMut(Progress)) -> Result<Opened> {
    let generations = Generations::new(&library.index_dir());
    let reason = match generations.open_current(&library.corpus) {
        Ok(index) => {
            tidy(&library.dir, &generations);
            return Ok(Opened { index, rebuilt: None, built_outside: None });
        }
        Err(reason) => reason,
    };
    if !library.parsed {
        // Building needs the texts themselves: the library opened lazily
        // streams them into the build (nothing of them is kept). A text that
        // cannot be read stays listed, without passages, so the index built
        // is current for the unparsed library too.
        return open(&Library::open_lazy(&library.dir)?, progress);
    }
    let lock = match WriterLock::acquire(&library.dir, DEFAULT_WAIT) {
        Ok(lock) => lock,
        Err(e @ (LibraryError::DataFolder { .. } | LibraryError::Busy { .. })) => {
            return build_outside(library, reason, &e.to_string(), progress);
        }
        Err(e) => return Err(e),
    };
    // `reason` is superseded by the look taken again holding the lock.
    refresh_locked(library, &generations, &lock, progress)
}

/// Removes old generations a reader held during the last build (the app
/// holds its index until the new one is open, so the build that replaced it
/// had to keep it), if there are any and no writer is at work: a reader
/// never waits for this, and in a read-only folder it does nothing.
fn tidy(data_dir: &std::path::Path, generations: &Generations) {
    if generations.has_garbage()
        && let Ok(Some(_lock)) = WriterLock::try_acquire(data_dir)
    {
        let _ = generations.collect_garbage();
    }
}

/// [`Library::refresh_index`].
pub(crate) fn refresh(
    library: &Library,
    lock: &WriterLock,
    progress: &mut dyn FnMut(Progress),
) -> Result<Opened> {
    refresh_locked(library, &Generations::new(&library.index_dir()), lock, progress)
}

fn refresh_locked(
    library: &Library,
    generations: &Generations,
    _lock: &WriterLock,
    progress: &mut dyn FnMut(Progress),
) -> Result<Opened> {
    // Look (again): while we waited for the lock, another process may have
    // built the very index we need. What is on disk now is also the reason
    // to give for a rebuild.
    let reason = match generations.open_current(&library.corpus) {
        Ok(index) => return Ok(Opened { index, rebuilt: None, built_outside: None }),
        Err(reason) => reason,
    };
    match build_here(library, generations, progress) {
        Ok(index) => Ok(Opened { index, rebuilt: Some(reason), built_outside: None }),
        Err(LibraryError::Index(e)) if cannot_write(&e) => {
            build_outside(library, reason, &e.to_string(), progress)
        }
        Err(e) => Err(e),
    }
}

/// Makes the C allocator hand large blocks back when they are freed, once
/// per process, before an index is built. tantivy's writer takes its memory
/// budget in 1 MB pages and frees them with each segment it flushes; glibc
/// raises its threshold for serving a block by `mmap` to the largest block
/// freed so far (up to 32 MB), so after the first flush those pages came
/// from the heap, were kept there when freed, and what a build held grew
/// with each flush: an import of 50M characters peaked 22 MB higher than one
/// of 10M (`sheli-bench library`; 119 against 97 MB in a test program,
/// 98 against 95 with the threshold fixed at glibc's default of 128 KB,
/// which also turns its raising off).
fn steady_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: mallopt only sets a parameter of the allocator; it is
        // safe to call at any time, from any thread.
        ONCE.call_once(|| unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        });
    }
}

/// Builds a new generation in the data folder, switches to it and removes
/// the generations no reader holds. The caller holds the writer lock.
fn build_here(
    library: &Library,
    generations: &Generations,
    progress: &mut dyn FnMut(Progress),
) -> Result<sheli_index::SearchIndex> {
    steady_heap();
    generations.prepare()?;
    // Leftovers of crashed builds first, so a full disk is not made fuller.
    let _ = generations.collect_garbage();
    let name = generations.build(&library.corpus, progress)?;
    generations.switch_to(&name)?;
    let index = generations.open_current(&library.corpus).map_err(|why| {
        LibraryError::Index(IndexError::Meta(format!(
            "the index just built in {} cannot be opened: {why}",
            generations.root().join(&name).display()
        )))
    })?;
    // Removing old generations is housekeeping: a failure there must not
    // fail the search that triggered the build; the next writer tries again.
    let _ = generations.collect_garbage();
    Ok(index)
}

/// Whether an index error means the data folder cannot be written.
fn cannot_write(e: &IndexError) -> bool {
    matches!(e, IndexError::Io { source, .. }
        if matches!(source.kind(), ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem))
}

fn build_outside(
    library: &Library,
    reason: RebuildReason,
    why: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<Opened> {
    steady_heap();
    let index = sheli_index::build_detached(&library.corpus, progress)?;
    Ok(Opened {
        index,
        rebuilt: Some(reason),
        built_outside: Some(format!(
            "the search index could not be saved in the data folder ({why}); it was built in \
             a temporary folder for this search only"
        )),
    })
}

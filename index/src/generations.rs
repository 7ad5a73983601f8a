//! Index generations: many readers, one writer, no half-built index ever
//! seen (docs/data-folder.md, "Many readers").
//!
//! ```text
//! index/CURRENT          the name of the generation in use, e.g. "g-1843a0c2b1d4e000-4242"
//! index/<generation>/    one complete tantivy index + sheli-index.json (written last) + .lease
//! index/.building-…      a build under way (renamed to its generation name when complete)
//! index/.trash-…         a generation being removed
//! ```
//!
//! Replacing the index in place (remove the folder, rename the new one in)
//! made searches fail while an import rebuilt it: a reader opening the index
//! in between found a folder half gone ("Directory not empty",
//! "FileDoesNotExist"), and a reader already holding the files mapped could
//! be killed by SIGBUS when they were cut short. So a finished generation is
//! never changed again:
//!
//! - a writer (holding the data folder's writer lock, which this crate does
//!   not know about: `sheli_library::WriterLock`) builds a new generation
//!   beside the current one ([`Generations::build`]), then replaces `CURRENT`
//!   by writing a temporary file, syncing it and renaming it over
//!   ([`Generations::switch_to`]);
//! - a reader reads `CURRENT`, opens that generation's `.lease` read-only and
//!   takes a shared `flock` on it, then checks that the generation is still
//!   there, and only then opens it ([`Generations::open_current`]); the lease
//!   lives inside the [`SearchIndex`] and is released when it is dropped;
//! - a writer removes a generation other than the current one only when it
//!   can take an exclusive `flock` on its lease without waiting — when no
//!   reader holds it ([`Generations::collect_garbage`]). It renames the
//!   generation to `.trash-…` while holding that lock, so a reader that
//!   opened the lease just before sees the generation gone once it gets its
//!   shared lock, and goes back to `CURRENT`.
//!
//! Generation names carry the time in nanoseconds and the process id, so a
//! name is never reused and a reader that finds its generation's folder
//! knows it is the one its lease belongs to.
//!
//! Nothing here is synced but `CURRENT` (the index is a cache, checked
//! against its checksums on open, see [`crate::directory`]): after a power
//! loss `CURRENT` may name a generation whose files did not all reach the
//! disk; the checks notice and the index is rebuilt.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use sheli_corpus::Corpus;

use crate::error::{Result, io_err};
use crate::indexer::Progress;
use crate::location::{self, RebuildReason};
use crate::search::SearchIndex;

/// The file naming the generation in use.
pub const CURRENT_FILE: &str = "CURRENT";
/// The file inside each generation that readers hold a shared lock on.
pub const LEASE_FILE: &str = ".lease";
/// Prefix of every generation's name.
pub const GENERATION_PREFIX: &str = "g-";
const BUILDING_PREFIX: &str = ".building-";
const TRASH_PREFIX: &str = ".trash-";

/// A reader's hold on one generation: a shared `flock` on its `.lease`,
/// released when dropped (or when the process ends, however it ends).
#[derive(Debug)]
pub struct Lease {
    _file: File,
    generation: String,
}

impl Lease {
    /// The generation held.
    pub fn generation(&self) -> &str {
        &self.generation
    }
}

/// What [`Generations::collect_garbage`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Collected {
    /// Generations removed (no reader held them).
    pub removed: Vec<String>,
    /// Generations kept because a reader holds them.
    pub in_use: Vec<String>,
    /// Other entries removed: unfinished builds, trash, files of the
    /// single-folder layout of earlier versions.
    pub leftovers: Vec<String>,
}

/// The generations in one index folder (`<data>/index`).
#[derive(Debug, Clone)]
pub struct Generations {
    root: PathBuf,
}

/// Nanoseconds since the epoch, for unique names.
fn nanos() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
}

/// A name `CURRENT` may hold: ours, and nothing a path could be made of.
fn is_generation_name(name: &str) -> bool {
    name.starts_with(GENERATION_PREFIX)
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

impl Generations {
    pub fn new(root: &Path) -> Generations {
        Generations { root: root.to_path_buf() }
    }

    /// The index folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The generation `CURRENT` names, or why there is none to use. Never
    /// follows a link: an `index` that is not a real folder has no
    /// generation.
    pub fn current(&self) -> std::result::Result<String, RebuildReason> {
        match std::fs::symlink_metadata(&self.root) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(RebuildReason::Missing),
            Err(e) => {
                return Err(RebuildReason::Corrupt(format!("its folder cannot be read ({e})")));
            }
            Ok(m) if !m.is_dir() => return Err(RebuildReason::NotAFolder),
            Ok(_) => {}
        }
        let text = match std::fs::read_to_string(self.root.join(CURRENT_FILE)) {
            Ok(text) => text,
            // No CURRENT: a fresh folder, or the single-folder layout of
            // earlier versions, which is rebuilt as generations.
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(RebuildReason::Missing),
            Err(e) => {
                return Err(RebuildReason::Corrupt(format!(
                    "its CURRENT file cannot be read ({e})"
                )));
            }
        };
        let name = text.trim();
        if !is_generation_name(name) {
            return Err(RebuildReason::Corrupt("its CURRENT file names no generation".into()));
        }
        Ok(name.to_string())
    }

    /// Takes a lease on generation `name`: `None` if it is gone (collected,
    /// or never finished). The check that the folder exists comes *after*
    /// the shared lock, so a generation that is still there cannot be
    /// removed until the lease is dropped.
    pub fn lease(&self, name: &str) -> io::Result<Option<Lease>> {
        let dir = self.root.join(name);
        let file = match File::open(dir.join(LEASE_FILE)) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        file.lock_shared()?;
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if m.is_dir() => Ok(Some(Lease { _file: file, generation: name.to_string() })),
            _ => Ok(None),
        }
    }

    /// Opens the generation `CURRENT` names, holding its lease, if it is
    /// sound and up to date with `corpus`; otherwise says why it cannot be
    /// used. Writes nothing: a reader of a read-only data folder can use it.
    pub fn open_current(&self, corpus: &Corpus) -> std::result::Result<SearchIndex, RebuildReason> {
        // A writer may switch and collect between our reading CURRENT and
        // taking the lease; then CURRENT names a newer generation: read it
        // again. A few rounds are plenty (each needs a whole build).
        let mut name = self.current()?;
        for _ in 0..16 {
            let lease = self.lease(&name).map_err(|e| {
                RebuildReason::Corrupt(format!(
                    "the lease of generation {name} cannot be taken ({e})"
                ))
            })?;
            let Some(lease) = lease else {
                let again = self.current()?;
                if again == name {
                    return Err(RebuildReason::Corrupt(format!(
                        "generation {name}, which CURRENT names, is missing or incomplete"
                    )));
                }
                name = again;
                continue;
            };
            let index = location::open_if_current(&self.root.join(&name), corpus)?;
            return Ok(index.with_lease(lease));
        }
        Err(RebuildReason::Corrupt("CURRENT kept changing while it was read".into()))
    }

    /// Moves aside whatever stands at the index folder's place if it is not
    /// a real folder (a file, a link — broken or not — or anything else),
    /// by renaming it beside, so nothing is followed or deleted through a
    /// link and nothing of the user's is lost; then makes sure the folder
    /// exists; of the things moved aside so far only the newest is kept
    /// ([`Generations::prune_moved_aside`]). Returns where the thing was
    /// moved. Writers only.
    pub fn prepare(&self) -> Result<Option<PathBuf>> {
        let mut moved = None;
        if let Ok(m) = std::fs::symlink_metadata(&self.root)
            && !m.is_dir()
        {
            let name = self.root.file_name().map(|n| n.to_string_lossy().into_owned());
            let aside = self.root.with_file_name(format!(
                "{}.moved-aside-{}",
                name.as_deref().unwrap_or("index"),
                nanos()
            ));
            std::fs::rename(&self.root, &aside).map_err(io_err(&self.root))?;
            moved = Some(aside);
        }
        self.prune_moved_aside();
        match std::fs::create_dir(&self.root) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                std::fs::create_dir_all(&self.root).map_err(io_err(&self.root))?
            }
            Err(e) => return Err(io_err(&self.root)(e)),
        }
        Ok(moved)
    }

    /// Removes the things moved aside by [`Generations::prepare`] but the
    /// newest: each is kept in case it was the user's, but they piled up
    /// for ever (the outside tester found `index.moved-aside-*` folders that
    /// were never removed). The newest stays until the next is moved aside.
    /// A link is removed itself, never what it points to. Best effort: what
    /// cannot be removed stays for the next time.
    fn prune_moved_aside(&self) {
        let (Some(dir), Some(name)) = (self.root.parent(), self.root.file_name()) else {
            return;
        };
        let prefix = format!("{}.moved-aside-", name.to_string_lossy());
        let Ok(entries) =
            std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir })
        else {
            return;
        };
        let mut aside: Vec<(u128, PathBuf)> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                let stamp = n.strip_prefix(&prefix)?.parse().ok()?;
                Some((stamp, e.path()))
            })
            .collect();
        aside.sort();
        aside.pop();
        for (_, path) in aside {
            let real_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
            let _ =
                if real_dir { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        }
    }

    /// Builds a complete generation for `corpus` beside the current one and
    /// returns its name; `CURRENT` is not changed ([`Generations::switch_to`]
    /// does that). The caller holds the data folder's writer lock and has
    /// called [`Generations::prepare`]. A build that fails leaves nothing
    /// behind; one cut short by a crash leaves a `.building-…` folder that
    /// the next [`Generations::collect_garbage`] removes.
    ///
    /// If the current generation holds the corpus's first sources exactly as
    /// a build would, and nothing else (the library before an import: see
    /// `location::as_base`), the new generation starts from its files, linked
    /// in, and indexes only the sources after them, so an import costs in
    /// proportion to the text imported; the current generation is only read.
    /// Should that fail, the generation is built whole.
    pub fn build(&self, corpus: &Corpus, progress: &mut dyn FnMut(Progress)) -> Result<String> {
        let base =
            self.current().ok().and_then(|name| location::as_base(&self.root.join(name), corpus));
        if let Some(base) = base {
            let built = self.build_with(
                |staging, progress| {
                    location::write_incremental(staging, &base, corpus, progress, write_lease)
                },
                progress,
            );
            if built.is_ok() {
                return built;
            }
        }
        self.build_with(
            |staging, progress| location::write_complete(staging, corpus, progress, write_lease),
            progress,
        )
    }

    /// Runs `write` into a fresh `.building-…` folder and renames it to a new
    /// generation's name; on failure removes it.
    fn build_with(
        &self,
        write: impl FnOnce(&Path, &mut dyn FnMut(Progress)) -> Result<crate::meta::IndexMeta>,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<String> {
        let pid = std::process::id();
        let stamp = nanos();
        let staging = self.root.join(format!("{BUILDING_PREFIX}{pid}-{stamp}"));
        let name = format!("{GENERATION_PREFIX}{stamp:x}-{pid}");
        let target = self.root.join(&name);
        std::fs::create_dir(&staging).map_err(io_err(&staging))?;
        let built = write(&staging, progress)
            .and_then(|_| std::fs::rename(&staging, &target).map_err(io_err(&target)));
        if let Err(e) = built {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
        Ok(name)
    }

    /// Makes `name` the generation in use: `CURRENT` is written aside,
    /// synced and renamed over, so a reader sees the old name or the new one,
    /// and after a crash it holds one of them whole. Writers only.
    pub fn switch_to(&self, name: &str) -> Result<()> {
        let current = self.root.join(CURRENT_FILE);
        let aside =
            self.root.join(format!(".{CURRENT_FILE}.{}-{}.tmp", std::process::id(), nanos()));
        let written = (|| {
            let mut f = OpenOptions::new().write(true).create_new(true).open(&aside)?;
            f.write_all(format!("{name}\n").as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&aside, &current)
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_file(&aside);
            return Err(io_err(&current)(e));
        }
        // The rename itself reaches the disk with the folder.
        if let Ok(dir) = File::open(&self.root) {
            let _ = dir.sync_all();
        }
        Ok(())
    }

    /// Removes every generation but the current one that no reader holds,
    /// and every other leftover in the index folder (unfinished builds,
    /// trash, temporary files, the files of the single-folder layout of
    /// earlier versions — the folder is Sheli's cache), plus the
    /// `.index.building-*` folders earlier versions left beside it. Writers
    /// only: the caller holds the data folder's writer lock, so no build is
    /// under way.
    pub fn collect_garbage(&self) -> Result<Collected> {
        let mut collected = Collected::default();
        self.remove_old_layout_leftovers(&mut collected);
        let current = self.current().ok();
        let entries = match std::fs::read_dir(&self.root) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(collected),
            Err(e) if e.kind() == io::ErrorKind::NotADirectory => return Ok(collected),
            Err(e) => return Err(io_err(&self.root)(e)),
        };
        for entry in entries {
            let entry = entry.map_err(io_err(&self.root))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if name == CURRENT_FILE || current.as_deref() == Some(name.as_str()) {
                continue;
            }
            let is_dir = std::fs::symlink_metadata(&path).map(|m| m.is_dir()).unwrap_or(false);
            if is_dir && is_generation_name(&name) {
                if self.remove_generation(&name)? {
                    collected.removed.push(name);
                } else {
                    collected.in_use.push(name);
                }
            } else if remove_entry(&path).is_ok() {
                collected.leftovers.push(name);
            }
        }
        Ok(collected)
    }

    /// Whether the index folder holds anything but `CURRENT` and the
    /// generation it names: what [`Generations::collect_garbage`] would look
    /// at. Cheap (one listing), so a reader can ask before it bothers a
    /// writer's lock.
    pub fn has_garbage(&self) -> bool {
        let current = self.current().ok();
        let Ok(entries) = std::fs::read_dir(&self.root) else { return false };
        entries.flatten().any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name != CURRENT_FILE && current.as_deref() != Some(&*name)
        })
    }

    /// Removes generation `name` if no reader holds its lease; `false` if
    /// one does.
    fn remove_generation(&self, name: &str) -> Result<bool> {
        let dir = self.root.join(name);
        let trash = self.root.join(format!("{TRASH_PREFIX}{name}"));
        match File::open(dir.join(LEASE_FILE)) {
            Ok(lease) => match lease.try_lock() {
                Ok(()) => {
                    // Renamed while the exclusive lock is held: a reader
                    // waiting for its shared lock then finds the folder gone.
                    std::fs::rename(&dir, &trash).map_err(io_err(&dir))?;
                    drop(lease);
                }
                Err(TryLockError::WouldBlock) => return Ok(false),
                Err(TryLockError::Error(e)) => return Err(io_err(&dir)(e)),
            },
            // Without a lease no reader can hold it (readers take the lease
            // before anything else): an unfinished or damaged generation.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                std::fs::rename(&dir, &trash).map_err(io_err(&dir))?;
            }
            Err(e) => return Err(io_err(&dir)(e)),
        }
        std::fs::remove_dir_all(&trash).map_err(io_err(&trash))?;
        Ok(true)
    }

    /// `.index.building-<pid>` folders that earlier versions built beside
    /// the index folder and left behind when a build failed.
    fn remove_old_layout_leftovers(&self, collected: &mut Collected) {
        let (Some(parent), Some(name)) = (self.root.parent(), self.root.file_name()) else {
            return;
        };
        let prefix = format!(".{}.building-", name.to_string_lossy());
        let Ok(entries) = std::fs::read_dir(parent) else { return };
        for entry in entries.flatten() {
            let entry_name = entry.file_name().to_string_lossy().into_owned();
            if entry_name.starts_with(&prefix) && remove_entry(&entry.path()).is_ok() {
                collected.leftovers.push(entry_name);
            }
        }
    }
}

/// A generation's `.lease`, written before its description.
/// Also the record of the boot it was written in, which lets a reader in
/// the same boot check the files by their sizes (`location::Checked`).
fn write_lease(dir: &Path) -> Result<()> {
    location::write_checked(dir)?;
    let lease = dir.join(LEASE_FILE);
    File::create(&lease).map(drop).map_err(io_err(&lease))
}

/// Removes a file, a link (never what it points to) or a whole folder.
fn remove_entry(path: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(path)?.is_dir() {
        std::fs::remove_dir_all(path)
    } else {
        std::fs::remove_file(path)
    }
}

/// Builds an index of `corpus` outside the data folder, in a temporary
/// folder, for a reader that cannot write there (a read-only data folder).
/// The folder is removed as soon as the index is open: on Unix the open
/// index keeps its files mapped, so it answers from memory the kernel keeps
/// until the index is dropped, and nothing is left behind even when the
/// process is killed later (as `sheli search … | head` is, by SIGPIPE).
pub fn build_detached(corpus: &Corpus, progress: &mut dyn FnMut(Progress)) -> Result<SearchIndex> {
    let dir = std::env::temp_dir().join(format!("sheli-index-{}-{}", std::process::id(), nanos()));
    let opened = location::write_complete(&dir, corpus, progress, |_| Ok(()))
        .and_then(|meta| location::open_written(&dir, meta));
    let _ = std::fs::remove_dir_all(&dir);
    opened
}

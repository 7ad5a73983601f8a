//! The search index on disk as `sheli search` meets it: a read-only data
//! folder, and an index file cut short under a running reader (SIGBUS).
//! The orchestration itself is tested in library/tests/index_on_disk.rs.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::sheli;

pub(crate) fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// `exe` as a path `nobody` can run: itself if every folder above it lets
/// others in (`setpriv … test -x`), else a copy in a fresh 0755 folder under
/// the temporary folder — the clone CI tests may sit below a private folder.
pub(crate) fn runnable_by_nobody(exe: &Path) -> std::path::PathBuf {
    let ok = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "test", "-x"])
        .arg(exe)
        .status()
        .is_ok_and(|s| s.success());
    if ok {
        return exe.to_path_buf();
    }
    let dir = std::env::temp_dir().join(format!("sheli-test-exe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let copy = dir.join(exe.file_name().unwrap());
    if !copy.exists() {
        std::fs::copy(exe, &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    copy
}

/// Folders 0555 and files 0444 (or back to writable).
pub(crate) fn set_tree_writable(path: &Path, writable: bool) {
    let meta = std::fs::symlink_metadata(path).unwrap();
    if meta.is_symlink() {
        return;
    }
    if meta.is_dir() {
        for e in std::fs::read_dir(path).unwrap() {
            set_tree_writable(&e.unwrap().path(), writable);
        }
    }
    let mode = match (meta.is_dir(), writable) {
        (true, true) => 0o755,
        (true, false) => 0o555,
        (false, true) => 0o644,
        (false, false) => 0o444,
    };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Runs the real `sheli args…` as a user who cannot write to `data`: as
/// root (CI), permissions do not stop writes, so it runs as `nobody`
/// through `setpriv` (util-linux); otherwise the read-only tree suffices.
pub(crate) fn sheli_read_only(data: &Path, args: &[&str]) -> std::process::Output {
    set_tree_writable(data, false);
    let exe = env!("CARGO_BIN_EXE_sheli");
    let mut cmd = if running_as_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
        c.arg(runnable_by_nobody(Path::new(exe)));
        c
    } else {
        Command::new(exe)
    };
    let out = cmd
        .args(args)
        .env("SHELI_DATA_DIR", data)
        .env("TMPDIR", std::env::temp_dir())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("sheli runs");
    set_tree_writable(data, true);
    out
}

#[test]
fn search_answers_in_a_read_only_data_folder() {
    let data = tempfile::tempdir().unwrap();
    // a data folder whose index is current: opened without writing
    assert!(sheli(data.path(), &["search", "觯"]).status.success());
    let out = sheli_read_only(data.path(), &["search", "觯", "--limit", "1"]);
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("觯: 273 occurrences"), "{stdout}");
    assert!(!stderr.contains("note:"), "nothing was rebuilt: {stderr}");

    // a fresh read-only data folder: built outside it, and the user is told
    let fresh = tempfile::tempdir().unwrap();
    let out = sheli_read_only(fresh.path(), &["search", "觯", "--limit", "1"]);
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("觯: 273 occurrences"), "{stdout}");
    assert!(stderr.contains("could not be saved in the data folder"), "{stderr}");
    assert_eq!(std::fs::read_dir(fresh.path()).unwrap().count(), 0, "nothing written there");
}

/// Whether process `pid` has a handler for SIGBUS (signal 7, bit 6 of
/// `SigCgt` in /proc/<pid>/status).
fn catches_sigbus(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return false };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (libc::SIGBUS - 1)) != 0)
}

/// A file cut short under a reader's memory map raises SIGBUS, which used to
/// kill `sheli search` without a word. The signal is sent here with kill(2)
/// once the process has installed its handler (read from /proc), which is
/// what makes the test deterministic; the handler cannot tell the two apart.
#[test]
fn sigbus_ends_the_cli_with_a_message() {
    for _attempt in 0..5 {
        // a fresh folder: the index build keeps the process busy a while
        let data = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sheli"))
            .args(["search", "觯"])
            .env("SHELI_DATA_DIR", data.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let start = Instant::now();
        while !catches_sigbus(pid) && start.elapsed() < Duration::from_secs(10) {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        if child.try_wait().unwrap().is_some() || !catches_sigbus(pid) {
            let _ = child.wait();
            continue; // it finished first: try again
        }
        // SAFETY: kill(2) on our own child, which has not been reaped.
        assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGBUS) }, 0);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.success() {
            continue; // it had just finished its work: try again
        }
        assert_eq!(out.status.code(), Some(1), "it exits, not killed by the signal: {stderr}");
        assert!(
            stderr.contains("sheli: the search index changed on disk while it was being read"),
            "{stderr}"
        );
        return;
    }
    panic!(
        "five times, sheli search finished without ever showing a SIGBUS handler in \
         /proc/<pid>/status (none installed, or it always finished first)"
    );
}

//! The start-up trace `make bench` reads (scripts/bench-app.sh,
//! examples/app_feel.rs): with `SHELI_REPORT_INTERACTIVE` set, the app
//! prints the moments its start passes through, so that the time from
//! launch to the first view can be split into the process's, GTK's,
//! WebKit's, the page's and ours. Without it, nothing is printed and the
//! cost is one environment lookup per mark.
//!
//! Lines on stdout, each a moment in Unix milliseconds:
//! `sheli-mark <name> <unix ms>` from Rust, `sheli-page-mark <name> <unix ms>`
//! from the page (sent with `ui_ready`), and last `sheli-interactive <unix
//! ms> <page ms>`, the first view shown and usable.

use std::io::Write;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::error::{AppCode, AppError, AppResult};

/// Set to make the app print the trace (see the module's comment).
pub const REPORT_INTERACTIVE_ENV: &str = "SHELI_REPORT_INTERACTIVE";

/// The most page marks one `ui_ready` may carry (the page sends a few
/// dozen at most; anything more is a caller's mistake, refused whole).
const MAX_PAGE_MARKS: usize = 64;

fn enabled() -> bool {
    std::env::var_os(REPORT_INTERACTIVE_ENV).is_some()
}

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// Prints one line, flushed at once: the bench reads stdout as it comes and
/// kills the app after the last line, so nothing may wait in a buffer.
fn emit(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Opened once: threads wait on it until then, or for a while at most.
pub struct Latch {
    open: Mutex<bool>,
    wake: Condvar,
}

impl Latch {
    pub const fn new() -> Latch {
        Latch { open: Mutex::new(false), wake: Condvar::new() }
    }

    pub fn open(&self) {
        *self.open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }

    /// Returns once open, or after `max`.
    pub fn wait(&self, max: Duration) {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self.wake.wait_timeout_while(open, max, |open| !*open);
    }
}

impl Default for Latch {
    fn default() -> Latch {
        Latch::new()
    }
}

/// The window's first view is shown (`ui_ready`). Work the first view does
/// not need, and which would compete for the CPU with the web engine's
/// start (on 2 cores the app, the web process and the network process all
/// start at once), waits for it: the search's warm-up (search.rs,
/// `warm_up`), ~40–60 ms of CPU on the index's thread during the launch
/// (bench/NOTES.md, "what is ours above the floor"). A window that never
/// says so (a page that failed) holds it back for a few seconds at most.
pub static FIRST_VIEW: Latch = Latch::new();

/// A moment of the Rust side's start (`main`, `gtk`, `window`, …).
pub fn mark(name: &str) {
    if enabled() {
        emit(&format!("sheli-mark {name} {:.1}", now_ms()));
    }
}

/// A command the page asked for, marked as the IPC handler receives it on
/// the main thread (`cmd:<name>:in`): with the page's `ipcN:<name>:sent`
/// and `:back`, it tells the way there from the way back.
pub fn received(command: &str) {
    if enabled() {
        mark(&format!("cmd:{command}:in"));
    }
}

/// The window's own start-up trace is malformed: one code for every fault,
/// since only a bug in the page sends one (the English says which).
fn trace_error(message: String) -> AppError {
    AppError::input(AppCode::InputStartupTrace, [], message)
}

/// The page's marks are names of at most 64 characters from a small
/// alphabet (they are printed as one word) with times that are numbers.
fn check_page_marks(marks: &[(String, f64)]) -> AppResult<()> {
    if marks.len() > MAX_PAGE_MARKS {
        return Err(trace_error(format!("at most {MAX_PAGE_MARKS} start-up marks")));
    }
    for (name, at) in marks {
        let word = !name.is_empty()
            && name.len() <= 64
            && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c));
        if !word {
            return Err(trace_error(format!("a start-up mark's name is one word: {name:?}")));
        }
        if !at.is_finite() || *at < 0.0 {
            return Err(trace_error(format!("start-up mark {name}: not a time")));
        }
    }
    Ok(())
}

/// `ui_ready(page_ms, marks)`: the UI says its first view is interactive,
/// `page_ms` after the page started loading; `marks` are the page's own
/// moments on the way (Unix ms). With `SHELI_REPORT_INTERACTIVE` set,
/// prints them and then `sheli-interactive <unix ms> <page ms>` on stdout;
/// otherwise does nothing (but still refuses malformed input).
pub fn ui_ready(page_ms: f64, marks: Option<Vec<(String, f64)>>) -> AppResult<()> {
    if !page_ms.is_finite() || !(0.0..=3_600_000.0).contains(&page_ms) {
        return Err(trace_error("page_ms must be a number of milliseconds".into()));
    }
    let marks = marks.unwrap_or_default();
    check_page_marks(&marks)?;
    FIRST_VIEW.open();
    if enabled() {
        for (name, at) in &marks {
            emit(&format!("sheli-page-mark {name} {at:.1}"));
        }
        emit(&format!("sheli-interactive {:.1} {page_ms:.1}", now_ms()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ui_ready_takes_a_time_and_well_formed_marks() {
        assert!(ui_ready(123.4, None).is_ok());
        assert!(
            ui_ready(
                123.4,
                Some(vec![("origin".into(), 1.7e12), ("ipc1:get_settings".into(), 5.0)])
            )
            .is_ok()
        );
        assert!(ui_ready(f64::NAN, None).is_err());
        assert!(ui_ready(-1.0, None).is_err());
        assert!(ui_ready(1.0, Some(vec![("two words".into(), 1.0)])).is_err());
        assert!(ui_ready(1.0, Some(vec![("x\nsheli-interactive".into(), 1.0)])).is_err());
        assert!(ui_ready(1.0, Some(vec![("nan".into(), f64::NAN)])).is_err());
        assert!(ui_ready(1.0, Some(vec![("m".into(), 1.0); MAX_PAGE_MARKS + 1])).is_err());
    }

    #[test]
    fn work_waiting_for_the_first_view_goes_when_the_latch_opens_and_not_before() {
        use std::sync::{Arc, mpsc};
        let latch = Arc::new(Latch::new());
        let (went, gone) = mpsc::channel();
        let waiting = Arc::clone(&latch);
        let t = std::thread::spawn(move || {
            waiting.wait(Duration::from_secs(600));
            went.send(()).unwrap();
        });
        assert!(
            gone.recv_timeout(Duration::from_millis(50)).is_err(),
            "went before the first view"
        );
        latch.open();
        assert!(gone.recv_timeout(Duration::from_secs(60)).is_ok(), "still waiting once shown");
        t.join().unwrap();
        // Open stays open: later waits return at once.
        latch.wait(Duration::from_secs(600));
        // Never opened: the wait ends after its time.
        Latch::new().wait(Duration::from_millis(1));
    }
}

//! A hold on search answers for the end-to-end tests, in debug builds only
//! (the ones e2e/run.sh drives; a release build has none of it).
//!
//! A test of keys pressed before the answer to the query in the box has
//! come (↓ Enter at once after typing, `ui/src/lib/search/keys-ahead.ts`)
//! passed or failed by how fast the machine answered. With the hold the
//! test decides: while the file named by `SHELI_E2E_HOLD_FILE` lists a
//! query (one a line), that query's answer waits, the other queries (its
//! prefixes) are answered at once; the test presses its keys, sees that no
//! answer came, and deletes the file. The wait ends after 30 s whatever
//! happens, so a test that fails midway leaves no search stuck.

/// The environment variable naming the hold file.
pub const HOLD_FILE_ENV: &str = "SHELI_E2E_HOLD_FILE";

/// Waits while the hold file lists `query` (debug builds with the variable set).
#[cfg(debug_assertions)]
pub fn search_answer(query: &str) {
    use std::time::{Duration, Instant};
    let Some(file) = std::env::var_os(HOLD_FILE_ENV) else { return };
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until && held(&file, query) {
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(not(debug_assertions))]
pub fn search_answer(_query: &str) {}

#[cfg(debug_assertions)]
fn held(file: &std::ffi::OsStr, query: &str) -> bool {
    std::fs::read_to_string(file).is_ok_and(|held| held.lines().any(|l| l == query))
}

#[cfg(all(test, debug_assertions))]
mod tests {
    use super::held;

    #[test]
    fn only_the_queries_the_file_lists_are_held() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("hold");
        assert!(!held(file.as_os_str(), "再拜"), "no file, no hold");
        std::fs::write(&file, "再拜\n主人\n").unwrap();
        assert!(held(file.as_os_str(), "再拜"));
        assert!(held(file.as_os_str(), "主人"));
        assert!(!held(file.as_os_str(), "再"), "a prefix is answered");
        std::fs::remove_file(&file).unwrap();
        assert!(!held(file.as_os_str(), "再拜"));
    }
}

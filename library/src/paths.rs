//! Where the user's data lives.

use std::path::PathBuf;

/// The app's identifier; Tauri names the app data directory after it, and so
/// does the CLI, so both use the same files.
pub const APP_IDENTIFIER: &str = "org.sheli.desktop";

/// `SHELI_DATA_DIR` if set, else the platform's data directory joined with
/// the app identifier (on Linux `$XDG_DATA_HOME/org.sheli.desktop`, usually
/// `~/.local/share/org.sheli.desktop`) — the directory Tauri's `app_data_dir`
/// resolves to.
pub fn default_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SHELI_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join(APP_IDENTIFIER))
}

//! The desktop app: a Tauri 2 window over the corpus.
//!
//! - [`state`]: [`AppState`], built once at start-up (where to add state);
//! - [`commands`]: the commands, as plain functions and IPC wrappers;
//! - [`dto`]: what the commands return; [`settings`]: the persisted settings;
//! - [`error`]: the error every command may return;
//! - [`search`], [`study`], [`reading_commands`]: the search index (opened in
//!   the background), the parallel column, glossary cards and pictures;
//! - [`store_commands`] (the user store in the app, shared checks),
//!   [`glossary_commands`] (glossaries, cards, review), [`note_commands`]
//!   (notes);
//!   [`export_commands`]: their exports, written to the Downloads folder;
//! - [`import_commands`]: the user's own texts, added from the window;
//! - `bindings` (tests): the TypeScript declarations in `ui/src/lib/bindings/`.
//!
//! Only [`run`] touches GTK and the display; the CLI never calls it.

pub mod about_commands;
pub mod char_commands;
pub mod cite_commands;
pub mod commands;
pub mod dto;
pub mod error;
pub mod export_commands;
pub mod glossary_commands;
pub mod import_commands;
pub mod index_slot;
pub mod note_commands;
pub mod reading_commands;
pub mod search;
pub mod search_table;
pub mod search_views;
pub mod settings;
pub mod stage_commands;
pub mod startup_trace;
pub mod state;
pub mod store_commands;
pub mod study;
pub mod user_store;

#[cfg(test)]
mod bindings;
#[cfg(test)]
mod reading_tests;
#[cfg(test)]
mod search_views_tests;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::sync::Arc;

use tauri::{Emitter, Manager};

pub use error::{AppError, AppResult};
pub use state::{AppState, SharedState};

/// Overrides the data directory (settings, later the user store); the e2e
/// harness points it at a fresh temporary directory.
pub const DATA_DIR_ENV: &str = "SHELI_DATA_DIR";

/// The event that carries the search index's `IndexStatus` while it is
/// opened or built.
pub const INDEX_STATUS_EVENT: &str = "index-status";

/// What `sheli` with no arguments says when there is no display to open the
/// window on (over SSH, in a terminal outside a desktop session).
pub const NO_DISPLAY: &str = "sheli: no display to open the window on (is this an SSH session or a \
     terminal outside the desktop?); every subcommand works without one: see `sheli --help`";

/// Opens the window and runs until it is closed. Without a display it says
/// so in one line and exits with status 1: GTK would otherwise panic inside
/// Tauri with a build path.
pub fn run() {
    startup_trace::mark("main");
    keep_library_files_in_data_dir();
    #[cfg(target_os = "linux")]
    if gtk::init().is_err() {
        eprintln!("{NO_DISPLAY}");
        std::process::exit(1);
    }
    startup_trace::mark("gtk");
    let result = tauri::Builder::default()
        .setup(|app| {
            startup_trace::mark("setup");
            let data_dir = data_dir(app.handle())?;
            // The window is made here, not from the configuration, so that
            // the web engine keeps its data and caches in the data folder
            // (`webview/`), not in the platform's default folders.
            let main = app
                .config()
                .app
                .windows
                .iter()
                .find(|w| w.label == "main")
                .ok_or("tauri.conf.json describes no main window")?
                .clone();
            // The texts are read, then the search index opened (or built),
            // off the main thread (below): the web engine starts meanwhile;
            // a command that needs the texts waits for them
            // (AppState::corpus), and the window hears of the index's
            // progress as events.
            let state: SharedState = Arc::new(AppState::starting(data_dir.clone()));
            app.manage(Arc::clone(&state));
            startup_trace::mark("state");
            tauri::WebviewWindowBuilder::from_config(app.handle(), &main)?
                .data_directory(data_dir.join("webview"))
                .initialization_script(start_script(&state))
                .build()?;
            startup_trace::mark("window");
            let handle = app.handle().clone();
            std::thread::Builder::new().name("sheli-index".into()).spawn(move || {
                state.load_texts();
                startup_trace::mark("texts");
                search::open_index(&state, &|status| {
                    let _ = handle.emit(INDEX_STATUS_EVENT, status);
                });
            })?;
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::ipc::sources,
            commands::ipc::library,
            commands::ipc::edition,
            commands::ipc::passage,
            commands::ipc::locate,
            commands::ipc::passages,
            commands::ipc::get_settings,
            commands::ipc::set_settings,
            import_commands::ipc::import_texts,
            import_commands::ipc::library_changed,
            reading_commands::ipc::search,
            reading_commands::ipc::search_hits,
            reading_commands::ipc::index_status,
            reading_commands::ipc::aligned,
            reading_commands::ipc::cards,
            reading_commands::ipc::card,
            reading_commands::ipc::picture,
            reading_commands::ipc::ui_ready,
            reading_commands::ipc::contents,
            about_commands::ipc::about,
            char_commands::ipc::describe_char,
            char_commands::ipc::draft_card,
            stage_commands::ipc::stage_at,
            stage_commands::ipc::stage_plan,
            stage_commands::ipc::stage_itinerary,
            glossary_commands::ipc::my_glossaries,
            glossary_commands::ipc::create_glossary,
            glossary_commands::ipc::rename_glossary,
            glossary_commands::ipc::describe_glossary,
            glossary_commands::ipc::delete_glossary,
            glossary_commands::ipc::list_cards,
            glossary_commands::ipc::add_builtin_card,
            glossary_commands::ipc::add_new_card,
            glossary_commands::ipc::add_card_from_selection,
            glossary_commands::ipc::update_card,
            glossary_commands::ipc::remove_card,
            glossary_commands::ipc::find_builtin_cards,
            export_commands::ipc::save_glossary_export,
            glossary_commands::ipc::import_glossary,
            glossary_commands::ipc::review_next,
            glossary_commands::ipc::review_grade,
            glossary_commands::ipc::review_history,
            note_commands::ipc::add_note,
            note_commands::ipc::add_note_anchor,
            note_commands::ipc::remove_note_anchor,
            note_commands::ipc::list_notes,
            note_commands::ipc::passage_notes,
            note_commands::ipc::update_note,
            note_commands::ipc::undo_note_edit,
            note_commands::ipc::delete_note,
            note_commands::ipc::undelete_note,
            note_commands::ipc::note_facets,
            export_commands::ipc::save_notes_export,
            export_commands::ipc::save_search_export,
            export_commands::ipc::save_study_sheet,
            cite_commands::ipc::cite,
            cite_commands::ipc::passage_aids,
            cite_commands::ipc::print_page,
            note_commands::ipc::import_notes,
            note_commands::ipc::render_markdown,
        ])
        .build(tauri::tauri_build_context!())
        .map(|app| {
            app.run(|_, event| {
                if let tauri::RunEvent::Ready = event {
                    startup_trace::mark("loop");
                }
            })
        });
    if let Err(e) = result {
        eprintln!("sheli: the app could not start: {e}");
        std::process::exit(1);
    }
}

/// What the page knows before its first line runs: the settings (with the
/// place to restore and the interface's language), so that the first view
/// needs no round trip for them (`shell/settings.svelte.ts` reads
/// `__SHELI_START__` on the window's first load only; a reload asks
/// `get_settings`, since they may have changed since). Settings that cannot
/// be read leave it out: the page then asks, and shows why.
fn start_script(state: &AppState) -> String {
    let settings = state.settings.get().ok().and_then(|s| serde_json::to_string(&s).ok());
    match settings {
        Some(json) => format!("window.__SHELI_START__ = Object.freeze({{ settings: {json} }});"),
        None => String::new(),
    }
}

/// `SHELI_DATA_DIR` if set, else the platform's app data directory
/// (`~/.local/share/org.sheli.desktop` on Linux): the directory the CLI uses
/// too (`sheli_library::default_data_dir`), so both see the same library.
/// With `SHELI_DATA_DIR` set, the files the window's libraries write on
/// their own (fontconfig's and Mesa's caches, GTK's list of recent files)
/// go under that folder too: `xdg-cache/`, `xdg-data/`, `xdg-state/`. The
/// user who moved Sheli's data expects nothing of it elsewhere. Without it,
/// the platform's folders are the user's own and stay as they are.
fn keep_library_files_in_data_dir() {
    let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) else { return };
    let dir = PathBuf::from(dir);
    for (var, sub) in [
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_STATE_HOME", "xdg-state"),
    ] {
        // SAFETY: called first thing in `run`, before GTK, Tauri or any other
        // thread of ours exists, so no thread reads the environment meanwhile.
        unsafe { std::env::set_var(var, dir.join(sub)) };
    }
}

fn data_dir(app: &tauri::AppHandle) -> Result<PathBuf, Box<dyn std::error::Error>> {
    let dir = match sheli_library::default_data_dir() {
        Some(dir) => dir,
        None => app.path().app_data_dir()?,
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create the data directory {}: {e}", dir.display()))?;
    Ok(dir)
}

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
mod bench_floor;
pub mod char_commands;
pub mod cite_commands;
pub mod commands;
pub mod dto;
pub mod e2e_hold;
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
    // From here on other threads may exist (the environment is set above).
    let early = build_state_early();
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
            // The state begun at the first line, if it is for this folder
            // (it is, unless the platform's folder had to be asked of Tauri);
            // else built here and its texts read on the index's thread.
            let early = early
                .filter(|e| e.dir == data_dir)
                .and_then(|e| e.state.recv().ok().map(|state| (state, e.texts)));
            // Texts still being read (a user's text hashed again after it
            // changed on disk) are not waited for long: the window opens,
            // and the page asks for its first view as it would without them.
            let texts_coming = early.is_some();
            let with_texts =
                early.as_ref().is_some_and(|(_, texts)| texts.recv_timeout(TEXTS_WAIT).is_ok());
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
            // The search index is opened (or built) off the main thread
            // (below): the web engine starts meanwhile; a command that needs
            // the texts waits for them (AppState::corpus), and the window
            // hears of the index's progress as events.
            let state: SharedState = early
                .map(|(state, _)| state)
                .unwrap_or_else(|| Arc::new(AppState::starting(data_dir.clone())));
            app.manage(Arc::clone(&state));
            startup_trace::mark("state");
            let script = start_script(&state, with_texts);
            startup_trace::mark("start-script");
            // The bench's floor (scripts/bench-app.sh): the same window and
            // web engine showing a page that says it is shown at once
            // (bench/floor/, not shipped: bench_floor.rs), so that what the
            // start costs beyond the engine's own can be told. Nothing else
            // opens it.
            let mut main = main;
            if bench_floor::floor_dir().is_some() {
                main.url = tauri::WebviewUrl::App(bench_floor::FLOOR_PAGE.into());
            }
            tauri::WebviewWindowBuilder::from_config(app.handle(), &main)?
                .data_directory(data_dir.join("webview"))
                .initialization_script(script)
                .build()?;
            startup_trace::mark("window");
            let handle = app.handle().clone();
            std::thread::Builder::new().name("sheli-index".into()).spawn(move || {
                if !texts_coming {
                    state.load_texts();
                    startup_trace::mark("texts");
                }
                search::open_index(&state, &|status| {
                    let _ = handle.emit(INDEX_STATUS_EVENT, status);
                });
                startup_trace::FIRST_VIEW.wait(WARM_UP_WAIT);
                search::warm_up(&state);
            })?;
            Ok(())
        })
        .on_page_load(|_, payload| {
            startup_trace::mark(match payload.event() {
                tauri::webview::PageLoadEvent::Started => "page-load-started",
                tauri::webview::PageLoadEvent::Finished => "page-load-finished",
            });
        })
        .invoke_handler(traced(tauri::generate_handler![
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
            glossary_commands::ipc::list_cards_page,
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
            note_commands::ipc::list_notes_page,
            note_commands::ipc::save_note_draft,
            note_commands::ipc::note_draft,
            note_commands::ipc::clear_note_draft,
            note_commands::ipc::store_stamp,
            note_commands::ipc::note_drafts,
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
        ]))
        .build(bench_floor::with_floor(tauri::tauri_build_context!()))
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

/// Set by the bench alone, to the floor's folder (`bench_floor`).
pub use bench_floor::FLOOR_PAGE_ENV;

/// The app's state, begun on a thread at the process's first line when the
/// data folder is known without Tauri (always but where the platform has no
/// data folder): the settings and the user store opened, the built-in texts
/// parsed, all while GTK initialises (issue 12's start-up), so that the
/// window's first page can be written with the restored passage in it
/// ([`start_script`]).
fn build_state_early() -> Option<EarlyState> {
    let dir = sheli_library::default_data_dir()?;
    // A folder that cannot be made is said by the setup's data_dir.
    std::fs::create_dir_all(&dir).ok()?;
    let for_thread = dir.clone();
    let (state_tx, state) = std::sync::mpsc::sync_channel(1);
    let (texts_tx, texts) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("sheli-texts".into())
        .spawn(move || {
            let state = Arc::new(AppState::starting(for_thread));
            let _ = state_tx.send(Arc::clone(&state));
            state.load_texts();
            startup_trace::mark("texts");
            let _ = texts_tx.send(());
        })
        .ok()?;
    Some(EarlyState { dir, state, texts })
}

/// The state being built from the first line ([`build_state_early`]): the
/// folder it is for, the state once its settings and store are open, and
/// word when its texts are read.
struct EarlyState {
    dir: PathBuf,
    state: std::sync::mpsc::Receiver<SharedState>,
    texts: std::sync::mpsc::Receiver<()>,
}

/// The longest the window waits for the texts the state is still reading
/// (they are read ~15 ms after the first line, GTK ~50 ms later, so this
/// only bounds a start whose texts are slow: see `run`).
const TEXTS_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// How long the search's warm-up waits for the first view to be shown
/// before it runs anyway (startup_trace::FIRST_VIEW).
const WARM_UP_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// The command handler, marking each command as it is received when the
/// start-up trace is on (`startup_trace::received`).
fn traced<R: tauri::Runtime>(
    handler: impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke| {
        startup_trace::received(invoke.message.command());
        handler(invoke)
    }
}

/// What the page knows before its first line runs (`__SHELI_START__`), so
/// that the restored view needs no round trip: the settings (with the place
/// to restore and the interface's language), and when the texts are read,
/// the list of sources and the first page of the passage the place names,
/// as `sources` and `passages` answer them. The start's trace showed those
/// two calls' round trip at ~85 ms of a ~180 ms page, the commands
/// themselves taking under a millisecond: the answers waited for the
/// page's thread, busy mounting and laying out (bench/NOTES.md, "the first
/// round trip"). The page takes them on the window's first load only
/// (`shell/settings.svelte.ts`, `shell/startup.ts`; a reload asks, since
/// they may have changed since), and only if they are what it would ask
/// for. Settings that cannot be read leave it all out: the page then asks,
/// and shows why; a passage that cannot be read is left out and asked for.
fn start_script(state: &AppState, with_texts: bool) -> String {
    let Ok(settings) = state.settings.get() else { return String::new() };
    let mut start = serde_json::Map::new();
    let Ok(json) = serde_json::to_value(&settings) else { return String::new() };
    start.insert("settings".into(), json);
    if with_texts {
        if let Ok(sources) = commands::sources(state).map(serde_json::to_value) {
            start.insert("sources".into(), sources.unwrap_or_default());
        }
        if let Some(first) = first_page(state, &settings.place) {
            start.insert("first".into(), first);
        }
    }
    match serde_json::to_string(&start) {
        Ok(json) => format!("window.__SHELI_START__ = Object.freeze({json});"),
        Err(_) => String::new(),
    }
}

/// How many passages the reader's first page holds (`FIRST_PAGE` in
/// `ui/src/lib/reader/opening.ts`; the page compares, so a mismatch costs
/// only the round trip).
const FIRST_PAGE: u32 = 1;

/// The first page of the passage a place names (`#/read/<source>.<ordinal>`,
/// with or without a highlight), as the reader asks for it; `None` for any
/// other place or a passage that cannot be read.
fn first_page(state: &AppState, place: &str) -> Option<serde_json::Value> {
    let id = place.strip_prefix("#/read/")?.split('?').next()?;
    let (source, ordinal) = id.rsplit_once('.')?;
    if ordinal.len() < 4 || !ordinal.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let start: u32 = ordinal.parse().ok().filter(|n| *n >= 1)?;
    let script = state.script(None).ok()?;
    let passages = commands::passages(state, source, start, FIRST_PAGE, Some(script)).ok()?;
    Some(serde_json::json!({
        "source": source,
        "start": start,
        "count": FIRST_PAGE,
        "script": script,
        "passages": passages,
    }))
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

#[cfg(test)]
mod start_script_tests {
    use std::sync::Arc;

    use sheli_corpus::Corpus;

    use super::settings::Settings;
    use super::{AppState, start_script};

    /// The object the page finds as `window.__SHELI_START__`.
    fn written(script: &str) -> serde_json::Value {
        let json = script
            .strip_prefix("window.__SHELI_START__ = Object.freeze(")
            .and_then(|s| s.strip_suffix(");"))
            .expect("the start script's one statement");
        serde_json::from_str(json).expect("JSON")
    }

    fn state_at(place: &str) -> (AppState, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let corpus = Arc::new(Corpus::builtin().expect("the built-in texts parse"));
        let state = AppState::with_corpus(Ok(corpus), dir.path().to_path_buf());
        state.settings.set(Settings { place: place.into(), ..Settings::default() }).unwrap();
        (state, dir)
    }

    /// A restart into the reader: the page is given the passage and the
    /// sources, so its first view asks the backend nothing.
    #[test]
    fn a_restored_passage_is_written_into_the_page_with_the_sources() {
        let (state, _dir) = state_at("#/read/xiangshe.zhushu.0143?seg=2&hl=3-5");
        let start = written(&start_script(&state, true));
        assert_eq!(start["settings"]["place"], "#/read/xiangshe.zhushu.0143?seg=2&hl=3-5");
        let first = &start["first"];
        assert_eq!(first["source"], "xiangshe.zhushu");
        assert_eq!(first["start"], 143);
        assert_eq!(first["count"], 1);
        assert_eq!(first["script"], "original");
        assert_eq!(first["passages"][0]["id"], "xiangshe.zhushu.0143");
        // The passage as the command gives it, not a summary.
        let asked = super::commands::passages(&state, "xiangshe.zhushu", 143, 1, None).unwrap();
        assert_eq!(first["passages"], serde_json::to_value(asked).unwrap());
        let sources = start["sources"].as_array().expect("the sources");
        assert!(sources.iter().any(|s| s["id"] == "xiangshe.zhushu"));
    }

    /// Places that name no passage, or a source that does not exist, write
    /// the settings and the sources only: the page asks (and says why).
    #[test]
    fn other_places_write_no_passage() {
        for place in
            ["", "#/library", "#/read/nothing.0001", "#/read/x.12", "#/read/xiangshe.zhushu.0000"]
        {
            let (state, _dir) = state_at(place);
            let start = written(&start_script(&state, true));
            assert!(start.get("first").is_none(), "{place}");
            assert!(start["sources"].is_array(), "{place}");
        }
        // An ordinal past the source's end is answered as `passages`
        // answers it, with none: the reader says there is no such passage.
        let (state, _dir) = state_at("#/read/xiangshe.zhushu.9999");
        let start = written(&start_script(&state, true));
        assert_eq!(start["first"]["passages"], serde_json::json!([]));
    }

    /// Before the texts are read, the page gets its settings alone.
    #[test]
    fn without_the_texts_only_the_settings_are_written() {
        let (state, _dir) = state_at("#/read/xiangshe.zhushu.0143");
        let start = written(&start_script(&state, false));
        assert_eq!(start.as_object().unwrap().keys().collect::<Vec<_>>(), ["settings"]);
    }
}

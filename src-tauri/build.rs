//! Generates the Tauri context (embedded UI, icons, ACL) at build time.
//!
//! The app's own commands are listed here: each gets an `allow-<command>`
//! permission, and `capabilities/main-window.json` grants exactly those. A new
//! command must be added in three places: here, in `src/app/commands.rs`
//! (with `#[tauri::command]`), and in `app::invoke_handler()`, plus its
//! permission in the capability; `app::tests::commands_are_declared_everywhere`
//! checks they agree.

use std::path::Path;

/// Every command the UI may invoke (snake_case, as in Rust).
const COMMANDS: &[&str] = &[
    "sources",
    "library",
    "edition",
    "passage",
    "locate",
    "passages",
    "get_settings",
    "set_settings",
    "import_texts",
    "library_changed",
    "my_glossaries",
    "create_glossary",
    "rename_glossary",
    "describe_glossary",
    "delete_glossary",
    "list_cards",
    "list_cards_page",
    "add_builtin_card",
    "add_new_card",
    "add_card_from_selection",
    "update_card",
    "remove_card",
    "find_builtin_cards",
    "save_glossary_export",
    "import_glossary",
    "review_next",
    "review_grade",
    "review_history",
    "add_note",
    "add_note_anchor",
    "remove_note_anchor",
    "list_notes",
    "list_notes_page",
    "save_note_draft",
    "note_draft",
    "clear_note_draft",
    "store_stamp",
    "note_drafts",
    "passage_notes",
    "update_note",
    "undo_note_edit",
    "delete_note",
    "undelete_note",
    "note_facets",
    "save_notes_export",
    "save_search_export",
    "save_study_sheet",
    "cite",
    "passage_aids",
    "print_page",
    "import_notes",
    "render_markdown",
    "search",
    "search_hits",
    "index_status",
    "aligned",
    "cards",
    "card",
    "picture",
    "ui_ready",
    "contents",
    "about",
    "describe_char",
    "draft_card",
    "stage_at",
    "stage_plan",
    "stage_itinerary",
];

fn main() {
    ensure_ui_dist();
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS))
        .codegen(tauri_build::CodegenContext::new());
    tauri_build::try_build(attributes).expect("tauri-build failed");
}

/// The UI is embedded from `ui/dist`, built by `npm run build` (`make ui`).
/// So that the CLI and the Rust tests build on a machine where the UI was
/// never built, a one-page placeholder is written there when it is missing;
/// Vite replaces it, and the rebuilt dist triggers a rebuild of the app.
fn ensure_ui_dist() {
    let dist = Path::new("../ui/dist");
    if dist.join("index.html").exists() {
        return;
    }
    std::fs::create_dir_all(dist).expect("create ui/dist");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sheli</title></head>\
         <body><p>The interface was not built. Run <code>make ui</code> (or <code>npm run build</code> \
         in <code>ui/</code>) and build the app again.</p></body></html>\n",
    )
    .expect("write the placeholder ui/dist/index.html");
}

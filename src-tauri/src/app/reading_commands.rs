//! The IPC wrappers of the reading aids: search (`search`, `search_hits`,
//! `index_status`),
//! the parallel column (`aligned`), the glossary cards (`cards`, `card`,
//! `picture`), and `ui_ready`, the UI's start-up probe.
//!
//! The work is done by the plain functions of [`super::search`] and
//! [`super::study`], which the tests call; these only move it off the main
//! thread (see `commands.rs` for the pattern).

use std::time::{SystemTime, UNIX_EPOCH};

pub use super::search::{index_status, search, search_hits};
pub use super::study::{aligned, card, cards, picture};

/// Set to make the app print one line on stdout when the UI first becomes
/// interactive (`make bench` measures start-up with it).
pub const REPORT_INTERACTIVE_ENV: &str = "SHELI_REPORT_INTERACTIVE";

/// `ui_ready(page_ms)`: the UI says its first view is interactive,
/// `page_ms` after the page started loading. With `SHELI_REPORT_INTERACTIVE`
/// set, prints `sheli-interactive <unix ms> <page ms>` on stdout; otherwise
/// does nothing.
pub fn ui_ready(page_ms: f64) -> super::AppResult<()> {
    if !page_ms.is_finite() || !(0.0..=3_600_000.0).contains(&page_ms) {
        return Err(super::AppError::invalid("page_ms must be a number of milliseconds"));
    }
    if std::env::var_os(REPORT_INTERACTIVE_ENV).is_some() {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0);
        println!("sheli-interactive {now:.1} {page_ms:.1}");
    }
    Ok(())
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::search::{HitListView, IndexStatus, SearchQuery, SearchView};
    use super::super::settings::DisplayScript;
    use super::super::state::SharedState;
    use super::super::study::{AlignedView, CardView, CardsView};

    #[tauri::command]
    pub async fn search(
        state: State<'_, SharedState>,
        request: SearchQuery,
        script: Option<DisplayScript>,
    ) -> AppResult<SearchView> {
        blocking(&state, move |s| super::search(s, request, script)).await
    }

    #[tauri::command]
    pub async fn search_hits(
        state: State<'_, SharedState>,
        request: SearchQuery,
        offset: u32,
    ) -> AppResult<HitListView> {
        blocking(&state, move |s| super::search_hits(s, request, offset)).await
    }

    #[tauri::command]
    pub async fn index_status(state: State<'_, SharedState>) -> AppResult<IndexStatus> {
        blocking(&state, super::index_status).await
    }

    #[tauri::command]
    pub async fn aligned(
        state: State<'_, SharedState>,
        passage_id: String,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<AlignedView>> {
        blocking(&state, move |s| super::aligned(s, &passage_id, script)).await
    }

    #[tauri::command]
    pub async fn cards(state: State<'_, SharedState>) -> AppResult<CardsView> {
        blocking(&state, super::cards).await
    }

    #[tauri::command]
    pub async fn card(
        state: State<'_, SharedState>,
        id: String,
        script: Option<DisplayScript>,
    ) -> AppResult<CardView> {
        blocking(&state, move |s| super::card(s, &id, script)).await
    }

    #[tauri::command]
    pub async fn picture(state: State<'_, SharedState>, name: String) -> AppResult<String> {
        blocking(&state, move |_| super::picture(&name)).await
    }

    #[tauri::command]
    pub async fn ui_ready(page_ms: f64) -> AppResult<()> {
        super::ui_ready(page_ms)
    }
}

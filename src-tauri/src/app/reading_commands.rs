//! The IPC wrappers of the reading aids: search (`search`, `search_hits`,
//! `index_status`),
//! the parallel column (`aligned`), the glossary cards (`cards`, `card`,
//! `picture`), an edition's contents under headings (`contents`), and
//! `ui_ready`, the UI's start-up probe.
//!
//! The work is done by the plain functions of [`super::search`] and
//! [`super::study`], which the tests call; these only move it off the main
//! thread (see `commands.rs` for the pattern).

use sheli_corpus::HeadingBasis;

use super::commands::validate_id;
use super::error::AppResult;
use super::settings::DisplayScript;
use super::state::{AppState, shown_label, shown_text};

pub use super::search::{index_status, search, search_hits};
pub use super::study::{aligned, card, cards, picture};

/// One heading of an edition's contents (corpus::headings): the run of
/// passages it heads and where its words come from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, ts_rs::TS)]
pub struct ContentsHeadingView {
    /// The heading in the display script asked for.
    pub title: String,
    /// `own` (the edition's 右…), `edition` (another edition's, through the
    /// alignment), `commentary` (the 疏's 自此…論…之事) or `first_words`
    /// (no text heads these passages: the first words of their 經).
    pub basis: String,
    /// The edition whose heading it is, for `edition` (its name, shown in
    /// the display script).
    pub from_edition: Option<String>,
    /// The run belongs to the 記.
    pub ji: bool,
    /// Ordinals of its first and last passage (inclusive).
    pub first: u32,
    pub last: u32,
}

/// `contents(source, script?)`: the edition's passages under headings, in
/// order, every passage under exactly one.
pub fn contents(
    state: &AppState,
    source: &str,
    script: Option<DisplayScript>,
) -> AppResult<Vec<ContentsHeadingView>> {
    validate_id("source", source)?;
    let corpus = state.corpus()?;
    let Some(s) = corpus.source(source) else {
        return Err(super::commands::source_not_found(state, source));
    };
    // A text that cannot be read is said with its reason's code.
    let headings = corpus
        .headings(source)
        .map_err(|e| super::commands::unreadable(state, &corpus, &s.info, e))?;
    let script = state.script(script)?;
    let shown = shown_text(&corpus, source, script);
    headings
        .into_iter()
        .map(|h| {
            let (basis, from_edition) = match &h.basis {
                HeadingBasis::Own => ("own", None),
                HeadingBasis::Commentary => ("commentary", None),
                HeadingBasis::FirstWords => ("first_words", None),
                HeadingBasis::Edition { source: from } => {
                    let name = match corpus.source(from) {
                        Some(s) => {
                            Some(shown_label(&corpus, Some(from), script).text(&s.info.edition)?)
                        }
                        None => None,
                    };
                    ("edition", name)
                }
            };
            Ok(ContentsHeadingView {
                title: shown.text(&h.title)?,
                basis: basis.to_owned(),
                from_edition,
                ji: h.ji,
                first: h.first,
                last: h.last,
            })
        })
        .collect()
}

pub use super::startup_trace::{REPORT_INTERACTIVE_ENV, ui_ready};

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
        blocking(&state, move |s| {
            super::super::e2e_hold::search_answer(&request.query);
            super::search(s, request, script)
        })
        .await
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
    pub async fn contents(
        state: State<'_, SharedState>,
        source: String,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<super::ContentsHeadingView>> {
        blocking(&state, move |s| super::contents(s, &source, script)).await
    }

    #[tauri::command]
    pub async fn ui_ready(page_ms: f64, marks: Option<Vec<(String, f64)>>) -> AppResult<()> {
        super::ui_ready(page_ms, marks)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sheli_corpus::Corpus;

    use super::super::error::AppError;
    use super::*;

    fn state() -> (AppState, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let corpus = Arc::new(Corpus::builtin().expect("the built-in texts parse"));
        (AppState::with_corpus(Ok(corpus), dir.path().to_path_buf()), dir)
    }

    #[test]
    fn the_zhushu_contents_are_headed_in_the_script_asked_for() {
        let (state, _dir) = state();
        let hs = contents(&state, "xiangshe.zhushu", Some(DisplayScript::Original)).unwrap();
        assert_eq!(hs.first().map(|h| h.first), Some(1));
        assert_eq!(hs.last().map(|h| h.last), Some(408));
        let sujing = hs.iter().find(|h| h.title == "速賓").expect("the 通解's 速賓");
        assert_eq!(sujing.basis, "edition");
        assert_eq!(sujing.from_edition.as_deref(), Some("儀禮經傳通解"));
        assert!(hs.iter().any(|h| h.title == "主人獻賓" && h.basis == "commentary"));
        let simplified =
            contents(&state, "xiangshe.zhushu", Some(DisplayScript::Simplified)).unwrap();
        assert!(simplified.iter().any(|h| h.title == "主人献宾"), "converted for display");
    }

    #[test]
    fn a_bad_or_unknown_source_is_refused() {
        let (state, _dir) = state();
        assert!(matches!(contents(&state, "Not An Id", None), Err(AppError::InvalidInput(_))));
        assert!(matches!(
            contents(&state, "nowhere.zhushu", None),
            Err(AppError::NotFound { what: "source", .. })
        ));
    }
}

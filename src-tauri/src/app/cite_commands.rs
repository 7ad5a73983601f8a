//! The reader's citations and honest reading aids: `cite` (the standard
//! citation of a selection, for Copy), and `passage_aids` (for each passage
//! shown: its citation, why it has no translation line, and the known
//! faults of its source marked where they stand).
//!
//! The citation is written once, by `corpus::locate` (`Corpus::citation`);
//! these commands only find the line a selection starts on and map
//! positions between the original and the displayed script.

use serde::Serialize;
use ts_rs::TS;

use sheli_corpus::align::TranslationGap;
use sheli_corpus::faults::spans_in;

use super::commands::validate_passage_page;
use super::error::AppResult;
use super::settings::DisplayScript;
use super::state::{AppState, shown_text};
use super::store_commands::{TextSelection, original_selection};

/// Why a passage has no translation line (`corpus::align::TranslationGap`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TranslationGapView {
    /// `outside`: the translation renders only `first`..`last`, and the
    /// passage is not among them; `unmatched`: it is among them, but the
    /// alignment by order and length gave it no line (`before` and `after`:
    /// the nearest passages with lines of their own).
    pub kind: String,
    pub translation: String,
    pub first: Option<String>,
    pub last: Option<String>,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// A known fault of the source (`corpus/texts/faults.toml`), where it stands
/// in the passage as shown: characters `start..end` of segment `segment`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct FaultMark {
    pub segment: u32,
    pub start: u32,
    pub end: u32,
    /// typo, ocr, split, misplaced, debris, editorial, conversion, taboo.
    pub kind: String,
    /// The faulty text as the raw file has it (original script).
    pub text: String,
    /// What the other witnesses read, where known.
    pub reading: Option<String>,
    pub note: Option<String>,
    /// 1-based line of the raw file.
    pub line: u32,
}

/// What the reader says of one passage besides its text.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PassageAids {
    pub passage_id: String,
    /// The standard citation of the whole passage (no layer named).
    pub citation: String,
    pub translation_gap: Option<TranslationGapView>,
    pub faults: Vec<FaultMark>,
}

/// `cite(selection)`: the standard citation of a selection in the reader —
/// work, edition, who wrote the layer, passage, and the line of the source
/// file its first character stands on.
pub fn cite(state: &AppState, selection: &TextSelection) -> AppResult<String> {
    let corpus = state.corpus()?;
    let sel = original_selection(state, &corpus, selection)?;
    let p = corpus.passage(&sel.passage_id)?;
    Ok(corpus.citation_at(p, sel.segment as usize, sel.start as usize))
}

/// `passage_aids(passage_ids, script?)`: for each passage (at most a page),
/// its citation, why it has no translation line, and its faults marked in
/// the displayed script.
pub fn passage_aids(
    state: &AppState,
    passage_ids: &[String],
    script: Option<DisplayScript>,
) -> AppResult<Vec<PassageAids>> {
    validate_passage_page(passage_ids)?;
    let corpus = state.corpus()?;
    let script = state.script(script)?;
    passage_ids
        .iter()
        .map(|id| {
            let p = corpus.passage(id)?;
            let shown = shown_text(&corpus, &p.source, script);
            let mut faults = Vec::new();
            for span in spans_in(p, corpus.faults_in(p)) {
                let map = shown.positions(&p.segments[span.segment])?;
                faults.push(FaultMark {
                    segment: span.segment as u32,
                    start: map.to_display(span.start)? as u32,
                    end: map.to_display(span.end)? as u32,
                    kind: span.fault.kind,
                    text: span.fault.text,
                    reading: span.fault.reading,
                    note: span.fault.note,
                    line: span.fault.line,
                });
            }
            Ok(PassageAids {
                passage_id: p.id.clone(),
                citation: corpus.passage_citation(p),
                translation_gap: corpus.translation_gap(&p.id).map(gap_view),
                faults,
            })
        })
        .collect()
}

fn gap_view(g: TranslationGap) -> TranslationGapView {
    match g {
        TranslationGap::Outside { translation, first, last } => TranslationGapView {
            kind: "outside".into(),
            translation,
            first: Some(first),
            last: Some(last),
            before: None,
            after: None,
        },
        TranslationGap::Unmatched { translation, before, after } => TranslationGapView {
            kind: "unmatched".into(),
            translation,
            first: None,
            last: None,
            before,
            after,
        },
    }
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::settings::DisplayScript;
    use super::super::state::SharedState;
    use super::super::store_commands::TextSelection;
    use super::PassageAids;

    #[tauri::command]
    pub async fn cite(
        state: State<'_, SharedState>,
        selection: TextSelection,
    ) -> AppResult<String> {
        blocking(&state, move |s| super::cite(s, &selection)).await
    }

    /// `print_page()`: GTK's print dialog for the window's page (WebKitGTK's
    /// `PrintOperation`, through wry): the study sheet's Print…. The page's
    /// own `window.print()` opens nothing in the Tauri window on Linux.
    #[tauri::command]
    pub async fn print_page(webview: tauri::Webview) -> AppResult<()> {
        // GTK's or wry's words only as the detail of our sentence.
        webview.print().map_err(|e| super::super::error::AppError::Coded {
            kind: super::super::error::ErrorKind::Internal,
            code: super::super::error::AppCode::PrintFailed,
            params: vec![("detail", e.to_string())],
            message: format!("the print dialog could not open: {e}"),
        })
    }

    #[tauri::command]
    pub async fn passage_aids(
        state: State<'_, SharedState>,
        passage_ids: Vec<String>,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<PassageAids>> {
        blocking(&state, move |s| super::passage_aids(s, &passage_ids, script)).await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sheli_corpus::Corpus;

    use super::*;
    use crate::app::commands::MAX_PAGE;
    use crate::app::error::AppError;

    fn state() -> (AppState, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let corpus = Arc::new(Corpus::builtin().expect("the built-in texts parse"));
        (AppState::with_corpus(Ok(corpus), dir.path().to_path_buf()), dir)
    }

    fn sel(passage: &str, segment: u32, start: u32, end: u32) -> TextSelection {
        TextSelection {
            passage_id: passage.into(),
            segment,
            start,
            end,
            script: Some(DisplayScript::Simplified),
        }
    }

    #[test]
    fn a_selection_is_cited_with_its_layer_and_the_line_it_starts_on() {
        let (state, _dir) = state();
        // Segment 1 of passage 250 is its 注 (鄭注), on line 1168 of the file
        // (the 經 on 1166).
        let c = cite(&state, &sel("xiangshe.zhushu.0250", 1, 2, 5)).unwrap();
        assert!(c.starts_with("《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0250，"), "{c}");
        assert!(c.ends_with("第1168行"), "{c}");
    }

    #[test]
    fn a_selection_outside_its_segment_or_passage_is_refused() {
        let (state, _dir) = state();
        for bad in [
            sel("xiangshe.zhushu.0250", 9, 0, 1),
            sel("xiangshe.zhushu.0250", 0, 3, 3),
            sel("xiangshe.zhushu.0250", 0, 0, 999),
            sel("Not An Id", 0, 0, 1),
        ] {
            assert!(
                matches!(cite(&state, &bad), Err(AppError::InvalidInput(_))),
                "{bad:?} refused"
            );
        }
        assert!(matches!(
            cite(&state, &sel("xiangshe.zhushu.9999", 0, 0, 1)),
            Err(AppError::NotFound { .. })
        ));
    }

    #[test]
    fn the_aids_say_why_a_translation_line_is_missing_and_where_faults_are() {
        let (state, _dir) = state();
        let ids: Vec<String> = ["xiangshe.zhushu.0250", "xiangshe.zhushu.0005"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let aids = passage_aids(&state, &ids, Some(DisplayScript::Original)).unwrap();
        let gap = aids[0].translation_gap.as_ref().expect("250 has no line");
        assert_eq!(gap.kind, "unmatched");
        assert!(gap.before.is_some() && gap.after.is_some());
        assert!(aids[0].citation.contains("xiangshe.zhushu.0250"));
        assert_eq!(aids[1].translation_gap.as_ref().map(|g| g.kind.as_str()), Some("outside"));
        // The debris of line 904, marked on the three characters that hold it.
        let p = state.corpus().unwrap().passage_at_line("xiangshe.zhushu", 904).unwrap().clone();
        let aids = passage_aids(&state, std::slice::from_ref(&p.id), None).unwrap();
        let f = aids[0].faults.iter().find(|f| f.line == 904).expect("the debris is marked");
        let text: String = p.segments[f.segment as usize]
            .text
            .chars()
            .skip(f.start as usize)
            .take((f.end - f.start) as usize)
            .collect();
        assert_eq!((text.as_str(), f.kind.as_str()), ("擬來者", "debris"));
    }

    #[test]
    fn too_many_or_bad_passage_ids_are_refused() {
        let (state, _dir) = state();
        let many = vec!["xiangshe.zhushu.0001".to_string(); MAX_PAGE as usize + 1];
        assert!(matches!(passage_aids(&state, &many, None), Err(AppError::InvalidInput(_))));
        let bad = vec!["../etc".to_string()];
        assert!(matches!(passage_aids(&state, &bad, None), Err(AppError::InvalidInput(_))));
    }
}

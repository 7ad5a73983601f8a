//! The user store in the app, and what its commands share: the types they
//! return, the checks of their inputs, and the mapping between displayed and
//! original text. The commands themselves are in `glossary_commands`
//! (glossaries, cards, review) and `note_commands` (notes).
//!
//! Like `commands.rs`, each command is a plain function on `&AppState`
//! (what the tests call) and a thin `#[tauri::command]` wrapper in its
//! module's `ipc`, which runs it through `commands::ipc::blocking`.
//! Every input is checked here (ids, lengths, formats) and again by the
//! store, which writes nothing when it refuses; a [`StoreError`] reaches the
//! UI as `{ kind, message }` (see `AppError::Store`).
//!
//! Positions: the reader shows the texts converted to a display script, and
//! OpenCC's phrase conversion may change a segment's length, so selections
//! come from the UI in characters (Unicode code points) of the *displayed*
//! segment with the script they were made in, and spans go back the same
//! way (`sheli_corpus::display::SegmentMap`). The store itself counts in characters of the
//! original text.
//!
//! The store is opened at start-up (`user_store::UserStore::open`); when it
//! cannot be, every command here returns why.

use serde::{Deserialize, Serialize};
use sheli_corpus::Corpus;
use sheli_corpus::display::Shown;
use ts_rs::TS;

use super::commands::validate_id;
use super::error::{AppCode, AppError, AppResult, ErrorKind};
use super::settings::DisplayScript;
use super::state::{AppState, shown_text};
use sheli_store::notes::Span;
use sheli_store::{
    DueSummary, Note, NoteFilter, ReviewCard, ReviewOutcome, Selection, limits, markdown,
};

/// Longest search query accepted (characters).
pub const MAX_QUERY: usize = 200;
/// Most built-in cards one search returns.
pub const MAX_BUILTIN_HITS: usize = 200;
/// Most lines of review history one call returns.
pub const MAX_HISTORY: u32 = 200;

// ---------------------------------------------------------------------------
// What the commands return (besides the store's own types).

/// A note with its Markdown rendered (safe HTML, see `store::markdown`).
#[derive(Debug, Clone, Serialize, TS)]
pub struct NoteView {
    pub note: Note,
    /// The body as HTML without script, raw HTML or unsafe links.
    pub html: String,
    /// The quoted words in the display script asked for.
    pub quote: String,
    /// Where the note sits in its passage now, in characters of the
    /// displayed segment (from `passage_notes` only; `null` elsewhere, and
    /// for a note that cannot be placed).
    pub span: Option<Span>,
    /// The passage `span` is in (`passage_notes`: the passage asked for,
    /// which for a note on several passages may be a further anchor's);
    /// `null` elsewhere.
    pub passage: Option<String>,
    /// Which of the note's anchors `passage` is (0: the first).
    pub anchor: u32,
    /// The quotes of the note's further anchors (`note.more_anchors`), in
    /// the display script asked for.
    pub more_quotes: Vec<String>,
}

/// A built-in glossary card, briefly, for choosing one to add.
#[derive(Debug, Clone, Serialize, TS)]
pub struct BuiltinCardHit {
    pub id: String,
    pub headword: String,
    pub simplified: String,
    pub pinyin: String,
    /// Its kind as a short Chinese label (器, 射具, 侯 …).
    pub kind: String,
    /// The first sentence of the English definition.
    pub summary: String,
}

/// An export: its text and the file name it is saved under
/// ([`super::export_commands`]).
#[derive(Debug, Clone, Serialize, TS)]
pub struct ExportFile {
    pub file_name: String,
    pub mime: String,
    pub text: String,
}

/// Where a review stands: how many cards are due, the next card, and what
/// the last grade did.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ReviewStep {
    pub summary: DueSummary,
    pub card: Option<ReviewCard>,
    pub outcome: Option<ReviewOutcome>,
}

/// A value to filter by, with how many notes have it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Facet {
    pub value: String,
    pub count: u32,
}

/// The works, tags, colours (by name) and layers (by label) the notes view
/// can filter by.
#[derive(Debug, Clone, Serialize, TS)]
pub struct NoteFacets {
    pub works: Vec<Facet>,
    pub tags: Vec<Facet>,
    pub colours: Vec<Facet>,
    pub layers: Vec<Facet>,
}

/// A selection in the reader: characters `start..end` of segment `segment`
/// of a passage, as displayed in `script` (default: the setting).
#[derive(Debug, Clone, Deserialize, TS)]
pub struct TextSelection {
    pub passage_id: String,
    pub segment: u32,
    pub start: u32,
    pub end: u32,
    #[ts(optional)]
    pub script: Option<DisplayScript>,
}

// ---------------------------------------------------------------------------
// Checks.

pub(super) fn check_row_id(what: &'static str, id: i64) -> AppResult<()> {
    if id < 1 {
        return Err(AppError::input(
            AppCode::InputBadRowId,
            [("what", what.to_owned()), ("id", id.to_string())],
            format!("{id} is not a valid {what} id"),
        ));
    }
    Ok(())
}

pub(super) fn check_query(q: Option<&str>) -> AppResult<String> {
    let q = q.unwrap_or("").trim();
    if q.chars().count() > MAX_QUERY {
        return Err(AppError::input(
            AppCode::InputNotesQueryTooLong,
            [("max", MAX_QUERY.to_string())],
            format!("a search is at most {MAX_QUERY} characters long"),
        ));
    }
    Ok(q.to_owned())
}

pub(super) fn check_import(text: &str) -> AppResult<()> {
    if text.len() > limits::IMPORT_BYTES {
        return Err(AppError::Coded {
            kind: ErrorKind::InvalidInput,
            code: AppCode::ImportTooLarge,
            params: vec![
                ("size", text.len().to_string()),
                ("max", limits::IMPORT_BYTES.to_string()),
            ],
            message: format!(
                "the file is {} bytes; at most {} can be imported",
                text.len(),
                limits::IMPORT_BYTES
            ),
        });
    }
    if text.trim().is_empty() {
        return Err(AppError::Coded {
            kind: ErrorKind::InvalidInput,
            code: AppCode::ImportEmpty,
            params: Vec::new(),
            message: "the file is empty".into(),
        });
    }
    Ok(())
}

pub(super) fn check_filter(f: &NoteFilter) -> AppResult<()> {
    check_query(f.query.as_deref())?;
    for v in [&f.work, &f.tag].into_iter().flatten() {
        if v.chars().count() > MAX_QUERY {
            return Err(AppError::input(
                AppCode::InputNotesFilterTooLong,
                [("max", MAX_QUERY.to_string())],
                format!("a filter is at most {MAX_QUERY} characters long"),
            ));
        }
    }
    if let Some(p) = f.passage_id.as_deref().filter(|p| !p.is_empty()) {
        validate_id("passage", p)?;
    }
    Ok(())
}

/// A selection made on displayed text, in the original text's characters.
pub(crate) fn original_selection(
    state: &AppState,
    corpus: &Corpus,
    sel: &TextSelection,
) -> AppResult<Selection> {
    validate_id("passage", &sel.passage_id)?;
    let p = corpus.passage(&sel.passage_id)?;
    let seg = p.segments.get(sel.segment as usize).ok_or_else(|| {
        AppError::input(
            AppCode::InputNoSegment,
            [
                ("id", p.id.clone()),
                ("segments", p.segments.len().to_string()),
                ("segment", sel.segment.to_string()),
            ],
            format!(
                "passage {} has {} segments; there is no segment {}",
                p.id,
                p.segments.len(),
                sel.segment
            ),
        )
    })?;
    if sel.start >= sel.end {
        return Err(AppError::input(AppCode::InputSelectionEmpty, [], "the selection is empty"));
    }
    let map = shown_text(corpus, &p.source, state.script(sel.script)?).positions(seg)?;
    if sel.end as usize > map.display_len() {
        return Err(AppError::input(
            AppCode::InputSelectionOutside,
            [
                ("start", sel.start.to_string()),
                ("end", sel.end.to_string()),
                ("segment", sel.segment.to_string()),
                ("id", p.id.clone()),
                ("len", map.display_len().to_string()),
            ],
            format!(
                "the selection {}..{} is not inside segment {} of {} ({} characters)",
                sel.start,
                sel.end,
                sel.segment,
                p.id,
                map.display_len()
            ),
        ));
    }
    let start = map.start_to_original(sel.start as usize)?;
    let end = map.end_to_original(sel.end as usize)?.max(start + 1).min(map.len());
    Ok(Selection {
        passage_id: p.id.clone(),
        segment: sel.segment,
        start: start as u32,
        end: end as u32,
    })
}

/// A note as the UI shows it: its Markdown rendered, its quote in the script
/// of the reader (converted out of its text's own script; as written if the
/// texts could not be loaded).
pub(super) fn note_view(
    state: &AppState,
    n: Note,
    script: DisplayScript,
    span: Option<Span>,
) -> AppResult<NoteView> {
    let corpus = state.corpus().ok();
    // Each anchor in its own source's script (a note may compare texts of
    // two editions).
    let shown_of = |source: &str| match &corpus {
        Some(c) => shown_text(c, source, script),
        None => Shown::original(),
    };
    let shown = shown_of(&n.source_id);
    let more_quotes = n
        .more_anchors
        .iter()
        .map(|a| shown_of(&a.source_id).text(&a.exact))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(NoteView {
        html: markdown::render(&n.body),
        quote: shown.text(&n.exact)?,
        span,
        passage: None,
        anchor: 0,
        more_quotes,
        note: n,
    })
}

#[cfg(test)]
#[path = "store_commands_tests.rs"]
mod tests;

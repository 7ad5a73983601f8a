//! The commands of notes: anchored to a span of displayed text (or several,
//! one per passage a note is on), coloured, listed, filtered, searched,
//! edited with undo, exported and imported.
//!
//! Inputs and positions are checked as `store_commands` describes; each
//! command is a plain function on `&AppState` (what the tests call) and a
//! wrapper in [`ipc`].

use super::commands::validate_passage_page;
use super::error::{AppCode, AppError, AppResult};
use super::settings::DisplayScript;
use super::state::{AppState, shown_text};
use sheli_store::export::NotesImport;
use sheli_store::notes::Span;
use sheli_store::{NewNote, NoteColour, NoteEdit, NoteFilter, StoreError, limits, markdown};

use super::store_commands::*;

// ---------------------------------------------------------------------------
// Notes.

/// `add_note(selection, body, tags, colour?)`: a note on a span of
/// displayed text (yellow unless a colour is given).
pub fn add_note(
    state: &AppState,
    selection: &TextSelection,
    body: &str,
    tags: &[String],
    colour: Option<NoteColour>,
) -> AppResult<NoteView> {
    let corpus = state.corpus()?;
    let sel = original_selection(state, &corpus, selection)?;
    let script = state.script(selection.script)?;
    let new = NewNote {
        selection: sel,
        body: body.to_owned(),
        tags: tags.to_vec(),
        colour: colour.unwrap_or_default(),
    };
    let note = state.store.lock()?.add_note(&corpus, &new)?;
    note_view(state, note, script, None)
}

/// `add_note_anchor(id, selection)`: note `id` is also on this span of
/// displayed text (another passage, for a note comparing two).
pub fn add_note_anchor(
    state: &AppState,
    id: i64,
    selection: &TextSelection,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    let corpus = state.corpus()?;
    let sel = original_selection(state, &corpus, selection)?;
    let script = state.script(selection.script)?;
    let note = state.store.lock()?.add_note_anchor(&corpus, id, &sel)?;
    note_view(state, note, script, None)
}

/// `remove_note_anchor(id, index)`: takes anchor `index` (0 = the first)
/// off note `id`; a note's only anchor stays (delete the note instead).
pub fn remove_note_anchor(
    state: &AppState,
    id: i64,
    index: u32,
    script: Option<DisplayScript>,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    if index as usize >= sheli_store::notes::MAX_ANCHORS {
        return Err(AppError::input(
            AppCode::InputNoAnchor,
            [("index", index.to_string())],
            format!("a note has no anchor {index}"),
        ));
    }
    let script = state.script(script)?;
    let note = state.store.lock()?.remove_note_anchor(id, index)?;
    note_view(state, note, script, None)
}

/// `list_notes(filter, script?)`: notes by work, passage and position.
pub fn list_notes(
    state: &AppState,
    filter: &NoteFilter,
    script: Option<DisplayScript>,
) -> AppResult<Vec<NoteView>> {
    check_filter(filter)?;
    let script = state.script(script)?;
    let notes = state.store.lock()?.notes(filter)?;
    notes.into_iter().map(|n| note_view(state, n, script, None)).collect()
}

/// One page of the notes a filter finds, and how many it finds in all.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct NotePage {
    pub notes: Vec<NoteView>,
    pub total: u32,
}

/// The most rows a page may ask for: each note is rendered (Markdown, the
/// quote in the script shown) and drawn, so a page stays what a window can
/// draw at once; a larger `limit` is read as this.
pub const MAX_PAGE: u32 = 1000;

/// `list_notes_page(filter, offset, limit, script?)`: at most `limit` notes
/// from the `offset`th on, by work, passage and position, with the total
/// (the Notes view draws a page at a time; the search covers every note).
pub fn list_notes_page(
    state: &AppState,
    filter: &NoteFilter,
    offset: u32,
    limit: u32,
    script: Option<DisplayScript>,
) -> AppResult<NotePage> {
    check_filter(filter)?;
    let script = state.script(script)?;
    let (notes, total) =
        state.store.lock()?.notes_page(filter, offset, limit.clamp(1, MAX_PAGE))?;
    let notes =
        notes.into_iter().map(|n| note_view(state, n, script, None)).collect::<AppResult<_>>()?;
    Ok(NotePage { notes, total })
}

/// `save_note_draft(key, body, tags, colour)`: keeps what a note's editor
/// holds (a second after the typing stops), so a crash loses at most that.
pub fn save_note_draft(
    state: &AppState,
    key: &str,
    body: &str,
    tags: &str,
    colour: &str,
) -> AppResult<()> {
    Ok(state.store.lock()?.save_note_draft(key, body, tags, colour)?)
}

/// `note_draft(key)`: the draft an editor left, offered back when it opens.
pub fn note_draft(state: &AppState, key: &str) -> AppResult<Option<sheli_store::NoteDraft>> {
    Ok(state.store.lock()?.note_draft(key)?)
}

/// A draft left behind, with the note it is an edit of (none for a new
/// note's, or if that note is gone).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct DraftView {
    pub draft: sheli_store::NoteDraft,
    pub note: Option<NoteView>,
}

/// `note_drafts(script?)`: every draft left behind (by a crash or a window
/// closed mid-edit), the latest first: an edit's with its note, a new
/// note's (`new:<passage>:…`) with none, so the Notes view can say so at
/// its next opening and open that editor (a new note's on its passage).
pub fn note_drafts(state: &AppState, script: Option<DisplayScript>) -> AppResult<Vec<DraftView>> {
    let script = state.script(script)?;
    let store = state.store.lock()?;
    let drafts = store.note_drafts()?;
    let mut out = Vec::new();
    for draft in drafts {
        let note = match sheli_store::note_drafts::edited_note(&draft.key) {
            // the note gone (purged) or deleted: the draft has none to show
            Some(id) => match store.note(id) {
                Ok(n) => Some(n).filter(|n| n.deleted.is_none()),
                Err(StoreError::UnknownNote(_)) => None,
                Err(e) => return Err(e.into()),
            },
            None if draft.key.starts_with("new:") => None,
            // a key the store refuses to keep; none is there to show
            None => continue,
        };
        out.push((draft, note));
    }
    drop(store);
    out.into_iter()
        .map(|(draft, note)| {
            let note = note.map(|n| note_view(state, n, script, None)).transpose()?;
            Ok(DraftView { draft, note })
        })
        .collect()
}

/// `clear_note_draft(key)`: the editor saved or cancelled.
pub fn clear_note_draft(state: &AppState, key: &str) -> AppResult<()> {
    Ok(state.store.lock()?.clear_note_draft(key)?)
}

/// `store_stamp()`: moves when another Sheli (or the CLI) wrote to the
/// store, not for the window's own writes; the Notes view reloads on it.
pub fn store_stamp(state: &AppState) -> AppResult<i64> {
    Ok(state.store.lock()?.changed_elsewhere_stamp()?)
}

/// `passage_notes(passage_ids, script?)`: the live notes of these passages
/// with their spans in the displayed segments (for the reader's margin and
/// highlights). A note that cannot be placed has no span.
pub fn passage_notes(
    state: &AppState,
    passage_ids: &[String],
    script: Option<DisplayScript>,
) -> AppResult<Vec<NoteView>> {
    validate_passage_page(passage_ids)?;
    let corpus = state.corpus()?;
    let script = state.script(script)?;
    let placed = {
        let store = state.store.lock()?;
        let mut all = Vec::new();
        for id in passage_ids {
            corpus.passage(id)?;
            all.extend(store.notes_in_passage(&corpus, id)?);
        }
        all
    };
    placed
        .into_iter()
        .map(|pn| {
            let span = match pn.span {
                Some(s) => {
                    let p = corpus.passage(&pn.passage_id)?;
                    let seg = &p.segments[s.segment as usize];
                    let map = shown_text(&corpus, &p.source, script).positions(seg)?;
                    Some(Span {
                        start: map.to_display(s.start as usize)? as u32,
                        end: map.to_display(s.end as usize)? as u32,
                        ..s
                    })
                }
                None => None,
            };
            let mut view = note_view(state, pn.note, script, span)?;
            view.passage = Some(pn.passage_id);
            view.anchor = pn.anchor;
            Ok(view)
        })
        .collect()
}

/// `update_note(id, edit)`: body and/or tags (undo with `undo_note_edit`).
pub fn update_note(
    state: &AppState,
    id: i64,
    edit: &NoteEdit,
    script: Option<DisplayScript>,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    let script = state.script(script)?;
    let n = state.store.lock()?.update_note(id, edit)?;
    note_view(state, n, script, None)
}

/// `undo_note_edit(id)`.
pub fn undo_note_edit(
    state: &AppState,
    id: i64,
    script: Option<DisplayScript>,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    let script = state.script(script)?;
    let n = state.store.lock()?.undo_note_edit(id)?;
    note_view(state, n, script, None)
}

/// `delete_note(id)` (undo with `undelete_note`).
pub fn delete_note(state: &AppState, id: i64) -> AppResult<()> {
    check_row_id("note", id)?;
    Ok(state.store.lock()?.delete_note(id)?)
}

/// `undelete_note(id)`.
pub fn undelete_note(
    state: &AppState,
    id: i64,
    script: Option<DisplayScript>,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    let script = state.script(script)?;
    let n = state.store.lock()?.undelete_note(id)?;
    note_view(state, n, script, None)
}

/// `note_facets()`: works, tags, colours and layers of the live notes, with
/// counts.
pub fn note_facets(state: &AppState) -> AppResult<NoteFacets> {
    let store = state.store.lock()?;
    let facet = |(value, count): (String, u32)| Facet { value, count };
    Ok(NoteFacets {
        works: store.note_works()?.into_iter().map(facet).collect(),
        tags: store.note_tags()?.into_iter().map(facet).collect(),
        colours: store
            .note_colours()?
            .into_iter()
            .map(|(c, count)| Facet { value: c.name().to_owned(), count })
            .collect(),
        layers: store.note_layers()?.into_iter().map(facet).collect(),
    })
}

/// `export_notes(format, filter)`: `markdown` or `json` (W3C Web Annotations).
pub fn export_notes(state: &AppState, format: &str, filter: &NoteFilter) -> AppResult<ExportFile> {
    check_filter(filter)?;
    match format {
        "markdown" => {
            let corpus = state.corpus()?;
            Ok(ExportFile {
                file_name: "sheli-notes.md".into(),
                mime: "text/markdown".into(),
                text: state.store.lock()?.export_notes_markdown(&corpus, filter)?,
            })
        }
        "json" => {
            let corpus = state.corpus()?;
            Ok(ExportFile {
                file_name: "sheli-notes.jsonld".into(),
                mime: "application/ld+json".into(),
                text: state.store.lock()?.export_notes_annotations(&corpus, filter)?,
            })
        }
        other => Err(AppError::input(
            AppCode::InputExportFormat,
            [
                ("format", other.escape_default().to_string()),
                ("formats", "markdown, json".to_string()),
            ],
            format!("“{}” is not an export format: use markdown or json", other.escape_default()),
        )),
    }
}

/// `import_notes(text)`: W3C Web Annotation JSON; notes already there are
/// skipped, notes that cannot be placed are kept as orphaned.
pub fn import_notes(state: &AppState, text: &str) -> AppResult<NotesImport> {
    check_import(text)?;
    let corpus = state.corpus()?;
    Ok(state.store.lock()?.import_notes_annotations(&corpus, text)?)
}

/// `render_markdown(text)`: a note's Markdown as safe HTML (for previews).
pub fn render_markdown(_state: &AppState, text: &str) -> AppResult<String> {
    if text.len() > limits::NOTE * 4 && text.chars().count() > limits::NOTE {
        return Err(StoreError::TooLong {
            field: "the note",
            len: text.chars().count(),
            max: limits::NOTE,
        }
        .into());
    }
    Ok(markdown::render(text))
}

/// The `#[tauri::command]` wrappers; each runs its plain function off the
/// main thread.
pub mod ipc {
    use super::super::commands::ipc::{S, blocking};
    use super::*;

    #[tauri::command]
    pub async fn add_note(
        state: S<'_>,
        selection: TextSelection,
        body: String,
        tags: Vec<String>,
        colour: Option<NoteColour>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::add_note(s, &selection, &body, &tags, colour)).await
    }

    #[tauri::command]
    pub async fn add_note_anchor(
        state: S<'_>,
        id: i64,
        selection: TextSelection,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::add_note_anchor(s, id, &selection)).await
    }

    #[tauri::command]
    pub async fn remove_note_anchor(
        state: S<'_>,
        id: i64,
        index: u32,
        script: Option<DisplayScript>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::remove_note_anchor(s, id, index, script)).await
    }

    #[tauri::command]
    pub async fn list_notes(
        state: S<'_>,
        filter: NoteFilter,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<NoteView>> {
        blocking(&state, move |s| super::list_notes(s, &filter, script)).await
    }

    #[tauri::command]
    pub async fn list_notes_page(
        state: S<'_>,
        filter: NoteFilter,
        offset: u32,
        limit: u32,
        script: Option<DisplayScript>,
    ) -> AppResult<super::NotePage> {
        blocking(&state, move |s| super::list_notes_page(s, &filter, offset, limit, script)).await
    }

    #[tauri::command]
    pub async fn save_note_draft(
        state: S<'_>,
        key: String,
        body: String,
        tags: String,
        colour: String,
    ) -> AppResult<()> {
        blocking(&state, move |s| super::save_note_draft(s, &key, &body, &tags, &colour)).await
    }

    #[tauri::command]
    pub async fn note_draft(
        state: S<'_>,
        key: String,
    ) -> AppResult<Option<sheli_store::NoteDraft>> {
        blocking(&state, move |s| super::note_draft(s, &key)).await
    }

    #[tauri::command]
    pub async fn note_drafts(
        state: S<'_>,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<super::DraftView>> {
        blocking(&state, move |s| super::note_drafts(s, script)).await
    }

    #[tauri::command]
    pub async fn clear_note_draft(state: S<'_>, key: String) -> AppResult<()> {
        blocking(&state, move |s| super::clear_note_draft(s, &key)).await
    }

    #[tauri::command]
    pub async fn store_stamp(state: S<'_>) -> AppResult<i64> {
        blocking(&state, super::store_stamp).await
    }

    #[tauri::command]
    pub async fn passage_notes(
        state: S<'_>,
        passage_ids: Vec<String>,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<NoteView>> {
        blocking(&state, move |s| super::passage_notes(s, &passage_ids, script)).await
    }

    #[tauri::command]
    pub async fn update_note(
        state: S<'_>,
        id: i64,
        edit: NoteEdit,
        script: Option<DisplayScript>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::update_note(s, id, &edit, script)).await
    }

    #[tauri::command]
    pub async fn undo_note_edit(
        state: S<'_>,
        id: i64,
        script: Option<DisplayScript>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::undo_note_edit(s, id, script)).await
    }

    #[tauri::command]
    pub async fn delete_note(state: S<'_>, id: i64) -> AppResult<()> {
        blocking(&state, move |s| super::delete_note(s, id)).await
    }

    #[tauri::command]
    pub async fn undelete_note(
        state: S<'_>,
        id: i64,
        script: Option<DisplayScript>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::undelete_note(s, id, script)).await
    }

    #[tauri::command]
    pub async fn note_facets(state: S<'_>) -> AppResult<NoteFacets> {
        blocking(&state, super::note_facets).await
    }

    #[tauri::command]
    pub async fn import_notes(state: S<'_>, text: String) -> AppResult<NotesImport> {
        blocking(&state, move |s| super::import_notes(s, &text)).await
    }

    #[tauri::command]
    pub async fn render_markdown(state: S<'_>, text: String) -> AppResult<String> {
        blocking(&state, move |s| super::render_markdown(s, &text)).await
    }
}

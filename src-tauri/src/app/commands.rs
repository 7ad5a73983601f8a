//! The commands the UI can invoke.
//!
//! Each command is written twice, on purpose:
//! - a plain function here (`sources(&AppState)`), which does the work and is
//!   what the tests call, with no window and no Tauri runtime;
//! - a thin `#[tauri::command]` wrapper in [`ipc`] with the same name, which
//!   runs the plain function on a blocking thread (never the main thread)
//!   and returns its result or an [`AppError`] to the UI.
//!
//! Adding a command: write both, then list it in `build.rs` (`COMMANDS`), in
//! `generate_handler!` in `app/mod.rs` and as `allow-<name>` in
//! `capabilities/main-window.json`; add its output types to
//! `app::bindings` and a function to `ui/src/lib/api.ts`.

use sheli_corpus::display::Shown;
use sheli_corpus::{Corpus, Layer, Passage, Reading};

use super::dto::*;
use super::error::{AppCode, AppError, AppResult, ErrorKind};
use super::settings::{DisplayScript, Settings};
use super::state::{AppState, shown_label};

/// Longest id accepted from the UI (ids look like `xiangshe.zhushu.0123`).
pub const MAX_ID_LEN: usize = 64;
/// Most passages one `passages` call returns.
pub const MAX_PAGE: u32 = 200;
/// Characters of 經 in a library preview.
pub const PREVIEW_CHARS: usize = 24;

/// Checks a page of passage ids sent by the UI: at most [`MAX_PAGE`], each
/// a valid id (the reader asks for its notes and aids a page at a time).
pub fn validate_passage_page(passage_ids: &[String]) -> AppResult<()> {
    if passage_ids.len() > MAX_PAGE as usize {
        return Err(AppError::input(
            AppCode::InputTooManyPassages,
            [("max", MAX_PAGE.to_string())],
            format!("at most {MAX_PAGE} passages at a time"),
        ));
    }
    passage_ids.iter().try_for_each(|id| validate_id("passage", id))
}

/// Checks an id sent by the UI: 1–64 characters of `a-z 0-9 . _ -`.
pub fn validate_id(what: &str, id: &str) -> AppResult<()> {
    if id.is_empty() || id.len() > MAX_ID_LEN {
        return Err(AppError::input(
            AppCode::InputIdLength,
            [("what", what.to_owned()), ("max", MAX_ID_LEN.to_string())],
            format!("a {what} id must be 1 to {MAX_ID_LEN} characters long"),
        ));
    }
    if !id
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'-'))
    {
        return Err(AppError::input(
            AppCode::InputBadId,
            [("what", what.to_owned()), ("id", id.escape_default().to_string())],
            format!("`{}` is not a valid {what} id", id.escape_default()),
        ));
    }
    Ok(())
}

/// `sources()`: every source with its edition, script and segment counts
/// (a user's text not read yet with the counts recorded at import: none if
/// it was imported by an earlier version; it is not read to count it).
pub fn sources(state: &AppState) -> AppResult<Vec<SourceView>> {
    let corpus = state.corpus()?;
    Ok(corpus
        .sources()
        .iter()
        .map(|s| {
            let info = &s.info;
            let counts = corpus.known_counts(&info.id).unwrap_or_default();
            SourceView {
                edition_note: info.edition_note.clone(),
                coverage: info.coverage.clone(),
                script: edition_script(info.script).to_owned(),
                id: info.id.clone(),
                work: info.work.clone(),
                edition: info.edition.clone(),
                edition_kind: EditionKind::of(info),
                passages: counts.passages as u32,
                layers: counts.layers.into_iter().map(|(k, n)| (k, n as u32)).collect(),
            }
        })
        .collect())
}

fn edition_script(s: sheli_corpus::EditionScript) -> &'static str {
    match s {
        sheli_corpus::EditionScript::Traditional => "traditional",
        sheli_corpus::EditionScript::Simplified => "simplified",
    }
}

/// `library(script?)`: works → editions → sections → passages, titles and
/// previews in `script` (default: the display script of the settings).
/// A user's text not read yet is listed without its sections (`sections`
/// null, its counts as recorded at import): listing the library reads no
/// user text; [`edition`] reads one when the user opens it.
pub fn library(state: &AppState, script: Option<DisplayScript>) -> AppResult<LibraryView> {
    let corpus = state.corpus()?;
    let script = state.script(script)?;
    let mut works: Vec<WorkEntry> = Vec::new();
    for source in corpus.sources() {
        let info = &source.info;
        let label = shown_label(&corpus, Some(&info.id), script);
        let edition = edition_entry(&corpus, &info.id, script, false)?;
        match works.iter_mut().find(|w| w.work == info.work) {
            Some(w) => w.editions.push(edition),
            None => works.push(WorkEntry {
                work: info.work.clone(),
                title: label.text(&info.work)?,
                editions: vec![edition],
            }),
        }
    }
    Ok(LibraryView { works, left_out: left_out(state, &corpus) })
}

/// The user's texts left out: at the library's opening, and those that
/// could not be read when they were first asked for.
fn left_out(state: &AppState, corpus: &Corpus) -> Vec<LeftOut> {
    let mut out = state.left_out();
    for s in sheli_library::read_failures(corpus, state.data_dir()) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out.iter().map(LeftOut::from).collect()
}

/// `edition(source, script?)`: one edition with its sections and passages,
/// reading the text first if it is a user's text not read yet (the library
/// lists those without their sections). A text that cannot be read is an
/// error that says why.
pub fn edition(
    state: &AppState,
    source: &str,
    script: Option<DisplayScript>,
) -> AppResult<EditionEntry> {
    validate_id("source", source)?;
    let corpus = state.corpus()?;
    let Some(s) = corpus.source(source) else {
        return Err(AppError::NotFound { what: "source", id: source.to_owned() });
    };
    if let Err(e) = corpus.try_passages_of(&s.info.id) {
        return Err(unreadable(state, &corpus, &s.info, e));
    }
    let script = state.script(script)?;
    edition_entry(&corpus, source, script, true)
}

/// A user's text that could not be read when its passages were asked for,
/// said as the library says a text it left out (missing, or unreadable with
/// the system's or the parser's words as quoted detail), its reason a code
/// the window translates (`library.left_out` with `library.reason.*`),
/// never the corpus's English sentence as `app.corpus`'s detail. Any other
/// corpus error is said as its own.
pub(crate) fn unreadable(
    state: &AppState,
    corpus: &Corpus,
    info: &sheli_corpus::SourceInfo,
    e: sheli_corpus::CorpusError,
) -> AppError {
    let sheli_corpus::CorpusError::Unreadable { why, .. } = e else { return AppError::from(e) };
    let failed = sheli_library::read_failures(corpus, state.data_dir());
    let skipped = failed.into_iter().find(|t| t.id == info.id).unwrap_or_else(|| {
        sheli_library::SkippedText::of(info, sheli_library::Reason::unreadable(&why))
    });
    AppError::Library {
        kind: ErrorKind::Storage,
        error: sheli_library::LibraryError::LeftOut(Box::new(skipped)),
    }
}

/// A source the corpus does not hold. A user's text the library left out
/// (damaged, its file missing) says so with its reason, as the library's
/// list does: a reader opened on it (a link, Back, the place kept from the
/// last start) said only "no text", and the user did not learn why.
pub(crate) fn source_not_found(state: &AppState, source: &str) -> AppError {
    match state.left_out().into_iter().find(|t| t.id == source) {
        Some(skipped) => AppError::Library {
            kind: ErrorKind::Storage,
            error: sheli_library::LibraryError::LeftOut(Box::new(skipped)),
        },
        None => AppError::NotFound { what: "source", id: source.to_owned() },
    }
}

/// One edition of the library: with its sections if its passages are at
/// hand (or `read`, which reads them), else with what is known unread.
fn edition_entry(
    corpus: &Corpus,
    source: &str,
    script: DisplayScript,
    read: bool,
) -> AppResult<EditionEntry> {
    let info = &corpus
        .source(source)
        .ok_or_else(|| AppError::NotFound { what: "source", id: source.to_owned() })?
        .info;
    let label = shown_label(corpus, Some(source), script);
    let (layers, passages, sections) = if read || corpus.is_read(source) {
        let passages = corpus.passages_of(source);
        (
            layers_present(passages),
            passages.len() as u32,
            Some(sections(passages, Shown::new(info.script, script))?),
        )
    } else {
        let counts = corpus.known_counts(source).unwrap_or_default();
        let layers = Layer::ALL
            .into_iter()
            .filter(|l| counts.layers.get(l.label()).is_some_and(|n| *n > 0))
            .collect();
        (layers, counts.passages as u32, None)
    };
    Ok(EditionEntry {
        source: info.id.clone(),
        edition: label.text(&info.edition)?,
        edition_kind: EditionKind::of(info),
        script: edition_script(info.script).to_owned(),
        layers,
        passages,
        sections,
    })
}

fn layers_present(passages: &[Passage]) -> Vec<Layer> {
    Layer::ALL
        .into_iter()
        .filter(|l| passages.iter().any(|p| p.segments.iter().any(|s| s.layer == *l)))
        .collect()
}

/// Groups consecutive passages with the same heading (and 記 flag).
fn sections(passages: &[Passage], shown: Shown) -> AppResult<Vec<SectionEntry>> {
    let mut out: Vec<SectionEntry> = Vec::new();
    for p in passages {
        let ji = p.is_ji();
        let entry = PassageEntry {
            id: p.id.clone(),
            ordinal: p.ordinal,
            section: p.section.as_deref().map(|s| shown.text(s)).transpose()?,
            preview: preview(p, shown)?,
        };
        match out.last_mut() {
            Some(last) if last.title == entry.section && last.ji == ji => last.passages.push(entry),
            _ => out.push(SectionEntry { title: entry.section.clone(), ji, passages: vec![entry] }),
        }
    }
    Ok(out)
}

fn preview(p: &Passage, shown: Shown) -> AppResult<String> {
    let jing = p.jing_text();
    let text = if jing.is_empty() {
        p.segments.first().map(|s| s.text.as_str()).unwrap_or("")
    } else {
        &jing
    };
    let mut short: String = text.chars().take(PREVIEW_CHARS).collect();
    if text.chars().nth(PREVIEW_CHARS).is_some() {
        short.push('…');
    }
    Ok(shown.text(&short)?)
}

/// `passage(id, script?)`: one passage with all its segments, converted.
pub fn passage(
    state: &AppState,
    id: &str,
    script: Option<DisplayScript>,
) -> AppResult<PassageView> {
    validate_id("passage", id)?;
    let corpus = state.corpus()?;
    let script = state.script(script)?;
    view(&corpus, corpus.passage(id)?, script)
}

/// The longest place a Go-to box passes on (a citation Sheli writes is
/// under 100 characters).
const MAX_PLACE_CHARS: usize = 300;

/// `locate(place)`: the passage and line a reader's words name — a passage
/// id, a citation as Sheli writes it, or a source (id or file) and a line.
pub fn locate(state: &AppState, place: &str) -> AppResult<sheli_corpus::Location> {
    if place.trim().is_empty() || place.chars().count() > MAX_PLACE_CHARS {
        return Err(AppError::input(
            AppCode::InputPlaceLength,
            [("max", MAX_PLACE_CHARS.to_string())],
            format!("a place is named in 1 to {MAX_PLACE_CHARS} characters"),
        ));
    }
    let corpus = state.corpus()?;
    corpus.locate(place).map_err(|e| match e {
        sheli_corpus::CorpusError::NoPlace(_) => {
            AppError::NotFound { what: "place", id: place.trim().to_string() }
        }
        other => other.into(),
    })
}

/// `passages(source, start, count, script?)`: up to `count` passages of one
/// source from ordinal `start` on (for the reader's continuous view).
pub fn passages(
    state: &AppState,
    source: &str,
    start: u32,
    count: u32,
    script: Option<DisplayScript>,
) -> AppResult<Vec<PassageView>> {
    validate_id("source", source)?;
    if start == 0 {
        return Err(AppError::input(AppCode::InputOrdinalZero, [], "passage ordinals start at 1"));
    }
    if count == 0 || count > MAX_PAGE {
        return Err(AppError::input(
            AppCode::InputPageCount,
            [("max", MAX_PAGE.to_string())],
            format!("count must be between 1 and {MAX_PAGE}"),
        ));
    }
    let corpus = state.corpus()?;
    let Some(s) = corpus.source(source) else {
        return Err(source_not_found(state, source));
    };
    let script = state.script(script)?;
    // Only the page asked for: a user's text with a table of passages is
    // read from the page's first passage on, not whole.
    corpus
        .passage_run(source, start as usize, count as usize)
        .map_err(|e| unreadable(state, &corpus, &s.info, e))?
        .into_iter()
        .map(|p| view(&corpus, p, script))
        .collect()
}

pub(super) fn view(corpus: &Corpus, p: &Passage, script: DisplayScript) -> AppResult<PassageView> {
    // The neighbours are named, not read (a user's text is read one
    // passage at a time): ids follow the ordinals.
    let total = corpus.passage_count(&p.source).unwrap_or(0);
    let source = corpus
        .source(&p.source)
        .ok_or_else(|| AppError::NotFound { what: "source", id: p.source.clone() })?;
    let shown = Shown::new(source.info.script, script);
    let label = shown_label(corpus, Some(&p.source), script);
    let segments = p
        .segments
        .iter()
        .map(|s| {
            let (text, shu_on_zhu) = shown.segment(s)?;
            let readings = s
                .readings
                .iter()
                .map(|r| {
                    Ok(Reading {
                        character: shown.text(&r.character)?,
                        reading: shown.text(&r.reading)?,
                        kind: r.kind,
                        remark: r.remark.as_deref().map(|t| shown.text(t)).transpose()?,
                        serves: r.serves,
                    })
                })
                .collect::<AppResult<Vec<_>>>()?;
            Ok(SegmentView {
                layer: s.layer,
                text,
                ji: s.ji,
                line: s.line,
                column: s.column,
                shu_on_zhu,
                readings,
            })
        })
        .collect::<AppResult<Vec<_>>>()?;
    Ok(PassageView {
        id: p.id.clone(),
        source: p.source.clone(),
        work: p.work.clone(),
        title: label.text(&p.work)?,
        edition: label.text(&source.info.edition)?,
        edition_kind: EditionKind::of(&source.info),
        ordinal: p.ordinal,
        total: total as u32,
        section: p.section.as_deref().map(|s| shown.text(s)).transpose()?,
        ji: p.is_ji(),
        script,
        segments,
        prev: (p.ordinal > 1).then(|| sheli_corpus::passage_id(&p.source, p.ordinal - 1)),
        next: ((p.ordinal as usize) < total)
            .then(|| sheli_corpus::passage_id(&p.source, p.ordinal + 1)),
    })
}

/// `get_settings()`.
pub fn get_settings(state: &AppState) -> AppResult<Settings> {
    state.settings.get()
}

/// `set_settings(settings)`: validates, saves (atomically) and returns the
/// settings as stored.
pub fn set_settings(state: &AppState, settings: Settings) -> AppResult<Settings> {
    state.settings.set(settings)
}

/// The `#[tauri::command]` wrappers: argument names are what the UI passes
/// (camelCase in JavaScript), each runs its plain function off the main thread.
pub mod ipc {
    use std::sync::Arc;

    use tauri::State;

    use super::super::dto::*;
    use super::super::error::{AppError, AppResult};
    use super::super::settings::{DisplayScript, Settings};
    use super::super::state::{AppState, SharedState};

    /// Runs `f` on the blocking pool; a panic inside becomes an internal error.
    pub(crate) async fn blocking<T, F>(state: &SharedState, f: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&AppState) -> AppResult<T> + Send + 'static,
    {
        let state = Arc::clone(state);
        tauri::async_runtime::spawn_blocking(move || f(&state))
            .await
            .map_err(|e| AppError::Internal(format!("a background task failed: {e}")))?
    }

    /// The state every command receives.
    pub(crate) type S<'a> = State<'a, SharedState>;

    #[tauri::command]
    pub async fn sources(state: State<'_, SharedState>) -> AppResult<Vec<SourceView>> {
        blocking(&state, super::sources).await
    }

    #[tauri::command]
    pub async fn library(
        state: State<'_, SharedState>,
        script: Option<DisplayScript>,
    ) -> AppResult<LibraryView> {
        blocking(&state, move |s| super::library(s, script)).await
    }

    #[tauri::command]
    pub async fn edition(
        state: State<'_, SharedState>,
        source: String,
        script: Option<DisplayScript>,
    ) -> AppResult<EditionEntry> {
        blocking(&state, move |s| super::edition(s, &source, script)).await
    }

    #[tauri::command]
    pub async fn locate(
        state: State<'_, SharedState>,
        place: String,
    ) -> AppResult<sheli_corpus::Location> {
        blocking(&state, move |s| super::locate(s, &place)).await
    }

    #[tauri::command]
    pub async fn passage(
        state: State<'_, SharedState>,
        id: String,
        script: Option<DisplayScript>,
    ) -> AppResult<PassageView> {
        blocking(&state, move |s| super::passage(s, &id, script)).await
    }

    #[tauri::command]
    pub async fn passages(
        state: State<'_, SharedState>,
        source: String,
        start: u32,
        count: u32,
        script: Option<DisplayScript>,
    ) -> AppResult<Vec<PassageView>> {
        blocking(&state, move |s| super::passages(s, &source, start, count, script)).await
    }

    #[tauri::command]
    pub async fn get_settings(state: State<'_, SharedState>) -> AppResult<Settings> {
        blocking(&state, super::get_settings).await
    }

    #[tauri::command]
    pub async fn set_settings(
        state: State<'_, SharedState>,
        settings: Settings,
    ) -> AppResult<Settings> {
        blocking(&state, move |s| super::set_settings(s, settings)).await
    }
}

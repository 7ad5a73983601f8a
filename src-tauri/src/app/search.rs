//! The search index inside the app, and the `search` and `index_status`
//! commands.
//!
//! The index is opened (or built, the first time or when the texts changed)
//! on a background thread started with the window, so the window never waits
//! for it. Until it is ready, `search` answers with
//! [`AppError::IndexBuilding`] (kind `index_building`) and `index_status`
//! says how far the build has got; the thread also reports every change
//! through a callback, which `app::run` turns into `index-status` events.

use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use sheli_corpus::{EditionScript, Layer};
use sheli_index::{IndexError, SearchRequest, SearchResponse, SortOrder, Tally};
use ts_rs::TS;

use super::dto::{EditionKind, SourceName};
use super::error::{AppCode, AppError, AppResult};
use super::index_slot::{Failure, Phase};
pub use super::index_slot::{IndexState, IndexStatus};
pub use super::search_views::{
    CollocateView, CollocationsView, HitListView, HitRefView, SearchSort,
};
use super::settings::DisplayScript;
use super::state::{AppState, shown_label, shown_text};

/// Longest query accepted from the UI, in characters.
pub const MAX_QUERY_CHARS: usize = 500;
/// Most results one `search` call returns.
pub const MAX_RESULTS: u32 = 200;
/// Furthest a page may start.
pub const MAX_OFFSET: u32 = 10_000;
/// Longest filter value (a work title, a layer, a source id).
const MAX_FILTER_CHARS: usize = 64;

/// What the UI asks for. `work`, `layer` and `source` are filters, checked as
/// typed ones (`work:鄉射禮`) would be but kept apart from the query text; the
/// facets set them.
#[derive(Debug, Clone, Default, Deserialize, TS)]
#[serde(default)]
pub struct SearchQuery {
    pub query: String,
    /// Exact forms only (no folding) for every term.
    pub exact: bool,
    #[ts(optional)]
    pub work: Option<String>,
    #[ts(optional)]
    pub layer: Option<String>,
    #[ts(optional)]
    pub source: Option<String>,
    /// How many results (0–200); counts are always complete.
    pub limit: u32,
    pub offset: u32,
    /// The order of the results, over every match before the page is cut.
    /// (Optional in TypeScript: the request's fields default when left out.)
    #[ts(optional)]
    pub sort: Option<SearchSort>,
    /// Count the characters and two-character words beside every occurrence.
    #[ts(optional)]
    pub collocations: Option<bool>,
    /// List every matching segment (up to 5000) in the order of the
    /// results, for stepping from hit to hit in the reader.
    #[ts(optional)]
    pub hits: Option<bool>,
}

/// Opens (or builds) the index of the state's texts, reporting each change
/// of status to `notify`. Runs on the caller's thread: `app::run` calls it
/// on a background thread, tests call it directly.
pub fn open_index(state: &AppState, notify: &dyn Fn(IndexStatus)) {
    let slot = &state.search;
    let _one_at_a_time = slot.builds.lock().unwrap_or_else(|e| e.into_inner());
    let corpus = match state.corpus() {
        Ok(c) => c,
        Err(e) => {
            slot.set(Phase::Failed(Failure::of_app(&e)));
            notify(slot.status());
            return;
        }
    };
    slot.set(Phase::Building { done: 0, total: 0 });
    notify(slot.status());
    let library = sheli_library::Library::over(&state.data_dir, Arc::clone(&corpus));
    let mut last_pct = usize::MAX;
    let mut progress = |p: sheli_index::indexer::Progress| {
        // One report per percent at most, so the UI is not flooded.
        let pct = (p.done * 100).checked_div(p.total).unwrap_or(0);
        if pct != last_pct {
            last_pct = pct;
            slot.set(Phase::Building { done: p.done, total: p.total });
            notify(slot.status());
        }
    };
    match library.open_index(&mut progress) {
        Ok(opened) => {
            let index = Arc::new(opened.index);
            let rebuilt = opened.rebuilt.as_ref().map(super::index_slot::Rebuilt::of);
            slot.set(Phase::Ready { index, rebuilt });
        }
        // The library's error with its code: "could not be opened" is the
        // window's sentence around it (app.index's, the status's).
        Err(e) => slot.set(Phase::Failed(Failure::of_library(&e))),
    }
    notify(slot.status());
}

/// Warms up what a first search and the parallel column would otherwise
/// compute when first asked (pinyin readings, the alignment of the
/// editions): the first real keystroke should not pay for lazy tables. The
/// app's start runs it once the first view is shown (`run`), not while the
/// web engine starts beside it: it is ~40–60 ms of CPU on 2 cores.
pub fn warm_up(state: &AppState) {
    if let Ok(index) = state.search.index() {
        let _ = index.search(&SearchRequest {
            query: "射".into(),
            limit: 1,
            ..SearchRequest::default()
        });
    }
    if let Ok(corpus) = state.corpus() {
        let _ = corpus.alignment();
    }
}

/// `index_status()`.
pub fn index_status(state: &AppState) -> AppResult<IndexStatus> {
    Ok(state.search.status())
}

/// One facet value with its counts.
#[derive(Debug, Clone, Serialize, TS)]
pub struct FacetCount {
    /// What the filter takes: the work as the corpus names it (鄉射禮), or
    /// the layer label (注).
    pub key: String,
    /// The key in the requested display script.
    pub label: String,
    pub segments: u32,
    pub occurrences: u32,
    /// This value is the filter in force.
    pub selected: bool,
    /// For a source's facet: its edition and work apart, and whether it is
    /// an imported text (`label` joins them as `edition·work`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<SourceName>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct PinyinView {
    pub syllable: String,
    /// The characters of the library with that reading.
    pub characters: String,
}

/// The script a search's folded keys (its collocates, a pinyin term's
/// characters) are shown in. A key is folded the way search folds (to
/// simplified), so shown as it is it reads 阶上 beside a 繁 or 原 text that
/// writes 階上. It is shown in the script
/// the texts are read in: the one asked for, or with 原 the script of the
/// first hit's edition (traditional for the built-in texts), as the texts
/// in that script write it (矦, not the key 侯 turned back;
/// `Collocate::shown_in`), which folds to the key. The CLI shows them so.
pub fn keys_script(
    corpus: &sheli_corpus::Corpus,
    first_source: Option<&str>,
    script: DisplayScript,
) -> DisplayScript {
    match script {
        DisplayScript::Original => match first_source.and_then(|id| corpus.source(id)) {
            Some(s) if s.info.user && s.info.script == EditionScript::Simplified => {
                DisplayScript::Simplified
            }
            _ => DisplayScript::Traditional,
        },
        s => s,
    }
}

/// A pinyin term's characters as the reader reads the texts. They are the
/// fold's keys, simplified (帜 识 质 觯 for zhi4), which beside traditional
/// texts and hits read as if 觯 were what was found; in any other script
/// each is shown as that script writes it, one character at a time (a
/// phrase's conversion would make one depend on its neighbour).
pub fn pinyin_characters(keys: &str, script: DisplayScript) -> String {
    if script == DisplayScript::Simplified {
        return keys.to_owned();
    }
    keys.chars()
        .map(|c| {
            let one = c.to_string();
            sheli_corpus::display::convert(&one, DisplayScript::Traditional).unwrap_or(one)
        })
        .collect()
}

/// A note on how the query was read, as an error is said: its code
/// (`query.note.*`, translated in `errors.json`), the values of its slots,
/// and the English sentence for a code the window does not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct QueryNoteView {
    pub code: String,
    pub params: std::collections::BTreeMap<String, String>,
    pub message: String,
}

impl From<sheli_index::QueryNote> for QueryNoteView {
    fn from(n: sheli_index::QueryNote) -> QueryNoteView {
        QueryNoteView {
            code: n.code.id().to_owned(),
            params: n.params.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            message: n.message,
        }
    }
}

/// One result: a segment, with its snippet in the display script.
#[derive(Debug, Clone, Serialize, TS)]
pub struct HitView {
    /// Passage id.
    pub id: String,
    pub source: String,
    pub work: String,
    /// The work in the display script.
    pub title: String,
    /// The edition in the display script.
    pub edition: String,
    /// Built-in or imported; always sent.
    #[ts(as = "Option<EditionKind>", optional)]
    pub edition_kind: EditionKind,
    pub layer: Layer,
    /// Index of the segment in its passage (as in `PassageView::segments`).
    pub segment: u32,
    pub ji: bool,
    /// Raw line of the first hit.
    pub line: u32,
    pub snippet: String,
    /// Character ranges `[start, end)` of the hits in `snippet`.
    pub highlights: Vec<[u32; 2]>,
    /// Character ranges of every hit in the whole segment text (the reader
    /// marks them; display conversion keeps character positions).
    pub segment_highlights: Vec<[u32; 2]>,
    pub occurrences: u32,
    /// The match came from a pinyin term only.
    pub pinyin: bool,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct SearchView {
    pub query: String,
    pub exact: bool,
    pub total_segments: u32,
    pub total_occurrences: u32,
    /// Counts by work, in library order, without the work filter (so every
    /// work stays visible and clickable while one is chosen).
    pub by_work: Vec<FacetCount>,
    /// Counts by layer, in canonical order, without the layer filter.
    pub by_layer: Vec<FacetCount>,
    /// Counts by source (an edition of a work), in library order, without
    /// the source filter; the label is the edition and the work
    /// (儀禮經傳通解·鄉射禮: one edition may hold several works).
    #[ts(as = "Option<Vec<FacetCount>>", optional)]
    pub by_source: Vec<FacetCount>,
    /// What each pinyin term of the query expanded to.
    pub pinyin: Vec<PinyinView>,
    /// How terms were read, where the user should know (a Latin word that
    /// is not pinyin is searched as written), each by its code.
    pub notes: Vec<QueryNoteView>,
    pub offset: u32,
    pub results: Vec<HitView>,
    // The fields below are always sent; they are optional in TypeScript
    // only so that views written before them still type-check.
    /// Results on this page: "showing `offset + 1`–`offset + shown` of
    /// `total_segments`".
    #[ts(as = "Option<u32>", optional)]
    pub shown: u32,
    /// More results follow this page.
    #[ts(as = "Option<bool>", optional)]
    pub has_more: bool,
    /// The order of `results`.
    #[ts(as = "Option<SearchSort>", optional)]
    pub sort: SearchSort,
    /// When asked for (`null` otherwise).
    #[ts(optional = nullable)]
    pub collocations: Option<CollocationsView>,
    /// When asked for (`null` otherwise).
    #[ts(optional = nullable)]
    pub hits: Option<HitListView>,
    /// Time spent in the backend, in milliseconds.
    pub took_ms: f64,
}

fn clean_filter(what: &str, v: Option<String>) -> AppResult<Option<String>> {
    let Some(v) = v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else { return Ok(None) };
    if v.chars().count() > MAX_FILTER_CHARS
        || v.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(AppError::input(
            AppCode::InputFilterWord,
            [("what", what.to_owned()), ("max", MAX_FILTER_CHARS.to_string())],
            format!("a {what} filter must be one word of at most {MAX_FILTER_CHARS} characters"),
        ));
    }
    Ok(Some(v))
}

/// Checks a query from the UI.
pub fn validate(q: &SearchQuery) -> AppResult<()> {
    if q.query.chars().count() > MAX_QUERY_CHARS {
        return Err(AppError::input(
            AppCode::InputQueryTooLong,
            [("max", MAX_QUERY_CHARS.to_string())],
            format!("a query may be at most {MAX_QUERY_CHARS} characters long"),
        ));
    }
    if q.query.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return Err(AppError::input(
            AppCode::InputQueryControl,
            [],
            "the query contains control characters",
        ));
    }
    if q.limit > MAX_RESULTS {
        return Err(AppError::input(
            AppCode::InputLimitRange,
            [("min", "0".to_string()), ("max", MAX_RESULTS.to_string())],
            format!("limit must be between 0 and {MAX_RESULTS}"),
        ));
    }
    if q.offset > MAX_OFFSET {
        return Err(AppError::input(
            AppCode::InputOffsetMax,
            [("max", MAX_OFFSET.to_string())],
            format!("offset must be at most {MAX_OFFSET}"),
        ));
    }
    Ok(())
}

/// An index error as the UI sees it: a query error keeps its span, clipped
/// to what the user typed (an error in a facet filter has none).
fn index_error(e: IndexError, query: &str) -> AppError {
    match e {
        IndexError::Query(q) => {
            let len = query.chars().count();
            let span = q
                .span
                .filter(|s| s.start < len)
                .map(|s| [s.start as u32, s.end.min(len).max(s.start + 1) as u32]);
            AppError::Query { code: q.code, params: q.params, message: q.message, span }
        }
        other => AppError::from(other),
    }
}

fn tally(t: Option<&Tally>) -> (u32, u32) {
    t.map(|t| (t.segments as u32, t.occurrences as u32)).unwrap_or((0, 0))
}

/// Most hits one `search_hits` call returns.
pub const HIT_PAGE: u32 = 1000;
/// Furthest a page of hits may start (beyond every segment of any library).
const MAX_HIT_OFFSET: u32 = 10_000_000;

/// `search_hits(request, offset)`: a page of the list of every matching
/// segment of `request` (its query, filters, exact mode and order; its own
/// page, collocations and hit flag ignored), from `offset`, at most
/// [`HIT_PAGE`], with the total. The reader steps from hit to hit with it,
/// asking for the next page when the user steps past one, so every hit is
/// within reach and none is cut silently.
pub fn search_hits(state: &AppState, q: SearchQuery, offset: u32) -> AppResult<HitListView> {
    validate(&SearchQuery { limit: 0, offset: 0, ..q.clone() })?;
    if offset > MAX_HIT_OFFSET {
        return Err(AppError::input(
            AppCode::InputOffsetMax,
            [("max", MAX_HIT_OFFSET.to_string())],
            format!("offset must be at most {MAX_HIT_OFFSET}"),
        ));
    }
    let req = SearchRequest {
        query: q.query.clone(),
        exact: q.exact,
        work: clean_filter("work", q.work)?,
        layer: clean_filter("layer", q.layer)?,
        source: clean_filter("source", q.source)?,
        limit: 0,
        offset: 0,
        sort: q.sort.unwrap_or_default().into(),
        collocations: false,
        hits: false,
    };
    let index = state.search.index()?;
    let list = index
        .hit_page(&req, offset as usize, HIT_PAGE as usize)
        .map_err(|e| index_error(e, &q.query))?;
    Ok(HitListView::from(list))
}

/// `search(request, script?)`: totals by work and layer, and a page of
/// results with KWIC snippets, in the display script.
pub fn search(
    state: &AppState,
    q: SearchQuery,
    script: Option<DisplayScript>,
) -> AppResult<SearchView> {
    validate(&q)?;
    let work = clean_filter("work", q.work.clone())?;
    let layer = clean_filter("layer", q.layer.clone())?;
    let source = clean_filter("source", q.source.clone())?;
    let script = state.script(script)?;
    let corpus = state.corpus()?;
    let index = state.search.index()?;
    let started = Instant::now();
    let req = SearchRequest {
        query: q.query.clone(),
        exact: q.exact,
        work: work.clone(),
        layer: layer.clone(),
        source: source.clone(),
        limit: q.limit as usize,
        offset: q.offset as usize,
        sort: q.sort.unwrap_or_default().into(),
        collocations: q.collocations.unwrap_or(false),
        hits: q.hits.unwrap_or(false),
    };
    let run = |r: &SearchRequest| -> AppResult<SearchResponse> {
        index.search(r).map_err(|e| index_error(e, &q.query))
    };
    let resp = run(&req)?;
    // Each facet counts without its own filter (but with the others).
    let counts_without = |drop: &str| -> AppResult<SearchResponse> {
        let mut r = SearchRequest {
            limit: 0,
            offset: 0,
            sort: SortOrder::Relevance,
            collocations: false,
            hits: false,
            ..req.clone()
        };
        match drop {
            "work" => r.work = None,
            "layer" => r.layer = None,
            _ => r.source = None,
        }
        run(&r)
    };
    let work_counts =
        if work.is_some() { counts_without("work")?.by_work } else { resp.by_work.clone() };
    let layer_counts =
        if layer.is_some() { counts_without("layer")?.by_layer } else { resp.by_layer.clone() };
    let source_counts =
        if source.is_some() { counts_without("source")?.by_source } else { resp.by_source.clone() };

    // Each work's label in the script of its first source's labels.
    let mut works: Vec<(&str, &str)> = Vec::new();
    for s in corpus.sources() {
        if !works.iter().any(|(w, _)| *w == s.info.work) {
            works.push((&s.info.work, &s.info.id));
        }
    }
    let chosen_work = work.as_deref().map(|w| w.to_owned());
    let mut by_work = Vec::new();
    for (w, first_source) in works {
        let (segments, occurrences) = tally(work_counts.get(w));
        let selected = chosen_work.as_deref() == Some(w);
        if segments > 0 || selected {
            by_work.push(FacetCount {
                key: w.to_owned(),
                label: shown_label(&corpus, Some(first_source), script).text(w)?,
                segments,
                occurrences,
                selected,
                source: None,
            });
        }
    }
    let chosen_layer = layer.as_deref().and_then(Layer::parse);
    let mut by_layer = Vec::new();
    for l in Layer::ALL {
        let (segments, occurrences) = tally(layer_counts.get(l.label()));
        let selected = chosen_layer == Some(l);
        if segments > 0 || selected {
            by_layer.push(FacetCount {
                key: l.label().to_owned(),
                label: shown_label(&corpus, None, script).text(l.label())?,
                segments,
                occurrences,
                selected,
                source: None,
            });
        }
    }

    let mut by_source = Vec::new();
    for s in corpus.sources() {
        let id = s.info.id.as_str();
        let (segments, occurrences) = tally(source_counts.get(id));
        let selected = source.as_deref() == Some(id);
        if segments > 0 || selected {
            let label = shown_label(&corpus, Some(id), script);
            let name = SourceName {
                kind: EditionKind::of(&s.info),
                edition: label.text(&s.info.edition)?,
                title: label.text(&s.info.work)?,
            };
            by_source.push(FacetCount {
                key: id.to_owned(),
                label: format!("{}·{}", name.edition, name.title),
                segments,
                occurrences,
                selected,
                source: Some(name),
            });
        }
    }

    let first_source = resp.results.first().map(|h| h.source.clone());
    let mut results = Vec::with_capacity(resp.results.len());
    for h in resp.results {
        let (snippet, highlights) =
            shown_text(&corpus, &h.source, script).snippet(&h.snippet, &h.highlights)?;
        let info = corpus.source(&h.source).map(|s| &s.info);
        let edition = info.map(|i| i.edition.as_str()).unwrap_or("");
        let label = shown_label(&corpus, Some(&h.source), script);
        results.push(HitView {
            title: label.text(&h.work)?,
            edition: label.text(edition)?,
            edition_kind: info.map(EditionKind::of).unwrap_or(EditionKind::Builtin),
            id: h.id,
            source: h.source,
            work: h.work,
            layer: h.layer,
            segment: h.segment,
            ji: h.ji,
            line: h.line,
            snippet,
            highlights,
            segment_highlights: h
                .segment_highlights
                .iter()
                .map(|r| [r[0] as u32, r[1] as u32])
                .collect(),
            occurrences: h.occurrences,
            pinyin: h.pinyin,
        });
    }
    let written = keys_script(&corpus, first_source.as_deref(), script);
    let script_of = |id: &str| corpus.source(id).map(|s| s.info.script);
    let collocations = match &resp.collocations {
        Some(c) => Some(CollocationsView::new(c, &|c| Ok(c.shown_in(script_of, written)?))?),
        None => None,
    };
    let hits = resp.hits.map(HitListView::from);
    Ok(SearchView {
        shown: resp.shown as u32,
        has_more: resp.has_more,
        sort: q.sort.unwrap_or_default(),
        collocations,
        hits,
        query: q.query,
        exact: q.exact,
        total_segments: resp.total_segments as u32,
        total_occurrences: resp.total_occurrences as u32,
        by_work,
        by_layer,
        by_source,
        pinyin: resp
            .pinyin
            .into_iter()
            .map(|p| PinyinView {
                characters: pinyin_characters(&p.characters, written),
                syllable: p.syllable,
            })
            .collect(),
        notes: resp.notes.into_iter().map(QueryNoteView::from).collect(),
        offset: q.offset,
        results,
        took_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

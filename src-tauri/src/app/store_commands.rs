//! The commands of the user store: personal glossaries, flashcard review and
//! notes (`crate::store`), for the UI.
//!
//! Like `commands.rs`, each command is a plain function on `&AppState`
//! (what the tests call) and a thin `#[tauri::command]` wrapper in [`ipc`].
//! Every input is checked here (ids, lengths, formats) and again by the
//! store, which writes nothing when it refuses; a [`StoreError`] reaches the
//! UI as `{ kind, message }` (see `AppError::Store`).
//!
//! Positions: the reader shows the texts converted to a display script, and
//! OpenCC's phrase conversion may change a segment's length, so selections
//! come from the UI in characters (Unicode code points) of the *displayed*
//! segment with the script they were made in, and spans go back the same
//! way ([`SegmentMap`]). The store itself counts in characters of the
//! original text.
//!
//! The store is opened at start-up ([`UserStore::open`]); when it cannot be
//! (a file from a newer Sheli, a damaged file), the window still opens and
//! every command here returns that error.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use serde::{Deserialize, Serialize};
use sheli_corpus::display::convert;
use sheli_corpus::fold::{fold, fold_char, occurrences};
use sheli_corpus::{Corpus, FoldMode, Segment};
use ts_rs::TS;

use super::commands::{MAX_PAGE, validate_id};
use super::error::{AppError, AppResult, ErrorKind};
use super::settings::DisplayScript;
use super::state::AppState;
use crate::store::export::{GlossaryImport, NotesImport};
use crate::store::notes::Span;
use crate::store::{
    self, CardEdit, DueSummary, Glossary, Grade, NewCard, NewNote, Note, NoteEdit, NoteFilter,
    ReviewCard, ReviewLogEntry, ReviewOutcome, Selection, Store, StoreError, UserCard, limits,
    markdown,
};

/// Longest search query accepted (characters).
pub const MAX_QUERY: usize = 200;
/// Most built-in cards one search returns.
pub const MAX_BUILTIN_HITS: usize = 200;
/// Most lines of review history one call returns.
pub const MAX_HISTORY: u32 = 200;

// ---------------------------------------------------------------------------
// The store in the app's state.

/// The user store as the app holds it: open, or why it could not be opened.
#[derive(Debug)]
pub struct UserStore {
    inner: Result<Arc<Mutex<Store>>, (ErrorKind, String)>,
}

impl UserStore {
    /// Opens `user.sqlite3` in `data_dir` (creating or migrating it). A
    /// failure is kept, not raised: the app opens and says why.
    pub fn open(data_dir: &Path) -> UserStore {
        match Store::open_in(data_dir) {
            Ok(s) => UserStore { inner: Ok(Arc::new(Mutex::new(s))) },
            Err(e) => {
                eprintln!("sheli: your glossaries and notes could not be opened: {e}");
                let AppError::Store { kind, message } = AppError::from(e) else { unreachable!() };
                UserStore { inner: Err((kind, message)) }
            }
        }
    }

    /// The open store, locked; or the error that kept it closed.
    pub fn lock(&self) -> AppResult<MutexGuard<'_, Store>> {
        match &self.inner {
            // A panic while the lock was held cannot have left half a write:
            // every write is one transaction, rolled back when dropped.
            Ok(m) => Ok(m.lock().unwrap_or_else(|e| e.into_inner())),
            Err((kind, message)) => Err(AppError::Store { kind: *kind, message: message.clone() }),
        }
    }

    /// Places every note again in `corpus` on a background thread (the
    /// texts may have changed since the notes were written).
    pub fn reanchor_in_background(&self, corpus: Arc<Corpus>) {
        let Ok(store) = &self.inner else { return };
        let store = Arc::clone(store);
        let spawned = std::thread::Builder::new().name("reanchor".into()).spawn(move || {
            let mut s = store.lock().unwrap_or_else(|e| e.into_inner());
            match s.reanchor(&corpus) {
                Ok(r) if r.orphaned > 0 => {
                    eprintln!(
                        "sheli: {} note(s) could not be placed in the texts (kept as orphaned)",
                        r.orphaned
                    )
                }
                Ok(_) => {}
                Err(e) => eprintln!("sheli: the notes could not be placed again: {e}"),
            }
        });
        if let Err(e) = spawned {
            eprintln!("sheli: could not start re-anchoring the notes: {e}");
        }
    }
}

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

/// The works and tags the notes view can filter by.
#[derive(Debug, Clone, Serialize, TS)]
pub struct NoteFacets {
    pub works: Vec<Facet>,
    pub tags: Vec<Facet>,
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

fn check_row_id(what: &'static str, id: i64) -> AppResult<()> {
    if id < 1 {
        return Err(AppError::invalid(format!("{id} is not a valid {what} id")));
    }
    Ok(())
}

fn check_query(q: Option<&str>) -> AppResult<String> {
    let q = q.unwrap_or("").trim();
    if q.chars().count() > MAX_QUERY {
        return Err(AppError::invalid(format!("a search is at most {MAX_QUERY} characters long")));
    }
    Ok(q.to_owned())
}

fn check_import(text: &str) -> AppResult<()> {
    if text.len() > limits::IMPORT_BYTES {
        return Err(AppError::invalid(format!(
            "the file is {} bytes; at most {} can be imported",
            text.len(),
            limits::IMPORT_BYTES
        )));
    }
    if text.trim().is_empty() {
        return Err(AppError::invalid("the file is empty"));
    }
    Ok(())
}

fn check_filter(f: &NoteFilter) -> AppResult<()> {
    check_query(f.query.as_deref())?;
    for v in [&f.work, &f.tag].into_iter().flatten() {
        if v.chars().count() > MAX_QUERY {
            return Err(AppError::invalid(format!(
                "a filter is at most {MAX_QUERY} characters long"
            )));
        }
    }
    if let Some(p) = f.passage_id.as_deref().filter(|p| !p.is_empty()) {
        validate_id("passage", p)?;
    }
    Ok(())
}

fn script_of(state: &AppState, script: Option<DisplayScript>) -> AppResult<DisplayScript> {
    Ok(match script {
        Some(s) => s,
        None => state.settings.get()?.script,
    })
}

fn conv(text: &str, script: DisplayScript) -> AppResult<String> {
    Ok(convert(text, script.into())?)
}

// ---------------------------------------------------------------------------
// Positions in displayed and original text.

/// Maps character positions between a segment's original text and its text
/// as the reader displays it in a script (converted the way
/// `commands::passage` converts it: a 疏 in two parts, at `shu_on_zhu`).
///
/// When conversion keeps every length (the built-in texts), positions are the
/// same on both sides. Otherwise a position is mapped through the conversion
/// of the text before it, and a selection that ends inside a phrase whose
/// length changed is widened to the whole phrase.
pub struct SegmentMap {
    chars: Vec<char>,
    split: Option<usize>,
    convert: Converter,
    /// The segment as displayed.
    display: Vec<char>,
    identity: bool,
}

/// Converts a piece of original text for display.
type Converter = Box<dyn Fn(&str) -> AppResult<String>>;

impl SegmentMap {
    pub fn new(seg: &Segment, script: DisplayScript) -> AppResult<SegmentMap> {
        if script == DisplayScript::Original {
            let chars: Vec<char> = seg.text.chars().collect();
            return Ok(SegmentMap {
                display: chars.clone(),
                chars,
                split: None,
                convert: Box::new(|s| Ok(s.to_owned())),
                identity: true,
            });
        }
        SegmentMap::with_converter(&seg.text, seg.shu_on_zhu, Box::new(move |s| conv(s, script)))
    }

    /// A map over `text` (converted in two parts split at `split`, as a 疏
    /// is) under any conversion.
    pub fn with_converter(
        text: &str,
        split: Option<u32>,
        convert: Converter,
    ) -> AppResult<SegmentMap> {
        let chars: Vec<char> = text.chars().collect();
        let split = split.map(|at| (at as usize).min(chars.len()));
        let mut map = SegmentMap { chars, split, convert, display: Vec::new(), identity: false };
        let at = split.unwrap_or(map.chars.len());
        map.display = map.prefix(map.chars.len())?;
        map.identity = map.display.len() == map.chars.len() && map.prefix(at)?.len() == at;
        Ok(map)
    }

    fn converted(&self, from: usize, to: usize) -> AppResult<Vec<char>> {
        let s: String = self.chars[from..to].iter().collect();
        Ok((self.convert)(&s)?.chars().collect())
    }

    /// The displayed form of the original text before position `i`.
    fn prefix(&self, i: usize) -> AppResult<Vec<char>> {
        match self.split {
            Some(at) if i > at => {
                let mut head = self.converted(0, at)?;
                head.extend(self.converted(at, i)?);
                Ok(head)
            }
            _ => self.converted(0, i),
        }
    }

    /// Characters of original text in the segment.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// Characters of the segment as displayed.
    pub fn display_len(&self) -> usize {
        self.display.len()
    }

    /// The displayed position of original position `i`.
    pub fn to_display(&self, i: usize) -> AppResult<usize> {
        let i = i.min(self.chars.len());
        if self.identity { Ok(i) } else { Ok(self.prefix(i)?.len()) }
    }

    /// Whether original position `i` falls between two converted phrases.
    fn clean(&self, i: usize) -> AppResult<bool> {
        Ok(self.identity || self.display.starts_with(&self.prefix(i)?))
    }

    /// The first original position that displays at or after `d`.
    fn first_at(&self, d: usize) -> AppResult<usize> {
        let (mut lo, mut hi) = (0usize, self.chars.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.to_display(mid)? >= d {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Ok(lo)
    }

    /// The original position where a selection starting at displayed
    /// position `d` starts (at or before it, between phrases).
    pub fn start_to_original(&self, d: usize) -> AppResult<usize> {
        if self.identity {
            return Ok(d.min(self.chars.len()));
        }
        let first = self.first_at(d)?;
        // A position between phrases that displays exactly at `d` …
        let mut i = first;
        while i <= self.chars.len() && self.to_display(i)? == d {
            if self.clean(i)? {
                return Ok(i);
            }
            i += 1;
        }
        // … or else the phrase that `d` falls inside, from its start.
        let mut i = first.min(self.chars.len());
        while i > 0 && !(self.to_display(i)? <= d && self.clean(i)?) {
            i -= 1;
        }
        Ok(i)
    }

    /// The original position where a selection ending at displayed position
    /// `d` ends (at or after it, between phrases).
    pub fn end_to_original(&self, d: usize) -> AppResult<usize> {
        if self.identity {
            return Ok(d.min(self.chars.len()));
        }
        let mut i = self.first_at(d)?;
        while i < self.chars.len() && !self.clean(i)? {
            i += 1;
        }
        Ok(i)
    }
}

/// A selection made on displayed text, in the original text's characters.
fn original_selection(
    state: &AppState,
    corpus: &Corpus,
    sel: &TextSelection,
) -> AppResult<Selection> {
    validate_id("passage", &sel.passage_id)?;
    let p = corpus.passage(&sel.passage_id)?;
    let seg = p.segments.get(sel.segment as usize).ok_or_else(|| {
        AppError::invalid(format!(
            "passage {} has {} segments; there is no segment {}",
            p.id,
            p.segments.len(),
            sel.segment
        ))
    })?;
    if sel.start >= sel.end {
        return Err(AppError::invalid("the selection is empty"));
    }
    let map = SegmentMap::new(seg, script_of(state, sel.script)?)?;
    if sel.end as usize > map.display_len() {
        return Err(AppError::invalid(format!(
            "the selection {}..{} is not inside segment {} of {} ({} characters)",
            sel.start,
            sel.end,
            sel.segment,
            p.id,
            map.display_len()
        )));
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

fn note_view(n: Note, script: DisplayScript, span: Option<Span>) -> AppResult<NoteView> {
    Ok(NoteView { html: markdown::render(&n.body), quote: conv(&n.exact, script)?, span, note: n })
}

// ---------------------------------------------------------------------------
// Glossaries and cards.

/// `my_glossaries()`: the user's glossaries, by name.
pub fn my_glossaries(state: &AppState) -> AppResult<Vec<Glossary>> {
    Ok(state.store.lock()?.glossaries()?)
}

/// `create_glossary(name, description?)`.
pub fn create_glossary(
    state: &AppState,
    name: &str,
    description: Option<&str>,
) -> AppResult<Glossary> {
    Ok(state.store.lock()?.create_glossary(name, description.unwrap_or(""))?)
}

/// `rename_glossary(id, name)`.
pub fn rename_glossary(state: &AppState, id: i64, name: &str) -> AppResult<Glossary> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.rename_glossary(id, name)?)
}

/// `describe_glossary(id, description)`.
pub fn describe_glossary(state: &AppState, id: i64, description: &str) -> AppResult<Glossary> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.set_glossary_description(id, description)?)
}

/// `delete_glossary(id)`: the glossary, its cards and their review history.
pub fn delete_glossary(state: &AppState, id: i64) -> AppResult<()> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.delete_glossary(id)?)
}

/// `list_cards(glossary_id, query?)`: the cards of a glossary, those matching
/// `query` (folded, like text search) if one is given.
pub fn list_cards(
    state: &AppState,
    glossary_id: i64,
    query: Option<&str>,
) -> AppResult<Vec<UserCard>> {
    check_row_id("glossary", glossary_id)?;
    let q = check_query(query)?;
    Ok(state.store.lock()?.search_glossary(glossary_id, &q)?)
}

/// `add_builtin_card(glossary_id, builtin_id)`.
pub fn add_builtin_card(
    state: &AppState,
    glossary_id: i64,
    builtin_id: &str,
) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    validate_id("built-in card", builtin_id)?;
    Ok(state.store.lock()?.add_builtin_card(glossary_id, builtin_id)?)
}

/// `add_new_card(glossary_id, card)`: a card of the user's own.
pub fn add_new_card(state: &AppState, glossary_id: i64, card: &NewCard) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    Ok(state.store.lock()?.add_card(corpus, glossary_id, card)?)
}

/// `add_card_from_selection(glossary_id, selection)`: a card whose headword
/// is the selected text, linked to its passage.
pub fn add_card_from_selection(
    state: &AppState,
    glossary_id: i64,
    selection: &TextSelection,
) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    let sel = original_selection(state, corpus, selection)?;
    Ok(state.store.lock()?.add_card_from_selection(corpus, glossary_id, &sel)?)
}

/// `update_card(id, edit)`: any field; `null`/absent fields stay.
pub fn update_card(state: &AppState, id: i64, edit: &CardEdit) -> AppResult<UserCard> {
    check_row_id("card", id)?;
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    Ok(state.store.lock()?.update_card(corpus, id, edit)?)
}

/// `remove_card(id)`.
pub fn remove_card(state: &AppState, id: i64) -> AppResult<()> {
    check_row_id("card", id)?;
    Ok(state.store.lock()?.remove_card(id)?)
}

/// Lower case, tone marks dropped (ā → a, ü → u).
fn plain(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ā' | 'á' | 'ǎ' | 'à' => 'a',
            'ē' | 'é' | 'ě' | 'è' => 'e',
            'ī' | 'í' | 'ǐ' | 'ì' => 'i',
            'ō' | 'ó' | 'ǒ' | 'ò' => 'o',
            'ū' | 'ú' | 'ǔ' | 'ù' | 'ü' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' => 'u',
            c => c,
        })
        .collect()
}

/// Whether every word of `query` is in one of `fields` (Chinese folded).
fn matches_all(query: &str, fields: &[&str]) -> bool {
    query.split_whitespace().all(|word| {
        let zh: Vec<char> = fold(word, FoldMode::Folded).chars().collect();
        let latin = plain(
            &word.chars().filter(|&c| fold_char(c, FoldMode::Folded).is_none()).collect::<String>(),
        );
        fields.iter().any(|f| {
            let zh_ok = zh.is_empty() || {
                let hay: Vec<char> = fold(f, FoldMode::Folded).chars().collect();
                !occurrences(&hay, &zh).is_empty()
            };
            zh_ok && (latin.is_empty() || plain(f).contains(&latin))
        })
    })
}

fn first_sentence(s: &str) -> String {
    let s = s.trim();
    let end = s.find(". ").map(|i| i + 1).unwrap_or(s.len());
    let mut out: String = s[..end].chars().take(160).collect();
    if out.len() < end {
        out.push('…');
    }
    out
}

/// `find_builtin_cards(query?)`: built-in glossary cards whose forms,
/// pinyin or definitions contain every word of `query` (all if empty).
pub fn find_builtin_cards(
    _state: &AppState,
    query: Option<&str>,
) -> AppResult<Vec<BuiltinCardHit>> {
    let q = check_query(query)?;
    let cards = store::builtin_cards()?;
    Ok(cards
        .iter()
        .filter(|c| {
            let mut fields: Vec<&str> = c.forms();
            fields.extend([
                c.pinyin.as_str(),
                c.id.as_str(),
                c.definition.en.as_str(),
                c.definition.zh.as_str(),
            ]);
            q.is_empty() || matches_all(&q, &fields)
        })
        .take(MAX_BUILTIN_HITS)
        .map(|c| BuiltinCardHit {
            id: c.id.clone(),
            headword: c.headword.clone(),
            simplified: c.simplified.clone(),
            pinyin: c.pinyin.clone(),
            kind: c.kind.label().to_owned(),
            summary: first_sentence(&c.definition.en),
        })
        .collect())
}

/// A name safe to save a file under.
fn file_stem(name: &str) -> String {
    let s: String = name
        .trim()
        .chars()
        .map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '_' } else { c })
        .take(80)
        .collect();
    if s.trim_matches(['.', '_', ' ']).is_empty() { "glossary".to_owned() } else { s }
}

/// `export_glossary(id, format)`: `tsv` (Anki) or `json`.
pub fn export_glossary(state: &AppState, id: i64, format: &str) -> AppResult<ExportFile> {
    check_row_id("glossary", id)?;
    let store = state.store.lock()?;
    let g = store.glossary(id)?;
    let stem = file_stem(&g.name);
    match format {
        "tsv" => Ok(ExportFile {
            file_name: format!("{stem}.anki.txt"),
            mime: "text/tab-separated-values".into(),
            text: store.export_glossary_tsv(id)?,
        }),
        "json" => Ok(ExportFile {
            file_name: format!("{stem}.sheli-glossary.json"),
            mime: "application/json".into(),
            text: store.export_glossary_json(id)?,
        }),
        other => Err(AppError::invalid(format!(
            "“{}” is not an export format: use tsv or json",
            other.escape_default()
        ))),
    }
}

/// `import_glossary(text, format, name?)`: a TSV (Anki) or JSON glossary
/// file as a new glossary; `format` is `tsv`, `json` or `auto` (by content).
pub fn import_glossary(
    state: &AppState,
    text: &str,
    format: &str,
    name: Option<&str>,
) -> AppResult<GlossaryImport> {
    check_import(text)?;
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    let json = match format {
        "json" => true,
        "tsv" => false,
        "auto" => text.trim_start_matches('\u{feff}').trim_start().starts_with('{'),
        other => {
            return Err(AppError::invalid(format!(
                "“{}” is not an import format: use tsv, json or auto",
                other.escape_default()
            )));
        }
    };
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    let mut store = state.store.lock()?;
    Ok(if json {
        store.import_glossary_json(corpus, text, name)?
    } else {
        store.import_glossary_tsv(corpus, text, name)?
    })
}

// ---------------------------------------------------------------------------
// Review.

fn step(store: &Store, glossary_id: i64, outcome: Option<ReviewOutcome>) -> AppResult<ReviewStep> {
    let now = store::now();
    Ok(ReviewStep {
        summary: store.due_count(glossary_id, now)?,
        card: store.next_review(glossary_id, now)?,
        outcome,
    })
}

/// `review_next(glossary_id)`: the due count and the next card due.
pub fn review_next(state: &AppState, glossary_id: i64) -> AppResult<ReviewStep> {
    check_row_id("glossary", glossary_id)?;
    let store = state.store.lock()?;
    step(&store, glossary_id, None)
}

/// `review_grade(glossary_id, card_id, grade)`: records `again`, `hard`,
/// `good` or `easy` now, and returns the next step.
pub fn review_grade(
    state: &AppState,
    glossary_id: i64,
    card_id: i64,
    grade: &str,
) -> AppResult<ReviewStep> {
    check_row_id("glossary", glossary_id)?;
    check_row_id("card", card_id)?;
    let g = Grade::parse(grade).ok_or_else(|| {
        AppError::invalid(format!(
            "“{}” is not a grade: use again, hard, good or easy",
            grade.escape_default()
        ))
    })?;
    let mut store = state.store.lock()?;
    store.glossary(glossary_id)?;
    let card = store.card(card_id)?;
    if card.glossary_id != glossary_id {
        return Err(AppError::invalid(format!("card {card_id} is not in glossary {glossary_id}")));
    }
    let outcome = store.grade(card_id, g, store::now())?;
    step(&store, glossary_id, Some(outcome))
}

/// `review_history(glossary_id, limit)`: the latest grades, newest first.
pub fn review_history(
    state: &AppState,
    glossary_id: i64,
    limit: u32,
) -> AppResult<Vec<ReviewLogEntry>> {
    check_row_id("glossary", glossary_id)?;
    if limit == 0 || limit > MAX_HISTORY {
        return Err(AppError::invalid(format!("limit must be between 1 and {MAX_HISTORY}")));
    }
    Ok(state.store.lock()?.review_history(None, Some(glossary_id), limit as usize)?)
}

// ---------------------------------------------------------------------------
// Notes.

/// `add_note(selection, body, tags)`: a note on a span of displayed text.
pub fn add_note(
    state: &AppState,
    selection: &TextSelection,
    body: &str,
    tags: &[String],
) -> AppResult<NoteView> {
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    let sel = original_selection(state, corpus, selection)?;
    let script = script_of(state, selection.script)?;
    let new = NewNote { selection: sel, body: body.to_owned(), tags: tags.to_vec() };
    let note = state.store.lock()?.add_note(corpus, &new)?;
    note_view(note, script, None)
}

/// `list_notes(filter, script?)`: notes by work, passage and position.
pub fn list_notes(
    state: &AppState,
    filter: &NoteFilter,
    script: Option<DisplayScript>,
) -> AppResult<Vec<NoteView>> {
    check_filter(filter)?;
    let script = script_of(state, script)?;
    let notes = state.store.lock()?.notes(filter)?;
    notes.into_iter().map(|n| note_view(n, script, None)).collect()
}

/// `passage_notes(passage_ids, script?)`: the live notes of these passages
/// with their spans in the displayed segments (for the reader's margin and
/// highlights). A note that cannot be placed has no span.
pub fn passage_notes(
    state: &AppState,
    passage_ids: &[String],
    script: Option<DisplayScript>,
) -> AppResult<Vec<NoteView>> {
    if passage_ids.len() > MAX_PAGE as usize {
        return Err(AppError::invalid(format!("at most {MAX_PAGE} passages at a time")));
    }
    for id in passage_ids {
        validate_id("passage", id)?;
    }
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    let script = script_of(state, script)?;
    let placed = {
        let store = state.store.lock()?;
        let mut all = Vec::new();
        for id in passage_ids {
            corpus.passage(id)?;
            all.extend(store.notes_in_passage(corpus, id)?);
        }
        all
    };
    placed
        .into_iter()
        .map(|pn| {
            let span = match pn.span {
                Some(s) => {
                    let seg = &corpus.passage(&pn.note.passage_id)?.segments[s.segment as usize];
                    let map = SegmentMap::new(seg, script)?;
                    Some(Span {
                        start: map.to_display(s.start as usize)? as u32,
                        end: map.to_display(s.end as usize)? as u32,
                        ..s
                    })
                }
                None => None,
            };
            note_view(pn.note, script, span)
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
    let script = script_of(state, script)?;
    let n = state.store.lock()?.update_note(id, edit)?;
    note_view(n, script, None)
}

/// `undo_note_edit(id)`.
pub fn undo_note_edit(
    state: &AppState,
    id: i64,
    script: Option<DisplayScript>,
) -> AppResult<NoteView> {
    check_row_id("note", id)?;
    let script = script_of(state, script)?;
    let n = state.store.lock()?.undo_note_edit(id)?;
    note_view(n, script, None)
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
    let script = script_of(state, script)?;
    let n = state.store.lock()?.undelete_note(id)?;
    note_view(n, script, None)
}

/// `note_facets()`: works and tags of the live notes, with counts.
pub fn note_facets(state: &AppState) -> AppResult<NoteFacets> {
    let store = state.store.lock()?;
    let facet = |(value, count): (String, u32)| Facet { value, count };
    Ok(NoteFacets {
        works: store.note_works()?.into_iter().map(facet).collect(),
        tags: store.note_tags()?.into_iter().map(facet).collect(),
    })
}

/// `export_notes(format, filter)`: `markdown` or `json` (W3C Web Annotations).
pub fn export_notes(state: &AppState, format: &str, filter: &NoteFilter) -> AppResult<ExportFile> {
    check_filter(filter)?;
    match format {
        "markdown" => {
            let corpus = state.corpus()?;
            let corpus = &*corpus;
            Ok(ExportFile {
                file_name: "sheli-notes.md".into(),
                mime: "text/markdown".into(),
                text: state.store.lock()?.export_notes_markdown(corpus, filter)?,
            })
        }
        "json" => Ok(ExportFile {
            file_name: "sheli-notes.jsonld".into(),
            mime: "application/ld+json".into(),
            text: state.store.lock()?.export_notes_annotations(filter)?,
        }),
        other => Err(AppError::invalid(format!(
            "“{}” is not an export format: use markdown or json",
            other.escape_default()
        ))),
    }
}

/// `import_notes(text)`: W3C Web Annotation JSON; notes already there are
/// skipped, notes that cannot be placed are kept as orphaned.
pub fn import_notes(state: &AppState, text: &str) -> AppResult<NotesImport> {
    check_import(text)?;
    let corpus = state.corpus()?;
    let corpus = &*corpus;
    Ok(state.store.lock()?.import_notes_annotations(corpus, text)?)
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

/// The `#[tauri::command]` wrappers (argument names in camelCase on the
/// JavaScript side); each runs its plain function off the main thread.
pub mod ipc {
    use std::sync::Arc;

    use tauri::State;

    use super::super::error::{AppError, AppResult};
    use super::super::settings::DisplayScript;
    use super::super::state::{AppState, SharedState};
    use super::*;

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

    pub(crate) type S<'a> = State<'a, SharedState>;

    #[tauri::command]
    pub async fn my_glossaries(state: S<'_>) -> AppResult<Vec<Glossary>> {
        blocking(&state, super::my_glossaries).await
    }

    #[tauri::command]
    pub async fn create_glossary(
        state: S<'_>,
        name: String,
        description: Option<String>,
    ) -> AppResult<Glossary> {
        blocking(&state, move |s| super::create_glossary(s, &name, description.as_deref())).await
    }

    #[tauri::command]
    pub async fn rename_glossary(state: S<'_>, id: i64, name: String) -> AppResult<Glossary> {
        blocking(&state, move |s| super::rename_glossary(s, id, &name)).await
    }

    #[tauri::command]
    pub async fn describe_glossary(
        state: S<'_>,
        id: i64,
        description: String,
    ) -> AppResult<Glossary> {
        blocking(&state, move |s| super::describe_glossary(s, id, &description)).await
    }

    #[tauri::command]
    pub async fn delete_glossary(state: S<'_>, id: i64) -> AppResult<()> {
        blocking(&state, move |s| super::delete_glossary(s, id)).await
    }

    #[tauri::command]
    pub async fn list_cards(
        state: S<'_>,
        glossary_id: i64,
        query: Option<String>,
    ) -> AppResult<Vec<UserCard>> {
        blocking(&state, move |s| super::list_cards(s, glossary_id, query.as_deref())).await
    }

    #[tauri::command]
    pub async fn add_builtin_card(
        state: S<'_>,
        glossary_id: i64,
        builtin_id: String,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| super::add_builtin_card(s, glossary_id, &builtin_id)).await
    }

    #[tauri::command]
    pub async fn add_new_card(
        state: S<'_>,
        glossary_id: i64,
        card: NewCard,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| super::add_new_card(s, glossary_id, &card)).await
    }

    #[tauri::command]
    pub async fn add_card_from_selection(
        state: S<'_>,
        glossary_id: i64,
        selection: TextSelection,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| super::add_card_from_selection(s, glossary_id, &selection)).await
    }

    #[tauri::command]
    pub async fn update_card(state: S<'_>, id: i64, edit: CardEdit) -> AppResult<UserCard> {
        blocking(&state, move |s| super::update_card(s, id, &edit)).await
    }

    #[tauri::command]
    pub async fn remove_card(state: S<'_>, id: i64) -> AppResult<()> {
        blocking(&state, move |s| super::remove_card(s, id)).await
    }

    #[tauri::command]
    pub async fn find_builtin_cards(
        state: S<'_>,
        query: Option<String>,
    ) -> AppResult<Vec<BuiltinCardHit>> {
        blocking(&state, move |s| super::find_builtin_cards(s, query.as_deref())).await
    }

    #[tauri::command]
    pub async fn import_glossary(
        state: S<'_>,
        text: String,
        format: String,
        name: Option<String>,
    ) -> AppResult<GlossaryImport> {
        blocking(&state, move |s| super::import_glossary(s, &text, &format, name.as_deref())).await
    }

    #[tauri::command]
    pub async fn review_next(state: S<'_>, glossary_id: i64) -> AppResult<ReviewStep> {
        blocking(&state, move |s| super::review_next(s, glossary_id)).await
    }

    #[tauri::command]
    pub async fn review_grade(
        state: S<'_>,
        glossary_id: i64,
        card_id: i64,
        grade: String,
    ) -> AppResult<ReviewStep> {
        blocking(&state, move |s| super::review_grade(s, glossary_id, card_id, &grade)).await
    }

    #[tauri::command]
    pub async fn review_history(
        state: S<'_>,
        glossary_id: i64,
        limit: u32,
    ) -> AppResult<Vec<ReviewLogEntry>> {
        blocking(&state, move |s| super::review_history(s, glossary_id, limit)).await
    }

    #[tauri::command]
    pub async fn add_note(
        state: S<'_>,
        selection: TextSelection,
        body: String,
        tags: Vec<String>,
    ) -> AppResult<NoteView> {
        blocking(&state, move |s| super::add_note(s, &selection, &body, &tags)).await
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

#[cfg(test)]
#[path = "store_commands_tests.rs"]
mod tests;

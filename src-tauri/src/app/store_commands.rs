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
//! way ([`SegmentMap`]). The store itself counts in characters of the
//! original text.
//!
//! The store is opened at start-up (`user_store::UserStore::open`); when it
//! cannot be, every command here returns why.

use serde::{Deserialize, Serialize};
use sheli_corpus::display::convert;
use sheli_corpus::{Corpus, Segment};
use ts_rs::TS;

use super::commands::validate_id;
use super::error::{AppError, AppResult};
use super::settings::DisplayScript;
use super::state::AppState;
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

pub(super) fn check_row_id(what: &'static str, id: i64) -> AppResult<()> {
    if id < 1 {
        return Err(AppError::invalid(format!("{id} is not a valid {what} id")));
    }
    Ok(())
}

pub(super) fn check_query(q: Option<&str>) -> AppResult<String> {
    let q = q.unwrap_or("").trim();
    if q.chars().count() > MAX_QUERY {
        return Err(AppError::invalid(format!("a search is at most {MAX_QUERY} characters long")));
    }
    Ok(q.to_owned())
}

pub(super) fn check_import(text: &str) -> AppResult<()> {
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

pub(super) fn check_filter(f: &NoteFilter) -> AppResult<()> {
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

pub(super) fn script_of(
    state: &AppState,
    script: Option<DisplayScript>,
) -> AppResult<DisplayScript> {
    Ok(match script {
        Some(s) => s,
        None => state.settings.get()?.script,
    })
}

pub(super) fn conv(text: &str, script: DisplayScript) -> AppResult<String> {
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
pub(super) fn original_selection(
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

pub(super) fn note_view(n: Note, script: DisplayScript, span: Option<Span>) -> AppResult<NoteView> {
    Ok(NoteView { html: markdown::render(&n.body), quote: conv(&n.exact, script)?, span, note: n })
}

#[cfg(test)]
#[path = "store_commands_tests.rs"]
mod tests;

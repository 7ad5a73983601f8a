//! What the commands send to the UI. Each type derives `ts_rs::TS`; its
//! TypeScript declaration lives in `ui/src/lib/bindings/` (see
//! `app::bindings`). Field names are snake_case, as in the corpus JSON.

use std::collections::BTreeMap;

use serde::Serialize;
use sheli_corpus::{Layer, Reading};
use ts_rs::TS;

use super::settings::DisplayScript;

/// Whether a text is one of the built-in editions or one the user imported.
/// Sent beside the edition's name so the UI says an imported text's edition
/// in the interface's language by this field, never by comparing the name
/// with the manifest's word for it ("imported").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EditionKind {
    /// A built-in edition: `edition` is its Chinese name (儀禮註疏).
    Builtin,
    /// A text the user imported: it has no edition of its own.
    Imported,
}

impl EditionKind {
    pub fn of(info: &sheli_corpus::SourceInfo) -> EditionKind {
        if info.user { EditionKind::Imported } else { EditionKind::Builtin }
    }
}

/// A source named by its parts, for a label the UI composes in the
/// interface's language (a search facet by source).
#[derive(Debug, Clone, Serialize, TS)]
pub struct SourceName {
    pub kind: EditionKind,
    /// The edition's name in the display script (for an imported text, the
    /// manifest's `imported`, which the UI does not show).
    pub edition: String,
    /// The work's title in the display script (an imported text's title).
    pub title: String,
}

/// One source (one edition of one work), as `sheli corpus --json` lists it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SourceView {
    pub id: String,
    pub work: String,
    pub edition: String,
    /// Built-in or imported (see [`EditionKind`]); always sent.
    #[ts(as = "Option<EditionKind>", optional)]
    pub edition_kind: EditionKind,
    pub edition_note: String,
    /// The script the edition is written in: `traditional` or `simplified`.
    pub script: String,
    pub coverage: String,
    /// For a user's text not read yet, this and `layers` are as recorded
    /// at import (0 and none if nothing was recorded).
    pub passages: u32,
    /// Segment counts per layer label (經, 記, 注, 疏, 音義, 按, 題, 譯).
    pub layers: BTreeMap<String, u32>,
}

/// The whole library: works, each with its editions, sections and passages.
#[derive(Debug, Clone, Serialize, TS)]
pub struct LibraryView {
    pub works: Vec<WorkEntry>,
    /// The user's texts left out of the library, each with why.
    pub left_out: Vec<LeftOut>,
}

/// A user's text left out of the library (missing, damaged, unreadable):
/// which, and why as a code with its slots (`sheli_library::ReasonCode`),
/// so the window says it in the reader's language; `message` is the English.
/// `id` and `work` are empty when the whole list of texts could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LeftOut {
    pub id: String,
    pub work: String,
    pub file: String,
    pub code: String,
    pub params: BTreeMap<String, String>,
    pub message: String,
}

impl From<&sheli_library::SkippedText> for LeftOut {
    fn from(s: &sheli_library::SkippedText) -> LeftOut {
        LeftOut {
            id: s.id.clone(),
            work: s.work.clone(),
            file: s.file.clone(),
            code: s.reason.code.id().to_owned(),
            params: s.reason.params.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect(),
            message: s.reason.message.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct WorkEntry {
    /// The work's title as the corpus has it (鄉射禮), which is also its key.
    pub work: String,
    /// The title in the requested display script.
    pub title: String,
    pub editions: Vec<EditionEntry>,
}

/// One source of a work.
#[derive(Debug, Clone, Serialize, TS)]
pub struct EditionEntry {
    /// The source id (`xiangshe.zhushu`).
    pub source: String,
    pub edition: String,
    /// Built-in or imported (see [`EditionKind`]); always sent.
    #[ts(as = "Option<EditionKind>", optional)]
    pub edition_kind: EditionKind,
    /// `traditional` or `simplified`.
    pub script: String,
    /// The layers this edition has at least one segment of, in canonical order.
    pub layers: Vec<Layer>,
    /// How many passages it has (for a user's text not read yet, as
    /// recorded at import; 0 if nothing was recorded).
    pub passages: u32,
    /// Its sections and passages; null for a user's text not read yet,
    /// which the `edition` command reads and lists.
    pub sections: Option<Vec<SectionEntry>>,
}

/// A run of consecutive passages under one heading. Editions without
/// headings have one untitled section (and one for the 記, if any).
#[derive(Debug, Clone, Serialize, TS)]
pub struct SectionEntry {
    pub title: Option<String>,
    /// The passages belong to the 記.
    pub ji: bool,
    pub passages: Vec<PassageEntry>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct PassageEntry {
    pub id: String,
    pub ordinal: u32,
    pub section: Option<String>,
    /// The first characters of the 經 (or of the first segment when there is
    /// no 經), in the requested script.
    pub preview: String,
}

/// A passage with its segments, converted for display.
#[derive(Debug, Clone, Serialize, TS)]
pub struct PassageView {
    pub id: String,
    pub source: String,
    pub work: String,
    /// The work's title in the requested script.
    pub title: String,
    pub edition: String,
    /// Built-in or imported (see [`EditionKind`]); always sent.
    #[ts(as = "Option<EditionKind>", optional)]
    pub edition_kind: EditionKind,
    pub ordinal: u32,
    /// Number of passages in the source (for "n of N" and paging).
    pub total: u32,
    pub section: Option<String>,
    pub ji: bool,
    /// The script the text was converted to.
    pub script: DisplayScript,
    pub segments: Vec<SegmentView>,
    pub prev: Option<String>,
    pub next: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct SegmentView {
    pub layer: Layer,
    pub text: String,
    /// A 經 segment of the 記.
    pub ji: bool,
    /// 1-based line and column of the segment's first character in the raw file.
    pub line: u32,
    pub column: u32,
    /// For a 疏: where (character index in `text`) the part on the 注 begins.
    pub shu_on_zhu: Option<u32>,
    pub readings: Vec<Reading>,
}

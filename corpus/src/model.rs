//! What a parsed text is made of: sources, passages, segments, layers.
//!
//! A *source* is one file (one edition of one work). It is parsed into an
//! ordered list of *passages*; a passage is what a reader sees as one unit (a
//! sentence or paragraph of the classic with its commentary). Inside a passage
//! the text is split into *segments*, each of one *layer* (經, 注, 疏, …). A
//! segment is also the unit inside which a search match may occur: matches
//! never cross segment boundaries (CORPUS.md §5).

use serde::{Deserialize, Serialize};

/// A layer of text. Serialised as its Chinese label, which is also what users
/// type in `layer:注` filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Layer {
    /// 經: the classic itself (記 is a flag on a 經 segment, see [`Segment::ji`]).
    #[serde(rename = "經")]
    Jing,
    /// 注: 鄭玄's commentary.
    #[serde(rename = "注")]
    Zhu,
    /// 疏: 賈公彥's sub-commentary.
    #[serde(rename = "疏")]
    Shu,
    /// 音義: 陸德明's sound glosses (釋文), one reading per segment.
    #[serde(rename = "音義")]
    Yinyi,
    /// 按: 朱熹's own remarks (今按).
    #[serde(rename = "按")]
    An,
    /// 題: section headings (右…).
    #[serde(rename = "題")]
    Ti,
    /// 譯: modern vernacular translation.
    #[serde(rename = "譯")]
    Yi,
}

impl Layer {
    pub const ALL: [Layer; 7] =
        [Layer::Jing, Layer::Zhu, Layer::Shu, Layer::Yinyi, Layer::An, Layer::Ti, Layer::Yi];

    /// The traditional label, as shown in the UI and used as JSON key.
    pub fn label(self) -> &'static str {
        match self {
            Layer::Jing => "經",
            Layer::Zhu => "注",
            Layer::Shu => "疏",
            Layer::Yinyi => "音義",
            Layer::An => "按",
            Layer::Ti => "題",
            Layer::Yi => "譯",
        }
    }

    /// A stable ASCII name (for CSS classes, URLs and index fields).
    pub fn slug(self) -> &'static str {
        match self {
            Layer::Jing => "jing",
            Layer::Zhu => "zhu",
            Layer::Shu => "shu",
            Layer::Yinyi => "yinyi",
            Layer::An => "an",
            Layer::Ti => "ti",
            Layer::Yi => "yi",
        }
    }

    /// Parses what a user may type for a layer: the traditional or simplified
    /// label, a common longer name, or the ASCII slug.
    pub fn parse(s: &str) -> Option<Layer> {
        Some(match s.trim() {
            "經" | "经" | "jing" => Layer::Jing,
            "注" | "註" | "zhu" => Layer::Zhu,
            "疏" | "shu" => Layer::Shu,
            "音義" | "音义" | "釋文" | "释文" | "yinyi" => Layer::Yinyi,
            "按" | "今按" | "an" => Layer::An,
            "題" | "题" | "ti" => Layer::Ti,
            "譯" | "译" | "yi" => Layer::Yi,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// One piece of text of one layer. Its text is *cleaned* (web debris, wrap
/// breaks and ASCII debris removed, private-use code points repaired) but not
/// corrected: source faults stay as they are (see `faults.toml`).
#[derive(Debug, Clone, Serialize)]
pub struct Segment {
    pub layer: Layer,
    pub text: String,
    /// This 經 segment belongs to the 記 (the appendix), not the main text.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ji: bool,
    /// 1-based line and column (in characters) of the first character in the
    /// raw file.
    pub line: u32,
    pub column: u32,
    /// For a 疏: the character index in `text` where the part commenting on the
    /// 注 begins (at `○注「` or `注「`/`注“`), if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shu_on_zhu: Option<u32>,
    /// For a 音義 segment: the readings it gives (one piece of 釋文 may read
    /// two characters, e.g. `骹苦交反　肱古横反`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
    /// Byte offset in the raw file of every character of `text`, so that any
    /// character (a search hit, a note's anchor) can be traced to its line and
    /// column. Not serialised: use [`crate::Corpus::position`].
    #[serde(skip)]
    pub offsets: Vec<u32>,
}

/// A 陸德明 sound gloss: which character is read how.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reading {
    /// The character read (e.g. 射).
    pub character: String,
    /// The reading as the text gives it (e.g. 食亦反, 如字, 音式).
    pub reading: String,
    pub kind: ReadingKind,
    /// Further remarks glued to the reading (下傳同, 一音避, 後皆倣此).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub remark: Option<String>,
    /// The layer of the same passage holding the character glossed (經 or 注).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub serves: Option<Layer>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReadingKind {
    /// X YZ反: initial of Y, final and tone of Z.
    Fanqie,
    /// X 如字: read in its ordinary sound.
    Ruzi,
    /// X 音 Y: read as Y.
    Yin,
}

/// A unit of reading: a 經 sentence or paragraph with its commentary, or a
/// translation line.
#[derive(Debug, Clone, Serialize)]
pub struct Passage {
    /// Stable id: `<source id>.<ordinal, 4 digits>`, e.g. `xiangshe.zhushu.0123`.
    pub id: String,
    pub source: String,
    pub work: String,
    /// 1-based position of the passage in its source.
    pub ordinal: u32,
    /// The section heading that labels this passage, where the edition has
    /// headings (`右張侯` labels the passages before it: section `張侯`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub segments: Vec<Segment>,
}

impl Passage {
    pub fn segments_of(&self, layer: Layer) -> impl Iterator<Item = &Segment> {
        self.segments.iter().filter(move |s| s.layer == layer)
    }

    /// The first line of the raw file this passage occupies.
    pub fn line(&self) -> u32 {
        self.segments.iter().map(|s| s.line).min().unwrap_or(0)
    }

    /// Whether this passage belongs to the 記.
    pub fn is_ji(&self) -> bool {
        self.segments.iter().any(|s| s.ji)
    }

    /// The 經 text of the passage (all 經 segments joined), or "" if none.
    pub fn jing_text(&self) -> String {
        self.segments_of(Layer::Jing).map(|s| s.text.as_str()).collect()
    }
}

/// A parser's output before ids are assigned: passages in reading order.
#[derive(Debug, Clone, Default)]
pub struct ParsedPassage {
    pub section: Option<String>,
    pub segments: Vec<Segment>,
}

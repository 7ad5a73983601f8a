//! Showing a text in the reader's script, keeping positions.
//!
//! This is *not* the search fold. Display conversion works on phrases (OpenCC's
//! phrase dictionaries pick 乾杯 vs 乾坤 by context) and may change what a
//! character looks like in ways the fold never would; it only decides what
//! the reader shows. It uses `ferrous-opencc`, a pure-Rust OpenCC (Apache-2.0)
//! whose dictionaries are compiled in, so no data files are needed at run time.
//!
//! Conversion is decided per edition ([`Shown`]): a text is converted only
//! *out of* its edition's own script. Asking for traditional characters on a
//! traditional edition changes nothing — OpenCC's simplified-to-traditional
//! table would otherwise "correct" characters the edition wrote on purpose
//! (云「 → 雲「, 辟 → 闢 in the 註疏 edition).
//!
//! Positions: conversion may change a phrase's length, so everything that
//! points into a segment (a note's span, a search hit, the 疏's part on the
//! 注) is converted with its positions here, in one place: [`Shown::segment`]
//! (the 疏 in two parts), [`Shown::snippet`] (highlights) and [`SegmentMap`]
//! (a selection in displayed characters back to original characters).

use std::sync::OnceLock;

use ferrous_opencc::{OpenCC, config::BuiltinConfig};
use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};
use crate::manifest::EditionScript;
use crate::model::Segment;

/// The script text is shown in (display conversion, not the search fold).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DisplayScript"))]
#[serde(rename_all = "lowercase")]
pub enum Script {
    /// As each edition has it.
    #[default]
    Original,
    Traditional,
    Simplified,
}

fn converter(config: BuiltinConfig) -> Result<&'static OpenCC> {
    static T2S: OnceLock<std::result::Result<OpenCC, String>> = OnceLock::new();
    static S2T: OnceLock<std::result::Result<OpenCC, String>> = OnceLock::new();
    let cell = match config {
        BuiltinConfig::T2s => &T2S,
        _ => &S2T,
    };
    cell.get_or_init(|| OpenCC::from_config(config).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| CorpusError::Display(e.clone()))
}

/// Converts `text` into `script` whatever script it is in. Prefer
/// [`Shown`], which knows the text's own script and leaves it alone when it
/// is already the one asked for.
pub fn convert(text: &str, script: Script) -> Result<String> {
    Ok(match script {
        Script::Original => text.to_owned(),
        Script::Simplified => converter(BuiltinConfig::T2s)?.convert(text),
        Script::Traditional => converter(BuiltinConfig::S2t)?.convert(text),
    })
}

/// How the text of one edition is shown in the reader's script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// The conversion to apply, or `Original` for none.
    to: Script,
}

impl Shown {
    /// Text written in `edition`'s script, shown in `script`.
    pub fn new(edition: EditionScript, script: Script) -> Shown {
        let to = match (edition, script) {
            (EditionScript::Traditional, Script::Traditional)
            | (EditionScript::Simplified, Script::Simplified) => Script::Original,
            (_, s) => s,
        };
        Shown { to }
    }

    /// Shown as it is written.
    pub fn original() -> Shown {
        Shown { to: Script::Original }
    }

    /// Whether nothing is converted.
    pub fn is_identity(&self) -> bool {
        self.to == Script::Original
    }

    /// `text` as shown.
    pub fn text(&self, text: &str) -> Result<String> {
        convert(text, self.to)
    }

    /// A segment's text as shown, and where its 疏's part on the 注 starts in
    /// the shown text: the two parts are converted apart so that the split
    /// stays right even if a phrase across it would change length.
    pub fn segment(&self, seg: &Segment) -> Result<(String, Option<u32>)> {
        let Some(at) = seg.shu_on_zhu else { return Ok((self.text(&seg.text)?, None)) };
        let at_byte =
            seg.text.char_indices().nth(at as usize).map(|(b, _)| b).unwrap_or(seg.text.len());
        let head = self.text(&seg.text[..at_byte])?;
        let tail = self.text(&seg.text[at_byte..])?;
        let at = head.chars().count() as u32;
        Ok((head + &tail, Some(at)))
    }

    /// A snippet as shown, with its highlights (character ranges) moved
    /// along: whole when conversion keeps the length (it does on every
    /// built-in text), else piece by piece between the highlight boundaries.
    pub fn snippet(
        &self,
        text: &str,
        highlights: &[[usize; 2]],
    ) -> Result<(String, Vec<[u32; 2]>)> {
        let as_u32 = |h: &[[usize; 2]]| h.iter().map(|r| [r[0] as u32, r[1] as u32]).collect();
        let whole = self.text(text)?;
        if whole.chars().count() == text.chars().count() {
            return Ok((whole, as_u32(highlights)));
        }
        let chars: Vec<char> = text.chars().collect();
        let piece = |a: usize, b: usize| self.text(&chars[a..b].iter().collect::<String>());
        let (mut out, mut ranges, mut at, mut len) = (String::new(), Vec::new(), 0usize, 0usize);
        for h in highlights {
            let (s, e) = (h[0].min(chars.len()), h[1].min(chars.len()));
            if s < at || e < s {
                continue;
            }
            let before = piece(at, s)?;
            len += before.chars().count();
            out.push_str(&before);
            let hit = piece(s, e)?;
            let start = len;
            len += hit.chars().count();
            out.push_str(&hit);
            ranges.push([start as u32, len as u32]);
            at = e;
        }
        out.push_str(&piece(at, chars.len())?);
        Ok((out, ranges))
    }

    /// The map between a segment's original and shown positions.
    pub fn positions(&self, seg: &Segment) -> Result<SegmentMap> {
        let shown = *self;
        if shown.is_identity() {
            return Ok(SegmentMap::identity(&seg.text));
        }
        SegmentMap::with_converter(&seg.text, seg.shu_on_zhu, Box::new(move |s| shown.text(s)))
    }
}

/// Maps character positions between a segment's original text and its text
/// as shown ([`Shown::segment`]: a 疏 in two parts, at `shu_on_zhu`).
///
/// When conversion keeps every length (the built-in texts), positions are the
/// same on both sides. Otherwise a position is mapped through the conversion
/// of the text before it, and a selection that ends inside a phrase whose
/// length changed is widened to the whole phrase.
pub struct SegmentMap {
    chars: Vec<char>,
    split: Option<usize>,
    convert: Converter,
    /// The segment as shown.
    display: Vec<char>,
    identity: bool,
}

/// Converts a piece of original text for display.
pub type Converter = Box<dyn Fn(&str) -> Result<String> + Send + Sync>;

impl SegmentMap {
    /// Positions that are the same on both sides.
    pub fn identity(text: &str) -> SegmentMap {
        let chars: Vec<char> = text.chars().collect();
        SegmentMap {
            display: chars.clone(),
            chars,
            split: None,
            convert: Box::new(|s| Ok(s.to_owned())),
            identity: true,
        }
    }

    /// A map over `text` (converted in two parts split at `split`, as a 疏
    /// is) under any conversion ([`Shown::positions`] gives the reader's).
    pub fn with_converter(
        text: &str,
        split: Option<u32>,
        convert: Converter,
    ) -> Result<SegmentMap> {
        let chars: Vec<char> = text.chars().collect();
        let split = split.map(|at| (at as usize).min(chars.len()));
        let mut map = SegmentMap { chars, split, convert, display: Vec::new(), identity: false };
        let at = split.unwrap_or(map.chars.len());
        map.display = map.prefix(map.chars.len())?;
        map.identity = map.display.len() == map.chars.len() && map.prefix(at)?.len() == at;
        Ok(map)
    }

    fn converted(&self, from: usize, to: usize) -> Result<Vec<char>> {
        let s: String = self.chars[from..to].iter().collect();
        Ok((self.convert)(&s)?.chars().collect())
    }

    /// The shown form of the original text before position `i`.
    fn prefix(&self, i: usize) -> Result<Vec<char>> {
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

    /// Characters of the segment as shown.
    pub fn display_len(&self) -> usize {
        self.display.len()
    }

    /// The shown position of original position `i`.
    pub fn to_display(&self, i: usize) -> Result<usize> {
        let i = i.min(self.chars.len());
        if self.identity { Ok(i) } else { Ok(self.prefix(i)?.len()) }
    }

    /// Whether original position `i` falls between two converted phrases.
    fn clean(&self, i: usize) -> Result<bool> {
        Ok(self.identity || self.display.starts_with(&self.prefix(i)?))
    }

    /// The first original position that is shown at or after `d`.
    fn first_at(&self, d: usize) -> Result<usize> {
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

    /// The original position where a selection starting at shown position
    /// `d` starts (at or before it, between phrases).
    pub fn start_to_original(&self, d: usize) -> Result<usize> {
        if self.identity {
            return Ok(d.min(self.chars.len()));
        }
        let first = self.first_at(d)?;
        // A position between phrases that is shown exactly at `d` …
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

    /// The original position where a selection ending at shown position `d`
    /// ends (at or after it, between phrases).
    pub fn end_to_original(&self, d: usize) -> Result<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_titles_convert_both_ways() {
        assert_eq!(convert("鄉射禮", Script::Simplified).unwrap(), "乡射礼");
        assert_eq!(convert("乡射礼", Script::Traditional).unwrap(), "鄉射禮");
        assert_eq!(convert("鄉射禮", Script::Original).unwrap(), "鄉射禮");
    }

    #[test]
    fn a_text_is_converted_only_out_of_its_own_script() {
        let trad = Shown::new(EditionScript::Traditional, Script::Traditional);
        assert!(trad.is_identity());
        // OpenCC's s2t would write 雲 and 闢 here; the edition wrote 云 and 辟.
        assert_eq!(trad.text("云「辟」").unwrap(), "云「辟」");
        assert_ne!(convert("云「辟」", Script::Traditional).unwrap(), "云「辟」");
        let simp = Shown::new(EditionScript::Simplified, Script::Simplified);
        assert!(simp.is_identity());
        assert_eq!(
            Shown::new(EditionScript::Traditional, Script::Simplified).text("鄉射禮").unwrap(),
            "乡射礼"
        );
        assert_eq!(
            Shown::new(EditionScript::Simplified, Script::Traditional).text("乡射礼").unwrap(),
            "鄉射禮"
        );
        assert!(Shown::new(EditionScript::Simplified, Script::Original).is_identity());
    }

    #[test]
    fn positions_survive_a_conversion_that_changes_length() {
        // A conversion that shortens "XY" to "Z" (OpenCC phrases may change
        // lengths; the built-in texts happen not to).
        let shorten = || -> Converter { Box::new(|s: &str| Ok(s.replace("XY", "Z"))) };
        let m = SegmentMap::with_converter("abXYcd", None, shorten()).unwrap();
        // Shown: a b Z c d. Between X and Y is inside the phrase.
        assert_eq!(m.display_len(), 5);
        assert_eq!([0, 1, 2, 4, 5, 6].map(|i| m.to_display(i).unwrap()), [0, 1, 2, 3, 4, 5]);
        // Selecting Z selects XY; selecting bZ or Zc too.
        assert_eq!((m.start_to_original(2).unwrap(), m.end_to_original(3).unwrap()), (2, 4));
        assert_eq!((m.start_to_original(1).unwrap(), m.end_to_original(4).unwrap()), (1, 5));
        assert_eq!((m.start_to_original(3).unwrap(), m.end_to_original(5).unwrap()), (4, 6));
        // A 疏 converted in two parts: the phrase across the split is not joined.
        let m = SegmentMap::with_converter("aXYbXYc", Some(5), shorten()).unwrap();
        // Shown: a Z b X | Y c (7 → 6 characters).
        assert_eq!(m.display_len(), 6);
        assert_eq!(m.to_display(5).unwrap(), 4);
        assert_eq!(m.to_display(7).unwrap(), 6);
        assert_eq!((m.start_to_original(3).unwrap(), m.end_to_original(5).unwrap()), (4, 6));
        // Same lengths: identity.
        let m =
            SegmentMap::with_converter("鄉射", None, Box::new(|s: &str| Ok(s.replace('鄉', "乡"))))
                .unwrap();
        assert_eq!((m.to_display(1).unwrap(), m.start_to_original(2).unwrap()), (1, 2));
    }
}

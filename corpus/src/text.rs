//! Turning byte ranges of a raw file into clean segment text that still knows
//! where every character came from.
//!
//! The raw files are kept byte for byte; parsers only decide *which* ranges
//! make a segment. Cleaning happens here, once, with the same rules for every
//! format, and each kept character records its byte offset in the raw file.

use std::ops::Range;

use crate::fold::repair_pua;
use crate::model::{Layer, Segment};

/// Line starts of a raw file, for turning byte offsets into line and column.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(raw: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(raw.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// 1-based line of `byte` (cheap: a binary search).
    pub fn line_of(&self, byte: usize) -> u32 {
        self.starts.partition_point(|&s| s <= byte) as u32
    }

    /// 1-based line and 1-based column (counted in characters) of `byte`.
    pub fn line_col(&self, raw: &str, byte: usize) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= byte) - 1;
        let col = raw[self.starts[line]..byte].chars().count() + 1;
        (line as u32 + 1, col as u32)
    }

    /// Byte range of 1-based `line`, without its line break.
    pub fn line_range(&self, raw: &str, line: usize) -> Range<usize> {
        let start = self.starts[line - 1];
        let end = self.starts.get(line).map(|e| e - 1).unwrap_or(raw.len());
        let end = if raw[start..end].ends_with('\r') { end - 1 } else { end };
        start..end
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }
}

/// How aggressively a builder cleans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cleaning {
    /// Built-in classical texts: ASCII letters and digits inside the text are
    /// web debris (`擬hy41來者`) and are dropped.
    Classical,
    /// User texts: only line breaks and ideographic spaces are removed.
    Plain,
}

/// Collects the characters of one segment from one or more raw ranges.
pub struct SegmentBuilder<'a> {
    raw: &'a str,
    lines: &'a LineIndex,
    cleaning: Cleaning,
    text: String,
    offsets: Vec<u32>,
}

impl<'a> SegmentBuilder<'a> {
    pub fn new(raw: &'a str, lines: &'a LineIndex, cleaning: Cleaning) -> Self {
        SegmentBuilder { raw, lines, cleaning, text: String::new(), offsets: Vec::new() }
    }

    /// Appends the cleaned characters of `raw[range]`. Line breaks and the
    /// ideographic spaces that indent wrapped lines are dropped, so that a word
    /// cut by a page wrap is whole again.
    pub fn push(&mut self, range: Range<usize>) -> &mut Self {
        let start = range.start;
        for (i, c) in self.raw[range].char_indices() {
            let keep = match c {
                '\n' | '\r' | '\u{3000}' => false,
                c if c.is_ascii_alphanumeric() => self.cleaning == Cleaning::Plain,
                _ => true,
            };
            if keep {
                self.text.push(repair_pua(c));
                self.offsets.push((start + i) as u32);
            }
        }
        self
    }

    pub fn is_blank(&self) -> bool {
        self.text.chars().all(char::is_whitespace)
    }

    /// Finishes the segment, trimming whitespace at both ends. Returns `None`
    /// when nothing but whitespace was collected.
    pub fn finish(self, layer: Layer) -> Option<Segment> {
        // The text and its offsets are trimmed in place, not copied through
        // a `Vec<char>` and collected again: a user's text is parsed a
        // paragraph at a time twice per import (to count and to index), so
        // this runs over every character of it. `trim` drops what
        // `char::is_whitespace` says, as that walk did. Shrinking (in place
        // with glibc) keeps the built-in texts, held for the app's life, at
        // the size the copies had.
        let SegmentBuilder { raw, lines, mut text, mut offsets, .. } = self;
        let (lead_bytes, kept_bytes, kept_chars) = {
            let kept = text.trim();
            if kept.is_empty() {
                return None;
            }
            let lead = kept.as_ptr() as usize - text.as_ptr() as usize;
            (lead, kept.len(), kept.chars().count())
        };
        let lead_chars = text[..lead_bytes].chars().count();
        text.truncate(lead_bytes + kept_bytes);
        text.drain(..lead_bytes);
        text.shrink_to_fit();
        offsets.truncate(lead_chars + kept_chars);
        offsets.drain(..lead_chars);
        offsets.shrink_to_fit();
        let (line, column) = lines.line_col(raw, offsets[0] as usize);
        Some(Segment {
            layer,
            text,
            ji: false,
            line,
            column,
            shu_on_zhu: None,
            readings: Vec::new(),
            offsets,
        })
    }
}

/// Convenience: one segment from one range.
pub fn segment(raw: &str, lines: &LineIndex, range: Range<usize>, layer: Layer) -> Option<Segment> {
    let mut b = SegmentBuilder::new(raw, lines, Cleaning::Classical);
    b.push(range);
    b.finish(layer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_words_are_joined_and_positions_kept() {
        let raw = "x\n　　主人执\n　　爵兴【注】";
        let lines = LineIndex::new(raw);
        let start = raw.find('主').unwrap();
        let end = raw.find('【').unwrap();
        let seg = segment(raw, &lines, start..end, Layer::Jing).unwrap();
        assert_eq!(seg.text, "主人执爵兴");
        assert_eq!((seg.line, seg.column), (2, 3));
        let jue = seg.offsets[3] as usize;
        assert_eq!(lines.line_col(raw, jue), (3, 3));
    }

    #[test]
    fn ascii_debris_is_dropped_and_pua_repaired() {
        let raw = "擬hy41來者\u{EA20}端";
        let lines = LineIndex::new(raw);
        let seg = segment(raw, &lines, 0..raw.len(), Layer::Shu).unwrap();
        assert_eq!(seg.text, "擬來者玄端");
        assert_eq!(seg.offsets.len(), 5);
    }
}

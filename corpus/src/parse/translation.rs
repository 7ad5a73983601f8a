//! A translation with one sentence per line (`xiangshe.yiwen`, seed 001;
//! CORPUS.md §2.2).
//!
//! Every line of text is one passage with one 譯 segment. Around the text the
//! web page left three kinds of debris, none of which is text:
//!
//! * the title on the first line, followed by the reading-mode buttons of the
//!   page (`關燈` `小` `中` `大`), one per line;
//! * a duplicated body: the page printed its text twice, so a trailing block
//!   of lines repeats an earlier block line for line ([`trailing_copy_start`]);
//! * the `[記] ` marker that opens the 記 part: it is dropped from the text
//!   and the lines from there on are flagged as 記.
//!
//! Line breaks fall after every `。`, even inside quotations, so a line may
//! begin with a closing quote: that is kept as it is.

use crate::error::{CorpusError, Result};
use crate::manifest::SourceInfo;
use crate::model::{Layer, ParsedPassage, Segment};
use crate::text::{LineIndex, segment};

/// Labels of the page's reading-mode buttons (lights off, small, medium and
/// large type). They are recognised only in the run right after the title:
/// `中` is also a word of the text.
const UI_LABELS: &[&str] = &["關燈", "小", "中", "大"];

/// The marker that opens the 記 part of the translation.
const JI_MARK: &str = "[記]";

/// A trailing block shorter than this is not taken for a copy of the page:
/// a translation of ritual may well repeat a short formula (`如初。`) at its
/// end, but a page printed twice repeats much more.
const MIN_COPY_LINES: usize = 3;

pub fn parse(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let text_lines = non_blank_lines(raw, lines);
    let body = skip_title_and_ui(info, raw, lines, &text_lines)?;
    let texts: Vec<&str> = body.iter().map(|&n| line_text(raw, lines, n)).collect();
    let unique = &body[..unique_len(&texts)];
    passages(info, raw, lines, unique)
}

fn line_text<'a>(raw: &'a str, lines: &LineIndex, line: u32) -> &'a str {
    &raw[lines.line_range(raw, line as usize)]
}

fn shape_error(info: &SourceInfo, line: u32, message: impl Into<String>) -> CorpusError {
    CorpusError::Parse { source_id: info.id.clone(), line: line as usize, message: message.into() }
}

/// 1-based numbers of the lines that hold anything but whitespace.
fn non_blank_lines(raw: &str, lines: &LineIndex) -> Vec<u32> {
    (1..=lines.line_count() as u32)
        .filter(|&n| !line_text(raw, lines, n).trim().is_empty())
        .collect()
}

/// The lines after the title and the reading-mode buttons.
fn skip_title_and_ui<'l>(
    info: &SourceInfo,
    raw: &str,
    lines: &LineIndex,
    text_lines: &'l [u32],
) -> Result<&'l [u32]> {
    let Some((_title, rest)) = text_lines.split_first() else {
        return Err(shape_error(info, 1, "the file is empty"));
    };
    let ui =
        rest.iter().take_while(|&&n| UI_LABELS.contains(&line_text(raw, lines, n).trim())).count();
    let body = &rest[ui..];
    if body.is_empty() {
        return Err(shape_error(info, lines.line_count() as u32, "no text after the title"));
    }
    Ok(body)
}

/// How many lines remain once trailing copies are dropped: while the last
/// `k` lines (k ≥ [`MIN_COPY_LINES`]) repeat `k` earlier lines, they go.
fn unique_len<T: PartialEq>(lines: &[T]) -> usize {
    let mut len = lines.len();
    while let Some(start) = trailing_copy_start(&lines[..len]) {
        len = start;
    }
    len
}

/// Where the longest trailing block that repeats an earlier block (not
/// overlapping it) begins, if there is one of at least [`MIN_COPY_LINES`].
/// The earlier block need not be adjacent: a page may print a stray line
/// between its two copies. Longest first, so that a copy of a whole page is
/// found whole rather than as the repeat of its last few lines.
fn trailing_copy_start<T: PartialEq>(lines: &[T]) -> Option<usize> {
    let n = lines.len();
    (MIN_COPY_LINES..=n / 2).rev().find_map(|k| {
        let tail = &lines[n - k..];
        let repeated = (0..=n - 2 * k).any(|t| &lines[t..t + k] == tail);
        repeated.then_some(n - k)
    })
}

/// One passage per line. The first `[記]` line opens the 記 for the rest.
fn passages(
    info: &SourceInfo,
    raw: &str,
    lines: &LineIndex,
    body: &[u32],
) -> Result<Vec<ParsedPassage>> {
    let mut out = Vec::with_capacity(body.len());
    let mut in_ji = false;
    for &line in body {
        let opens_ji = line_text(raw, lines, line).trim_start().starts_with(JI_MARK);
        if opens_ji && in_ji {
            return Err(shape_error(info, line, "a second `[記]` marker; the 記 opens only once"));
        }
        in_ji = in_ji || opens_ji;
        // A line holding nothing but the marker opens the 記 without a passage.
        if let Some(mut seg) = line_segment(raw, lines, line, opens_ji) {
            seg.ji = in_ji;
            out.push(ParsedPassage { section: None, segments: vec![seg] });
        }
    }
    Ok(out)
}

/// The 譯 segment of one line, leaving out the `[記]` marker and the space
/// after it when the line opens the 記.
fn line_segment(raw: &str, lines: &LineIndex, line: u32, opens_ji: bool) -> Option<Segment> {
    let mut range = lines.line_range(raw, line as usize);
    if opens_ji {
        let text = &raw[range.clone()];
        let marker_end = text.find(JI_MARK).map_or(0, |i| i + JI_MARK.len());
        let after = &text[marker_end..];
        range.start += marker_end + (after.len() - after.trim_start().len());
    }
    segment(raw, lines, range, Layer::Yi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_printed_twice_keeps_one_copy() {
        let lines = ["frag", "a", "b", "c", "d", "a", "b", "c", "d"];
        assert_eq!(unique_len(&lines), 5);
    }

    #[test]
    fn the_copy_need_not_follow_its_original_directly() {
        let lines = ["a", "b", "c", "stray", "a", "b", "c"];
        assert_eq!(unique_len(&lines), 4);
    }

    #[test]
    fn short_repeats_are_text() {
        let lines = ["如初。", "拜。", "x", "如初。", "拜。"];
        assert_eq!(unique_len(&lines), 5);
        let none: [&str; 0] = [];
        assert_eq!(unique_len(&none), 0);
    }

    #[test]
    fn three_copies_keep_one() {
        let lines = ["a", "b", "c", "a", "b", "c", "a", "b", "c"];
        assert_eq!(unique_len(&lines), 3);
    }
}

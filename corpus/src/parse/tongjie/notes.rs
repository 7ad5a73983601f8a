//! Splitting a 【】 note of the 通解 edition into its layers.
//!
//! A note holds, in this order, 鄭玄's 注, 陸德明's sound glosses (音義), the
//! 疏 (opening `疏曰`) and 朱熹's remarks (opening `今按`), but the separators
//! are unreliable (CORPUS.md §2.4): the 疏 and the 今按 are found by their
//! opening words, and the glosses by their shape, because they may stand
//! before the 注 (`【中丁仲反　事未至也…】`), be glued to its start
//! (`【亨普庚反乡饮酒义曰…】`) or to its end (`…传命者传丈专反下传同】`).
//!
//! A gloss is a run of *units* — `X YZ反` (反切), `X如字`, `X音Y` — each
//! optionally followed by remarks (`下传同`, `下宾厌同`, `一音避`,
//! `后皆仿此`). A run glued to its neighbours is one 音義 segment even when
//! it reads two characters (`为于伪反获如字`, `骹苦交反肱古横反`), as the
//! printed edition sets it as one piece. Because a 注 may itself contain
//! shapes like `…X反`, a run only counts as a gloss if every character it
//! reads occurs in the passage's 經 or in the rest of the note: 陸德明 only
//! glosses words of the text in front of the reader.

use std::ops::Range;

use crate::fold::{is_cjk, repair_pua};
use crate::model::{Layer, Reading, ReadingKind, Segment};
use crate::text::{LineIndex, segment};

/// The words that open the later parts of a note, with the layer they open.
const OPENERS: &[(&str, Layer)] = &[("疏曰", Layer::Shu), ("今按", Layer::An)];

/// Remarks that close a gloss without a character of their own. `下…同`
/// ("the same below") and `一音X` ("another reading X") are matched by shape.
const FIXED_REMARKS: &[&str] = &["后皆仿此", "後皆倣此", "后皆放此"];

/// A character of the note with its byte offset in the raw file.
#[derive(Debug, Clone, Copy)]
struct Ch {
    at: usize,
    c: char,
}

/// One piece of the head of a note (the part before `疏曰`/`今按`).
#[derive(Debug)]
enum HeadPiece {
    Zhu(Range<usize>),
    Yinyi(Range<usize>, Vec<Reading>),
}

/// Splits the note whose content (between 【 and 】) is `content` into
/// segments in reading order. `jing` is the 經 text of the passage, which
/// tells whether a gloss serves the 經 or the 注.
pub(super) fn split(
    raw: &str,
    lines: &LineIndex,
    content: Range<usize>,
    jing: &str,
) -> Vec<Segment> {
    let chars = chars_of(raw, content.clone());
    let parts = opened_parts(&chars, content.end);
    let head_end = parts.first().map_or(content.end, |(r, _)| r.start);
    let mut segments = head_segments(raw, lines, &chars_of(raw, content.start..head_end), jing);
    segments.extend(parts.into_iter().filter_map(|(r, layer)| segment(raw, lines, r, layer)));
    segments
}

/// A note with no 經 before it at the start of a file: the tail of a 疏
/// whose beginning is on an earlier page. Its head is 疏, not 注.
pub(super) fn split_headless(raw: &str, lines: &LineIndex, content: Range<usize>) -> Vec<Segment> {
    let chars = chars_of(raw, content.clone());
    let parts = opened_parts(&chars, content.end);
    let head_end = parts.first().map_or(content.end, |(r, _)| r.start);
    let head = segment(raw, lines, content.start..head_end, Layer::Shu);
    head.into_iter()
        .chain(parts.into_iter().filter_map(|(r, layer)| segment(raw, lines, r, layer)))
        .collect()
}

fn chars_of(raw: &str, range: Range<usize>) -> Vec<Ch> {
    raw[range.clone()].char_indices().map(|(i, c)| Ch { at: range.start + i, c }).collect()
}

/// The 疏 and 今按 parts: each runs from its opening word to the next
/// opening word or the end of the note. Only the first `疏曰` and the first
/// `今按` open a part (a 疏 may quote words, but never these).
fn opened_parts(chars: &[Ch], end: usize) -> Vec<(Range<usize>, Layer)> {
    let mut starts: Vec<(usize, Layer)> = OPENERS
        .iter()
        .filter_map(|(word, layer)| find_word(chars, word).map(|i| (chars[i].at, *layer)))
        .collect();
    starts.sort_by_key(|(at, _)| *at);
    let ends = starts.iter().skip(1).map(|(at, _)| *at).chain(std::iter::once(end));
    starts.iter().zip(ends).map(|(&(at, layer), e)| (at..e, layer)).collect()
}

fn find_word(chars: &[Ch], word: &str) -> Option<usize> {
    let word: Vec<char> = word.chars().collect();
    chars.windows(word.len()).position(|w| w.iter().map(|ch| ch.c).eq(word.iter().copied()))
}

/// The 注 and 音義 segments of the head of a note, in reading order.
fn head_segments(raw: &str, lines: &LineIndex, head: &[Ch], jing: &str) -> Vec<Segment> {
    let mut pieces = Vec::new();
    for chunk in head.split(|ch| ch.c.is_whitespace()).filter(|c| !c.is_empty()) {
        pieces.extend(chunk_pieces(chunk));
    }
    let head_text: String = head.iter().map(|ch| repair_pua(ch.c)).collect();
    let pieces = reject_unanchored(pieces, raw, &head_text, jing);
    let pieces = merge_zhu(pieces);
    let zhu_text: String = pieces
        .iter()
        .filter_map(|p| match p {
            HeadPiece::Zhu(r) => Some(raw[r.clone()].chars().map(repair_pua).collect::<String>()),
            HeadPiece::Yinyi(..) => None,
        })
        .collect();
    pieces
        .into_iter()
        .filter_map(|p| match p {
            HeadPiece::Zhu(r) => segment(raw, lines, r, Layer::Zhu),
            HeadPiece::Yinyi(r, readings) => {
                yinyi_segment(raw, lines, r, readings, jing, &zhu_text)
            }
        })
        .collect()
}

/// Splits one chunk (text between ideographic spaces) into a gloss at its
/// start, 注 text, and a gloss at its end; any of the three may be missing.
fn chunk_pieces(chunk: &[Ch]) -> Vec<HeadPiece> {
    let cs: Vec<char> = chunk.iter().map(|ch| ch.c).collect();
    let end_byte = |i: usize| chunk.get(i).map_or_else(|| byte_after(chunk), |ch| ch.at);
    let mut out = Vec::new();
    let (first, prefix_len) = parse_units(&cs);
    if prefix_len > 0 {
        out.push(HeadPiece::Yinyi(chunk[0].at..end_byte(prefix_len), first));
    }
    let suffix = (prefix_len..cs.len()).find_map(|i| {
        let (readings, n) = parse_units(&cs[i..]);
        (n > 0 && i + n == cs.len()).then_some((i, readings))
    });
    let middle_end = suffix.as_ref().map_or(cs.len(), |(i, _)| *i);
    if middle_end > prefix_len {
        out.push(HeadPiece::Zhu(end_byte(prefix_len)..end_byte(middle_end)));
    }
    if let Some((i, readings)) = suffix {
        out.push(HeadPiece::Yinyi(end_byte(i)..byte_after(chunk), readings));
    }
    out
}

fn byte_after(chunk: &[Ch]) -> usize {
    chunk.last().map_or(0, |ch| ch.at + ch.c.len_utf8())
}

/// Reads as many gloss units (with their remarks) as stand at the start of
/// `cs`; returns them and the number of characters they take.
fn parse_units(cs: &[char]) -> (Vec<Reading>, usize) {
    let mut readings = Vec::new();
    let mut i = 0;
    while let Some((mut reading, n)) = unit_at(&cs[i..]) {
        i += n;
        while let Some(m) = remark_len(&cs[i..]) {
            let remark: String = cs[i..i + m].iter().collect();
            reading.remark = Some(reading.remark.take().unwrap_or_default() + &remark);
            i += m;
        }
        readings.push(reading);
    }
    (readings, i)
}

/// A gloss unit at the start of `cs`: `X YZ反`, `X如字` or `X音Y`.
fn unit_at(cs: &[char]) -> Option<(Reading, usize)> {
    let ideo = |i: usize| cs.get(i).is_some_and(|&c| is_cjk(c));
    let reading = |kind, text: String| Reading {
        character: repair_pua(cs[0]).to_string(),
        reading: text,
        kind,
        remark: None,
        serves: None,
    };
    if ideo(0) && ideo(1) && ideo(2) && cs.get(3) == Some(&'反') && cs[0] != '反' {
        return Some((reading(ReadingKind::Fanqie, cs[1..4].iter().collect()), 4));
    }
    if ideo(0) && cs.get(1) == Some(&'如') && cs.get(2) == Some(&'字') {
        return Some((reading(ReadingKind::Ruzi, "如字".to_owned()), 3));
    }
    if ideo(0) && cs.get(1) == Some(&'音') && ideo(2) {
        return Some((reading(ReadingKind::Yin, cs[1..3].iter().collect()), 3));
    }
    None
}

/// The length of a remark at the start of `cs`, if one stands there.
fn remark_len(cs: &[char]) -> Option<usize> {
    let starts = |s: &str| s.chars().count() <= cs.len() && s.chars().zip(cs).all(|(a, &b)| a == b);
    if let Some(fixed) = FIXED_REMARKS.iter().find(|r| starts(r)) {
        return Some(fixed.chars().count());
    }
    // 下X同 / 下XY同: "the same (reading) for X below".
    let same_below = (cs.first() == Some(&'下'))
        .then(|| (2..=3).find(|&k| cs.get(k) == Some(&'同')))
        .flatten()
        .filter(|&k| cs[1..k].iter().all(|&c| is_cjk(c)));
    if let Some(k) = same_below {
        return Some(k + 1);
    }
    // 一音X: "another reading is X".
    if cs.starts_with(&['一', '音']) && cs.get(2).is_some_and(|&c| is_cjk(c)) {
        return Some(3);
    }
    None
}

/// Turns back into 注 text any would-be gloss reading a character that
/// occurs neither in the 經 nor elsewhere in the note's head.
fn reject_unanchored(pieces: Vec<HeadPiece>, raw: &str, head: &str, jing: &str) -> Vec<HeadPiece> {
    pieces
        .into_iter()
        .map(|p| match p {
            HeadPiece::Yinyi(r, readings) => {
                let own: String = raw[r.clone()].chars().map(repair_pua).collect();
                let rest = head.replacen(&own, "", 1);
                let anchored = readings
                    .iter()
                    .all(|rd| jing.contains(&rd.character) || rest.contains(&rd.character));
                if anchored { HeadPiece::Yinyi(r, readings) } else { HeadPiece::Zhu(r) }
            }
            zhu => zhu,
        })
        .collect()
}

/// Joins neighbouring 注 pieces (split only by an ideographic space or a
/// rejected gloss) into one, so that a note has one 注 segment.
fn merge_zhu(pieces: Vec<HeadPiece>) -> Vec<HeadPiece> {
    let mut out: Vec<HeadPiece> = Vec::with_capacity(pieces.len());
    for p in pieces {
        match (out.last_mut(), p) {
            (Some(HeadPiece::Zhu(prev)), HeadPiece::Zhu(r)) => prev.end = r.end,
            (_, p) => out.push(p),
        }
    }
    out
}

/// A 音義 segment; each reading says whether it serves the 經 or the 注 of
/// its passage. The 經 wins when both hold the character (定 in 羮定 and
/// in 注 定犹孰也): the gloss is printed for the classic first.
fn yinyi_segment(
    raw: &str,
    lines: &LineIndex,
    range: Range<usize>,
    readings: Vec<Reading>,
    jing: &str,
    zhu: &str,
) -> Option<Segment> {
    let mut seg = segment(raw, lines, range, Layer::Yinyi)?;
    seg.readings = readings
        .into_iter()
        .map(|mut rd| {
            rd.serves = if jing.contains(&rd.character) {
                Some(Layer::Jing)
            } else if zhu.contains(&rd.character) {
                Some(Layer::Zhu)
            } else {
                None
            };
            rd
        })
        .collect();
    Some(seg)
}

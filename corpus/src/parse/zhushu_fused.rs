//! 《儀禮注疏》 web edition with 經 and 注 fused on one line (燕禮, seed 002).
//!
//! Layout (CORPUS.md §2.3): every text line holds a 經 and its 注 with no
//! separator at all; a line starting with `[疏]` holds the 疏 of the line
//! above. A 疏 opens with its 出文, the quotation of the text it comments on:
//!
//! ```text
//! [疏]“若射”至“之禮”。注“大射”至“飲酒”。釋曰:…
//! ```
//!
//! `“A”至“B”` gives the first and last two characters of the 經, `注“C”至“D”`
//! those of the 注. That is the only in-file evidence of where the 經 ends,
//! so the split point of a fused line is the sentence end after which the 經
//! ends with B and the 注 begins with C. Four fused lines have no 疏; for them
//! the parser knows the 經 text ([`JING_WITHOUT_SHU`]).
//!
//! One line (`士旅酌。旅,序也。…無執爵者。卒。`) ends with a stray 經 `卒。`
//! that opens the next passage: the next 疏 quotes its 經 as 「卒主」至「之禮」
//! while the next line starts 主人…. Such a tail is moved to the next passage
//! as its first 經 segment.

use std::ops::Range;

use crate::error::{CorpusError, Result};
use crate::fold::is_kept;
use crate::manifest::SourceInfo;
use crate::model::{Layer, ParsedPassage, Segment};
use crate::text::{LineIndex, segment};

/// The marker that opens a 疏 line.
const SHU_MARKER: &str = "[疏]";

/// The 經 of the four fused lines that have no 疏 (so no 出文 tells where
/// their 注 begins). Compared ignoring punctuation. CORPUS.md §2.3: "a parser
/// must know the 經 prefixes" of such lines.
const JING_WITHOUT_SHU: &[&str] = &[
    "受者如初受酬之禮,降,更爵洗,升,酌膳,下拜。小臣辭。升成拜,公答拜。乃就席,坐行之。",
    "唯受於公者拜。",
    "士旅酌。",
    "受賜爵者興,授執散爵,執散爵者乃酌行之。",
];

/// What a 疏's 出文 says about the text it comments on.
#[derive(Debug, Default, Clone)]
struct Chuwen {
    /// First and last characters of the 經 (`“A”至“B”`, or `“A”` alone).
    jing: Option<(Vec<char>, Vec<char>)>,
    /// First and last characters of the 注 (`注“C”至“D”`, or `注“C”`).
    zhu: Option<(Vec<char>, Vec<char>)>,
    /// Byte offset (in the raw file) of `注“`, where the 疏 on the 注 begins.
    zhu_at: Option<usize>,
}

/// A fused 經+注 line with the 疏 line that follows it, if any.
struct Entry {
    line: usize,
    range: Range<usize>,
    shu: Option<ShuLine>,
}

struct ShuLine {
    /// The 疏 text, without the `[疏]` marker.
    range: Range<usize>,
    chuwen: Chuwen,
}

pub fn parse(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let entries = read_entries(info, raw, lines)?;
    let mut passages = Vec::with_capacity(entries.len());
    // A stray 經 cut from the end of the previous line, waiting for its passage.
    let mut carried: Option<Range<usize>> = None;
    for (i, entry) in entries.iter().enumerate() {
        let split = split_jing_zhu(info, raw, entry)?;
        let zhu_end = match entries.get(i + 1) {
            Some(next) => stray_tail_start(raw, entry, split, next).unwrap_or(entry.range.end),
            None => entry.range.end,
        };
        let mut segments = Vec::new();
        if let Some(stray) = carried.take() {
            segments.extend(segment(raw, lines, stray, Layer::Jing));
        }
        segments.extend(segment(raw, lines, entry.range.start..split, Layer::Jing));
        segments.extend(segment(raw, lines, split..zhu_end, Layer::Zhu));
        if let Some(shu) = &entry.shu {
            segments.extend(shu_segment(raw, lines, shu));
        }
        if zhu_end < entry.range.end {
            carried = Some(zhu_end..entry.range.end);
        }
        passages.push(ParsedPassage { section: None, segments });
    }
    if carried.is_some() {
        return Err(parse_error(info, lines.line_count(), "the last line ends with a stray 經"));
    }
    Ok(passages)
}

fn parse_error(info: &SourceInfo, line: usize, message: impl Into<String>) -> CorpusError {
    CorpusError::Parse { source_id: info.id.clone(), line, message: message.into() }
}

/// Pairs each fused line with the `[疏]` line after it. Blank lines are
/// skipped; a 疏 with no fused line before it is an error.
fn read_entries(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = Vec::new();
    for line in 1..=lines.line_count() {
        let range = lines.line_range(raw, line);
        let text = &raw[range.clone()];
        if text.trim().is_empty() {
            continue;
        }
        if let Some(body) = text.strip_prefix(SHU_MARKER) {
            let start = range.end - body.len();
            let shu =
                ShuLine { range: start..range.end, chuwen: parse_chuwen(raw, start..range.end) };
            match entries.last_mut() {
                Some(entry) if entry.shu.is_none() => entry.shu = Some(shu),
                _ => return Err(parse_error(info, line, "a 疏 line without a 經 line before it")),
            }
        } else {
            entries.push(Entry { line, range, shu: None });
        }
    }
    Ok(entries)
}

/// Reads the 出文 at the start of a 疏 (everything before `釋曰`): quotations
/// before `注“` are about the 經, those after it about the 注.
fn parse_chuwen(raw: &str, range: Range<usize>) -> Chuwen {
    let text = &raw[range.clone()];
    let head = &text[..text.find("釋曰").unwrap_or(text.len())];
    let zhu_rel = head.find("注“");
    let (jing_part, zhu_part) = match zhu_rel {
        Some(z) => (&head[..z], &head[z..]),
        None => (head, ""),
    };
    Chuwen {
        jing: first_and_last(&quotations(jing_part)),
        zhu: first_and_last(&quotations(zhu_part)),
        zhu_at: zhu_rel.map(|z| range.start + z),
    }
}

/// The texts inside curly quotes `“…”`, in order.
fn quotations(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('“') {
        let after = &rest[open + '“'.len_utf8()..];
        let Some(close) = after.find('”') else { break };
        out.push(&after[..close]);
        rest = &after[close + '”'.len_utf8()..];
    }
    out
}

/// `“A”至“B”` → (A, B); a single quotation `“A”` quotes a span whole, so it is
/// both its start and its end.
fn first_and_last(quotes: &[&str]) -> Option<(Vec<char>, Vec<char>)> {
    let first = kept(quotes.first()?);
    let last = kept(quotes.last()?);
    Some((first, last))
}

/// The characters that matter for comparing texts: ideographs only, no
/// punctuation (the 出文 drops the commas of the text it quotes).
fn kept(s: &str) -> Vec<char> {
    s.chars().filter(|&c| is_kept(c)).collect()
}

/// Byte offsets right after each sentence end (`。`, `?`, `!`) in `range`:
/// the only places where a 經 can end and a 注 begin.
fn sentence_ends(raw: &str, range: Range<usize>) -> Vec<usize> {
    raw[range.clone()]
        .char_indices()
        .filter(|(_, c)| matches!(c, '。' | '?' | '!' | '？' | '！'))
        .map(|(i, c)| range.start + i + c.len_utf8())
        .collect()
}

/// Where the 注 of a fused line begins (a byte offset in `raw`).
fn split_jing_zhu(info: &SourceInfo, raw: &str, entry: &Entry) -> Result<usize> {
    // A cut at the very end of the line would leave the 注 empty.
    let cuts: Vec<usize> = sentence_ends(raw, entry.range.clone())
        .into_iter()
        .filter(|&b| b < entry.range.end)
        .collect();
    let chuwen = entry.shu.as_ref().map(|s| &s.chuwen);
    if let Some((zhu_start, _)) = chuwen.and_then(|c| c.zhu.as_ref()) {
        let jing_end = chuwen.and_then(|c| c.jing.as_ref()).map(|(_, b)| b.as_slice());
        return cuts
            .into_iter()
            .find(|&b| {
                let before = kept(&raw[entry.range.start..b]);
                let after = kept(&raw[b..entry.range.end]);
                jing_end.is_none_or(|end| before.ends_with(end)) && after.starts_with(zhu_start)
            })
            .ok_or_else(|| {
                parse_error(info, entry.line, "the 疏's 出文 matches no 經/注 boundary")
            });
    }
    let known: Vec<Vec<char>> = JING_WITHOUT_SHU.iter().map(|j| kept(j)).collect();
    cuts.into_iter().find(|&b| known.contains(&kept(&raw[entry.range.start..b]))).ok_or_else(|| {
        parse_error(info, entry.line, "a fused line with neither 疏 nor a known 經 text")
    })
}

/// If the next passage's 疏 quotes a 經 that does not start its own line, the
/// missing start is a tail of this line (`…無執爵者。卒。` + `主人洗…` =
/// 「卒主」…). Returns where that tail begins: the shortest run of whole
/// sentences at the end of this line's 注 that, joined to the next line,
/// starts with the quoted 經 (the tail may be shorter than the quotation, as
/// `卒` is, or hold all of it).
fn stray_tail_start(raw: &str, entry: &Entry, split: usize, next: &Entry) -> Option<usize> {
    let (quoted_start, _) = next.shu.as_ref()?.chuwen.jing.as_ref()?;
    let next_text = kept(&raw[next.range.clone()]);
    if next_text.starts_with(quoted_start) {
        return None;
    }
    let cuts = sentence_ends(raw, split..entry.range.end);
    cuts.into_iter().rev().filter(|&t| t > split && t < entry.range.end).find(|&t| {
        let mut joined = kept(&raw[t..entry.range.end]);
        let tail_len = joined.len();
        joined.extend(&next_text);
        tail_len > 0 && joined.starts_with(quoted_start)
    })
}

/// The 疏 segment, marked where its part on the 注 (`注“…”`) begins.
fn shu_segment(raw: &str, lines: &LineIndex, shu: &ShuLine) -> Option<Segment> {
    let mut seg = segment(raw, lines, shu.range.clone(), Layer::Shu)?;
    seg.shu_on_zhu = shu
        .chuwen
        .zhu_at
        .and_then(|at| seg.offsets.iter().position(|&o| o as usize == at))
        .map(|i| i as u32);
    Some(seg)
}

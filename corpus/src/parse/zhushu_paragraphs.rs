//! The 《儀禮註疏》 web edition with 經, 注 and 疏 as separate paragraphs
//! (`xiangshe.zhushu`, seed 000; CORPUS.md §2.1).
//!
//! The file has no markup that says which paragraph is 經 and which is 注:
//! both are single lines separated by blank lines. What it does have:
//!
//! * a 疏 always contains `釋曰`;
//! * a 疏 that comments on a 注 follows that 注 *without* a blank line, so a
//!   paragraph of two lines is always `注` + `疏`;
//! * otherwise 經 and 注 alternate, a new 經 starting after every 疏.
//!
//! The alternation is broken only where two 經 paragraphs follow each other
//! (a 經 without 注 followed by a 經 without 疏 before it). Nothing in the text
//! marks those, so they are listed per file in [`JING_AFTER_JING`]; the 疏
//! quotations (出文) confirm every one of them (tests/parse_zhushu.rs).
//!
//! A passage is one 經 paragraph with the 注 and 疏 that follow it; a 疏
//! standing alone belongs to the passage before it. The first 經 paragraph
//! that begins with `記。` opens the 記, which runs to the end of the file.

use crate::error::{CorpusError, Result};
use crate::manifest::SourceInfo;
use crate::model::{Layer, ParsedPassage, Segment};
use crate::text::{LineIndex, segment};

/// 經 paragraphs that directly follow another 經 paragraph, by 1-based line,
/// for each file (identified by its SHA-256, because line numbers only hold
/// for exactly those bytes). The alternation rule would take each of them
/// for a 注. Source: CORPUS.md §2.1, checked against the 疏 出文.
const JING_AFTER_JING: &[(&str, &[u32])] = &[(
    // xiangshe.zhushu.txt (seed 000_fc068ac90b3961d7.txt)
    "4becf2597a406a63e29568ae10e0bf5f44c176396c672e4da9e09896f035c2ab",
    &[75, 194, 402, 539, 576, 612, 741, 787, 913, 940, 1136, 1201, 1223, 1234, 1240, 1242, 1322],
)];

/// Every 疏 paragraph contains this (`○釋曰︰`, `○注釋曰︰`, …); no 經 or 注 does.
const SHU_MARK: &str = "釋曰";

/// The literal prefix of the first 記 paragraph.
const JI_MARK: &str = "記。";

/// The web page's closing line (`本章完!`), not part of the text.
const TRAILER_MARK: &str = "本章完";

/// Markers inside a 疏 where the sub-commentary on the 注 begins: the 出文 of
/// the 注 (`○注「C」至「D」`), or a bare `○注釋曰` when the 疏 quotes no 注.
const SHU_ON_ZHU_MARKS: &[&str] = &["○注「", "○注釋曰"];

/// The 經 paragraphs listed as following another 經 in this file, if any.
fn jing_after_jing(info: &SourceInfo) -> &'static [u32] {
    JING_AFTER_JING
        .iter()
        .find(|(sha, _)| sha.eq_ignore_ascii_case(&info.sha256))
        .map(|(_, lines)| *lines)
        .unwrap_or(&[])
}

pub fn parse(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let paragraphs = paragraphs(raw, lines);
    let body = strip_front_and_back(info, raw, lines, &paragraphs)?;
    let pieces = classify(info, raw, lines, body)?;
    assemble(info, raw, lines, &pieces)
}

/// A run of non-blank lines: 1-based line numbers, in order.
type Paragraph = Vec<u32>;

/// What one line of the body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Jing,
    Zhu,
    Shu,
}

#[derive(Debug, Clone, Copy)]
struct Piece {
    kind: Kind,
    line: u32,
}

fn line_text<'a>(raw: &'a str, lines: &LineIndex, line: u32) -> &'a str {
    &raw[lines.line_range(raw, line as usize)]
}

fn shape_error(info: &SourceInfo, line: u32, message: impl Into<String>) -> CorpusError {
    CorpusError::Parse { source_id: info.id.clone(), line: line as usize, message: message.into() }
}

/// Splits the file on blank lines (lines of whitespace count as blank).
fn paragraphs(raw: &str, lines: &LineIndex) -> Vec<Paragraph> {
    let mut out: Vec<Paragraph> = Vec::new();
    let mut current: Paragraph = Vec::new();
    for n in 1..=lines.line_count() as u32 {
        if line_text(raw, lines, n).trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push(n);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Drops the title and the edition header (the first two paragraphs) and the
/// web trailer (the last paragraph, when it is `本章完!`): they are page
/// furniture, not text. Fails when the file does not open that way, because
/// then it is not the layout this parser knows.
fn strip_front_and_back<'p>(
    info: &SourceInfo,
    raw: &str,
    lines: &LineIndex,
    paragraphs: &'p [Paragraph],
) -> Result<&'p [Paragraph]> {
    let [title, header, rest @ ..] = paragraphs else {
        return Err(shape_error(info, 1, "expected a title and an edition header before the text"));
    };
    if title.len() != 1 {
        return Err(shape_error(info, title[0], "the title should be a single line"));
    }
    let header_is_edition =
        header.len() == 1 && line_text(raw, lines, header[0]).trim_start().starts_with('《');
    if !header_is_edition {
        return Err(shape_error(info, header[0], "expected the edition header `《…》…` here"));
    }
    let body = match rest {
        [body @ .., last]
            if last.len() == 1
                && line_text(raw, lines, last[0]).trim().starts_with(TRAILER_MARK) =>
        {
            body
        }
        body => body,
    };
    Ok(body)
}

/// Labels every line of the body 經, 注 or 疏 (see the module comment).
fn classify(
    info: &SourceInfo,
    raw: &str,
    lines: &LineIndex,
    body: &[Paragraph],
) -> Result<Vec<Piece>> {
    let exceptions = jing_after_jing(info);
    let is_shu = |line: u32| line_text(raw, lines, line).contains(SHU_MARK);
    let mut pieces = Vec::new();
    // Whether the next single-line paragraph that is not a 疏 is a 注 (it
    // follows a 經) or a 經 (it follows a 注 or a 疏).
    let mut expect_zhu = false;
    for para in body {
        match *para.as_slice() {
            [zhu, shu] => {
                if !expect_zhu || is_shu(zhu) || !is_shu(shu) {
                    return Err(shape_error(
                        info,
                        zhu,
                        "a two-line paragraph should be a 注 after a 經, followed by its 疏",
                    ));
                }
                pieces.push(Piece { kind: Kind::Zhu, line: zhu });
                pieces.push(Piece { kind: Kind::Shu, line: shu });
                expect_zhu = false;
            }
            [line] if is_shu(line) => {
                pieces.push(Piece { kind: Kind::Shu, line });
                expect_zhu = false;
            }
            [line] => {
                let listed = exceptions.contains(&line);
                if listed && !expect_zhu {
                    // The rule alone already makes it a 經: the list is stale.
                    return Err(shape_error(
                        info,
                        line,
                        "listed as 經 after 經, but no 經 precedes it",
                    ));
                }
                let kind = if expect_zhu && !listed { Kind::Zhu } else { Kind::Jing };
                pieces.push(Piece { kind, line });
                expect_zhu = kind == Kind::Jing;
            }
            _ => {
                let first = para.first().copied().unwrap_or(0);
                return Err(shape_error(
                    info,
                    first,
                    format!(
                        "a paragraph of {} lines; expected 1 (經, 注, 疏) or 2 (注 + 疏)",
                        para.len()
                    ),
                ));
            }
        }
    }
    check_exceptions_used(info, exceptions, &pieces)?;
    Ok(pieces)
}

/// Every listed exception must have been a single-line 經 paragraph; one that
/// fell inside a 注 + 疏 pair or on a blank line means the list does not fit
/// the file.
fn check_exceptions_used(info: &SourceInfo, exceptions: &[u32], pieces: &[Piece]) -> Result<()> {
    for &line in exceptions {
        if !pieces.iter().any(|p| p.line == line && p.kind == Kind::Jing) {
            return Err(shape_error(info, line, "listed as a 經 paragraph, but it is not one"));
        }
    }
    Ok(())
}

/// Groups the labelled lines into passages and builds their segments.
fn assemble(
    info: &SourceInfo,
    raw: &str,
    lines: &LineIndex,
    pieces: &[Piece],
) -> Result<Vec<ParsedPassage>> {
    let mut passages: Vec<ParsedPassage> = Vec::new();
    let mut in_ji = false;
    for piece in pieces {
        let Some(seg) = build_segment(raw, lines, piece, &mut in_ji) else {
            return Err(shape_error(info, piece.line, "a paragraph with no text once cleaned"));
        };
        if piece.kind == Kind::Jing {
            passages.push(ParsedPassage { section: None, segments: vec![seg] });
        } else if let Some(passage) = passages.last_mut() {
            passage.segments.push(seg);
        } else {
            return Err(shape_error(info, piece.line, "commentary before the first 經 paragraph"));
        }
    }
    Ok(passages)
}

/// One paragraph as a segment. `in_ji` turns on at the first 經 that begins
/// with `記。` and stays on: the 記 runs to the end of the chapter. The `記。`
/// itself stays in the text (it is printed as part of the paragraph).
fn build_segment(raw: &str, lines: &LineIndex, piece: &Piece, in_ji: &mut bool) -> Option<Segment> {
    let layer = match piece.kind {
        Kind::Jing => Layer::Jing,
        Kind::Zhu => Layer::Zhu,
        Kind::Shu => Layer::Shu,
    };
    let mut seg = segment(raw, lines, lines.line_range(raw, piece.line as usize), layer)?;
    match piece.kind {
        Kind::Jing => {
            *in_ji = *in_ji || seg.text.starts_with(JI_MARK);
            seg.ji = *in_ji;
        }
        Kind::Shu => seg.shu_on_zhu = shu_on_zhu(&seg.text),
        Kind::Zhu => {}
    }
    Some(seg)
}

/// Where, in a 疏's text (in characters), the sub-commentary on the 注 begins.
///
/// A 疏 that opens with `注「…」` (or `○注釋曰`, or the odd `疏 ○注釋曰`) is
/// about the 注 from its first character. Otherwise the part on the 注 starts
/// at its `○` marker (see [`SHU_ON_ZHU_MARKS`]), after the part on the 經.
fn shu_on_zhu(text: &str) -> Option<u32> {
    let head = text.strip_prefix('疏').unwrap_or(text);
    let head = head.trim_start_matches(|c: char| c == '○' || c.is_whitespace());
    if head.starts_with('注') {
        return Some(0);
    }
    let byte = SHU_ON_ZHU_MARKS.iter().filter_map(|m| text.find(m)).min()?;
    Some(text[..byte].chars().count() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shu_on_zhu_marks_the_part_on_the_zhu() {
        assert_eq!(shu_on_zhu("注「退還」至「射事」。○釋曰︰射宮者"), Some(0));
        assert_eq!(shu_on_zhu("○注釋曰︰云"), Some(0));
        assert_eq!(shu_on_zhu("疏 ○注釋曰:云"), Some(0));
        assert_eq!(shu_on_zhu("「無介」。○注「雖先」至「禮略」。○釋曰"), Some(5));
        assert_eq!(shu_on_zhu("「大夫」至「門左」。○注釋曰︰云"), Some(10));
        assert_eq!(shu_on_zhu("「鄉射」至「乃請」。○釋曰︰自此"), None);
        assert_eq!(shu_on_zhu("○○釋曰︰"), None);
    }
}

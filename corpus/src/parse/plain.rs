//! A user's own text: paragraphs separated by blank lines.
//!
//! Without markup every paragraph is a 經 passage. A paragraph may start with
//! a layer tag in brackets — `[經]`, `[記]`, `[注]`, `[疏]`, `[音義]`, `[按]`,
//! `[題]`, `[譯]` (simplified forms and full-width ［］ also accepted). A 經 or
//! 記 paragraph opens a new passage; a commentary paragraph joins the passage
//! before it; a 題 paragraph is a heading for the passages *after* it (the
//! modern convention, unlike the 右… headings of the 通解).

use crate::error::Result;
use crate::manifest::SourceInfo;
use crate::model::{Layer, ParsedPassage};
use crate::text::{Cleaning, LineIndex, SegmentBuilder};

/// A paragraph's tag: its layer, and whether it is 記.
fn tag(s: &str) -> Option<(Layer, bool, usize)> {
    let open = s.chars().next().filter(|c| *c == '[' || *c == '［')?;
    let inner_start = open.len_utf8();
    let close = s[inner_start..].find([']', '］'])? + inner_start;
    let name = &s[inner_start..close];
    let close_len = s[close..].chars().next()?.len_utf8();
    let (layer, ji) = match name {
        "記" | "记" => (Layer::Jing, true),
        other => (Layer::parse(other)?, false),
    };
    Some((layer, ji, close + close_len))
}

/// Byte ranges of the paragraphs of `raw` (runs of non-blank lines).
fn paragraphs(raw: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut pos = 0;
    for line in raw.split_inclusive('\n') {
        let blank = line.trim().is_empty();
        match (blank, start) {
            (false, None) => start = Some(pos),
            (true, Some(s)) => {
                out.push(s..pos);
                start = None;
            }
            _ => {}
        }
        pos += line.len();
    }
    if let Some(s) = start {
        out.push(s..raw.len());
    }
    out
}

pub fn parse(_info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let mut passages: Vec<ParsedPassage> = Vec::new();
    let mut section: Option<String> = None;
    for range in paragraphs(raw) {
        let text = &raw[range.clone()];
        let lead = text.len() - text.trim_start().len();
        let (layer, ji, body_start) = match tag(text.trim_start()) {
            Some((l, ji, len)) => (l, ji, range.start + lead + len),
            None => (Layer::Jing, false, range.start),
        };
        let mut b = SegmentBuilder::new(raw, lines, Cleaning::Plain);
        b.push(body_start..range.end);
        let Some(mut seg) = b.finish(layer) else { continue };
        seg.ji = ji;
        match layer {
            Layer::Ti => {
                section = Some(seg.text.clone());
                passages.push(ParsedPassage { section: section.clone(), segments: vec![seg] });
            }
            Layer::Jing | Layer::Yi => {
                passages.push(ParsedPassage { section: section.clone(), segments: vec![seg] })
            }
            _ => match passages.last_mut() {
                Some(p) if !p.segments.iter().all(|s| s.layer == Layer::Ti) => p.segments.push(seg),
                _ => passages.push(ParsedPassage { section: section.clone(), segments: vec![seg] }),
            },
        }
    }
    Ok(passages)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> SourceInfo {
        SourceInfo::user_text("user.test", "測試", "test.txt")
    }

    #[test]
    fn untagged_paragraphs_are_jing_passages() {
        let raw = "賓升,\n就席。\n\n主人答拜。\n";
        let p = parse(&info(), raw, &LineIndex::new(raw)).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].segments[0].text, "賓升,就席。");
        assert_eq!(p[1].segments[0].line, 4);
    }

    #[test]
    fn tags_mark_layers_and_commentary_joins_its_passage() {
        let raw = "[題] 第一\n\n乃張侯\n\n[注] 侯,謂所射布也。\n\n[記] 凡侯\n\n［疏］釋曰\n";
        let p = parse(&info(), raw, &LineIndex::new(raw)).unwrap();
        let layers: Vec<Vec<Layer>> =
            p.iter().map(|p| p.segments.iter().map(|s| s.layer).collect()).collect();
        assert_eq!(
            layers,
            vec![vec![Layer::Ti], vec![Layer::Jing, Layer::Zhu], vec![Layer::Jing, Layer::Shu]]
        );
        assert!(p[2].segments[0].ji);
        assert_eq!(p[1].section.as_deref(), Some("第一"));
        assert_eq!(p[1].segments[1].text, "侯,謂所射布也。");
    }
}

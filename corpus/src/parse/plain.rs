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
use crate::model::{Layer, ParsedPassage, Passage};
use crate::text::{Cleaning, LineIndex, SegmentBuilder};

use super::split;
use super::table::PassageStart;

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
/// A paragraph longer than [`split::CHUNK_BYTES`] comes in chunks, each
/// ending at the first line end past that size; `true` marks a chunk that
/// continues the paragraph before it (as [`PlainStream`] reads them).
fn paragraphs(raw: &str) -> Vec<(std::ops::Range<usize>, bool)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let (mut pos, mut capped, mut continued) = (0, false, false);
    for line in raw.split_inclusive('\n') {
        let blank = line.trim().is_empty();
        match (blank, start) {
            (false, None) => {
                start = Some(pos);
                continued = std::mem::take(&mut capped);
            }
            (true, Some(s)) => {
                out.push((s..pos, continued));
                start = None;
            }
            (true, None) => capped = false,
            _ => {}
        }
        pos += line.len();
        if let Some(s) = start.filter(|&s| pos - s >= split::CHUNK_BYTES) {
            out.push((s..pos, continued));
            (start, capped) = (None, true);
        }
    }
    if let Some(s) = start {
        out.push((s..raw.len(), continued));
    }
    out
}

/// The layer a paragraph's tag names (經 without one).
fn paragraph_layer(text: &str) -> (Layer, bool) {
    tag(text.trim_start()).map_or((Layer::Jing, false), |(l, ji, _)| (l, ji))
}

/// The segment of one paragraph (`raw[range]`), with its layer tag read;
/// `None` for a paragraph with nothing but a tag and whitespace.
fn paragraph_segment(
    raw: &str,
    lines: &LineIndex,
    range: std::ops::Range<usize>,
) -> Option<crate::model::Segment> {
    let text = &raw[range.clone()];
    let lead = text.len() - text.trim_start().len();
    let (layer, ji, body_start) = match tag(text.trim_start()) {
        Some((l, ji, len)) => (l, ji, range.start + lead + len),
        None => (Layer::Jing, false, range.start),
    };
    let mut b = SegmentBuilder::new(raw, lines, Cleaning::Plain);
    b.push(body_start..range.end);
    let mut seg = b.finish(layer)?;
    seg.ji = ji;
    Some(seg)
}

/// Groups paragraphs into passages by the rules at the top, one paragraph at
/// a time, holding only the passage still open (a commentary paragraph may
/// yet join it): the same whether the text is parsed whole or streamed.
#[derive(Default)]
struct Grouping {
    section: Option<String>,
    open: Option<ParsedPassage>,
}

impl Grouping {
    /// Places one paragraph's segment; returns the passage it closed.
    fn place(&mut self, seg: crate::model::Segment) -> Option<ParsedPassage> {
        match seg.layer {
            Layer::Ti => {
                self.section = Some(seg.text.clone());
                self.start(seg)
            }
            Layer::Jing | Layer::Yi => self.start(seg),
            _ => match &mut self.open {
                Some(p) if !p.segments.iter().all(|s| s.layer == Layer::Ti) => {
                    p.segments.push(seg);
                    None
                }
                _ => self.start(seg),
            },
        }
    }

    /// Places piece `i` of a paragraph cut by [`split::pieces`]: the first
    /// as any paragraph, the others as passages of their own in `layer`
    /// (the paragraph's), so that no passage outgrows the bound.
    fn place_piece(
        &mut self,
        mut seg: crate::model::Segment,
        i: usize,
        layer: (Layer, bool),
    ) -> Option<ParsedPassage> {
        if i == 0 {
            return self.place(seg);
        }
        (seg.layer, seg.ji) = layer;
        self.start(seg)
    }

    fn start(&mut self, seg: crate::model::Segment) -> Option<ParsedPassage> {
        self.open.replace(ParsedPassage { section: self.section.clone(), segments: vec![seg] })
    }
}

pub fn parse(_info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let mut passages: Vec<ParsedPassage> = Vec::new();
    let mut grouping = Grouping::default();
    let mut layer = (Layer::Jing, false);
    for (range, continued) in paragraphs(raw) {
        let text = &raw[range.clone()];
        if !continued {
            layer = paragraph_layer(text);
        }
        for (i, piece) in split::pieces(text, split::MAX_PASSAGE_CHARS).into_iter().enumerate() {
            // A continuing chunk's first piece is not its paragraph's first.
            let i = i + usize::from(continued);
            let piece = range.start + piece.start..range.start + piece.end;
            if let Some(seg) = paragraph_segment(raw, lines, piece) {
                passages.extend(grouping.place_piece(seg, i, layer));
            }
        }
    }
    passages.extend(grouping.open);
    Ok(passages)
}

/// A passage of a streamed text, with where the raw line changes inside
/// each of its segments: (character index, 1-based raw line), as the index
/// stores them — what a caller would otherwise compute from the whole
/// text's [`LineIndex`].
#[derive(Debug, Clone)]
pub struct StreamedPassage {
    pub passage: Passage,
    pub line_starts: Vec<Vec<(u32, u32)>>,
    /// Where it starts, for the table of passages written at import
    /// ([`super::table`]), from which [`PlainStream::resume`] reads it again.
    pub start: PassageStart,
}

/// The passages of a text in the plain format read from `reader` one
/// paragraph at a time, the same passages, ids, lines, columns and byte
/// offsets as [`crate::Corpus::add_source`] gives for the whole text, while
/// holding only the paragraph being read and the passage still open. For
/// what goes through a large text once (an import counting it, the index
/// build), so its memory does not grow with the text. A text that is not
/// UTF-8 is an error (`InvalidData`).
pub struct PlainStream<R> {
    reader: R,
    source: String,
    work: String,
    /// Byte offset and 1-based number of the next line to read.
    pos: usize,
    line: u32,
    line_buf: String,
    grouping: Grouping,
    /// Where the lines of the passage still open start.
    pending_lines: Vec<LineStarts>,
    ordinal: u32,
    done: bool,
    /// The paragraph being placed a piece at a time.
    cut: Option<split::Cut>,
    /// The last paragraph read stopped at [`split::CHUNK_BYTES`], not at a
    /// blank line; and the layer of the paragraph being read.
    capped: bool,
    layer: (Layer, bool),
    /// Whether each passage comes with its segments' line starts (not
    /// wanted when the passages are only counted).
    with_line_starts: bool,
    /// Where the passage still open started, and the chunk of the 題
    /// paragraph whose first piece is the heading in force.
    open_start: Option<PassageStart>,
    heading_at: Option<u64>,
    /// Pieces of the first chunk read to pass over (a resumed stream).
    skip: u32,
}

impl<R: std::io::BufRead> PlainStream<R> {
    pub fn new(info: &SourceInfo, reader: R) -> PlainStream<R> {
        PlainStream {
            reader,
            source: info.id.clone(),
            work: info.work.clone(),
            pos: 0,
            line: 1,
            line_buf: String::new(),
            grouping: Grouping::default(),
            pending_lines: Vec::new(),
            ordinal: 0,
            done: false,
            cut: None,
            capped: false,
            layer: (Layer::Jing, false),
            with_line_starts: true,
            open_start: None,
            heading_at: None,
            skip: 0,
        }
    }

    /// A stream over `reader`, which reads the text from the start of the
    /// chunk where passage `ordinal` starts (`start`, from the table of
    /// passages); `heading` is the heading in force there (the first
    /// passage of the stream at `start.heading_at` gives it). Its first
    /// passage is that passage, the same as a reading from the start gives;
    /// the passages after it follow. Nothing before the chunk is read.
    pub fn resume(
        info: &SourceInfo,
        reader: R,
        start: &PassageStart,
        ordinal: u32,
        heading: Option<String>,
    ) -> PlainStream<R> {
        let mut s = PlainStream::new(info, reader);
        s.pos = start.chunk_at as usize;
        s.line = start.chunk_line;
        s.capped = start.continued;
        s.layer = (start.layer, start.ji);
        s.grouping.section = heading;
        s.heading_at = start.heading_at;
        s.ordinal = ordinal.saturating_sub(1);
        s.skip = start.piece;
        s
    }

    /// The same passages with no line starts (every segment's list empty):
    /// for counting them, which needs none, so the walk over each segment's
    /// characters is not made.
    pub fn without_line_starts(mut self) -> PlainStream<R> {
        self.with_line_starts = false;
        self
    }

    /// The next paragraph: its text (from the start of its first line to the
    /// end of its last, line break included), byte offset and first line;
    /// `None` at the end.
    /// A paragraph over [`split::CHUNK_BYTES`] comes in chunks (as
    /// `paragraphs` cuts them), so that it is never held whole; `true`
    /// with a chunk that continues the paragraph before it.
    fn paragraph(&mut self) -> std::io::Result<Option<(String, usize, u32, bool)>> {
        let mut para: Option<(String, usize, u32)> = None;
        let mut continued = std::mem::take(&mut self.capped);
        loop {
            self.line_buf.clear();
            let n = self.reader.read_line(&mut self.line_buf)?;
            if n == 0 {
                return Ok(para.map(|(t, at, l)| (t, at, l, continued)));
            }
            let (at, line) = (self.pos, self.line);
            self.pos += n;
            if self.line_buf.ends_with('\n') {
                // Saturating: a resumed stream's line comes from a record.
                self.line = self.line.saturating_add(1);
            }
            if self.line_buf.trim().is_empty() {
                if para.is_some() {
                    return Ok(para.map(|(t, at, l)| (t, at, l, continued)));
                }
                continued = false;
                continue;
            }
            let text = &mut para.get_or_insert_with(|| (String::new(), at, line)).0;
            text.push_str(&self.line_buf);
            if text.len() >= split::CHUNK_BYTES {
                self.capped = true;
                return Ok(para.map(|(t, at, l)| (t, at, l, continued)));
            }
        }
    }

    fn number(
        &mut self,
        p: ParsedPassage,
        lines: &[LineStarts],
        start: PassageStart,
    ) -> StreamedPassage {
        self.ordinal += 1;
        let with_line_starts = self.with_line_starts;
        let line_starts = p
            .segments
            .iter()
            .map(|seg| {
                if !with_line_starts {
                    return Vec::new();
                }
                // A segment's offsets only grow: its lines are walked
                // forward beside them, not searched for each character.
                let mut out = Vec::new();
                let mut last = seg.line;
                let mut k = seg.offsets.first().map_or(0, |&off| line_index(lines, off as usize));
                for (c, &off) in seg.offsets.iter().enumerate() {
                    while k + 1 < lines.len() && lines[k + 1].0 <= off as usize {
                        k += 1;
                    }
                    let l = lines.get(k).map_or(last, |&(_, l)| l);
                    if l != last {
                        out.push((c as u32, l));
                        last = l;
                    }
                }
                out
            })
            .collect();
        StreamedPassage {
            passage: Passage {
                id: crate::corpus::passage_id(&self.source, self.ordinal),
                source: self.source.clone(),
                work: self.work.clone(),
                ordinal: self.ordinal,
                section: p.section,
                segments: p.segments,
            },
            line_starts,
            start,
        }
    }
}

/// Byte offset and 1-based line number of each line start of the passage
/// still open (its paragraphs' lines), for the line of any of its offsets.
type LineStarts = (usize, u32);

/// The index in `lines` of the line holding `byte`.
fn line_index(lines: &[LineStarts], byte: usize) -> usize {
    lines.partition_point(|&(s, _)| s <= byte).saturating_sub(1)
}

impl<R: std::io::BufRead> Iterator for PlainStream<R> {
    type Item = std::io::Result<StreamedPassage>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            if self.cut.is_none() {
                let para = match self.paragraph() {
                    Ok(p) => p,
                    Err(e) => {
                        self.done = true;
                        return Some(Err(e));
                    }
                };
                let Some((text, at, first_line, continued)) = para else {
                    self.done = true;
                    let open = self.grouping.open.take()?;
                    let lines = std::mem::take(&mut self.pending_lines);
                    let start = self.open_start.take().expect("an open passage has a start");
                    return Some(Ok(self.number(open, &lines, start)));
                };
                if !continued {
                    self.layer = paragraph_layer(&text);
                }
                let first = usize::from(continued);
                let mut cut = split::Cut::new(text, at, first_line, self.layer, first);
                for _ in 0..std::mem::take(&mut self.skip) {
                    cut.next_piece();
                }
                self.cut = Some(cut);
            }
            let cut = self.cut.as_mut().expect("set just above");
            let Some((i, piece)) = cut.next_piece() else {
                self.cut = None;
                continue;
            };
            // The piece parsed in its paragraph alone: the paragraph starts
            // at a line start, so its columns are the file's; lines and
            // offsets are shifted.
            let Some(mut seg) = paragraph_segment(&cut.text, &cut.local, piece.clone()) else {
                continue;
            };
            let starts = cut.starts_of(&piece);
            seg.line += cut.first_line - 1;
            for off in &mut seg.offsets {
                *off += cut.at as u32;
            }
            let layer = cut.layer;
            if i == 0 && seg.layer == Layer::Ti {
                self.heading_at = Some(cut.at as u64);
            }
            let here = PassageStart {
                chunk_at: cut.at as u64,
                chunk_line: cut.first_line,
                piece: (i - cut.first) as u32,
                continued: cut.first == 1,
                layer: layer.0,
                ji: layer.1,
                heading_at: self.heading_at,
                first_line: seg.line,
            };
            let was_open = self.grouping.open.is_some();
            let closed = self.grouping.place_piece(seg, i, layer);
            if closed.is_some() || !was_open {
                let started = self.open_start.replace(here);
                if let Some(closed) = closed {
                    let lines = std::mem::replace(&mut self.pending_lines, starts);
                    let start = started.expect("a closed passage had a start");
                    return Some(Ok(self.number(closed, &lines, start)));
                }
            }
            self.pending_lines.extend(starts);
        }
    }
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

//! 朱熹《儀禮經傳通解》-style text (鄉射禮 seed 003, 大射儀 seed 004).
//!
//! Layout (CORPUS.md §2.4): unpunctuated 經 with inline notes `【…】`; every
//! line is indented by two ideographic spaces, and **line breaks are page
//! wraps**, not paragraph ends, so 經 text runs on across them (`执` /
//! `爵兴`). The file opens with a docsify header line, which is not text.
//!
//! * A passage is a maximal 經 run (text outside 【】) with the note after it;
//!   the note is split into 注 / 音義 / 疏 / 今按 by [`notes`].
//! * Section headings `右…` ("the above is …") close the section *before*
//!   them: every passage since the previous heading gets the section name,
//!   and the heading itself becomes a 題 segment of the last of them.
//! * After a heading, `　记` brings in 記 sentences that 朱熹 moved here; that
//!   run ends at the line break and belongs to the section just closed.
//! * A note with no 經 before it is the tail of a 疏 from an earlier page when
//!   it opens the file (kept, as 疏), and a stray note anywhere else (`【以下】`
//!   in 大射, recorded in faults.toml) — noise that makes no segment.
//!
//! How a heading is told from 經 (右 is also an ordinary word: 告左右,
//! 右执一个, and one heading holds it twice, 右献庶子左右正内小臣):
//!
//! 1. *Anchored*: a text run that starts a line or follows `】` and begins
//!    with 右 is a heading if its first word (up to an ideographic space) is
//!    followed by the `记` marker, or if that word is all the run holds, ends
//!    the line and is at most [`MAX_HEADING_CHARS`] long. A 經 sentence
//!    beginning with 右 carries a note or runs on, so it fails this test.
//! 2. *Glued*: once, a heading is printed straight after 經 text at the end of
//!    a line (`…告左右卒射如初右三射用乐`). Nothing in the layout marks where
//!    it begins, so only the known section names of the 通解 archery chapters
//!    ([`GLUED_HEADING_NAMES`]) are recognised there.

mod notes;

use std::ops::Range;

use crate::error::{CorpusError, Result};
use crate::fold::is_cjk;
use crate::manifest::SourceInfo;
use crate::model::{Layer, ParsedPassage, Segment};
use crate::text::{Cleaning, LineIndex, SegmentBuilder, segment};

/// The longest heading accepted by the anchored rule (the longest in the
/// seeds, 右献庶子左右正内小臣, has 10 characters).
const MAX_HEADING_CHARS: usize = 12;

/// Section names of the 通解 鄉射禮 and 大射儀 chapters (CORPUS.md §2.4),
/// used only to find a heading glued to the end of 經 text.
const GLUED_HEADING_NAMES: &[&str] = &[
    "张侯",
    "速宾",
    "迎宾",
    "三射用乐",
    "取矢视算",
    "饮不胜者",
    "公为大夫举旅",
    "彻俎",
    "燕",
    "献士及祝史",
    "宾为士举旅",
    "复射",
    "献庶子左右正内小臣",
];

/// The marker that introduces 記 sentences after a heading.
const JI_MARKERS: &[char] = &['记', '記'];

/// The raw file as a stream of layout items.
#[derive(Debug)]
enum Item {
    /// Text outside notes that is neither heading nor marker: 經.
    Jing(Range<usize>),
    /// The content of a note, without its brackets.
    Note(Range<usize>),
    /// A heading, 右 included.
    Heading(Range<usize>),
    /// `　记` after a heading: 記 follows until the line break.
    JiStart,
    /// A line break outside a note.
    Break,
}

pub fn parse(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    let items = tokenize(info, raw, lines)?;
    let mut asm = Assembler::new(raw, lines);
    for item in items {
        asm.feed(item);
    }
    Ok(asm.finish())
}

fn parse_error(info: &SourceInfo, line: usize, message: &str) -> CorpusError {
    CorpusError::Parse { source_id: info.id.clone(), line, message: message.to_owned() }
}

/// A docsify/HTML header such as `<!-- { "loadSidebar": true } -->`.
fn is_page_header(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("<!--") && t.ends_with("-->")
}

/// Cuts the file into notes and the text runs between them. Notes may in
/// principle run over a line break; text runs never do (a line break is an
/// item of its own, so headings and 記 runs can see line ends).
fn tokenize(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<Item>> {
    let mut items = Vec::new();
    // Content start and line of the note being read, if any.
    let mut open: Option<(usize, usize)> = None;
    for line in 1..=lines.line_count() {
        let range = lines.line_range(raw, line);
        if open.is_none() && is_page_header(&raw[range.clone()]) {
            continue;
        }
        let mut text_start = range.start;
        for (i, c) in raw[range.clone()].char_indices() {
            let at = range.start + i;
            match (c, open) {
                ('【', None) => {
                    items.extend(text_items(raw, text_start..at, false));
                    open = Some((at + c.len_utf8(), line));
                }
                ('】', Some((start, _))) => {
                    items.push(Item::Note(start..at));
                    open = None;
                    text_start = at + c.len_utf8();
                }
                ('【', Some(_)) => {
                    return Err(parse_error(info, line, "a note opens inside a note"));
                }
                ('】', None) => {
                    return Err(parse_error(info, line, "a note closes that never opened"));
                }
                _ => {}
            }
        }
        if open.is_none() {
            items.extend(text_items(raw, text_start..range.end, true));
            items.push(Item::Break);
        }
    }
    match open {
        Some((_, line)) => Err(parse_error(info, line, "a note is never closed")),
        None => Ok(items),
    }
}

/// Classifies a text run (which starts a line or follows `】`, and ends at
/// `【` or, if `ends_line`, at the line end) into 經, heading and 記 marker.
fn text_items(raw: &str, range: Range<usize>, ends_line: bool) -> Vec<Item> {
    let text = &raw[range.clone()];
    let body_start = range.start + (text.len() - text.trim_start().len());
    let body = &raw[body_start..range.end];
    if let Some((len, ji_rest)) = anchored_heading(body, ends_line) {
        let mut items = vec![Item::Heading(body_start..body_start + len)];
        if let Some(rest) = ji_rest {
            items.push(Item::JiStart);
            items.push(Item::Jing(body_start + rest..range.end));
        }
        return items;
    }
    let glued = if ends_line { glued_heading(body) } else { None };
    if let Some(at) = glued {
        let end = body_start + body.trim_end().len();
        return vec![Item::Jing(range.start..body_start + at), Item::Heading(body_start + at..end)];
    }
    vec![Item::Jing(range)]
}

/// Rule 1 of the module doc. Returns the heading's byte length in `body`
/// and, when the `记` marker follows, the byte offset where the 記 text starts.
fn anchored_heading(body: &str, ends_line: bool) -> Option<(usize, Option<usize>)> {
    if !body.starts_with('右') {
        return None;
    }
    let len = body.find(char::is_whitespace).unwrap_or(body.len());
    let word = &body[..len];
    if word.chars().count() > MAX_HEADING_CHARS || !word.chars().all(is_cjk) {
        return None;
    }
    let after = &body[len..];
    let marked = after.trim_start();
    if after.len() > marked.len() && marked.starts_with(JI_MARKERS) {
        let marker_len = marked.chars().next().map_or(0, char::len_utf8);
        return Some((len, Some(body.len() - marked.len() + marker_len)));
    }
    (ends_line && after.trim().is_empty()).then_some((len, None))
}

/// Rule 2 of the module doc: the byte offset in `body` of a known heading
/// glued to the end of 經 text.
fn glued_heading(body: &str) -> Option<usize> {
    let body = body.trim_end();
    GLUED_HEADING_NAMES.iter().find_map(|name| {
        let heading = format!("右{name}");
        (body.len() > heading.len() && body.ends_with(&heading)).then(|| body.len() - heading.len())
    })
}

/// Builds passages from the item stream (see the module doc for the rules).
struct Assembler<'a> {
    raw: &'a str,
    lines: &'a LineIndex,
    passages: Vec<ParsedPassage>,
    /// The 經 run being read; it runs on over line breaks.
    jing: Option<SegmentBuilder<'a>>,
    /// The first passage no heading has labelled yet.
    unlabelled: usize,
    /// The latest heading's section name.
    section: Option<String>,
    /// While inside a 記 run: the section the 記 passages belong to.
    ji_section: Option<String>,
}

impl<'a> Assembler<'a> {
    fn new(raw: &'a str, lines: &'a LineIndex) -> Self {
        Assembler {
            raw,
            lines,
            passages: Vec::new(),
            jing: None,
            unlabelled: 0,
            section: None,
            ji_section: None,
        }
    }

    fn feed(&mut self, item: Item) {
        match item {
            Item::Jing(range) => {
                let (raw, lines) = (self.raw, self.lines);
                self.jing
                    .get_or_insert_with(|| SegmentBuilder::new(raw, lines, Cleaning::Classical))
                    .push(range);
            }
            Item::Note(content) => self.note(content),
            Item::Heading(range) => self.heading(range),
            Item::JiStart => self.ji_section = self.section.clone(),
            Item::Break => {
                // A 記 run ends at the line break; ordinary 經 wraps on.
                if self.ji_section.is_some() {
                    self.flush_jing();
                    self.ji_section = None;
                }
            }
        }
    }

    fn finish(mut self) -> Vec<ParsedPassage> {
        self.flush_jing();
        self.passages
    }

    /// The 經 run read so far as a segment (none if it was only spaces).
    fn take_jing(&mut self) -> Option<Segment> {
        let mut seg = self.jing.take()?.finish(Layer::Jing)?;
        seg.ji = self.ji_section.is_some();
        Some(seg)
    }

    /// A 經 run with no note after it is a passage of its own.
    fn flush_jing(&mut self) {
        if let Some(seg) = self.take_jing() {
            self.push(vec![seg]);
        }
    }

    fn note(&mut self, content: Range<usize>) {
        match self.take_jing() {
            Some(jing) => {
                let notes = notes::split(self.raw, self.lines, content, &jing.text);
                self.push(std::iter::once(jing).chain(notes).collect());
            }
            None if self.passages.is_empty() && self.section.is_none() => {
                let segments = notes::split_headless(self.raw, self.lines, content);
                if !segments.is_empty() {
                    self.push(segments);
                }
            }
            // A stray note between two passages: noise, no segment.
            None => {}
        }
    }

    fn push(&mut self, segments: Vec<Segment>) {
        let section = self.ji_section.clone();
        let is_ji = section.is_some();
        self.passages.push(ParsedPassage { section, segments });
        if is_ji {
            // 記 passages belong to the heading before them, not the next one.
            self.unlabelled = self.passages.len();
        }
    }

    /// Labels the passages since the previous heading and attaches the
    /// heading to the last of them.
    fn heading(&mut self, range: Range<usize>) {
        self.flush_jing();
        self.ji_section = None;
        let Some(seg) = segment(self.raw, self.lines, range, Layer::Ti) else { return };
        let name = seg.text.strip_prefix('右').unwrap_or(&seg.text).to_owned();
        let start = self.unlabelled.min(self.passages.len());
        if start < self.passages.len() {
            for p in &mut self.passages[start..] {
                p.section = Some(name.clone());
            }
            if let Some(last) = self.passages.last_mut() {
                last.segments.push(seg);
            }
        } else {
            // Two headings in a row: the second closes nothing but is kept.
            self.passages.push(ParsedPassage { section: Some(name.clone()), segments: vec![seg] });
        }
        self.unlabelled = self.passages.len();
        self.section = Some(name);
    }
}

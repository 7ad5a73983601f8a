//! One form of location, and the ways a reader names a place: a passage id,
//! a citation as Sheli writes it, or a source file and a line. `locate`
//! turns any of them into a [`Location`]; `citation` writes the standard
//! citation a paper can use, which `locate` reads back.

use serde::Serialize;

use crate::fold::{FoldMode, fold};
use crate::model::{Layer, Passage};
use crate::{Corpus, CorpusError, Result, place};

/// A place in the library: a passage and the raw line of the source file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Location {
    pub passage: String,
    pub source: String,
    /// The file the source was copied from, as the manifest names it.
    pub origin: String,
    /// 1-based line in that file.
    pub line: u32,
    /// Why the place opened is not exactly the one named, when it is not.
    pub note: Option<PlaceNote>,
}

/// What a reader is told when the place named could not be opened as
/// named but a near one was: said, never silent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PlaceNote {
    /// The line has no passage (before the first one: dashe.tongjie's line
    /// 1 is an HTML comment); the first passage after it, on `first`, is
    /// opened.
    NoPassageAtLine { line: u32, first: u32 },
    /// A citation's passage id and line disagree (the line is outside that
    /// passage); the passage on the line is opened.
    LineOutsidePassage { named: String, line: u32 },
    /// The line is after the last passage (a blank line, a web page's
    /// trailer); the last passage, which ends on `last`, is opened.
    AfterLastPassage { line: u32, last: u32 },
}

impl std::fmt::Display for PlaceNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaceNote::NoPassageAtLine { line, first } => {
                write!(
                    f,
                    "line {line} has no passage; the first passage after it is on line {first}"
                )
            }
            PlaceNote::LineOutsidePassage { named, line } => {
                write!(f, "{named} is not on line {line}; the passage on line {line} is shown")
            }
            PlaceNote::AfterLastPassage { line, last } => {
                write!(f, "line {line} has no passage; the last passage ends on line {last}")
            }
        }
    }
}

/// Who wrote a layer, as a citation names it: 鄭注, 賈疏, 陸德明音義 …
fn layer_author(layer: Layer) -> &'static str {
    match layer {
        // The classic itself is cited by its title alone.
        Layer::Jing => "",
        Layer::Zhu => "鄭注",
        Layer::Shu => "賈疏",
        Layer::Yinyi => "陸德明音義",
        Layer::An => "朱熹按",
        Layer::Ti => "題",
        Layer::Yi => "今譯",
    }
}

impl Corpus {
    /// The place `text` names: a passage id (`xiangshe.zhushu.0123`, also
    /// `XIANGSHE.ZHUSHU.123` or full-width), a citation Sheli wrote (it
    /// carries the passage id), a source id or file with a line
    /// (`xiangshe.zhushu:456`, `000_fc068ac90b3961d7.txt:456`,
    /// `xiangshe.zhushu.txt line 456`, a citation with its id cut out), or a
    /// title with a line or a passage number (`《儀禮註疏·鄉射禮》第1168行`,
    /// `《大射儀》第3段`). An error says which forms are read.
    pub fn locate(&self, text: &str) -> Result<Location> {
        let asked = text.trim();
        let folded = place::fold_width(asked);
        let text = folded.as_str();
        // A passage id alone, or a citation with one inside it.
        for word in place::words(text) {
            if let Some(p) = self.passage_spelt(word) {
                return match line_after(text, word) {
                    Some(digits) => self.at_cited_line(p, digits),
                    None => Ok(self.location_of(p, self.line_span(p).0, None)),
                };
            }
        }
        // A source (id, file or origin file) and a line: the name anywhere
        // in the text, so a citation whose id was cut out (what a paper
        // keeps: title, file, line) reads as its file and line.
        for word in place::words(text) {
            if let Some(source) = self.source_named(word) {
                let rest = &text[text.find(word).unwrap_or(0) + word.len()..];
                if let Some((digits, _)) = place::number_in(rest, place::Counted::Line) {
                    let id = source.info.id.clone();
                    // A citation naming a passage this source has not (an
                    // id from another version of Sheli): the line is
                    // opened, and the id said to be elsewhere.
                    let stale = place::words(text)
                        .flat_map(place::passage_id_spellings)
                        .find(|w| w.rsplit_once('.').is_some_and(|(s, _)| s == id));
                    let note = stale.map(|named| PlaceNote::LineOutsidePassage {
                        named,
                        line: digits.parse().unwrap_or(0),
                    });
                    return self.at_line(&id, self.line_in(&id, digits)?, note);
                }
            }
        }
        // A title and a number: a line (第N行) or a passage (第N段, or a
        // number alone), if the title names one source only.
        if let Some(title) = place::title_of(text)
            && let Some(source) = self.source_titled(title)
        {
            let rest = &text[text.find(title).unwrap_or(0) + title.len()..];
            let id = source.info.id.clone();
            match place::number_in(rest, place::Counted::Passage) {
                Some((digits, place::Counted::Line)) => {
                    return self.at_line(&id, self.line_in(&id, digits)?, None);
                }
                Some((digits, place::Counted::Passage)) => {
                    if let Ok(n) = digits.parse::<u32>()
                        && let Ok(p) = self.passage(&crate::passage_id(&id, n))
                    {
                        return Ok(self.location_of(p, self.line_span(p).0, None));
                    }
                }
                None => {}
            }
        }
        Err(CorpusError::NoPlace(asked.to_owned()))
    }

    /// The passage `word` names in any spelling a reader meets (capitals,
    /// no zero padding).
    fn passage_spelt(&self, word: &str) -> Option<&Passage> {
        place::passage_id_spellings(word).iter().find_map(|id| self.passage(id).ok())
    }

    /// The source whose id, file or origin file is `word` (ASCII case
    /// ignored: a file name may be retyped in capitals).
    fn source_named(&self, word: &str) -> Option<&crate::Source> {
        self.sources().iter().find(|s| {
            [&s.info.id, &s.info.file, &s.info.origin].iter().any(|n| n.eq_ignore_ascii_case(word))
        })
    }

    /// The one source a title names: edition and work (`儀禮註疏·鄉射禮`),
    /// or the work alone if only one source has it (`大射儀`; a user's text
    /// by its title). Compared folded, so the 简 spelling and any
    /// punctuation between the parts do not matter. Several: none.
    fn source_titled(&self, title: &str) -> Option<&crate::Source> {
        let want = fold(title, FoldMode::Folded);
        if want.is_empty() {
            return None;
        }
        let full = |s: &&crate::Source| {
            !s.info.user
                && fold(&format!("{}{}", s.info.edition, s.info.work), FoldMode::Folded) == want
        };
        let work = |s: &&crate::Source| fold(&s.info.work, FoldMode::Folded) == want;
        let only = |f: &dyn Fn(&crate::Source) -> bool| {
            let mut found = self.sources().iter().filter(|s| f(s));
            match (found.next(), found.next()) {
                (Some(s), None) => Some(s),
                _ => None,
            }
        };
        only(&|s| full(&s)).or_else(|| only(&|s| work(&s)))
    }

    /// A citation's passage `p` at the line `digits` it names. A line
    /// outside the passage makes the citation contradict itself; the line is
    /// trusted and its passage opened, with a note: the file and its lines
    /// are the edition's and stay, while passage ids are Sheli's numbering
    /// (a passage cut differently in another version moves them), so the
    /// line is the likelier to be right.
    fn at_cited_line(&self, p: &Passage, digits: &str) -> Result<Location> {
        let line = self.line_in(&p.source, digits)?;
        let (first, last) = self.line_span(p);
        if last == 0 || (first..=last).contains(&line) {
            return Ok(self.location_of(p, line, None));
        }
        let note = PlaceNote::LineOutsidePassage { named: p.id.clone(), line };
        self.at_line(&p.source, line, Some(note))
    }

    /// The passage at `line` (already checked to be in the file) of source
    /// `id`: the first beginning on it, else the one whose text runs over
    /// it. A line before the first passage (a file's opening comment) opens
    /// the first passage, told so: a reader naming the top of a file wants
    /// its beginning, and "not found" for a line the file has would be
    /// wrong; the citation written then names the passage's own line.
    fn at_line(&self, id: &str, line: u32, note: Option<PlaceNote>) -> Result<Location> {
        if let Some(p) =
            self.passage_beginning_at(id, line).or_else(|| self.passage_at_line(id, line))
        {
            // Past the last passage's end (xiangshe.zhushu's 1913–1914: a
            // blank line and the web page's trailer) the line is none of
            // its: said, and the passage cited at its own line, as before
            // the first (h5 tester, finding J). This note wins over one
            // given: "the passage on line N" would name none.
            let (first, last) = self.line_span(p);
            if line > last && self.passage_count(id) == Some(p.ordinal as usize) {
                let note = PlaceNote::AfterLastPassage { line, last };
                return Ok(self.location_of(p, first, Some(note)));
            }
            return Ok(self.location_of(p, line, note));
        }
        let last = self.last_line(id).unwrap_or(0);
        let after = (line + 1..=last).find_map(|l| self.passage_beginning_at(id, l));
        let p = after.ok_or_else(|| CorpusError::NoPlace(format!("{id}:{line}")))?;
        let first = self.line_span(p).0;
        let note = note.or(Some(PlaceNote::NoPassageAtLine { line, first }));
        Ok(self.location_of(p, first, note))
    }

    /// The line `digits` names in source `source_id`, if the file has it.
    /// A line past the end is refused with the file's last line, never
    /// taken as the last passage: a citation Sheli then wrote would name a
    /// line that does not exist. Line 0 likewise (lines count from 1).
    fn line_in(&self, source_id: &str, digits: &str) -> Result<u32> {
        let last = self.last_line(source_id).unwrap_or(0);
        match digits.parse::<u32>() {
            Ok(line) if (1..=last).contains(&line) => Ok(line),
            _ => Err(CorpusError::NoSuchLine {
                source_id: source_id.to_owned(),
                line: digits.to_owned(),
                last,
            }),
        }
    }

    fn location_of(&self, p: &Passage, line: u32, note: Option<PlaceNote>) -> Location {
        let origin = self.source(&p.source).map(|s| s.info.origin.clone()).unwrap_or_default();
        Location { passage: p.id.clone(), source: p.source.clone(), origin, line, note }
    }

    /// The standard citation of segment `segment` of `passage` at raw line
    /// `line`: `《儀禮註疏·鄉射禮》鄭注，xiangshe.zhushu.0123，000_….txt 第456行`.
    /// Work (the chapter of the 儀禮), edition, who wrote the layer, the
    /// passage and the line of the file the text came from; `locate` reads
    /// it back.
    pub fn citation(&self, passage: &Passage, segment: usize, line: u32) -> String {
        let layer = passage
            .segments
            .get(segment)
            .map(|s| if s.ji && s.layer == Layer::Jing { "記" } else { layer_author(s.layer) });
        self.cite(passage, layer.unwrap_or(""), line)
    }

    /// Title, then `who` (a layer's author, or nothing), passage and line.
    fn cite(&self, passage: &Passage, who: &str, line: u32) -> String {
        let source = self.source(&passage.source);
        // A user's text has no edition of its own ("imported" is a
        // placeholder): it is cited by its title alone.
        let edition =
            source.filter(|s| !s.info.user).map(|s| s.info.edition.as_str()).unwrap_or("");
        let origin = source.map(|s| s.info.origin.as_str()).unwrap_or("");
        let title = if edition.is_empty() {
            format!("《{}》", passage.work)
        } else {
            format!("《{edition}·{}》", passage.work)
        };
        format!("{title}{who}，{}，{origin} 第{line}行", passage.id)
    }

    /// The citation of a selection starting at character `char_index`
    /// (original positions) of segment `segment`: the line is the one that
    /// character stands on, not the segment's first, so a quotation from
    /// the middle of a long 疏 is found where it is.
    pub fn citation_at(&self, passage: &Passage, segment: usize, char_index: usize) -> String {
        let line = match self.position(passage, segment, char_index) {
            Some((line, _)) => line,
            None => passage.segments.get(segment).map_or_else(|| passage.line(), |s| s.line),
        };
        self.citation(passage, segment, line)
    }

    /// The citation of a whole passage, several layers at once: no layer is
    /// named (the title alone, as for the 經) and the line is the passage's
    /// first, so it reads back to the passage.
    pub fn passage_citation(&self, passage: &Passage) -> String {
        self.passage_citation_at(passage, self.line_span(passage).0)
    }

    /// The citation of a whole passage at raw line `line` (one a reader
    /// named, e.g. `sheli show xiangshe.zhushu:456`): still no layer, since
    /// what is cited is every layer of the passage, not the one on that line.
    pub fn passage_citation_at(&self, passage: &Passage, line: u32) -> String {
        self.cite(passage, "", line)
    }
}

/// The line number written after `word` in a citation: `第456行` or `line
/// 456`, its digits as written.
fn line_after<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let rest = &text[text.find(word)? + word.len()..];
    let number = |after: &'a str| -> Option<&'a str> {
        let after = after.trim_start();
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        (end > 0).then(|| &after[..end])
    };
    if let Some(i) = rest.find('第')
        && let Some(n) = number(&rest[i + '第'.len_utf8()..])
    {
        return Some(n);
    }
    rest.find("line").and_then(|i| number(&rest[i + "line".len()..]))
}

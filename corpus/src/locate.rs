//! One form of location, and the ways a reader names a place: a passage id,
//! a citation as Sheli writes it, or a source file and a line. `locate`
//! turns any of them into a [`Location`]; `citation` writes the standard
//! citation a paper can use, which `locate` reads back.

use serde::Serialize;

use crate::model::{Layer, Passage};
use crate::{Corpus, CorpusError, Result};

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
    /// The place `text` names: a passage id (`xiangshe.zhushu.0123`), a
    /// citation Sheli wrote (it carries the passage id), a source id or file
    /// with a line (`xiangshe.zhushu:456`, `000_fc068ac90b3961d7.txt:456`,
    /// `xiangshe.zhushu.txt line 456`). An error says which forms are read.
    pub fn locate(&self, text: &str) -> Result<Location> {
        let text = text.trim();
        if let Ok(p) = self.passage(text) {
            return Ok(self.location_of(p, self.line_span(p).0));
        }
        // A citation, or anything with a passage id inside it.
        let words =
            text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-'));
        for word in words {
            if let Ok(p) = self.passage(word.trim_matches('.')) {
                let line = match line_after(text, word) {
                    Some(digits) => self.line_in(&p.source, digits)?,
                    None => self.line_span(p).0,
                };
                return Ok(self.location_of(p, line));
            }
        }
        // A source (id, file or origin file) and a line.
        if let Some((name, digits)) = split_source_line(text)
            && let Some(source) = self
                .sources()
                .iter()
                .find(|s| s.info.id == name || s.info.file == name || s.info.origin == name)
        {
            let id = &source.info.id;
            let line = self.line_in(id, digits)?;
            // The first passage beginning on the line, else the one whose
            // text runs over it.
            let p = self
                .passage_beginning_at(id, line)
                .or_else(|| self.passage_at_line(id, line))
                .ok_or_else(|| CorpusError::NoPlace(text.to_owned()))?;
            return Ok(self.location_of(p, line));
        }
        Err(CorpusError::NoPlace(text.to_owned()))
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

    fn location_of(&self, p: &Passage, line: u32) -> Location {
        let origin = self.source(&p.source).map(|s| s.info.origin.clone()).unwrap_or_default();
        Location { passage: p.id.clone(), source: p.source.clone(), origin, line }
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

/// `name:456`, `name line 456`, `name 第456行`: the name, and the line's
/// digits as written (checked against the file by `line_in`).
fn split_source_line(text: &str) -> Option<(&str, &str)> {
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n, r),
        None => {
            let i = text.find(char::is_whitespace)?;
            (&text[..i], &text[i..])
        }
    };
    let rest = &rest[rest.find(|c: char| c.is_ascii_digit())?..];
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    Some((name.trim(), &rest[..end]))
}

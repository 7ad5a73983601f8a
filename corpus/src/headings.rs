//! The contents of an edition: its passages under section headings, for a
//! reader who wants to find a part of the rite rather than a number.
//!
//! Most editions have no headings of their own (the 註疏 is a run of 408
//! passages), so the headings are found where the texts give them, in this
//! order of trust:
//!
//! 1. the edition's own headings (the 通解's `右…`, kept as each passage's
//!    `section` by its parser);
//! 2. the 通解's headings carried over to another edition of the same work
//!    through the edition alignment (`data/alignment.toml`): a passage takes
//!    the heading of the 通解 passage its 經 was matched with;
//! 3. the 疏's own words where 賈公彥 opens a part of the rite: `自此至「無介」，
//!    論州長將射，先戒賓之事` heads the passages from there on with
//!    `州長將射，先戒賓` (the 疏 says where the part ends by a quotation, which
//!    is where the next part it names begins);
//! 4. else the first words of the 經, in groups of [`FIRST_WORDS_GROUP`]
//!    passages, so that a long run without headings still folds.
//!
//! The 記 (the appendix) never continues a heading of the main text: a run
//! begins where it begins. Each heading says which of these it comes from,
//! so the reader can tell Zhu Xi's words from the 疏's and from Sheli's.

use crate::align::LinkKind;
use crate::display::{self, Script};
use crate::manifest::EditionScript;
use crate::model::{Layer, Passage};
use crate::{Corpus, CorpusError, Result};

/// Passages in a group headed only by the first words of its 經.
pub const FIRST_WORDS_GROUP: usize = 10;
/// Characters of 經 in a first-words heading.
pub const FIRST_WORDS_CHARS: usize = 10;
/// Longest heading taken from the 疏 (longer ones are a sentence, not a heading).
const MAX_COMMENTARY_HEADING: usize = 24;

/// Where a heading's words come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeadingBasis {
    /// The edition's own heading (the 通解's `右…`).
    Own,
    /// Another edition's heading, through the edition alignment.
    Edition { source: String },
    /// The 疏's `自此…論…之事`.
    Commentary,
    /// No heading in any text: the first words of the group's 經.
    FirstWords,
}

/// A run of consecutive passages under one heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// The heading, in the edition's own script (a heading borrowed from an
    /// edition in the other script is converted).
    pub title: String,
    pub basis: HeadingBasis,
    /// The run belongs to the 記.
    pub ji: bool,
    /// Ordinals of the first and last passage of the run (inclusive).
    pub first: u32,
    pub last: u32,
}

/// What starts a run at a passage.
struct Start {
    title: String,
    basis: HeadingBasis,
}

impl Corpus {
    /// The contents of `source`: every passage in exactly one run, in order.
    pub fn headings(&self, source: &str) -> Result<Vec<Heading>> {
        let info =
            &self.source(source).ok_or_else(|| CorpusError::UnknownSource(source.to_owned()))?.info;
        let passages = self.try_passages_of(source)?;
        let own = passages.iter().any(|p| p.section.is_some());
        let mut starts: Vec<Option<Start>> = Vec::with_capacity(passages.len());
        // The heading borrowed from another edition that the run being
        // built is under, if it is.
        let mut borrowed: Option<String> = None;
        for (i, p) in passages.iter().enumerate() {
            let prev = i.checked_sub(1).map(|j| &passages[j]);
            let start = if own {
                own_start(p, prev)
            } else {
                match self.edition_heading(p, info.script)? {
                    Some((title, _)) if borrowed.as_ref() == Some(&title) => None,
                    Some((title, from)) => {
                        borrowed = Some(title.clone());
                        Some(Start { title, basis: HeadingBasis::Edition { source: from } })
                    }
                    None => match commentary_heading(p) {
                        Some(title) => {
                            borrowed = None;
                            Some(Start { title, basis: HeadingBasis::Commentary })
                        }
                        // A borrowed heading covers the passages matched under
                        // it; a passage of 經 matched with none ends it (the
                        // 通解 copy stops, or orders the 記 otherwise).
                        None if borrowed.is_some() && !p.jing_text().is_empty() => {
                            borrowed = None;
                            Some(Start { title: String::new(), basis: HeadingBasis::FirstWords })
                        }
                        None => None,
                    },
                }
            };
            starts.push(start);
        }
        Ok(runs(passages, starts))
    }

    /// The heading of the passage of another edition this passage's 經 was
    /// matched with, in `script` (the asking edition's), and that edition.
    fn edition_heading(
        &self,
        p: &Passage,
        script: EditionScript,
    ) -> Result<Option<(String, String)>> {
        let Some(other) = self
            .aligned_with(&p.id)
            .into_iter()
            .find(|a| a.kind == LinkKind::Edition && a.passage.section.is_some())
        else {
            return Ok(None);
        };
        let title = other.passage.section.clone().unwrap_or_default();
        let theirs = self.source(&other.passage.source).map(|s| s.info.script);
        let title = match (theirs, script) {
            (Some(t), mine) if t == mine => title,
            (_, EditionScript::Traditional) => display::convert(&title, Script::Traditional)?,
            (_, EditionScript::Simplified) => display::convert(&title, Script::Simplified)?,
        };
        Ok(Some((title, other.passage.source.clone())))
    }
}

/// For an edition with headings of its own: a run starts where the heading
/// changes (or the 記 begins).
fn own_start(p: &Passage, prev: Option<&Passage>) -> Option<Start> {
    let title = p.section.clone()?;
    if prev.is_some_and(|q| q.section.as_ref() == Some(&title) && q.is_ji() == p.is_ji()) {
        return None;
    }
    Some(Start { title, basis: HeadingBasis::Own })
}

/// The part of the rite the 疏 says begins here, if it says so: a sentence
/// of the passage's 疏 opening `自此…` / `此已下…` / `此以下…` and naming the
/// part after `論`, up to `之事` / `之節` / the sentence's end.
pub fn commentary_heading(p: &Passage) -> Option<String> {
    for seg in p.segments_of(Layer::Shu) {
        for sentence in seg.text.split('。') {
            let s = sentence.trim_start_matches(['○', ' ', '　']);
            let s = s
                .strip_prefix("釋曰︰")
                .or_else(|| s.strip_prefix("釋曰:"))
                .or_else(|| s.strip_prefix("釋曰："))
                .unwrap_or(s);
            if !(s.starts_with("自此") || s.starts_with("此已下") || s.starts_with("此以下"))
            {
                continue;
            }
            let Some(at) = s.find("論") else { continue };
            let after = &s[at + "論".len()..];
            let end = ["之事", "之節", "事也"]
                .iter()
                .filter_map(|m| after.find(m))
                .min()
                .unwrap_or(after.len());
            let title = after[..end].trim_end_matches(['，', ',', '、']).trim();
            let n = title.chars().count();
            if n > 0 && n <= MAX_COMMENTARY_HEADING {
                return Some(title.to_owned());
            }
        }
    }
    None
}

/// The runs: each start opens one; the 記's beginning closes the run before
/// it; passages under no heading are grouped by [`FIRST_WORDS_GROUP`] under
/// the first words of their 經.
fn runs(passages: &[Passage], starts: Vec<Option<Start>>) -> Vec<Heading> {
    let mut out: Vec<Heading> = Vec::new();
    // Where each run begins in `passages` (ordinals need not start at 1).
    let mut begins: Vec<usize> = Vec::new();
    // Whether the last run has a heading from a text (not first words).
    let mut headed = false;
    for (i, (p, start)) in passages.iter().zip(starts).enumerate() {
        let ji = p.is_ji();
        let crosses = out.last().is_some_and(|h| h.ji != ji);
        match start {
            Some(Start { title, basis }) => {
                headed = basis != HeadingBasis::FirstWords;
                out.push(Heading { title, basis, ji, first: p.ordinal, last: p.ordinal });
                begins.push(i);
            }
            None if !crosses
                && begins.last().is_some_and(|b| headed || i - b < FIRST_WORDS_GROUP) =>
            {
                if let Some(h) = out.last_mut() {
                    h.last = p.ordinal;
                }
            }
            None => {
                out.push(Heading {
                    title: String::new(),
                    basis: HeadingBasis::FirstWords,
                    ji,
                    first: p.ordinal,
                    last: p.ordinal,
                });
                begins.push(i);
                headed = false;
            }
        }
    }
    // First-words runs are titled once their passages are known: the first
    // 經 in the run (a run may open with a passage of 注 alone).
    let ends: Vec<usize> = begins.iter().skip(1).copied().chain([passages.len()]).collect();
    for ((h, &b), &e) in out.iter_mut().zip(&begins).zip(&ends) {
        if h.basis != HeadingBasis::FirstWords {
            continue;
        }
        let run = &passages[b..e];
        let words = run
            .iter()
            .map(|p| p.jing_text())
            .find(|t| !t.is_empty())
            .or_else(|| run.first().and_then(|p| p.segments.first()).map(|s| s.text.clone()))
            .unwrap_or_default();
        h.title = first_words(&words);
    }
    out
}

fn first_words(text: &str) -> String {
    let mut s: String = text.chars().take(FIRST_WORDS_CHARS).collect();
    if text.chars().nth(FIRST_WORDS_CHARS).is_some() {
        s.push('…');
    }
    s
}

//! Where a note's span is in the texts: anchors the W3C Web Annotation way,
//! and placing them again when the texts change. Pure functions over the
//! corpus — no SQL; the notes' storage is in [`crate::notes`].
//!
//! A note's target is a passage (`urn:sheli:passage:<id>`) and two
//! selectors over the passage's text — its segments, every layer, joined in
//! reading order, counted in characters:
//!
//! - a TextQuoteSelector: the `exact` text, with up to [`CONTEXT`]
//!   characters of `prefix` before it and `suffix` after it;
//! - a TextPositionSelector: `start` and `end` (exclusive).
//!
//! [`locate`] places a stored anchor: by position if the text there is still
//! `exact`; else by quote within the passage (exact first, then with the
//! search fold, the candidate whose surroundings best match
//! `prefix`/`suffix` winning); else by quote within the same source; else
//! nowhere, and the note is kept as orphaned.
//!
//! A note on several passages has one such anchor per passage
//! ([`crate::note_anchors`]); each is placed by [`locate`] on its own, and
//! one that cannot be placed is orphaned alone, the others kept in place.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use sheli_corpus::fold::{find_in, fold};
use sheli_corpus::{Corpus, FoldMode, Layer, Passage};
use ts_rs::TS;

use crate::{Result, StoreError, limits, passage};

/// Characters of context kept before and after a quote.
pub const CONTEXT: usize = 32;

/// A span selected in the reader: characters `start..end` (end exclusive)
/// of segment `segment` (0-based, as in the passage's `segments`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Selection {
    pub passage_id: String,
    pub segment: u32,
    pub start: u32,
    pub end: u32,
}

/// A selection checked against the texts, as a W3C anchor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Anchor {
    pub passage_id: String,
    pub source_id: String,
    pub work: String,
    pub layer: Layer,
    pub exact: String,
    pub prefix: String,
    pub suffix: String,
    /// Characters of the passage's text.
    pub start: u32,
    pub end: u32,
}

/// A passage's text: every segment's text joined, with where each is.
pub(crate) struct PassageText {
    pub chars: Vec<char>,
    pub segments: Vec<Range<usize>>,
}

impl PassageText {
    pub(crate) fn of(p: &Passage) -> PassageText {
        let mut chars = Vec::new();
        let mut segments = Vec::with_capacity(p.segments.len());
        for s in &p.segments {
            let start = chars.len();
            chars.extend(s.text.chars());
            segments.push(start..chars.len());
        }
        PassageText { chars, segments }
    }

    /// The segment wholly containing `r`, if one does.
    fn segment_of(&self, r: &Range<usize>) -> Option<usize> {
        self.segments.iter().position(|s| s.start <= r.start && r.end <= s.end && r.start < r.end)
    }

    fn text(&self, r: Range<usize>) -> String {
        self.chars[r].iter().collect()
    }

    pub(crate) fn anchor(&self, p: &Passage, r: Range<usize>) -> Anchor {
        let seg = self.segment_of(&r).unwrap_or(0);
        Anchor {
            passage_id: p.id.clone(),
            source_id: p.source.clone(),
            work: p.work.clone(),
            layer: p.segments.get(seg).map(|s| s.layer).unwrap_or(Layer::Jing),
            exact: self.text(r.clone()),
            prefix: self.text(r.start.saturating_sub(CONTEXT)..r.start),
            suffix: self.text(r.end..(r.end + CONTEXT).min(self.chars.len())),
            start: r.start as u32,
            end: r.end as u32,
        }
    }
}

/// A selection resolved in the passage: its anchor.
pub(crate) type Resolved = Anchor;

impl Selection {
    /// Checks the selection against `corpus` and makes its anchor.
    pub(crate) fn resolve(&self, corpus: &Corpus) -> Result<Resolved> {
        let p = passage(corpus, self.passage_id.trim())?;
        let seg = p.segments.get(self.segment as usize).ok_or_else(|| {
            crate::refused(
                crate::StoreCode::RefusedNoSegment,
                [
                    ("id", p.id.clone()),
                    ("segments", p.segments.len().to_string()),
                    ("segment", self.segment.to_string()),
                ],
                format!(
                    "passage {} has {} segments; there is no segment {}",
                    p.id,
                    p.segments.len(),
                    self.segment
                ),
            )
        })?;
        let len = seg.text.chars().count() as u32;
        if self.start >= self.end || self.end > len {
            return Err(crate::refused(
                crate::StoreCode::RefusedSelectionOutside,
                [
                    ("start", self.start.to_string()),
                    ("end", self.end.to_string()),
                    ("segment", self.segment.to_string()),
                    ("len", len.to_string()),
                ],
                format!(
                    "the selection {}..{} is not inside segment {} ({} characters)",
                    self.start, self.end, self.segment, len
                ),
            ));
        }
        if (self.end - self.start) as usize > limits::QUOTE {
            return Err(StoreError::TooLong {
                field: "the selected span",
                len: (self.end - self.start) as usize,
                max: limits::QUOTE,
            });
        }
        let text = PassageText::of(p);
        let base = text.segments[self.segment as usize].start;
        Ok(text.anchor(p, base + self.start as usize..base + self.end as usize))
    }
}

impl Selection {
    /// The `occurrence`-th (1-based) place where `quote` stands in passage
    /// `passage_id`, in `layer` if given: exact matches first; if there are
    /// none, matches under the search fold (so 觯 finds 觶). This is how a
    /// note is placed from the command line, where a user types the words
    /// instead of selecting them.
    pub fn from_quote(
        corpus: &Corpus,
        passage_id: &str,
        quote: &str,
        layer: Option<Layer>,
        occurrence: usize,
    ) -> Result<Selection> {
        let p = passage(corpus, passage_id.trim())?;
        let text = PassageText::of(p);
        let exact: Vec<char> = quote.chars().collect();
        for folded in [false, true] {
            let hits: Vec<(usize, Range<usize>)> = candidates(&text, p, &exact, folded)
                .into_iter()
                .filter_map(|r| text.segment_of(&r).map(|seg| (seg, r)))
                .filter(|(seg, _)| layer.is_none_or(|l| p.segments[*seg].layer == l))
                .collect();
            if hits.is_empty() {
                continue;
            }
            let Some((seg, r)) = hits.get(occurrence.saturating_sub(1)) else {
                return Err(crate::refused(
                    crate::StoreCode::RefusedNoOccurrence,
                    [
                        ("quote", quote.to_string()),
                        ("count", hits.len().to_string()),
                        ("id", p.id.clone()),
                        ("occurrence", occurrence.to_string()),
                    ],
                    format!(
                        "“{quote}” occurs {} times in {}; there is no occurrence {occurrence}",
                        hits.len(),
                        p.id
                    ),
                ));
            };
            let base = text.segments[*seg].start;
            return Ok(Selection {
                passage_id: p.id.clone(),
                segment: *seg as u32,
                start: (r.start - base) as u32,
                end: (r.end - base) as u32,
            });
        }
        let where_ = layer.map(|l| format!(" ({})", l.label())).unwrap_or_default();
        Err(crate::refused(
            crate::StoreCode::RefusedQuoteMissing,
            [
                ("quote", quote.to_string()),
                ("id", p.id.clone()),
                ("layer", layer.map(|l| l.label().to_owned()).unwrap_or_default()),
            ],
            format!("“{quote}” is not in passage {}{where_}", p.id),
        ))
    }
}

/// Where a note sits in its passage now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Span {
    /// 0-based index into the passage's segments.
    pub segment: u32,
    pub layer: Layer,
    /// Characters of the segment's text, end exclusive.
    pub start: u32,
    pub end: u32,
}

// ---------------------------------------------------------------------------
// Placing a quote.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum How {
    Position,
    Quote,
    Folded,
}

pub(crate) struct Found<'c> {
    pub passage: &'c Passage,
    pub text: PassageText,
    pub range: Range<usize>,
    pub how: How,
}

/// Characters of `a` and `b` that agree, counted from the end (prefix side)
/// or the start (suffix side).
fn common_suffix(a: &[char], b: &[char]) -> usize {
    a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count()
}
fn common_prefix(a: &[char], b: &[char]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Candidate ranges of the quote in one passage's text, within segments:
/// exact occurrences, or (if `folded`) occurrences under the search fold.
fn candidates(text: &PassageText, p: &Passage, exact: &[char], folded: bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    if exact.is_empty() {
        return out;
    }
    for (i, seg) in text.segments.iter().enumerate() {
        if folded {
            let quote: String = exact.iter().collect();
            if fold(&quote, FoldMode::Folded).is_empty() {
                return out;
            }
            for r in find_in(&p.segments[i].text, &quote, FoldMode::Folded) {
                out.push(seg.start + r.start..seg.start + r.end);
            }
        } else {
            let hay = &text.chars[seg.clone()];
            if hay.len() >= exact.len() {
                for at in 0..=hay.len() - exact.len() {
                    if hay[at..at + exact.len()] == *exact {
                        out.push(seg.start + at..seg.start + at + exact.len());
                    }
                }
            }
        }
    }
    out
}

/// The stored anchor of a note, as needed to place it.
pub(crate) struct Target<'a> {
    pub passage_id: &'a str,
    pub source_id: &'a str,
    pub exact: &'a str,
    pub prefix: &'a str,
    pub suffix: &'a str,
    pub start: usize,
    pub end: usize,
}

/// Places a quote in the texts (see the module documentation).
pub(crate) fn locate<'c>(corpus: &'c Corpus, t: &Target<'_>) -> Option<Found<'c>> {
    let exact: Vec<char> = t.exact.chars().collect();
    let prefix: Vec<char> = t.prefix.chars().collect();
    let suffix: Vec<char> = t.suffix.chars().collect();
    let home = corpus.passage(t.passage_id).ok();

    // 1. By position.
    if let Some(p) = home {
        let text = PassageText::of(p);
        let r = t.start..t.end;
        if t.end <= text.chars.len()
            && text.chars[r.clone()] == exact[..]
            && text.segment_of(&r).is_some()
        {
            return Some(Found { passage: p, text, range: r, how: How::Position });
        }
    }
    // The best candidate: most context agreeing, then nearest the old place.
    let score = |text: &PassageText, r: &Range<usize>| {
        common_suffix(&text.chars[..r.start], &prefix)
            + common_prefix(&text.chars[r.end..], &suffix)
    };
    let best_in = |p: &'c Passage, folded: bool| -> Option<(usize, Found<'c>)> {
        let text = PassageText::of(p);
        let best = candidates(&text, p, &exact, folded)
            .into_iter()
            .max_by_key(|r| (score(&text, r), std::cmp::Reverse(r.start.abs_diff(t.start))))?;
        let s = score(&text, &best);
        let how = if folded { How::Folded } else { How::Quote };
        Some((s, Found { passage: p, text, range: best, how }))
    };
    // 2. By quote in the passage.
    if let Some(p) = home {
        for folded in [false, true] {
            if let Some((_, f)) = best_in(p, folded) {
                return Some(f);
            }
        }
    }
    // 3. By quote in the same source.
    let source = home.map(|p| p.source.as_str()).unwrap_or(t.source_id);
    let home_ordinal = home
        .map(|p| p.ordinal)
        .or_else(|| t.passage_id.rsplit('.').next().and_then(|n| n.parse().ok()));
    for folded in [false, true] {
        let best = corpus
            .passages_of(source)
            .iter()
            .filter(|p| Some(p.id.as_str()) != home.map(|h| h.id.as_str()))
            .filter_map(|p| best_in(p, folded))
            .max_by_key(|(s, f)| {
                (*s, std::cmp::Reverse(home_ordinal.map(|o| o.abs_diff(f.passage.ordinal))))
            });
        if let Some((_, f)) = best {
            return Some(f);
        }
    }
    None
}

pub(crate) fn span_of(f: &Found<'_>) -> Option<Span> {
    let seg = f.text.segment_of(&f.range)?;
    let base = f.text.segments[seg].start;
    Some(Span {
        segment: seg as u32,
        layer: f.passage.segments[seg].layer,
        start: (f.range.start - base) as u32,
        end: (f.range.end - base) as u32,
    })
}

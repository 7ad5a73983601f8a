//! Keyword in context: where the terms occur in a segment's original text,
//! and a snippet around the first occurrence with every phrase highlighted
//! whole (from its first to its last character, punctuation inside included).

use std::ops::Range;

use serde::Serialize;

use crate::query::{self, CountTerm};
use sheli_corpus::FoldMode;

use crate::tokenizer::{Tok, for_each_token, tokens};

/// Characters of context on each side of the first hit.
pub const CONTEXT: usize = 18;

/// A text's tokens, as the highlighting code reads them.
trait TokenView {
    fn count(&self) -> usize;
    fn text(&self, i: usize) -> &str;
    fn chars(&self, i: usize) -> Range<usize>;
}

impl TokenView for Vec<Tok> {
    fn count(&self) -> usize {
        self.len()
    }
    fn text(&self, i: usize) -> &str {
        &self[i].text
    }
    fn chars(&self, i: usize) -> Range<usize> {
        self[i].chars.clone()
    }
}

/// Tokens as [`tokens`] makes them, borrowed.
struct TokSlice<'a>(&'a [Tok]);

impl TokenView for TokSlice<'_> {
    fn count(&self) -> usize {
        self.0.len()
    }
    fn text(&self, i: usize) -> &str {
        &self.0[i].text
    }
    fn chars(&self, i: usize) -> Range<usize> {
        self.0[i].chars.clone()
    }
}

/// Non-overlapping occurrences of `term` in `toks`, as character ranges of
/// the original text, each from the first character of its first part to the
/// last of its last (punctuation and the characters between parts
/// included). Found by [`query::spans`], as the counting collector finds
/// them, so highlights and counts agree. `toks` are the text's tokens in the
/// mode of the term's units.
pub fn term_ranges(toks: &[Tok], term: &CountTerm) -> Vec<Range<usize>> {
    let view = TokSlice(toks);
    ranges_in(&|_| &view as &dyn TokenView, term)
}

/// [`term_ranges`] with the text's tokens in each mode: the units of one term
/// may be searched in different modes (`=觶 NEAR/3 酒`). Token `i` is
/// position `i` in both (the tokenizer leaves no gaps; folding changes a
/// token, never where it is).
fn ranges_in<'t>(
    toks_in: &dyn Fn(FoldMode) -> &'t dyn TokenView,
    term: &CountTerm,
) -> Vec<Range<usize>> {
    let Some(first) = term.units.first() else { return Vec::new() };
    let toks = toks_in(first.mode);
    token_spans(toks_in, term)
        .into_iter()
        .map(|(start, end)| toks.chars(start as usize).start..toks.chars(end as usize - 1).end)
        .collect()
}

/// The occurrences of `term` as token position ranges `[start, end)`.
fn token_spans<'t>(
    toks_in: &dyn Fn(FoldMode) -> &'t dyn TokenView,
    term: &CountTerm,
) -> Vec<(u32, u32)> {
    let positions: Vec<Vec<Vec<u32>>> = term
        .units
        .iter()
        .map(|unit| {
            let toks = toks_in(unit.mode);
            unit.slots
                .iter()
                .map(|slot| {
                    (0..toks.count() as u32)
                        .filter(|&i| slot.tokens.iter().any(|t| t == toks.text(i as usize)))
                        .collect()
                })
                .collect()
        })
        .collect();
    let mut spans = Vec::new();
    query::spans(term, &positions, &mut query::Scratch::default(), &mut spans);
    spans
}

/// The text's tokens in the modes `terms` use (empty for a mode none uses).
struct ModeTokens {
    folded: Vec<Tok>,
    exact: Vec<Tok>,
}

impl ModeTokens {
    fn new(text: &str, terms: &[CountTerm], always_folded: bool) -> ModeTokens {
        let uses = |mode| terms.iter().flat_map(|t| &t.units).any(|u| u.mode == mode);
        let folded = if always_folded || uses(FoldMode::Folded) {
            tokens(text, FoldMode::Folded)
        } else {
            Vec::new()
        };
        let exact = if uses(FoldMode::Exact) { tokens(text, FoldMode::Exact) } else { Vec::new() };
        ModeTokens { folded, exact }
    }

    fn get(&self, mode: FoldMode) -> &dyn TokenView {
        match mode {
            FoldMode::Folded => &self.folded,
            FoldMode::Exact => &self.exact,
        }
    }
}

/// Every occurrence of every term in `text` as token ranges, sorted and
/// merged where they overlap, with the text's folded tokens (positions are
/// the same in both modes). The ground of collocations and context sorting.
pub fn occurrences(text: &str, terms: &[CountTerm]) -> (Vec<Tok>, Vec<(u32, u32)>) {
    let toks = ModeTokens::new(text, terms, true);
    let toks_in = |mode| toks.get(mode);
    let mut spans: Vec<(u32, u32)> = Vec::new();
    for term in terms {
        spans.extend(token_spans(&toks_in, term));
    }
    spans.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::new();
    for (s, e) in spans {
        match merged.last_mut() {
            Some(last) if s < last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    (toks.folded, merged)
}

/// All highlight ranges of all terms in `text`, sorted, merged where they overlap.
///
/// Every shown result calls this, so it walks the text once per mode the
/// terms use and notes, token by token, which slots the token may stand
/// in, instead of keeping the tokens and comparing each slot with every
/// one of them afterwards (that and the tokens' buffer were a fifth of a
/// 4-character phrase's call at 10M characters, bench/NOTES.md). The
/// occurrences are [`query::spans`]' as before, so highlights still agree
/// with the counts.
pub fn highlights(text: &str, terms: &[CountTerm]) -> Vec<Range<usize>> {
    // positions[term][unit][slot], and the character range of each position
    // (the same in both modes: folding changes a token, never where it is).
    let mut positions: Vec<Vec<Vec<Vec<u32>>>> = terms
        .iter()
        .map(|t| t.units.iter().map(|u| vec![Vec::new(); u.slots.len()]).collect())
        .collect();
    let mut chars: Vec<Range<usize>> = Vec::new();
    for mode in [FoldMode::Folded, FoldMode::Exact] {
        if !terms.iter().flat_map(|t| &t.units).any(|u| u.mode == mode) {
            continue;
        }
        let fill = chars.is_empty();
        let mut i = 0u32;
        for_each_token(text, mode, |tok, _, range| {
            if fill {
                chars.push(range);
            }
            for (term, at) in terms.iter().zip(positions.iter_mut()) {
                for (unit, at) in term.units.iter().zip(at.iter_mut()) {
                    if unit.mode != mode {
                        continue;
                    }
                    for (slot, at) in unit.slots.iter().zip(at.iter_mut()) {
                        if slot.tokens.iter().any(|t| t == tok) {
                            at.push(i);
                        }
                    }
                }
            }
            i += 1;
        });
    }
    let mut ranges: Vec<Range<usize>> = Vec::new();
    let mut scratch = query::Scratch::default();
    let mut spans = Vec::new();
    for (term, at) in terms.iter().zip(&positions) {
        if term.units.is_empty() {
            continue;
        }
        spans.clear();
        query::spans(term, at, &mut scratch, &mut spans);
        ranges
            .extend(spans.iter().map(|&(s, e)| chars[s as usize].start..chars[e as usize - 1].end));
    }
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut merged: Vec<Range<usize>> = Vec::new();
    for r in ranges {
        match merged.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => merged.push(r),
        }
    }
    merged
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Snippet {
    pub text: String,
    /// Character ranges in `text` to highlight.
    pub highlights: Vec<Range<usize>>,
    /// Character index, in the segment text, where the snippet starts.
    pub start: usize,
    /// Character index of the first highlight in the segment text, if any.
    pub first_hit: Option<usize>,
}

/// A snippet of about `2 * CONTEXT` characters plus the first hit, with `…`
/// where text was cut.
pub fn snippet(text: &str, hits: &[Range<usize>]) -> Snippet {
    let chars: Vec<char> = text.chars().collect();
    let (from, to) = match hits.first() {
        Some(h) => (h.start.saturating_sub(CONTEXT), (h.end + CONTEXT).min(chars.len())),
        None => (0, (2 * CONTEXT).min(chars.len())),
    };
    let mut out = String::new();
    let lead = if from > 0 { 1 } else { 0 };
    if lead == 1 {
        out.push('…');
    }
    out.extend(&chars[from..to]);
    if to < chars.len() {
        out.push('…');
    }
    let highlights = hits
        .iter()
        .filter(|h| h.start >= from && h.end <= to)
        .map(|h| h.start - from + lead..h.end - from + lead)
        .collect();
    Snippet { text: out, highlights, start: from, first_hit: hits.first().map(|h| h.start) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::{Join, Unit};

    fn unit(s: &str) -> Unit {
        let toks: Vec<String> = tokens(s, FoldMode::Folded).into_iter().map(|t| t.text).collect();
        Unit::phrase(&toks, FoldMode::Folded)
    }

    fn phrase(s: &str) -> CountTerm {
        CountTerm::single(unit(s), false)
    }

    #[test]
    fn a_phrase_is_highlighted_whole_across_punctuation() {
        let text = "主人答再拜。賓答再拜,乃請。";
        let h = highlights(text, &[phrase("再拜賓答")]);
        assert_eq!(h, vec![3..8]);
        let s = snippet(text, &h);
        let lit: String =
            s.text.chars().skip(s.highlights[0].start).take(s.highlights[0].len()).collect();
        assert_eq!(lit, "再拜。賓答");
    }

    #[test]
    fn a_proximity_is_highlighted_from_its_first_part_through_its_last() {
        let text = "主人答再拜。賓升,再拜。";
        let near =
            CountTerm { units: vec![unit("賓"), unit("主")], join: Join::Near(3), pinyin: false };
        assert!(highlights(text, &[near]).is_empty());
        let near =
            CountTerm {
                units: vec![unit("再拜"), unit("賓")], join: Join::Near(1), pinyin: false
            };
        // 再拜。賓 (the nearest pair), not 賓升,再拜
        assert_eq!(highlights(text, &[near]), vec![3..7]);
        let ordered = CountTerm {
            units: vec![unit("賓"), unit("拜")],
            join: Join::Ordered(2),
            pinyin: false,
        };
        assert_eq!(highlights(text, &[ordered]), vec![6..11]);
    }

    #[test]
    fn a_gapped_phrase_is_highlighted_whole() {
        let mut gapped = unit("再拜");
        gapped.slots[1].offset = 2;
        let text = "再三拜";
        assert_eq!(highlights(text, &[CountTerm::single(gapped, false)]), vec![0..3]);
    }

    #[test]
    fn snippets_mark_cuts() {
        let text: String = std::iter::repeat_n('之', 50)
            .chain("觶".chars())
            .chain(std::iter::repeat_n('也', 50))
            .collect();
        let h = highlights(&text, &[phrase("觯")]);
        let s = snippet(&text, &h);
        assert!(s.text.starts_with('…') && s.text.ends_with('…'));
        assert_eq!(s.text.chars().nth(s.highlights[0].start), Some('觶'));
    }
}

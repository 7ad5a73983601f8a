//! Keyword in context: where the terms occur in a segment's original text,
//! and a snippet around the first occurrence with every phrase highlighted
//! whole (from its first to its last character, punctuation inside included).

use std::ops::Range;

use serde::Serialize;

use crate::query::CountTerm;
use crate::tokenizer::{Tok, tokens};

/// Characters of context on each side of the first hit.
pub const CONTEXT: usize = 18;

/// Non-overlapping occurrences of `term` in `toks`, as character ranges of
/// the original text. Same greedy left-to-right rule as the counting
/// collector, so highlights and counts agree.
pub fn term_ranges(toks: &[Tok], term: &CountTerm) -> Vec<Range<usize>> {
    let n = term.slots.len();
    let mut out = Vec::new();
    if n == 0 || toks.len() < n {
        return out;
    }
    let mut i = 0;
    while i + n <= toks.len() {
        let whole = term
            .slots
            .iter()
            .enumerate()
            .all(|(k, slot)| slot.iter().any(|t| *t == toks[i + k].text));
        if whole {
            out.push(toks[i].chars.start..toks[i + n - 1].chars.end);
            i += n;
        } else {
            i += 1;
        }
    }
    out
}

/// All highlight ranges of all terms in `text`, sorted, merged where they overlap.
pub fn highlights(text: &str, terms: &[CountTerm]) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = Vec::new();
    let mut cache: Vec<(sheli_corpus::FoldMode, Vec<Tok>)> = Vec::new();
    for term in terms {
        let toks = match cache.iter().position(|(m, _)| *m == term.mode) {
            Some(i) => &cache[i].1,
            None => {
                cache.push((term.mode, tokens(text, term.mode)));
                &cache.last().expect("just pushed").1
            }
        };
        ranges.extend(term_ranges(toks, term));
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
    use sheli_corpus::FoldMode;

    fn phrase(s: &str) -> CountTerm {
        CountTerm {
            mode: FoldMode::Folded,
            slots: tokens(s, FoldMode::Folded).into_iter().map(|t| vec![t.text]).collect(),
            pinyin: false,
        }
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

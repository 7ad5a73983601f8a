//! Terms as typed: a run of characters (or a quoted string) is a phrase,
//! `?` in it stands for exactly one character, and `"A B"~N` holds parts
//! that must come in order, close together.

use std::ops::Range;

use sheli_corpus::FoldMode;

use super::ast::{AtomKind, Proximity};
use super::{QueryCode as C, QueryError, err};
use crate::tokenizer::tokens;

/// The most characters `~N` and `NEAR/N` may allow between parts. Nearness
/// is about a phrase or a sentence; further apart, "both in the segment"
/// (`A B`) is the question, and the position check would read long 疏
/// segments for little.
pub const MAX_BETWEEN: u32 = 50;

/// `?`, or the full-width `？` a Chinese input method types: one character.
/// (Read as punctuation, `再？拜` would search 再拜, a different question.)
pub(super) fn is_wildcard(c: char) -> bool {
    c == '?' || c == '？'
}

/// Whether a bare term is punctuation alone (`。`, `○`, `—`, `(`, an
/// emoji): nothing to search for, and no `?` in it.
pub(super) fn is_punctuation_only(text: &str, mode: FoldMode) -> bool {
    !text.contains(is_wildcard) && tokens(text, mode).is_empty()
}

/// A phrase, or a phrase with `?` gaps, from `text`, which begins at
/// character `at` of the query; `span` is the whole term as written.
pub(super) fn term(
    text: &str,
    at: usize,
    mode: FoldMode,
    span: Range<usize>,
) -> Result<AtomKind, QueryError> {
    let mut slots: Vec<Option<String>> = Vec::new();
    for (i, piece) in text.split(is_wildcard).enumerate() {
        if i > 0 {
            slots.push(None);
        }
        slots.extend(tokens(piece, mode).into_iter().map(|t| Some(t.text)));
    }
    let wildcard = |which: Option<usize>| {
        let at = at + which.unwrap_or(0);
        err(
            C::WildcardEdge,
            format!(
                "`{text}`: a `?` stands for one character between two others (坐?爵); \
                 it cannot begin or end a term"
            ),
            at..at + 1,
        )
        .with("term", text)
    };
    let chars: Vec<char> = text.chars().collect();
    if slots.iter().all(Option::is_none) {
        if slots.is_empty() {
            return Err(err(
                C::NothingToSearch,
                format!("`{text}` has nothing to search for (punctuation and spaces are ignored)"),
                span,
            )
            .with("term", text));
        }
        return Err(wildcard(chars.iter().position(|&c| is_wildcard(c))));
    }
    if slots.first() == Some(&None) {
        return Err(wildcard(chars.iter().position(|&c| is_wildcard(c))));
    }
    if slots.last() == Some(&None) {
        return Err(wildcard(chars.iter().rposition(|&c| is_wildcard(c))));
    }
    if slots.iter().all(Option::is_some) {
        Ok(AtomKind::Phrase { tokens: slots.into_iter().flatten().collect(), mode })
    } else {
        Ok(AtomKind::Gapped { slots, mode })
    }
}

/// `"A B"~N`: `inner` is what the quotes hold (from character `at` of the
/// query), `span` the whole of it with the quotes and `~N`. Spaces separate
/// the parts; with no space, every character is a part (`"再拜"~2` is 再,
/// then 拜 at most two characters on), as in Lucene.
pub(super) fn ordered(
    inner: &str,
    at: usize,
    mode: FoldMode,
    max_between: u32,
    span: Range<usize>,
) -> Result<AtomKind, QueryError> {
    let mut parts = Vec::new();
    let mut offset = 0;
    for word in inner.split(char::is_whitespace) {
        let len = word.chars().count();
        // a part of punctuation alone is ignored, as punctuation is anywhere
        if word.contains(is_wildcard) || !tokens(word, mode).is_empty() {
            parts.push(term(word, at + offset, mode, at + offset..at + offset + len)?);
        }
        offset += len + 1;
    }
    if let [only] = parts.as_slice() {
        match only {
            AtomKind::Phrase { tokens, .. } if tokens.len() > 1 => {
                parts = tokens
                    .iter()
                    .map(|t| AtomKind::Phrase { tokens: vec![t.clone()], mode })
                    .collect();
            }
            AtomKind::Gapped { .. } => {
                return Err(err(
                    C::GappedProximity,
                    "with `?` inside, separate the parts of a `~N` phrase with spaces: \"再?拜 賓\"~3",
                    span,
                ));
            }
            _ => {}
        }
    }
    if parts.len() < 2 {
        return Err(err(
            C::ProximityParts,
            format!(
                "`~{max_between}` needs two or more characters or parts in the quotes: \"再 拜\"~3"
            ),
            span,
        )
        .with("n", max_between));
    }
    Ok(AtomKind::Near(Proximity { parts, max_between, ordered: true }))
}

/// The number of characters after `~` or `NEAR/`: `op` is the operator as
/// typed (`~`, `NEAR/`), `digits` what follows it (ASCII or full-width
/// digits), `span` both, `example` how it is written.
pub(super) fn distance(
    op: &str,
    digits: &str,
    span: Range<usize>,
    example: &str,
) -> Result<u32, QueryError> {
    if digits.is_empty() {
        return Err(err(
            C::DistanceMissing,
            format!("`{op}` needs a number of characters after it, e.g. {example}"),
            span,
        )
        .with("op", op)
        .with("example", example));
    }
    let mut n: u64 = 0;
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u64 - '0' as u64,
            '０'..='９' => c as u64 - '０' as u64,
            _ => {
                return Err(err(
                    C::DistanceNotNumber,
                    format!(
                        "`{op}{digits}`: `{digits}` is not a number of characters; e.g. {example}"
                    ),
                    span,
                )
                .with("op", op)
                .with("digits", digits)
                .with("example", example));
            }
        };
        n = (n * 10 + d).min(u64::from(u32::MAX));
    }
    if n > u64::from(MAX_BETWEEN) {
        return Err(err(
            C::DistanceTooFar,
            format!(
                "`{op}{digits}` is too far: at most {MAX_BETWEEN} characters between the parts"
            ),
            span,
        )
        .with("op", op)
        .with("digits", digits)
        .with("max", MAX_BETWEEN));
    }
    Ok(n as u32)
}

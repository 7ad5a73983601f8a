//! The 經 across inline notes (issue 11, point 2).
//!
//! In the 通解 editions (`【…】` notes inside the unpunctuated 經) and the
//! 燕禮 edition (注 fused onto the 經 line), the corpus parser cuts the 經
//! into pieces where a note interrupts it: each piece opens a passage of its
//! own (通解) or stands beside another 經 piece in one passage (the 燕禮's
//! stray `卒。`). A reader of the classic reads straight across the note, so
//! a phrase of 經 must match across it, as it does across punctuation.
//!
//! The parser is left as it is — its segments, counts and character →
//! raw-offset maps are the corpus contract (CORPUS.md, `sheli-corpus`'s
//! tests) and the note stays a segment of its own layer. The index instead
//! gives every 經 piece of such a run a *tail*: the 經 that follows it, up to
//! [`TAIL_TOKENS`] tokens, indexed straight after the piece's own tokens
//! with no gap. An occurrence is counted, ranked and highlighted for the
//! piece where it *begins*, so each occurrence belongs to exactly one
//! segment, and a match lying wholly in the tail (the next piece's own) is
//! not counted twice. A run ends at a heading (題) and where the 記 begins
//! or ends; other editions (paragraphs of 注疏, translations, users' texts)
//! have no tails.
//!
//! The limit: a phrase or proximity longer than [`TAIL_TOKENS`] characters
//! that crosses a note is not found across it.

use sheli_corpus::fold::FoldMode;
use sheli_corpus::{Format, Layer, Passage};

use crate::tokenizer::for_each_token;

/// How much of the following 經 a piece carries (tokens). Longer than any
/// phrase a user types and than the widest proximity (50 between, plus
/// its parts).
pub const TAIL_TOKENS: usize = 64;

/// Whether `format` prints notes inside the 經.
pub fn joins_jing(format: Format) -> bool {
    matches!(format, Format::Tongjie | Format::ZhushuFused)
}

/// Tokens of `text` (the same in folded and exact mode).
pub fn token_count(text: &str) -> u64 {
    let mut n = 0;
    for_each_token(text, FoldMode::Exact, |_, _, _| n += 1);
    n
}

/// The tail of every segment of `passages` (one source, in order), in the
/// order of its passages and segments: the 經 that runs on after a 經 piece
/// across notes, or an empty string.
pub fn jing_tails(format: Format, passages: &[Passage]) -> impl Iterator<Item = String> + use<> {
    let segments: Vec<(Layer, bool, &str)> = passages
        .iter()
        .flat_map(|p| p.segments.iter().map(|s| (s.layer, s.ji, s.text.as_str())))
        .collect();
    let mut tails = vec![String::new(); segments.len()];
    if joins_jing(format) {
        // run[i]: the run of 經 piece i; None for segments of other layers.
        let mut run = vec![None; segments.len()];
        let mut current = 0usize;
        let mut last_ji = None;
        for (i, (layer, ji, _)) in segments.iter().enumerate() {
            match layer {
                Layer::Ti => current += 1,
                Layer::Jing => {
                    if last_ji.is_some_and(|j| j != *ji) {
                        current += 1;
                    }
                    last_ji = Some(*ji);
                    run[i] = Some(current);
                }
                _ => {}
            }
        }
        for i in 0..segments.len() {
            let Some(r) = run[i] else { continue };
            let mut tail = String::new();
            let mut have = 0;
            for j in (i + 1)..segments.len() {
                if have >= TAIL_TOKENS {
                    break;
                }
                match run[j] {
                    Some(rj) if rj == r => {
                        let (text, n) = first_tokens(segments[j].2, TAIL_TOKENS - have);
                        tail.push_str(text);
                        have += n;
                    }
                    Some(_) => break,
                    None if segments[j].0 == Layer::Ti => break,
                    None => {}
                }
            }
            tails[i] = tail;
        }
    }
    tails.into_iter()
}

/// The start of `text` up to the end of its `n`th token, and how many
/// tokens that holds.
fn first_tokens(text: &str, n: usize) -> (&str, usize) {
    let mut end = 0;
    let mut count = 0;
    for_each_token(text, FoldMode::Exact, |_, bytes, _| {
        if count < n {
            end = bytes.end;
            count += 1;
        }
    });
    if count < n { (text, count) } else { (&text[..end], count) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tail_is_cut_after_its_last_token() {
        assert_eq!(first_tokens("賓降。主人", 2), ("賓降", 2));
        assert_eq!(first_tokens("賓降。", 5), ("賓降。", 2));
    }
}

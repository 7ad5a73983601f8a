//! What the exact field holds: only the tokens the folded field cannot
//! decide (issue 10's import, issue 11's build time).
//!
//! Every token used to be indexed twice, folded and exact, and tantivy's
//! postings writer pays one hash lookup and one position per token: half of
//! an import's CPU (bench/NOTES.md). But a character whose folded form no
//! other character folds to, and that is its own fold (之, 拜, 主 …), has
//! the same positions in both fields, so its exact postings repeat its
//! folded ones. The exact field now holds a token only where the fold
//! merges it with another character or changes it ([`needs_exact`]: 觶 and
//! 觯, 於 and 于, 再 and its compatibility form); in the poetry of the
//! benchmark that is under half of the characters. Positions stay those of
//! every token, so the two fields still line up.
//!
//! A query in exact mode reads a token [`needs_exact`] says no to from the
//! folded field, where its positions are exactly its own
//! (`query/compile.rs`, `query/postings.rs`), and a phrase of several
//! tokens as the folded phrase, kept only where the exact tokens stand
//! (the position filter of `query/proximity.rs`). What exact mode finds is
//! unchanged, checked against a plain scan in `tests/proximity.rs`
//! (`exact_mode_equals_the_scan_over_both_scripts`).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use sheli_corpus::fold::{FoldMode, fold_char, is_kept};

/// [`needs_exact_char`]'s answers: for the BMP one bit per character (the
/// index's tokenizer asks it of every character, so it is one bit test
/// there), beyond it the folded forms more than one exact form folds to.
struct Shared {
    needs_bmp: Box<[u64]>,
    shared_astral: HashSet<char>,
}

/// [`needs_exact_char`] from the fold itself: `c` is not its own fold, or
/// its fold is shared with another exact form (`shared(f)` says).
fn needs(c: char, shared: impl Fn(char) -> bool) -> bool {
    match fold_char(c, FoldMode::Folded) {
        // A character whose folded form is another (薴 folds to 苧, itself
        // folded to 苎) is not found under its own form in the folded field.
        Some(f) => f != c || shared(f),
        None => false,
    }
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        // The first exact form seen for each folded form, then whether a
        // second one turned up. Every code point the fold keeps is asked (a
        // few hundred thousand table lookups, a few milliseconds once per
        // process), so the answer follows the fold tables without a table of
        // its own.
        let mut first: HashMap<char, char> = HashMap::new();
        let mut bmp = vec![0u64; 0x10000 / 64];
        let mut astral = HashSet::new();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|c| is_kept(*c)) {
            let (Some(e), Some(f)) =
                (fold_char(c, FoldMode::Exact), fold_char(c, FoldMode::Folded))
            else {
                continue;
            };
            match first.get(&f) {
                None => {
                    first.insert(f, e);
                }
                Some(&e0) if e0 != e => {
                    let u = f as usize;
                    if u <= 0xFFFF {
                        bmp[u / 64] |= 1 << (u % 64);
                    } else {
                        astral.insert(f);
                    }
                }
                Some(_) => {}
            }
        }
        let is_shared = |f: char| {
            let u = f as usize;
            if u <= 0xFFFF { bmp[u / 64] & (1 << (u % 64)) != 0 } else { astral.contains(&f) }
        };
        let mut needs_bmp = vec![0u64; 0x10000 / 64];
        for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
            if needs(c, is_shared) {
                let u = c as usize;
                needs_bmp[u / 64] |= 1 << (u % 64);
            }
        }
        Shared { needs_bmp: needs_bmp.into_boxed_slice(), shared_astral: astral }
    })
}

/// Whether the exact-mode token `token` is indexed in the exact field: a
/// single character that is not its own folded form, or whose folded form
/// another exact form shares. Any other token (a word of another script,
/// which both modes write alike, or a character that is its own fold and
/// alone in its fold class) stands in the folded field, as itself, at the
/// same positions.
#[inline]
pub fn needs_exact(token: &str) -> bool {
    let mut cs = token.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => needs_exact_char(c),
        _ => false,
    }
}

/// [`needs_exact`] for the character `c` (an exact-mode token).
#[inline]
pub fn needs_exact_char(c: char) -> bool {
    let s = shared();
    let u = c as usize;
    if u <= 0xFFFF {
        s.needs_bmp[u / 64] & (1 << (u % 64)) != 0
    } else {
        // an astral character folded to a BMP one is not its own fold
        needs(c, |f| s.shared_astral.contains(&f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_the_fold_merges_need_the_exact_field() {
        // 觶 and 觯 fold together: both need it; 之 and 拜 are alone.
        for c in ["觶", "觯", "於", "于", "說", "说"] {
            assert!(needs_exact(c), "{c}");
        }
        // 薴 is alone in its class, but folds to 苧: not findable as itself
        assert!(needs_exact("薴"));
        for t in ["之", "拜", "zheng", "2", ""] {
            assert!(!needs_exact(t), "{t}");
        }
    }

    /// The rule the query side relies on: a token that does not need the
    /// exact field is its own folded form, so the folded field's postings
    /// of it are its exact positions.
    #[test]
    fn a_token_without_exact_postings_is_its_own_fold() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let Some(e) = fold_char(c, FoldMode::Exact) else { continue };
            if !needs_exact_char(e) {
                let u = c as u32;
                assert_eq!(fold_char(e, FoldMode::Folded), Some(e), "U+{u:04X}");
                assert_eq!(fold_char(c, FoldMode::Folded), Some(e), "U+{u:04X}");
            }
        }
    }
}

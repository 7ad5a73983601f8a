//! The search fold: one character in, at most one character out.
//!
//! Index and query fold with this same function, so what a user types meets
//! the text whichever script or variant either side uses (CORPUS.md §4):
//!
//! 1. read a Kangxi radical sign as its ideograph (⼈ → 人, NFKC); keep only
//!    CJK ideographs, private-use code points and the placeholder `■`; drop
//!    punctuation, whitespace, ASCII and markers;
//! 2. repair the three private-use code points whose meaning is known;
//! 3. map traditional to simplified with OpenCC's `t2s`, one character at a
//!    time (`data/opencc-t2s-chars.tsv`) — per character, because the phrase
//!    dictionary would make a character's fold depend on its neighbours, and
//!    a query must fold exactly like the text;
//! 4. map variants to one standard form (`data/variants.tsv`: the curated
//!    contract table plus vetted Unihan synonyms, each row with provenance).
//!
//! The fold is per character and never changes the number of characters kept,
//! so a position in folded text maps back to exactly one original character.
//! The *display* conversion (showing a text in the other script) is a different
//! thing, phrase-level, in [`crate::display`].

use std::collections::HashMap;
use std::sync::OnceLock;

const T2S: &str = include_str!("../data/opencc-t2s-chars.tsv");
const VARIANTS: &str = include_str!("../data/variants.tsv");

/// The data the fold is made of, for fingerprinting: an index built with
/// other tables must be rebuilt.
pub fn table_data() -> [&'static str; 2] {
    [T2S, VARIANTS]
}

/// Every row of the variants table: (variant, the form it folds to, why),
/// for the character entry to say what the search treats as one word
/// (矦 → 侯: `corpus contract: xiangshe.zhushu writes 矦 …`).
pub fn variant_rows() -> impl Iterator<Item = (char, char, &'static str)> {
    VARIANTS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| {
        let mut cols = l.split('\t');
        let one = |s: Option<&str>| {
            let mut cs = s?.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        };
        Some((one(cols.next())?, one(cols.next())?, cols.next().unwrap_or("")))
    })
}

/// The placeholder for a missing character (U+25A0). It is kept by the fold so
/// that `執■旌` never matches `執旌`, and it matches nothing but itself.
pub const PLACEHOLDER: char = '■';

/// Whether to fold scripts and variants or compare exact forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum FoldMode {
    /// Scripts and variants meet (觯 finds 觶, 矦 finds 侯).
    #[default]
    Folded,
    /// Exact forms: only punctuation and whitespace are ignored (and the three
    /// known private-use code points repaired, as they are in display text).
    Exact,
}

/// Repairs the private-use code points the editions use for taboo or
/// unencodable characters, where the character is known. Unknown ones (U+E14B)
/// are returned unchanged.
pub fn repair_pua(c: char) -> char {
    match c {
        '\u{EA20}' => '玄',
        '\u{EB8E}' => '弦',
        '\u{E172}' => '惠',
        c => c,
    }
}

/// The ideograph a Kangxi radical sign stands for (U+2F08 ⼈ → 人), by its
/// compatibility decomposition (NFKC); `c` itself for anything else. The
/// signs are not characters of any text, but a PDF's copied text often
/// holds them where the page shows 人 or 生, and a query pasted from one
/// must not lose them as punctuation. Two signs of the supplement block
/// (⺟, ⻳) decompose as well; the others have no decomposition and stay
/// ignored.
pub fn radical_as_ideograph(c: char) -> char {
    if !matches!(c as u32, 0x2F00..=0x2FD5 | 0x2E9F | 0x2EF3) {
        return c;
    }
    use unicode_normalization::UnicodeNormalization;
    let mut decomposed = std::iter::once(c).nfkc();
    match (decomposed.next(), decomposed.next()) {
        (Some(i), None) if is_cjk(i) => i,
        _ => c,
    }
}

/// Whether `c` is a CJK ideograph in the ranges the fold keeps.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0xF900..=0xFAFF | 0x20000..=0x3134F)
}

/// Whether `c` is kept by the fold (an ideograph, a private-use code point or
/// the placeholder); everything else is ignored when matching.
pub fn is_kept(c: char) -> bool {
    is_cjk(c) || matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0x10FFFF) || c == PLACEHOLDER
}

struct Tables {
    /// Folded form of every BMP code point (identity where unchanged).
    bmp: Box<[char]>,
    /// Folded forms of supplementary code points that change.
    astral: HashMap<char, char>,
}

fn parse_pairs(data: &'static str, file: &'static str) -> impl Iterator<Item = (char, char)> {
    data.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()).map(
        move |(n, l)| {
            let mut cols = l.split('\t');
            let mut one = || {
                let s = cols.next().unwrap_or("");
                let mut cs = s.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => c,
                    _ => panic!("{file}:{}: expected one character, found {s:?}", n + 1),
                }
            };
            (one(), one())
        },
    )
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // The data files are compiled in and checked by tests, so a malformed
        // row is a build defect, not a user error: failing loudly is right.
        let t2s: HashMap<char, char> = parse_pairs(T2S, "opencc-t2s-chars.tsv").collect();
        let variants: HashMap<char, char> = parse_pairs(VARIANTS, "variants.tsv").collect();
        let fold = |c: char| {
            let s = t2s.get(&c).copied().unwrap_or(c);
            variants.get(&s).copied().unwrap_or(s)
        };
        let mut bmp: Vec<char> =
            (0..=0xFFFFu32).map(|u| char::from_u32(u).unwrap_or('\u{FFFD}')).collect();
        let mut astral = HashMap::new();
        for &c in t2s.keys().chain(variants.keys()) {
            let f = fold(c);
            if (c as u32) <= 0xFFFF {
                bmp[c as usize] = f;
            } else if f != c {
                astral.insert(c, f);
            }
        }
        Tables { bmp: bmp.into_boxed_slice(), astral }
    })
}

/// Folds one character: `None` if the fold ignores it (punctuation, spaces,
/// ASCII, markers), otherwise its folded form.
#[inline]
pub fn fold_char(c: char, mode: FoldMode) -> Option<char> {
    let c = radical_as_ideograph(c);
    if !is_kept(c) {
        return None;
    }
    let c = repair_pua(c);
    Some(match mode {
        FoldMode::Exact => c,
        FoldMode::Folded => {
            let t = tables();
            if (c as u32) <= 0xFFFF {
                t.bmp[c as usize]
            } else {
                t.astral.get(&c).copied().unwrap_or(c)
            }
        }
    })
}

/// Folds a string, dropping everything the fold ignores.
pub fn fold(s: &str, mode: FoldMode) -> String {
    s.chars().filter_map(|c| fold_char(c, mode)).collect()
}

/// Folded text that remembers, for each folded character, the index (in
/// characters) of the original character it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folded {
    pub chars: Vec<char>,
    pub origin: Vec<u32>,
}

/// Folds `s` and keeps the map back to `s`'s character indices.
pub fn fold_mapped(s: &str, mode: FoldMode) -> Folded {
    let mut chars = Vec::with_capacity(s.len() / 3);
    let mut origin = Vec::with_capacity(s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if let Some(f) = fold_char(c, mode) {
            chars.push(f);
            origin.push(i as u32);
        }
    }
    Folded { chars, origin }
}

/// Non-overlapping occurrences of `needle` in `haystack`, both already folded,
/// as ranges of folded character positions. This is the counting contract
/// (CORPUS.md §5): `str.count` semantics, scanning left to right.
pub fn occurrences(haystack: &[char], needle: &[char]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    if needle.is_empty() || needle.len() > haystack.len() {
        return out;
    }
    let mut i = 0;
    while i + needle.len() <= haystack.len() {
        if haystack[i..i + needle.len()] == *needle {
            out.push(i..i + needle.len());
            i += needle.len();
        } else {
            i += 1;
        }
    }
    out
}

/// Where `query` (any script) occurs in `text`, as ranges of *character*
/// indices of `text` (the original, unfolded text), ignoring punctuation and
/// line breaks in between. A range runs from the first to the last matched
/// character, so punctuation inside a phrase is highlighted with it.
pub fn find_in(text: &str, query: &str, mode: FoldMode) -> Vec<std::ops::Range<usize>> {
    let hay = fold_mapped(text, mode);
    let needle: Vec<char> = fold(query, mode).chars().collect();
    occurrences(&hay.chars, &needle)
        .into_iter()
        .map(|r| hay.origin[r.start] as usize..hay.origin[r.end - 1] as usize + 1)
        .collect()
}

/// Number of non-overlapping occurrences of `query` in `text` after folding.
pub fn count_in(text: &str, query: &str, mode: FoldMode) -> usize {
    let hay: Vec<char> = fold(text, mode).chars().collect();
    let needle: Vec<char> = fold(query, mode).chars().collect();
    occurrences(&hay, &needle).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_do_not_overlap() {
        let hay: Vec<char> = "再拜再拜再拜".chars().collect();
        let needle: Vec<char> = "再拜再拜".chars().collect();
        assert_eq!(occurrences(&hay, &needle).len(), 1);
    }

    #[test]
    fn find_in_maps_back_across_punctuation() {
        let text = "袒、決、遂。";
        let hits = find_in(text, "袒决遂", FoldMode::Folded);
        assert_eq!(hits, vec![0..5]);
    }
}

//! Pinyin readings: which characters a typed syllable stands for.
//!
//! Readings come from the `pinyin` crate (Mandarin readings of the Unihan
//! kHanyuPinyin / kMandarin data, heteronyms included), so `zhi4` finds 觶 and
//! 質 and `bi1` finds 楅. Modern readings only: the 反切 of the 音義 are shown
//! on glossary cards, not used here.

use std::collections::HashSet;
use std::sync::OnceLock;

use pinyin::ToPinyinMulti;

/// A syllable as the user typed it, normalised: base without tone (ü kept as
/// `ü`) and the tone (1–4, 5 for the neutral tone) if one was given.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Syllable {
    pub base: String,
    pub tone: Option<u8>,
}

impl std::fmt::Display for Syllable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.tone {
            Some(t) => write!(f, "{}{}", self.base, t),
            None => f.write_str(&self.base),
        }
    }
}

/// Strips a tone mark from a vowel: `ì` → (`i`, 4).
fn untone(c: char) -> (char, Option<u8>) {
    const MARKS: [(&str, char); 6] =
        [("āáǎà", 'a'), ("ēéěè", 'e'), ("īíǐì", 'i'), ("ōóǒò", 'o'), ("ūúǔù", 'u'), ("ǖǘǚǜ", 'ü')];
    for (marked, plain) in MARKS {
        if let Some(i) = marked.chars().position(|m| m == c) {
            return (plain, Some(i as u8 + 1));
        }
    }
    (c, None)
}

/// Splits a reading such as `zhì` or `zhi4` into base and tone.
fn split(reading: &str) -> Option<Syllable> {
    let mut base = String::new();
    let mut tone = None;
    let mut chars = reading.chars().peekable();
    while let Some(c) = chars.next() {
        let c = c.to_lowercase().next()?;
        match c {
            '1'..='5' if chars.peek().is_none() && !base.is_empty() => {
                tone = Some(c as u8 - b'0');
            }
            'v' => base.push('ü'),
            c if c.is_ascii_lowercase() || c == 'ü' => base.push(c),
            c => {
                let (plain, t) = untone(c);
                if t.is_none() || tone.is_some() {
                    return None;
                }
                tone = t;
                base.push(plain);
            }
        }
    }
    (!base.is_empty()).then_some(Syllable { base, tone })
}

/// The readings of one character (heteronyms included), normalised.
pub fn readings(c: char) -> Vec<Syllable> {
    match c.to_pinyin_multi() {
        Some(multi) => multi
            .into_iter()
            .filter_map(|p| split(p.with_tone()))
            .map(|s| Syllable { tone: s.tone.or(Some(5)), ..s })
            .collect(),
        None => Vec::new(),
    }
}

/// Every syllable base Mandarin has (from the readings of all BMP ideographs).
fn all_bases() -> &'static HashSet<String> {
    static BASES: OnceLock<HashSet<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        (0x3400u32..=0x9FFF).filter_map(char::from_u32).flat_map(readings).map(|s| s.base).collect()
    })
}

impl Syllable {
    /// Parses `zhi4`, `zhì`, `zhi` or `lv3`; `None` unless it is a real
    /// Mandarin syllable (so ordinary words in user texts stay words).
    pub fn parse(s: &str) -> Option<Syllable> {
        let syl = split(s)?;
        all_bases().contains(&syl.base).then_some(syl)
    }

    /// Whether character `c` has this reading.
    pub fn matches(&self, c: char) -> bool {
        readings(c)
            .iter()
            .any(|r| r.base == self.base && (self.tone.is_none() || r.tone == self.tone))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_forms_normalise() {
        assert_eq!(Syllable::parse("zhi4"), Some(Syllable { base: "zhi".into(), tone: Some(4) }));
        assert_eq!(Syllable::parse("zhì"), Syllable::parse("zhi4"));
        assert_eq!(Syllable::parse("ZHI"), Some(Syllable { base: "zhi".into(), tone: None }));
        assert_eq!(Syllable::parse("lv3"), Some(Syllable { base: "lü".into(), tone: Some(3) }));
        assert_eq!(Syllable::parse("hello"), None);
        assert_eq!(Syllable::parse("zhi9"), None);
    }

    #[test]
    fn characters_match_their_readings() {
        assert!(Syllable::parse("zhi4").unwrap().matches('觯'));
        assert!(Syllable::parse("zhi").unwrap().matches('觶'));
        assert!(Syllable::parse("bi1").unwrap().matches('楅'));
        assert!(!Syllable::parse("zhi1").unwrap().matches('觯'));
    }
}

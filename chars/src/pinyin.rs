//! Pinyin: the Mandarin readings of the Unihan table, and which characters a
//! typed syllable stands for.
//!
//! Readings are Unihan's modern ones, kMandarin, kXHC1983 and kTGHZ2013 (see
//! `data/tools/gen_chars.py`; the 漢語大字典's historical readings are shown
//! in the entry but not searched): every reading counts, so `zhuan4` and `chuan2`
//! both find 傳. Search (sheli-index) expands a syllable with these readings,
//! and the character entry shows the same ones.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

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

/// The Mandarin readings of one character (every one Unihan gives), normalised.
pub fn readings(c: char) -> Vec<Syllable> {
    crate::unihan(c).map(|u| parse_all(u.mandarin.iter().map(String::as_str))).unwrap_or_default()
}

fn parse_all<'a>(readings: impl Iterator<Item = &'a str>) -> Vec<Syllable> {
    readings.filter_map(split).map(|s| Syllable { tone: s.tone.or(Some(5)), ..s }).collect()
}

/// Every syllable base Mandarin has, and the characters read with each
/// (base, tone): built once from the whole table.
struct Readers {
    bases: HashSet<String>,
    by_syllable: HashMap<Syllable, Vec<char>>,
}

fn readers() -> &'static Readers {
    static READERS: OnceLock<Readers> = OnceLock::new();
    READERS.get_or_init(|| {
        let mut bases = HashSet::new();
        let mut by_syllable: HashMap<Syllable, Vec<char>> = HashMap::new();
        for (c, readings) in crate::unihan::every_reading() {
            for s in parse_all(readings.split_whitespace()) {
                bases.insert(s.base.clone());
                let chars = by_syllable.entry(s).or_default();
                if chars.last() != Some(&c) {
                    chars.push(c);
                }
            }
        }
        Readers { bases, by_syllable }
    })
}

impl Syllable {
    /// Parses `zhi4`, `zhì`, `zhi` or `lv3`; `None` unless it is a real
    /// Mandarin syllable (so ordinary words in user texts stay words).
    pub fn parse(s: &str) -> Option<Syllable> {
        let syl = split(s)?;
        readers().bases.contains(&syl.base).then_some(syl)
    }

    /// Every character with this reading (any tone when none was given), in
    /// code point order.
    pub fn characters(&self) -> Vec<char> {
        let mut out: Vec<char> = match self.tone {
            Some(_) => readers().by_syllable.get(self).cloned().unwrap_or_default(),
            None => (1..=5)
                .filter_map(|t| {
                    readers().by_syllable.get(&Syllable { base: self.base.clone(), tone: Some(t) })
                })
                .flatten()
                .copied()
                .collect(),
        };
        out.sort_unstable();
        out.dedup();
        out
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
        // 觶 has one reading; 傳 has two (chuán, zhuàn), and both count.
        assert!(Syllable::parse("zhuan4").unwrap().matches('傳'));
        assert!(Syllable::parse("chuan2").unwrap().matches('傳'));
    }

    #[test]
    fn a_syllable_lists_its_characters() {
        let zhi4 = Syllable::parse("zhi4").unwrap().characters();
        for c in ['觶', '至', '志'] {
            assert!(zhi4.contains(&c), "{c} is read zhì");
        }
        assert!(!zhi4.contains(&'之'), "之 is zhī (the 漢語大字典's zhì is not a modern reading)");
        assert!(!zhi4.contains(&'埃'), "埃 is āi");
        let zhi = Syllable::parse("zhi").unwrap().characters();
        assert!(zhi.contains(&'之') && zhi.contains(&'觶') && zhi.contains(&'止'));
        assert!(zhi.len() > zhi4.len());
    }
}

//! Searching the user's own text (cards, notes) the way the text search
//! does: Chinese folded (scripts and variants meet: 觯 finds 觶), Latin text
//! without case or pinyin tone marks.

use sheli_corpus::FoldMode;
use sheli_corpus::fold::{fold, fold_char, occurrences};

/// A query: words separated by spaces, each of which must be found in one of
/// the fields searched.
pub struct Query {
    terms: Vec<Term>,
}

struct Term {
    /// The Chinese of the term, folded (empty if none).
    folded: Vec<char>,
    /// The rest of the term, lower-cased without tone marks (empty if none).
    latin: String,
}

/// Lower case, tone marks and umlauts dropped (ā á ǎ à → a, ü → u).
fn plain(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ā' | 'á' | 'ǎ' | 'à' => 'a',
            'ē' | 'é' | 'ě' | 'è' => 'e',
            'ī' | 'í' | 'ǐ' | 'ì' => 'i',
            'ō' | 'ó' | 'ǒ' | 'ò' => 'o',
            'ū' | 'ú' | 'ǔ' | 'ù' | 'ü' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' => 'u',
            c => c,
        })
        .collect()
}

impl Query {
    pub fn new(q: &str) -> Query {
        let terms = q
            .split_whitespace()
            .map(|t| Term {
                folded: fold(t, FoldMode::Folded).chars().collect(),
                latin: plain(
                    &t.chars()
                        .filter(|&c| fold_char(c, FoldMode::Folded).is_none())
                        .collect::<String>(),
                ),
            })
            .filter(|t| !t.folded.is_empty() || !t.latin.is_empty())
            .collect();
        Query { terms }
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether every term is found in one of `fields`.
    pub fn matches<'a>(&self, fields: impl IntoIterator<Item = &'a str> + Clone) -> bool {
        self.terms.iter().all(|t| fields.clone().into_iter().any(|f| t.matches(f)))
    }
}

impl Term {
    fn matches(&self, text: &str) -> bool {
        if !self.folded.is_empty() {
            let hay: Vec<char> = fold(text, FoldMode::Folded).chars().collect();
            if occurrences(&hay, &self.folded).is_empty() {
                return false;
            }
        }
        self.latin.is_empty() || plain(text).contains(&self.latin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_is_folded_and_latin_plain() {
        assert!(Query::new("觯").matches(["奠觶于薦南"]));
        assert!(Query::new("侯").matches(["張矦"]));
        assert!(Query::new("zhi").matches(["zhì"]));
        assert!(Query::new("CUP").matches(["a drinking cup"]));
        assert!(Query::new("觶 cup").matches(["觶", "a cup"]));
        assert!(!Query::new("觶 bow").matches(["觶", "a cup"]));
        assert!(!Query::new("爵").matches(["觶"]));
        assert!(Query::new("  ").is_empty());
    }
}

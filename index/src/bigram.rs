//! Pairs of common characters, indexed as one term each (issue 11: the
//! 4-character phrase).
//!
//! With one token per character, a phrase of common characters (不知何處)
//! intersects four posting lists of tens of thousands of segments each and
//! compares positions in every segment holding all four, where FTS5's
//! trigram index looks up two rare trigrams. Indexing every adjacent pair
//! would answer that too, but a bigram vocabulary of millions of terms cost
//! four times the build (bench/NOTES.md). Only the pairs of two *common*
//! characters need it — a phrase with any rarer character is driven by that
//! character's short list already — and those pairs are a tenth of the
//! text's positions and a few tens of thousands of distinct terms.
//!
//! So the stored `text` field is also indexed, by [`BigramTokenizer`]: for
//! every two adjacent tokens (punctuation between them skipped, as in the
//! folded field) that are both in [`COMMON`], one token of the two folded
//! characters, at the position of the second. Positions are the folded
//! field's, so a phrase query can mix the two fields ([`plan`] chooses the
//! terms; `query/phrase.rs` runs them). The folded field, its positions,
//! its field norms and so every BM25 score are untouched. The text field
//! holds a segment's own text, not the 經 tail after an inline note
//! (`crate::joined`): an index segment with tails keeps the one-character
//! plan.

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

use crate::tokenizer::ReplayStream;

/// Name under which the bigram tokenizer is registered with tantivy.
pub const BIGRAM: &str = "sheli_bigram";

/// How many of the most frequent characters of each collection the table
/// takes (`index/tests/common_chars.rs` makes it).
pub const TOP_PER_COLLECTION: usize = 64;

/// The common characters, folded (so in simplified forms), sorted: the union of the
/// [`TOP_PER_COLLECTION`] most frequent folded characters of the built-in
/// 儀禮 texts (classic and commentaries) and of the Tang and Song poetry of
/// the benchmark (`chinese-poetry`, 10M characters). Changing it changes
/// what is indexed: bump `SCHEMA_VERSION`.
pub const COMMON: &str = "一三上下不与东中为主之乐也乡事二于云亦人今以众位何作侯其则北十千升南去取司君在堂夜大天夫如子宾射山年弓归得心我执拜故无日\
    时明春是曰月有未来正此水江注清爵玉生白皆相矢知礼秋空者而耦自至花获行西见觯言诗谓道释长阶降雨面风饮首高";

/// Whether `c` (a folded character) is in [`COMMON`].
#[inline]
pub fn is_common(c: char) -> bool {
    static BMP: std::sync::OnceLock<Box<[u64]>> = std::sync::OnceLock::new();
    let table = BMP.get_or_init(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for c in COMMON.chars().filter(|c| (*c as u32) <= 0xFFFF) {
            let u = c as usize;
            bits[u / 64] |= 1 << (u % 64);
        }
        bits.into_boxed_slice()
    });
    let u = c as usize;
    u <= 0xFFFF && table[u / 64] & (1 << (u % 64)) != 0
}

/// The single character of a token, if it has one and it is common.
#[inline]
fn common_char(token: &str) -> Option<char> {
    let mut cs = token.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if is_common(c) => Some(c),
        _ => None,
    }
}

/// One term of a phrase's plan: `token` stands at `offset` (for a bigram,
/// the offset of its second character).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanTerm {
    pub offset: u32,
    pub token: String,
    /// A bigram of the text field, else a token of the folded field.
    pub bigram: bool,
}

/// The terms that find the folded phrase `tokens` (one token per position):
/// adjacent common characters two at a time (a pair may overlap the one
/// before, 不知何 → 不知 知何), the rest one at a time, every position
/// covered. `None` when no pair is common (the plain phrase).
pub fn plan(tokens: &[String]) -> Option<Vec<PlanTerm>> {
    let n = tokens.len();
    let common: Vec<Option<char>> = tokens.iter().map(|t| common_char(t)).collect();
    let pair = |i: usize| -> Option<String> {
        let (a, b) = (common.get(i).copied().flatten()?, common.get(i + 1).copied().flatten()?);
        Some([a, b].iter().collect())
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        if let Some(p) = pair(i) {
            out.push(PlanTerm { offset: i as u32 + 1, token: p, bigram: true });
            i += 2;
        } else if i > 0
            && let Some(p) = pair(i - 1)
        {
            // a common character after a common one, the next not common:
            // the pair overlapping the previous term is rarer than the
            // character alone
            out.push(PlanTerm { offset: i as u32, token: p, bigram: true });
            i += 1;
        } else {
            out.push(PlanTerm { offset: i as u32, token: tokens[i].clone(), bigram: false });
            i += 1;
        }
    }
    out.iter().any(|t| t.bigram).then_some(out)
}

/// The tantivy tokenizer of the text field: the bigrams of common characters.
#[derive(Clone, Copy, Debug, Default)]
pub struct BigramTokenizer;

/// The pairs of a text, from its tokens as the folded field reads them
/// (read once for the three token fields, `tokenizer::scan`).
pub struct BigramTokenStream<'a>(ReplayStream<'a>);

impl Tokenizer for BigramTokenizer {
    type TokenStream<'a> = BigramTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> BigramTokenStream<'a> {
        BigramTokenStream(ReplayStream::new(text))
    }
}

impl TokenStream for BigramTokenStream<'_> {
    fn advance(&mut self) -> bool {
        let r = &mut self.0;
        let tokens = &r.scanned.tokens;
        // `next` is the token after the pair's first one: a pair ends at
        // every common character after a common character
        while r.next < tokens.len() {
            let i = r.next;
            r.next += 1;
            let (Some(b), Some(prev)) =
                (tokens[i].folded.filter(|c| is_common(*c)), i.checked_sub(1))
            else {
                continue;
            };
            let Some(a) = tokens[prev].folded.filter(|c| is_common(*c)) else { continue };
            r.token.text.clear();
            r.token.text.push(a);
            r.token.text.push(b);
            r.token.offset_from = tokens[prev].from;
            r.token.offset_to = tokens[i].to;
            r.token.position = i;
            return true;
        }
        false
    }

    fn token(&self) -> &Token {
        &self.0.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.0.token
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sheli_corpus::fold::FoldMode;

    fn stream(text: &str) -> Vec<(String, usize)> {
        let mut tk = BigramTokenizer;
        let mut ts = tk.token_stream(text);
        let mut out = Vec::new();
        while ts.advance() {
            out.push((ts.token().text.clone(), ts.token().position));
        }
        out
    }

    #[test]
    fn pairs_of_common_characters_at_the_second_ones_position() {
        // 處 and 鶴 are not common: no pair with them; punctuation leaves no gap
        assert_eq!(
            stream("不知，何人處鶴人之"),
            [("不知".into(), 1), ("知何".into(), 2), ("何人".into(), 3), ("人之".into(), 7)]
        );
        // folded as the folded field folds: the traditional form meets
        assert_eq!(stream("春風"), [("春风".into(), 1)]);
        assert_eq!(stream("鶴"), []);
    }

    /// The stream reads characters without writing tokens: its pairs are
    /// those of the folded tokens, for any text (words of other scripts
    /// take a position and pair with nothing).
    #[test]
    fn pairs_are_those_of_the_folded_tokens() {
        let text: String = (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .flat_map(|c| [c, '不', '知', c, 'a', '風', '月'])
            .chain("Zheng 不知 2何人。之".chars())
            .collect();
        let toks = crate::tokenizer::tokens(&text, FoldMode::Folded);
        let mut want = Vec::new();
        for (i, w) in toks.windows(2).enumerate() {
            let one = |t: &str| common_char(t);
            if let (Some(a), Some(b)) = (one(&w[0].text), one(&w[1].text)) {
                want.push((format!("{a}{b}"), i + 1));
            }
        }
        assert!(want.len() > 100_000);
        assert_eq!(stream(&text), want);
    }

    fn toks(s: &str) -> Vec<String> {
        s.chars().map(|c| c.to_string()).collect()
    }

    fn show(plan: Option<Vec<PlanTerm>>) -> Vec<(u32, String)> {
        plan.unwrap_or_default().into_iter().map(|t| (t.offset, t.token)).collect()
    }

    #[test]
    fn a_plan_covers_every_position() {
        assert_eq!(show(plan(&toks("不知何人"))), [(1, "不知".into()), (3, "何人".into())]);
        // odd length: the last pair overlaps the one before
        assert_eq!(show(plan(&toks("不知何"))), [(1, "不知".into()), (2, "知何".into())]);
        // a rarer character stands alone
        assert_eq!(
            show(plan(&toks("不知何处"))),
            [(1, "不知".into()), (2, "知何".into()), (3, "处".into())]
        );
        assert_eq!(
            show(plan(&toks("鹤不知何"))),
            [(0, "鹤".into()), (2, "不知".into()), (3, "知何".into())]
        );
        assert_eq!(show(plan(&toks("鹤鹤"))), []);
        assert_eq!(show(plan(&toks("不"))), []);
    }
}

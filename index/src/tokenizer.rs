//! The tokenizer: one token per CJK character, words for other scripts.
//!
//! Classical Chinese has no word boundaries a machine can trust, so every
//! ideograph is a token and a multi-character query is a phrase. Punctuation
//! and whitespace are skipped *without* leaving a gap in positions, so a phrase
//! matches across 。 and line wraps. Each ideograph is folded with
//! [`sheli_corpus::fold::fold_char`] (the same function the query uses); runs
//! of letters or digits of other scripts become lowercased words. Offsets are
//! byte offsets into the original text, so highlights land on the characters
//! the user sees.

use sheli_corpus::fold::{FoldMode, fold_char, is_kept};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// Name under which the folded tokenizer is registered with tantivy.
pub const FOLDED: &str = "sheli_folded";
/// Name under which the exact tokenizer is registered with tantivy.
pub const EXACT: &str = "sheli_exact";

/// One token of a text, for counting and highlighting outside tantivy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tok {
    pub text: String,
    /// Character indices (not bytes) of the token in the original text.
    pub chars: std::ops::Range<usize>,
    /// Byte offsets of the token in the original text.
    pub bytes: std::ops::Range<usize>,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_kept(c)
}

/// Calls `emit(token text, byte range, char range)` for each token of `text`.
/// The single definition of tokenization, used by the tantivy tokenizer, the
/// query parser, counting and KWIC.
pub fn for_each_token(text: &str, mode: FoldMode, mut emit: impl FnMut(&str, std::ops::Range<usize>, std::ops::Range<usize>)) {
    let mut word = String::new();
    let mut word_start: Option<(usize, usize)> = None;
    let mut buf = [0u8; 4];
    let mut char_idx = 0;
    let mut last_end = 0;
    for (byte, c) in text.char_indices() {
        if is_word_char(c) {
            if word_start.is_none() {
                word_start = Some((byte, char_idx));
            }
            word.extend(c.to_lowercase());
        } else {
            if let Some((b0, c0)) = word_start.take() {
                emit(&word, b0..byte, c0..char_idx);
                word.clear();
            }
            if let Some(f) = fold_char(c, mode) {
                emit(f.encode_utf8(&mut buf), byte..byte + c.len_utf8(), char_idx..char_idx + 1);
            }
        }
        char_idx += 1;
        last_end = byte + c.len_utf8();
    }
    if let Some((b0, c0)) = word_start {
        emit(&word, b0..last_end, c0..char_idx);
    }
}

/// All tokens of `text`.
pub fn tokens(text: &str, mode: FoldMode) -> Vec<Tok> {
    let mut out = Vec::new();
    for_each_token(text, mode, |t, bytes, chars| {
        out.push(Tok { text: t.to_owned(), chars, bytes })
    });
    out
}

/// The tantivy tokenizer (folded or exact).
#[derive(Clone, Copy, Debug)]
pub struct ShelTokenizer {
    pub mode: FoldMode,
}

pub struct ShelTokenStream {
    tokens: Vec<Token>,
    next: usize,
}

impl Tokenizer for ShelTokenizer {
    type TokenStream<'a> = ShelTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> ShelTokenStream {
        let mut tokens = Vec::with_capacity(text.len() / 3);
        for_each_token(text, self.mode, |t, bytes, _| {
            tokens.push(Token {
                offset_from: bytes.start,
                offset_to: bytes.end,
                position: tokens.len(),
                text: t.to_owned(),
                position_length: 1,
            })
        });
        ShelTokenStream { tokens, next: 0 }
    }
}

impl TokenStream for ShelTokenStream {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

/// Registers both tokenizers on an index. Must be called every time an index
/// is created *or opened*: tantivy does not persist tokenizers.
pub fn register(index: &tantivy::Index) {
    let m = index.tokenizers();
    m.register(FOLDED, ShelTokenizer { mode: FoldMode::Folded });
    m.register(EXACT, ShelTokenizer { mode: FoldMode::Exact });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str, mode: FoldMode) -> Vec<String> {
        tokens(s, mode).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn one_token_per_ideograph_punctuation_skipped() {
        assert_eq!(texts("奠觶。\n　　決", FoldMode::Folded), ["奠", "觯", "决"]);
        assert_eq!(texts("奠觶。決", FoldMode::Exact), ["奠", "觶", "決"]);
    }

    #[test]
    fn other_scripts_are_lowercased_words() {
        let toks = tokens("Zheng Xuan注2", FoldMode::Folded);
        let t: Vec<&str> = toks.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(t, ["zheng", "xuan", "注", "2"]);
        assert_eq!(toks[1].chars, 6..10);
    }

    #[test]
    fn offsets_point_into_the_original() {
        let s = "「觶」";
        let t = &tokens(s, FoldMode::Folded)[0];
        assert_eq!(&s[t.bytes.clone()], "觶");
        assert_eq!(t.chars, 1..2);
    }

    #[test]
    fn tantivy_positions_have_no_gaps() {
        let mut tk = ShelTokenizer { mode: FoldMode::Folded };
        let mut ts = tk.token_stream("再拜。賓答再拜");
        let mut pos = Vec::new();
        while ts.advance() {
            pos.push(ts.token().position);
        }
        assert_eq!(pos, [0, 1, 2, 3, 4, 5]);
    }
}

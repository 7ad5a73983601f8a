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

mod scan;

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

/// Walks a text token by token without allocating: the single definition of
/// tokenization, behind [`for_each_token`] and the tantivy tokenizer.
pub(crate) struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the next character to read.
    pos: usize,
    /// Character index of the next character to read.
    char_idx: usize,
    mode: FoldMode,
}

/// Where the last token of a [`Scanner`] lies.
pub(crate) struct Span {
    pub(crate) bytes: std::ops::Range<usize>,
    pub(crate) chars: std::ops::Range<usize>,
}

/// `c.is_alphanumeric()`, from a table for the BMP: the texts are full of
/// CJK punctuation, for which the standard library searches Unicode tables
/// (twice: alphabetic, then numeric) every time.
#[inline]
fn is_alphanumeric(c: char) -> bool {
    static BMP: std::sync::OnceLock<Box<[u64]>> = std::sync::OnceLock::new();
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    let u = c as usize;
    if u > 0xFFFF {
        return c.is_alphanumeric();
    }
    let table = BMP.get_or_init(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for (u, c) in (0..=0xFFFFu32).filter_map(|u| Some((u as usize, char::from_u32(u)?))) {
            if c.is_alphanumeric() {
                bits[u / 64] |= 1 << (u % 64);
            }
        }
        bits.into_boxed_slice()
    });
    table[u / 64] & (1 << (u % 64)) != 0
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(text: &'a str, mode: FoldMode) -> Self {
        Scanner { text, pos: 0, char_idx: 0, mode }
    }

    /// The next token: its text replaces the contents of `out`.
    #[inline]
    pub(crate) fn next(&mut self, out: &mut String) -> Option<Span> {
        let (step, span) = self.step()?;
        out.clear();
        match step {
            Step::Char { folded, .. } => out.push(folded),
            Step::Word => {
                out.extend(self.text[span.bytes.clone()].chars().flat_map(char::to_lowercase))
            }
        }
        Some(span)
    }

    /// The next token without writing its text: a kept character (in the
    /// scanner's fold) or a word of another script. The exact and bigram
    /// fields look at single characters only, and most tokens are not
    /// theirs, so they skip the text [`Scanner::next`] would write.
    #[inline]
    pub(crate) fn step(&mut self) -> Option<(Step, Span)> {
        let rest = &self.text[self.pos..];
        let mut chars = rest.char_indices();
        while let Some((off, c)) = chars.next() {
            let byte = self.pos + off;
            let char_idx = self.char_idx;
            self.char_idx += 1;
            // Kept characters are checked first: they are almost every
            // character of the texts, and the check is a few comparisons.
            if let Some(f) = fold_char(c, self.mode) {
                let end = byte + c.len_utf8();
                self.pos = end;
                return Some((
                    Step::Char { folded: f, raw: c },
                    Span { bytes: byte..end, chars: char_idx..char_idx + 1 },
                ));
            }
            if is_alphanumeric(c) {
                // a word of another script: letters and digits up to the next
                // character that is not one (a kept character ends it too)
                let mut end = byte + c.len_utf8();
                for (o, d) in chars {
                    if is_kept(d) || !is_alphanumeric(d) {
                        break;
                    }
                    self.char_idx += 1;
                    end = self.pos + o + d.len_utf8();
                }
                self.pos = end;
                return Some((
                    Step::Word,
                    Span { bytes: byte..end, chars: char_idx..self.char_idx },
                ));
            }
        }
        self.pos = self.text.len();
        None
    }
}

/// What [`Scanner::step`] found.
pub(crate) enum Step {
    /// A kept character (`raw`), folded as the scanner folds (`folded`).
    Char { folded: char, raw: char },
    /// A word of another script (its text lowercased is the token).
    Word,
}

/// Calls `emit(token text, byte range, char range)` for each token of `text`.
/// The single definition of tokenization, used by the tantivy tokenizer, the
/// query parser, counting and KWIC.
pub fn for_each_token(
    text: &str,
    mode: FoldMode,
    mut emit: impl FnMut(&str, std::ops::Range<usize>, std::ops::Range<usize>),
) {
    let mut scanner = Scanner::new(text, mode);
    let mut buf = String::new();
    while let Some(span) = scanner.next(&mut buf) {
        emit(&buf, span.bytes, span.chars);
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

/// Tokens straight from the text, folded or exact: what the fields'
/// tokenizers, which replay one reading ([`FoldedTokenizer`],
/// [`ExactTokenizer`]), are checked against in the tests.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub struct ShelTokenizer {
    pub mode: FoldMode,
}

/// Streams tokens straight from the text, reusing one token.
#[cfg(test)]
pub struct ShelTokenStream<'a> {
    scanner: Scanner<'a>,
    token: Token,
}

fn empty_token() -> Token {
    Token {
        offset_from: 0,
        offset_to: 0,
        position: usize::MAX,
        text: String::with_capacity(8),
        position_length: 1,
    }
}

#[cfg(test)]
impl Tokenizer for ShelTokenizer {
    type TokenStream<'a> = ShelTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> ShelTokenStream<'a> {
        ShelTokenStream { scanner: Scanner::new(text, self.mode), token: empty_token() }
    }
}

#[cfg(test)]
impl TokenStream for ShelTokenStream<'_> {
    #[inline]
    fn advance(&mut self) -> bool {
        match self.scanner.next(&mut self.token.text) {
            Some(span) => {
                self.token.offset_from = span.bytes.start;
                self.token.offset_to = span.bytes.end;
                self.token.position = self.token.position.wrapping_add(1);
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        &self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// The tokenizer of the folded field: the folded tokens ([`tokens`] in
/// folded mode), read once per text for the three token fields ([`scan`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct FoldedTokenizer;

/// The tokens of a text replayed from its [`scan`] record, for one field.
pub struct ReplayStream<'a> {
    text: &'a str,
    pub(crate) scanned: scan::Scanned,
    /// The next token of the record to look at.
    pub(crate) next: usize,
    pub(crate) token: Token,
}

impl<'a> ReplayStream<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        ReplayStream { text, scanned: scan::tokens_of(text), next: 0, token: empty_token() }
    }
}

impl Drop for ReplayStream<'_> {
    fn drop(&mut self) {
        scan::give_back(&mut self.scanned);
    }
}

impl Tokenizer for FoldedTokenizer {
    type TokenStream<'a> = FoldedTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> FoldedTokenStream<'a> {
        FoldedTokenStream(ReplayStream::new(text))
    }
}

pub struct FoldedTokenStream<'a>(ReplayStream<'a>);

impl TokenStream for FoldedTokenStream<'_> {
    #[inline]
    fn advance(&mut self) -> bool {
        let r = &mut self.0;
        let Some(rec) = r.scanned.tokens.get(r.next) else { return false };
        r.token.position = r.next;
        r.next += 1;
        r.token.text.clear();
        match rec.folded {
            Some(c) => r.token.text.push(c),
            None => {
                r.token.text.extend(r.text[rec.from..rec.to].chars().flat_map(char::to_lowercase))
            }
        }
        r.token.offset_from = rec.from;
        r.token.offset_to = rec.to;
        true
    }

    fn token(&self) -> &Token {
        &self.0.token
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.0.token
    }
}

/// The tokenizer of the exact field: the exact tokens the folded field
/// cannot tell apart ([`crate::exact::needs_exact`]), each at its position
/// among all the tokens, so that the two fields line up. The others would
/// only repeat the folded field's postings (and cost a postings entry each).
/// Replayed from the folded field's reading of the same text ([`scan`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactTokenizer;

pub struct ExactTokenStream<'a>(ReplayStream<'a>);

impl Tokenizer for ExactTokenizer {
    type TokenStream<'a> = ExactTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> ExactTokenStream<'a> {
        ExactTokenStream(ReplayStream::new(text))
    }
}

impl TokenStream for ExactTokenStream<'_> {
    /// Every token counts a position; only the characters
    /// [`crate::exact::needs_exact_char`] keeps are written out (a word of
    /// another script never is: both modes write it alike).
    #[inline]
    fn advance(&mut self) -> bool {
        let r = &mut self.0;
        while let Some(rec) = r.scanned.tokens.get(r.next) {
            r.next += 1;
            if let Some(c) = rec.exact {
                r.token.text.clear();
                r.token.text.push(c);
                r.token.offset_from = rec.from;
                r.token.offset_to = rec.to;
                r.token.position = r.next - 1;
                return true;
            }
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

/// Registers the tokenizers (folded, exact, and the bigrams of
/// [`crate::bigram`]) on an index. Must be called every time an index
/// is created *or opened*: tantivy does not persist tokenizers.
pub fn register(index: &tantivy::Index) {
    let m = index.tokenizers();
    m.register(FOLDED, FoldedTokenizer);
    m.register(EXACT, ExactTokenizer);
    m.register(crate::bigram::BIGRAM, crate::bigram::BigramTokenizer);
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

    /// The tokenizer as first written (a Vec and a String per token): the
    /// streaming one must give exactly the same tokens.
    fn reference(
        text: &str,
        mode: FoldMode,
    ) -> Vec<(String, std::ops::Range<usize>, std::ops::Range<usize>)> {
        let mut out = Vec::new();
        let mut word = String::new();
        let mut word_start: Option<(usize, usize)> = None;
        let mut char_idx = 0;
        let mut last_end = 0;
        for (byte, c) in text.char_indices() {
            if c.is_alphanumeric() && !is_kept(c) {
                if word_start.is_none() {
                    word_start = Some((byte, char_idx));
                }
                word.extend(c.to_lowercase());
            } else {
                if let Some((b0, c0)) = word_start.take() {
                    out.push((std::mem::take(&mut word), b0..byte, c0..char_idx));
                }
                if let Some(f) = fold_char(c, mode) {
                    out.push((f.to_string(), byte..byte + c.len_utf8(), char_idx..char_idx + 1));
                }
            }
            char_idx += 1;
            last_end = byte + c.len_utf8();
        }
        if let Some((b0, c0)) = word_start {
            out.push((word, b0..last_end, c0..char_idx));
        }
        out
    }

    #[test]
    fn streaming_tokens_equal_the_reference() {
        let samples = [
            "奠觶。\n　　決",
            "Zheng Xuan注2",
            "ÀbÇ déF１２３〇々ⅻ注，x",
            "「觶」■\u{EA20}\u{E14B}𠀀𪚥 abc",
            "",
            "。，、",
            "word",
            "再拜。賓答再拜",
        ];
        for s in samples {
            for mode in [FoldMode::Folded, FoldMode::Exact] {
                let got: Vec<_> =
                    tokens(s, mode).into_iter().map(|t| (t.text, t.bytes, t.chars)).collect();
                assert_eq!(got, reference(s, mode), "{s:?} {mode:?}");
                let mut tk = ShelTokenizer { mode };
                let mut ts = tk.token_stream(s);
                let mut streamed = Vec::new();
                while ts.advance() {
                    let t = ts.token();
                    streamed.push((t.text.clone(), t.offset_from..t.offset_to));
                }
                let want: Vec<_> = reference(s, mode).into_iter().map(|(t, b, _)| (t, b)).collect();
                assert_eq!(streamed, want, "{s:?} {mode:?}");
            }
        }
        // every BMP character alone and between ideographs
        for u in 0..=0xFFFFu32 {
            let Some(c) = char::from_u32(u) else { continue };
            let s = format!("a{c}觶{c}");
            let got: Vec<_> = tokens(&s, FoldMode::Folded)
                .into_iter()
                .map(|t| (t.text, t.bytes, t.chars))
                .collect();
            assert_eq!(got, reference(&s, FoldMode::Folded), "U+{u:04X}");
        }
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

    /// The exact stream skips writing the tokens it drops: it must give
    /// the exact tokens [`crate::exact::needs_exact`] keeps, at the
    /// positions and offsets the full stream gives them, for any text.
    #[test]
    fn the_exact_stream_equals_the_full_stream_filtered() {
        let mut samples: Vec<String> = [
            "奠觶。\n　　決",
            "Zheng Xuan注2 於于",
            "ÀbÇ déF１２３〇々ⅻ注，x",
            "「觶」■\u{EA20}\u{E14B}𠀀𪚥 abc 薴",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // every BMP character between words and ideographs
        let all: String = (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .flat_map(|c| [c, '觶', 'a', c, '之'])
            .collect();
        samples.push(all);
        for s in &samples {
            let mut full = ShelTokenizer { mode: FoldMode::Exact };
            let mut ts = full.token_stream(s);
            let mut want = Vec::new();
            while ts.advance() {
                let t = ts.token();
                if crate::exact::needs_exact(&t.text) {
                    want.push((t.text.clone(), t.position, t.offset_from..t.offset_to));
                }
            }
            let mut exact = ExactTokenizer;
            let mut ts = exact.token_stream(s);
            let mut got = Vec::new();
            while ts.advance() {
                let t = ts.token();
                got.push((t.text.clone(), t.position, t.offset_from..t.offset_to));
            }
            assert_eq!(got, want, "{}", s.chars().take(40).collect::<String>());
        }
    }

    /// What a stream gives: (text, position, byte offsets) per token.
    fn run(mut ts: impl TokenStream) -> Vec<(String, usize, std::ops::Range<usize>)> {
        let mut out = Vec::new();
        while ts.advance() {
            let t = ts.token();
            out.push((t.text.clone(), t.position, t.offset_from..t.offset_to));
        }
        out
    }

    /// The folded, exact and bigram streams share one reading of a text per
    /// thread (`scan`): whatever order texts come in — tantivy's (bigrams of
    /// the segment's own text, then folded and exact of it with its tail),
    /// two texts of the same length alternating, two streams alive at once
    /// — each stream gives the tokens of its own text, as a stream reading
    /// it alone does.
    #[test]
    fn streams_sharing_a_reading_give_their_own_texts_tokens() {
        let alone = |text: &str| {
            let folded = run(ShelTokenizer { mode: FoldMode::Folded }.token_stream(text));
            let exact: Vec<_> = run(ShelTokenizer { mode: FoldMode::Exact }.token_stream(text))
                .into_iter()
                .filter(|(t, _, _)| crate::exact::needs_exact(t))
                .collect();
            (folded, exact)
        };
        let every_bmp: String = (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .flat_map(|c| [c, '不', '於', c, 'a', '知'])
            .collect();
        // same byte length, different text: the record must not be taken
        // for the other's
        let texts = ["再拜於賓", "於賓再拜", "Zheng 說于觶", "", "不知，何人", every_bmp.as_str()];
        for (i, text) in texts.iter().enumerate() {
            let other = texts[(i + 1) % texts.len()];
            let (folded, exact) = alone(text);
            // tantivy's order, the bigram field reading a prefix first
            let prefix = &text[..text.char_indices().nth(2).map_or(text.len(), |(b, _)| b)];
            let _ = run(crate::bigram::BigramTokenizer.token_stream(prefix));
            assert_eq!(run(FoldedTokenizer.token_stream(text)), folded, "{i}");
            assert_eq!(run(ExactTokenizer.token_stream(text)), exact, "{i}");
            // another text in between (of the same length, for the first)
            assert_eq!(
                run(FoldedTokenizer.token_stream(other)),
                alone(other).0,
                "{i} then another"
            );
            assert_eq!(run(ExactTokenizer.token_stream(text)), exact, "{i} after another");
            // two streams alive at once, of two texts
            let mut tk = FoldedTokenizer;
            let mut tk2 = ExactTokenizer;
            let a = tk.token_stream(text);
            let b = tk2.token_stream(other);
            assert_eq!(run(a), folded, "{i} alongside");
            assert_eq!(run(b), alone(other).1, "{i} alongside, the other");
        }
    }

    #[test]
    fn the_exact_field_keeps_merged_forms_at_their_positions() {
        // 觶 (folds with 觯) and 於 (with 于) are kept; 奠, 之 and the word
        // are the folded field's alone, yet counted in the positions.
        let mut tk = ExactTokenizer;
        let mut ts = tk.token_stream("奠觶。之 abc 於");
        let mut got = Vec::new();
        while ts.advance() {
            got.push((ts.token().text.clone(), ts.token().position));
        }
        assert_eq!(got, [("觶".to_string(), 1), ("於".to_string(), 4)]);
    }
}

//! One reading of a segment's text for the three token fields (issue 11's
//! build time).
//!
//! tantivy tokenizes each field value on its own, in the schema's field
//! order: the bigrams of `text`, then `folded`, then `exact`. Each of the
//! three streams used to read every character of the same text again —
//! decode it, fold it, classify it — and the exact stream alone was 4.6 % of
//! a build's samples (bench/NOTES.md, "Index build: the profile"). Now the
//! first stream to meet a text reads it once and records, per token, what
//! each field needs (its offsets, its folded character, its exact character
//! when the exact field keeps it); the streams after it replay the record.
//!
//! A tokenizer is given nothing but the text, and tantivy indexes one
//! document at a time on each indexing thread, so the record is kept per
//! thread and is known to be this text's by comparing the text itself with
//! a copy kept beside it (a memcmp, far cheaper than the reading it saves).
//! A text that is not the last one read — the `text` field holds a segment
//! without its 經 tail, `folded` with it; a query's tokenizer; a stream made
//! while another is alive — is simply read again: the record is a cache,
//! never a source of tokens of another text.

use std::cell::RefCell;

use sheli_corpus::fold::{FoldMode, fold_char};

use super::{Scanner, Step};

/// One token of a text, as the three fields need it. Its position is its
/// index in [`Scanned::tokens`]: every token counts one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rec {
    /// Byte offsets of the token in the text.
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// The character folded, or `None` for a word of another script (its
    /// token is its text lowercased).
    pub(crate) folded: Option<char>,
    /// The character in exact mode, when the exact field keeps it
    /// ([`crate::exact::needs_exact_char`]).
    pub(crate) exact: Option<char>,
}

/// The tokens of one text.
#[derive(Debug, Default)]
pub(crate) struct Scanned {
    text: String,
    pub(crate) tokens: Vec<Rec>,
}

impl Scanned {
    /// Reads `text` into this record, reusing its buffers.
    fn read(&mut self, text: &str) {
        self.text.clear();
        self.text.push_str(text);
        self.tokens.clear();
        let mut scanner = Scanner::new(text, FoldMode::Folded);
        while let Some((step, span)) = scanner.step() {
            let (folded, exact) = match step {
                Step::Char { folded, raw } => {
                    // the exact form is the raw character repaired
                    // (`fold_char` in exact mode), kept only if the fold
                    // merges it with another
                    let exact = fold_char(raw, FoldMode::Exact)
                        .filter(|e| crate::exact::needs_exact_char(*e));
                    (Some(folded), exact)
                }
                Step::Word => (None, None),
            };
            self.tokens.push(Rec { from: span.bytes.start, to: span.bytes.end, folded, exact });
        }
    }
}

thread_local! {
    /// The last text read on this thread, with its tokens.
    static LAST: RefCell<Scanned> = RefCell::new(Scanned::default());
}

/// The tokens of `text`: the last record of this thread if it is `text`'s,
/// else `text` read anew. Hand it back with [`give_back`] when done, so the
/// next field's stream finds it.
pub(crate) fn tokens_of(text: &str) -> Scanned {
    let mut scanned = LAST.try_with(|l| std::mem::take(&mut *l.borrow_mut())).unwrap_or_default();
    if scanned.text != text {
        scanned.read(text);
    }
    scanned
}

/// Keeps `scanned` as this thread's last record.
pub(crate) fn give_back(scanned: &mut Scanned) {
    let scanned = std::mem::take(scanned);
    // During the thread's teardown there is no record to keep.
    let _ = LAST.try_with(|l| *l.borrow_mut() = scanned);
}

//! The text index: Sheli's own postings of the segment texts, written by a
//! tantivy segment plugin next to tantivy's files (one `.sheli` file per
//! tantivy segment).
//!
//! Tantivy keeps what it is good at and cheap at — the stored documents, the
//! fast fields, and the exact-match filter fields (`source`, `work`,
//! `layer`). The texts themselves, one token per character in two forms
//! (folded and exact), are indexed here instead, for two measured reasons
//! (`bench/NOTES.md`):
//!
//! - **Build.** Tantivy's postings writer costs about 120 ns per token per
//!   positional field (a hash-table update, then a position record, per
//!   token). These postings are built by sorting dense token ids instead, a
//!   few nanoseconds per token, in the same indexing threads.
//! - **Phrases.** With one token per character, a phrase of common
//!   characters (不知何處) intersects long posting lists and then compares
//!   positions. Here every pair of adjacent tokens (a bigram) has its own
//!   positional list, so a phrase of `n` tokens is answered by intersecting
//!   the short lists of `⌈n/2⌉` bigrams that cover it; a two-character term
//!   is a single bigram list.
//!
//! Per mode (folded, exact) a segment file holds a token dictionary, per
//! token the documents with their term frequency (`unigram` lists), and per
//! bigram the documents with the positions where it starts. It also holds
//! each document's token count as a tantivy fieldnorm id, so scores are
//! computed exactly as tantivy's `TermQuery` and `PhraseQuery` computed them
//! on the token fields this replaces ([`query`]).
//!
//! Positions and token counts follow tantivy's rules: a token's position is
//! its index in the token stream, and tokens longer than
//! `tantivy::tokenizer::MAX_TOKEN_LEN` bytes are dropped without closing the
//! gap (tantivy did the same).

mod format;
pub mod query;
pub mod reader;
pub mod writer;

pub use format::EXTENSION;
pub use query::{MatchCache, TextContext, TextQuery};
pub use reader::{SegmentText, SegmentTexts};
pub use writer::TextPlugin;

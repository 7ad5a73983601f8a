//! The index schema: one document per segment.

use tantivy::schema::{
    FAST, Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions,
};

use crate::tokenizer;

/// Bump when the schema, tokenizer or stored layout changes: indexes written
/// with another version are rebuilt on open.
/// (Version 2 was an experimental custom text index, since removed; 3 is the
/// two positional tantivy fields again, written without fsync; 4 adds the
/// 經 tails across inline notes and the source-order `seq`; 5 indexes
/// `text` with the bigrams of common characters, `crate::bigram`; 6 keeps
/// in `exact` only the tokens the fold merges with another, `crate::exact`;
/// 7 stores the passage id and keeps `layer_ord` as a fast field, neither
/// indexed; 8 folds Kangxi radical signs to their ideographs, so a user's
/// text copied from a PDF is indexed with them, `fold::radical_as_ideograph`.)
pub const SCHEMA_VERSION: u32 = 8;

#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Passage id (`xiangshe.zhushu.0123`), stored only: nothing looks a
    /// segment up by it, and as a term it was one more per document, each
    /// new to the dictionary (bench/NOTES.md, "Index build: the profile").
    pub passage: Field,
    /// Source id, work name and layer label: filters match these exactly.
    pub source: Field,
    pub work: Field,
    pub layer: Field,
    /// Ordinals for counting by source and layer without reading documents
    /// (fast fields only: filters go through the `layer`, `work` and
    /// `source` terms).
    pub source_ord: Field,
    pub layer_ord: Field,
    /// Index of the segment inside its passage.
    pub segment: Field,
    /// 1-based raw line of the segment's first character.
    pub line: Field,
    /// Where the segment's raw lines change: pairs (char index, line), LE u32.
    pub line_starts: Field,
    pub ji: Field,
    /// The original text, for snippets; indexed with the bigrams of common
    /// characters (`crate::bigram`), at the folded field's positions.
    pub text: Field,
    /// The 經 after an inline note, indexed after `text` (`crate::joined`).
    pub tail: Field,
    /// Tokens of `text` when the segment has a tail (0 when it has none):
    /// occurrences beginning at or after it are the next piece's.
    pub own_tokens: Field,
    /// Source order over the whole index.
    pub seq: Field,
    /// Tokens folded across scripts and variants, with positions.
    pub folded: Field,
    /// Tokens in their exact form, with positions: only those the folded
    /// field cannot tell apart (`crate::exact`), at every token's position.
    pub exact: Field,
}

fn token_field(tokenizer: &str) -> TextOptions {
    TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(tokenizer)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    )
}

pub fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let fields = Fields {
        passage: b.add_text_field("passage", STORED),
        source: b.add_text_field("source", STRING | STORED),
        work: b.add_text_field("work", STRING | STORED),
        layer: b.add_text_field("layer", STRING | STORED),
        source_ord: b.add_u64_field("source_ord", FAST),
        layer_ord: b.add_u64_field("layer_ord", FAST),
        segment: b.add_u64_field("segment", STORED),
        line: b.add_u64_field("line", STORED),
        line_starts: b.add_bytes_field("line_starts", STORED),
        ji: b.add_u64_field("ji", STORED),
        text: b.add_text_field("text", token_field(crate::bigram::BIGRAM) | STORED),
        tail: b.add_text_field("tail", STORED),
        own_tokens: b.add_u64_field("own_tokens", FAST),
        seq: b.add_u64_field("seq", FAST),
        folded: b.add_text_field("folded", token_field(tokenizer::FOLDED)),
        exact: b.add_text_field("exact", token_field(tokenizer::EXACT)),
    };
    (b.build(), fields)
}

impl Fields {
    /// Looks the fields up in an opened index's schema.
    pub fn from_schema(schema: &Schema) -> tantivy::Result<Fields> {
        let f = |name: &str| schema.get_field(name);
        Ok(Fields {
            passage: f("passage")?,
            source: f("source")?,
            work: f("work")?,
            layer: f("layer")?,
            source_ord: f("source_ord")?,
            layer_ord: f("layer_ord")?,
            segment: f("segment")?,
            line: f("line")?,
            line_starts: f("line_starts")?,
            ji: f("ji")?,
            text: f("text")?,
            tail: f("tail")?,
            own_tokens: f("own_tokens")?,
            seq: f("seq")?,
            folded: f("folded")?,
            exact: f("exact")?,
        })
    }
}

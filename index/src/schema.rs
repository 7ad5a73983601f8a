//! The index schema: one document per segment.
//!
//! Tantivy indexes only the filter fields (`source`, `work`, `layer`) and
//! stores the rest; the tokens of the text, folded and exact, are indexed by
//! Sheli's own text index ([`crate::text_index`]), which tantivy runs as a
//! segment plugin. The `folded` and `exact` fields are declared (neither
//! indexed nor stored) so that the two modes have field names in BM25 terms.

use tantivy::schema::{FAST, Field, STORED, STRING, Schema, SchemaBuilder, TextOptions};

/// Bump when the schema, tokenizer or stored layout changes: indexes written
/// with another version are rebuilt on open.
///
/// 2: the texts are indexed by [`crate::text_index`] instead of two
/// positional tantivy fields; `passage` and `layer_ord` are no longer indexed
/// (nothing searched them).
pub const SCHEMA_VERSION: u32 = 2;

/// Name of the stored text field, which the text index reads.
pub const TEXT: &str = "text";

#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Passage id (`xiangshe.zhushu.0123`).
    pub passage: Field,
    /// Source id, work name and layer label: filters match these exactly.
    pub source: Field,
    pub work: Field,
    pub layer: Field,
    /// Ordinals for counting by source and layer without reading documents.
    pub source_ord: Field,
    pub layer_ord: Field,
    /// Index of the segment inside its passage.
    pub segment: Field,
    /// 1-based raw line of the segment's first character.
    pub line: Field,
    /// Where the segment's raw lines change: pairs (char index, line), LE u32.
    pub line_starts: Field,
    pub ji: Field,
    /// The original text, for snippets; the text index tokenizes it.
    pub text: Field,
    /// Names the folded tokens (scripts and variants met) in BM25 terms.
    pub folded: Field,
    /// Names the exact tokens in BM25 terms.
    pub exact: Field,
}

pub fn build() -> (Schema, Fields) {
    let (b, fields) = builder();
    (b.build(), fields)
}

/// The schema's fields, in a builder that more fields can still be added to
/// (tests add tantivy's own token fields next to the text index to compare
/// the two).
pub fn builder() -> (SchemaBuilder, Fields) {
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
        text: b.add_text_field(TEXT, STORED),
        folded: b.add_text_field("folded", TextOptions::default()),
        exact: b.add_text_field("exact", TextOptions::default()),
    };
    (b, fields)
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
            folded: f("folded")?,
            exact: f("exact")?,
        })
    }
}

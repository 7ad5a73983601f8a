//! The document a build hands tantivy: one segment, its text held once.
//!
//! tantivy's own `TantivyDocument` copies every value into a buffer of its
//! own, so a segment's text went in three times (stored `text`, `folded`,
//! `exact`), each copy grown into place on the calling thread, the one
//! that also prepares the next documents while the two writer threads
//! index. This type owns the text once (with the 經 tail after it, which
//! `folded` and `exact` index as one run) and hands each field a slice of
//! it; tantivy reads documents only through the `Document` trait, so what
//! is indexed and stored is the same as before, byte for byte.

use tantivy::schema::Field;
use tantivy::schema::document::{Document, ReferenceValue, ReferenceValueLeaf, Value};

use crate::schema::Fields;

/// One value of a [`SegmentDocument`], borrowed from it.
#[derive(Debug, Clone, Copy)]
pub enum FieldValue<'a> {
    Str(&'a str),
    U64(u64),
    Bytes(&'a [u8]),
}

impl<'a> Value<'a> for FieldValue<'a> {
    type ArrayIter = std::iter::Empty<Self>;
    type ObjectIter = std::iter::Empty<(&'a str, Self)>;

    #[inline]
    fn as_value(&self) -> ReferenceValue<'a, Self> {
        ReferenceValue::Leaf(match *self {
            FieldValue::Str(s) => ReferenceValueLeaf::Str(s),
            FieldValue::U64(n) => ReferenceValueLeaf::U64(n),
            FieldValue::Bytes(b) => ReferenceValueLeaf::Bytes(b),
        })
    }
}

/// A segment as tantivy indexes and stores it.
#[derive(Debug, Clone)]
pub struct SegmentDocument {
    pub(crate) fields: Fields,
    pub(crate) passage: String,
    pub(crate) source: String,
    pub(crate) work: String,
    pub(crate) layer: &'static str,
    pub(crate) source_ord: u64,
    pub(crate) layer_ord: u64,
    pub(crate) segment: u64,
    pub(crate) line: u64,
    pub(crate) line_starts: Vec<u8>,
    pub(crate) ji: u64,
    /// The segment's text followed by its tail (empty for most segments).
    pub(crate) indexed: String,
    /// Where the segment's own text ends in `indexed`.
    pub(crate) text_len: usize,
    pub(crate) own_tokens: u64,
    pub(crate) seq: u64,
}

/// How many values a document has: one per field of the schema.
const VALUES: u8 = 16;

impl SegmentDocument {
    /// The `i`-th field and its value, in the order of the schema.
    #[inline]
    fn value(&self, i: u8) -> (Field, FieldValue<'_>) {
        use FieldValue::{Bytes, Str, U64};
        let f = &self.fields;
        match i {
            0 => (f.passage, Str(&self.passage)),
            1 => (f.source, Str(&self.source)),
            2 => (f.work, Str(&self.work)),
            3 => (f.layer, Str(self.layer)),
            4 => (f.source_ord, U64(self.source_ord)),
            5 => (f.layer_ord, U64(self.layer_ord)),
            6 => (f.segment, U64(self.segment)),
            7 => (f.line, U64(self.line)),
            8 => (f.line_starts, Bytes(&self.line_starts)),
            9 => (f.ji, U64(self.ji)),
            10 => (f.text, Str(&self.indexed[..self.text_len])),
            11 => (f.tail, Str(&self.indexed[self.text_len..])),
            12 => (f.own_tokens, U64(self.own_tokens)),
            13 => (f.seq, U64(self.seq)),
            14 => (f.folded, Str(&self.indexed)),
            _ => (f.exact, Str(&self.indexed)),
        }
    }
}

/// The values of a [`SegmentDocument`], made one at a time as tantivy asks
/// (it walks a document several times: to index, store and count it).
pub struct Values<'a> {
    doc: &'a SegmentDocument,
    next: u8,
}

impl<'a> Iterator for Values<'a> {
    type Item = (Field, FieldValue<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= VALUES {
            return None;
        }
        self.next += 1;
        Some(self.doc.value(self.next - 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (VALUES - self.next.min(VALUES)) as usize;
        (left, Some(left))
    }
}

impl Document for SegmentDocument {
    type Value<'a> = FieldValue<'a>;
    type FieldsValuesIter<'a> = Values<'a>;

    fn iter_fields_and_values(&self) -> Values<'_> {
        Values { doc: self, next: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of the schema gets its one value, in the schema's order
    /// (a field left out would be neither stored nor indexed, silently).
    #[test]
    fn a_document_has_one_value_per_field_of_the_schema() {
        let (schema, fields) = crate::schema::build();
        let doc = SegmentDocument {
            fields,
            passage: "p.0001".into(),
            source: "s".into(),
            work: "w".into(),
            layer: "經",
            source_ord: 1,
            layer_ord: 2,
            segment: 3,
            line: 4,
            line_starts: vec![5],
            ji: 0,
            indexed: "主人拜賓答拜".into(),
            text_len: 6,
            own_tokens: 2,
            seq: 7,
        };
        let got: Vec<Field> = doc.iter_fields_and_values().map(|(f, _)| f).collect();
        let want: Vec<Field> = schema.fields().map(|(f, _)| f).collect();
        assert_eq!(got, want);
        let text = |i: usize| doc.iter_fields_and_values().nth(i).and_then(|(_, v)| v.as_str());
        assert_eq!(text(10), Some("主人"), "text is the segment's own");
        assert_eq!(text(11), Some("拜賓答拜"), "tail follows it");
        assert_eq!(text(14), Some("主人拜賓答拜"), "folded indexes both");
    }
}

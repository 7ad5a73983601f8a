//! A count term's postings in one index segment, and its occurrences in a
//! document read from them (positions only, never the stored text).

use tantivy::postings::{Postings, SegmentPostings};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, DocSet, SegmentReader, TERMINATED, Term};

use super::pattern::{CountTerm, Scratch, spans};
use crate::schema::Fields;

/// The postings of every token of every slot of every unit of one term.
pub struct TermPostings {
    /// `units[u][s]`: the postings of the tokens that may stand in slot `s`
    /// of unit `u`.
    units: Vec<Vec<Vec<SegmentPostings>>>,
    /// `positions[u][s]`: positions of slot `s` of unit `u` in the document
    /// last asked about.
    positions: Vec<Vec<Vec<u32>>>,
    scratch: Scratch,
    spans: Vec<(u32, u32)>,
}

impl TermPostings {
    pub fn open(
        term: &CountTerm,
        fields: &Fields,
        reader: &SegmentReader,
    ) -> tantivy::Result<TermPostings> {
        let mut units = Vec::with_capacity(term.units.len());
        for unit in &term.units {
            let field = unit.field(fields);
            let inverted = reader.inverted_index(field)?;
            let mut slots = Vec::with_capacity(unit.slots.len());
            for slot in &unit.slots {
                let mut postings = Vec::new();
                for token in &slot.tokens {
                    let t = Term::from_field_text(field, token);
                    if let Some(p) =
                        inverted.read_postings(&t, IndexRecordOption::WithFreqsAndPositions)?
                    {
                        postings.push(p);
                    }
                }
                slots.push(postings);
            }
            units.push(slots);
        }
        let positions = term.units.iter().map(|u| vec![Vec::new(); u.slots.len()]).collect();
        Ok(TermPostings { units, positions, scratch: Scratch::default(), spans: Vec::new() })
    }

    /// The occurrences of `term` in `doc`, as position ranges. Postings only
    /// move forward: documents must be asked about in increasing order.
    pub fn spans(&mut self, term: &CountTerm, doc: DocId) -> &[(u32, u32)] {
        self.spans.clear();
        for (slots, positions) in self.units.iter_mut().zip(&mut self.positions) {
            for (postings, out) in slots.iter_mut().zip(positions.iter_mut()) {
                out.clear();
                for p in postings.iter_mut() {
                    if p.doc() != TERMINATED && p.doc() < doc {
                        p.seek(doc);
                    }
                    if p.doc() == doc {
                        p.append_positions_with_offset(0, out);
                    }
                }
                if out.is_empty() {
                    return &self.spans;
                }
                out.sort_unstable();
            }
        }
        spans(term, &self.positions, &mut self.scratch, &mut self.spans);
        &self.spans
    }

    /// How many times `term` occurs in `doc` (see [`TermPostings::spans`]).
    pub fn count(&mut self, term: &CountTerm, doc: DocId) -> u32 {
        // A one-slot term (a single character, or a pinyin set of
        // characters) needs no positions: each occurrence is one token.
        if term.is_one_slot() {
            let mut n = 0;
            for p in &mut self.units[0][0] {
                if p.doc() != TERMINATED && p.doc() < doc {
                    p.seek(doc);
                }
                if p.doc() == doc {
                    n += p.term_freq();
                }
            }
            return n;
        }
        self.spans(term, doc).len() as u32
    }
}

//! A count term's postings in one index segment, and its occurrences in a
//! document read from them (positions only, never the stored text).

use tantivy::postings::{Postings, SegmentPostings};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, DocSet, SegmentReader, TERMINATED, Term};

use sheli_corpus::FoldMode;

use super::pattern::{CountTerm, Scratch, Slot, Unit, spans};
use crate::schema::Fields;

/// The postings of every token of every slot of every unit of one term.
pub struct TermPostings {
    /// The term the postings follow: the one opened, with its folded
    /// phrases planned with bigrams (`crate::bigram`) where the index
    /// segment has the bigrams of all its text (no 經 tails).
    term: CountTerm,
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
        let has_tails = super::tails::has_tails(reader);
        let mut planned = term.clone();
        let mut bigram_slots: Vec<Vec<bool>> = Vec::with_capacity(term.units.len());
        for unit in &mut planned.units {
            match plan_unit(unit).filter(|_| !has_tails) {
                Some((u, bigrams)) => {
                    *unit = u;
                    bigram_slots.push(bigrams);
                }
                None => bigram_slots.push(vec![false; unit.slots.len()]),
            }
        }
        let mut units = Vec::with_capacity(planned.units.len());
        for (unit, bigrams) in planned.units.iter().zip(&bigram_slots) {
            let mut slots = Vec::with_capacity(unit.slots.len());
            for (slot, bigram) in unit.slots.iter().zip(bigrams) {
                let mut postings = Vec::new();
                for token in &slot.tokens {
                    // An exact token the fold merges with no other is not
                    // in the exact field: its folded postings are its own
                    // (`crate::exact`).
                    let field = match unit.mode {
                        _ if *bigram => fields.text,
                        FoldMode::Exact if !crate::exact::needs_exact(token) => fields.folded,
                        _ => unit.field(fields),
                    };
                    let inverted = reader.inverted_index(field)?;
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
        let positions = planned.units.iter().map(|u| vec![Vec::new(); u.slots.len()]).collect();
        Ok(TermPostings {
            term: planned,
            units,
            positions,
            scratch: Scratch::default(),
            spans: Vec::new(),
        })
    }

    /// The occurrences of `term` in `doc`, as position ranges. Postings only
    /// move forward: documents must be asked about in increasing order.
    /// `term` is the term these postings were opened for (planned with
    /// bigrams, it is followed as planned).
    pub fn spans(&mut self, _term: &CountTerm, doc: DocId) -> &[(u32, u32)] {
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
        spans(&self.term, &self.positions, &mut self.scratch, &mut self.spans);
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

/// A folded phrase (one token in each of the slots 0, 1, 2 …) planned with
/// bigrams, and which of its slots are bigrams; `None` for any other unit or
/// a phrase with no common pair.
fn plan_unit(unit: &Unit) -> Option<(Unit, Vec<bool>)> {
    if unit.mode != FoldMode::Folded || unit.slots.len() < 2 {
        return None;
    }
    let mut tokens = Vec::with_capacity(unit.slots.len());
    for (i, slot) in unit.slots.iter().enumerate() {
        match slot.tokens.as_slice() {
            [t] if slot.offset == i as u32 => tokens.push(t.clone()),
            _ => return None,
        }
    }
    let plan = crate::bigram::plan(&tokens)?;
    let bigrams = plan.iter().map(|p| p.bigram).collect();
    let slots =
        plan.into_iter().map(|p| Slot { offset: p.offset, tokens: vec![p.token] }).collect();
    Some((Unit { mode: FoldMode::Folded, slots }, bigrams))
}

//! A folded phrase found through the bigrams of common characters
//! (`crate::bigram`): 不知何處 is looked up as 不知 and 何處, two short
//! posting lists, instead of four long ones.
//!
//! The answer is tantivy's own `PhraseQuery`'s, document for document and
//! score for score: the BM25 weight is built from the phrase's
//! one-character terms and the folded field's norms, as `PhraseQuery` builds
//! it, and a document's phrase count is the number of positions where every
//! term of the plan stands at its offset — which are exactly the positions
//! where the phrase begins, since the plan covers every character. Only
//! where the terms come from changes. In an index segment with 經 tails
//! (`crate::joined`) the bigram field lacks the tails, so there the plain
//! `PhraseQuery` answers.

use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::{Postings, SegmentPostings};
use tantivy::query::{
    Bm25Weight, EmptyScorer, EnableScoring, Explanation, PhraseQuery, Query, Scorer, Weight,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED, Term};

use super::tails::has_tails;
use crate::bigram::PlanTerm;
use crate::schema::Fields;

/// The phrase `tokens` (folded) of `fields.folded`, found through `plan`.
#[derive(Debug, Clone)]
pub struct PlannedPhrase {
    /// The phrase's own terms, at offsets 0, 1, 2 …
    terms: Vec<Term>,
    /// The plan's terms at their offsets (bigrams in `fields.text`).
    plan: Vec<(u32, Term)>,
    folded: Field,
}

impl PlannedPhrase {
    pub fn new(tokens: &[String], plan: &[PlanTerm], fields: &Fields) -> PlannedPhrase {
        PlannedPhrase {
            terms: tokens.iter().map(|t| Term::from_field_text(fields.folded, t)).collect(),
            plan: plan
                .iter()
                .map(|p| {
                    let field = if p.bigram { fields.text } else { fields.folded };
                    (p.offset, Term::from_field_text(field, &p.token))
                })
                .collect(),
            folded: fields.folded,
        }
    }
}

impl Query for PlannedPhrase {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        // tantivy's phrase query, for the index segments with tails (if
        // there are any: its weight looks the statistics up a second time).
        let tails = match enable_scoring.searcher() {
            Some(searcher) => searcher.segment_readers().iter().any(has_tails),
            None => true,
        };
        let plain = if tails {
            Some(PhraseQuery::new(self.terms.clone()).weight(enable_scoring)?)
        } else {
            None
        };
        let bm25 = match enable_scoring {
            EnableScoring::Enabled { statistics_provider, .. } => {
                Some(Bm25Weight::for_terms(statistics_provider, &self.terms)?)
            }
            EnableScoring::Disabled { .. } => None,
        };
        Ok(Box::new(PlannedPhraseWeight {
            plan: self.plan.clone(),
            folded: self.folded,
            bm25,
            plain,
        }))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        for t in &self.terms {
            visitor(t, true);
        }
    }
}

struct PlannedPhraseWeight {
    plan: Vec<(u32, Term)>,
    folded: Field,
    bm25: Option<Bm25Weight>,
    /// tantivy's phrase query over the one-character terms, when some
    /// index segment has tails.
    plain: Option<Box<dyn Weight>>,
}

impl PlannedPhraseWeight {
    fn planned(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let mut postings = Vec::with_capacity(self.plan.len());
        for (offset, term) in &self.plan {
            let inverted = reader.inverted_index(term.field())?;
            match inverted.read_postings(term, IndexRecordOption::WithFreqsAndPositions)? {
                Some(p) => postings.push((*offset, p)),
                None => return Ok(Box::new(EmptyScorer)),
            }
        }
        // The rarest list leads; the others are asked about its documents.
        postings.sort_by_key(|(_, p)| p.doc_freq());
        let max_offset = self.plan.iter().map(|(o, _)| *o).max().unwrap_or(0);
        let fieldnorms = match &self.bm25 {
            Some(_) => reader.get_fieldnorms_reader(self.folded)?,
            None => FieldNormReader::constant(reader.max_doc(), 1),
        };
        let mut scorer = PlannedScorer {
            postings,
            max_offset,
            starts: Vec::new(),
            buf: Vec::new(),
            count: 0,
            bm25: self.bm25.as_ref().map(|w| w.boost_by(boost)),
            fieldnorms,
        };
        let first = scorer.postings[0].1.doc();
        scorer.settle(first);
        Ok(Box::new(scorer))
    }
}

impl Weight for PlannedPhraseWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        match &self.plain {
            Some(plain) if has_tails(reader) => plain.scorer(reader, boost),
            _ => self.planned(reader, boost),
        }
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(tantivy::TantivyError::InvalidArgument(format!(
                "document {doc} does not match"
            )));
        }
        Ok(Explanation::new("phrase through bigrams", scorer.score()))
    }
}

/// Stands on a document where every term of the plan stands at its offset
/// from a common start, or on TERMINATED.
struct PlannedScorer {
    /// (offset, postings), rarest first.
    postings: Vec<(u32, SegmentPostings)>,
    max_offset: u32,
    /// Phrase starts (plus `max_offset`) in the current document.
    starts: Vec<u32>,
    buf: Vec<u32>,
    /// Occurrences of the phrase in the current document, overlapping ones
    /// included (tantivy's phrase count).
    count: u32,
    bm25: Option<Bm25Weight>,
    fieldnorms: FieldNormReader,
}

impl PlannedScorer {
    /// The first document at or after `doc` (where the leading list
    /// stands) that holds every term.
    fn candidate(&mut self, mut doc: DocId) -> DocId {
        'next: while doc != TERMINATED {
            for (_, p) in self.postings[1..].iter_mut() {
                let d = if p.doc() < doc { p.seek(doc) } else { p.doc() };
                if d != doc {
                    let lead = &mut self.postings[0].1;
                    doc = if d == TERMINATED { lead.seek(TERMINATED) } else { lead.seek(d) };
                    continue 'next;
                }
            }
            return doc;
        }
        TERMINATED
    }

    /// How many times the phrase starts in the current document.
    fn phrase_count(&mut self) -> u32 {
        let max = self.max_offset;
        let (offset, first) = &mut self.postings[0];
        self.starts.clear();
        first.positions_with_offset(max - *offset, &mut self.starts);
        for (offset, p) in self.postings[1..].iter_mut() {
            self.buf.clear();
            p.positions_with_offset(max - *offset, &mut self.buf);
            let buf = &self.buf;
            let mut j = 0;
            self.starts.retain(|s| {
                while j < buf.len() && buf[j] < *s {
                    j += 1;
                }
                j < buf.len() && buf[j] == *s
            });
            if self.starts.is_empty() {
                return 0;
            }
        }
        self.starts.len() as u32
    }

    /// From `doc` (where the leading list stands) on to the first document
    /// where the phrase occurs.
    fn settle(&mut self, mut doc: DocId) -> DocId {
        loop {
            doc = self.candidate(doc);
            if doc == TERMINATED {
                self.count = 0;
                return TERMINATED;
            }
            self.count = self.phrase_count();
            if self.count > 0 {
                return doc;
            }
            doc = self.postings[0].1.advance();
        }
    }
}

impl DocSet for PlannedScorer {
    fn advance(&mut self) -> DocId {
        let doc = self.postings[0].1.advance();
        self.settle(doc)
    }

    fn seek(&mut self, target: DocId) -> DocId {
        let lead = &mut self.postings[0].1;
        if target <= lead.doc() {
            return lead.doc();
        }
        let doc = lead.seek(target);
        self.settle(doc)
    }

    fn doc(&self) -> DocId {
        self.postings[0].1.doc()
    }

    fn size_hint(&self) -> u32 {
        self.postings[0].1.size_hint()
    }
}

impl Scorer for PlannedScorer {
    fn score(&mut self) -> Score {
        match &self.bm25 {
            Some(w) => w.score(self.fieldnorms.fieldnorm_id(self.doc()), self.count),
            None => 1.0,
        }
    }
}

//! Reading a segment's text index: the token dictionary, unigram lists
//! (documents and term frequencies) and bigram lists (documents and
//! positions), straight from the memory-mapped `.sheli` file.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use sheli_corpus::FoldMode;
use tantivy::directory::OwnedBytes;
use tantivy::index::{SegmentComponent, SegmentId};
use tantivy::{DocId, SegmentReader, TERMINATED, TantivyError};

use super::format::{EXTENSION, HEADER_LEN, MAGIC, MODE_BLOBS, VERSION, read_varint, skip_varints, u32_at};
use super::writer::SHARED;

/// The blobs of one mode, as byte ranges of the file.
#[derive(Debug, Clone)]
struct Mode {
    tok_offsets: Range<usize>,
    tok_bytes: Range<usize>,
    fold_of: Range<usize>,
    uni_data: Range<usize>,
    uni_df: Range<usize>,
    uni_off: Range<usize>,
    bi_data: Range<usize>,
    bi_dir: Range<usize>,
    bi_dir_off: Range<usize>,
    bi_data_off: Range<usize>,
    /// Number of tokens in the dictionary.
    k: usize,
}

/// A bigram's list: a byte range of a mode's `bi_data`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bigram {
    /// The section that holds the list (an exact bigram may be stored as its folded form).
    section: usize,
    start: u32,
    end: u32,
}

impl Bigram {
    /// Bytes of its list: how rare it is, near enough to choose which
    /// bigram leads an intersection.
    pub fn len(&self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// One segment's text index.
#[derive(Clone)]
pub struct SegmentText {
    bytes: OwnedBytes,
    num_docs: u32,
    total_tokens: u64,
    fieldnorms: Range<usize>,
    modes: [Mode; 2],
}

impl std::fmt::Debug for SegmentText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SegmentText").field("num_docs", &self.num_docs).finish()
    }
}

fn corrupt(why: &str) -> TantivyError {
    TantivyError::InternalError(format!("the text index is damaged: {why}"))
}

fn mode_index(mode: FoldMode) -> usize {
    match mode {
        FoldMode::Folded => 0,
        FoldMode::Exact => 1,
    }
}

impl SegmentText {
    pub fn open(reader: &SegmentReader) -> tantivy::Result<SegmentText> {
        let file = reader.open_read(SegmentComponent::Custom(EXTENSION.to_string()))?;
        let bytes = file.read_bytes()?;
        SegmentText::parse(bytes)
    }

    fn parse(bytes: OwnedBytes) -> tantivy::Result<SegmentText> {
        let b = bytes.as_slice();
        if b.len() < HEADER_LEN + 8 || &b[0..4] != MAGIC || &b[b.len() - 4..] != MAGIC {
            return Err(corrupt("bad header"));
        }
        if u32_at(b, 1) != VERSION {
            return Err(corrupt("unknown version"));
        }
        let num_docs = u32_at(b, 2);
        let total_tokens = u64::from_le_bytes(b[16..24].try_into().expect("8 bytes"));
        let n = u32::from_le_bytes(b[b.len() - 8..b.len() - 4].try_into().expect("4 bytes")) as usize;
        if n != 1 + 2 * MODE_BLOBS || b.len() < HEADER_LEN + 8 + 8 * n {
            return Err(corrupt("blob table"));
        }
        let table = &b[b.len() - 8 - 8 * n..b.len() - 8];
        let mut ranges = Vec::with_capacity(n);
        let mut at = HEADER_LEN;
        for i in 0..n {
            let len = u64::from_le_bytes(table[i * 8..i * 8 + 8].try_into().expect("8 bytes")) as usize;
            let end = at.checked_add(len).filter(|e| *e <= b.len() - 8 - 8 * n).ok_or_else(|| corrupt("truncated"))?;
            ranges.push(at..end);
            at = end;
        }
        let fieldnorms = ranges[0].clone();
        if fieldnorms.len() != num_docs as usize {
            return Err(corrupt("fieldnorms"));
        }
        let mode = |r: &[Range<usize>]| -> tantivy::Result<Mode> {
            let k = r[5].len() / 4;
            let m = Mode {
                tok_offsets: r[0].clone(),
                tok_bytes: r[1].clone(),
                fold_of: r[2].clone(),
                bi_data: r[3].clone(),
                uni_data: r[4].clone(),
                uni_df: r[5].clone(),
                uni_off: r[6].clone(),
                bi_dir: r[7].clone(),
                bi_dir_off: r[8].clone(),
                bi_data_off: r[9].clone(),
                k,
            };
            if m.tok_offsets.len() != (k + 1) * 4
                || (!m.fold_of.is_empty() && m.fold_of.len() != k * 4)
                || m.uni_off.len() != (k + 1) * 4
                || m.bi_dir_off.len() != (k + 1) * 4
                || m.bi_data_off.len() != (k + 1) * 4
            {
                return Err(corrupt("directory sizes"));
            }
            Ok(m)
        };
        let folded = mode(&ranges[1..1 + MODE_BLOBS])?;
        let exact = mode(&ranges[1 + MODE_BLOBS..1 + 2 * MODE_BLOBS])?;
        if !folded.fold_of.is_empty() || exact.fold_of.len() != exact.k * 4 {
            return Err(corrupt("fold map"));
        }
        Ok(SegmentText { bytes, num_docs, total_tokens, fieldnorms, modes: [folded, exact] })
    }

    pub fn num_docs(&self) -> u32 {
        self.num_docs
    }

    /// Tokens of all documents (what tantivy called the field's
    /// `total_num_tokens`; the same in both modes).
    pub fn total_tokens(&self) -> u64 {
        self.total_tokens
    }

    /// Tantivy's fieldnorm id of the document's token count.
    #[inline]
    pub fn fieldnorm_id(&self, doc: DocId) -> u8 {
        self.bytes.as_slice()[self.fieldnorms.start + doc as usize]
    }

    fn slice(&self, r: &Range<usize>) -> &[u8] {
        &self.bytes.as_slice()[r.clone()]
    }

    /// The id of `token` in `mode`'s dictionary.
    pub fn token_id(&self, mode: FoldMode, token: &str) -> Option<u32> {
        let m = &self.modes[mode_index(mode)];
        let offs = self.slice(&m.tok_offsets);
        let bytes = self.slice(&m.tok_bytes);
        let tok = |i: usize| &bytes[u32_at(offs, i) as usize..u32_at(offs, i + 1) as usize];
        let (mut lo, mut hi) = (0usize, m.k);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match tok(mid).cmp(token.as_bytes()) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid as u32),
            }
        }
        None
    }

    /// Every token of `mode`'s dictionary, in byte order.
    pub fn tokens(&self, mode: FoldMode) -> impl Iterator<Item = &str> {
        let m = &self.modes[mode_index(mode)];
        let offs = self.slice(&m.tok_offsets);
        let bytes = self.slice(&m.tok_bytes);
        (0..m.k).map(move |i| {
            std::str::from_utf8(&bytes[u32_at(offs, i) as usize..u32_at(offs, i + 1) as usize]).unwrap_or("")
        })
    }

    /// For an exact token whose lists are its folded form's: that folded id.
    #[inline]
    fn shared(&self, mode: FoldMode, id: u32) -> Option<u32> {
        if mode == FoldMode::Folded {
            return None;
        }
        let f = u32_at(self.slice(&self.modes[1].fold_of), id as usize);
        (f & SHARED != 0).then_some(f & !SHARED)
    }

    /// Documents containing token `id`.
    pub fn doc_freq(&self, mode: FoldMode, id: u32) -> u32 {
        if let Some(f) = self.shared(mode, id) {
            return self.doc_freq(FoldMode::Folded, f);
        }
        u32_at(self.slice(&self.modes[mode_index(mode)].uni_df), id as usize)
    }

    /// The documents of token `id` with their term frequencies.
    pub fn unigrams(&self, mode: FoldMode, id: u32) -> UniCursor {
        if let Some(f) = self.shared(mode, id) {
            return self.unigrams(FoldMode::Folded, f);
        }
        let m = &self.modes[mode_index(mode)];
        let off = self.slice(&m.uni_off);
        let start = m.uni_data.start + u32_at(off, id as usize) as usize;
        let end = m.uni_data.start + u32_at(off, id as usize + 1) as usize;
        UniCursor::new(self.bytes.slice(start..end), self.doc_freq(mode, id))
    }

    /// The bigram (first, second), if it occurs.
    pub fn bigram(&self, mode: FoldMode, first: u32, second: u32) -> Option<Bigram> {
        if let (Some(a), Some(b)) = (self.shared(mode, first), self.shared(mode, second)) {
            return self.bigram(FoldMode::Folded, a, b);
        }
        let section = mode_index(mode);
        let m = &self.modes[section];
        let dir_off = self.slice(&m.bi_dir_off);
        let dir = &self.slice(&m.bi_dir)[u32_at(dir_off, first as usize) as usize..u32_at(dir_off, first as usize + 1) as usize];
        let mut data = u32_at(self.slice(&m.bi_data_off), first as usize);
        let (mut at, mut s) = (0usize, 0u32);
        while at < dir.len() {
            s += read_varint(dir, &mut at);
            let len = read_varint(dir, &mut at);
            if s == second {
                return Some(Bigram { section, start: data, end: data + len });
            }
            if s > second {
                return None;
            }
            data += len;
        }
        None
    }

    /// The documents of a bigram with the positions where it starts.
    pub fn bigrams(&self, bigram: Bigram) -> BiCursor<'_> {
        let m = &self.modes[bigram.section];
        BiCursor::new(&self.slice(&m.bi_data)[bigram.start as usize..bigram.end as usize])
    }
}

/// Walks a unigram list: documents in increasing order, each with its term
/// frequency. `doc()` is `TERMINATED` at the end. Owns (a shared handle
/// on) its bytes, so a scorer can keep it.
#[derive(Clone)]
pub struct UniCursor {
    data: OwnedBytes,
    pos: usize,
    doc: DocId,
    tf: u32,
    len: u32,
}

impl UniCursor {
    fn new(data: OwnedBytes, len: u32) -> Self {
        let mut c = UniCursor { data, pos: 0, doc: 0, tf: 0, len };
        c.read_next(0);
        c
    }

    #[inline]
    fn read_next(&mut self, prev: DocId) {
        let data = self.data.as_slice();
        if self.pos >= data.len() {
            self.doc = TERMINATED;
            self.tf = 0;
            return;
        }
        self.doc = prev + read_varint(data, &mut self.pos);
        self.tf = read_varint(data, &mut self.pos);
    }

    #[inline]
    pub fn doc(&self) -> DocId {
        self.doc
    }

    #[inline]
    pub fn tf(&self) -> u32 {
        self.tf
    }

    /// Documents in the whole list.
    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn advance(&mut self) -> DocId {
        if self.doc != TERMINATED {
            let prev = self.doc;
            self.read_next(prev);
        }
        self.doc
    }

    /// Moves to the first document at or after `target`.
    #[inline]
    pub fn seek(&mut self, target: DocId) -> DocId {
        while self.doc < target {
            self.advance();
        }
        self.doc
    }
}

/// Walks a bigram list: documents in increasing order, each with the
/// positions where the bigram starts.
#[derive(Clone)]
pub struct BiCursor<'a> {
    data: &'a [u8],
    pos: usize,
    doc: DocId,
    count: u32,
    /// Where the current document's positions start in `data`.
    positions_at: usize,
}

impl<'a> BiCursor<'a> {
    fn new(data: &'a [u8]) -> Self {
        let mut c = BiCursor { data, pos: 0, doc: 0, count: 0, positions_at: 0 };
        c.read_next(0);
        c
    }

    #[inline]
    fn read_next(&mut self, prev: DocId) {
        if self.pos >= self.data.len() {
            self.doc = TERMINATED;
            self.count = 0;
            return;
        }
        self.doc = prev + read_varint(self.data, &mut self.pos);
        self.count = read_varint(self.data, &mut self.pos);
        self.positions_at = self.pos;
        skip_varints(self.data, &mut self.pos, self.count);
    }

    #[inline]
    pub fn doc(&self) -> DocId {
        self.doc
    }

    /// Occurrences of the bigram in the current document.
    #[inline]
    pub fn count(&self) -> u32 {
        self.count
    }

    #[inline]
    pub fn advance(&mut self) -> DocId {
        if self.doc != TERMINATED {
            let prev = self.doc;
            self.read_next(prev);
        }
        self.doc
    }

    #[inline]
    pub fn seek(&mut self, target: DocId) -> DocId {
        while self.doc < target {
            self.advance();
        }
        self.doc
    }

    /// Appends the current document's start positions (ascending) to `out`.
    #[inline]
    pub fn positions(&self, out: &mut Vec<u32>) {
        let mut at = self.positions_at;
        let mut p = 0u32;
        for _ in 0..self.count {
            p += read_varint(self.data, &mut at);
            out.push(p);
        }
    }
}

/// The text index of every segment of a searcher, by segment id.
#[derive(Debug, Default)]
pub struct SegmentTexts {
    by_id: HashMap<SegmentId, Arc<SegmentText>>,
}

impl SegmentTexts {
    pub fn open(searcher: &tantivy::Searcher) -> tantivy::Result<SegmentTexts> {
        let mut by_id = HashMap::new();
        for reader in searcher.segment_readers() {
            by_id.insert(reader.segment_id(), Arc::new(SegmentText::open(reader)?));
        }
        Ok(SegmentTexts { by_id })
    }

    /// The text index of the segment `reader` reads.
    pub fn get(&self, reader: &SegmentReader) -> tantivy::Result<Arc<SegmentText>> {
        match self.by_id.get(&reader.segment_id()) {
            Some(t) => Ok(t.clone()),
            // a segment this searcher did not know (the index was reloaded)
            None => Ok(Arc::new(SegmentText::open(reader)?)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &SegmentText> {
        self.by_id.values().map(|t| t.as_ref())
    }
}

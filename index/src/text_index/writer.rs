//! Building a segment's text index: a tantivy segment plugin whose writer
//! sees every document in the indexing thread of its segment, keeps the
//! token ids of its text, and at the end of the segment sorts them into
//! postings.
//!
//! Per token the writer does a table lookup and a push; the postings are
//! then built by counting sorts over dense token ids (no hashing per token,
//! no per-term allocation), which is what makes this cheaper than tantivy's
//! postings writer.

use std::any::Any;
use std::collections::HashMap;
use std::io::Write;

use sheli_corpus::FoldMode;
use sheli_corpus::fold::fold_char;
use tantivy::directory::{TerminatingWrite, WritePtr};
use tantivy::fieldnorm::FieldNormReader;
use tantivy::index::SegmentComponent;
use tantivy::indexer::doc_id_mapping::{DocIdMapping, MappingType};
use tantivy::plugin::{PluginMergeContext, PluginWriter, PluginWriterContext, SegmentPlugin};
use tantivy::schema::document::ErasedDocument;
use tantivy::schema::{Field, Schema, Value};
use tantivy::tokenizer::MAX_TOKEN_LEN;
use tantivy::{DocId, Segment, TantivyDocument, TantivyError};

use super::format::{EXTENSION, HEADER_LEN, MAGIC, VERSION, offset32, push_u32s, write_varint};
use crate::schema;
use crate::tokenizer::{Piece, for_each_piece};

/// In the exact section's `fold_of`: the token's lists are its folded form's.
pub(crate) const SHARED: u32 = 1 << 31;

/// A token tantivy would have dropped (longer than `MAX_TOKEN_LEN` bytes):
/// it takes a position but is neither indexed nor counted.
const SKIPPED: u32 = u32::MAX;

/// The segment plugin: registered on the index when it is created
/// ([`crate::indexer::write_index`]).
#[derive(Debug, Default)]
pub struct TextPlugin;

impl SegmentPlugin for TextPlugin {
    fn extensions(&self) -> &[&str] {
        &[EXTENSION]
    }

    fn create_writer(&self, ctx: &PluginWriterContext) -> tantivy::Result<Box<dyn PluginWriter>> {
        let text = ctx.segment.schema().get_field(schema::TEXT)?;
        Ok(Box::new(TextWriter { text, acc: Accumulator::default() }))
    }

    /// Tantivy merges segments only when asked to (the index is written with
    /// `NoMergePolicy`), but a merge must still be right: the merged
    /// segment's texts are read back from the doc store, in the merged
    /// order (the source segments one after the other, deleted documents
    /// left out), and indexed afresh.
    fn merge(&self, ctx: PluginMergeContext) -> tantivy::Result<()> {
        if ctx.doc_id_mapping.mapping_type() == MappingType::Shuffled {
            return Err(TantivyError::InternalError("text index: sorted indexes are not supported".into()));
        }
        let text = ctx.schema.get_field(schema::TEXT)?;
        let mut acc = Accumulator::default();
        for reader in ctx.readers {
            let store = reader.get_store_reader(16)?;
            for doc_id in reader.doc_ids_alive() {
                let doc: TantivyDocument = store.get(doc_id)?;
                acc.add_text(doc.get_first(text).and_then(|v| v.as_str()).unwrap_or(""));
            }
        }
        acc.write(ctx.target_segment)
    }
}

struct TextWriter {
    text: Field,
    acc: Accumulator,
}

impl PluginWriter for TextWriter {
    fn add_document(&mut self, doc_id: DocId, doc: &dyn ErasedDocument, _schema: &Schema) -> tantivy::Result<()> {
        if doc_id as usize != self.acc.doc_ends.len() {
            return Err(TantivyError::InternalError(format!("text index: document {doc_id} out of order")));
        }
        let doc = doc
            .as_any()
            .downcast_ref::<TantivyDocument>()
            .ok_or_else(|| TantivyError::InternalError("text index: documents must be TantivyDocument".into()))?;
        self.acc.add_text(doc.get_first(self.text).and_then(|v| v.as_str()).unwrap_or(""));
        Ok(())
    }

    fn serialize(self: Box<Self>, segment: &Segment, doc_id_map: Option<&DocIdMapping>) -> tantivy::Result<()> {
        if doc_id_map.is_some() {
            return Err(TantivyError::InternalError("text index: sorted indexes are not supported".into()));
        }
        self.acc.write(segment)
    }

    fn mem_usage(&self) -> usize {
        self.acc.mem_usage()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Token ids of every document of a segment, in the exact form (the folded
/// form of a token is a function of its exact form).
#[derive(Default)]
pub(crate) struct Accumulator {
    /// Exact token ids (first-seen order) of all documents, one after the other.
    tokens: Vec<u32>,
    /// End of each document's tokens in `tokens`.
    doc_ends: Vec<u32>,
    /// Id of each BMP character token (`u32::MAX`: none yet).
    bmp: Vec<u32>,
    /// Ids of other tokens (supplementary characters, words of other scripts).
    other: HashMap<String, u32>,
    /// Token of each id.
    names: Vec<String>,
    /// Bytes held by `names` and `other` (kept up to date: tantivy asks
    /// after every document).
    names_bytes: usize,
}

impl Accumulator {
    /// The id of a one-character token.
    #[inline]
    fn id_of_char(&mut self, c: char) -> u32 {
        if (c as u32) < 0x10000 {
            if self.bmp.is_empty() {
                self.bmp = vec![u32::MAX; 0x10000];
            }
            let slot = &mut self.bmp[c as usize];
            if *slot == u32::MAX {
                *slot = self.names.len() as u32;
                self.names.push(c.to_string());
                self.names_bytes += c.len_utf8() + 24;
            }
            return *slot;
        }
        self.id_of(c.encode_utf8(&mut [0; 4]))
    }

    fn id_of(&mut self, token: &str) -> u32 {
        let mut chars = token.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && (c as u32) < 0x10000
        {
            return self.id_of_char(c);
        }
        if let Some(id) = self.other.get(token) {
            return *id;
        }
        let id = self.names.len() as u32;
        self.names.push(token.to_owned());
        self.other.insert(token.to_owned(), id);
        self.names_bytes += 2 * (token.len() + 24) + 8;
        id
    }

    pub(crate) fn add_text(&mut self, text: &str) {
        // the id is all that is kept of a token
        let mut tokens = std::mem::take(&mut self.tokens);
        for_each_piece(text, FoldMode::Exact, |piece| {
            tokens.push(match piece {
                Piece::Char(c) => self.id_of_char(c),
                Piece::Word(w) if w.len() > MAX_TOKEN_LEN => SKIPPED,
                Piece::Word(w) => self.id_of(w),
            })
        });
        self.tokens = tokens;
        self.doc_ends.push(self.tokens.len() as u32);
    }

    fn mem_usage(&self) -> usize {
        self.tokens.capacity() * 4 + self.doc_ends.capacity() * 4 + self.bmp.capacity() * 4 + self.names_bytes
    }

    /// The folded form of each exact token: (folded id of each exact id,
    /// folded tokens).
    fn folded(&self) -> (Vec<u32>, Vec<String>) {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut names = Vec::new();
        let map = self
            .names
            .iter()
            .map(|exact| {
                let mut chars = exact.chars();
                let folded = match (chars.next(), chars.next()) {
                    // one character: an ideograph (or private-use or placeholder) the fold keeps
                    (Some(c), None) => fold_char(c, FoldMode::Folded).map(String::from).unwrap_or_else(|| exact.clone()),
                    // a word of another script: lowercased alike in both modes
                    _ => exact.clone(),
                };
                *ids.entry(folded.clone()).or_insert_with(|| {
                    names.push(folded);
                    names.len() as u32 - 1
                })
            })
            .collect();
        (map, names)
    }

    pub(crate) fn write(self, segment: &Segment) -> tantivy::Result<()> {
        let out = segment.open_write(SegmentComponent::Custom(EXTENSION.to_string()))?;
        let num_docs = self.doc_ends.len();
        let mut fieldnorms = Vec::with_capacity(num_docs);
        let mut total_tokens = 0u64;
        let mut start = 0usize;
        for &end in &self.doc_ends {
            let n = self.tokens[start..end as usize].iter().filter(|t| **t != SKIPPED).count() as u32;
            fieldnorms.push(FieldNormReader::fieldnorm_to_id(n));
            total_tokens += n as u64;
            start = end as usize;
        }
        let mut header = Vec::with_capacity(HEADER_LEN);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&offset32(num_docs)?.to_le_bytes());
        header.extend_from_slice(&0u32.to_le_bytes());
        header.extend_from_slice(&total_tokens.to_le_bytes());
        let mut blobs = Blobs::new(out, &header)?;
        blobs.put(&fieldnorms)?;
        drop(fieldnorms);
        let (fold_map, folded_names) = self.folded();
        let folded_rank = write_mode(&mut blobs, &self.tokens, &self.doc_ends, &fold_map, &folded_names, None)?;
        // An exact token that is the only one of its folded form in this
        // segment has exactly the folded token's lists: the exact section
        // points to those instead of repeating them.
        let mut forms = vec![0u32; folded_names.len()];
        for &f in &fold_map {
            forms[f as usize] += 1;
        }
        let shared: Vec<u32> = fold_map
            .iter()
            .map(|&f| folded_rank[f as usize] | if forms[f as usize] == 1 { SHARED } else { 0 })
            .collect();
        drop((fold_map, folded_names, folded_rank, forms));
        let identity: Vec<u32> = (0..self.names.len() as u32).collect();
        write_mode(&mut blobs, &self.tokens, &self.doc_ends, &identity, &self.names, Some(&shared))?;
        blobs.finish()?;
        Ok(())
    }
}

/// Writes blobs one after the other, streaming the big ones, and their
/// lengths in the trailer.
struct Blobs {
    out: WritePtr,
    lengths: Vec<u64>,
    /// Bytes of the blob being written, not yet handed to `out`.
    buf: Vec<u8>,
    /// Bytes of the blob being written, in all.
    len: u64,
}

impl Blobs {
    fn new(mut out: WritePtr, header: &[u8]) -> std::io::Result<Blobs> {
        out.write_all(header)?;
        Ok(Blobs { out, lengths: Vec::new(), buf: Vec::with_capacity(1 << 20), len: 0 })
    }

    /// The buffer of the blob being written; call [`Blobs::spill`] now and then.
    fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// Hands what the current blob holds so far to the file.
    fn spill(&mut self) -> std::io::Result<()> {
        if self.buf.len() >= 1 << 20 {
            self.out.write_all(&self.buf)?;
            self.len += self.buf.len() as u64;
            self.buf.clear();
        }
        Ok(())
    }

    /// Ends the current blob; returns its length.
    fn end(&mut self) -> std::io::Result<u64> {
        self.out.write_all(&self.buf)?;
        let len = self.len + self.buf.len() as u64;
        self.buf.clear();
        self.len = 0;
        self.lengths.push(len);
        Ok(len)
    }

    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)?;
        self.lengths.push(bytes.len() as u64);
        Ok(())
    }

    fn put_u32s(&mut self, values: &[u32]) -> std::io::Result<()> {
        let mut b = Vec::new();
        push_u32s(&mut b, values);
        self.put(&b)
    }

    fn finish(mut self) -> std::io::Result<()> {
        let mut trailer = Vec::with_capacity(self.lengths.len() * 8 + 8);
        for l in &self.lengths {
            trailer.extend_from_slice(&l.to_le_bytes());
        }
        trailer.extend_from_slice(&(self.lengths.len() as u32).to_le_bytes());
        trailer.extend_from_slice(MAGIC);
        self.out.write_all(&trailer)?;
        self.out.terminate()
    }
}

/// One occurrence while sorting: the token after it (or [`END`]),
/// document, position.
#[derive(Clone, Copy, Default)]
struct Occ {
    second: u32,
    doc: u32,
    pos: u32,
}

/// In [`Occ::second`]: no token follows in the document (or an over-long one
/// does), so the occurrence only counts for its unigram list.
const END: u32 = u32::MAX - 1;

/// Occurrences sorted at a time (12 bytes each): bounds the memory a big
/// segment needs; a segment with more is sorted in several passes of about
/// equal size, each over a range of tokens.
const CHUNK: usize = 4 << 20;

/// Writes one mode's section. `mode_id` maps exact ids to this mode's ids,
/// `names` are this mode's tokens. For the exact section, `folded` gives
/// each token's folded id (its rank in the folded dictionary), with
/// [`SHARED`] set when its lists are the folded token's (they are then not
/// written again). Returns each token's id (its rank in the dictionary).
///
/// Every occurrence of a token is sorted once, by the token (a counting
/// sort) and, within a token, by the token that follows it: the
/// occurrences of a token in document order give its unigram list, and
/// each group of equal followers a bigram list.
fn write_mode(
    blobs: &mut Blobs,
    tokens: &[u32],
    doc_ends: &[u32],
    mode_id: &[u32],
    names: &[String],
    folded: Option<&[u32]>,
) -> std::io::Result<Vec<u32>> {
    let k = names.len();
    // ids by rank: the dictionary is sorted, so a token's id is its rank
    let mut order: Vec<u32> = (0..k as u32).collect();
    order.sort_unstable_by(|a, b| names[*a as usize].as_bytes().cmp(names[*b as usize].as_bytes()));
    let mut rank = vec![0u32; k];
    for (r, &id) in order.iter().enumerate() {
        rank[id as usize] = r as u32;
    }
    let ids: Vec<u32> =
        tokens.iter().map(|&t| if t == SKIPPED { SKIPPED } else { rank[mode_id[t as usize] as usize] }).collect();
    // by id: whether the token's lists are written in this section
    let own: Vec<bool> = match folded {
        None => vec![true; k],
        Some(f) => order.iter().map(|&id| f[id as usize] & SHARED == 0).collect(),
    };
    let fold_of: Vec<u32> = match folded {
        None => Vec::new(),
        Some(f) => order.iter().map(|&id| f[id as usize]).collect(),
    };
    let mut tok_offsets = Vec::with_capacity(k + 1);
    let mut tok_bytes = Vec::new();
    tok_offsets.push(0u32);
    for &id in &order {
        tok_bytes.extend_from_slice(names[id as usize].as_bytes());
        tok_offsets.push(offset32(tok_bytes.len())?);
    }
    drop(order);
    blobs.put_u32s(&tok_offsets)?;
    blobs.put(&tok_bytes)?;
    blobs.put_u32s(&fold_of)?;
    drop((tok_offsets, tok_bytes, fold_of));

    // Calls `f(doc, position, token, follower)` for every occurrence this
    // section lists: all of a token with lists of its own, and those of a
    // shared token followed by a token with lists of its own (an exact
    // bigram the folded lists cannot answer).
    let each = |f: &mut dyn FnMut(u32, u32, u32, u32)| {
        let mut start = 0usize;
        for (d, &end) in doc_ends.iter().enumerate() {
            let doc = &ids[start..end as usize];
            for (p, &a) in doc.iter().enumerate() {
                if a == SKIPPED {
                    continue;
                }
                let b = match doc.get(p + 1) {
                    Some(&b) if b != SKIPPED => b,
                    _ => END,
                };
                if own[a as usize] || (b != END && own[b as usize]) {
                    f(d as u32, p as u32, a, b);
                }
            }
            start = end as usize;
        }
    };
    let mut first = vec![0u32; k + 1];
    each(&mut |_, _, a, _| first[a as usize + 1] += 1);
    for i in 0..k {
        first[i + 1] += first[i];
    }
    let total = first[k] as usize;
    let passes = total.div_ceil(CHUNK).max(1);
    let chunk = total.div_ceil(passes);

    let mut uni_data = Vec::new();
    let mut uni_df = Vec::with_capacity(k);
    let mut uni_off = Vec::with_capacity(k + 1);
    uni_off.push(0u32);
    let mut bi_dir = Vec::new();
    let mut bi_dir_off = Vec::with_capacity(k + 1);
    let mut bi_data_off = Vec::with_capacity(k + 1);
    let mut written = 0usize;
    let mut fill = vec![0u32; k];
    let mut occs: Vec<Occ> = Vec::new();
    let mut next = vec![0u32; k];
    let mut touched: Vec<u32> = Vec::new();
    let mut sorted: Vec<Occ> = Vec::new();
    let mut lo = 0usize;
    while lo < k {
        // the tokens [lo, hi) whose occurrences fit a chunk (at least one)
        let mut hi = lo + 1;
        while hi < k && (first[hi + 1] - first[lo]) as usize <= chunk {
            hi += 1;
        }
        let base = first[lo];
        for a in lo..hi {
            fill[a] = first[a] - base;
        }
        occs.clear();
        occs.resize((first[hi] - base) as usize, Occ::default());
        let (lo32, hi32) = (lo as u32, hi as u32);
        each(&mut |doc, pos, a, second| {
            if (lo32..hi32).contains(&a) {
                let f = &mut fill[a as usize];
                occs[*f as usize] = Occ { second, doc, pos };
                *f += 1;
            }
        });
        for a in lo..hi {
            let bucket = &occs[(first[a] - base) as usize..(first[a + 1] - base) as usize];
            // the unigram list: the token's occurrences, in document order
            if own[a] {
                let (mut prev, mut df, mut i) = (0u32, 0u32, 0usize);
                while i < bucket.len() {
                    let d = bucket[i].doc;
                    let mut j = i + 1;
                    while j < bucket.len() && bucket[j].doc == d {
                        j += 1;
                    }
                    write_varint(&mut uni_data, d - prev);
                    write_varint(&mut uni_data, (j - i) as u32);
                    prev = d;
                    df += 1;
                    i = j;
                }
                uni_df.push(df);
            } else {
                uni_df.push(0);
            }
            uni_off.push(offset32(uni_data.len())?);
            // the bigram lists: the occurrences grouped by follower
            bi_dir_off.push(offset32(bi_dir.len())?);
            bi_data_off.push(offset32(written)?);
            let mut n = 0usize;
            for o in bucket {
                if o.second != END {
                    let c = &mut next[o.second as usize];
                    if *c == 0 {
                        touched.push(o.second);
                    }
                    *c += 1;
                    n += 1;
                }
            }
            touched.sort_unstable();
            let mut running = 0u32;
            for &s in &touched {
                let c = next[s as usize];
                next[s as usize] = running;
                running += c;
            }
            sorted.clear();
            sorted.resize(n, Occ::default());
            for o in bucket {
                if o.second != END {
                    let c = &mut next[o.second as usize];
                    sorted[*c as usize] = *o;
                    *c += 1;
                }
            }
            let mut g = 0usize;
            let mut prev_second = 0u32;
            for &s in &touched {
                let end = next[s as usize] as usize;
                let group = &sorted[g..end];
                let buf = blobs.buf();
                let before = buf.len();
                let (mut prev_doc, mut i) = (0u32, 0usize);
                while i < group.len() {
                    let d = group[i].doc;
                    let mut j = i + 1;
                    while j < group.len() && group[j].doc == d {
                        j += 1;
                    }
                    write_varint(buf, d - prev_doc);
                    write_varint(buf, (j - i) as u32);
                    let mut prev_pos = 0u32;
                    for o in &group[i..j] {
                        write_varint(buf, o.pos - prev_pos);
                        prev_pos = o.pos;
                    }
                    prev_doc = d;
                    i = j;
                }
                let len = buf.len() - before;
                written += len;
                write_varint(&mut bi_dir, s - prev_second);
                write_varint(&mut bi_dir, offset32(len)?);
                prev_second = s;
                next[s as usize] = 0;
                g = end;
            }
            touched.clear();
            blobs.spill()?;
        }
        lo = hi;
    }
    bi_dir_off.push(offset32(bi_dir.len())?);
    bi_data_off.push(offset32(written)?);
    blobs.end()?;
    drop((occs, sorted, next, fill, first, ids));
    blobs.put(&uni_data)?;
    blobs.put_u32s(&uni_df)?;
    blobs.put_u32s(&uni_off)?;
    blobs.put(&bi_dir)?;
    blobs.put_u32s(&bi_dir_off)?;
    blobs.put_u32s(&bi_data_off)?;
    Ok(rank)
}

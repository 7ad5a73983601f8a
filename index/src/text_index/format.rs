//! The `.sheli` segment file, byte by byte (all integers little-endian).
//!
//! ```text
//! header   "SHLT" | version: u32 | num_docs: u32 | 0: u32 | total_tokens: u64
//! blobs    one after the other, in this order:
//!          fieldnorm ids           [u8; num_docs]   (tantivy's fieldnorm code of each token count)
//!          then per mode, folded first, exact second:
//!            tok_offsets           [u32; K + 1]     token i is tok_bytes[tok_offsets[i]..tok_offsets[i+1]]
//!            tok_bytes             UTF-8, tokens sorted by their bytes (a token's id is its rank)
//!            fold_of               exact section: [u32; K] the folded id of each token, with bit 31 set
//!                                  when the token is the only exact form of that folded token in the
//!                                  segment: its lists are then the folded token's, and are not
//!                                  repeated (no unigram list, no bigram list unless the other token
//!                                  of the bigram has lists of its own); folded section: empty
//!            bi_data               per bigram, per document: varint(doc − previous doc), varint(count),
//!                                  count × varint(position − previous position)
//!            uni_data              per token, per document: varint(doc − previous doc), varint(term frequency)
//!            uni_df                [u32; K]         documents containing token i
//!            uni_off               [u32; K + 1]     token i's list is uni_data[uni_off[i]..uni_off[i+1]]
//!            bi_dir                per bigram (a, b), b ascending: varint(b − previous b),
//!                                  varint(byte length of its list); lists follow each other
//!            bi_dir_off            [u32; K + 1]     the bigrams starting with token a are described by
//!                                                   bi_dir[bi_dir_off[a]..bi_dir_off[a+1]]
//!            bi_data_off           [u32; K + 1]     and their lists start at bi_data[bi_data_off[a]..]
//! trailer  [u64; n] byte length of each blob | n: u32 | "SHLT"
//! ```
//!
//! "Previous" starts at 0 (for the first document of a list, the first
//! position of a document, the first bigram of a token). The lengths are at
//! the end so that the big blobs can be written as they are produced.
//! Tantivy adds its footer (with a CRC32 of all of this) when the file is
//! terminated.

use std::io;

/// Extension of the segment component (`<segment uuid>.sheli`).
pub const EXTENSION: &str = "sheli";

pub const MAGIC: &[u8; 4] = b"SHLT";
pub const VERSION: u32 = 1;
pub const HEADER_LEN: usize = 24;
/// Blobs per mode section.
pub const MODE_BLOBS: usize = 10;

#[inline]
pub fn write_varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `*pos`, advancing it. Panics (never reads out of
/// bounds) on a truncated buffer, which the file checksum rules out.
#[inline(always)]
pub fn read_varint(data: &[u8], pos: &mut usize) -> u32 {
    let b = data[*pos];
    *pos += 1;
    if b < 0x80 {
        return b as u32;
    }
    let mut v = (b & 0x7f) as u32;
    let mut shift = 7;
    loop {
        let b = data[*pos];
        *pos += 1;
        v |= ((b & 0x7f) as u32) << shift;
        if b < 0x80 {
            return v;
        }
        shift += 7;
    }
}

/// Skips `n` varints at `*pos`.
#[inline]
pub fn skip_varints(data: &[u8], pos: &mut usize, n: u32) {
    let mut left = n;
    while left > 0 {
        if data[*pos] < 0x80 {
            left -= 1;
        }
        *pos += 1;
    }
}

#[inline(always)]
pub fn u32_at(bytes: &[u8], i: usize) -> u32 {
    let s = &bytes[i * 4..i * 4 + 4];
    u32::from_le_bytes([s[0], s[1], s[2], s[3]])
}

pub fn push_u32s(out: &mut Vec<u8>, values: &[u32]) {
    out.reserve(values.len() * 4);
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// A byte offset that must fit the format's u32 offsets.
pub fn offset32(len: usize) -> io::Result<u32> {
    u32::try_from(len).map_err(|_| io::Error::other("a text index list exceeds 4 GiB in one segment"))
}

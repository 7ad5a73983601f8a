//! The table of a plain text's passages, written beside the text when it is
//! imported, so that one passage is read from its place in the file instead
//! of parsing the whole text to reach it (`sheli show` of one passage of a
//! 180 MB file parsed all of it: 2.4 s and 848 MB).
//!
//! A passage starts at a piece of a chunk of a paragraph (see
//! [`super::plain`]); the table gives, for each passage, where that chunk
//! starts in the file and what the parser knew there (the chunk's line, the
//! layer it continues, the heading in force), so that [`PlainStream::resume`]
//! reads on from there and gives the same passage as a reading from the
//! start. Records are of one size, so passage `n`'s is read at once and the
//! passage at a line found by a binary search, without reading the table.
//!
//! ```text
//! header  "SHELIPT1", version u32, the records' sum u32 (0 in tables
//!         written before it), text length u64, passages u64,
//!         the text's SHA-256 (32 bytes)
//! record  chunk offset u64, heading's chunk offset u64 (u64::MAX: none),
//!         chunk line u32, passage's first line u32, piece u32,
//!         flags u8 (1 continued, 2 記), layer u8, 0 u16
//! ```
//!
//! [`PlainStream::resume`]: super::PlainStream::resume

use std::io::{Read, Seek, SeekFrom, Write};

use crate::model::Layer;

const MAGIC: &[u8; 8] = b"SHELIPT1";
/// Changed whenever the plain format's parse changes what a passage is
/// (chunk or piece bounds, grouping): a table of another version is not
/// used, and the text is read from its start as before.
pub const VERSION: u32 = 1;
const HEADER: u64 = 64;
const RECORD: u64 = 32;
const NO_HEADING: u64 = u64::MAX;

/// Where a passage starts, as the parser saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassageStart {
    /// Byte offset and 1-based line of the chunk holding its first piece
    /// (a chunk starts at a line start).
    pub chunk_at: u64,
    pub chunk_line: u32,
    /// The first piece's number in that chunk (0 for the chunk's first).
    pub piece: u32,
    /// Whether the chunk continues the paragraph before it, and that
    /// paragraph's layer.
    pub continued: bool,
    pub layer: Layer,
    pub ji: bool,
    /// The chunk of the 題 paragraph whose first piece is the heading in
    /// force, if any.
    pub heading_at: Option<u64>,
    /// The line of the passage's first segment.
    pub first_line: u32,
}

impl PassageStart {
    fn encode(&self) -> [u8; RECORD as usize] {
        let mut out = [0u8; RECORD as usize];
        out[0..8].copy_from_slice(&self.chunk_at.to_le_bytes());
        out[8..16].copy_from_slice(&self.heading_at.unwrap_or(NO_HEADING).to_le_bytes());
        out[16..20].copy_from_slice(&self.chunk_line.to_le_bytes());
        out[20..24].copy_from_slice(&self.first_line.to_le_bytes());
        out[24..28].copy_from_slice(&self.piece.to_le_bytes());
        out[28] = u8::from(self.continued) | (u8::from(self.ji) << 1);
        out[29] = Layer::ALL.iter().position(|l| *l == self.layer).unwrap_or(0) as u8;
        out
    }

    fn decode(b: &[u8; RECORD as usize]) -> Option<PassageStart> {
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        let heading = u64_at(8);
        Some(PassageStart {
            chunk_at: u64_at(0),
            heading_at: (heading != NO_HEADING).then_some(heading),
            chunk_line: u32_at(16),
            first_line: u32_at(20),
            piece: u32_at(24),
            continued: b[28] & 1 != 0,
            ji: b[28] & 2 != 0,
            layer: *Layer::ALL.get(b[29] as usize)?,
        })
    }
}

/// Writes a table as the passages go by: the records first, the header
/// (which needs the text's length and checksum, known at the end) last.
pub struct TableWriter<W: Write + Seek> {
    out: std::io::BufWriter<W>,
    passages: u64,
    sum: RecordSum,
}

impl<W: Write + Seek> TableWriter<W> {
    pub fn new(out: W) -> std::io::Result<TableWriter<W>> {
        let mut out = std::io::BufWriter::new(out);
        out.write_all(&[0u8; HEADER as usize])?;
        Ok(TableWriter { out, passages: 0, sum: RecordSum::default() })
    }

    pub fn push(&mut self, start: &PassageStart) -> std::io::Result<()> {
        self.passages += 1;
        let record = start.encode();
        self.sum.add(&record);
        self.out.write_all(&record)
    }

    /// Writes the header and gives the writer back.
    pub fn finish(mut self, text_len: u64, sha256_hex: &str) -> std::io::Result<W> {
        let mut header = [0u8; HEADER as usize];
        header[0..8].copy_from_slice(MAGIC);
        header[8..12].copy_from_slice(&VERSION.to_le_bytes());
        header[12..16].copy_from_slice(&self.sum.value().to_le_bytes());
        header[16..24].copy_from_slice(&text_len.to_le_bytes());
        header[24..32].copy_from_slice(&self.passages.to_le_bytes());
        header[32..64].copy_from_slice(&sha_bytes(sha256_hex));
        self.out.seek(SeekFrom::Start(0))?;
        self.out.write_all(&header)?;
        self.out.into_inner().map_err(|e| e.into_error())
    }
}

/// A sum of the records, in the header: a record lost, doubled or changed
/// by damage to the file, which may leave every record plausible (a record
/// dropped and the count lowered), changes it. Not a defence against a
/// table made to deceive (whoever can write the table can write its sum;
/// a restore makes tables anew): FNV-1a over the records' 64-bit words,
/// folded to 32 bits, never 0, which marks a table written before it.
#[derive(Default)]
struct RecordSum(Option<u64>);

impl RecordSum {
    fn add(&mut self, record: &[u8; RECORD as usize]) {
        let mut h = self.0.unwrap_or(0xcbf2_9ce4_8422_2325);
        for word in record.chunks_exact(8) {
            h = (h ^ u64::from_le_bytes(word.try_into().expect("8 bytes")))
                .wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = Some(h);
    }

    fn value(&self) -> u32 {
        let h = self.0.unwrap_or(0);
        ((h >> 32) as u32 ^ h as u32).max(1)
    }
}

/// Whether `r` could start a passage of a text of `text_len` bytes, after
/// `prev` (the record before it). See [`PassageTable::records_fit`].
fn record_fits(r: &PassageStart, prev: Option<&PassageStart>, text_len: u64) -> bool {
    let inside = r.chunk_at < text_len && r.heading_at.is_none_or(|h| h <= r.chunk_at);
    // Line n starts n - 1 line breaks in; the passage's first line is in
    // its chunk, so no further on than the bytes left.
    // (Each test is made only when those before it held: no subtraction
    // here can overflow.)
    let lines = || {
        r.chunk_line >= 1
            && u64::from(r.chunk_line - 1) <= r.chunk_at
            && r.first_line >= r.chunk_line
            && u64::from(r.first_line - r.chunk_line) <= text_len - r.chunk_at
    };
    let in_order = || match prev {
        None => true,
        Some(p) if p.chunk_at == r.chunk_at => {
            // Pieces of one chunk: the chunk's line and state are one.
            r.chunk_line == p.chunk_line
                && r.continued == p.continued
                && r.piece > p.piece
                && r.first_line >= p.first_line
        }
        Some(p) => {
            p.chunk_at < r.chunk_at
                && p.chunk_line < r.chunk_line
                && u64::from(r.chunk_line - p.chunk_line) <= r.chunk_at - p.chunk_at
                && r.first_line >= p.first_line
        }
    };
    inside && lines() && in_order()
}

/// The table of passages of `text` (the plain format, `info`'s text, whose
/// checksum `info.sha256` is), as an import writes it: for a text that
/// comes with no table one can trust (a restore's).
pub fn table_for(info: &crate::SourceInfo, text: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut table = TableWriter::new(std::io::Cursor::new(Vec::new()))?;
    for p in super::PlainStream::new(info, text).without_line_starts() {
        let p =
            p.map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))?;
        table.push(&p.start)?;
    }
    Ok(table.finish(text.len() as u64, &info.sha256)?.into_inner())
}

fn sha_bytes(hex: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = hex.get(2 * i..2 * i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0);
    }
    out
}

/// A table opened for lookups.
pub struct PassageTable<R> {
    reader: R,
    passages: u64,
    /// Set when a record was found not to fit the text as it was read
    /// there (see [`PassageTable::refuse`]).
    refused: bool,
}

impl<R: Read + Seek> PassageTable<R> {
    /// The table in `reader` if it is one of this version, for the text of
    /// this length and checksum; `None` otherwise (a table written by
    /// another version, or for a text changed since), and the text is then
    /// read from its start.
    pub fn open(mut reader: R, text_len: u64, sha256_hex: &str) -> Option<PassageTable<R>> {
        let mut header = [0u8; HEADER as usize];
        reader.seek(SeekFrom::Start(0)).ok()?;
        reader.read_exact(&mut header).ok()?;
        let u64_at = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().expect("8 bytes"));
        let fits = &header[0..8] == MAGIC
            && header[8..12] == VERSION.to_le_bytes()
            && u64_at(16) == text_len
            && header[32..64] == sha_bytes(sha256_hex);
        let passages = u64_at(24);
        let len = reader.seek(SeekFrom::End(0)).ok()?;
        // The count is the file's to give: multiplied unchecked, a crafted
        // one would overflow before it was compared.
        let size = passages.checked_mul(RECORD).and_then(|r| r.checked_add(HEADER));
        if !fits || size != Some(len) {
            return None;
        }
        let recorded = u32::from_le_bytes(header[12..16].try_into().expect("4 bytes"));
        let mut table = PassageTable { reader, passages, refused: false };
        let sum = table.records_fit(text_len)?;
        (recorded == 0 || recorded == sum).then_some(table)
    }

    /// Whether every record could be where a passage of a text of
    /// `text_len` bytes starts, read once when the table is opened: the
    /// header's checksum is the text's, not the table's, so a record is
    /// otherwise taken as it comes — a line of 0xFFFFFFFF overflowed the
    /// parser's count, an offset past the end hid passages that search
    /// still found. Offsets inside the text and in order, lines in order
    /// and no more than the bytes before them allow (a line takes a byte at
    /// least), so nothing computed from a record can overflow; that an
    /// offset is a line start is checked when the text is read there
    /// ([`crate::Corpus`]'s `one`), as only the text can tell.
    /// Gives the records' sum (see [`RecordSum`]).
    fn records_fit(&mut self, text_len: u64) -> Option<u32> {
        self.reader.seek(SeekFrom::Start(HEADER)).ok()?;
        let mut reader = std::io::BufReader::with_capacity(64 * 1024, &mut self.reader);
        let mut prev: Option<PassageStart> = None;
        let mut b = [0u8; RECORD as usize];
        let mut sum = RecordSum::default();
        for _ in 0..self.passages {
            reader.read_exact(&mut b).ok()?;
            sum.add(&b);
            let r = PassageStart::decode(&b)?;
            if !record_fits(&r, prev.as_ref(), text_len) {
                return None;
            }
            prev = Some(r);
        }
        Some(sum.value())
    }

    /// Marks the table as not fitting its text: a record whose offset is
    /// not a line start, or whose passage the text does not give there,
    /// which only reading the text shows. The text is then read whole, as
    /// for a table of another length.
    pub fn refuse(&mut self) {
        self.refused = true;
    }

    pub fn is_refused(&self) -> bool {
        self.refused
    }

    pub fn passages(&self) -> u64 {
        self.passages
    }

    /// Where passage `ordinal` (1-based) starts.
    pub fn get(&mut self, ordinal: u64) -> Option<PassageStart> {
        if ordinal == 0 || ordinal > self.passages {
            return None;
        }
        let mut b = [0u8; RECORD as usize];
        self.reader.seek(SeekFrom::Start(HEADER + (ordinal - 1) * RECORD)).ok()?;
        self.reader.read_exact(&mut b).ok()?;
        PassageStart::decode(&b)
    }

    /// The ordinal of the last passage starting at or before `line` (the
    /// passage a reader naming that line means), by a binary search over
    /// the records: passages start in the order of their lines.
    pub fn at_line(&mut self, line: u32) -> Option<u64> {
        let (mut lo, mut hi) = (1, self.passages + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.get(mid)?.first_line <= line { lo = mid + 1 } else { hi = mid }
        }
        (lo > 1).then_some(lo - 1)
    }

    /// The ordinal of the first passage starting on `line`, if one does
    /// (several do where a line holds more than one: a long line cut into
    /// passages), by a binary search as [`PassageTable::at_line`].
    pub fn first_at_line(&mut self, line: u32) -> Option<u64> {
        let (mut lo, mut hi) = (1, self.passages + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.get(mid)?.first_line < line { lo = mid + 1 } else { hi = mid }
        }
        (lo <= self.passages && self.get(lo)?.first_line == line).then_some(lo)
    }
}

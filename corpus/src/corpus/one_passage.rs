//! One passage of an imported text read from its place in the file,
//! through the table of passages written at import
//! ([`Corpus::add_seekable_source`]), and kept: opening passage 3,000 of a
//! 180 MB text reads that passage, not the text.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use super::{Corpus, LazyText, Source};
use crate::model::{Layer, Passage};
use crate::parse;
use crate::text::LineIndex;

/// A file read at any place: the table of passages.
pub trait ReadSeek: std::io::Read + std::io::Seek + Send {}
impl<T: std::io::Read + std::io::Seek + Send> ReadSeek for T {}

/// How a lazily added text in the plain format is read one passage at a
/// time ([`Corpus::add_seekable_source`]): its text from a byte offset on,
/// and its table of passages (`parse::table`) with the length of the text
/// as it is now, or `None` when it has none (a text imported by an earlier
/// version: it is then read whole, as before).
#[derive(Clone)]
pub struct PassageAccess {
    pub text_at: TextAt,
    pub table: TableOpener,
}

/// Opens a text for reading from a byte offset on (or says why not).
pub type TextAt =
    Arc<dyn Fn(u64) -> std::result::Result<Box<dyn std::io::BufRead + Send>, String> + Send + Sync>;

/// Opens a text's table of passages, with the text's length now.
pub type TableOpener = Arc<dyn Fn() -> Option<(Box<dyn ReadSeek>, u64)> + Send + Sync>;

pub(super) type Table = parse::table::PassageTable<Box<dyn ReadSeek>>;

/// A passage read alone from its place in the file, with what a reading of
/// the whole text would have given for its lines.
pub(super) struct OnePassage {
    pub(super) passage: Passage,
    pub(super) start: parse::table::PassageStart,
    /// Per segment: (character index, line) where the raw line changes.
    pub(super) line_starts: Vec<Vec<(u32, u32)>>,
    /// The raw lines it stands on, read when a column is asked for.
    pub(super) span: OnceLock<Option<RawSpan>>,
}

/// Raw lines of a text: from byte `at` (a line start), line `first_line`.
pub(super) struct RawSpan {
    pub(super) text: String,
    pub(super) at: usize,
    pub(super) first_line: u32,
    pub(super) lines: LineIndex,
}

/// Why a passage could not be read alone: its record does not fit the
/// text, or the text cannot be read (in words).
enum Miss {
    Table,
    Text(String),
}

/// The text from byte `at` on, if a line starts there (a chunk does): the
/// byte before it read first, so an offset inside a line or a character
/// is caught before anything is parsed from it.
fn at_line_start(
    access: &PassageAccess,
    at: u64,
) -> std::result::Result<Box<dyn std::io::BufRead + Send>, Miss> {
    let Some(before) = at.checked_sub(1) else {
        return (access.text_at)(0).map_err(Miss::Text);
    };
    let mut reader = (access.text_at)(before).map_err(Miss::Text)?;
    let mut byte = [0u8; 1];
    match std::io::Read::read_exact(&mut reader, &mut byte) {
        Ok(()) if byte[0] == b'\n' => Ok(reader),
        Ok(()) => Err(Miss::Table),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Err(Miss::Table),
        Err(e) => Err(Miss::Text(e.to_string())),
    }
}

impl Corpus {
    /// The table of passages of a lazily added source not read whole, if it
    /// has one that fits its text.
    pub(super) fn table<'a>(
        &self,
        source: &'a Source,
    ) -> Option<(&'a LazyText, MutexGuard<'a, Table>)> {
        let lazy = source.lazy.as_deref()?;
        if lazy.read.get().is_some() {
            return None;
        }
        let table = lazy.table.get_or_init(|| {
            let (file, text_len) = (lazy.access.as_ref()?.table)()?;
            let table = parse::table::PassageTable::open(file, text_len, &source.info.sha256)?;
            Some(Mutex::new(table))
        });
        let guard = table.as_ref()?.lock().unwrap_or_else(|e| e.into_inner());
        (!guard.is_refused()).then_some((lazy, guard))
    }

    /// Passage `ordinal` (1-based) of a source with a table of passages,
    /// read alone if it was not yet (with the `count - 1` after it, read in
    /// the same pass); `None` if the source has no table, the ordinal is
    /// past its end, or its record was found not to fit the text (the table
    /// is then refused: asked again, the caller reads the text whole).
    /// `Err` if the text cannot be read there.
    pub(super) fn one<'a>(
        &'a self,
        source: &'a Source,
        ordinal: usize,
        count: usize,
    ) -> Option<std::result::Result<&'a OnePassage, String>> {
        let (lazy, mut table) = self.table(source)?;
        let total = table.passages() as usize;
        if ordinal == 0 || ordinal > total {
            return None;
        }
        let slots = lazy.one.get_or_init(|| (0..total).map(|_| OnceLock::new()).collect());
        if let Some(one) = slots[ordinal - 1].get() {
            return Some(Ok(one));
        }
        // A record that does not fit the text (`Miss::Table`) refuses the
        // table: `None`, and the caller reads the text whole, as for a
        // table of another length. The text unreadable is said.
        let read = (|| {
            let start = table.get(ordinal as u64).ok_or(Miss::Table)?;
            drop(table);
            let access = lazy.access.as_ref().ok_or(Miss::Table)?;
            let heading = match start.heading_at {
                None => None,
                Some(at) => {
                    let at_heading = parse::table::PassageStart {
                        chunk_at: at,
                        chunk_line: 1,
                        piece: 0,
                        continued: false,
                        layer: Layer::Ti,
                        ji: false,
                        heading_at: None,
                        first_line: 1,
                    };
                    let reader = at_line_start(access, at)?;
                    let mut s =
                        parse::PlainStream::resume(&source.info, reader, &at_heading, 1, None)
                            .without_line_starts();
                    s.next().transpose().map_err(|_| Miss::Table)?.and_then(|p| p.passage.section)
                }
            };
            let reader = at_line_start(access, start.chunk_at)?;
            let stream =
                parse::PlainStream::resume(&source.info, reader, &start, ordinal as u32, heading);
            let end = (ordinal + count.max(1) - 1).min(total);
            for (k, streamed) in (ordinal..=end).zip(stream) {
                // The text passed its checksum when it was listed: a piece
                // that does not parse from here is the record's fault.
                let streamed = streamed.map_err(|_| Miss::Table)?;
                if streamed.passage.ordinal as usize != k
                    || (k == ordinal && streamed.start != start)
                {
                    return Err(Miss::Table);
                }
                let _ = slots[k - 1].set(Box::new(OnePassage {
                    passage: streamed.passage,
                    start: streamed.start,
                    line_starts: streamed.line_starts,
                    span: OnceLock::new(),
                }));
            }
            slots[ordinal - 1].get().map(|b| &**b).ok_or(Miss::Table)
        })();
        let read = match read {
            Ok(one) => Ok(one),
            Err(Miss::Text(why)) => Err(why),
            Err(Miss::Table) => {
                if let Some((_, mut table)) = self.table(source) {
                    table.refuse();
                }
                return None;
            }
        };
        Some(read)
    }

    /// The passage read alone that `passage` is, if it is one.
    pub(super) fn one_of(&self, passage: &Passage) -> Option<&OnePassage> {
        let source = self.source(&passage.source)?;
        let lazy = source.lazy.as_deref()?;
        if lazy.read.get().is_some() {
            return None;
        }
        let one = lazy.one.get()?.get((passage.ordinal as usize).checked_sub(1)?)?.get()?;
        (one.passage.id == passage.id).then_some(&**one)
    }

    /// The raw lines a passage read alone stands on, read now if they were
    /// not yet: from the start of its chunk, the lines from the one holding
    /// its first character to the one holding its last.
    pub(super) fn span_of<'a>(&self, one: &'a OnePassage) -> Option<&'a RawSpan> {
        one.span
            .get_or_init(|| {
                use std::io::BufRead as _;
                let offsets = one.passage.segments.iter().flat_map(|s| &s.offsets);
                let lo = *offsets.clone().min()? as usize;
                let hi = *offsets.max()? as usize;
                let source = self.source(&one.passage.source)?;
                let access = source.lazy.as_deref()?.access.as_ref()?;
                let mut reader = (access.text_at)(one.start.chunk_at).ok()?;
                let (mut pos, mut line) = (one.start.chunk_at as usize, one.start.chunk_line);
                let mut span: Option<RawSpan> = None;
                let mut buf = String::new();
                while pos <= hi {
                    buf.clear();
                    let n = reader.read_line(&mut buf).ok()?;
                    if n == 0 {
                        break;
                    }
                    if pos + n > lo {
                        span.get_or_insert_with(|| RawSpan {
                            text: String::new(),
                            at: pos,
                            first_line: line,
                            lines: LineIndex::new(""),
                        })
                        .text
                        .push_str(&buf);
                    }
                    pos += n;
                    line += 1;
                }
                let mut span = span?;
                span.lines = LineIndex::new(&span.text);
                Some(span)
            })
            .as_ref()
    }
}

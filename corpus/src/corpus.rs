//! The whole library of texts: sources and their passages.
//!
//! A source is parsed when it is added ([`Corpus::add_source`]: the built-in
//! texts), or registered lazily ([`Corpus::add_lazy_source`]: a user's text)
//! with a way to read its text, and parsed the first time something asks for
//! its passages, then kept. Opening a library therefore costs the same
//! however many texts the user has imported; a text is paid for when it is
//! read.

use std::collections::HashMap;
use std::io::Read as _;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

use crate::align::{self, Aligned, Alignment};
use crate::error::{CorpusError, Result};
use crate::fold::{FoldMode, count_in};
use crate::manifest::{SourceInfo, builtin_manifest, builtin_text};
use crate::model::{Layer, Passage};
use crate::parse;
use crate::text::LineIndex;

mod counts;
mod one_passage;

use counts::LAYER_KEYS;
pub use counts::{LayerCounts, TextCounts};
use one_passage::{OnePassage, Table};
pub use one_passage::{PassageAccess, ReadSeek, TableOpener, TextAt};

/// A source: its manifest entry, raw text and where its passages are.
///
/// `raw`, `lines` and `passages` are those of a source parsed when it was
/// added; a lazily added source ([`Corpus::add_lazy_source`]) keeps its text
/// elsewhere, read on demand: ask the corpus ([`Corpus::passages_of`],
/// [`Corpus::position`], [`Corpus::line_span`], …), which reads it.
#[derive(Debug, Clone)]
pub struct Source {
    pub info: SourceInfo,
    pub raw: Arc<str>,
    pub lines: LineIndex,
    /// Indices of this source's passages in [`Corpus::passages`] (empty for
    /// a lazily added or unparsed source).
    pub passages: Range<usize>,
    /// True for a source parsed when it was added. False for one registered
    /// without its text ([`Corpus::add_unparsed_source`]: it has no passages
    /// here) and for a lazily added one ([`Corpus::add_lazy_source`]: its
    /// passages are read on demand; [`Corpus::is_read`] says whether they
    /// have been).
    pub parsed: bool,
    /// For a lazily added source: how to read it, and what was read.
    lazy: Option<Arc<LazyText>>,
}

/// Reads a lazily added source's text: its contents, or why they cannot be
/// had (in words, for the user).
pub type TextLoader = Arc<dyn Fn() -> std::result::Result<String, String> + Send + Sync>;

/// Opens a lazily added source's text for reading in pieces, or says why it
/// cannot be (in words, for the user).
pub type TextReader =
    Arc<dyn Fn() -> std::result::Result<Box<dyn std::io::BufRead + Send>, String> + Send + Sync>;

/// How the search index's build gets at the passages of one source
/// ([`Corpus::index_passages`]).
pub enum IndexPassages<'a> {
    /// Parsed when added, or read since: the passages and the source's line
    /// index.
    Read { passages: &'a [Passage], lines: &'a LineIndex },
    /// A text in the plain format not read yet, streamed from its file one
    /// paragraph at a time (nothing of it is kept).
    Stream(Box<parse::PlainStream<Box<dyn std::io::BufRead + Send>>>),
    /// A text that cannot be read (why, in words), or one registered
    /// without its text ([`Corpus::add_unparsed_source`]): no passages.
    Unreadable(String),
}

/// A source read on demand.
struct LazyText {
    load: TextLoader,
    /// For a text that can also be streamed ([`Corpus::add_streamed_source`]).
    open: Option<TextReader>,
    counts: Option<TextCounts>,
    read: OnceLock<std::result::Result<ReadText, String>>,
    /// For a text with a table of passages: how to read one passage, the
    /// table (opened once; `None` if it has none or it does not fit the
    /// text), and the passages read so far, by ordinal.
    access: Option<PassageAccess>,
    table: OnceLock<Option<Mutex<Table>>>,
    one: OnceLock<Box<[OnceLock<Box<OnePassage>>]>>,
}

impl std::fmt::Debug for LazyText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyText")
            .field("counts", &self.counts)
            .field("read", &self.read.get().map(|r| r.as_ref().map(|t| t.passages.len())))
            .finish()
    }
}

/// A lazily added source once read: its text and passages.
struct ReadText {
    raw: Arc<str>,
    lines: LineIndex,
    passages: Vec<Passage>,
}

/// The id of passage `ordinal` (1-based) of a source: `<source>.<0001>`.
pub fn passage_id(source: &str, ordinal: u32) -> String {
    format!("{source}.{ordinal:04}")
}

/// The passages of a parsed source, with their ids (`<source>.<0001>`).
fn number_passages(info: &SourceInfo, parsed: Vec<crate::model::ParsedPassage>) -> Vec<Passage> {
    parsed
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let ordinal = i as u32 + 1;
            Passage {
                id: passage_id(&info.id, ordinal),
                source: info.id.clone(),
                work: info.work.clone(),
                ordinal,
                section: p.section,
                segments: p.segments,
            }
        })
        .collect()
}

/// Reads and parses a lazily added source; a failure (the text cannot be
/// read, or parsed — a parser's panic included) is the reason, in words.
fn read_text(info: &SourceInfo, load: &TextLoader) -> std::result::Result<ReadText, String> {
    let raw = load()?;
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let lines = LineIndex::new(&raw);
        parse::parse(info, &raw, &lines).map(|p| (lines, p))
    }));
    let (lines, parsed) = match parsed {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => return Err(e.to_string()),
        Err(_) => return Err("Sheli's parser failed on this text".into()),
    };
    Ok(ReadText { raw: Arc::from(raw), lines, passages: number_passages(info, parsed) })
}

/// All texts, parsed into passages.
#[derive(Debug, Clone, Default)]
pub struct Corpus {
    sources: Vec<Source>,
    passages: Vec<Passage>,
    by_id: HashMap<String, usize>,
    /// Computed on first use and dropped when a source is added.
    alignment: OnceLock<Alignment>,
    /// What the caller knows of the user's files (sizes, modification
    /// times), so that the index notices a text changed behind Sheli's back
    /// without the text being read (see `sheli_index::meta::corpus_hash`).
    user_stamp: String,
}

impl Corpus {
    /// Parses the texts compiled into the binary.
    pub fn builtin() -> Result<Corpus> {
        let mut corpus = Corpus::default();
        for info in builtin_manifest()? {
            let raw = builtin_text(&info.file).ok_or_else(|| {
                CorpusError::Manifest(format!("no built-in file named `{}`", info.file))
            })?;
            corpus.add_source(info, Arc::from(raw))?;
        }
        Ok(corpus)
    }

    /// Parses one more source and adds its passages.
    pub fn add_source(&mut self, info: SourceInfo, raw: Arc<str>) -> Result<&Source> {
        if self.source(&info.id).is_some() {
            return Err(CorpusError::Manifest(format!("two sources have the id `{}`", info.id)));
        }
        self.alignment = OnceLock::new();
        let lines = LineIndex::new(&raw);
        let parsed = number_passages(&info, parse::parse(&info, &raw, &lines)?);
        Ok(self.push_parsed(info, raw, lines, parsed))
    }

    /// Adds a parsed source (its id checked unique by the caller).
    fn push_parsed(
        &mut self,
        info: SourceInfo,
        raw: Arc<str>,
        lines: LineIndex,
        passages: Vec<Passage>,
    ) -> &Source {
        self.alignment = OnceLock::new();
        let start = self.passages.len();
        for p in passages {
            self.by_id.insert(p.id.clone(), self.passages.len());
            self.passages.push(p);
        }
        let end = self.passages.len();
        self.sources.push(Source {
            info,
            raw,
            lines,
            passages: start..end,
            parsed: true,
            lazy: None,
        });
        self.sources.last().expect("just pushed")
    }

    /// Registers a source to be read on demand: `load` gives its text the
    /// first time its passages are asked for (by [`Corpus::passages_of`],
    /// [`Corpus::passage`], [`Corpus::passage_at_line`], …); it is parsed
    /// then and kept. Nothing is read here. `counts`, if given, is what the
    /// text held when it was imported ([`Corpus::known_counts`]).
    ///
    /// A text that cannot be read or parsed then has no passages;
    /// [`Corpus::try_passages_of`] and [`Corpus::read_failures`] say why.
    pub fn add_lazy_source(
        &mut self,
        info: SourceInfo,
        counts: Option<TextCounts>,
        load: TextLoader,
    ) -> Result<&Source> {
        if self.source(&info.id).is_some() {
            return Err(CorpusError::Manifest(format!("two sources have the id `{}`", info.id)));
        }
        self.alignment = OnceLock::new();
        let at = self.passages.len();
        self.sources.push(Source {
            info,
            raw: Arc::from(""),
            lines: LineIndex::new(""),
            passages: at..at,
            parsed: false,
            lazy: Some(Arc::new(LazyText {
                load,
                open: None,
                counts,
                read: OnceLock::new(),
                access: None,
                table: OnceLock::new(),
                one: OnceLock::new(),
            })),
        });
        Ok(self.sources.last().expect("just pushed"))
    }

    /// [`Corpus::add_lazy_source`] for a text that can also be read in
    /// pieces: `open` gives a reader over its text. Read for its passages,
    /// it is read whole and kept, as a lazily added one; the index build
    /// streams it instead ([`Corpus::index_passages`]), so building the
    /// index of a large library does not hold its texts.
    pub fn add_streamed_source(
        &mut self,
        info: SourceInfo,
        counts: Option<TextCounts>,
        open: TextReader,
    ) -> Result<&Source> {
        let reader = Arc::clone(&open);
        let load: TextLoader = Arc::new(move || {
            let mut text = String::new();
            reader()?.read_to_string(&mut text).map_err(|e| e.to_string())?;
            Ok(text)
        });
        self.add_lazy_source(info, counts, load)?;
        let source = self.sources.last_mut().expect("just pushed");
        if let Some(lazy) = source.lazy.as_mut().and_then(Arc::get_mut) {
            lazy.open = Some(open);
        }
        Ok(self.sources.last().expect("just pushed"))
    }

    /// [`Corpus::add_streamed_source`] for a text that can also be read one
    /// passage at a time (`access`): a passage asked for by its id or line
    /// ([`Corpus::passage`], [`Corpus::passage_at_line`],
    /// [`Corpus::passage_run`]) is read from its place in the file, through
    /// the table of passages written at import, and kept; nothing else of
    /// the text is read or held. What needs the whole text
    /// ([`Corpus::passages_of`]) still reads it whole.
    pub fn add_seekable_source(
        &mut self,
        info: SourceInfo,
        counts: Option<TextCounts>,
        open: TextReader,
        access: PassageAccess,
    ) -> Result<&Source> {
        self.add_streamed_source(info, counts, open)?;
        let source = self.sources.last_mut().expect("just pushed");
        if let Some(lazy) = source.lazy.as_mut().and_then(Arc::get_mut) {
            lazy.access = Some(access);
        }
        Ok(self.sources.last().expect("just pushed"))
    }

    /// How many passages a source has, without reading it if it was added
    /// with a table of passages or counted at import.
    pub fn passage_count(&self, source_id: &str) -> Option<usize> {
        let source = self.source(source_id)?;
        if let Some((_, table)) = self.table(source) {
            return Some(table.passages() as usize);
        }
        if source.lazy.as_ref().is_some_and(|l| l.read.get().is_none())
            && let Some(c) = self.known_counts(source_id)
        {
            return Some(c.passages);
        }
        Some(self.passages_in(source).len())
    }

    /// Passages `start..start + count` (1-based) of a source: read alone,
    /// in one pass from the first, for a text with a table of passages;
    /// else from all its passages (read now if it is lazily added). Or why
    /// they cannot be had (an unknown source, a text unreadable).
    pub fn passage_run(
        &self,
        source_id: &str,
        start: usize,
        count: usize,
    ) -> Result<Vec<&Passage>> {
        let source =
            self.source(source_id).ok_or_else(|| CorpusError::UnknownSource(source_id.into()))?;
        if let Some(total) = self.table(source).map(|(_, t)| t.passages() as usize) {
            let end = (start.max(1) + count).min(total + 1);
            let mut out = Vec::new();
            for n in start.max(1)..end {
                match self.one(source, n, end - n) {
                    Some(Ok(one)) => out.push(&one.passage),
                    Some(Err(why)) => {
                        return Err(CorpusError::Unreadable { source_id: source_id.into(), why });
                    }
                    None => break,
                }
            }
            // A table refused on the way: the text read whole, below.
            if self.table(source).is_some() {
                return Ok(out);
            }
        }
        let all = self.try_passages_of(source_id)?;
        Ok(all.iter().skip(start.saturating_sub(1)).take(count).collect())
    }

    /// The passages of one source for the search index's build: those at
    /// hand if it is parsed or has been read; streamed from its file if it
    /// is a text in the plain format added by [`Corpus::add_streamed_source`]
    /// and not read yet (nothing of it is kept); otherwise read now, as
    /// [`Corpus::passages_of`] does. `None` for an unknown source.
    pub fn index_passages(&self, source_id: &str) -> Option<IndexPassages<'_>> {
        let source = self.source(source_id)?;
        let Some(lazy) = &source.lazy else {
            return Some(if source.parsed {
                IndexPassages::Read {
                    passages: &self.passages[source.passages.clone()],
                    lines: &source.lines,
                }
            } else {
                IndexPassages::Unreadable("its text was not read".into())
            });
        };
        if lazy.read.get().is_none()
            && source.info.format == crate::manifest::Format::Plain
            && let Some(open) = &lazy.open
        {
            return Some(match open() {
                Ok(reader) => {
                    IndexPassages::Stream(Box::new(parse::PlainStream::new(&source.info, reader)))
                }
                Err(why) => IndexPassages::Unreadable(why),
            });
        }
        Some(match self.read(source)? {
            Ok(r) => IndexPassages::Read { passages: &r.passages, lines: &r.lines },
            Err(why) => IndexPassages::Unreadable(why.to_owned()),
        })
    }

    /// Registers a source by its manifest entry alone, without reading or
    /// parsing its text: it is listed, has no passages, and counts in the
    /// index's fingerprint as the parsed source would (by its checksum). For
    /// a caller that needs only the list of texts and the search index (a
    /// `sheli search` over a large library), not their passages.
    pub fn add_unparsed_source(&mut self, info: SourceInfo) -> Result<&Source> {
        if self.source(&info.id).is_some() {
            return Err(CorpusError::Manifest(format!("two sources have the id `{}`", info.id)));
        }
        self.alignment = OnceLock::new();
        let at = self.passages.len();
        let lines = LineIndex::new("");
        self.sources.push(Source {
            info,
            raw: Arc::from(""),
            lines,
            passages: at..at,
            parsed: false,
            lazy: None,
        });
        Ok(self.sources.last().expect("just pushed"))
    }

    /// A lazily added source's text, read (and parsed) now if it was not yet.
    fn read<'a>(&self, source: &'a Source) -> Option<std::result::Result<&'a ReadText, &'a str>> {
        let lazy = source.lazy.as_ref()?;
        let read = lazy.read.get_or_init(|| read_text(&source.info, &lazy.load));
        Some(read.as_ref().map_err(String::as_str))
    }

    /// Whether the source's passages are at hand: parsed when it was added,
    /// or lazily added and read since (successfully or not). False for an
    /// unknown source.
    pub fn is_read(&self, source_id: &str) -> bool {
        match self.source(source_id) {
            Some(s) => match &s.lazy {
                Some(l) => l.read.get().is_some(),
                None => s.parsed,
            },
            None => false,
        }
    }

    /// Whether any source is added lazily.
    pub fn has_lazy_sources(&self) -> bool {
        self.sources.iter().any(|s| s.lazy.is_some())
    }

    /// What a source holds, without reading it: counted for a source at
    /// hand, as recorded at import for a lazily added one not read yet
    /// (`None` if nothing was recorded, or the source is unknown).
    pub fn known_counts(&self, source_id: &str) -> Option<TextCounts> {
        let s = self.source(source_id)?;
        match &s.lazy {
            Some(l) => match l.read.get() {
                Some(Ok(_)) => Some(TextCounts::of(self, source_id)),
                Some(Err(_)) => None,
                None => l.counts.clone(),
            },
            None if s.parsed => Some(TextCounts::of(self, source_id)),
            None => None,
        }
    }

    /// The passages of one source, read now if it is added lazily; or why
    /// they cannot be had: an unknown source, or a lazily added text that
    /// is missing, not UTF-8 or does not parse (`Unreadable`, with the
    /// loader's words).
    pub fn try_passages_of(&self, source_id: &str) -> Result<&[Passage]> {
        let source =
            self.source(source_id).ok_or_else(|| CorpusError::UnknownSource(source_id.into()))?;
        match self.read(source) {
            None => Ok(&self.passages[source.passages.clone()]),
            Some(Ok(read)) => Ok(&read.passages),
            Some(Err(why)) => {
                Err(CorpusError::Unreadable { source_id: source_id.into(), why: why.to_owned() })
            }
        }
    }

    /// The lazily added sources read so far that could not be read or
    /// parsed, with why (in words).
    pub fn read_failures(&self) -> Vec<(&Source, &str)> {
        self.sources
            .iter()
            .filter_map(|s| match s.lazy.as_ref()?.read.get()? {
                Err(why) => Some((s, why.as_str())),
                Ok(_) => None,
            })
            .collect()
    }

    /// Every passage of every source, in order, reading the lazily added
    /// sources as it reaches them (and keeping them read).
    pub fn every_passage(&self) -> impl Iterator<Item = &Passage> + '_ {
        self.sources.iter().flat_map(move |s| self.passages_in(s).iter())
    }

    /// A corpus with the same sources, in the same order, every lazily added
    /// one read and parsed into it (this corpus's own copies are left as
    /// they are: read ones are cloned, unread ones read for the copy only).
    /// A text that cannot be read is listed unparsed, as
    /// [`Corpus::add_unparsed_source`] does, so that the copy has the same
    /// fingerprint (`sheli_index::meta::corpus_hash`). For what needs every
    /// text at once, the search index's build; dropped after it, so a
    /// process that built its index holds only the texts it has read.
    pub fn read_whole(&self) -> Corpus {
        let mut out = Corpus { user_stamp: self.user_stamp.clone(), ..Corpus::default() };
        for s in &self.sources {
            let info = s.info.clone();
            match &s.lazy {
                None => {
                    let passages = self.passages[s.passages.clone()].to_vec();
                    if s.parsed {
                        out.push_parsed(info, Arc::clone(&s.raw), s.lines.clone(), passages);
                    } else {
                        let _ = out.add_unparsed_source(info);
                    }
                }
                Some(lazy) => {
                    let read = match lazy.read.get() {
                        Some(Ok(r)) => {
                            Ok((Arc::clone(&r.raw), r.lines.clone(), r.passages.clone()))
                        }
                        Some(Err(e)) => Err(e.clone()),
                        None => read_text(&info, &lazy.load).map(|r| (r.raw, r.lines, r.passages)),
                    };
                    match read {
                        Ok((raw, lines, passages)) => {
                            out.push_parsed(info, raw, lines, passages);
                        }
                        Err(_) => {
                            let _ = out.add_unparsed_source(info);
                        }
                    }
                }
            }
        }
        out
    }

    /// Raw text and line index of a source (read now if it is lazily added).
    fn text_of<'a>(&self, source: &'a Source) -> Option<(&'a str, &'a LineIndex)> {
        match self.read(source) {
            None => Some((&source.raw, &source.lines)),
            Some(Ok(r)) => Some((&r.raw, &r.lines)),
            Some(Err(_)) => None,
        }
    }

    /// The passages of a source (read now if it is lazily added; none if it
    /// cannot be read).
    fn passages_in<'a>(&'a self, source: &'a Source) -> &'a [Passage] {
        match self.read(source) {
            None => &self.passages[source.passages.clone()],
            Some(Ok(r)) => &r.passages,
            Some(Err(_)) => &[],
        }
    }

    /// See [`Corpus::user_stamp`].
    pub fn set_user_stamp(&mut self, stamp: String) {
        self.user_stamp = stamp;
    }

    /// The caller's record of the user's files (empty when none was given).
    pub fn user_stamp(&self) -> &str {
        &self.user_stamp
    }

    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.info.id == id)
    }

    /// The passages of the sources parsed when they were added (the
    /// built-in texts), in order. A lazily added source's passages are not
    /// here: [`Corpus::passages_of`] reads one source, and
    /// [`Corpus::every_passage`] goes through them all.
    pub fn passages(&self) -> &[Passage] {
        &self.passages
    }

    /// The passages of one source, in reading order (read now if the source
    /// is added lazily; none if it cannot be read: see
    /// [`Corpus::try_passages_of`]).
    pub fn passages_of(&self, source_id: &str) -> &[Passage] {
        match self.source(source_id) {
            Some(s) => self.passages_in(s),
            None => &[],
        }
    }

    pub fn passage(&self, id: &str) -> Result<&Passage> {
        if let Some(&i) = self.by_id.get(id) {
            return Ok(&self.passages[i]);
        }
        // A passage of a lazily added source: `<source>.<ordinal>`, read
        // alone if the text has a table of passages, else with the rest.
        let lazy = id.rsplit_once('.').and_then(|(source, ordinal)| {
            let s = self.source(source).filter(|s| s.lazy.is_some())?;
            let n: usize = ordinal.parse().ok()?;
            if let Some(one) = self.one(s, n, 1) {
                return one.ok().map(|o| &o.passage).filter(|p| p.id == id);
            }
            self.passages_in(s).get(n.checked_sub(1)?).filter(|p| p.id == id)
        });
        lazy.ok_or_else(|| CorpusError::UnknownPassage(id.to_owned()))
    }

    /// The passage whose text covers 1-based `line` of the source's raw file
    /// (the passage with the last segment starting at or before that line).
    pub fn passage_at_line(&self, source_id: &str, line: u32) -> Option<&Passage> {
        let source = self.source(source_id)?;
        let found = self.table(source).map(|(_, mut table)| table.at_line(line));
        if let Some(found) = found {
            let n = found? as usize;
            // `None` from `one`: the table refused, the text read whole.
            if let Some(one) = self.one(source, n, 1) {
                return one.ok().map(|o| &o.passage);
            }
        }
        self.passages_of(source_id)
            .iter()
            .filter(|p| p.segments.iter().any(|s| s.line <= line))
            .max_by_key(|p| p.segments.iter().filter(|s| s.line <= line).map(|s| s.line).max())
    }

    /// The first passage that begins on 1-based `line` of the source's raw
    /// file, if one does. A line of the 通解 editions holds several passages
    /// (`xiangshe.tongjie:5` begins 0018 to 0022), and a reader naming the
    /// line means where it starts, not the last thing on it, which
    /// [`Corpus::passage_at_line`] gives.
    pub fn passage_beginning_at(&self, source_id: &str, line: u32) -> Option<&Passage> {
        let source = self.source(source_id)?;
        let found = self.table(source).map(|(_, mut table)| table.first_at_line(line));
        if let Some(found) = found {
            let n = found? as usize;
            if let Some(one) = self.one(source, n, 1) {
                return one.ok().map(|o| &o.passage);
            }
        }
        self.passages_of(source_id).iter().find(|p| p.line() == line)
    }

    /// The last 1-based line of the source's raw file (a final line break
    /// ends the last line; it does not begin one). For a text read a
    /// passage at a time, the last line of its last passage: its file is
    /// not read for the blank lines that may follow.
    pub fn last_line(&self, source_id: &str) -> Option<u32> {
        let source = self.source(source_id)?;
        // The table's lock is let go before the passage is read.
        let passages = self.table(source).map(|(_, table)| table.passages());
        if let Some(n) = passages
            && let Some(last) = self.one(source, n as usize, 1)
        {
            return Some(self.line_span(&last.ok()?.passage).1);
        }
        let (raw, lines) = self.text_of(source)?;
        let count = lines.line_count() as u32;
        Some(if raw.ends_with('\n') { count - 1 } else { count })
    }

    /// Line and column in the raw file of character `char_index` of segment
    /// `segment` of `passage`.
    pub fn position(
        &self,
        passage: &Passage,
        segment: usize,
        char_index: usize,
    ) -> Option<(u32, u32)> {
        let seg = passage.segments.get(segment)?;
        let off = *seg.offsets.get(char_index).or(seg.offsets.last())?;
        if let Some(one) = self.one_of(passage) {
            let span = self.span_of(one)?;
            let (line, col) = span.lines.line_col(&span.text, (off as usize).checked_sub(span.at)?);
            return Some((line + span.first_line - 1, col));
        }
        let (raw, lines) = self.text_of(self.source(&passage.source)?)?;
        Some(lines.line_col(raw, off as usize))
    }

    /// The alignment of passages across sources (computed once).
    pub fn alignment(&self) -> &Alignment {
        self.alignment.get_or_init(|| {
            // The configuration is compiled in and checked by tests; an error
            // here means a source was replaced, and no alignment is shown.
            align::align(self).unwrap_or_default()
        })
    }

    /// The passages aligned with passage `id`.
    pub fn aligned_with(&self, id: &str) -> Vec<Aligned<'_>> {
        self.alignment().with(self, id)
    }

    /// First and last raw line the passage's text occupies.
    pub fn line_span(&self, passage: &Passage) -> (u32, u32) {
        if let Some(one) = self.one_of(passage) {
            // A passage read alone knows where its lines change.
            let lines = passage
                .segments
                .iter()
                .zip(&one.line_starts)
                .flat_map(|(s, starts)| [s.line, starts.last().map_or(s.line, |&(_, l)| l)]);
            let (lo, hi) = lines.fold((u32::MAX, 0), |(lo, hi), l| (lo.min(l), hi.max(l)));
            return if hi == 0 { (0, 0) } else { (lo, hi) };
        }
        let Some((_, index)) = self.source(&passage.source).and_then(|s| self.text_of(s)) else {
            return (0, 0);
        };
        let lines = passage.segments.iter().flat_map(|s| {
            let last = s.offsets.last().map(|&o| index.line_of(o as usize)).unwrap_or(s.line);
            [s.line, last]
        });
        let (mut lo, mut hi) = (u32::MAX, 0);
        for l in lines {
            lo = lo.min(l);
            hi = hi.max(l);
        }
        if hi == 0 { (0, 0) } else { (lo, hi) }
    }

    /// The known source faults inside a passage's lines.
    pub fn faults_in(&self, passage: &Passage) -> Vec<crate::faults::Fault> {
        let (lo, hi) = self.line_span(passage);
        crate::faults::builtin_faults()
            .unwrap_or_default()
            .into_iter()
            .filter(|f| f.source == passage.source && (f.everywhere || (lo..=hi).contains(&f.line)))
            // a raw line of the 通解 holds many passages: the fault's text
            // (punctuation and debris ignored) must be in this one
            .filter(|f| {
                passage.segments.iter().any(|s| count_in(&s.text, &f.text, FoldMode::Exact) > 0)
            })
            .collect()
    }

    /// Segment counts per layer for one source (記 counted in 經 and alone).
    pub fn layer_counts(&self, source_id: &str) -> LayerCounts {
        let mut counts: LayerCounts = LAYER_KEYS.iter().map(|k| (*k, 0)).collect();
        for seg in self.passages_of(source_id).iter().flat_map(|p| &p.segments) {
            *counts.get_mut(seg.layer.label()).expect("every layer has a key") += 1;
            if seg.layer == Layer::Jing && seg.ji {
                *counts.get_mut("記").expect("記 has a key") += 1;
            }
        }
        counts
    }
}

/// What `sheli corpus --json` prints for a source.
#[derive(Debug, Clone, Serialize)]
pub struct SourceSummary {
    pub id: String,
    pub origin: String,
    pub work: String,
    pub edition: String,
    pub script: crate::manifest::EditionScript,
    pub format: crate::manifest::Format,
    pub passages: usize,
    pub layers: LayerCounts,
}

impl Corpus {
    /// What `sheli corpus --json` prints: a lazily added source not read
    /// yet with the counts recorded at import (listing a 180 MB text parsed
    /// all of it), any other source read to count it.
    pub fn summaries(&self) -> Vec<SourceSummary> {
        self.sources
            .iter()
            .map(|s| {
                let unread = s.lazy.as_ref().is_some_and(|l| l.read.get().is_none());
                let recorded = unread.then(|| self.known_counts(&s.info.id)).flatten();
                let (passages, layers) = match recorded {
                    Some(c) => (
                        c.passages,
                        LAYER_KEYS
                            .iter()
                            .map(|k| (*k, c.layers.get(*k).copied().unwrap_or(0)))
                            .collect(),
                    ),
                    None => (self.passages_in(s).len(), self.layer_counts(&s.info.id)),
                };
                SourceSummary {
                    id: s.info.id.clone(),
                    origin: s.info.origin.clone(),
                    work: s.info.work.clone(),
                    edition: s.info.edition.clone(),
                    script: s.info.script,
                    format: s.info.format,
                    passages,
                    layers,
                }
            })
            .collect()
    }
}

//! Writing an index: one tantivy document per segment.

use std::path::Path;

use sheli_corpus::{Corpus, Layer};

pub use crate::joined::{TAIL_TOKENS, jing_tails};
use tantivy::{Index, IndexSettings, IndexWriter};

use crate::document::SegmentDocument;

use crate::directory::CacheDirectory;
use crate::error::Result;
use crate::schema::{self, Fields};
use crate::tokenizer;

/// A segment as the index sees it. The corpus is one producer; the benchmark
/// feeds poems through the same type.
#[derive(Debug, Clone)]
pub struct SegmentDoc<'a> {
    pub passage: &'a str,
    pub source: &'a str,
    pub work: &'a str,
    pub layer: Layer,
    pub segment: u32,
    pub ji: bool,
    pub line: u32,
    /// (character index, raw line) where the raw line changes inside the segment.
    pub line_starts: Vec<(u32, u32)>,
    pub text: &'a str,
    /// The 經 that runs on after this segment across an inline note (the
    /// next pieces of the same run, at most [`TAIL_TOKENS`] tokens), empty
    /// for every other segment. Indexed after the segment's own tokens so a
    /// phrase matches across the note; only occurrences that *begin* in the
    /// segment's own text are counted for it (see `crate::joined`).
    pub tail: String,
    /// Source order of the segment over the whole index (sorting by position).
    pub seq: u64,
}

impl<'a> SegmentDoc<'a> {
    /// The document of segment `i` of `passage` in `source`.
    pub fn of(
        source: &'a sheli_corpus::corpus::Source,
        passage: &'a sheli_corpus::Passage,
        i: usize,
        line_starts: Vec<(u32, u32)>,
        tail: String,
        seq: u64,
    ) -> SegmentDoc<'a> {
        let seg = &passage.segments[i];
        SegmentDoc {
            passage: &passage.id,
            source: &source.info.id,
            work: &source.info.work,
            layer: seg.layer,
            segment: i as u32,
            ji: seg.ji,
            line: seg.line,
            line_starts,
            text: &seg.text,
            tail,
            seq,
        }
    }
}

/// Ordinal of a layer in the `layer_ord` fast field.
pub fn layer_ord(layer: Layer) -> u64 {
    Layer::ALL.iter().position(|l| *l == layer).unwrap_or(0) as u64
}

/// Progress of a build, reported every few thousand segments.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// Options for writing an index.
#[derive(Debug, Clone, Copy)]
pub struct BuildOptions {
    pub threads: usize,
    pub memory_budget: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).min(4);
        // tantivy flushes a segment whenever a thread's share of the budget
        // is spent: this bounds what a build holds, however large the
        // library (an import of 50M characters must peak no higher than one
        // of 10M, issue 10), at the price of more segments to merge.
        BuildOptions { threads, memory_budget: 40 * 1024 * 1024 * threads }
    }
}

/// Writes `docs` into a new index in `dir` (which must be empty or absent).
/// `sources` gives each source id its ordinal for counting.
///
/// Files are written without `fsync` ([`CacheDirectory`]): the index is a
/// cache of the texts, checked against its checksums before it is reused
/// ([`crate::location`]), so durability would buy nothing and cost a sync per
/// file.
pub fn write_index<'a>(
    dir: &Path,
    sources: &[String],
    docs: impl ExactSizeIterator<Item = SegmentDoc<'a>>,
    options: BuildOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Index> {
    let total = docs.len();
    let mut builder = Builder::create(dir, sources, options)?;
    for (i, d) in docs.enumerate() {
        builder.add(&d)?;
        if i % 4096 == 0 || i + 1 == total {
            progress(Progress { done: i + 1, total });
        }
    }
    builder.finish()
}

/// An index being written: documents go in one at a time, tantivy's writer
/// flushing a segment to disk whenever its memory budget is spent, so what a
/// build holds does not grow with what it indexes.
pub struct Builder {
    index: Index,
    writer: IndexWriter<SegmentDocument>,
    fields: Fields,
    sources: Vec<String>,
    /// Bytes of text of the last [`QUEUE_DOCS`] documents added since the
    /// last commit (their sizes in `recent`), what tantivy's queue can hold
    /// at most (see [`TEXT_IN_FLIGHT`]).
    in_flight: usize,
    recent: std::collections::VecDeque<u32>,
}

/// How much text tantivy's queue may hold before a build commits, so that
/// the queue of documents waiting for its indexing threads stays small. The
/// queue holds up to [`QUEUE_DOCS`] documents whatever their size: a text
/// without blank lines is cut into passages of 20,000 characters, and the
/// tester's 180 MB file had ~3,400 of them queued at once, the import
/// peaking at 550 MB while the decoding and counting before it held 66 MB.
/// A commit waits until the queue is indexed and flushes the segments, so
/// it is made only when the last [`QUEUE_DOCS`] documents (what can be
/// queued) hold that much text: poems and paragraphs of a few hundred
/// characters never do, and a build of them commits once, at its end (each
/// commit cost a wait for both indexing threads and two more segments).
const TEXT_IN_FLIGHT: usize = 16 << 20;
/// The length of tantivy's queue (`PIPELINE_MAX_SIZE_IN_DOCS`).
const QUEUE_DOCS: usize = 10_000;

impl Builder {
    /// A new index in `dir` (which must be empty or absent).
    pub fn create(dir: &Path, sources: &[String], options: BuildOptions) -> Result<Builder> {
        std::fs::create_dir_all(dir).map_err(crate::error::io_err(dir))?;
        let (schema, _) = schema::build();
        let directory = CacheDirectory::open(dir)?;
        if Index::exists(&directory).map_err(tantivy::TantivyError::from)? {
            return Err(tantivy::TantivyError::IndexAlreadyExists.into());
        }
        let index = Index::create(directory, schema, IndexSettings::default())?;
        Builder::over(dir, index, sources, options)
    }

    /// The index already in `dir` (a copy of an earlier one, see
    /// [`crate::generations`]), to add documents to.
    pub fn open(dir: &Path, sources: &[String], options: BuildOptions) -> Result<Builder> {
        let index = Index::open(CacheDirectory::open(dir)?)?;
        Builder::over(dir, index, sources, options)
    }

    fn over(
        dir: &Path,
        index: Index,
        sources: &[String],
        options: BuildOptions,
    ) -> Result<Builder> {
        tokenizer::register(&index);
        let fields = Fields::from_schema(&index.schema())?;
        let writer: IndexWriter<SegmentDocument> =
            index.writer_with_num_threads(options.threads, options.memory_budget)?;
        writer.set_merge_policy(Box::new(BoundedMerges { dir: dir.to_path_buf() }));
        Ok(Builder {
            index,
            writer,
            fields,
            sources: sources.to_vec(),
            in_flight: 0,
            recent: std::collections::VecDeque::new(),
        })
    }

    pub fn add(&mut self, d: &SegmentDoc) -> Result<()> {
        self.writer.add_document(to_document(&self.fields, &self.sources, d))?;
        let bytes = (d.text.len() + d.tail.len()) as u32;
        self.in_flight += bytes as usize;
        self.recent.push_back(bytes);
        if self.recent.len() > QUEUE_DOCS {
            self.in_flight -= self.recent.pop_front().unwrap_or(0) as usize;
        }
        if self.in_flight >= TEXT_IN_FLIGHT {
            self.writer.commit()?;
            self.in_flight = 0;
            self.recent.clear();
        }
        Ok(())
    }

    /// Deletes every document of `source` added so far (a text that failed
    /// part way through being streamed).
    pub fn delete_source(&mut self, source: &str) {
        self.writer.delete_term(tantivy::Term::from_field_text(self.fields.source, source));
    }

    /// Commits, waits for merges, and returns the index.
    pub fn finish(mut self) -> Result<Index> {
        self.writer.commit()?;
        self.writer.wait_merging_threads()?;
        Ok(self.index)
    }
}

/// Segments smaller than this are merged; a merge reads at most
/// [`MERGE_INPUT_BYTES`].
const SMALL_SEGMENT_BYTES: u64 = 8 << 20;
const MERGE_INPUT_BYTES: u64 = 32 << 20;
/// Merged when at least this many small segments wait.
const MERGE_AT: usize = 4;

/// Which segments a build merges: only small ones, a few MB at a time.
/// tantivy's default (`LogMergePolicy`) merges eight segments of a size
/// whatever the size, reading them through memory maps whose pages count in
/// the process's resident memory: a 50M-character import merged ~200 MB of
/// segments at its end and peaked over twice as high as a 10M one. Segments
/// the writer flushes (its memory budget's worth) are left as they are, so
/// a build's memory stays the same however large the text, at the price of
/// more segments (about one per 3M characters of short paragraphs), which a
/// search visits one after another at little cost.
#[derive(Debug)]
struct BoundedMerges {
    dir: std::path::PathBuf,
}

impl BoundedMerges {
    /// The bytes of a segment's files on disk (0 for those not there yet).
    fn bytes(&self, segment: &tantivy::index::SegmentMeta) -> u64 {
        use tantivy::index::SegmentComponent as C;
        [C::Postings, C::Positions, C::FastFields, C::FieldNorms, C::Terms, C::Store]
            .into_iter()
            .filter_map(|c| std::fs::metadata(self.dir.join(segment.relative_path(c))).ok())
            .map(|m| m.len())
            .sum()
    }
}

impl tantivy::indexer::MergePolicy for BoundedMerges {
    fn compute_merge_candidates(
        &self,
        segments: &[tantivy::index::SegmentMeta],
    ) -> Vec<tantivy::indexer::MergeCandidate> {
        let mut small: Vec<(u64, tantivy::index::SegmentId)> = segments
            .iter()
            .map(|s| (self.bytes(s), s.id()))
            .filter(|(b, _)| *b < SMALL_SEGMENT_BYTES)
            .collect();
        small.sort();
        let mut out = Vec::new();
        let mut group = Vec::new();
        let mut total = 0;
        for (bytes, id) in small {
            if total + bytes > MERGE_INPUT_BYTES && group.len() >= 2 {
                out.push(tantivy::indexer::MergeCandidate(std::mem::take(&mut group)));
                total = 0;
            }
            group.push(id);
            total += bytes;
        }
        if group.len() >= MERGE_AT {
            out.push(tantivy::indexer::MergeCandidate(group));
        }
        out
    }
}

/// What [`add_sources`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Added {
    /// Documents now in the index from these sources.
    pub docs: u64,
    /// Sources that could not be read (id, why): none of their documents
    /// are in the index.
    pub unreadable: Vec<(String, String)>,
}

/// Adds the documents of the corpus's sources from the `from`-th on, their
/// `seq` counted on from `seq` (the documents already in the index), one
/// source at a time: a text streamed from its file
/// ([`Corpus::index_passages`]) passes through one passage at a time, so a
/// build holds neither the library nor a whole text. A text that fails part
/// way has its documents deleted again and is reported; the documents after
/// it are numbered as if it had none, as a build of a library without it.
pub fn add_sources(
    builder: &mut Builder,
    corpus: &Corpus,
    from: usize,
    seq: u64,
    progress: &mut dyn FnMut(Progress),
) -> Result<Added> {
    use sheli_corpus::corpus::IndexPassages;
    let sources = &corpus.sources()[from.min(corpus.sources().len())..];
    let total: usize = sources.iter().map(|s| expected_docs(corpus, &s.info.id)).sum();
    let mut added = Added::default();
    let first = seq;
    let mut seq = seq;
    let mut done = 0usize;
    let report = |done: usize, progress: &mut dyn FnMut(Progress)| {
        if done.is_multiple_of(4096) {
            progress(Progress { done, total: total.max(done) });
        }
    };
    for source in sources {
        let id = &source.info.id;
        match corpus.index_passages(id) {
            None => {}
            Some(IndexPassages::Unreadable(why)) => {
                added.unreadable.push((id.clone(), why));
            }
            Some(IndexPassages::Read { passages, lines }) => {
                let mut tails = jing_tails(source.info.format, passages);
                for passage in passages {
                    for (i, seg) in passage.segments.iter().enumerate() {
                        let line_starts = line_starts(seg, |off| lines.line_of(off));
                        let tail = tails.next().unwrap_or_default();
                        builder.add(&SegmentDoc::of(source, passage, i, line_starts, tail, seq))?;
                        seq += 1;
                        done += 1;
                        report(done, progress);
                    }
                }
            }
            Some(IndexPassages::Stream(stream)) => {
                // Plain texts join no 經 across notes: every tail is empty.
                let start = seq;
                let mut failed = None;
                for passage in stream {
                    let mut streamed = match passage {
                        Ok(p) => p,
                        Err(e) => {
                            failed = Some(e.to_string());
                            break;
                        }
                    };
                    let passage = &streamed.passage;
                    for i in 0..passage.segments.len() {
                        let line_starts = std::mem::take(&mut streamed.line_starts[i]);
                        builder.add(&SegmentDoc::of(
                            source,
                            passage,
                            i,
                            line_starts,
                            String::new(),
                            seq,
                        ))?;
                        seq += 1;
                        done += 1;
                        report(done, progress);
                    }
                }
                if let Some(why) = failed {
                    builder.delete_source(id);
                    seq = start;
                    added.unreadable.push((id.clone(), why));
                }
            }
        }
    }
    progress(Progress { done, total: total.max(done) });
    added.docs = seq - first;
    Ok(added)
}

/// Where the raw line changes inside a segment, from the line of each of its
/// characters' byte offsets.
fn line_starts(seg: &sheli_corpus::Segment, line_of: impl Fn(usize) -> u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut last = seg.line;
    for (c, &off) in seg.offsets.iter().enumerate() {
        let l = line_of(off as usize);
        if l != last {
            out.push((c as u32, l));
            last = l;
        }
    }
    out
}

/// The documents a source is expected to give, for progress: counted if it
/// is at hand, as recorded at import otherwise (0 if nothing is known).
fn expected_docs(corpus: &Corpus, id: &str) -> usize {
    if corpus.is_read(id) {
        return corpus.passages_of(id).iter().map(|p| p.segments.len()).sum();
    }
    corpus
        .known_counts(id)
        .map(|c| c.layers.values().sum::<usize>() - c.layers.get("記").copied().unwrap_or(0))
        .unwrap_or(0)
}

fn to_document(f: &Fields, sources: &[String], d: &SegmentDoc) -> SegmentDocument {
    let source_ord = sources.iter().position(|s| s == d.source).unwrap_or(0) as u64;
    let own_tokens = if d.tail.is_empty() { 0 } else { crate::joined::token_count(d.text) };
    let mut indexed = String::with_capacity(d.text.len() + d.tail.len());
    indexed.push_str(d.text);
    indexed.push_str(&d.tail);
    let line_starts: Vec<u8> = d
        .line_starts
        .iter()
        .flat_map(|(c, l)| c.to_le_bytes().into_iter().chain(l.to_le_bytes()))
        .collect();
    SegmentDocument {
        fields: *f,
        passage: d.passage.to_owned(),
        source: d.source.to_owned(),
        work: d.work.to_owned(),
        layer: d.layer.label(),
        source_ord,
        layer_ord: layer_ord(d.layer),
        segment: d.segment as u64,
        line: d.line as u64,
        line_starts,
        ji: d.ji as u64,
        indexed,
        text_len: d.text.len(),
        own_tokens,
        seq: d.seq,
    }
}

/// The raw line of character `char_index` of a segment, from its stored
/// line starts.
pub fn line_of(line: u32, line_starts: &[u8], char_index: usize) -> u32 {
    let mut current = line;
    for pair in line_starts.chunks_exact(8) {
        let c = u32::from_le_bytes(pair[0..4].try_into().expect("4 bytes")) as usize;
        let l = u32::from_le_bytes(pair[4..8].try_into().expect("4 bytes"));
        if c > char_index {
            break;
        }
        current = l;
    }
    current
}

/// Every segment of the corpus as index documents.
pub fn corpus_docs(corpus: &Corpus) -> Vec<SegmentDoc<'_>> {
    let mut out = Vec::new();
    for source in corpus.sources() {
        let mut tails = jing_tails(source.info.format, corpus.passages_of(&source.info.id));
        for passage in corpus.passages_of(&source.info.id) {
            for (i, seg) in passage.segments.iter().enumerate() {
                let line_starts = line_starts(seg, |off| source.lines.line_of(off));
                let (tail, seq) = (tails.next().unwrap_or_default(), out.len() as u64);
                out.push(SegmentDoc::of(source, passage, i, line_starts, tail, seq));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build of large passages (a text without blank lines, cut at
    /// 20,000 characters) does not keep them all queued until its end: once
    /// [`TEXT_IN_FLIGHT`] bytes of text went in, what was added is committed
    /// (indexed and on disk), which an index opened beside the build sees.
    #[test]
    fn a_build_of_large_passages_commits_before_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let sources = vec!["user.big".to_owned()];
        let mut builder = Builder::create(dir.path(), &sources, BuildOptions::default()).unwrap();
        let text = "賓升就席主人答拜".repeat(2_500); // 20,000 characters, 60 KB
        let passages: Vec<String> = (1..=400).map(|n| format!("user.big.{n:04}")).collect();
        for (seq, id) in passages.iter().enumerate() {
            builder
                .add(&SegmentDoc {
                    passage: id,
                    source: "user.big",
                    work: "big",
                    layer: Layer::Jing,
                    segment: 0,
                    ji: false,
                    line: 1,
                    line_starts: Vec::new(),
                    text: &text,
                    tail: String::new(),
                    seq: seq as u64,
                })
                .unwrap();
        }
        // 400 × 60 KB is past the bound: part of it is committed already.
        let committed = Index::open_in_dir(dir.path()).unwrap().searchable_segment_metas().unwrap();
        let docs: u32 = committed.iter().map(|s| s.num_docs()).sum();
        assert!(docs > 0, "nothing committed before the build's end");
        let index = builder.finish().unwrap();
        let all: u32 = index.searchable_segment_metas().unwrap().iter().map(|s| s.num_docs()).sum();
        assert_eq!(all, 400);
    }
}

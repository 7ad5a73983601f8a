//! The whole library of texts, parsed: sources and their passages.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::Serialize;

use crate::align::{self, Aligned, Alignment};
use crate::error::{CorpusError, Result};
use crate::fold::{FoldMode, count_in};
use crate::manifest::{SourceInfo, builtin_manifest, builtin_text};
use crate::model::{Layer, Passage};
use crate::parse;
use crate::text::LineIndex;

/// A parsed source: its manifest entry, raw text and where its passages are.
#[derive(Debug, Clone)]
pub struct Source {
    pub info: SourceInfo,
    pub raw: Arc<str>,
    pub lines: LineIndex,
    /// Indices of this source's passages in [`Corpus::passages`].
    pub passages: Range<usize>,
    /// False for a source registered without its text (see
    /// [`Corpus::add_unparsed_source`]): it has no passages here.
    pub parsed: bool,
}

/// Segment counts per layer for one source, keyed by layer label, with 記
/// counted both inside 經 and on its own (the `sheli corpus --json` shape).
pub type LayerCounts = BTreeMap<&'static str, usize>;

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
        let parsed = parse::parse(&info, &raw, &lines)?;
        let start = self.passages.len();
        for (i, p) in parsed.into_iter().enumerate() {
            let ordinal = i as u32 + 1;
            let id = format!("{}.{:04}", info.id, ordinal);
            self.by_id.insert(id.clone(), self.passages.len());
            self.passages.push(Passage {
                id,
                source: info.id.clone(),
                work: info.work.clone(),
                ordinal,
                section: p.section,
                segments: p.segments,
            });
        }
        let end = self.passages.len();
        self.sources.push(Source { info, raw, lines, passages: start..end, parsed: true });
        Ok(self.sources.last().expect("just pushed"))
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
        });
        Ok(self.sources.last().expect("just pushed"))
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

    pub fn passages(&self) -> &[Passage] {
        &self.passages
    }

    /// The passages of one source, in reading order.
    pub fn passages_of(&self, source_id: &str) -> &[Passage] {
        match self.source(source_id) {
            Some(s) => &self.passages[s.passages.clone()],
            None => &[],
        }
    }

    pub fn passage(&self, id: &str) -> Result<&Passage> {
        self.by_id
            .get(id)
            .map(|&i| &self.passages[i])
            .ok_or_else(|| CorpusError::UnknownPassage(id.to_owned()))
    }

    /// The passage whose text covers 1-based `line` of the source's raw file
    /// (the passage with the last segment starting at or before that line).
    pub fn passage_at_line(&self, source_id: &str, line: u32) -> Option<&Passage> {
        self.passages_of(source_id)
            .iter()
            .filter(|p| p.segments.iter().any(|s| s.line <= line))
            .max_by_key(|p| p.segments.iter().filter(|s| s.line <= line).map(|s| s.line).max())
    }

    /// Line and column in the raw file of character `char_index` of segment
    /// `segment` of `passage`.
    pub fn position(
        &self,
        passage: &Passage,
        segment: usize,
        char_index: usize,
    ) -> Option<(u32, u32)> {
        let source = self.source(&passage.source)?;
        let seg = passage.segments.get(segment)?;
        let off = *seg.offsets.get(char_index).or(seg.offsets.last())?;
        Some(source.lines.line_col(&source.raw, off as usize))
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
        let Some(source) = self.source(&passage.source) else { return (0, 0) };
        let lines = passage.segments.iter().flat_map(|s| {
            let last =
                s.offsets.last().map(|&o| source.lines.line_of(o as usize)).unwrap_or(s.line);
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
            .filter(|f| f.source == passage.source && (lo..=hi).contains(&f.line))
            // a raw line of the 通解 holds many passages: the fault's text
            // (punctuation and debris ignored) must be in this one
            .filter(|f| {
                passage.segments.iter().any(|s| count_in(&s.text, &f.text, FoldMode::Exact) > 0)
            })
            .collect()
    }

    /// Segment counts per layer for one source (記 counted in 經 and alone).
    pub fn layer_counts(&self, source_id: &str) -> LayerCounts {
        let mut counts: LayerCounts =
            ["經", "記", "注", "疏", "音義", "按", "題", "譯"].iter().map(|k| (*k, 0)).collect();
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
    pub fn summaries(&self) -> Vec<SourceSummary> {
        self.sources
            .iter()
            .map(|s| SourceSummary {
                id: s.info.id.clone(),
                origin: s.info.origin.clone(),
                work: s.info.work.clone(),
                edition: s.info.edition.clone(),
                script: s.info.script,
                format: s.info.format,
                passages: s.passages.len(),
                layers: self.layer_counts(&s.info.id),
            })
            .collect()
    }
}

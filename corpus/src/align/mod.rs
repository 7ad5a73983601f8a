//! Aligning passages across sources: editions of the same work, parallel
//! passages of different works, and a translation with its original.
//!
//! Which sources are aligned, and how, is data (`data/alignment.toml`); the
//! result is a list of links between passage ids that the reader shows as a
//! parallel column and `sheli show` prints.

mod similarity;
mod translation;

pub use similarity::{folded_chars, lcs_len, ratio};

use serde::{Deserialize, Serialize};

use crate::corpus::Corpus;
use crate::error::{CorpusError, Result};
use crate::model::Passage;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// The same passage in another edition of the same work.
    Edition,
    /// A passage of another work running in parallel.
    Parallel,
    /// A translation line rendering the passage.
    Translation,
}

/// A link from a passage to its counterpart. `from` is the passage of the
/// configured `from`/`original` source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    pub kind: LinkKind,
    pub from: String,
    pub to: String,
    /// Similarity (edition, parallel) or 1.0 for translation anchors and 0.0
    /// for other translation lines, whose fit is not a similarity.
    pub score: f32,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Alignment {
    pub links: Vec<Link>,
}

#[derive(Deserialize)]
struct PairConfig {
    from: String,
    to: String,
    min_similarity: f32,
}

#[derive(Deserialize)]
struct TranslationConfig {
    translation: String,
    original: String,
    anchors: Vec<(u32, u32)>,
}

#[derive(Deserialize)]
struct Config {
    #[serde(default)]
    edition: Vec<PairConfig>,
    #[serde(default)]
    parallel: Vec<PairConfig>,
    #[serde(default)]
    translation: Vec<TranslationConfig>,
}

fn config() -> Result<Config> {
    toml::from_str(include_str!("../../data/alignment.toml")).map_err(|e| CorpusError::Data {
        file: "alignment.toml",
        line: 0,
        message: e.to_string(),
    })
}

fn with_jing<'a>(corpus: &'a Corpus, source: &str) -> Vec<&'a Passage> {
    corpus.passages_of(source).iter().filter(|p| !p.jing_text().is_empty()).collect()
}

/// Shortest passage whose containment in a longer one counts (shorter
/// passages match too many places to be evidence).
const MIN_CONTAINED: usize = 8;

/// How alike two passages are: their ratio, or — when one is a long enough
/// part of the other, as where one edition joins two passages of the other —
/// how much of the shorter one the longer holds (slightly discounted).
fn similarity(a: &[char], b: &[char]) -> f32 {
    let lcs = lcs_len(a, b) as f32;
    let whole = 2.0 * lcs / (a.len() + b.len()).max(1) as f32;
    let shorter = a.len().min(b.len());
    if shorter < MIN_CONTAINED {
        return whole;
    }
    whole.max(0.95 * lcs / shorter as f32)
}

/// Best counterpart in `to` for each passage of `from`, if alike enough.
fn best_matches(corpus: &Corpus, cfg: &PairConfig, kind: LinkKind) -> Vec<Link> {
    let targets: Vec<(&Passage, Vec<char>)> =
        with_jing(corpus, &cfg.to).into_iter().map(|p| (p, folded_chars(&p.jing_text()))).collect();
    let mut links = Vec::new();
    for p in with_jing(corpus, &cfg.from) {
        let chars = folded_chars(&p.jing_text());
        let best = targets
            .iter()
            .map(|(t, tc)| (t, similarity(&chars, tc)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((t, score)) = best
            && score >= cfg.min_similarity
        {
            links.push(Link { kind, from: p.id.clone(), to: t.id.clone(), score });
        }
    }
    links
}

fn translation_links(corpus: &Corpus, cfg: &TranslationConfig) -> Result<Vec<Link>> {
    let originals = with_jing(corpus, &cfg.original);
    let lines: Vec<&Passage> = corpus.passages_of(&cfg.translation).iter().collect();
    let index_of = |list: &[&Passage], source: &str, line: u32| -> Result<usize> {
        let p = corpus.passage_at_line(source, line).ok_or_else(|| CorpusError::Data {
            file: "alignment.toml",
            line: 0,
            message: format!("no passage of {source} at line {line}"),
        })?;
        list.iter().position(|q| q.id == p.id).ok_or_else(|| CorpusError::Data {
            file: "alignment.toml",
            line: 0,
            message: format!("{} (line {line}) cannot be aligned", p.id),
        })
    };
    let mut anchors = Vec::new();
    for &(t_line, o_line) in &cfg.anchors {
        anchors.push((
            index_of(&originals, &cfg.original, o_line)?,
            index_of(&lines, &cfg.translation, t_line)?,
        ));
    }
    Ok(translation::align(&originals, &lines, &anchors)
        .into_iter()
        .map(|a| Link {
            kind: LinkKind::Translation,
            from: originals[a.original].id.clone(),
            to: lines[a.line].id.clone(),
            score: if a.anchor { 1.0 } else { 0.0 },
        })
        .collect())
}

/// Computes every configured alignment over `corpus`. Sources that are not
/// in the corpus are skipped.
pub fn align(corpus: &Corpus) -> Result<Alignment> {
    let cfg = config()?;
    let present = |id: &str| corpus.source(id).is_some();
    let mut links = Vec::new();
    for c in cfg.edition.iter().filter(|c| present(&c.from) && present(&c.to)) {
        links.extend(best_matches(corpus, c, LinkKind::Edition));
    }
    for c in cfg.parallel.iter().filter(|c| present(&c.from) && present(&c.to)) {
        links.extend(best_matches(corpus, c, LinkKind::Parallel));
    }
    for c in cfg.translation.iter().filter(|c| present(&c.original) && present(&c.translation)) {
        links.extend(translation_links(corpus, c)?);
    }
    Ok(Alignment { links })
}

/// A passage aligned with another, seen from one side.
#[derive(Debug, Clone, Serialize)]
pub struct Aligned<'a> {
    pub kind: LinkKind,
    pub passage: &'a Passage,
    pub score: f32,
}

impl Alignment {
    /// Everything aligned with passage `id`, in either direction, in the
    /// order of the other source.
    pub fn with<'a>(&self, corpus: &'a Corpus, id: &str) -> Vec<Aligned<'a>> {
        let mut out: Vec<Aligned<'a>> = self
            .links
            .iter()
            .filter_map(|l| {
                let other = if l.from == id {
                    &l.to
                } else if l.to == id {
                    &l.from
                } else {
                    return None;
                };
                let passage = corpus.passage(other).ok()?;
                Some(Aligned { kind: l.kind, passage, score: l.score })
            })
            .collect();
        out.sort_by(|a, b| {
            (&a.passage.source, a.passage.ordinal).cmp(&(&b.passage.source, b.passage.ordinal))
        });
        out
    }
}

/// Why a passage of an original has no translation line, when a
/// translation renders its source (`data/alignment.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TranslationGap {
    /// The translation renders only part of the source, and this passage
    /// lies outside it: `first`..=`last` are the passages it covers.
    Outside { translation: String, first: String, last: String },
    /// The passage lies among translated ones, but the sequence alignment
    /// (by order and length; src/align/translation.rs) gave it no line: its
    /// words are rendered in a neighbour's lines, or not at all. `before`
    /// and `after`: the nearest passages with lines of their own.
    Unmatched { translation: String, before: Option<String>, after: Option<String> },
}

impl Corpus {
    /// Why passage `id` has no translation line, or `None` when it has one,
    /// has no 經 (only the 經 is aligned) or no translation renders its
    /// source.
    pub fn translation_gap(&self, id: &str) -> Option<TranslationGap> {
        let p = self.passage(id).ok()?;
        if p.jing_text().is_empty() {
            return None;
        }
        let cfg = config().ok()?;
        let t = cfg
            .translation
            .iter()
            .find(|t| t.original == p.source && self.source(&t.translation).is_some())?;
        let links = &self.alignment().links;
        let translated: Vec<&Passage> = with_jing(self, &t.original)
            .into_iter()
            .filter(|q| links.iter().any(|l| l.kind == LinkKind::Translation && l.from == q.id))
            .collect();
        if translated.iter().any(|q| q.id == p.id) {
            return None;
        }
        let (first, last) = (translated.first()?, translated.last()?);
        let translation = t.translation.clone();
        if p.ordinal < first.ordinal || p.ordinal > last.ordinal {
            return Some(TranslationGap::Outside {
                translation,
                first: first.id.clone(),
                last: last.id.clone(),
            });
        }
        let before = translated.iter().rev().find(|q| q.ordinal < p.ordinal).map(|q| q.id.clone());
        let after = translated.iter().find(|q| q.ordinal > p.ordinal).map(|q| q.id.clone());
        Some(TranslationGap::Unmatched { translation, before, after })
    }
}

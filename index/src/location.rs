//! Where the index lives and when it is rebuilt.
//!
//! The index is a cache of the texts: it can always be rebuilt, so it is
//! rebuilt whenever it cannot be trusted — missing, written by another schema
//! version, built from other texts, or failing tantivy's checksums. A rebuild
//! writes into a fresh directory and swaps it in, so a crash mid-build leaves
//! either the old index or none (which the next open rebuilds).

use std::path::{Path, PathBuf};

use serde::Serialize;
use sheli_corpus::Corpus;
use tantivy::Index;
use tantivy::index::SegmentComponent;

use crate::error::{IndexError, Result, io_err};
use crate::indexer::{self, BuildOptions, Progress};
use crate::meta::{IndexMeta, META_FILE};
use crate::schema::SCHEMA_VERSION;
use crate::search::SearchIndex;

/// Why an index was (re)built on open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum RebuildReason {
    Missing,
    SchemaChanged,
    TextsChanged,
    Corrupt(String),
}

impl std::fmt::Display for RebuildReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebuildReason::Missing => f.write_str("the search index did not exist yet"),
            RebuildReason::SchemaChanged => f.write_str("the index format changed"),
            RebuildReason::TextsChanged => f.write_str("the texts changed"),
            RebuildReason::Corrupt(why) => write!(f, "the index was damaged ({why})"),
        }
    }
}

pub struct Opened {
    pub index: SearchIndex,
    /// `Some` when the index had to be built on this open, and why.
    pub rebuilt: Option<RebuildReason>,
}

fn read_meta(dir: &Path) -> Option<IndexMeta> {
    let bytes = std::fs::read(dir.join(META_FILE)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Opens the index in `dir` if it is sound and up to date with `corpus`;
/// otherwise rebuilds it and says why.
pub fn open_or_build(
    dir: &Path,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
) -> Result<Opened> {
    let expected = IndexMeta::for_corpus(corpus, 0);
    let reason = match read_meta(dir) {
        None if !dir.join("meta.json").exists() => Some(RebuildReason::Missing),
        None => {
            Some(RebuildReason::Corrupt("its description file is missing or unreadable".into()))
        }
        Some(m) if m.schema_version != SCHEMA_VERSION => Some(RebuildReason::SchemaChanged),
        Some(m) if m.corpus_hash != expected.corpus_hash || m.sources != expected.sources => {
            Some(RebuildReason::TextsChanged)
        }
        Some(meta) => match open_checked(dir, meta) {
            Ok(index) => return Ok(Opened { index, rebuilt: None }),
            Err(why) => Some(RebuildReason::Corrupt(why)),
        },
    };
    let index = build(dir, corpus, progress)?;
    Ok(Opened { index, rebuilt: reason })
}

/// Opens and verifies every file's checksum; the error says what is wrong.
fn open_checked(dir: &Path, meta: IndexMeta) -> std::result::Result<SearchIndex, String> {
    let index = Index::open_in_dir(dir).map_err(|e| e.to_string())?;
    let bad = damaged_files(&index)?;
    if !bad.is_empty() {
        return Err(format!("checksum mismatch in {}", bad.join(", ")));
    }
    let index = SearchIndex::new(index, meta).map_err(|e| e.to_string())?;
    if index.num_segments() as usize != index.meta().segments {
        return Err("it holds a different number of segments than recorded".into());
    }
    Ok(index)
}

/// Every file of every segment `meta.json` lists, checked against the CRC32
/// in its footer; missing files count as damaged. Unlike tantivy's
/// `Index::validate_checksum`, this does not rely on tantivy's list of
/// managed files (`.managed.json`), which could itself be lost: the index is
/// written without `fsync` ([`crate::directory`]), so after a crash any file
/// may be short, empty or absent.
fn damaged_files(index: &Index) -> std::result::Result<Vec<String>, String> {
    let metas = index.load_metas().map_err(|e| e.to_string())?;
    let directory = index.directory();
    let mut bad = Vec::new();
    for segment in &metas.segments {
        let mut components = vec![
            SegmentComponent::FieldNorms,
            SegmentComponent::Terms,
            SegmentComponent::Postings,
            SegmentComponent::Positions,
            SegmentComponent::FastFields,
            SegmentComponent::Store,
        ];
        if segment.has_deletes() {
            components.push(SegmentComponent::Delete);
        }
        let files: Vec<PathBuf> =
            components.into_iter().map(|c| segment.relative_path(c)).collect();
        for file in files {
            if !matches!(directory.validate_checksum(&file), Ok(true)) {
                bad.push(file.display().to_string());
            }
        }
    }
    Ok(bad)
}

/// Builds the index for `corpus` in `dir`, replacing whatever is there.
pub fn build(
    dir: &Path,
    corpus: &Corpus,
    progress: &mut dyn FnMut(Progress),
) -> Result<SearchIndex> {
    let docs = indexer::corpus_docs(corpus);
    let meta = IndexMeta::for_corpus(corpus, docs.len());
    let staging = staging_dir(dir);
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io_err(&staging))?;
    }
    let source_ids: Vec<String> = meta.sources.iter().map(|(id, _)| id.clone()).collect();
    let index = indexer::write_index(
        &staging,
        &source_ids,
        docs.into_iter(),
        BuildOptions::default(),
        progress,
    )?;
    drop(index);
    let json = serde_json::to_vec_pretty(&meta).map_err(|e| IndexError::Meta(e.to_string()))?;
    let meta_path = staging.join(META_FILE);
    std::fs::write(&meta_path, json).map_err(io_err(&meta_path))?;
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(io_err(dir))?;
    }
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent).map_err(io_err(parent))?;
    }
    std::fs::rename(&staging, dir).map_err(io_err(dir))?;
    let index = Index::open_in_dir(dir)?;
    SearchIndex::new(index, meta)
}

fn staging_dir(dir: &Path) -> PathBuf {
    let name =
        dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "index".into());
    dir.with_file_name(format!(".{name}.building-{}", std::process::id()))
}

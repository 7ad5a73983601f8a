//! Sheli's side: the app's own build and search code on the poetry corpus.

use std::path::Path;

use anyhow::Result;
use sheli_corpus::Layer;
use sheli_index::indexer::{BuildOptions, SegmentDoc, write_index};
use sheli_index::meta::IndexMeta;
use sheli_index::schema::SCHEMA_VERSION;
use sheli_index::{SearchIndex, SearchRequest, SearchResponse};

use crate::poetry::{Poem, SOURCES};

/// Results per page, as the app asks for.
pub const LIMIT: usize = 20;

/// Passage ids, one per poem (`tang.000001`): the segment docs borrow them.
pub fn passage_ids(poems: &[Poem]) -> Vec<String> {
    poems
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}.{:06}", SOURCES[p.source as usize].0, i + 1))
        .collect()
}

pub fn meta(segments: usize) -> IndexMeta {
    IndexMeta {
        schema_version: SCHEMA_VERSION,
        corpus_hash: "sheli-bench".into(),
        sources: SOURCES.iter().map(|(s, w)| (s.to_string(), w.to_string())).collect(),
        works: SOURCES.iter().map(|(_, w)| w.to_string()).collect(),
        segments,
    }
}

/// Writes the index with `sheli_index::indexer::write_index`, as the app does.
pub fn build(dir: &Path, poems: &[Poem], ids: &[String], options: BuildOptions) -> Result<()> {
    let sources: Vec<String> = SOURCES.iter().map(|(s, _)| s.to_string()).collect();
    let docs = poems.iter().zip(ids).enumerate().map(|(i, (p, id))| SegmentDoc {
        passage: id,
        source: SOURCES[p.source as usize].0,
        work: SOURCES[p.source as usize].1,
        layer: Layer::Jing,
        segment: 0,
        ji: false,
        line: i as u32 + 1,
        line_starts: Vec::new(),
        text: &p.text,
        tail: String::new(),
        seq: i as u64,
    });
    let index = write_index(dir, &sources, docs, options, &mut |_| {})?;
    drop(index);
    Ok(())
}

/// Opens an index written by [`build`] the way the app opens its own.
pub fn open(dir: &Path, segments: usize) -> Result<SearchIndex> {
    let index = tantivy::Index::open_in_dir(dir)?;
    Ok(SearchIndex::new(index, meta(segments))?)
}

pub fn search(index: &SearchIndex, query: &str) -> Result<SearchResponse> {
    Ok(index.search(&SearchRequest { query: query.into(), limit: LIMIT, ..Default::default() })?)
}

/// Total bytes of the files in `dir` (not recursive: tantivy writes flat).
pub fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok()?.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

//! What an index records about itself, so that a stale one is noticed.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sheli_corpus::Corpus;

use crate::schema::SCHEMA_VERSION;

/// File written next to the tantivy files.
pub const META_FILE: &str = "sheli-index.json";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexMeta {
    pub schema_version: u32,
    /// Hash of everything indexed (see [`corpus_hash`]).
    pub corpus_hash: String,
    /// (source id, work), in source-ordinal order.
    pub sources: Vec<(String, String)>,
    pub works: Vec<String>,
    pub segments: usize,
}

impl IndexMeta {
    pub fn for_corpus(corpus: &Corpus, segments: usize) -> IndexMeta {
        let sources: Vec<(String, String)> =
            corpus.sources().iter().map(|s| (s.info.id.clone(), s.info.work.clone())).collect();
        let mut works: Vec<String> = Vec::new();
        for (_, w) in &sources {
            if !works.contains(w) {
                works.push(w.clone());
            }
        }
        IndexMeta {
            schema_version: SCHEMA_VERSION,
            corpus_hash: corpus_hash(corpus),
            sources,
            works,
            segments,
        }
    }
}

/// A hash of what the index holds: the schema version, the fold tables and
/// every segment (id, layer, line, text). A change in a text, a parser or a
/// fold table changes it, and the index is rebuilt.
///
/// A user's text that carries its checksum counts by that checksum, its
/// format and script instead of its segments, plus its line of the corpus's
/// user stamp (the library's record of the files' sizes and modification
/// times, one line per user text in order): the same whether the text was
/// parsed or only registered ([`Corpus::add_unparsed_source`]), so a search
/// can check the index without reading a large library. A parser change
/// still shows in the built-in texts' segments, which are always hashed.
pub fn corpus_hash(corpus: &Corpus) -> String {
    prefix_hashes(corpus).pop().expect("one hash at least")
}

/// [`corpus_hash`] of every prefix of the corpus's sources: `[i]` is the
/// hash of an index of the first `i` sources (with their stamps), the last
/// one the whole corpus's. An index whose hash is `[i]` holds exactly what
/// a build of this corpus would put in it for those sources, so a new
/// index can start from it and add only the sources after them
/// (`crate::generations`, an import's incremental build).
pub fn prefix_hashes(corpus: &Corpus) -> Vec<String> {
    let finish = |h: &Sha256| -> String {
        h.clone().finalize().iter().map(|b| format!("{b:02x}")).collect()
    };
    let mut h = Sha256::new();
    h.update(SCHEMA_VERSION.to_le_bytes());
    for table in sheli_corpus::fold::table_data() {
        h.update(table.as_bytes());
    }
    let mut out = vec![finish(&h)];
    let mut stamps = corpus.user_stamp().split_inclusive('\n');
    for source in corpus.sources() {
        h.update(source.info.id.as_bytes());
        h.update(source.info.work.as_bytes());
        if source.info.user {
            h.update(stamps.next().unwrap_or("\n").as_bytes());
        }
        if source.info.user && !source.info.sha256.is_empty() {
            let i = &source.info;
            let described = format!("{}\0{}\0{:?}\0{:?}\0", i.sha256, i.file, i.script, i.format);
            h.update(described.as_bytes());
        } else {
            for p in corpus.passages_of(&source.info.id) {
                h.update(p.id.as_bytes());
                for s in &p.segments {
                    h.update(s.layer.label().as_bytes());
                    h.update([s.ji as u8]);
                    h.update(s.line.to_le_bytes());
                    h.update(s.text.as_bytes());
                    h.update([0]);
                }
            }
        }
        out.push(finish(&h));
    }
    // Stamps beyond the user texts (none from the library) still count.
    let rest: String = stamps.collect();
    if !rest.is_empty() {
        h.update(rest.as_bytes());
        *out.last_mut().expect("one hash at least") = finish(&h);
    }
    out
}

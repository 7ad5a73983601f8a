//! # sheli-index
//!
//! The search index of Sheli, on tantivy. One document per segment of the
//! corpus; two token fields with positions — folded (scripts and variants
//! meet) and exact — produced by one tokenizer ([`tokenizer`]) that emits a
//! token per CJK character and skips punctuation without leaving gaps.
//!
//! - [`bigram`]: pairs of common characters, one term each, for phrases;
//! - [`exact`]: which tokens the exact field holds (those the fold merges);
//! - [`query`]: the query language (parser with its own tests, compiler);
//! - [`collect`]: totals and ranking in one pass over the postings;
//! - [`kwic`]: snippets with whole phrases highlighted;
//! - [`location`]: the index as a cache of the texts, rebuilt when stale or damaged;
//! - [`generations`]: the index on disk shared by many readers and one writer.

pub mod bigram;
pub mod collect;
pub mod concordance;
pub mod directory;
pub mod document;
pub mod error;
pub mod exact;
pub mod generations;
pub mod indexer;
pub mod joined;
pub mod kwic;
pub mod location;
pub mod meta;
pub mod query;
pub mod reading;
pub mod schema;
pub mod search;
pub mod tokenizer;

pub use error::{IndexError, Result};
pub use generations::{Generations, Lease, build_detached};
pub use location::{Opened, RebuildReason, build, open_if_current, open_or_build};
pub use query::{NoteCode, QueryCode, QueryError, QueryNote};
pub use search::{
    Collocate, Collocations, Hit, HitList, HitRef, SearchIndex, SearchRequest, SearchResponse,
    SortOrder, Tally,
};

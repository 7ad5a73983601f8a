//! # sheli-bench
//!
//! `make bench`: Sheli's search (the app's own `sheli_index` build and
//! search code) against SQLite FTS5 with the trigram tokenizer, on Tang and
//! Song poetry at about 1M and 10M CJK characters. See `bench/RESULTS.md`.

pub mod chars;
pub mod engine;
pub mod fts5;
pub mod fts5_pattern;
pub mod library;
pub mod poetry;
pub mod queries;
pub mod report;
pub mod stage;
pub mod stats;

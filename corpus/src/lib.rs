//! # sheli-corpus
//!
//! The texts of Sheli as data. This crate knows nothing of indexes, windows or
//! users: it reads the raw files, parses them into passages and layers
//! ([`Corpus`]), folds characters for search ([`fold`]), converts script for
//! display ([`display`]) and aligns editions ([`align`]).
//!
//! Data flow: raw file (`texts/*.txt`, byte for byte as received) →
//! [`parse`] (which ranges are which layer) → [`text`] (cleaning, positions) →
//! [`Passage`]s with [`Segment`]s → consumers (the `sheli-index` crate folds
//! each segment with [`fold::fold_char`] and indexes it).

pub mod align;
mod codes;
pub mod corpus;
pub mod display;
pub mod error;
pub mod faults;
pub mod fold;
pub mod glossary;
pub mod headings;
pub mod import;
pub mod locate;
pub mod manifest;
pub mod model;
pub mod parse;
mod place;
pub mod sound_glosses;
pub mod stage;
pub mod text;

pub use corpus::{Corpus, LayerCounts, Source, SourceSummary, TextCounts, TextLoader, passage_id};
pub use error::{CorpusError, Result};
pub use fold::FoldMode;
pub use headings::{Heading, HeadingBasis};
pub use locate::{Location, PlaceNote};
pub use manifest::{EditionScript, Format, SourceInfo};
pub use model::{Layer, Passage, Reading, ReadingKind, Segment};
pub use sound_glosses::SoundGlossAt;

//! One parser per edition layout. Each turns a raw file into passages in
//! reading order; ids are assigned by [`crate::Corpus`].
//!
//! Parsers decide *which byte ranges* make which segment of which layer and
//! leave cleaning to [`crate::text`], so every character keeps its position
//! in the raw file.

mod plain;
mod split;
pub mod table;
mod tongjie;
mod translation;
mod zhushu_fused;
mod zhushu_paragraphs;

pub use plain::{PlainStream, StreamedPassage};
pub use split::MAX_PASSAGE_CHARS;

use crate::error::Result;
use crate::manifest::{Format, SourceInfo};
use crate::model::ParsedPassage;
use crate::text::LineIndex;

pub fn parse(info: &SourceInfo, raw: &str, lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    match info.format {
        Format::ZhushuParagraphs => zhushu_paragraphs::parse(info, raw, lines),
        Format::TranslationLines => translation::parse(info, raw, lines),
        Format::ZhushuFused => zhushu_fused::parse(info, raw, lines),
        Format::Tongjie => tongjie::parse(info, raw, lines),
        Format::Plain => plain::parse(info, raw, lines),
    }
}

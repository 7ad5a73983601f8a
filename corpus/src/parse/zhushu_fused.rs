//! TODO: parser not written yet.

use crate::error::Result;
use crate::manifest::SourceInfo;
use crate::model::ParsedPassage;
use crate::text::LineIndex;

pub fn parse(_info: &SourceInfo, _raw: &str, _lines: &LineIndex) -> Result<Vec<ParsedPassage>> {
    Ok(Vec::new())
}

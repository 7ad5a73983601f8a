//! Known faults of the sources, kept as data (`texts/faults.toml`).
//!
//! The classic is never silently "fixed": a typo stays in the text, and the
//! reader shows the fault record beside the passage instead.

use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fault {
    pub source: String,
    /// 1-based line of the raw file.
    pub line: u32,
    /// The faulty text, exactly as the raw line has it.
    pub text: String,
    /// What the other witnesses read, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A systematic fault: the same wrong text at every place it occurs in
    /// the source (燕禮's 雲 for 云, a conversion's wrong pick), not only on
    /// `line` (its first place). The reader marks each occurrence, each with
    /// its own line, so that the fault is flagged where it stands.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub everywhere: bool,
}

#[derive(Deserialize)]
struct FaultsFile {
    fault: Vec<Fault>,
}

/// The known faults of the built-in texts.
pub fn builtin_faults() -> Result<Vec<Fault>> {
    let f: FaultsFile = toml::from_str(include_str!("../texts/faults.toml"))
        .map_err(|e| CorpusError::Data { file: "faults.toml", line: 0, message: e.to_string() })?;
    Ok(f.fault)
}

/// Where a known fault stands in a passage: segment `segment`, characters
/// `start..end` of its text (original positions), so the reader can mark
/// the very words rather than only note the fault beside the passage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FaultSpan {
    pub fault: Fault,
    pub segment: usize,
    pub start: usize,
    pub end: usize,
}

/// The spans of `faults` (those of the passage's lines, `Corpus::faults_in`)
/// in `passage`: each fault's text found as the search finds a phrase
/// (punctuation and debris ignored, the characters exactly), first where it
/// occurs — or, for a systematic fault ([`Fault::everywhere`]), everywhere it
/// occurs, each span's fault carrying the line of its own segment. A fault
/// found in no segment has no span.
pub fn spans_in(passage: &crate::model::Passage, faults: Vec<Fault>) -> Vec<FaultSpan> {
    let mut spans = Vec::new();
    for fault in faults {
        let found = passage.segments.iter().enumerate().flat_map(|(segment, s)| {
            crate::fold::find_in(&s.text, &fault.text, crate::FoldMode::Exact)
                .into_iter()
                .map(move |r| (segment, s.line, r))
        });
        if fault.everywhere {
            spans.extend(found.map(|(segment, line, r)| FaultSpan {
                fault: Fault { line, ..fault.clone() },
                segment,
                start: r.start,
                end: r.end,
            }));
        } else if let Some((segment, _, r)) = found.into_iter().next() {
            spans.push(FaultSpan { fault, segment, start: r.start, end: r.end });
        }
    }
    spans
}

//! Known faults of the sources, kept as data (`texts/faults.toml`).
//!
//! The classic is never silently "fixed": a typo stays in the text, and the
//! reader shows the fault record beside the passage instead.

use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};

#[derive(Debug, Clone, Serialize, Deserialize)]
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

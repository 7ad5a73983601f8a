//! Showing a text in the other script.
//!
//! This is *not* the search fold. Display conversion works on phrases (OpenCC's
//! phrase dictionaries pick 乾杯 vs 乾坤 by context) and may change what a
//! character looks like in ways the fold never would; it only decides what
//! the reader shows. It uses `ferrous-opencc`, a pure-Rust OpenCC (Apache-2.0)
//! whose dictionaries are compiled in, so no data files are needed at run time.

use std::sync::OnceLock;

use ferrous_opencc::{OpenCC, config::BuiltinConfig};
use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};

/// The script a text is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Script {
    /// As the edition has it (no conversion).
    #[default]
    Original,
    Traditional,
    Simplified,
}

fn converter(config: BuiltinConfig) -> Result<&'static OpenCC> {
    static T2S: OnceLock<std::result::Result<OpenCC, String>> = OnceLock::new();
    static S2T: OnceLock<std::result::Result<OpenCC, String>> = OnceLock::new();
    let cell = match config {
        BuiltinConfig::T2s => &T2S,
        _ => &S2T,
    };
    cell.get_or_init(|| OpenCC::from_config(config).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| CorpusError::Display(e.clone()))
}

/// Converts `text` for display in `script`.
pub fn convert(text: &str, script: Script) -> Result<String> {
    Ok(match script {
        Script::Original => text.to_owned(),
        Script::Simplified => converter(BuiltinConfig::T2s)?.convert(text),
        Script::Traditional => converter(BuiltinConfig::S2t)?.convert(text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_titles_convert_both_ways() {
        assert_eq!(convert("鄉射禮", Script::Simplified).unwrap(), "乡射礼");
        assert_eq!(convert("乡射礼", Script::Traditional).unwrap(), "鄉射禮");
        assert_eq!(convert("鄉射禮", Script::Original).unwrap(), "鄉射禮");
    }
}

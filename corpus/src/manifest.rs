//! The manifest of texts: what each file is and where it came from.

use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};

/// How a file is laid out, which decides the parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// 《儀禮註疏》 web edition: 經, 注, 疏 as separate paragraphs.
    ZhushuParagraphs,
    /// A translation, one sentence per line.
    TranslationLines,
    /// 《儀禮注疏》 web edition with 經 and 注 fused on one line, 疏 after `[疏]`.
    ZhushuFused,
    /// 《儀禮經傳通解》 style: unpunctuated 經, notes in 【】, headings 右….
    Tongjie,
    /// A user's own text: paragraphs separated by blank lines.
    Plain,
}

/// Whether the edition is written in traditional or simplified characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EditionScript {
    Traditional,
    Simplified,
}

/// One entry of `texts/manifest.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SourceInfo {
    /// Stable id, `<work>.<edition>`; passage ids start with it.
    pub id: String,
    /// File name inside `corpus/texts/` (or the user's library).
    pub file: String,
    /// The name of the file this one was copied from.
    pub origin: String,
    /// SHA-256 of the file's bytes.
    pub sha256: String,
    pub work: String,
    pub edition: String,
    #[serde(default)]
    pub edition_note: String,
    pub script: EditionScript,
    pub format: Format,
    #[serde(default)]
    pub coverage: String,
    #[serde(default)]
    pub provenance: String,
    #[serde(default)]
    pub licence: String,
    /// False for the built-in texts, true for texts the user imported.
    #[serde(default)]
    pub user: bool,
}

impl SourceInfo {
    /// A text the user added: plain format, traditional script until a
    /// caller knows better, none of the built-in texts' provenance notes.
    /// The import starts from it, and tests build small corpora with it.
    pub fn user_text(id: &str, work: &str, origin: &str) -> SourceInfo {
        SourceInfo {
            id: id.into(),
            file: format!("{id}.txt"),
            origin: origin.into(),
            sha256: String::new(),
            work: work.into(),
            edition: "imported".into(),
            edition_note: String::new(),
            script: EditionScript::Traditional,
            format: Format::Plain,
            coverage: String::new(),
            provenance: String::new(),
            licence: String::new(),
            user: true,
        }
    }
}

#[derive(Deserialize)]
struct ManifestFile {
    source: Vec<SourceInfo>,
}

pub(crate) const MANIFEST: &str = include_str!("../texts/manifest.toml");

/// The built-in files, compiled into the binary so the app needs no data
/// directory to show its texts.
pub(crate) const BUILTIN_TEXTS: &[(&str, &str)] = &[
    ("xiangshe.zhushu.txt", include_str!("../texts/xiangshe.zhushu.txt")),
    ("xiangshe.yiwen.txt", include_str!("../texts/xiangshe.yiwen.txt")),
    ("yanli.zhushu.txt", include_str!("../texts/yanli.zhushu.txt")),
    ("xiangshe.tongjie.txt", include_str!("../texts/xiangshe.tongjie.txt")),
    ("dashe.tongjie.txt", include_str!("../texts/dashe.tongjie.txt")),
];

/// Parses the built-in manifest.
pub fn builtin_manifest() -> Result<Vec<SourceInfo>> {
    let m: ManifestFile =
        toml::from_str(MANIFEST).map_err(|e| CorpusError::Manifest(e.to_string()))?;
    Ok(m.source)
}

/// The raw text of a built-in file.
pub fn builtin_text(file: &str) -> Option<&'static str> {
    BUILTIN_TEXTS.iter().find(|(f, _)| *f == file).map(|(_, t)| *t)
}

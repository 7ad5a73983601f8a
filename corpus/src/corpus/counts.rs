//! What a text holds, counted: passages and segments per layer. Recorded
//! at import for a lazily added text, so that a library is listed without
//! reading its texts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Corpus;
use crate::model::{Layer, Passage};

/// What a lazily added source's text holds, as recorded when it was
/// imported (so that a library can be listed without reading its texts).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextCounts {
    pub passages: usize,
    /// Segments per layer label, as [`Corpus::layer_counts`] counts them.
    #[serde(default)]
    pub layers: BTreeMap<String, usize>,
}

impl TextCounts {
    /// No passages yet, every layer at 0, to count passages as they pass
    /// ([`TextCounts::add`]): what [`TextCounts::of`] gives for the same
    /// passages, without holding them (an import counting a large text).
    pub fn counting() -> TextCounts {
        TextCounts {
            passages: 0,
            layers: LAYER_KEYS.iter().map(|k| ((*k).to_owned(), 0)).collect(),
        }
    }

    /// Counts one more passage.
    pub fn add(&mut self, passage: &Passage) {
        self.passages += 1;
        // Looked up before inserting: an owned key per segment was an
        // allocation per paragraph of an imported text.
        let mut bump = |label: &str| match self.layers.get_mut(label) {
            Some(n) => *n += 1,
            None => {
                self.layers.insert(label.to_owned(), 1);
            }
        };
        for seg in &passage.segments {
            bump(seg.layer.label());
            if seg.layer == Layer::Jing && seg.ji {
                bump("記");
            }
        }
    }

    /// The counts of a parsed source.
    pub fn of(corpus: &Corpus, source_id: &str) -> TextCounts {
        TextCounts {
            passages: corpus.passages_of(source_id).len(),
            layers: corpus
                .layer_counts(source_id)
                .into_iter()
                .map(|(k, n)| (k.to_owned(), n))
                .collect(),
        }
    }
}

/// The keys of [`LayerCounts`], every one present.
pub(super) const LAYER_KEYS: [&str; 8] = ["經", "記", "注", "疏", "音義", "按", "題", "譯"];

/// Segment counts per layer for one source, keyed by layer label, with 記
/// counted both inside 經 and on its own (the `sheli corpus --json` shape).
pub type LayerCounts = BTreeMap<&'static str, usize>;

//! The 釋文 readings the texts give for a character: every reading of every
//! 音義 segment whose character folds to the same form (so 觯 and 觶 find
//! the same glosses), each with the passage it belongs to.

use crate::Corpus;
use crate::fold::{FoldMode, fold_char};
use crate::model::{Layer, Passage, Reading, Segment};

/// One sound gloss and where it stands.
#[derive(Debug, Clone, Copy)]
pub struct SoundGlossAt<'a> {
    pub passage: &'a Passage,
    pub segment: &'a Segment,
    pub reading: &'a Reading,
}

impl Corpus {
    /// Every 音義 reading of character `c` (or a form it folds with), in the
    /// order of the sources and passages.
    pub fn sound_glosses_of(&self, c: char) -> Vec<SoundGlossAt<'_>> {
        let Some(key) = fold_char(c, FoldMode::Folded) else { return Vec::new() };
        let reads_c = |r: &Reading| {
            let mut chars = r.character.chars();
            matches!((chars.next(), chars.next()), (Some(x), None) if fold_char(x, FoldMode::Folded) == Some(key))
        };
        self.passages()
            .iter()
            .flat_map(|p| p.segments_of(Layer::Yinyi).map(move |s| (p, s)))
            .flat_map(|(passage, segment)| {
                segment.readings.iter().filter(|r| reads_c(r)).map(move |reading| SoundGlossAt {
                    passage,
                    segment,
                    reading,
                })
            })
            .collect()
    }
}

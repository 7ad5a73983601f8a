//! The concordancer's part of the `search` command's types (issue 11,
//! points 4 and 5): the order of the results, the collocations and the list
//! of hits, as the UI receives them (kept apart from `search.rs` for size).

use serde::{Deserialize, Serialize};
use sheli_index::{Collocate, Collocations, HitList, SortOrder};
use ts_rs::TS;

use super::error::AppResult;

/// The order of the results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SearchSort {
    /// Best first (BM25 weighted by layer).
    #[default]
    Relevance,
    /// The order of the texts: source, passage, segment.
    Position,
    /// By the characters before the first match, read leftwards (folded).
    Left,
    /// By the characters after the first match (folded).
    Right,
}

impl From<SearchSort> for SortOrder {
    fn from(s: SearchSort) -> SortOrder {
        match s {
            SearchSort::Relevance => SortOrder::Relevance,
            SearchSort::Position => SortOrder::Position,
            SearchSort::Left => SortOrder::Left,
            SearchSort::Right => SortOrder::Right,
        }
    }
}

/// A neighbour of the matches.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CollocateView {
    /// Folded, as search folds: what a refinement searches for.
    pub key: String,
    /// As the texts in the display script write it (it folds to `key`).
    pub label: String,
    pub count: u32,
}

/// What stands immediately left and right of every occurrence, most
/// frequent first, at most 20 of each.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CollocationsView {
    /// The occurrences counted (all of them).
    pub occurrences: u32,
    pub left_chars: Vec<CollocateView>,
    /// The two characters before a match, in reading order.
    pub left_words: Vec<CollocateView>,
    pub right_chars: Vec<CollocateView>,
    pub right_words: Vec<CollocateView>,
}

/// A matching segment, for stepping from hit to hit.
#[derive(Debug, Clone, Serialize, TS)]
pub struct HitRefView {
    /// Passage id.
    pub id: String,
    pub source: String,
    /// Index of the segment in its passage.
    pub segment: u32,
    /// Character ranges `[start, end)` of every hit in the segment's text.
    pub ranges: Vec<[u32; 2]>,
}

/// Matching segments in the order of the results: all of them (up to
/// 5000) with a search, a page of them from `search_hits`.
#[derive(Debug, Clone, Serialize, TS)]
pub struct HitListView {
    pub items: Vec<HitRefView>,
    /// More segments match after `items`.
    pub truncated: bool,
    /// Where `items` begins among all the matching segments.
    pub offset: u32,
    /// How many segments match in all.
    pub total: u32,
}

impl CollocationsView {
    /// `c` with each collocate's label as `label` shows it.
    pub fn new(
        c: &Collocations,
        label: &dyn Fn(&Collocate) -> AppResult<String>,
    ) -> AppResult<Self> {
        let list = |v: &[Collocate]| -> AppResult<Vec<CollocateView>> {
            v.iter()
                .map(|c| {
                    Ok(CollocateView {
                        key: c.text.clone(),
                        label: label(c)?,
                        count: c.count as u32,
                    })
                })
                .collect()
        };
        Ok(CollocationsView {
            occurrences: c.occurrences as u32,
            left_chars: list(&c.left_chars)?,
            left_words: list(&c.left_words)?,
            right_chars: list(&c.right_chars)?,
            right_words: list(&c.right_words)?,
        })
    }
}

impl From<HitList> for HitListView {
    fn from(list: HitList) -> Self {
        HitListView {
            items: list
                .items
                .into_iter()
                .map(|h| HitRefView {
                    id: h.id,
                    source: h.source,
                    segment: h.segment,
                    ranges: h.ranges.iter().map(|r| [r[0] as u32, r[1] as u32]).collect(),
                })
                .collect(),
            truncated: list.truncated,
            offset: list.offset as u32,
            total: list.total as u32,
        }
    }
}

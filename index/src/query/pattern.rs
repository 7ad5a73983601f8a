//! What a positive term of a query matches, position by position: the one
//! definition of an occurrence, shared by the proximity filter of the
//! tantivy query, the counting collector and KWIC, so that what is found,
//! what is counted and what is highlighted agree.
//!
//! Positions are token positions; the tokenizer gives one token per
//! ideograph and leaves no gaps for punctuation, so "characters between"
//! two parts is a difference of positions.

use sheli_corpus::FoldMode;
use tantivy::schema::Field;

use crate::schema::Fields;

/// A term to count and highlight: one or more units, joined as `join` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountTerm {
    pub units: Vec<Unit>,
    pub join: Join,
    /// A pinyin syllable is one of its units.
    pub pinyin: bool,
}

/// Tokens at fixed offsets from the unit's first: a phrase (offsets
/// 0, 1, 2 …), a phrase with `?` gaps (0, 2 …), a pinyin syllable (one slot
/// of many tokens).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub mode: FoldMode,
    /// Offsets strictly increasing, the first 0 (in a unit planned with
    /// bigrams, the first is where its first term stands).
    pub slots: Vec<Slot>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub offset: u32,
    /// Any of these tokens may stand here.
    pub tokens: Vec<String>,
}

/// How the units of a term combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// One unit.
    Single,
    /// The units in order, none overlapping the next, with at most this many
    /// positions between them in all.
    Ordered(u32),
    /// Two units in either order, not overlapping, at most this many
    /// positions apart.
    Near(u32),
}

impl Unit {
    /// A run of tokens, each alone in its slot.
    pub fn phrase(tokens: &[String], mode: FoldMode) -> Unit {
        let slots = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| Slot { offset: i as u32, tokens: vec![t.clone()] })
            .collect();
        Unit { mode, slots }
    }

    /// How many positions the unit covers.
    pub fn len(&self) -> u32 {
        self.slots.last().map_or(0, |s| s.offset + 1)
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn field(&self, fields: &Fields) -> Field {
        match self.mode {
            FoldMode::Folded => fields.folded,
            FoldMode::Exact => fields.exact,
        }
    }
}

impl CountTerm {
    /// A term of one unit.
    pub fn single(unit: Unit, pinyin: bool) -> CountTerm {
        CountTerm { units: vec![unit], join: Join::Single, pinyin }
    }

    /// One unit of one slot: counted from term frequencies alone.
    pub fn is_one_slot(&self) -> bool {
        self.units.len() == 1 && self.units[0].slots.len() == 1
    }
}

/// Reusable buffers for [`spans`].
#[derive(Debug, Default)]
pub struct Scratch {
    starts: Vec<Vec<u32>>,
    candidates: Vec<(u32, u32)>,
}

/// Where `unit` starts, given the sorted positions of each of its slots.
/// The first slot is at offset 0, except in a unit planned with bigrams
/// (`crate::bigram`, stood at their second character's position).
fn unit_starts(unit: &Unit, slot_positions: &[Vec<u32>], out: &mut Vec<u32>) {
    out.clear();
    let (Some(first), Some(first_slot)) = (slot_positions.first(), unit.slots.first()) else {
        return;
    };
    for &at in first {
        let Some(start) = at.checked_sub(first_slot.offset) else { continue };
        let whole = unit.slots.iter().zip(slot_positions).skip(1).all(|(slot, positions)| {
            start.checked_add(slot.offset).is_some_and(|p| positions.binary_search(&p).is_ok())
        });
        if whole {
            out.push(start);
        }
    }
}

/// The last start in `starts` (sorted) that is at most `limit`.
fn last_at_most(starts: &[u32], limit: u32) -> Option<u32> {
    let i = starts.partition_point(|&s| s <= limit);
    (i > 0).then(|| starts[i - 1])
}

/// The non-overlapping occurrences of `term` as position ranges
/// `[start, end)`, left to right, into `out`. `positions[u][s]` holds the
/// sorted positions of slot `s` of unit `u`.
///
/// The rule, one for every kind of term: of the matches that begin at or
/// after the end of the previous occurrence, the one that ends first is the
/// next occurrence, and of those ending there the shortest. For a phrase this
/// is the plain left-to-right scan; for a proximity it counts as many
/// disjoint pairs as there can be and highlights each pair as tightly as it
/// can (A … A … B highlights the second A through B).
pub fn spans(
    term: &CountTerm,
    positions: &[Vec<Vec<u32>>],
    scratch: &mut Scratch,
    out: &mut Vec<(u32, u32)>,
) {
    out.clear();
    let n = term.units.len();
    if n == 0 || positions.len() != n {
        return;
    }
    scratch.starts.resize_with(n, Vec::new);
    for ((unit, slots), starts) in term.units.iter().zip(positions).zip(&mut scratch.starts) {
        unit_starts(unit, slots, starts);
        if starts.is_empty() {
            return;
        }
    }
    let starts = &scratch.starts[..n];
    let lens: Vec<u32> = term.units.iter().map(Unit::len).collect();
    // Every candidate is the tightest match ending where it ends: walking
    // back from the last part, each earlier part is taken as late as it can
    // be, which leaves the least between them (and the latest start).
    let candidates = &mut scratch.candidates;
    candidates.clear();
    match term.join {
        Join::Single => candidates.extend(starts[0].iter().map(|&s| (s, s + lens[0]))),
        Join::Ordered(max_between) => {
            let parts: u32 = lens.iter().sum();
            'end: for &last in &starts[n - 1] {
                let mut at = last;
                for u in (0..n - 1).rev() {
                    let Some(limit) = at.checked_sub(lens[u]) else { continue 'end };
                    let Some(s) = last_at_most(&starts[u], limit) else { continue 'end };
                    at = s;
                }
                let end = last + lens[n - 1];
                if end - at - parts <= max_between {
                    candidates.push((at, end));
                }
            }
        }
        Join::Near(max_between) => {
            if n != 2 {
                return;
            }
            for (first, second) in [(0, 1), (1, 0)] {
                for &b in &starts[second] {
                    let Some(limit) = b.checked_sub(lens[first]) else { continue };
                    let Some(a) = last_at_most(&starts[first], limit) else { continue };
                    if b - (a + lens[first]) <= max_between {
                        candidates.push((a, b + lens[second]));
                    }
                }
            }
        }
    }
    candidates.sort_unstable_by(|x, y| x.1.cmp(&y.1).then(y.0.cmp(&x.0)));
    let mut next_free = 0;
    for &(start, end) in candidates.iter() {
        if start >= next_free {
            out.push((start, end));
            next_free = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text`: one token per character; `units`: each a string where `?`
    /// is a gap and `*` any of the characters after it (a pinyin-like slot).
    fn run(text: &str, units: &[&str], join: Join) -> Vec<(u32, u32)> {
        let unit = |u: &str| {
            let mut slots = Vec::new();
            for (i, c) in u.chars().enumerate() {
                if c != '?' {
                    slots.push(Slot { offset: i as u32, tokens: vec![c.to_string()] });
                }
            }
            Unit { mode: FoldMode::Folded, slots }
        };
        let term =
            CountTerm { units: units.iter().map(|u| unit(u)).collect(), join, pinyin: false };
        let chars: Vec<char> = text.chars().collect();
        let positions: Vec<Vec<Vec<u32>>> = term
            .units
            .iter()
            .map(|u| {
                u.slots
                    .iter()
                    .map(|s| {
                        (0..chars.len() as u32)
                            .filter(|&p| s.tokens.contains(&chars[p as usize].to_string()))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut out = Vec::new();
        spans(&term, &positions, &mut Scratch::default(), &mut out);
        out
    }

    #[test]
    fn a_phrase_is_counted_left_to_right_without_overlap() {
        assert_eq!(run("拜拜拜拜拜", &["拜拜"], Join::Single), [(0, 2), (2, 4)]);
        assert_eq!(run("再拜賓答再拜", &["再拜"], Join::Single), [(0, 2), (4, 6)]);
    }

    #[test]
    fn a_gap_stands_for_exactly_one_position() {
        assert_eq!(run("再拜再三拜再", &["再?拜"], Join::Single), [(2, 5)]);
        assert_eq!(run("再一拜", &["再?拜"], Join::Single), [(0, 3)]);
        assert_eq!(run("再拜", &["再?拜"], Join::Single), []);
    }

    #[test]
    fn ordered_counts_the_characters_between() {
        assert_eq!(run("主一二三賓", &["主", "賓"], Join::Ordered(3)), [(0, 5)]);
        assert_eq!(run("主一二三賓", &["主", "賓"], Join::Ordered(2)), []);
        assert_eq!(run("主賓", &["主", "賓"], Join::Ordered(0)), [(0, 2)]);
        // never the other way round, whatever the distance
        assert_eq!(run("賓主", &["主", "賓"], Join::Ordered(10)), []);
        // the tightest pair is highlighted
        assert_eq!(run("主一主賓", &["主", "賓"], Join::Ordered(5)), [(2, 4)]);
        // a budget over all gaps, as Lucene's slop
        assert_eq!(run("甲一乙丙", &["甲", "乙", "丙"], Join::Ordered(1)), [(0, 4)]);
        assert_eq!(run("甲一乙一丙", &["甲", "乙", "丙"], Join::Ordered(1)), []);
        assert_eq!(run("甲一乙一丙", &["甲", "乙", "丙"], Join::Ordered(2)), [(0, 5)]);
    }

    #[test]
    fn a_part_is_not_used_twice_and_parts_do_not_overlap() {
        // one 賓 cannot close two pairs
        assert_eq!(run("主主賓", &["主", "賓"], Join::Ordered(3)), [(1, 3)]);
        assert_eq!(run("主賓主賓", &["主", "賓"], Join::Ordered(3)), [(0, 2), (2, 4)]);
        // the same character twice needs two of them
        assert_eq!(run("拜", &["拜", "拜"], Join::Ordered(3)), []);
        assert_eq!(run("拜一拜", &["拜", "拜"], Join::Ordered(3)), [(0, 3)]);
        // 再拜 and 拜賓 overlap in 再拜賓
        assert_eq!(run("再拜賓", &["再拜", "拜賓"], Join::Near(3)), []);
        assert_eq!(run("再拜拜賓", &["再拜", "拜賓"], Join::Near(0)), [(0, 4)]);
    }

    #[test]
    fn near_takes_either_order() {
        assert_eq!(run("賓一主", &["主", "賓"], Join::Near(1)), [(0, 3)]);
        assert_eq!(run("主一賓", &["主", "賓"], Join::Near(1)), [(0, 3)]);
        assert_eq!(run("主一二賓", &["主", "賓"], Join::Near(1)), []);
        assert_eq!(run("賓主賓", &["主", "賓"], Join::Near(0)), [(0, 2)]);
        assert_eq!(run("賓主一賓主", &["主", "賓"], Join::Near(0)), [(0, 2), (3, 5)]);
    }
}

//! Aligning translation lines to the 經 passages they render.
//!
//! The translation shares little wording with the classic beyond names
//! (司射, 楅, 豐), so alignment leans on order and length, with shared
//! character pairs as a tie-breaker — the classic Gale–Church recipe for
//! sentence alignment, plus lexical evidence:
//!
//! * anchors (pairs known to say the same thing) cut the problem into blocks
//!   and are fixed: an anchor line is the first line of its passage's group;
//! * inside a block, each passage takes a run of zero or more consecutive
//!   lines, in order (dynamic programming over passages × lines);
//! * a run costs the squared deviation of its length from the length the
//!   block's ratio predicts, minus a bonus for each character pair the run
//!   shares with the passage (weighted by how rare the pair is in the block),
//!   and an empty run costs a fixed penalty.

use std::collections::{HashMap, HashSet};

use super::similarity::folded_chars;
use crate::model::Passage;

/// Most lines one passage may take.
const MAX_RUN: usize = 12;
/// Cost of a passage with no translation line.
const SKIP: f32 = 4.0;
/// Weight of shared character pairs.
const LEXICAL: f32 = 0.9;

/// A translation line assigned to an original passage.
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    /// Index into the original passages.
    pub original: usize,
    /// Index into the translation passages.
    pub line: usize,
    pub anchor: bool,
}

fn bigrams(chars: &[char]) -> HashSet<(char, char)> {
    chars.windows(2).map(|w| (w[0], w[1])).collect()
}

struct Block<'a> {
    originals: &'a [Vec<char>],
    lines: &'a [Vec<char>],
    orig_bigrams: Vec<HashSet<(char, char)>>,
    line_bigrams: Vec<HashSet<(char, char)>>,
    idf: HashMap<(char, char), f32>,
    ratio: f32,
}

impl<'a> Block<'a> {
    fn new(originals: &'a [Vec<char>], lines: &'a [Vec<char>]) -> Self {
        let orig_bigrams: Vec<_> = originals.iter().map(|c| bigrams(c)).collect();
        let line_bigrams: Vec<_> = lines.iter().map(|c| bigrams(c)).collect();
        let mut df: HashMap<(char, char), usize> = HashMap::new();
        for set in &orig_bigrams {
            for b in set {
                *df.entry(*b).or_default() += 1;
            }
        }
        let n = originals.len().max(1) as f32;
        let idf = df.into_iter().map(|(b, d)| (b, (1.0 + n / d as f32).ln())).collect();
        let la: usize = originals.iter().map(Vec::len).sum();
        let lb: usize = lines.iter().map(Vec::len).sum();
        let ratio = if la == 0 { 1.0 } else { lb as f32 / la as f32 };
        Block { originals, lines, orig_bigrams, line_bigrams, idf, ratio }
    }

    /// Cost of passage `i` taking `lb` characters of lines whose shared
    /// character pairs with it are `shared`.
    fn cost(&self, i: usize, lb: f32, shared: &HashSet<(char, char)>) -> f32 {
        let expected = self.ratio * self.originals[i].len() as f32;
        let delta = (lb - expected) / (expected + 1.0).sqrt();
        let bonus: f32 = shared.iter().map(|b| self.idf.get(b).copied().unwrap_or(0.0)).sum();
        delta * delta / 2.0 - LEXICAL * bonus
    }

    /// Best assignment of all lines to passages, the first line to the first
    /// passage. Returns, for each line, its passage index within the block.
    fn solve(&self) -> Vec<usize> {
        let (n, m) = (self.originals.len(), self.lines.len());
        if n == 0 || m == 0 {
            return Vec::new();
        }
        // dp[i][j]: best cost with passages 0..i holding lines 0..j.
        let inf = f32::INFINITY;
        let mut dp = vec![vec![inf; m + 1]; n + 1];
        let mut back = vec![vec![0usize; m + 1]; n + 1];
        dp[0][0] = 0.0;
        for i in 0..n {
            for j in 0..=m {
                if dp[i][j] == inf {
                    continue;
                }
                // the anchor passage must take the anchor line
                if i > 0 && dp[i][j] + SKIP < dp[i + 1][j] {
                    dp[i + 1][j] = dp[i][j] + SKIP;
                    back[i + 1][j] = j;
                }
                // grow the run one line at a time, updating length and shared
                // pairs incrementally
                let (mut lb, mut shared) = (0.0f32, HashSet::new());
                for g in 1..=MAX_RUN.min(m - j) {
                    let line = j + g - 1;
                    lb += self.lines[line].len() as f32;
                    shared.extend(
                        self.line_bigrams[line].intersection(&self.orig_bigrams[i]).copied(),
                    );
                    let total = dp[i][j] + self.cost(i, lb, &shared);
                    if total < dp[i + 1][j + g] {
                        dp[i + 1][j + g] = total;
                        back[i + 1][j + g] = j;
                    }
                }
            }
        }
        let mut owner = vec![0; m];
        let mut j = m;
        for i in (1..=n).rev() {
            let from = back[i][j];
            for o in owner.iter_mut().take(j).skip(from) {
                *o = i - 1;
            }
            j = from;
        }
        owner
    }
}

/// Aligns `lines` (translation passages) to `originals` (passages with 經),
/// pinned at `anchors` (pairs of indices: original, line), which must be in
/// increasing order in both. Lines before the first anchor go to the
/// passage just before the first anchor's passage (the translation may start
/// mid-passage).
pub fn align(
    originals: &[&Passage],
    lines: &[&Passage],
    anchors: &[(usize, usize)],
) -> Vec<Assignment> {
    let o_chars: Vec<Vec<char>> = originals.iter().map(|p| folded_chars(&p.jing_text())).collect();
    let l_chars: Vec<Vec<char>> = lines
        .iter()
        .map(|p| p.segments.iter().flat_map(|s| folded_chars(&s.text)).collect())
        .collect();
    let mut out = Vec::new();
    let Some(&(first_o, first_l)) = anchors.first() else { return out };
    if first_o > 0 {
        for line in 0..first_l {
            out.push(Assignment { original: first_o - 1, line, anchor: false });
        }
    }
    for (k, &(o_start, l_start)) in anchors.iter().enumerate() {
        let (o_end, l_end) = anchors.get(k + 1).copied().unwrap_or((originals.len(), lines.len()));
        if o_end <= o_start || l_end <= l_start {
            continue;
        }
        let block = Block::new(&o_chars[o_start..o_end], &l_chars[l_start..l_end]);
        for (offset, owner) in block.solve().into_iter().enumerate() {
            out.push(Assignment {
                original: o_start + owner,
                line: l_start + offset,
                anchor: offset == 0,
            });
        }
    }
    out
}

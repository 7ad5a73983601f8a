//! How alike two passages are, after folding.

use crate::fold::{FoldMode, fold};

/// Length of the longest common subsequence of `a` and `b`.
pub fn lcs_len(a: &[char], b: &[char]) -> usize {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    let mut prev = vec![0usize; b.len() + 1];
    let mut cur = vec![0usize; b.len() + 1];
    for &x in a {
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// `2·LCS / (|a| + |b|)`: 1.0 for identical texts, tolerant of a typo, a
/// dropped character or a swapped 觚/觶.
pub fn ratio(a: &[char], b: &[char]) -> f32 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    2.0 * lcs_len(a, b) as f32 / (a.len() + b.len()) as f32
}

/// The folded characters of a text (punctuation dropped, scripts met).
pub fn folded_chars(text: &str) -> Vec<char> {
    fold(text, FoldMode::Folded).chars().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_differing_by_a_typo_are_close() {
        let a = folded_chars("興,加于俎,坐捝手,執爵,遂祭酒,興,席未坐啐酒");
        let b = folded_chars("兴加于俎坐捝手执爵遂祭酒兴席末坐啐酒");
        assert!(ratio(&a, &b) > 0.9);
        assert_eq!(ratio(&a, &a), 1.0);
        assert!(ratio(&folded_chars("賓降"), &folded_chars("主人答拜")) < 0.3);
    }
}

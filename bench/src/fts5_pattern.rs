//! The peer for proximity and `?` queries: FTS5's nearest equivalents, made
//! to give the same answer as Sheli.
//!
//! FTS5 has no operator that means "A then B with at most N characters
//! between" or "exactly one character here", and no way to count such
//! occurrences in SQL, so each query is two steps:
//!
//! 1. **Candidates from the index.** With the trigram tokenizer: parts of 3+
//!    characters go to `MATCH` — `NEAR("A" "B", N + 2)` when every part is
//!    that long (trigram tokens stand at every character, so N characters
//!    between two phrases are N + 2 tokens between the end of the first
//!    phrase's last trigram and the second's first), else `"A"` ANDed;
//!    shorter parts become `LIKE` patterns (`%A%B%` for an ordered pair,
//!    `%A%` and `%B%` for either order), and a `?` term is one `LIKE` with
//!    `_` for the `?` (`再?拜` → `%再_拜%`), which FTS5 answers from the
//!    trigram index when the pattern holds 3 characters in a row and by a
//!    scan otherwise.
//! 2. **Exact occurrences in Rust.** The folded text of every candidate row
//!    is read and the matches found by brute force, then counted by Sheli's
//!    rule (of the matches beginning after the previous occurrence, the one
//!    ending first, the shortest of those) — the work Sheli does from
//!    positions. Rows with no occurrence are dropped.
//!
//! Ranking is bm25 where there was a `MATCH`, else most occurrences; the
//! best rows get snippets from the original text with `kwic::snippet`, as
//! for the other classes.

use anyhow::Result;
use rusqlite::{Connection, params_from_iter};
use sheli_corpus::FoldMode;
use sheli_corpus::fold::{fold, fold_mapped};
use sheli_index::kwic;

use crate::engine::LIMIT;
use crate::fts5::Answer;

/// A proximity or `?` query, folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// `"A B"~N`: A then B, at most N characters between.
    Ordered(Vec<char>, Vec<char>, usize),
    /// `A NEAR/N B`: either order.
    Near(Vec<char>, Vec<char>, usize),
    /// One term, `None` for each `?`.
    Wild(Vec<Option<char>>),
}

fn folded(s: &str) -> Vec<char> {
    fold(s, FoldMode::Folded).chars().collect()
}

/// Reads the forms the benchmark's queries use; `None` for anything else.
pub fn parse(query: &str) -> Option<Pattern> {
    let q = query.trim();
    if let Some(rest) = q.strip_prefix('"')
        && let Some((inside, n)) = rest.split_once("\"~")
    {
        let mut parts = inside.split_whitespace();
        let (a, b) = (parts.next()?, parts.next()?);
        return Some(Pattern::Ordered(folded(a), folded(b), n.trim().parse().ok()?));
    }
    if let Some((a, rest)) = q.split_once(" NEAR/") {
        let (n, b) = rest.split_once(' ')?;
        return Some(Pattern::Near(folded(a), folded(b), n.parse().ok()?));
    }
    if q.contains('?') && !q.contains(char::is_whitespace) {
        let mut out = Vec::new();
        for (i, piece) in q.trim_matches('"').split('?').enumerate() {
            if i > 0 {
                out.push(None);
            }
            out.extend(folded(piece).into_iter().map(Some));
        }
        return Some(Pattern::Wild(out));
    }
    None
}

/// How FTS5 is asked for the candidates.
pub fn plan_name(p: &Pattern) -> &'static str {
    let long = |v: &[char]| v.len() >= 3;
    match p {
        Pattern::Wild(w) => {
            let run = w.split(|c| c.is_none()).map(<[_]>::len).max().unwrap_or(0);
            if run >= 3 {
                "LIKE '%A_B%' from the trigram index, occurrences counted in Rust"
            } else {
                "LIKE '%A_B%' by a full scan (no 3 characters in a row), occurrences counted in Rust"
            }
        }
        Pattern::Ordered(a, b, _) | Pattern::Near(a, b, _) if long(a) && long(b) => {
            "MATCH NEAR(\"A\" \"B\", N+2), occurrences counted in Rust"
        }
        Pattern::Ordered(a, b, _) | Pattern::Near(a, b, _) if long(a) || long(b) => {
            "MATCH on the 3+ character part, LIKE on the other, occurrences counted in Rust"
        }
        Pattern::Ordered(..) => "LIKE '%A%B%' by a full scan, occurrences counted in Rust",
        Pattern::Near(..) => {
            "LIKE '%A%' AND LIKE '%B%' by a full scan, occurrences counted in Rust"
        }
    }
}

fn quoted(v: &[char]) -> String {
    let s: String = v.iter().collect();
    format!("\"{}\"", s.replace('"', "\"\""))
}

fn like(parts: &[&[char]]) -> String {
    let mut s = String::from("%");
    for p in parts {
        s.extend(p.iter());
        s.push('%');
    }
    s
}

/// The `WHERE` clause, its arguments, and whether bm25 applies.
fn candidates(p: &Pattern) -> (String, Vec<String>, bool) {
    let long = |v: &[char]| v.len() >= 3;
    match p {
        Pattern::Wild(w) => {
            let pat: String = w.iter().map(|c| c.unwrap_or('_')).collect();
            ("folded LIKE ?1".into(), vec![format!("%{pat}%")], false)
        }
        Pattern::Ordered(a, b, n) | Pattern::Near(a, b, n) if long(a) && long(b) => {
            let expr = format!("NEAR({} {}, {})", quoted(a), quoted(b), n + 2);
            ("seg MATCH ?1".into(), vec![expr], true)
        }
        Pattern::Ordered(a, b, _) | Pattern::Near(a, b, _) if long(a) || long(b) => {
            let (l, s) = if long(a) { (a, b) } else { (b, a) };
            let args = vec![quoted(l), like(&[s])];
            ("seg MATCH ?1 AND folded LIKE ?2".into(), args, true)
        }
        Pattern::Ordered(a, b, _) => ("folded LIKE ?1".into(), vec![like(&[a, b])], false),
        Pattern::Near(a, b, _) => {
            ("folded LIKE ?1 AND folded LIKE ?2".into(), vec![like(&[a]), like(&[b])], false)
        }
    }
}

fn at(hay: &[char], i: usize, part: &[Option<char>]) -> bool {
    i + part.len() <= hay.len()
        && part.iter().enumerate().all(|(k, c)| c.is_none_or(|c| hay[i + k] == c))
}

fn starts(hay: &[char], part: &[char]) -> Vec<usize> {
    let part: Vec<Option<char>> = part.iter().copied().map(Some).collect();
    (0..hay.len()).filter(|&i| at(hay, i, &part)).collect()
}

/// The occurrences of `p` in `hay`, as `[start, end)`, by Sheli's rule.
pub fn occurrences(hay: &[char], p: &Pattern) -> Vec<(usize, usize)> {
    let mut all = Vec::new();
    match p {
        Pattern::Wild(w) => {
            all.extend((0..hay.len()).filter(|&i| at(hay, i, w)).map(|i| (i, i + w.len())));
        }
        Pattern::Ordered(a, b, n) | Pattern::Near(a, b, n) => {
            let either = matches!(p, Pattern::Near(..));
            let sb = starts(hay, b);
            for i in starts(hay, a) {
                for &j in &sb {
                    if j >= i + a.len() && j - (i + a.len()) <= *n {
                        all.push((i, j + b.len()));
                    }
                    if either && i >= j + b.len() && i - (j + b.len()) <= *n {
                        all.push((j, i + a.len()));
                    }
                }
            }
        }
    }
    all.sort_by(|x, y| x.1.cmp(&y.1).then(y.0.cmp(&x.0)));
    let mut out = Vec::new();
    let mut free = 0;
    for (s, e) in all {
        if s >= free {
            out.push((s, e));
            free = e;
        }
    }
    out
}

/// Answers `p` as [`crate::fts5::Fts5::search`] answers a word query.
pub fn search(conn: &Connection, p: &Pattern) -> Result<Answer> {
    let (cond, args, ranked) = candidates(p);
    let score = if ranked { "bm25(seg)" } else { "0.0" };
    let sql = format!("SELECT rowid, src, {score}, folded FROM seg WHERE {cond}");
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params_from_iter(args.iter()))?;
    let mut answer = Answer::default();
    let mut top: Vec<(f64, i64, u64)> = Vec::with_capacity(LIMIT + 1);
    while let Some(row) = rows.next()? {
        let rowid: i64 = row.get(0)?;
        let src: i64 = row.get(1)?;
        let bm25: f64 = row.get(2)?;
        let text: String = row.get(3)?;
        let chars: Vec<char> = text.chars().collect();
        let occ = occurrences(&chars, p).len() as u64;
        if occ == 0 {
            continue;
        }
        answer.total_segments += 1;
        answer.total_occurrences += occ;
        if let Some(s) = answer.by_source.get_mut(src as usize) {
            s.0 += 1;
            s.1 += occ;
        }
        let key = if ranked { bm25 } else { -(occ as f64) };
        if top.len() < LIMIT || key < top[top.len() - 1].0 {
            let at = top.partition_point(|(k, r, _)| (*k, *r) <= (key, rowid));
            top.insert(at, (key, rowid, occ));
            top.truncate(LIMIT);
        }
    }
    drop(rows);
    let mut text_of = conn.prepare_cached("SELECT text FROM seg WHERE rowid = ?1")?;
    for (_, rowid, occ) in top {
        let text: String = text_of.query_row([rowid], |r| r.get(0))?;
        let f = fold_mapped(&text, FoldMode::Folded);
        let ranges: Vec<std::ops::Range<usize>> = occurrences(&f.chars, p)
            .into_iter()
            .map(|(s, e)| f.origin[s] as usize..f.origin[e - 1] as usize + 1)
            .collect();
        let snip = kwic::snippet(&text, &ranges);
        answer.hits.push((rowid, occ, snip.text));
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_forms_are_read() {
        let c = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(parse("\"明月 清風\"~4"), Some(Pattern::Ordered(c("明月"), c("清风"), 4)));
        assert_eq!(parse("明月 NEAR/5 故鄉"), Some(Pattern::Near(c("明月"), c("故乡"), 5)));
        assert_eq!(parse("再?拜"), Some(Pattern::Wild(vec![Some('再'), None, Some('拜')])));
        assert_eq!(parse("明月"), None);
    }

    #[test]
    fn occurrences_follow_the_counting_rule() {
        let hay: Vec<char> = "明月照清风明月".chars().collect();
        let near = Pattern::Near(vec!['明', '月'], vec!['清', '风'], 1);
        // 明月照清风 then 风明月 overlaps it: one occurrence
        assert_eq!(occurrences(&hay, &near), vec![(0, 5)]);
        let wild = Pattern::Wild(vec![Some('明'), None, Some('照')]);
        assert_eq!(occurrences(&hay, &wild), vec![(0, 3)]);
    }
}

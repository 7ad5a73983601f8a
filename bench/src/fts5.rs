//! The peer: SQLite FTS5 with the trigram tokenizer (rusqlite, bundled
//! SQLite), made to answer the same question as Sheli's search, equally
//! correctly:
//!
//! - **Fold.** Each row stores the original text (unindexed, for snippets)
//!   and its fold by `sheli_corpus::fold::fold` (scripts and variants met,
//!   punctuation and line breaks dropped — so a phrase matches across 。 as
//!   it does in Sheli). Only the folded column is indexed; queries are folded
//!   with the same function.
//! - **Plan.** Terms of 3 or more characters go to `MATCH` (trigram phrases);
//!   the trigram index cannot answer 1–2 characters, so those terms become
//!   `folded LIKE '%x%'` (or `instr(folded, ?) > 0`, the other possible
//!   fallback, timed for comparison) conditions: on the rows the MATCH found
//!   when the query has a long term, otherwise on every row (a full scan).
//! - **Counts.** Non-overlapping occurrences per row, scanning left to right
//!   (the corpus contract), by `replace()`: (bytes − bytes after removing the
//!   term) / term bytes, summed over the terms; totals and per-source
//!   breakdown over all matching rows.
//! - **Ranking and snippets.** The best [`LIMIT`] rows (bm25 when there is a
//!   MATCH, else most occurrences), then for those rows only the original text
//!   is read and highlighted with `sheli_corpus::fold::find_in` and cut with
//!   `sheli_index::kwic::snippet` — the same snippet work Sheli does.
//! - **Proximity and `?`** (`"A B"~N`, `A NEAR/N B`, `再?拜`): FTS5's
//!   nearest equivalents, `NEAR` and `LIKE` patterns, with the occurrences
//!   counted in Rust — see `fts5_pattern.rs`.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use rusqlite::{Connection, params_from_iter};
use sheli_corpus::FoldMode;
use sheli_corpus::fold::{find_in, fold};
use sheli_index::kwic;

use crate::engine::LIMIT;
use crate::poetry::Poem;

/// How terms the trigram index cannot answer are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fallback {
    Instr,
    Like,
}

/// How a query was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Every term has 3+ characters: the trigram index alone.
    Match,
    /// MATCH on the long terms, then a scan of those rows for the short ones.
    MatchThenFilter,
    /// No term is long enough: every row is scanned.
    FullScan,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    pub total_segments: u64,
    pub total_occurrences: u64,
    /// (segments, occurrences) by source ordinal.
    pub by_source: [(u64, u64); 3],
    /// (rowid, occurrences, snippet) of the best rows.
    pub hits: Vec<(i64, u64, String)>,
}

#[derive(Debug, Clone, Copy)]
pub struct BuildTimes {
    /// Folding and inserting every row, in one transaction, committed.
    pub insert_s: f64,
    /// `INSERT INTO seg(seg) VALUES('optimize')` afterwards. The queries run
    /// on the optimised index, so the benchmark counts it in the build time
    /// (and reports the inserts alone too).
    pub optimize_s: f64,
}

/// Creates the database at `path` (replacing it) and fills it. Neither
/// journal nor sync: like Sheli's index (written without `fsync`), the
/// build is not durable, and neither side pays for durability.
pub fn build(path: &Path, poems: &[Poem]) -> Result<BuildTimes> {
    let _ = std::fs::remove_file(path);
    let t0 = Instant::now();
    let mut conn = Connection::open(path)?;
    conn.execute_batch(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
         CREATE VIRTUAL TABLE seg USING fts5(text UNINDEXED, src UNINDEXED, folded, tokenize = 'trigram');",
    )?;
    let tx = conn.transaction()?;
    {
        let mut insert =
            tx.prepare("INSERT INTO seg(rowid, text, src, folded) VALUES (?1, ?2, ?3, ?4)")?;
        for (i, p) in poems.iter().enumerate() {
            let folded = fold(&p.text, FoldMode::Folded);
            insert.execute(rusqlite::params![i as i64 + 1, p.text, p.source as i64, folded])?;
        }
    }
    tx.commit()?;
    let insert_s = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    conn.execute("INSERT INTO seg(seg) VALUES('optimize')", [])?;
    let optimize_s = t1.elapsed().as_secs_f64();
    Ok(BuildTimes { insert_s, optimize_s })
}

pub struct Fts5 {
    conn: Connection,
}

/// The folded terms of a query: whitespace separates ANDed terms.
pub fn terms(query: &str) -> Vec<String> {
    query.split_whitespace().map(|t| fold(t, FoldMode::Folded)).filter(|t| !t.is_empty()).collect()
}

/// The terms as typed (for highlighting in the original text).
fn typed_terms(query: &str) -> Vec<&str> {
    query.split_whitespace().filter(|t| !fold(t, FoldMode::Folded).is_empty()).collect()
}

pub fn plan(terms: &[String]) -> Plan {
    let long = terms.iter().filter(|t| t.chars().count() >= 3).count();
    if long == terms.len() {
        Plan::Match
    } else if long > 0 {
        Plan::MatchThenFilter
    } else {
        Plan::FullScan
    }
}

impl Fts5 {
    pub fn open(path: &Path) -> Result<Fts5> {
        let conn = Connection::open(path)?;
        conn.execute_batch("PRAGMA cache_size = -262144;")?; // 256 MiB page cache, as warm as it gets
        Ok(Fts5 { conn })
    }

    pub fn sqlite_version() -> &'static str {
        rusqlite::version()
    }

    pub fn search(&self, query: &str, fallback: Fallback) -> Result<Answer> {
        // Proximity and `?`: no fallback to choose (see fts5_pattern.rs).
        if let Some(p) = crate::fts5_pattern::parse(query) {
            return crate::fts5_pattern::search(&self.conn, &p);
        }
        let terms = terms(query);
        if terms.is_empty() {
            return Ok(Answer::default());
        }
        let plan = plan(&terms);
        let (long, short): (Vec<&String>, Vec<&String>) =
            terms.iter().partition(|t| t.chars().count() >= 3);
        let mut args: Vec<String> = Vec::new();
        // occurrences of every term
        let mut count = Vec::new();
        for t in &terms {
            args.push((*t).clone());
            let n = args.len();
            count.push(format!("((octet_length(folded) - octet_length(replace(folded, ?{n}, ''))) / octet_length(?{n}))"));
        }
        let mut conds = Vec::new();
        if !long.is_empty() {
            let expr: Vec<String> =
                long.iter().map(|t| format!("\"{}\"", t.replace('"', "\"\""))).collect();
            args.push(expr.join(" AND "));
            conds.push(format!("seg MATCH ?{}", args.len()));
        }
        for t in &short {
            match fallback {
                Fallback::Instr => {
                    let n = terms.iter().position(|x| x == *t).expect("a term") + 1;
                    conds.push(format!("instr(folded, ?{n}) > 0"));
                }
                Fallback::Like => {
                    args.push(format!("%{t}%"));
                    conds.push(format!("folded LIKE ?{}", args.len()));
                }
            }
        }
        let score = if plan == Plan::FullScan { "0.0" } else { "bm25(seg)" };
        let sql = format!(
            "SELECT rowid, src, {score}, {} FROM seg WHERE {}",
            count.join(" + "),
            conds.join(" AND ")
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(params_from_iter(args.iter()))?;
        let mut answer = Answer::default();
        // best rows: (key, rowid, occurrences); key smaller is better
        let mut top: Vec<(f64, i64, u64)> = Vec::with_capacity(LIMIT + 1);
        while let Some(row) = rows.next()? {
            let rowid: i64 = row.get(0)?;
            let src: i64 = row.get(1)?;
            let bm25: f64 = row.get(2)?;
            let occ: i64 = row.get(3)?;
            let occ = occ as u64;
            answer.total_segments += 1;
            answer.total_occurrences += occ;
            if let Some(s) = answer.by_source.get_mut(src as usize) {
                s.0 += 1;
                s.1 += occ;
            }
            let key = if plan == Plan::FullScan { -(occ as f64) } else { bm25 };
            if top.len() < LIMIT || key < top[top.len() - 1].0 {
                let at = top.partition_point(|(k, r, _)| (*k, *r) <= (key, rowid));
                top.insert(at, (key, rowid, occ));
                top.truncate(LIMIT);
            }
        }
        drop(rows);
        let mut text_of = self.conn.prepare_cached("SELECT text FROM seg WHERE rowid = ?1")?;
        for (_, rowid, occ) in top {
            let text: String = text_of.query_row([rowid], |r| r.get(0))?;
            let mut ranges: Vec<std::ops::Range<usize>> = typed_terms(query)
                .into_iter()
                .flat_map(|t| find_in(&text, t, FoldMode::Folded))
                .collect();
            ranges.sort_by_key(|r| (r.start, r.end));
            let snip = kwic::snippet(&text, &ranges);
            answer.hits.push((rowid, occ, snip.text));
        }
        Ok(answer)
    }
}

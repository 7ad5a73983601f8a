//! `sheli-bench chars`: what the character dictionary costs (issue 9), on
//! the real `sheli` binary (release build), beside a peer measured in the
//! same run:
//!
//! - `sheli char 觶 --json` per process (open the library and index, look up
//!   the tables, count occurrences, list cards), against `sheli search 觶
//!   --json --limit 5` per process, which opens the same library and index
//!   and answers the same occurrence count: the difference is the
//!   dictionary's own work;
//! - `sheli --help` per process: the floor of any command of this binary,
//!   which links the window's libraries (GTK, WebKitGTK: 169 shared objects
//!   bound at load, ~60 ms before `main` on the machine measured);
//! - the peak resident memory of both (`wait4`): the difference is what the
//!   tables and the entry add to a process;
//! - the bytes the tables embed in the binary (`include_str!` of
//!   `chars/data/*.tsv`, stored as they are) and the binary's size.
//!
//! The pop-over's paint time in the real window is measured by the app's
//! WebDriver bench (`e2e/bench/popover.bench.js`, run by
//! `scripts/bench-app.sh`). The targets are printed beside the figures;
//! nothing here asserts them.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use crate::library::{ChildCost, measure};

pub(crate) fn sheli(app: &Path, data: &Path) -> Command {
    let mut c = Command::new(app);
    c.env("SHELI_DATA_DIR", data).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    c
}

/// The median wall time and the largest peak of `runs` runs of `args`.
pub(crate) fn costs(app: &Path, data: &Path, args: &[&str], runs: usize) -> Result<ChildCost> {
    let mut walls = Vec::with_capacity(runs);
    let mut peak: f64 = 0.0;
    for _ in 0..runs {
        let c = measure(sheli(app, data).args(args))?;
        walls.push(c.wall_ms);
        peak = peak.max(c.peak_mb);
    }
    walls.sort_by(f64::total_cmp);
    Ok(ChildCost { wall_ms: walls[walls.len() / 2], peak_mb: peak })
}

pub fn run(app: &Path, tables: &Path, runs: usize) -> Result<Value> {
    let work = tempfile_dir()?;
    let data = work.join("data");
    // The index is built once beforehand: both sides then only open it.
    measure(sheli(app, &data).args(["search", "射", "--limit", "1"]))?;
    let char_cost = costs(app, &data, &["char", "觶", "--json"], runs)?;
    let search_cost = costs(app, &data, &["search", "觶", "--json", "--limit", "5"], runs)?;
    let floor = costs(app, &data, &["--help"], runs)?;
    let _ = std::fs::remove_dir_all(&work);
    let mut table_bytes = 0u64;
    for entry in std::fs::read_dir(tables)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "tsv") {
            table_bytes += std::fs::metadata(&path)?.len();
        }
    }
    let binary_bytes = std::fs::metadata(app)?.len();
    Ok(json!({
        "runs": runs,
        "char_ms": char_cost.wall_ms,
        "char_peak_mb": char_cost.peak_mb,
        "search_ms": search_cost.wall_ms,
        "search_peak_mb": search_cost.peak_mb,
        "help_ms": floor.wall_ms,
        "table_mb": table_bytes as f64 / 1e6,
        "binary_mb": binary_bytes as f64 / 1e6,
    }))
}

fn tempfile_dir() -> Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("sheli-bench-chars-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

pub fn markdown(v: &Value) -> String {
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    format!(
        "## The character dictionary (`sheli-bench chars`)\n\n\
         Release build, the built-in texts, the index built beforehand; median of {runs} \
         processes each, peak resident memory from `wait4`.\n\n\
         | figure | measured | peer in the same run | target (issue 9) |\n|---|---|---|---|\n\
         | `sheli char 觶 --json` per process | {c:.0} ms | `sheli search 觶 --json`: {s:.0} ms ({ratio:.2}×) | ≤ 50 ms |\n\
         | the same, above the floor of any command (`sheli --help`: {h:.0} ms) | {ca:.0} ms | search: {sa:.0} ms | |\n\
         | peak memory of that process | {cm:.0} MB | search: {sm:.0} MB (+{dm:.1} MB) | ≤ 20 MB added |\n\
         | tables embedded in the binary | {t:.1} MB | the whole binary: {b:.1} MB | ≤ 15 MB added |\n",
        runs = v["runs"],
        c = f("char_ms"),
        s = f("search_ms"),
        ratio = f("char_ms") / f("search_ms"),
        h = f("help_ms"),
        ca = f("char_ms") - f("help_ms"),
        sa = f("search_ms") - f("help_ms"),
        cm = f("char_peak_mb"),
        sm = f("search_peak_mb"),
        dm = f("char_peak_mb") - f("search_peak_mb"),
        t = f("table_mb"),
        b = f("binary_mb"),
    )
}

/// The pop-over's samples (`{ samples: [{char, entry, painted}] }`, ms from
/// the click) summarised: count, median and p95 of both.
pub fn popover_figures(raw: &Value) -> Result<Value> {
    let samples = raw["samples"].as_array().context("no samples")?;
    let mut painted: Vec<f64> = samples.iter().filter_map(|s| s["painted"].as_f64()).collect();
    let mut entry: Vec<f64> = samples.iter().filter_map(|s| s["entry"].as_f64()).collect();
    anyhow::ensure!(!painted.is_empty(), "no pop-over was measured");
    painted.sort_by(f64::total_cmp);
    entry.sort_by(f64::total_cmp);
    let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    Ok(json!({
        "passage": raw["passage"],
        "clicks": painted.len(),
        "entry_p50_ms": at(&entry, 0.5),
        "painted_p50_ms": at(&painted, 0.5),
        "painted_p95_ms": at(&painted, 0.95),
        "painted_max_ms": at(&painted, 1.0),
    }))
}

pub fn popover_markdown(v: &Value) -> String {
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    format!(
        "## A character's pop-over in the window (`e2e/bench/popover.bench.js`)\n\n\
         Release build under Xvfb, real mouse clicks through WebDriver on {n} different characters \
         of the 疏 of {p} (each new to the page); the pop-over measures from the click's timestamp \
         to the frame painted with its entry.\n\n\
         | figure | measured | target (issue 9) |\n|---|---|---|\n\
         | click → entry arrived, median | {e:.1} ms | |\n\
         | click → pop-over painted, median | {p50:.1} ms | ≤ 50 ms |\n\
         | click → pop-over painted, p95 / max | {p95:.1} / {max:.1} ms | |\n",
        n = v["clicks"],
        p = v["passage"].as_str().unwrap_or("?"),
        e = f("entry_p50_ms"),
        p50 = f("painted_p50_ms"),
        p95 = f("painted_p95_ms"),
        max = f("painted_max_ms"),
    )
}

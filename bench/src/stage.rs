//! `sheli-bench stage`: what `sheli stage` costs per process (issue 16), on
//! the real `sheli` binary (release build), beside peers measured in the same
//! run:
//!
//! - `sheli stage xiangshe.zhushu.0200 --json`: loads the compiled-in stage
//!   data and walks 200 steps; it parses no text;
//! - `sheli stage xiangshe.tongjie.0020 --json`: a passage of the other
//!   edition, which parses the built-in texts and aligns them to find its step;
//! - `sheli show xiangshe.zhushu.0200 --json`: the peer, which opens the
//!   library and parses the texts to show one passage;
//! - `sheli --help`: the floor of any command of this binary (it links the
//!   window's libraries; see chars.rs).
//!
//! The target is printed beside the figures; nothing here asserts it.

use std::path::Path;

use anyhow::Result;
use serde_json::{Value, json};

use crate::chars::costs;

pub fn run(app: &Path, runs: usize) -> Result<Value> {
    let data = std::env::temp_dir().join(format!("sheli-bench-stage-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let stage = costs(app, &data, &["stage", "xiangshe.zhushu.0200", "--json"], runs)?;
    let aligned = costs(app, &data, &["stage", "xiangshe.tongjie.0020", "--json"], runs)?;
    let show = costs(app, &data, &["show", "xiangshe.zhushu.0200", "--json"], runs)?;
    let floor = costs(app, &data, &["--help"], runs)?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(json!({
        "runs": runs,
        "stage_ms": stage.wall_ms,
        "stage_peak_mb": stage.peak_mb,
        "aligned_ms": aligned.wall_ms,
        "show_ms": show.wall_ms,
        "help_ms": floor.wall_ms,
    }))
}

pub fn markdown(v: &Value) -> String {
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    format!(
        "## Who stands where (`sheli-bench stage`)\n\n\
         Release build, the built-in texts; median of {runs} processes each.\n\n\
         | figure | measured | peer in the same run | target (issue 16) |\n|---|---|---|---|\n\
         | `sheli stage xiangshe.zhushu.0200 --json` per process | {s:.0} ms | `sheli show` of the same passage: {sh:.0} ms ({ratio:.2}×) | ≤ 50 ms |\n\
         | the same, above the floor of any command (`sheli --help`: {h:.0} ms) | {sa:.0} ms | show: {sha:.0} ms | |\n\
         | a passage of the other edition (`xiangshe.tongjie.0020`: texts parsed and aligned) | {a:.0} ms | | |\n\
         | peak memory of `sheli stage` | {m:.0} MB | | |\n",
        runs = v["runs"],
        s = f("stage_ms"),
        sh = f("show_ms"),
        ratio = f("stage_ms") / f("show_ms"),
        h = f("help_ms"),
        sa = f("stage_ms") - f("help_ms"),
        sha = f("show_ms") - f("help_ms"),
        a = f("aligned_ms"),
        m = f("stage_peak_mb"),
    )
}

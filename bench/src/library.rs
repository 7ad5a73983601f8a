//! `sheli-bench library`: what a large imported library costs, measured on the
//! real `sheli` binary (release build) in child processes, beside the same
//! figures with the built-in texts alone.
//!
//! The library is the scale corpus (`poetry.rs`) written as plain text, one
//! poem a paragraph, imported with `sheli import` into a fresh data folder.
//! For each child the wall time and the peak resident memory (`ru_maxrss`
//! from `wait4`, the child's own) are recorded:
//!
//! - `sheli search` per process (the median of several runs; the index is
//!   built beforehand, so this is opening the library and answering);
//! - `sheli import` of the whole text (reading, checking, writing, and the
//!   index rebuild that follows);
//! - the app's start-up, launch → window interactive, as the app-feel bench
//!   measures it (see [`app_costs`]; needs a display: `scripts/bench.sh`
//!   runs this under Xvfb), with its processes' CPU time and the main
//!   process's RSS.
//!
//! The targets (issue 10) are printed beside the figures; nothing here
//! asserts them.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use crate::poetry;

/// One child process measured.
#[derive(Debug, Clone, Copy)]
pub struct ChildCost {
    pub wall_ms: f64,
    pub peak_mb: f64,
}

/// Runs `cmd` to its end and reports its wall time and peak RSS. Fails if it
/// does not succeed (its stderr is shown).
pub fn measure(cmd: &mut Command) -> Result<ChildCost> {
    measure_with_cpu(cmd).map(|(c, _)| c)
}

/// [`measure`], and the child's CPU time (user + system, its threads
/// included) in milliseconds: on a machine shared with other work the wall
/// time says as much about the others as about Sheli, the CPU time does not.
pub fn measure_with_cpu(cmd: &mut Command) -> Result<(ChildCost, f64)> {
    let start = Instant::now();
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting the child")?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; both pointers are
    // to live locals of the right types.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall_ms = start.elapsed().as_secs_f64() * 1000.0;
    if r != pid {
        bail!("wait4 failed: {}", std::io::Error::last_os_error());
    }
    let exit = std::process::ExitStatus::from_raw(status);
    if !exit.success() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        bail!("the child failed ({exit}): {}", err.trim());
    }
    // ru_maxrss is in kilobytes on Linux.
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    let cpu_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
    Ok((ChildCost { wall_ms, peak_mb: usage.ru_maxrss as f64 / 1024.0 }, cpu_ms))
}

/// Writes `target` CJK characters of poetry as plain text (one poem a
/// paragraph) into `dir`, in files of at most `per_file` characters,
/// repeating the corpus if it holds fewer. Returns the characters written.
pub fn write_library_texts(
    dist: &Path,
    target: usize,
    per_file: usize,
    dir: &Path,
) -> Result<usize> {
    let poems = poetry::sample(dist, target)?;
    if poems.is_empty() {
        bail!("the scale corpus is empty");
    }
    std::fs::create_dir_all(dir)?;
    let (mut chars, mut in_file, mut n) = (0, 0, 0);
    let mut w: Option<std::io::BufWriter<std::fs::File>> = None;
    'outer: loop {
        for p in &poems {
            if w.is_none() || in_file >= per_file {
                if let Some(mut old) = w.take() {
                    old.flush()?;
                }
                n += 1;
                w = Some(std::io::BufWriter::new(std::fs::File::create(
                    dir.join(format!("part-{n:03}.txt")),
                )?));
                in_file = 0;
            }
            let text = p.text.replace("\n\n", "\n");
            let out = w.as_mut().expect("opened above");
            out.write_all(text.trim().as_bytes())?;
            out.write_all(b"\n\n")?;
            let c = poetry::cjk_chars(&text);
            chars += c;
            in_file += c;
            if chars >= target {
                break 'outer;
            }
        }
    }
    if let Some(mut last) = w {
        last.flush()?;
    }
    Ok(chars)
}

fn sheli(app: &Path, data: &Path) -> Command {
    let mut c = Command::new(app);
    c.env("SHELI_DATA_DIR", data).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    c
}

/// `sheli search` on `data`, `runs` times after one warm-up that builds the
/// index: the median wall time, the largest peak RSS, the median CPU time.
fn search_costs(app: &Path, data: &Path, runs: usize) -> Result<(ChildCost, f64)> {
    measure(sheli(app, data).args(["search", "射", "--limit", "1"]))?;
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    let mut peak: f64 = 0.0;
    for _ in 0..runs {
        let (c, cpu) =
            measure_with_cpu(sheli(app, data).args(["search", "觶", "--json", "--limit", "20"]))?;
        walls.push(c.wall_ms);
        cpus.push(cpu);
        peak = peak.max(c.peak_mb);
    }
    walls.sort_by(f64::total_cmp);
    cpus.sort_by(f64::total_cmp);
    Ok((ChildCost { wall_ms: walls[walls.len() / 2], peak_mb: peak }, cpus[cpus.len() / 2]))
}

/// The web engine's settings `scripts/bench-app.sh` runs the app with (and
/// `make test`'s end-to-end runs): under Xvfb, without them, WebKit starts a
/// GL compositor in software and the window's start-up measured here was
/// not the one the app-feel bench reports.
const WEBKIT_ENV: [(&str, &str); 4] = [
    ("WEBKIT_DISABLE_COMPOSITING_MODE", "1"),
    ("WEBKIT_DISABLE_DMABUF_RENDERER", "1"),
    ("LIBGL_ALWAYS_SOFTWARE", "1"),
    ("NO_AT_BRIDGE", "1"),
];

/// One launch of the app until its window says it is interactive.
#[derive(Debug, Clone, Copy)]
struct Launch {
    /// From spawn to the UI's `sheli-interactive` line.
    wall_ms: f64,
    /// From the page's start to the same moment (the UI's own clock): the
    /// rest of `wall_ms` is the process, GTK and the web engine starting.
    page_ms: f64,
    /// CPU time (user + system) of the app and its web engine's processes
    /// at that moment.
    cpu_ms: f64,
    /// The main process's VmRSS once the start-up's background work settled.
    rss_mb: f64,
}

/// The app's start-up: one launch first, not counted (the web engine's
/// caches in the data folder are made, the binary's pages read: what a
/// user's first launch after installing pays once), then `runs` launches;
/// the median of each figure. This is what the app-feel bench's
/// `window_interactive_ms` measures (`src-tauri/examples/app_feel.rs`: the
/// same line, the same web engine settings, a launch not counted), here
/// with the library imported. `None` without a display.
fn app_costs(app: &Path, data: &Path, runs: usize) -> Result<Option<Value>> {
    if std::env::var_os("DISPLAY").is_none() {
        return Ok(None);
    }
    let mut launches = Vec::new();
    for i in 0..=runs.max(1) {
        let l = launch_once(app, data)?;
        eprintln!(
            "library: launch {i}: interactive after {:.0} ms (page {:.0} ms, CPU {:.0} ms), {:.0} MB",
            l.wall_ms, l.page_ms, l.cpu_ms, l.rss_mb
        );
        if i > 0 {
            launches.push(l);
        }
    }
    let median = |f: fn(&Launch) -> f64| {
        let mut v: Vec<f64> = launches.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2] * 10.0).round() / 10.0
    };
    Ok(Some(json!({
        "ms": median(|l| l.wall_ms),
        "page_ms": median(|l| l.page_ms),
        "cpu_ms": median(|l| l.cpu_ms),
        "mb": median(|l| l.rss_mb),
        "launches": launches.len(),
        "all_ms": launches.iter().map(|l| l.wall_ms.round()).collect::<Vec<_>>(),
    })))
}

fn launch_once(app: &Path, data: &Path) -> Result<Launch> {
    let start = Instant::now();
    let mut child = Command::new(app)
        .env("SHELI_DATA_DIR", data)
        .env("SHELI_REPORT_INTERACTIVE", "1")
        .envs(WEBKIT_ENV)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let pid = child.id();
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("sheli-interactive ") {
                let page_ms = rest
                    .split_whitespace()
                    .nth(1)
                    .and_then(|s| s.parse::<f64>().ok())
                    .unwrap_or(f64::NAN);
                let _ = tx.send((Instant::now(), page_ms, tree_cpu_ms(pid)));
                return;
            }
        }
    });
    let got = rx.recv_timeout(Duration::from_secs(60));
    // Let the background work of start-up (index open, re-anchoring) settle.
    std::thread::sleep(Duration::from_millis(1500));
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse::<f64>().ok()))
        })
        .unwrap_or(f64::NAN);
    let _ = child.kill();
    let _ = child.wait();
    let (at, page_ms, cpu_ms) =
        got.map_err(|_| anyhow::anyhow!("the window did not become interactive in 60 s"))?;
    Ok(Launch {
        wall_ms: (at - start).as_secs_f64() * 1000.0,
        page_ms,
        cpu_ms,
        rss_mb: rss / 1024.0,
    })
}

/// CPU time (user + system, ms) of process `root` and its descendants (the
/// web engine's processes) so far, from `/proc/<pid>/stat`.
fn tree_cpu_ms(root: u32) -> f64 {
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    let mut procs = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else { continue };
        // The fields after the command name, which is in brackets and may
        // hold spaces: state, ppid, … utime is the 14th field, stime the 15th.
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 2..]) else { continue };
        let f: Vec<&str> = rest.split_whitespace().collect();
        let num = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        procs.push((pid, num(1) as u32, num(11) + num(12)));
    }
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(procs.iter().filter(|p| p.1 == parent).map(|p| p.0));
        i += 1;
    }
    procs.iter().filter(|p| tree.contains(&p.0)).map(|p| p.2).sum::<f64>() * 1000.0 / ticks
}

fn cost_json(c: Option<ChildCost>) -> Value {
    match c {
        Some(c) => {
            json!({ "ms": (c.wall_ms * 10.0).round() / 10.0, "mb": (c.peak_mb * 10.0).round() / 10.0 })
        }
        None => Value::Null,
    }
}

/// [`cost_json`] with the CPU time beside the wall time.
fn cost_cpu_json((c, cpu): (ChildCost, f64)) -> Value {
    let mut v = cost_json(Some(c));
    v["cpu_ms"] = json!((cpu * 10.0).round() / 10.0);
    v
}

/// The machine's load over the last minute (the other work sharing it).
fn load() -> Value {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|l| l.parse::<f64>().ok()))
        .map_or(Value::Null, |l| json!(l))
}

/// How a library's characters are split into files: `usize::MAX` per file
/// is one file; the label says it in the figures.
fn layout_label(per_file: usize) -> String {
    if per_file == usize::MAX {
        "one file".into()
    } else if per_file % 1_000_000 == 0 {
        format!("files of {}m", per_file / 1_000_000)
    } else {
        format!("files of {per_file}")
    }
}

/// Runs every measurement; returns the figures as JSON (also printed). Each
/// size is imported once per layout (`per_file`: one file, or files of so
/// many characters) into a fresh data folder; the import's peak must not
/// grow with the size, nor with the file.
pub fn run(
    app: &Path,
    cache: &Path,
    sizes: &[(String, usize)],
    layouts: &[usize],
    runs: usize,
) -> Result<Value> {
    if !app.is_file() {
        bail!("{} is not built (cargo build --release -p sheli)", app.display());
    }
    let dist = poetry::ensure_package(cache)?;
    let work = tempdir_in(cache)?;
    let builtin = work.join("builtin");
    std::fs::create_dir_all(&builtin)?;
    eprintln!("library: built-in texts only …");
    let base_search = search_costs(app, &builtin, runs)?;
    let base_app = app_costs(app, &builtin, runs)?;
    let mut out = json!({
        "builtin": { "search": cost_cpu_json(base_search), "app": base_app, "load": load() },
        "runs": [],
    });
    for (label, chars) in sizes {
        for &per_file in layouts {
            let layout = layout_label(per_file);
            let text = work.join(format!("library-{label}"));
            std::fs::remove_dir_all(&text).ok();
            let written = write_library_texts(&dist, *chars, per_file, &text)?;
            let (mut bytes, mut files) = (0, 0);
            for f in std::fs::read_dir(&text)? {
                bytes += f?.metadata()?.len();
                files += 1;
            }
            let data = work.join(format!("data-{label}"));
            std::fs::remove_dir_all(&data).ok();
            std::fs::create_dir_all(&data)?;
            eprintln!(
                "library: importing {written} characters ({} MB, {files} files, {layout}) …",
                bytes >> 20
            );
            let load_before = load();
            let import = measure_with_cpu(
                sheli(app, &data).arg("import").arg(&text).args(["--work", &format!("詩{label}")]),
            )?;
            std::fs::remove_dir_all(&text).ok();
            eprintln!("library: searching with {label} imported ({layout}) …");
            let search = search_costs(app, &data, runs)?;
            let app_cost = app_costs(app, &data, runs)?;
            let row = json!({
                "size": label,
                "layout": layout,
                "characters": written,
                "bytes": bytes,
                "files": files,
                "import": cost_cpu_json(import),
                "search": cost_cpu_json(search),
                "load": load_before,
                "app": app_cost,
            });
            eprintln!("library: {row}");
            out["runs"].as_array_mut().expect("an array").push(row);
            std::fs::remove_dir_all(&data).ok();
        }
    }
    std::fs::remove_dir_all(&work).ok();
    Ok(out)
}

fn tempdir_in(cache: &Path) -> Result<PathBuf> {
    let dir = cache.join(format!("library-run-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Whether `x` (a figure) is within `limit`, in words.
fn verdict(x: &Value, limit: f64) -> &'static str {
    match x.as_f64() {
        Some(x) if x <= limit => "met",
        Some(_) => "missed",
        None => "not measured",
    }
}

/// The figures as a Markdown section, with issue 10's targets beside them
/// and, for each, whether it was met.
pub fn markdown(v: &Value) -> String {
    let f = |x: &Value| x.as_f64().map(|x| format!("{x:.0}")).unwrap_or_else(|| "–".into());
    let mut md = String::from(
        "## Library at scale (sheli-bench library)\n\n\
         The release `sheli` in child processes; peak RSS is the child's own \
         (`wait4`). Each library is imported into a fresh data folder (the import \
         includes building its search index); `sheli search` is the median of \
         several processes afterwards. The app: launch → window interactive (the \
         UI's `sheli-interactive` line, as the app-feel bench measures it, with its \
         web engine settings), the median of several launches after one not \
         counted; in brackets the part from the page's start, and the CPU time of \
         the app's processes (its own and the web engine's) until then; its RSS is \
         the main process's VmRSS 1.5 s later.\n\n\
         Times are wall-clock, with the child's CPU time (user + system, all its \
         threads) in brackets: this machine is shared, and the load (1-minute \
         average, on 2 cores) is given per row.\n\n\
         | library | load | `sheli search` ms (CPU) | its RSS MB | import ms (CPU) | import peak MB | app interactive ms (page; CPU) | app RSS MB |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    let b = &v["builtin"];
    let cpu = |x: &Value| format!("{} ({})", f(&x["ms"]), f(&x["cpu_ms"]));
    let app_cell = |x: &Value| {
        if x.is_null() {
            "–".to_owned()
        } else {
            format!("{} ({}; {})", f(&x["ms"]), f(&x["page_ms"]), f(&x["cpu_ms"]))
        }
    };
    md.push_str(&format!(
        "| built-in only | {:.1} | {} | {} | – | – | {} | {} |\n",
        b["load"].as_f64().unwrap_or(f64::NAN),
        cpu(&b["search"]),
        f(&b["search"]["mb"]),
        app_cell(&b["app"]),
        f(&b["app"]["mb"])
    ));
    let runs = v["runs"].as_array().cloned().unwrap_or_default();
    for s in &runs {
        md.push_str(&format!(
            "| + {} imported, {} ({} characters in {} file(s), {} MB) | {:.1} | {} | {} | {} | {} | {} | {} |\n",
            s["size"].as_str().unwrap_or("?"),
            s["layout"].as_str().unwrap_or("?"),
            s["characters"],
            s["files"],
            s["bytes"].as_u64().unwrap_or(0) >> 20,
            s["load"].as_f64().unwrap_or(f64::NAN),
            cpu(&s["search"]),
            f(&s["search"]["mb"]),
            cpu(&s["import"]),
            f(&s["import"]["mb"]),
            app_cell(&s["app"]),
            f(&s["app"]["mb"])
        ));
    }
    md.push_str(
        "\nTargets (issue 10), with 10M characters imported, and whether this run met them:\n\n",
    );
    fn at<'a>(runs: &'a [Value], size: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        runs.iter().filter(move |r| r["size"] == size)
    }
    for r in at(&runs, "10m") {
        let layout = r["layout"].as_str().unwrap_or("?");
        md.push_str(&format!(
            "- 10m, {layout}: `sheli search` {} ms (CPU) ≤ 100: {}; {} MB ≤ 100: {}; import {} ms (CPU) ≤ 3000: {}; \
             import peak {} MB ≤ 300: {}; app interactive {} ms ≤ 1000: {} (built-in only: {} ms); app RSS {} MB within 25 MB \
             of the built-in-only {} MB: {}\n",
            cpu(&r["search"]),
            verdict(&r["search"]["ms"], 100.0),
            f(&r["search"]["mb"]),
            verdict(&r["search"]["mb"], 100.0),
            cpu(&r["import"]),
            verdict(&r["import"]["ms"], 3000.0),
            f(&r["import"]["mb"]),
            verdict(&r["import"]["mb"], 300.0),
            f(&r["app"]["ms"]),
            verdict(&r["app"]["ms"], 1000.0),
            f(&b["app"]["ms"]),
            f(&r["app"]["mb"]),
            f(&b["app"]["mb"]),
            match (r["app"]["mb"].as_f64(), b["app"]["mb"].as_f64()) {
                (Some(x), Some(y)) => verdict(&json!(x - y), 25.0),
                _ => "not measured",
            }
        ));
    }
    // The same peak at 50M as at 10M: within a tenth (what one process's
    // peak varies by from run to run).
    for r in at(&runs, "50m") {
        let layout = r["layout"].as_str();
        let ten = at(&runs, "10m").find(|t| t["layout"].as_str() == layout);
        if let (Some(p50), Some(p10)) =
            (r["import"]["mb"].as_f64(), ten.and_then(|t| t["import"]["mb"].as_f64()))
        {
            md.push_str(&format!(
                "- 50m, {}: import peak {p50:.0} MB, the same as at 10m ({p10:.0} MB, within 10 %): {}\n",
                layout.unwrap_or("?"),
                verdict(&json!(p50), p10 * 1.1)
            ));
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_measured_and_a_failing_child_is_an_error() {
        let c = measure(Command::new("true").arg("x")).unwrap();
        assert!(c.peak_mb > 0.0 && c.wall_ms >= 0.0, "{c:?}");
        let err = measure(Command::new("sh").args(["-c", "echo boom >&2; exit 3"])).unwrap_err();
        assert!(err.to_string().contains("boom"), "{err}");
    }
}

//! `sheli-bench`: the search benchmark of `make bench`.
//!
//! ```text
//! sheli-bench [run] [--sizes 1m,10m] [--builds 3] [--runs 5] [--iters 20] [--fts-iters 5] [--dir bench]
//! sheli-bench keystroke            search latency per keystroke on the built-in corpus
//! sheli-bench library [--app target/release/sheli] [--sizes 10m,50m] [--runs 5] [--per-file all,2m]
//!                                  a large imported library: search, import and the app (library.rs)
//! sheli-bench stage [--app target/release/sheli] [--runs 9]
//!                                  who stands where: `sheli stage` per process (stage.rs)
//! sheli-bench chars [--app target/release/sheli] [--runs 9]
//!                                  the character dictionary: `sheli char` per process, tables (chars.rs)
//! sheli-bench popover FILE        the pop-over's click → painted samples of e2e/bench/popover.bench.js
//! sheli-bench report               rewrite RESULTS.md from results.json (no measuring)
//! sheli-bench loop INDEX_DIR SEGMENTS N QUERY…   run queries N times on a built index (for perf);
//!                                  SHELI_BENCH_LOOP=count times the tantivy query alone
//! sheli-bench child-build ENGINE SAMPLE OUT   one build in its own process (the build-only mode:
//!                                  ENGINE sheli or fts5, SAMPLE a cache/sample-*.jsonl;
//!                                  SHELI_BENCH_THREADS=n sets Sheli's writer threads)
//! ```
//!
//! Every build runs in a child process (this binary again) so that its peak
//! memory (`VmHWM`) is its own. Results go to `DIR/results.json` and
//! `DIR/RESULTS.md`; downloads and indexes to `DIR/cache/` (gitignored).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sheli_bench::fts5::{self, Fallback, Fts5, Plan};
use sheli_bench::queries::{self, CLASSES, Query};
use sheli_bench::stats::{Summary, percentile, summary};
use sheli_bench::{engine, poetry};
use sheli_index::indexer::BuildOptions;

struct Options {
    sizes: Vec<(String, usize)>,
    builds: usize,
    runs: usize,
    iters: usize,
    fts_iters: usize,
    dir: PathBuf,
}

fn parse_size(s: &str) -> Result<(String, usize)> {
    let n: usize = s.trim_end_matches(['m', 'k']).parse().with_context(|| format!("size {s:?}"))?;
    let mult = if s.ends_with('m') {
        1_000_000
    } else if s.ends_with('k') {
        1_000
    } else {
        1
    };
    Ok((s.to_string(), n * mult))
}

fn options(args: &[String]) -> Result<Options> {
    let mut o = Options {
        sizes: vec![parse_size("1m")?, parse_size("10m")?],
        builds: 3,
        runs: 5,
        iters: 20,
        fts_iters: 5,
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().with_context(|| format!("{a} needs a value"));
        match a.as_str() {
            "run" => {}
            "--sizes" => o.sizes = val()?.split(',').map(parse_size).collect::<Result<_>>()?,
            "--builds" => o.builds = val()?.parse()?,
            "--runs" => o.runs = val()?.parse()?,
            "--iters" => o.iters = val()?.parse()?,
            "--fts-iters" => o.fts_iters = val()?.parse()?,
            "--dir" => o.dir = PathBuf::from(val()?),
            other => bail!("unknown argument {other:?} (see the top of bench/src/main.rs)"),
        }
    }
    Ok(o)
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("child-build") => child_build(&args[1..]),
        Some("loop") => loop_queries(&args[1..]),
        Some("report") => {
            // re-renders RESULTS.md from results.json (after a change of wording)
            let dir = options(&[])?.dir;
            let results: Value = serde_json::from_slice(&std::fs::read(dir.join("results.json"))?)?;
            let old = std::fs::read_to_string(dir.join("RESULTS.md")).unwrap_or_default();
            let mut md = sheli_bench::report::markdown(&results);
            // So are the app's and the library's sections (written by their own runs).
            for (begin, end) in [
                ("<!-- app-feel:begin", "<!-- app-feel:end -->"),
                ("<!-- library:begin", "<!-- library:end -->"),
                ("<!-- chars:begin", "<!-- chars:end -->"),
                ("<!-- popover:begin", "<!-- popover:end -->"),
                ("<!-- stage:begin", "<!-- stage:end -->"),
            ] {
                if let (Some(start), Some(stop)) = (old.find(begin), old.find(end)) {
                    md.push('\n');
                    md.push_str(&old[start..stop + end.len()]);
                    md.push('\n');
                }
            }
            std::fs::write(dir.join("RESULTS.md"), md)?;
            Ok(())
        }
        Some("library") => library(&args[1..]),
        Some("chars") => chars(&args[1..]),
        Some("popover") => popover(&args[1..]),
        Some("stage") => stage(&args[1..]),
        Some("keystroke") => {
            let k = keystroke(&options(&[])?.dir.join("cache"))?;
            println!("{}", serde_json::to_string_pretty(&k)?);
            Ok(())
        }
        _ => run(&options(&args)?),
    }
}

/// `sheli-bench library`: measures, prints, and writes the figures into
/// results.json (`library`) and their own section of RESULTS.md.
fn library(args: &[String]) -> Result<()> {
    let dir = options(&[])?.dir;
    let mut app = dir.join("../target/release/sheli");
    let mut sizes = vec![parse_size("10m")?, parse_size("50m")?];
    let mut runs = 5;
    // One file per library, and files of 2M characters: the import must
    // grow with neither the library nor the file.
    let mut layouts = vec![usize::MAX, 2_000_000];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().with_context(|| format!("{a} needs a value"));
        match a.as_str() {
            "--app" => app = PathBuf::from(val()?),
            "--sizes" => sizes = val()?.split(',').map(parse_size).collect::<Result<_>>()?,
            "--runs" => runs = val()?.parse()?,
            "--per-file" => {
                layouts = val()?
                    .split(',')
                    .map(|v| if v == "all" { Ok(usize::MAX) } else { parse_size(v).map(|s| s.1) })
                    .collect::<Result<_>>()?
            }
            other => bail!("unknown argument {other:?} (see the top of bench/src/main.rs)"),
        }
    }
    let figures = sheli_bench::library::run(&app, &dir.join("cache"), &sizes, &layouts, runs)?;
    let md = sheli_bench::library::markdown(&figures);
    write_section(&dir, "library", &figures, &md)
}

/// `sheli-bench chars`: the dictionary's figures, printed and written into
/// results.json (`chars`) and their own section of RESULTS.md.
fn chars(args: &[String]) -> Result<()> {
    let (dir, app, runs) = app_and_runs(args)?;
    let figures = sheli_bench::chars::run(&app, &dir.join("../chars/data"), runs)?;
    let md = sheli_bench::chars::markdown(&figures);
    write_section(&dir, "chars", &figures, &md)
}

/// The bench folder, and the `--app` (the release `sheli` by default) and
/// `--runs` (9) of the per-process benches.
fn app_and_runs(args: &[String]) -> Result<(PathBuf, PathBuf, usize)> {
    let dir = options(&[])?.dir;
    let mut app = dir.join("../target/release/sheli");
    let mut runs = 9;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().with_context(|| format!("{a} needs a value"));
        match a.as_str() {
            "--app" => app = PathBuf::from(val()?),
            "--runs" => runs = val()?.parse()?,
            other => bail!("unknown argument {other:?} (see the top of bench/src/main.rs)"),
        }
    }
    Ok((dir, app, runs))
}

/// `sheli-bench stage`: `sheli stage` per process beside `sheli show`,
/// printed and written into results.json (`stage`) and RESULTS.md.
fn stage(args: &[String]) -> Result<()> {
    let (dir, app, runs) = app_and_runs(args)?;
    let figures = sheli_bench::stage::run(&app, runs)?;
    let md = sheli_bench::stage::markdown(&figures);
    write_section(&dir, "stage", &figures, &md)
}

/// `sheli-bench popover FILE`: the click → painted samples the WebDriver
/// bench wrote, summarised into results.json (`popover`) and RESULTS.md.
fn popover(args: &[String]) -> Result<()> {
    let dir = options(&[])?.dir;
    let file = args.first().context("popover needs the samples' file")?;
    let raw: Value = serde_json::from_slice(&std::fs::read(file)?)?;
    let figures = sheli_bench::chars::popover_figures(&raw)?;
    let md = sheli_bench::chars::popover_markdown(&figures);
    write_section(&dir, "popover", &figures, &md)
}

/// Prints `md`, stores `figures` under `key` in results.json and replaces
/// the `<!-- key:begin … -->` … `<!-- key:end -->` section of RESULTS.md
/// (appended when there is none).
fn write_section(dir: &Path, key: &str, figures: &Value, md: &str) -> Result<()> {
    println!("{md}");
    let results_path = dir.join("results.json");
    let mut results: Value = std::fs::read(&results_path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_else(|| json!({}));
    results[key] = figures.clone();
    std::fs::write(&results_path, serde_json::to_string_pretty(&results)?)?;
    let begin = format!("<!-- {key}:begin (sheli-bench {key}) -->");
    let end = format!("<!-- {key}:end -->");
    let old = std::fs::read_to_string(dir.join("RESULTS.md")).unwrap_or_default();
    let section = format!("{begin}\n{md}{end}");
    let new = match (old.find(&begin), old.find(&end)) {
        (Some(a), Some(b)) => format!("{}{section}{}", &old[..a], &old[b + end.len()..]),
        _ => format!("{}\n{section}\n", old.trim_end()),
    };
    std::fs::write(dir.join("RESULTS.md"), new)?;
    Ok(())
}

// ---------------------------------------------------------------- builds

/// What a build child reports.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ChildReport {
    /// Until the index is in the state its queries run on (for FTS5: the
    /// inserts, committed, and the `optimize` after them).
    build_s: f64,
    /// FTS5's `optimize` alone (part of `build_s`).
    optimize_s: f64,
    /// Peak resident memory of the whole child process.
    peak_mb: f64,
    /// Resident memory after loading the sample, before building.
    before_mb: f64,
    bytes: u64,
}

fn status_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key)?.trim().strip_suffix("kB")?.trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

fn child_build(args: &[String]) -> Result<()> {
    let [engine_name, sample, out] = args else { bail!("child-build ENGINE SAMPLE OUT") };
    let poems = poetry::read_sample(Path::new(sample))?;
    let out = Path::new(out);
    let report = match engine_name.as_str() {
        "sheli" => {
            let ids = engine::passage_ids(&poems);
            let before_mb = status_mb("VmRSS:");
            if out.exists() {
                std::fs::remove_dir_all(out)?;
            }
            // SHELI_BENCH_THREADS: the writer's threads for a build-only
            // comparison (bench/NOTES.md, "the second cut"); the budget per
            // thread stays the app's.
            let mut options = BuildOptions::default();
            if let Some(n) = std::env::var("SHELI_BENCH_THREADS").ok().and_then(|n| n.parse().ok())
            {
                options = BuildOptions {
                    threads: n,
                    memory_budget: options.memory_budget / options.threads * n,
                };
            }
            let t0 = Instant::now();
            engine::build(out, &poems, &ids, options)?;
            let build_s = t0.elapsed().as_secs_f64();
            ChildReport {
                build_s,
                optimize_s: 0.0,
                peak_mb: status_mb("VmHWM:"),
                before_mb,
                bytes: engine::dir_bytes(out),
            }
        }
        "fts5" => {
            let before_mb = status_mb("VmRSS:");
            let t = fts5::build(out, &poems)?;
            let bytes = std::fs::metadata(out)?.len();
            ChildReport {
                build_s: t.insert_s + t.optimize_s,
                optimize_s: t.optimize_s,
                peak_mb: status_mb("VmHWM:"),
                before_mb,
                bytes,
            }
        }
        other => bail!("unknown engine {other}"),
    };
    println!("{}", serde_json::to_string(&report)?);
    Ok(())
}

fn spawn_build(engine_name: &str, sample: &Path, out: &Path) -> Result<ChildReport> {
    let exe = std::env::current_exe()?;
    let output = Command::new(exe)
        .arg("child-build")
        .arg(engine_name)
        .arg(sample)
        .arg(out)
        .output()
        .context("starting a build child")?;
    if !output.status.success() {
        bail!("{engine_name} build failed: {}", String::from_utf8_lossy(&output.stderr));
    }
    let line = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(line.lines().last().unwrap_or(""))
        .context("reading the build child's report")
}

/// `loop INDEX_DIR SEGMENTS N QUERY…`: runs the queries N times (for a profiler).
fn loop_queries(args: &[String]) -> Result<()> {
    let [dir, segments, n, queries @ ..] = args else {
        bail!("loop INDEX_DIR SEGMENTS N QUERY…")
    };
    let index = engine::open(Path::new(dir), segments.parse()?)?;
    let n: usize = n.parse()?;
    if std::env::var("SHELI_BENCH_LOOP").as_deref() == Ok("count") {
        // the tantivy query alone, counted by tantivy's Count collector
        let tindex = tantivy::Index::open_in_dir(dir)?;
        sheli_index::tokenizer::register(&tindex);
        let fields = sheli_index::schema::Fields::from_schema(&tindex.schema())?;
        let searcher = tindex.reader()?.searcher();
        let vocab = sheli_index::query::Vocabulary::default();
        for q in queries {
            let parsed = sheli_index::query::parse(q, &vocab, false)?;
            let mut samples = Vec::new();
            let tq = sheli_index::query::compile(&parsed, &fields, &|_| Vec::new());
            let mut count = 0;
            for _ in 0..n {
                samples.push(time_ms(|| {
                    count = searcher.search(tq.as_ref(), &tantivy::collector::Count).expect("count")
                }));
            }
            println!(
                "{q}: {count} docs, p50 {:.3} ms, p99 {:.3} ms",
                percentile(&samples, 50.0),
                percentile(&samples, 99.0)
            );
        }
        return Ok(());
    }
    // SHELI_BENCH_LOOP=concordance: sorted by left context, with collocations
    // (both read every matching segment's stored text).
    let concordance = std::env::var("SHELI_BENCH_LOOP").as_deref() == Ok("concordance");
    for q in queries {
        let mut samples = Vec::new();
        let req = sheli_index::SearchRequest {
            query: q.clone(),
            limit: engine::LIMIT,
            sort: sheli_index::SortOrder::Left,
            collocations: true,
            ..Default::default()
        };
        for _ in 0..n {
            samples.push(time_ms(|| {
                if concordance {
                    black_box(index.search(&req).expect("search"));
                } else {
                    black_box(engine::search(&index, q).expect("search"));
                }
            }));
        }
        println!(
            "{q}: p50 {:.3} ms, p99 {:.3} ms",
            percentile(&samples, 50.0),
            percentile(&samples, 99.0)
        );
    }
    Ok(())
}

// ---------------------------------------------------------------- machine

fn machine() -> Value {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    let cpu = read("/proc/cpuinfo").lines().find_map(|l| {
        l.strip_prefix("model name")?.split(':').nth(1).map(|s| s.trim().to_string())
    });
    let mem_kb: Option<f64> = read("/proc/meminfo")
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:")?.trim().strip_suffix("kB")?.trim().parse().ok());
    let os = read("/etc/os-release")
        .lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME=").map(|s| s.trim_matches('"').to_string()));
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    json!({
        "cpu": cpu,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "memory_gib": mem_kb.map(|k| (k / 1024.0 / 1024.0 * 10.0).round() / 10.0),
        "os": os,
        "kernel": read("/proc/sys/kernel/osrelease").trim(),
        "rustc": rustc,
        "sqlite": Fts5::sqlite_version(),
        "tantivy": "0.27",
        "build_threads": BuildOptions::default().threads,
        "build_memory_budget_mb": BuildOptions::default().memory_budget / (1024 * 1024),
    })
}

/// Load average and the compilers running besides us: how quiet the machine was.
fn load() -> Value {
    let loadavg = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut compilers = 0;
    if let Ok(rd) = std::fs::read_dir("/proc") {
        for e in rd.flatten() {
            let comm = std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
            if matches!(comm.trim(), "rustc" | "cc1" | "cc1plus" | "cargo" | "ld" | "node") {
                compilers += 1;
            }
        }
    }
    json!({ "loadavg": loadavg.split_whitespace().take(3).collect::<Vec<_>>().join(" "), "compiler_processes": compilers })
}

// ---------------------------------------------------------------- queries

fn time_ms(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1000.0
}

/// Per-call latencies of one run, by query class.
#[derive(Default)]
struct RunSamples {
    sheli: BTreeMap<&'static str, Vec<f64>>,
    fts5: BTreeMap<&'static str, Vec<f64>>,
    fts5_instr: BTreeMap<&'static str, Vec<f64>>,
}

fn pooled(m: &BTreeMap<&'static str, Vec<f64>>) -> Vec<f64> {
    m.values().flatten().copied().collect()
}

/// The fallback FTS5 is timed with: `LIKE` was the faster of the two in the
/// first runs (see NOTES.md), so the peer gets it; `instr()` is timed once
/// per query and run for comparison.
const FALLBACK: Fallback = Fallback::Like;

fn plan_name(p: Plan) -> &'static str {
    match p {
        Plan::Match => "MATCH (trigram index)",
        Plan::MatchThenFilter => "MATCH on the 3+ character terms, then LIKE on those rows",
        Plan::FullScan => "full scan with LIKE '%x%' (no term has 3 characters)",
    }
}

fn check_counts(sheli: &sheli_index::SearchIndex, fts: &Fts5, qs: &[Query]) -> Result<Vec<Value>> {
    let mut mismatches = Vec::new();
    for q in qs {
        let t = engine::search(sheli, &q.text)?;
        let f = fts.search(&q.text, FALLBACK)?;
        let by_source: Vec<(u64, u64)> = poetry::SOURCES
            .iter()
            .map(|(s, _)| {
                t.by_source.get(*s).map(|x| (x.segments, x.occurrences)).unwrap_or((0, 0))
            })
            .collect();
        let same = t.total_segments == f.total_segments
            && t.total_occurrences == f.total_occurrences
            && by_source == f.by_source
            && t.results.len() == f.hits.len();
        eprintln!(
            "  {:5} {:10} segments {:6} occurrences {:6}{}",
            q.class,
            q.text,
            t.total_segments,
            t.total_occurrences,
            if same {
                String::new()
            } else {
                format!("  ≠ FTS5 {} / {}", f.total_segments, f.total_occurrences)
            }
        );
        if !same {
            mismatches.push(json!({
                "query": q.text,
                "sheli": [t.total_segments, t.total_occurrences],
                "fts5": [f.total_segments, f.total_occurrences],
            }));
        }
    }
    Ok(mismatches)
}

fn measure_queries(
    sheli: &sheli_index::SearchIndex,
    fts: &Fts5,
    qs: &[Query],
    o: &Options,
) -> Result<RunSamples> {
    let mut s = RunSamples::default();
    for q in qs {
        for _ in 0..o.iters {
            let ms = time_ms(|| {
                black_box(engine::search(sheli, &q.text).expect("search"));
            });
            s.sheli.entry(q.class).or_default().push(ms);
        }
        for _ in 0..o.fts_iters {
            let ms = time_ms(|| {
                black_box(fts.search(&q.text, FALLBACK).expect("fts5"));
            });
            s.fts5.entry(q.class).or_default().push(ms);
        }
        if sheli_bench::fts5_pattern::parse(&q.text).is_none()
            && fts5::plan(&fts5::terms(&q.text)) != Plan::Match
        {
            let ms = time_ms(|| {
                black_box(fts.search(&q.text, Fallback::Instr).expect("fts5"));
            });
            s.fts5_instr.entry(q.class).or_default().push(ms);
        }
    }
    Ok(s)
}

// ---------------------------------------------------------------- keystroke

/// `SearchIndex::search` on the built-in corpus for every prefix of a few
/// typed queries: the backend share of keystroke-to-results latency.
fn keystroke(work: &Path) -> Result<Value> {
    let typed = ["觯", "再拜賓答", "司射適堂西"];
    let corpus = sheli_corpus::Corpus::builtin()?;
    let dir = work.join("builtin-index");
    let t0 = Instant::now();
    let index = sheli_index::build(&dir, &corpus, &mut |_| {})?;
    let build_s = t0.elapsed().as_secs_f64();
    let mut samples = Vec::new();
    for q in typed {
        let chars: Vec<char> = q.chars().collect();
        for n in 1..=chars.len() {
            let prefix: String = chars[..n].iter().collect();
            black_box(engine::search(&index, &prefix)?); // warm
            for _ in 0..50 {
                samples.push(time_ms(|| {
                    black_box(engine::search(&index, &prefix).expect("search"));
                }));
            }
        }
    }
    Ok(json!({
        "typed": typed,
        "builtin_segments": index.num_segments(),
        "builtin_build_s": build_s,
        "keystroke_backend_p50_ms": percentile(&samples, 50.0),
        "keystroke_backend_p99_ms": percentile(&samples, 99.0),
        "samples": samples.len(),
        // Hook for the app-level figure another issue asks for; measured by
        // the e2e harness once it exists.
        "window_interactive_ms": null,
    }))
}

// ---------------------------------------------------------------- run

fn s3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn sjson(s: &Summary) -> Value {
    json!({ "median": s3(s.median), "min": s3(s.min), "max": s3(s.max) })
}

fn run(o: &Options) -> Result<()> {
    let work = o.dir.join("cache");
    let load_start = load();
    eprintln!("machine load at start: {load_start}");
    let dist = poetry::ensure_package(&work)?;
    let qs = queries::parse(queries::QUERIES)?;
    let mut out = serde_json::Map::new();
    out.insert("machine".into(), machine());
    out.insert(
        "method".into(),
        json!({
            "builds": o.builds, "runs": o.runs, "iters_per_query_per_run": o.iters,
            "fts5_iters_per_query_per_run": o.fts_iters, "queries": qs.len(), "limit": engine::LIMIT,
            "corpus": poetry::PACKAGE,
        }),
    );
    out.insert("load_start".into(), load_start);
    for (name, target) in &o.sizes {
        eprintln!("== {name}: sampling {target} characters");
        let poems = poetry::sample(&dist, *target)?;
        let chars: usize = poems.iter().map(|p| poetry::cjk_chars(&p.text)).sum();
        let text_bytes: usize = poems.iter().map(|p| p.text.len()).sum();
        let simplified_chars: usize =
            poems.iter().filter(|p| p.source == 2).map(|p| poetry::cjk_chars(&p.text)).sum();
        let sample = work.join(format!("sample-{name}.jsonl"));
        poetry::write_sample(&sample, &poems)?;
        let index_dir = work.join(format!("index-{name}"));
        let db = work.join(format!("fts5-{name}.db"));
        let (mut sb, mut fb) = (Vec::new(), Vec::new());
        for b in 0..o.builds {
            let r = spawn_build("sheli", &sample, &index_dir)?;
            eprintln!(
                "  build {b}: sheli {:.3} s, peak {:.0} MB, {} bytes",
                r.build_s, r.peak_mb, r.bytes
            );
            sb.push(r);
            let r = spawn_build("fts5", &sample, &db)?;
            eprintln!(
                "  build {b}: fts5 {:.3} s (of which optimize {:.3} s), peak {:.0} MB, {} bytes",
                r.build_s, r.optimize_s, r.peak_mb, r.bytes
            );
            fb.push(r);
        }
        let sheli = engine::open(&index_dir, poems.len())?;
        let fts = Fts5::open(&db)?;
        eprintln!("  counts, Sheli against FTS5:");
        let mismatches = check_counts(&sheli, &fts, &qs)?;
        // warm both once more
        for q in &qs {
            black_box(engine::search(&sheli, &q.text)?);
            black_box(fts.search(&q.text, FALLBACK)?);
        }
        let mut runs = Vec::new();
        for r in 0..o.runs {
            let s = measure_queries(&sheli, &fts, &qs, o)?;
            eprintln!(
                "  run {r}: sheli p50 {:.3} p99 {:.3} ms; fts5 p50 {:.3} p99 {:.3} ms",
                percentile(&pooled(&s.sheli), 50.0),
                percentile(&pooled(&s.sheli), 99.0),
                percentile(&pooled(&s.fts5), 50.0),
                percentile(&pooled(&s.fts5), 99.0)
            );
            runs.push(s);
        }
        // per-run percentiles, then median and range over runs
        let over_runs =
            |f: &dyn Fn(&RunSamples) -> f64| summary(&runs.iter().map(f).collect::<Vec<_>>());
        let p50 = over_runs(&|r| percentile(&pooled(&r.sheli), 50.0));
        let p99 = over_runs(&|r| percentile(&pooled(&r.sheli), 99.0));
        let f50 = over_runs(&|r| percentile(&pooled(&r.fts5), 50.0));
        let f99 = over_runs(&|r| percentile(&pooled(&r.fts5), 99.0));
        let build = summary(&sb.iter().map(|r| r.build_s).collect::<Vec<_>>());
        let peak = summary(&sb.iter().map(|r| r.peak_mb).collect::<Vec<_>>());
        let before = summary(&sb.iter().map(|r| r.before_mb).collect::<Vec<_>>());
        let fbuild = summary(&fb.iter().map(|r| r.build_s).collect::<Vec<_>>());
        let fopt = summary(&fb.iter().map(|r| r.optimize_s).collect::<Vec<_>>());
        let finsert = summary(&fb.iter().map(|r| r.build_s - r.optimize_s).collect::<Vec<_>>());
        let fpeak = summary(&fb.iter().map(|r| r.peak_mb).collect::<Vec<_>>());
        let mut size = serde_json::Map::new();
        size.insert("chars".into(), json!(chars));
        size.insert("simplified_chars".into(), json!(simplified_chars));
        size.insert("poems".into(), json!(poems.len()));
        size.insert("text_bytes".into(), json!(text_bytes));
        size.insert("index_bytes".into(), json!(sb.last().map(|r| r.bytes)));
        size.insert("fts5_bytes".into(), json!(fb.last().map(|r| r.bytes)));
        size.insert("build_s".into(), json!(s3(build.median)));
        size.insert("build_peak_mb".into(), json!(s3(peak.median)));
        size.insert("build_rss_before_mb".into(), json!(s3(before.median)));
        size.insert("fts5_build_s".into(), json!(s3(fbuild.median)));
        size.insert("fts5_optimize_s".into(), json!(s3(fopt.median)));
        size.insert("fts5_insert_s".into(), json!(s3(finsert.median)));
        size.insert("fts5_build_peak_mb".into(), json!(s3(fpeak.median)));
        size.insert("p50_ms".into(), json!(s3(p50.median)));
        size.insert("p99_ms".into(), json!(s3(p99.median)));
        size.insert("fts5_p50_ms".into(), json!(s3(f50.median)));
        size.insert("fts5_p99_ms".into(), json!(s3(f99.median)));
        let mut ranges = serde_json::Map::new();
        for (k, s) in [
            ("build_s", &build),
            ("build_peak_mb", &peak),
            ("fts5_build_s", &fbuild),
            ("fts5_optimize_s", &fopt),
            ("fts5_insert_s", &finsert),
            ("fts5_build_peak_mb", &fpeak),
            ("p50_ms", &p50),
            ("p99_ms", &p99),
            ("fts5_p50_ms", &f50),
            ("fts5_p99_ms", &f99),
        ] {
            ranges.insert(k.into(), sjson(s));
        }
        for class in CLASSES {
            let get = |m: &dyn Fn(&RunSamples) -> Option<Vec<f64>>, p: f64| {
                over_runs(&|r| m(r).map(|v| percentile(&v, p)).unwrap_or(f64::NAN))
            };
            let sh = |r: &RunSamples| r.sheli.get(class).cloned();
            let ft = |r: &RunSamples| r.fts5.get(class).cloned();
            let lk = |r: &RunSamples| r.fts5_instr.get(class).cloned();
            let (c50, c99, cf50, cf99, cl50) =
                (get(&sh, 50.0), get(&sh, 99.0), get(&ft, 50.0), get(&ft, 99.0), get(&lk, 50.0));
            let plans: Vec<&str> = {
                let mut v: Vec<&str> = Vec::new();
                for q in qs.iter().filter(|q| q.class == class) {
                    let p = match sheli_bench::fts5_pattern::parse(&q.text) {
                        Some(pattern) => sheli_bench::fts5_pattern::plan_name(&pattern),
                        None => plan_name(fts5::plan(&fts5::terms(&q.text))),
                    };
                    if !v.contains(&p) {
                        v.push(p);
                    }
                }
                v
            };
            let mut c = json!({
                "p50_ms": s3(c50.median), "p99_ms": s3(c99.median),
                "fts5_p50_ms": s3(cf50.median), "fts5_p99_ms": s3(cf99.median),
                "fts5_plans": plans,
                "range": { "p50_ms": sjson(&c50), "p99_ms": sjson(&c99), "fts5_p50_ms": sjson(&cf50), "fts5_p99_ms": sjson(&cf99) },
            });
            if cl50.median.is_finite() {
                c["fts5_instr_p50_ms"] = json!(s3(cl50.median));
            }
            size.insert(class.into(), c);
        }
        size.insert("range".into(), Value::Object(ranges));
        size.insert("count_mismatches".into(), json!(mismatches));
        out.insert(name.clone(), Value::Object(size));
        drop(sheli);
        drop(fts);
    }
    eprintln!("== keystroke latency on the built-in corpus");
    out.insert("app".into(), keystroke(&work)?);
    out.insert("load_end".into(), load());
    let out = Value::Object(out);
    std::fs::write(o.dir.join("results.json"), serde_json::to_string_pretty(&out)? + "\n")?;
    std::fs::write(o.dir.join("RESULTS.md"), sheli_bench::report::markdown(&out))?;
    eprintln!(
        "wrote {} and {}",
        o.dir.join("results.json").display(),
        o.dir.join("RESULTS.md").display()
    );
    Ok(())
}

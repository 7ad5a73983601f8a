//! `bench/RESULTS.md`, written from the figures of `results.json` only.

use serde_json::Value;

use crate::queries::CLASSES;

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// A figure with 3 significant-ish decimals as measured (no rounding beyond display).
fn f(v: &Value) -> String {
    match num(v) {
        Some(x) if x >= 100.0 => format!("{x:.1}"),
        Some(x) if x >= 10.0 => format!("{x:.2}"),
        Some(x) => format!("{x:.3}"),
        None => "—".into(),
    }
}

/// `median (min–max)` from a range object.
fn mm(r: &Value) -> String {
    if r.is_null() {
        return "—".into();
    }
    format!("{} ({}–{})", f(&r["median"]), f(&r["min"]), f(&r["max"]))
}

fn ratio(peer: &Value, ours: &Value) -> String {
    match (num(peer), num(ours)) {
        (Some(p), Some(o)) if o > 0.0 => format!("{:.1}×", p / o),
        _ => "—".into(),
    }
}

fn mb(bytes: &Value) -> String {
    bytes.as_f64().map(|b| format!("{:.1}", b / 1_048_576.0)).unwrap_or_else(|| "—".into())
}

fn yes(ok: bool) -> &'static str {
    if ok { "**met**" } else { "**missed**" }
}

pub fn markdown(r: &Value) -> String {
    let m = &r["machine"];
    let method = &r["method"];
    let sizes: Vec<&str> = ["1m", "10m"].into_iter().filter(|s| r.get(*s).is_some()).collect();
    let mut o = String::new();
    o.push_str("# `make bench`: Sheli's search against SQLite FTS5\n\n");
    o.push_str(
        "Written by `make bench` (`bench/src/main.rs`); every figure below was measured in the \
         same run as the others, and `bench/results.json` holds them all. Medians over repeated \
         runs, with min–max in brackets.\n\n",
    );
    o.push_str("## Machine\n\n| | |\n|---|---|\n");
    for (k, label) in [
        ("cpu", "CPU"),
        ("cores", "cores"),
        ("memory_gib", "memory (GiB)"),
        ("os", "OS"),
        ("kernel", "kernel"),
        ("rustc", "rustc"),
        ("sqlite", "SQLite (rusqlite 0.40, bundled)"),
        ("tantivy", "tantivy"),
        ("build_threads", "index build threads"),
        ("build_memory_budget_mb", "index build memory budget (MiB)"),
    ] {
        let v = &m[k];
        let s = v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
        o.push_str(&format!("| {label} | {s} |\n"));
    }
    o.push_str(&format!(
        "| load at start / end | {} ({} compiler processes) / {} ({} compiler processes) |\n\n",
        r["load_start"]["loadavg"].as_str().unwrap_or("?"),
        r["load_start"]["compiler_processes"],
        r["load_end"]["loadavg"].as_str().unwrap_or("?"),
        r["load_end"]["compiler_processes"],
    ));
    o.push_str(&format!(
        "Method: {} builds of each index per size (each in its own process); {} query runs, each \
         running every query of `bench/queries.txt` ({} queries) {} times on Sheli and {} times on \
         FTS5, warm; p50/p99 are taken per run over the pooled calls of a class (or of all \
         classes), then the median over runs is reported. A call is one whole search: totals of \
         segments and occurrences (by source), the best {} segments and their snippets.\n\n",
        method["builds"],
        method["runs"],
        method["queries"],
        method["iters_per_query_per_run"],
        method["fts5_iters_per_query_per_run"],
        method["limit"],
    ));

    for s in &sizes {
        let d = &r[*s];
        let g = &d["range"];
        o.push_str(&format!(
            "## {} — {} CJK characters in {} poems ({} of them simplified 宋詞), {} MiB of UTF-8 text\n\n",
            s.to_uppercase(),
            d["chars"],
            d["poems"],
            d["simplified_chars"],
            mb(&d["text_bytes"]),
        ));
        o.push_str(
            "| | Sheli (tantivy) | SQLite FTS5 trigram | FTS5 ÷ Sheli |\n|---|---|---|---|\n",
        );
        o.push_str(&format!(
            "| build time (s), until the queries can run | {} | {} | {} |\n",
            mm(&g["build_s"]),
            mm(&g["fts5_build_s"]),
            ratio(&d["fts5_build_s"], &d["build_s"])
        ));
        if d.get("fts5_insert_s").is_some() {
            o.push_str(&format!(
                "| FTS5 inserts alone, without its `optimize` (s) | | {} | {} |\n",
                mm(&g["fts5_insert_s"]),
                ratio(&d["fts5_insert_s"], &d["build_s"])
            ));
        }
        o.push_str(&format!(
            "| build peak memory, whole process (MiB) | {} | {} | |\n",
            mm(&g["build_peak_mb"]),
            mm(&g["fts5_build_peak_mb"])
        ));
        o.push_str(&format!(
            "| index size (MiB) | {} | {} | {} |\n",
            mb(&d["index_bytes"]),
            mb(&d["fts5_bytes"]),
            ratio(&d["fts5_bytes"], &d["index_bytes"])
        ));
        o.push_str(&format!(
            "| query p50, all (ms) | {} | {} | {} |\n",
            mm(&g["p50_ms"]),
            mm(&g["fts5_p50_ms"]),
            ratio(&d["fts5_p50_ms"], &d["p50_ms"])
        ));
        o.push_str(&format!(
            "| query p99, all (ms) | {} | {} | {} |\n",
            mm(&g["p99_ms"]),
            mm(&g["fts5_p99_ms"]),
            ratio(&d["fts5_p99_ms"], &d["p99_ms"])
        ));
        for c in CLASSES {
            let cl = &d[c];
            o.push_str(&format!(
                "| {c} p50 (ms) | {} | {} | {} |\n",
                mm(&cl["range"]["p50_ms"]),
                mm(&cl["range"]["fts5_p50_ms"]),
                ratio(&cl["fts5_p50_ms"], &cl["p50_ms"])
            ));
            o.push_str(&format!(
                "| {c} p99 (ms) | {} | {} | {} |\n",
                mm(&cl["range"]["p99_ms"]),
                mm(&cl["range"]["fts5_p99_ms"]),
                ratio(&cl["fts5_p99_ms"], &cl["p99_ms"])
            ));
        }
        o.push_str(&format!(
            "\nBuild times run until each index is in the state its queries run on: for FTS5 the \
             inserts in one committed transaction and the `optimize` after them ({} s of the \
             total), for Sheli `write_index` up to its commit. Neither side syncs to disk (FTS5 \
             runs with `journal_mode = OFF` and `synchronous = OFF`; Sheli writes its index, a \
             cache of the texts, without `fsync`), so neither build is durable. The Sheli build \
             peak includes the sample held in memory ({} MiB resident before the build started).\n\n",
            mm(&g["fts5_optimize_s"]),
            f(&d["build_rss_before_mb"]),
        ));
        o.push_str("How FTS5 answered each class, and what the fallback costs:\n\n");
        o.push_str("| class | FTS5 plan | FTS5 p50, LIKE '%x%' fallback (ms, the figure above) | FTS5 p50, instr() fallback instead (ms) |\n|---|---|---|---|\n");
        for c in CLASSES {
            let cl = &d[c];
            let plans: Vec<&str> = cl["fts5_plans"]
                .as_array()
                .map(|a| a.iter().filter_map(|p| p.as_str()).collect())
                .unwrap_or_default();
            o.push_str(&format!(
                "| {c} | {} | {} | {} |\n",
                plans.join("; "),
                f(&cl["fts5_p50_ms"]),
                if cl.get("fts5_instr_p50_ms").is_some() {
                    f(&cl["fts5_instr_p50_ms"])
                } else {
                    "(not needed)".into()
                }
            ));
        }
        let mism = d["count_mismatches"].as_array().map(|a| a.len()).unwrap_or(0);
        o.push_str(&format!(
            "\nCounts: for every query both engines found the same segments and occurrences \
             (total and by source): {}.\n\n",
            if mism == 0 {
                "yes".to_string()
            } else {
                format!("**no, {mism} queries differ** (see results.json)")
            }
        ));
    }

    o.push_str("## Targets\n\n| target | measured | |\n|---|---|---|\n");
    if let Some(d) = r.get("10m") {
        let b = num(&d["build_s"]).unwrap_or(f64::INFINITY);
        o.push_str(&format!(
            "| 10M characters indexed in ≤ 3 s | {} s | {} |\n",
            f(&d["build_s"]),
            yes(b <= 3.0)
        ));
    }
    for s in &sizes {
        let d = &r[*s];
        // Issue 11: proximity and `?` queries, KWIC and counts included.
        for c in ["prox", "wild"] {
            let (p50, p99) = (num(&d[c]["p50_ms"]), num(&d[c]["p99_ms"]));
            if let (Some(p50), Some(p99)) = (p50, p99) {
                o.push_str(&format!(
                    "| {} {c} p50 ≤ 1 ms, p99 ≤ 5 ms (FTS5: p50 {} ms, p99 {} ms) | p50 {} ms, p99 {} ms | {} |\n",
                    s.to_uppercase(),
                    f(&d[c]["fts5_p50_ms"]),
                    f(&d[c]["fts5_p99_ms"]),
                    f(&d[c]["p50_ms"]),
                    f(&d[c]["p99_ms"]),
                    yes(p50 <= 1.0 && p99 <= 5.0)
                ));
            }
        }
        let p99 = num(&d["p99_ms"]).unwrap_or(f64::INFINITY);
        o.push_str(&format!(
            "| {} p99 ≤ 5 ms | {} ms | {} |\n",
            s.to_uppercase(),
            f(&d["p99_ms"]),
            yes(p99 <= 5.0)
        ));
        let br =
            num(&d["fts5_build_s"]).unwrap_or(0.0) / num(&d["build_s"]).unwrap_or(f64::INFINITY);
        let inserts = match num(&d["fts5_insert_s"]) {
            Some(i) => format!(
                " (FTS5 inserts alone: {:.1}×)",
                i / num(&d["build_s"]).unwrap_or(f64::INFINITY)
            ),
            None => String::new(),
        };
        o.push_str(&format!(
            // Issue 11: "without giving up … build time (today 6× faster than FTS5)".
            "| {} build ≥ 6× faster than FTS5 | {:.1}×{inserts} | {} |\n",
            s.to_uppercase(),
            br,
            yes(br >= 6.0)
        ));
        let slower: Vec<&str> = CLASSES
            .into_iter()
            .filter(|c| {
                num(&d[*c]["p50_ms"]).unwrap_or(f64::INFINITY)
                    >= num(&d[*c]["fts5_p50_ms"]).unwrap_or(0.0)
            })
            .collect();
        let ratios: Vec<String> = CLASSES
            .iter()
            .map(|c| format!("{c} {}", ratio(&d[*c]["fts5_p50_ms"], &d[*c]["p50_ms"])))
            .collect();
        o.push_str(&format!(
            "| {} every query class faster than FTS5 (p50) | {} | {} |\n",
            s.to_uppercase(),
            ratios.join(", "),
            if slower.is_empty() {
                yes(true).to_string()
            } else {
                format!("{} ({})", yes(false), slower.join(", "))
            }
        ));
    }

    o.push_str(&limits(r, &sizes));

    let app = &r["app"];
    o.push_str("\n## App-level figures\n\n| | |\n|---|---|\n");
    o.push_str(&format!(
        "| search latency per keystroke (backend): `SearchIndex::search` on the built-in corpus ({} segments) for every prefix of {}, {} calls | p50 {} ms, p99 {} ms |\n",
        app["builtin_segments"],
        app["typed"].as_array().map(|a| a.iter().filter_map(|t| t.as_str()).collect::<Vec<_>>().join(", ")).unwrap_or_default(),
        app["samples"],
        f(&app["keystroke_backend_p50_ms"]),
        f(&app["keystroke_backend_p99_ms"]),
    ));
    o.push_str(&format!(
        "| building the index of the built-in corpus from nothing (s) | {} |\n",
        f(&app["builtin_build_s"]),
    ));
    o.push_str(&format!(
        "| window interactive time after launch | {} |\n",
        if app["window_interactive_ms"].is_null() {
            "see *App: start-up and keystroke* below (`scripts/bench-app.sh`)".to_string()
        } else {
            format!("{} ms", f(&app["window_interactive_ms"]))
        }
    ));
    o.push_str(NOTES);
    o
}

/// What limits each missed target, said plainly next to its figure.
fn limits(r: &Value, sizes: &[&str]) -> String {
    let mut out = Vec::new();
    let loaded = r["load_start"]["compiler_processes"].as_u64().unwrap_or(0) > 0
        || r["load_end"]["compiler_processes"].as_u64().unwrap_or(0) > 0;
    if let Some(d) = r.get("10m")
        && num(&d["build_s"]).is_some_and(|b| b > 3.0)
    {
        out.push(format!(
            "- **10M build {} s > 3 s.** The time goes to tantivy's postings writer: one hash-table \
             update per token in two positional token fields (folded and exact), about two postings \
             per character, plus the bigrams of common characters (about one more posting for \
             every ten characters) and the stored text (see `bench/NOTES.md`).",
            f(&d["build_s"])
        ));
    }
    for s in sizes {
        let d = &r[*s];
        let br =
            num(&d["fts5_build_s"]).unwrap_or(0.0) / num(&d["build_s"]).unwrap_or(f64::INFINITY);
        if br < 5.0 {
            out.push(format!(
                "- **{} build only {br:.1}× faster than FTS5 ({} s against {} s).** Sheli's build is \
                 mostly tantivy's postings writer (two positional token fields), and every build \
                 also pays a fixed cost — thread start-up and serialising the segments — that \
                 weighs most on small corpora (see `bench/NOTES.md`). FTS5's build is one thread, \
                 Sheli's two, so the ratio also depends on how much of the second core other \
                 processes left.",
                s.to_uppercase(),
                f(&d["build_s"]),
                f(&d["fts5_build_s"]),
            ));
        }
        if num(&d["p99_ms"]).is_some_and(|p| p > 5.0) {
            let worst = CLASSES
                .into_iter()
                .max_by(|a, b| {
                    num(&d[*a]["p99_ms"])
                        .unwrap_or(0.0)
                        .total_cmp(&num(&d[*b]["p99_ms"]).unwrap_or(0.0))
                })
                .unwrap_or("c1");
            out.push(format!(
                "- **{} p99 {} ms > 5 ms.** p50 is {} ms; the worst class is {worst} (p50 {} ms, p99 {} ms): \
                 one- and two-character terms of common characters touch tens of thousands of \
                 segments, every one counted and ranked{}.",
                s.to_uppercase(),
                f(&d["p99_ms"]),
                f(&d["p50_ms"]),
                f(&d[worst]["p50_ms"]),
                f(&d[worst]["p99_ms"]),
                if loaded {
                    "; the machine was shared with compilers, and a call that loses its core for a \
                     scheduler time slice takes milliseconds longer"
                } else {
                    ""
                }
            ));
        }
        let c4 = &d["c4"];
        if num(&c4["p50_ms"]).unwrap_or(f64::INFINITY) >= num(&c4["fts5_p50_ms"]).unwrap_or(0.0) {
            out.push(format!(
                "- **{} c4 (4-character phrases): Sheli {} ms against FTS5 {} ms (p50).** A phrase of \
                 common characters is looked up through the bigrams of common characters \
                 (`index/src/bigram.rs`), two short lists where FTS5 looks up two trigrams; what \
                 remains per call is fixed work FTS5 does too (the statistics of BM25, counting \
                 every match, reading and highlighting 20 segments), and a phrase with a character \
                 outside the common table is still four lists of one character (see \
                 `bench/NOTES.md`).",
                s.to_uppercase(),
                f(&c4["p50_ms"]),
                f(&c4["fts5_p50_ms"])
            ));
        }
    }
    if out.is_empty() {
        return String::new();
    }
    format!("\nWhat limits the missed targets:\n\n{}\n", out.join("\n"))
}

const NOTES: &str = r#"
## What is compared, and how

- **Corpus.** npm `chinese-poetry@2.0.1` (MIT): 全唐詩 and 全宋詩 (traditional) and 全宋詞
  (simplified). One segment per poem: title (or 詞牌) and paragraphs, one per line. Whole files
  are taken round-robin across the three collections in numeric order until the size is
  reached, so the 1M sample is a prefix of the 10M one. Cached in `bench/cache/` (gitignored);
  downloaded by `npm pack` only when missing.
- **Sheli** is the app's own code: `sheli_index::indexer::write_index` with `SegmentDoc`s and
  `BuildOptions::default()` (2 threads here), opened with `SearchIndex::new`, queried with
  `SearchIndex::search` (limit 20), which counts occurrences, ranks, and builds KWIC snippets
  for the page. One tantivy document per segment with two positional token fields
  (folded and exact, one token per character) and, in the stored text's field, one token for
  every two adjacent common characters (`index/src/bigram.rs`); a phrase is a tantivy phrase
  query, or, when it has a pair of common characters, the same phrase looked up through
  those bigrams with the same documents and scores (`index/src/query/phrase.rs`); its
  occurrences are counted from the positions, scores are tantivy's BM25.
- **FTS5** (`bench/src/fts5.rs`): `fts5(text UNINDEXED, src UNINDEXED, folded,
  tokenize='trigram')`. `folded` is the text after `sheli_corpus::fold::fold` — the same
  per-character fold as Sheli's tokenizer, punctuation dropped — so both engines match the
  same things (traditional and simplified meet; phrases run across punctuation) and the
  counts are checked equal before timing. Built in one transaction (journal and sync off),
  then `optimize`d; the queries run on the optimised index, so its build time counts both (the
  inserts alone are reported too). A query folds each term; terms of 3+ characters go to `MATCH`, and
  1–2-character terms, which a trigram index cannot answer, fall back to `folded LIKE
  '%x%'` — over the rows MATCH found when the query also has a long term, otherwise over
  every row (a full scan). The same query with `instr(folded, ?) > 0` instead is timed once
  per run for comparison; LIKE was the faster of the two, so the peer's figures use it.
  Occurrences per row are counted in SQL with `replace()` (non-overlapping, left to right,
  as the corpus contract counts), totalled by source in Rust, the best 20 rows kept (bm25,
  or most occurrences on a scan), and only for those the original text is read and cut into
  a snippet with the same `kwic::snippet`, highlighted with `sheli_corpus::fold::find_in`.
- **Durability.** Neither build syncs to disk: FTS5 runs with `journal_mode = OFF` and
  `synchronous = OFF`, and Sheli writes its index without `fsync` — it is a cache of the texts,
  every file carries a CRC32, and an index that fails it on open is rebuilt.
- **Design notes and experiments** (profiles, what was changed in `index/`, what was tried
  and left out): `bench/NOTES.md`.
- **The UI and IPC** are measured by `scripts/bench-app.sh` (the section *App: start-up and
  keystroke* below); the per-keystroke figure above is `SearchIndex::search` alone.
"#;

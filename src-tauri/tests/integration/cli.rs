//! The `sheli` command line, run as a user runs it: a real binary, a real
//! data directory, no display.

use std::process::{Command, Output};

use crate::common::{ok, sheli};
use serde_json::Value;

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn corpus_json_lists_each_source_with_its_origin_and_layer_counts() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["corpus", "--json"]));
    let sources = v.as_array().unwrap();
    assert_eq!(sources.len(), 5);
    let zhushu = &sources[0];
    assert_eq!(zhushu["id"], "xiangshe.zhushu");
    assert_eq!(zhushu["origin"], "000_fc068ac90b3961d7.txt");
    assert_eq!(zhushu["work"], "鄉射禮");
    assert_eq!(zhushu["script"], "traditional");
    let layers = &zhushu["layers"];
    assert_eq!((layers["經"].as_u64(), layers["記"].as_u64()), (Some(408), Some(82)));
    assert_eq!((layers["注"].as_u64(), layers["疏"].as_u64()), (Some(382), Some(318)));
    for key in ["經", "記", "注", "疏", "音義", "按", "題", "譯"] {
        assert!(layers[key].is_u64(), "layers has {key}");
    }
    assert_eq!(sources[1]["layers"]["譯"], 295);
    let tongjie = &sources[3]["layers"];
    assert_eq!(
        [
            &tongjie["經"],
            &tongjie["記"],
            &tongjie["注"],
            &tongjie["疏"],
            &tongjie["音義"],
            &tongjie["題"]
        ],
        [44, 11, 42, 17, 18, 3]
    );
    let dashe = &sources[4]["layers"];
    assert_eq!([&dashe["經"], &dashe["注"], &dashe["疏"], &dashe["題"]], [41, 37, 24, 10]);
}

#[test]
fn show_prints_layers_source_line_and_aligned_passages() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["show", "xiangshe.tongjie.0001", "--json"]));
    assert_eq!(v["line"], 2);
    assert_eq!(v["section"], "张侯");
    let layers: Vec<&str> =
        v["segments"].as_array().unwrap().iter().map(|s| s["layer"].as_str().unwrap()).collect();
    assert_eq!(layers, ["經", "注", "音義", "疏"]);
    let reading = &v["segments"][2]["readings"][0];
    assert_eq!(
        (reading["character"].as_str(), reading["reading"].as_str()),
        (Some("射"), Some("食亦反"))
    );
    let aligned = &v["aligned"][0];
    assert_eq!(aligned["kind"], "edition");
    assert_eq!(aligned["source"], "xiangshe.zhushu");
    assert_eq!(aligned["line"], 48);

    let human = sheli(dir.path(), &["show", "xiangshe.zhushu.0001"]);
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(text.contains("[經] 鄉射之禮。主人戒賓。"), "{text}");
    assert!(text.contains("line"), "{text}");
}

#[test]
fn unknown_ids_get_a_clear_error_and_a_failing_exit() {
    let dir = tempfile::tempdir().unwrap();
    let out = sheli(dir.path(), &["show", "xiangshe.zhushu.9999"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no passage has the id `xiangshe.zhushu.9999`"));
}

#[test]
fn search_json_has_totals_breakdowns_and_results() {
    let dir = tempfile::tempdir().unwrap();
    let out = sheli(dir.path(), &["search", "觯", "--json", "--limit", "3"]);
    let v = json(&out);
    assert!(stderr(&out).contains("rebuilt the search index"), "first use builds and says so");
    assert_eq!(v["total_occurrences"], 273);
    assert_eq!(v["by_source"]["xiangshe.yiwen"]["occurrences"], 56);
    assert_eq!(v["by_layer"]["譯"]["occurrences"], 56);
    let first = &v["results"][0];
    for key in ["id", "source", "work", "layer", "line", "snippet", "highlights"] {
        assert!(!first[key].is_null(), "result has {key}");
    }
    assert_eq!(v["results"].as_array().unwrap().len(), 3);
    let again = sheli(dir.path(), &["search", "矦", "--json", "--layer", "經", "--work", "鄉射禮"]);
    assert!(!stderr(&again).contains("rebuilt"), "the index is reused");
    let v = json(&again);
    assert!(
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["layer"] == "經" && r["work"] == "鄉射禮")
    );
    let exact = json(&sheli(dir.path(), &["search", "觶", "--exact", "--json"]));
    assert_eq!(exact["by_source"]["xiangshe.yiwen"]["occurrences"], 0);
    // A Latin word that is not pinyin finds nothing, and the output says why.
    let latin = sheli(dir.path(), &["search", "hello"]);
    let text = String::from_utf8_lossy(&latin.stdout);
    assert!(text.contains("0 occurrences"), "{text}");
    assert!(text.contains("note: `hello` is not a pinyin syllable"), "{text}");
    assert_eq!(
        json(&sheli(dir.path(), &["search", "觯", "--json"]))["notes"],
        serde_json::json!([])
    );
    // A syllable's characters as the traditional texts write them (觶, 質),
    // not the fold's simplified keys (觯, 质) that read as if those were found.
    let zhi = sheli(dir.path(), &["search", "zhi4"]);
    let text = String::from_utf8_lossy(&zhi.stdout);
    let line =
        text.lines().find(|l| l.contains("pinyin zhi4 =")).unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains('觶') && line.contains('質') && !line.contains('觯') && !line.contains('质'),
        "{line}"
    );
}

/// `text` read by Python's csv module, a reader written by others: TSV as
/// plain tab-separated lines (no quoting), CSV as RFC 4180.
fn python_rows(text: &str, format: &str) -> Vec<Vec<String>> {
    use std::io::Write;
    use std::process::Stdio;
    let script = "import csv, io, json, sys\n\
        f = io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8-sig', newline='')\n\
        r = csv.reader(f, delimiter='\\t', quoting=csv.QUOTE_NONE) if sys.argv[1] == 'tsv' else csv.reader(f)\n\
        print(json.dumps(list(r)))";
    let mut child = Command::new("python3")
        .args(["-c", script, format])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs (the test reads the table with Python's csv module)");
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python3: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("rows as JSON")
}

const HEADER: [&str; 11] = [
    "work",
    "edition",
    "source",
    "passage",
    "segment",
    "layer",
    "line",
    "occurrences",
    "left",
    "match",
    "right",
];

#[test]
fn search_tsv_and_csv_have_every_result_with_its_citation() {
    let dir = tempfile::tempdir().unwrap();
    // More segments than one page of the index holds (1000).
    let q = "之 OR 也 OR 者 OR 不 OR 以 OR 而 OR 其 OR 曰";
    let listing = json(&sheli(dir.path(), &["search", q, "--json", "--limit", "50"]));
    let total = listing["total_segments"].as_u64().unwrap();
    assert!(total > 1000, "{total}");
    let tsv = ok(&sheli(dir.path(), &["search", q, "--format", "tsv"]));
    assert_eq!(tsv.lines().next(), Some(HEADER.join("\t").as_str()));
    assert_eq!(tsv.lines().count() as u64, total + 1, "a header and a row per segment");
    let rows = python_rows(&tsv, "tsv");
    assert_eq!(rows[0], HEADER);
    assert_eq!(rows.len() as u64, total + 1);
    assert!(rows.iter().all(|r| r.len() == HEADER.len()), "every row has every column");
    // every segment once
    let keys: std::collections::BTreeSet<(&str, &str)> =
        rows[1..].iter().map(|r| (r[3].as_str(), r[4].as_str())).collect();
    assert_eq!(keys.len() as u64, total);
    // the rows begin as the listing does, best first, each citing its hit
    for (row, hit) in rows[1..].iter().zip(listing["results"].as_array().unwrap()) {
        assert_eq!(row[3], hit["id"].as_str().unwrap());
        assert_eq!(row[2], hit["source"].as_str().unwrap());
        assert_eq!(row[0], hit["work"].as_str().unwrap());
        assert_eq!(row[6], hit["line"].to_string());
        assert_eq!(row[7], hit["occurrences"].to_string());
        assert_eq!(format!("{}{}{}", row[8], row[9], row[10]), hit["snippet"].as_str().unwrap());
        let [a, b] =
            [&hit["highlights"][0][0], &hit["highlights"][0][1]].map(|v| v.as_u64().unwrap());
        let lit: String = hit["snippet"]
            .as_str()
            .unwrap()
            .chars()
            .skip(a as usize)
            .take((b - a) as usize)
            .collect();
        assert_eq!(row[9], lit);
    }
    let editions: std::collections::BTreeSet<(&str, &str)> =
        rows[1..].iter().map(|r| (r[2].as_str(), r[1].as_str())).collect();
    assert!(editions.contains(&("xiangshe.zhushu", "儀禮註疏")), "{editions:?}");
    assert!(editions.contains(&("yanli.zhushu", "儀禮註疏")), "{editions:?}");
    assert!(rows[1..].iter().any(|r| r[5] == "記") && rows[1..].iter().any(|r| r[5] == "疏"));

    // CSV: the same rows, quoted where a cell holds a comma (the texts are
    // full of them)
    let csv = ok(&sheli(dir.path(), &["search", q, "--format", "csv"]));
    assert!(csv.contains('"'), "cells with commas are quoted");
    // A spreadsheet reads the CSV as UTF-8 only with a byte order mark, as
    // the window's CSV has (the outside tester's F20); the TSV has none.
    assert!(csv.starts_with('\u{feff}'), "the CSV starts with a BOM");
    assert!(!tsv.starts_with('\u{feff}'), "the TSV has no BOM");
    assert_eq!(python_rows(&csv, "csv"), rows);
}

fn fold(s: &str) -> String {
    sheli_corpus::fold::fold(s, sheli_corpus::FoldMode::Folded)
}

#[test]
fn a_proximity_exported_highlights_from_the_first_part_to_the_last() {
    let dir = tempfile::tempdir().unwrap();
    let q = "\"主人 賓\"~3";
    let total = json(&sheli(dir.path(), &["search", q, "--json"]))["total_segments"].as_u64();
    let out = sheli(dir.path(), &["search", q, "--format", "tsv", "--layer", "經"]);
    let rows = python_rows(&ok(&out), "tsv");
    assert!(rows.len() > 1 && (rows.len() as u64 - 1) < total.unwrap());
    for r in &rows[1..] {
        assert_eq!(r[5], "經");
        // as search folds it: 主人, at most 3 characters, 賓
        let m = fold(&r[9]);
        let (first, last) = (fold("主人"), fold("賓"));
        assert!(m.starts_with(&first) && m.ends_with(&last) && m.chars().count() <= 6, "{}", r[9]);
    }
    // a malformed query fails as in the listing, nothing on standard output
    let bad = sheli(dir.path(), &["search", "\"主人 賓\"~x", "--format", "tsv"]);
    assert!(!bad.status.success());
    assert!(bad.stdout.is_empty());
    assert!(stderr(&bad).contains("is not a number of characters"), "{}", stderr(&bad));
}

#[test]
fn malformed_queries_exit_non_zero_naming_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    for (q, says) in [
        ("\"再拜", "unbalanced quote"),
        ("觶 -", "lone '-'"),
        ("觶 foo:x", "unknown field"),
        ("\"主人 賓\"~", "`~` needs a number of characters"),
        ("主人 NEAR/3", "NEAR/3 needs a term on both sides"),
        ("再拜?", "cannot begin or end a term"),
        ("\"主人 賓\"~99", "at most 50 characters"),
    ] {
        let out = sheli(dir.path(), &["search", q]);
        assert!(!out.status.success(), "{q}");
        assert!(stderr(&out).contains(says), "{q}: {}", stderr(&out));
    }
    let out = sheli(dir.path(), &["search", "觶", "--layer", "傳"]);
    assert!(stderr(&out).contains("unknown layer"));
}

#[test]
fn a_truncated_index_is_rebuilt_and_search_answers() {
    let dir = tempfile::tempdir().unwrap();
    json(&sheli(dir.path(), &["search", "觯", "--json"]));
    // the generation in use (docs/data-folder.md)
    let current = std::fs::read_to_string(dir.path().join("index/CURRENT")).unwrap();
    let index = dir.path().join("index").join(current.trim());
    for entry in std::fs::read_dir(&index).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "idx" || e == "pos" || e == "store") {
            std::fs::OpenOptions::new().write(true).open(&p).unwrap().set_len(10).unwrap();
        }
    }
    let out = sheli(dir.path(), &["search", "觯", "--json"]);
    assert!(stderr(&out).contains("damaged"), "{}", stderr(&out));
    assert_eq!(json(&out)["total_occurrences"], 273);
}

#[test]
fn import_adds_texts_in_any_chinese_encoding_and_refuses_bad_files_whole() {
    let dir = tempfile::tempdir().unwrap();
    let files = tempfile::tempdir().unwrap();
    let (gb, _, _) = encoding_rs::GB18030
        .encode("周礼射人\n\n以射法治射仪。王以六耦射三侯。\n\n[注] 射法,王射之礼。\n");
    std::fs::write(files.path().join("射人.txt"), &gb).unwrap();
    let (big5, _, _) = encoding_rs::BIG5.encode("大射之禮。王以六耦射三侯,三獲三容。\n");
    std::fs::write(files.path().join("big5.txt"), &big5).unwrap();

    let out = sheli(dir.path(), &["import", files.path().to_str().unwrap(), "--work", "周禮"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("gb18030") && said.contains("Big5"), "{said}");
    let v = json(&sheli(dir.path(), &["search", "六耦射三侯", "--json", "--work", "周禮"]));
    assert_eq!(v["total_occurrences"], 2);
    let zhu = json(&sheli(dir.path(), &["search", "射法 layer:注", "--json"]));
    assert_eq!(zhu["total_segments"], 1);

    // a folder with one good and one binary file imports nothing
    let bad = tempfile::tempdir().unwrap();
    std::fs::write(bad.path().join("good.txt"), "君子之射。").unwrap();
    std::fs::write(bad.path().join("bad.txt"), b"\x7fELF\x00\x01\x02").unwrap();
    let out = sheli(dir.path(), &["import", bad.path().to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("bad.txt") && stderr(&out).contains("binary"),
        "{}",
        stderr(&out)
    );
    let v = json(&sheli(dir.path(), &["search", "君子之射", "--json"]));
    assert_eq!(v["total_occurrences"], 0, "nothing was half-imported");

    let out = sheli(dir.path(), &["import", files.path().join("big5.txt").to_str().unwrap()]);
    assert!(stderr(&out).contains("already in the library"));
}

#[test]
fn output_cut_short_by_a_pipe_is_not_a_crash() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["search", "之", "--limit", "1000"])
        .env("SHELI_DATA_DIR", dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// With `--json`, a failure is `{"error": {"kind", "message"}}` on standard
/// output (what a script parses), exit 1, and nothing on standard error but
/// progress; the kind comes from the error's type.
fn json_error(out: &Output) -> (String, String) {
    json_error_code(out).0
}

/// As `json_error`, with the error's stable code where it has one.
fn json_error_code(out: &Output) -> ((String, String), Option<String>) {
    assert_eq!(out.status.code(), Some(1), "stderr: {}", stderr(out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("stdout is one JSON error ({e}): {}", String::from_utf8_lossy(&out.stdout))
    });
    let e = &v["error"];
    assert_eq!(v.as_object().unwrap().len(), 1, "{v}");
    let code = e.get("code").map(|c| c.as_str().unwrap().to_owned());
    assert!(code.is_some(), "every error has a code: {v}");
    // `items`: each file an import refused, with its reason's code.
    let items = e.get("items").is_some_and(|i| i.as_array().is_some_and(|a| !a.is_empty()));
    let fields = 2 + usize::from(code.is_some()) + usize::from(items);
    assert_eq!(e.as_object().unwrap().len(), fields, "{v}");
    ((e["kind"].as_str().unwrap().to_owned(), e["message"].as_str().unwrap().to_owned()), code)
}

/// The CLI's own checks carry a code too (`cli.*`), as the store's and the
/// query's errors do, so a script never has to read the English to tell
/// them apart (h6 tester's leftover: `sheli --json char abc` had none).
#[test]
fn the_cli_s_own_refusals_carry_a_code() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let code = |args: &[&str]| {
        let ((kind, _), code) = json_error_code(&sheli(d, args));
        (kind, code.unwrap_or_default())
    };
    let want = |kind: &str, code: &str| (kind.to_owned(), code.to_owned());
    assert_eq!(
        code(&["--json", "char", "abc"]),
        want("invalid_input", "cli.invalid.no_han_character")
    );
    assert_eq!(
        code(&["--json", "glossary", "show", "nope"]),
        want("not_found", "cli.not_found.glossary")
    );
    assert_eq!(
        code(&["--json", "notes", "search", " "]),
        want("invalid_input", "cli.invalid.empty_search")
    );
    ok(&sheli(d, &["glossary", "create", "g"]));
    let file = d.join("g.tsv");
    std::fs::write(&file, "mine").unwrap();
    let path = file.to_str().unwrap();
    assert_eq!(
        code(&["--json", "glossary", "export", "g", "-o", path]),
        want("conflict", "cli.conflict.file_exists")
    );
}

#[test]
fn with_json_every_failure_is_a_json_error_on_stdout_with_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ((kind, message), code) = json_error_code(&sheli(d, &["search", "\"再拜", "--json"]));
    assert_eq!((kind.as_str(), message.contains("unbalanced quote")), ("invalid_input", true));
    assert_eq!(code.as_deref(), Some("query.unclosed_quote"));
    // --json is accepted before the command as well as after it
    let (kind, _) = json_error(&sheli(d, &["--json", "search", "觶 foo:x"]));
    assert_eq!(kind, "invalid_input");
    let (kind, message) = json_error(&sheli(d, &["show", "xiangshe.zhushu.9999", "--json"]));
    assert_eq!(kind, "not_found");
    assert!(message.contains("xiangshe.zhushu.9999"), "{message}");
    let (kind, message) = json_error(&sheli(d, &["glossary", "show", "nope", "--json"]));
    assert_eq!(kind, "not_found");
    assert!(message.contains("nope"), "{message}");
    // commands that print nothing but a sentence on success fail as JSON too
    let (kind, _) = json_error(&sheli(d, &["glossary", "delete", "nope", "--json"]));
    assert_eq!(kind, "not_found");
    let (kind, _) = json_error(&sheli(d, &["notes", "delete", "999", "--json"]));
    assert_eq!(kind, "not_found");
    let missing = d.join("no-such-backup.sheli");
    let (kind, message) = json_error(&sheli(d, &["restore", missing.to_str().unwrap(), "--json"]));
    assert_eq!(kind, "not_found");
    assert!(message.contains("no-such-backup.sheli"), "{message}");
    let not_backup = d.join("x.sheli");
    std::fs::write(&not_backup, "hello").unwrap();
    let (kind, _) = json_error(&sheli(d, &["restore", not_backup.to_str().unwrap(), "--json"]));
    assert_eq!(kind, "incompatible");
    assert_eq!(json(&sheli(d, &["glossary", "create", "g", "--json"]))["name"], "g");
    let ((kind, message), code) =
        json_error_code(&sheli(d, &["glossary", "create", "g", "--json"]));
    assert_eq!(kind, "conflict");
    assert_eq!(code.as_deref(), Some("store.duplicate_glossary"));
    assert!(message.contains("already exists"), "{message}");
    let binary = d.join("bad.txt");
    std::fs::write(&binary, b"\x7fELF\x00\x01\x02").unwrap();
    let (kind, _) = json_error(&sheli(d, &["import", binary.to_str().unwrap(), "--json"]));
    assert_eq!(kind, "invalid_input");

    // Without --json: one line on stderr, nothing on stdout.
    let out = sheli(d, &["show", "xiangshe.zhushu.9999"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).starts_with("sheli: no passage"), "{}", stderr(&out));
    // A wrong command line is clap's: usage on stderr, exit 2, even with --json.
    let out = sheli(d, &["search", "--json", "--no-such-flag", "觶"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).contains("Usage"), "{}", stderr(&out));
}

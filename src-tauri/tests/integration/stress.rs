//! The stress target (`make stress`): the real `sheli` binary SIGKILLed at
//! random moments during imports, restores and store writes, imports and
//! searches at the same time, and four processes opening a fresh data folder
//! — each checked against the contract of `docs/data-folder.md`.
//!
//! Also: SIGKILL during an export over an existing file (old file or new,
//! never a part).
//!
//! `SHELI_STRESS_ROUNDS` sets the kills per loop (default 4: the short
//! version that `make test` runs in seconds; `make stress` runs 100) and
//! `SHELI_STRESS_SEED` the random delays (printed, to replay a run). Every
//! loop prints what it tried and what it found (`--nocapture` shows it); a
//! loop fails when it found a fault, after listing all of them.
//!
//! "Whole" (checked after every kill, see [`whole`]): the next open of the
//! store and of the library succeeds, the store passes `integrity_check`,
//! every text that `texts/manifest.toml` lists exists with its sha256, a
//! search answers, and no `.restore-*`, `restore.journal` or index build
//! folder is left after that open.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::common::sheli;

/// Kills per loop (and rounds of the loops without kills).
fn rounds() -> usize {
    std::env::var("SHELI_STRESS_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4).max(1)
}

/// xorshift64*: random delays without a dependency; the seed is printed.
struct Rng(u64);

impl Rng {
    fn new(name: &str) -> Rng {
        let seed = std::env::var("SHELI_STRESS_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(1)
            });
        println!("stress {name}: seed {seed} (SHELI_STRESS_SEED={seed} replays it)");
        Rng(seed | 1)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n.max(1)
    }
    fn delay(&mut self, max: Duration) -> Duration {
        Duration::from_micros(self.below(max.as_micros() as u64 + 1))
    }
}

fn spawn(data: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(args)
        .env("SHELI_DATA_DIR", data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sheli starts")
}

/// Waits `delay`, then SIGKILLs the process unless it has ended. True if it
/// was killed (false: it finished first).
fn kill_after(mut child: Child, delay: Duration) -> bool {
    std::thread::sleep(delay);
    if child.try_wait().expect("wait").is_some() {
        return false;
    }
    child.kill().expect("SIGKILL");
    let status = child.wait().expect("wait");
    use std::os::unix::process::ExitStatusExt;
    // It may have ended between try_wait and kill.
    status.signal() == Some(9)
}

/// How long `args` takes when nobody kills it: the range of the random
/// delays (a little more, so that some runs finish).
fn calibrate(data: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let out = sheli(data, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    start.elapsed().mul_f32(1.2)
}

fn stdout_json(out: &Output) -> Option<Value> {
    serde_json::from_slice(&out.stdout).ok()
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}, stdout {}, stderr {}",
        out.status.code(),
        tail(&String::from_utf8_lossy(&out.stdout)),
        tail(&String::from_utf8_lossy(&out.stderr))
    )
}

/// The end of a long message (where SQLite and the OS say what failed).
fn tail(s: &str) -> String {
    let chars: Vec<char> = s.trim().replace('\n', " | ").chars().collect();
    let from = chars.len().saturating_sub(300);
    let cut = if from > 0 { "…" } else { "" };
    format!("{cut}{}", chars[from..].iter().collect::<String>())
}

/// What `texts/manifest.toml` lists: (file, sha256, origin) per text.
fn manifest(data: &Path) -> Result<Vec<(String, String, String)>, String> {
    let path = data.join("texts/manifest.toml");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let v: toml::Value = toml::from_str(&text).map_err(|e| format!("manifest unreadable: {e}"))?;
    let field =
        |s: &toml::Value, k: &str| s.get(k).and_then(|v| v.as_str()).unwrap_or("").to_owned();
    Ok(v.get("source")
        .and_then(|s| s.as_array())
        .map(|a| {
            a.iter().map(|s| (field(s, "file"), field(s, "sha256"), field(s, "origin"))).collect()
        })
        .unwrap_or_default())
}

/// The faults of the data folder after a kill (empty: whole). Opens it as
/// the next `sheli` would, first. A leftover folder is reported once, when
/// it first appears (`seen` holds those already reported): it stays there
/// in every later round.
fn whole(data: &Path, seen: &mut BTreeSet<String>) -> Vec<String> {
    let mut faults = Vec::new();
    // The next open: the store (which finishes or undoes an interrupted
    // restore), then the library and the index (a search).
    let out = sheli(data, &["glossary", "list", "--json"]);
    if !out.status.success() || stdout_json(&out).is_none() {
        faults.push(format!("the store does not open: {}", describe(&out)));
    }
    let out = sheli(data, &["search", "射", "--json"]);
    match stdout_json(&out) {
        Some(v) if out.status.success() && v["total_occurrences"].as_u64() > Some(0) => {}
        _ => faults.push(format!("search does not answer: {}", describe(&out))),
    }
    let db = data.join("user.sqlite3");
    if db.exists() {
        match rusqlite::Connection::open(&db)
            .and_then(|c| c.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0)))
        {
            Ok(s) if s == "ok" => {}
            other => faults.push(format!("integrity_check: {other:?}")),
        }
    }
    match manifest(data) {
        Err(e) => faults.push(e),
        Ok(texts) => {
            for (file, sha, _) in texts {
                let path = data.join("texts").join(&file);
                match std::fs::read(&path) {
                    Ok(bytes) => {
                        let got = format!("{:x}", Sha256::digest(&bytes));
                        if got != sha {
                            faults.push(format!("texts/{file}: sha256 {got}, manifest says {sha}"));
                        }
                    }
                    Err(e) => faults.push(format!("texts/{file} listed but unreadable: {e}")),
                }
            }
        }
    }
    faults.extend(leftovers(data).into_iter().filter(|l| seen.insert(l.clone())));
    faults
}

/// What an interrupted restore or index build leaves, if still there.
fn leftovers(data: &Path) -> Vec<String> {
    let names = |dir: &Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default()
    };
    let mut found = Vec::new();
    for n in names(data) {
        if n.starts_with(".restore-") || n == "restore.journal" || n.starts_with(".index.building-")
        {
            found.push(format!("left after the next open: {n}"));
        }
    }
    for n in names(&data.join("index")) {
        if n.starts_with(".building-") {
            found.push(format!("left after the next open: index/{n}"));
        }
    }
    found
}

/// A text of its own for round `n`: a phrase found nowhere else (four
/// ideographs picked by `n` from a block the built-in texts hardly use),
/// repeated to a size that makes the import take a while.
fn text_for(n: usize) -> (String, String) {
    let base = 0x5A00 + (n as u32 * 4) % 0x0800;
    let phrase: String = (0..4).map(|i| char::from_u32(base + i).unwrap()).collect();
    let mut text = format!("試文第{n}\n\n");
    for i in 0..400 {
        text.push_str(&format!("射禮之{phrase}其{i}也。主人戒賓，賓拜辱。\n\n"));
    }
    (phrase, text)
}

fn report(name: &str, tried: &str, faults: &[String]) {
    println!("stress {name}: tried {tried}");
    if faults.is_empty() {
        println!("stress {name}: found no fault");
    } else {
        println!("stress {name}: found {} fault(s):", faults.len());
        for f in faults {
            println!("  - {f}");
        }
    }
}

/// SIGKILL during `sheli import` (a text and its index build). Each round
/// imports a new text; after the kill, the folder is whole and the text is
/// either in the library and found by a search, or in neither.
///
/// Depends on: the import's all-or-nothing write and the index generations
/// with leftover builds removed under the writers' lock — both in place
/// (100 kills found no fault); a search after a kill mid-build rebuilds.
#[test]
fn sigkill_during_imports_leaves_the_library_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let mut rng = Rng::new("imports");
    let first = files.join("calibrate.txt");
    std::fs::write(&first, text_for(10_000).1).unwrap();
    let max = calibrate(&data, &["import", first.to_str().unwrap(), "--work", "試"]);
    let (mut killed, mut landed) = (0, 0);
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    for n in 0..rounds() {
        let (phrase, text) = text_for(n);
        let file: PathBuf = files.join(format!("imp-{n}.txt"));
        std::fs::write(&file, text).unwrap();
        let child = spawn(&data, &["import", file.to_str().unwrap(), "--work", "試"]);
        killed += kill_after(child, rng.delay(max)) as usize;
        let mut found = whole(&data, &mut seen);
        let listed = manifest(&data)
            .unwrap_or_default()
            .iter()
            .any(|(_, _, origin)| origin == &format!("imp-{n}.txt"));
        landed += listed as usize;
        let out = sheli(&data, &["search", &format!("\"{phrase}\""), "--json"]);
        let hits = stdout_json(&out).and_then(|v| v["total_occurrences"].as_u64());
        match (listed, hits) {
            (true, Some(h)) if h > 0 => {}
            (false, Some(0)) => {}
            _ => found.push(format!(
                "text imp-{n} listed: {listed}, search for it: {hits:?} ({})",
                describe(&out)
            )),
        }
        faults.extend(found.into_iter().map(|f| format!("round {n}: {f}")));
    }
    report(
        "imports",
        &format!(
            "{} imports, SIGKILL after 0–{max:?}: {killed} killed ({landed} had landed), {} finished",
            rounds(),
            rounds() - killed
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

/// What tells one backup's state from another's: glossary names, note
/// bodies, imported texts' origins, and `settings.json`.
type Fingerprint = (Vec<String>, Vec<String>, Vec<String>, String);

fn fingerprint(data: &Path) -> Fingerprint {
    let strings = |args: &[&str], key: &str| -> Vec<String> {
        let v = stdout_json(&sheli(data, args)).unwrap_or(Value::Null);
        let mut list: Vec<String> = v
            .as_array()
            .map(|a| a.iter().filter_map(|x| x[key].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        list.sort();
        list
    };
    let mut origins: Vec<String> =
        manifest(data).unwrap_or_default().into_iter().map(|(_, _, o)| o).collect();
    origins.sort();
    (
        strings(&["glossary", "list", "--json"], "name"),
        strings(&["notes", "list", "--json"], "body"),
        origins,
        std::fs::read_to_string(data.join("settings.json")).unwrap_or_default(),
    )
}

/// SIGKILL during `sheli restore`, alternating between two backups whose
/// glossaries, notes and texts all differ: after the next open the folder is
/// whole and holds one backup's state or the other's, never a mix.
///
/// Depends on: the restore journal with roll-forward/roll-back at the next
/// open (helper "restore"). Before it, 100 kills found the store of one
/// backup beside the texts and settings of the other, and a `.restore-*`
/// folder left by most kills; the short version may pass by luck.
#[test]
fn sigkill_during_restores_leaves_one_state_or_the_other() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let d = data.as_path();
    let run = |args: &[&str]| {
        let out = sheli(d, args);
        assert!(out.status.success(), "{args:?}: {}", describe(&out));
    };
    let file = |name: &str, n: usize| {
        let p = tmp.path().join(name);
        std::fs::write(&p, text_for(n).1).unwrap();
        p
    };
    let (a_text, b_text) = (file("a.txt", 1), file("b.txt", 2));
    let (a, b) = (tmp.path().join("a.sheli"), tmp.path().join("b.sheli"));
    run(&["glossary", "create", "state-a"]);
    run(&["glossary", "add", "state-a", "--builtin", "zhi"]);
    run(&["notes", "add", "xiangshe.zhushu.0001", "--quote", "鄉射", "--body", "note a"]);
    run(&["import", a_text.to_str().unwrap(), "--work", "甲"]);
    // Settings are the app's; any JSON is carried (the CLI never reads them).
    std::fs::write(d.join("settings.json"), r#"{"stress": "a"}"#).unwrap();
    run(&["backup", a.to_str().unwrap()]);
    let state_a = fingerprint(d);
    run(&["glossary", "delete", "state-a"]);
    run(&["glossary", "create", "state-b"]);
    run(&["notes", "add", "xiangshe.zhushu.0002", "--quote", "主人", "--body", "note b"]);
    run(&["import", b_text.to_str().unwrap(), "--work", "乙"]);
    std::fs::write(d.join("settings.json"), r#"{"stress": "b"}"#).unwrap();
    run(&["backup", b.to_str().unwrap()]);
    let state_b = fingerprint(d);
    assert_ne!(state_a, state_b);

    let mut rng = Rng::new("restores");
    let max = calibrate(d, &["restore", a.to_str().unwrap()]);
    let mut current_a = true;
    let (mut killed, mut switched) = (0, 0);
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    for n in 0..rounds() {
        let target = if current_a { &b } else { &a };
        let child = spawn(d, &["restore", target.to_str().unwrap()]);
        killed += kill_after(child, rng.delay(max)) as usize;
        let mut found = whole(d, &mut seen);
        let now = fingerprint(d);
        if now == state_a {
            switched += !current_a as usize;
            current_a = true;
        } else if now == state_b {
            switched += current_a as usize;
            current_a = false;
        } else {
            found.push(format!("a mix of both backups: {now:?}"));
            // Start the next round from a known state (if a restore still
            // works at all: that is a finding too).
            let out = sheli(d, &["restore", a.to_str().unwrap()]);
            if !out.status.success() {
                found.push(format!("a plain restore failed after it: {}", describe(&out)));
            }
            current_a = fingerprint(d) == state_a;
        }
        faults.extend(found.into_iter().map(|f| format!("round {n}: {f}")));
    }
    report(
        "restores",
        &format!(
            "{} restores, SIGKILL after 0–{max:?}: {killed} killed, {switched} had switched state",
            rounds()
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

/// SIGKILL during a burst of store writes (`sheli store-stress`, one note
/// per transaction, an ack after each commit): every acknowledged note is
/// there, and the folder is whole. Depends on nothing pending (SQLite's WAL).
#[test]
fn sigkill_during_store_writes_loses_nothing_acknowledged() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let mut rng = Rng::new("store writes");
    let max = Duration::from_millis(150);
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    let mut acked_total = 0;
    for n in 0..rounds() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sheli"))
            .args(["store-stress", "1000000"])
            .env("SHELI_DATA_DIR", &data)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let acks = Arc::new(Mutex::new(Vec::<i64>::new()));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let reader = {
            let acks = acks.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if line == "ready" {
                        let _ = ready_tx.send(());
                    } else if let Some(rest) = line.strip_prefix("ack ") {
                        let id: Option<i64> = rest.split(' ').nth(1).and_then(|s| s.parse().ok());
                        acks.lock().unwrap().extend(id);
                    }
                }
            })
        };
        // Kill at a random moment of the burst (from its start: opening the
        // store may be interrupted too, half the time).
        if rng.below(2) == 0 {
            let _ = ready_rx.recv_timeout(Duration::from_secs(30));
        }
        kill_after(child, rng.delay(max));
        reader.join().unwrap();
        let acks = acks.lock().unwrap().clone();
        acked_total += acks.len();
        let mut found = whole(&data, &mut seen);
        if let Ok(conn) = rusqlite::Connection::open(data.join("user.sqlite3")) {
            for id in &acks {
                let there: Result<i64, _> =
                    conn.query_row("SELECT count(*) FROM note WHERE id = ?1", [id], |r| r.get(0));
                if there != Ok(1) {
                    found.push(format!("acknowledged note {id} is missing"));
                }
            }
        }
        faults.extend(found.into_iter().map(|f| format!("round {n}: {f}")));
    }
    report(
        "store writes",
        &format!(
            "{} bursts, SIGKILL after 0–{max:?}: {acked_total} acknowledged notes checked",
            rounds()
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

/// Three imports and two searching processes at once, a round at a time:
/// every search answers, every import exits 0 and its text is in the
/// library. Depends on: the writers' lock around imports (helper "library":
/// two imports at once both land; before it, about one round in two lost a
/// text or failed on the shared manifest temporary file) and the index
/// generations (in place: a search during a rebuild answers).
#[test]
fn concurrent_imports_all_land_and_searches_all_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let d = data.as_path();
    assert!(sheli(d, &["search", "射", "--json"]).status.success());
    let rounds = rounds().div_ceil(5);
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    let (mut imports, mut searches) = (0, 0);
    for round in 0..rounds {
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let searchers: Vec<_> = (0..2)
            .map(|_| {
                let (done, data) = (done.clone(), data.clone());
                std::thread::spawn(move || {
                    let mut failed = Vec::new();
                    let mut count = 0;
                    // At least one search, then as many as fit beside the imports.
                    loop {
                        let out = sheli(&data, &["search", "射", "--json"]);
                        count += 1;
                        let answered = out.status.success()
                            && stdout_json(&out)
                                .is_some_and(|v| v["total_occurrences"].as_u64() > Some(0));
                        if !answered {
                            failed.push(format!("a search failed: {}", describe(&out)));
                        }
                        if done.load(std::sync::atomic::Ordering::SeqCst) {
                            return (count, failed);
                        }
                    }
                })
            })
            .collect();
        let importers: Vec<_> = (0..3)
            .map(|i| {
                let n = 1000 + round * 3 + i;
                let file = tmp.path().join(format!("con-{n}.txt"));
                std::fs::write(&file, text_for(n).1).unwrap();
                let data = data.clone();
                std::thread::spawn(move || {
                    (n, sheli(&data, &["import", file.to_str().unwrap(), "--work", "並"]))
                })
            })
            .collect();
        for h in importers {
            let (n, out) = h.join().unwrap();
            imports += 1;
            if !out.status.success() {
                faults.push(format!("round {round}: import con-{n} failed: {}", describe(&out)));
            }
        }
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        for h in searchers {
            let (count, failed) = h.join().unwrap();
            searches += count;
            faults.extend(failed.into_iter().map(|f| format!("round {round}: {f}")));
        }
        let origins: BTreeSet<String> =
            manifest(d).unwrap_or_default().into_iter().map(|(_, _, o)| o).collect();
        for i in 0..3 {
            let n = 1000 + round * 3 + i;
            if !origins.contains(&format!("con-{n}.txt")) {
                faults.push(format!(
                    "round {round}: the text of import con-{n} is not in the library"
                ));
            }
        }
        faults.extend(whole(d, &mut seen).into_iter().map(|f| format!("round {round}: {f}")));
    }
    report(
        "concurrent imports and searches",
        &format!(
            "{rounds} rounds: {imports} imports (3 at a time), {searches} searches beside them"
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

/// Four processes opening a fresh data folder at once — four glossaries
/// created (the store's first migration), and on another fresh folder four
/// searches (the first index build): all succeed, nothing is lost.
/// Depends on: serialised migrations of a fresh store (helper "restore",
/// `Store::open`; before it, about half the rounds failed in the migration
/// or with "database is locked"); the index side holds today.
#[test]
fn four_processes_opening_a_fresh_folder_all_succeed() {
    let rounds = rounds();
    let mut faults = Vec::new();
    for round in 0..rounds {
        let tmp = tempfile::tempdir().unwrap();
        let store_dir = tmp.path().join("store");
        let creators: Vec<_> = (0..4)
            .map(|i| {
                let dir = store_dir.clone();
                std::thread::spawn(move || {
                    sheli(&dir, &["glossary", "create", &format!("p{i}"), "--json"])
                })
            })
            .collect();
        for (i, h) in creators.into_iter().enumerate() {
            let out = h.join().unwrap();
            if !out.status.success() {
                faults.push(format!(
                    "round {round}: glossary create p{i} failed: {}",
                    describe(&out)
                ));
            }
        }
        let listed = stdout_json(&sheli(&store_dir, &["glossary", "list", "--json"]))
            .and_then(|v| v.as_array().map(|a| a.len()));
        if listed != Some(4) {
            faults.push(format!("round {round}: {listed:?} glossaries, not 4"));
        }
        let index_dir = tmp.path().join("index");
        let searchers: Vec<_> = (0..4)
            .map(|_| {
                let dir = index_dir.clone();
                std::thread::spawn(move || sheli(&dir, &["search", "射", "--json"]))
            })
            .collect();
        for h in searchers {
            let out = h.join().unwrap();
            if !out.status.success() || stdout_json(&out).is_none() {
                faults.push(format!("round {round}: a first search failed: {}", describe(&out)));
            }
        }
        faults.extend(
            whole(&index_dir, &mut BTreeSet::new())
                .into_iter()
                .map(|f| format!("round {round}: {f}")),
        );
    }
    report(
        "fresh folder",
        &format!(
            "{rounds} rounds of 4 processes creating a glossary and 4 searching, on fresh folders"
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

/// SIGKILL during `notes export -o FILE --force` over an existing file: the
/// file is the old one or the whole new export, never a part (the export is
/// written beside it and renamed over it; before, `std::fs::write` cut the
/// file short first). A temporary file left beside it by a kill is allowed
/// and counted. Depends on nothing pending.
#[test]
fn sigkill_during_an_export_leaves_the_old_file_or_the_new() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let d = data.as_path();
    // Enough notes for an export of a few hundred kilobytes.
    let out = sheli(d, &["store-stress", "1000"]);
    assert!(out.status.success(), "{}", describe(&out));
    let file = tmp.path().join("notes.md");
    let path = file.to_str().unwrap();
    let reference = tmp.path().join("reference.md");
    let max = calibrate(d, &["notes", "export", "-o", reference.to_str().unwrap()]);
    // An export says when it was made (the body's "Exported …" line and the
    // front matter's `exported:`); the rest is the same every time.
    let undated = |b: &[u8]| -> String {
        let text = String::from_utf8_lossy(b);
        text.lines()
            .filter(|l| !l.starts_with("Exported ") && !l.starts_with("exported: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let new = undated(&std::fs::read(&reference).unwrap());
    let old = b"the user's own file".to_vec();
    let mut rng = Rng::new("exports");
    let (mut killed, mut replaced) = (0, 0);
    let mut faults = Vec::new();
    for n in 0..rounds() {
        std::fs::write(&file, &old).unwrap();
        let child = spawn(d, &["notes", "export", "-o", path, "--force"]);
        killed += kill_after(child, rng.delay(max)) as usize;
        match std::fs::read(&file) {
            Ok(b) if b == old => {}
            Ok(b) if undated(&b) == new => replaced += 1,
            Ok(b) => faults.push(format!(
                "round {n}: notes.md is neither file: {} bytes of {}",
                b.len(),
                new.len()
            )),
            Err(e) => faults.push(format!("round {n}: notes.md is gone: {e}")),
        }
    }
    let left = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".sheli-tmp-"))
        .count();
    report(
        "exports",
        &format!(
            "{} exports over a file, SIGKILL after 0–{max:?}: {killed} killed, {replaced} had \
             replaced it; {left} temporary file(s) left beside it",
            rounds()
        ),
        &faults,
    );
    assert!(faults.is_empty(), "{faults:#?}");
}

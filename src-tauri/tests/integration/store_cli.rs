//! The store's CLI verbs run as a user runs them (the real `sheli` binary, a
//! real data directory), bad input through the CLI, and crash safety: the
//! process is SIGKILLed in the middle of a burst of writes and every write
//! it acknowledged is in a sound database.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::sheli;
use rusqlite::Connection;
use serde_json::Value;

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_str(&ok(out)).expect("valid JSON")
}

/// Fails with a message on stderr and exit code 1.
fn fails(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(1), "stdout: {}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.starts_with("sheli: "), "{err}");
    err
}

/// An import says what it did: the cards of a new glossary, or what a copy
/// of a glossary already there added, changed or found as the file has it.
#[test]
fn a_glossary_import_says_what_it_added_changed_or_found_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    let tsv = dir.path().join("cups.tsv");
    std::fs::write(&tsv, "觶\ta cup\n豐\ta stand\n").unwrap();
    let import = |file: &Path| ok(&sheli(&d, &["glossary", "import", file.to_str().unwrap()]));
    let first = ok(&sheli(&d, &["glossary", "import", tsv.to_str().unwrap(), "--name", "cups"]));
    assert!(
        first.starts_with("imported 2 cards into glossary #") && first.contains("cups"),
        "{first}"
    );
    let back = dir.path().join("back.tsv");
    ok(&sheli(&d, &["glossary", "export", "cups", "--output", back.to_str().unwrap()]));
    let again = import(&back);
    assert!(
        again.contains(
            "cups from the file: 0 cards added, 0 changed, 2 already as the file has them"
        ),
        "{again}"
    );
    let exported = std::fs::read_to_string(&back).unwrap();
    std::fs::write(&back, exported.replace("a cup", "a drinking cup")).unwrap();
    let changed = import(&back);
    assert!(
        changed.contains("0 cards added, 1 changed, 1 already as the file has it\n"),
        "{changed}"
    );
}

#[test]
fn glossary_review_and_notes_verbs() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let d = data.as_path();

    let g = json(&sheli(d, &["glossary", "create", "射器", "--description", "cups", "--json"]));
    assert_eq!(g["name"], "射器");
    json(&sheli(d, &["glossary", "add", "射器", "--builtin", "zhi", "--json"]));
    let own = json(&sheli(
        d,
        &[
            "glossary",
            "add",
            "射器",
            "--headword",
            "豐",
            "--reading",
            "fēng",
            "--definition",
            "a stand",
            "--tag",
            "vessel",
            "--passage",
            "xiangshe.zhushu.0001",
            "--json",
        ],
    ));
    assert_eq!(own["passages"][0], "xiangshe.zhushu.0001");
    let list = json(&sheli(d, &["glossary", "list", "--json"]));
    assert_eq!(list[0]["cards"], 2);
    let found = json(&sheli(d, &["glossary", "search", "射器", "觯", "--json"]));
    assert_eq!(found.as_array().unwrap().len(), 1);
    assert_eq!(found[0]["headword"], "觶");
    let edited = json(&sheli(
        d,
        &["glossary", "edit", &own["id"].to_string(), "--definition", "a stand for cups", "--json"],
    ));
    assert_eq!(edited["definition"], "a stand for cups");
    ok(&sheli(d, &["glossary", "rename", "射器", "vessels"]));
    let shown = json(&sheli(d, &["glossary", "show", "vessels", "--json"]));
    assert_eq!(shown["cards"].as_array().unwrap().len(), 2);

    // Export to files, import into an empty profile, compare.
    let tsv = dir.path().join("vessels.tsv");
    let js = dir.path().join("vessels.json");
    ok(&sheli(d, &["glossary", "export", "vessels", "--output", tsv.to_str().unwrap()]));
    ok(&sheli(
        d,
        &["glossary", "export", "vessels", "--format", "json", "-o", js.to_str().unwrap()],
    ));
    assert!(
        std::fs::read_to_string(&tsv)
            .unwrap()
            .starts_with("#separator:tab\n#html:true\n#notetype:Basic\n#deck:vessels\n")
    );
    let other = dir.path().join("other");
    let a = json(&sheli(&other, &["glossary", "import", tsv.to_str().unwrap(), "--json"]));
    assert_eq!(a["cards"], 2);
    let b = json(&sheli(
        &other,
        &["glossary", "import", js.to_str().unwrap(), "--name", "from json", "--json"],
    ));
    assert_eq!(b["cards"], 2);
    let strip = |v: &Value| -> Vec<Value> {
        v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                serde_json::json!([
                    c["builtin_id"],
                    c["headword"],
                    c["reading"],
                    c["definition"],
                    c["tags"],
                    c["passages"]
                ])
            })
            .collect()
    };
    let shown_a = json(&sheli(&other, &["glossary", "show", "vessels", "--json"]));
    let shown_b = json(&sheli(&other, &["glossary", "show", "from json", "--json"]));
    assert_eq!(strip(&shown_a), strip(&shown));
    assert_eq!(strip(&shown_b), strip(&shown));

    // Review, non-interactive.
    let due = json(&sheli(d, &["review", "due", "vessels", "--json"]));
    assert_eq!((due["due"].as_u64(), due["new"].as_u64()), (Some(2), Some(2)));
    let next = json(&sheli(d, &["review", "next", "vessels", "--json"]));
    assert_eq!(next["front"], "觶");
    let card = next["card"]["id"].to_string();
    let graded = json(&sheli(d, &["review", "grade", &card, "good", "--json"]));
    assert!(graded["due"].as_i64().unwrap() > graded["reviewed"].as_i64().unwrap() + 86_400);
    let due = json(&sheli(d, &["review", "due", "vessels", "--json"]));
    assert_eq!(due["due"], 1);
    let history = json(&sheli(d, &["review", "history", "vessels", "--json"]));
    assert_eq!(history[0]["grade"], "good");
    let bad_grade = sheli(d, &["review", "grade", &card, "brilliant"]);
    assert_eq!(bad_grade.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_grade.stderr).contains("not a grade"));

    // Notes.
    let n = json(&sheli(
        d,
        &[
            "notes",
            "add",
            "xiangshe.zhushu.0001",
            "--quote",
            "乡射",
            "--body",
            "The **village** archery.",
            "--tag",
            "title",
            "--json",
        ],
    ));
    assert_eq!(n["exact"], "鄉射", "the quote was found through the fold");
    json(&sheli(
        d,
        &[
            "notes",
            "add",
            "xiangshe.zhushu.0001",
            "--quote",
            "戒",
            "--layer",
            "注",
            "--body",
            "on 戒",
            "--json",
        ],
    ));
    let listed = json(&sheli(d, &["notes", "list", "--query", "village", "--json"]));
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let listed = json(&sheli(d, &["notes", "list", "--work", "鄉射禮", "--json"]));
    assert_eq!(listed.as_array().unwrap().len(), 2);
    let md = ok(&sheli(d, &["notes", "export"]));
    assert!(
        md.contains("## 鄉射禮")
            && md.contains("### xiangshe.zhushu.0001")
            && md.contains("> 鄉射"),
        "{md}"
    );
    let anno = dir.path().join("notes.json");
    ok(&sheli(d, &["notes", "export", "--format", "json", "--output", anno.to_str().unwrap()]));
    let imported = json(&sheli(&other, &["notes", "import", anno.to_str().unwrap(), "--json"]));
    assert_eq!((imported["imported"].as_u64(), imported["orphaned"].as_u64()), (Some(2), Some(0)));
    let id = n["id"].to_string();
    ok(&sheli(d, &["notes", "edit", &id, "--body", "changed"]));
    ok(&sheli(d, &["notes", "undo", &id]));
    ok(&sheli(d, &["notes", "delete", &id]));
    assert_eq!(json(&sheli(d, &["notes", "list", "--json"])).as_array().unwrap().len(), 1);
    ok(&sheli(d, &["notes", "undelete", &id]));
    let back = json(&sheli(d, &["notes", "list", "--query", "village", "--json"]));
    assert_eq!(back[0]["body"], "The **village** archery.");
    let r = json(&sheli(d, &["notes", "reanchor", "--json"]));
    assert_eq!(r["unchanged"], 2);

    // Backup and restore into an empty profile.
    let file = dir.path().join("all.sheli");
    let said = ok(&sheli(d, &["backup", file.to_str().unwrap()]));
    // One glossary is "1 glossary" (the outside tester's F20: "1 glossaries").
    assert!(said.contains("backed up 1 glossary, ") && said.contains(" 2 notes"), "{said}");
    let fresh = dir.path().join("fresh");
    let restored = json(&sheli(&fresh, &["restore", file.to_str().unwrap(), "--json"]));
    assert_eq!((restored["glossaries"].as_u64(), restored["notes"].as_u64()), (Some(1), Some(2)));
    for args in [
        &["glossary", "show", "vessels", "--json"][..],
        &["notes", "list", "--json"],
        &["review", "history", "vessels", "--json"],
    ] {
        assert_eq!(json(&sheli(&fresh, args)), json(&sheli(d, args)), "{args:?}");
    }

    ok(&sheli(d, &["glossary", "delete", "vessels"]));
    assert!(json(&sheli(d, &["glossary", "list", "--json"])).as_array().unwrap().is_empty());
}

#[test]
fn bad_input_through_the_cli_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    let d = d.as_path();
    ok(&sheli(d, &["glossary", "create", "g"]));
    ok(&sheli(d, &["notes", "add", "xiangshe.zhushu.0001", "--quote", "鄉射", "--body", "kept"]));
    let snapshot = || {
        (
            ok(&sheli(d, &["glossary", "show", "g", "--json"])),
            ok(&sheli(d, &["notes", "list", "--json"])),
        )
    };
    let before = snapshot();

    assert!(fails(&sheli(d, &["glossary", "show", "nope"])).contains("no glossary"));
    assert!(
        fails(&sheli(d, &["glossary", "add", "g", "--builtin", "nope"])).contains("not a built-in")
    );
    assert!(
        fails(&sheli(d, &["glossary", "add", "g", "--headword", "x", "--passage", "no.such.0001"]))
            .contains("no.such.0001")
    );
    assert!(fails(&sheli(d, &["glossary", "create", "g"])).contains("already exists"));
    assert!(fails(&sheli(d, &["glossary", "edit", "999", "--headword", "x"])).contains("no card"));
    assert!(fails(&sheli(d, &["review", "grade", "999", "good"])).contains("no card"));
    assert!(
        fails(&sheli(d, &["notes", "add", "no.such.0001", "--quote", "x"]))
            .contains("no.such.0001")
    );
    assert!(
        fails(&sheli(d, &["notes", "add", "xiangshe.zhushu.0001", "--quote", "不在此"]))
            .contains("not in passage")
    );
    assert!(fails(&sheli(d, &["notes", "delete", "999"])).contains("no note"));
    let huge = dir.path().join("huge.md");
    std::fs::write(&huge, "長".repeat(20_001)).unwrap();
    let e = fails(&sheli(
        d,
        &[
            "notes",
            "add",
            "xiangshe.zhushu.0001",
            "--quote",
            "鄉射",
            "--body-file",
            huge.to_str().unwrap(),
        ],
    ));
    assert!(e.contains("too long") && e.contains("20000"), "{e}");
    let bad_json = dir.path().join("bad.json");
    std::fs::write(
        &bad_json,
        "{\"format\": \"sheli-glossary\", \"version\": 1, \"name\": \"x\", \"cards\": [",
    )
    .unwrap();
    assert!(
        fails(&sheli(d, &["glossary", "import", bad_json.to_str().unwrap()]))
            .contains("not valid JSON")
    );
    assert!(
        fails(&sheli(d, &["notes", "import", bad_json.to_str().unwrap()]))
            .contains("not valid JSON")
    );
    let bad_tsv = dir.path().join("bad.tsv");
    std::fs::write(&bad_tsv, "#separator:tab\n#deck:x\n\"never closed\tfield\n").unwrap();
    assert!(
        fails(&sheli(d, &["glossary", "import", bad_tsv.to_str().unwrap()])).contains("not closed")
    );
    let not_backup = dir.path().join("x.sheli");
    std::fs::write(&not_backup, "hello").unwrap();
    fails(&sheli(d, &["restore", not_backup.to_str().unwrap()]));
    assert_eq!(snapshot(), before);

    // A store from a newer Sheli: refused, left as it is.
    let newer = dir.path().join("newer");
    ok(&sheli(&newer, &["glossary", "create", "mine"]));
    let path = newer.join("user.sqlite3");
    {
        let c = Connection::open(&path).unwrap();
        c.pragma_update(None, "user_version", 99).unwrap();
        c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    let e = fails(&sheli(&newer, &["glossary", "list"]));
    assert!(e.contains("newer version of Sheli"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

/// Reads `ack <n> <id>` lines; after `kill_after` of them, SIGKILLs the
/// process, then reads whatever it had already printed.
fn burst_and_kill(data: &Path, kill_after: usize) -> Vec<(u32, i64)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["store-stress", "1000000"])
        .env("SHELI_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut acks = Vec::new();
    let mut killed = false;
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if let Some(rest) = line.strip_prefix("ack ") {
            let mut it = rest.split(' ');
            let n: u32 = it.next().unwrap().parse().unwrap();
            let id: i64 = it.next().unwrap().parse().unwrap();
            acks.push((n, id));
            if acks.len() == kill_after && !killed {
                child.kill().unwrap(); // SIGKILL on Unix
                killed = true;
            }
        }
    }
    let status = child.wait().unwrap();
    assert!(killed, "the burst ended before the kill");
    assert!(!status.success(), "the process was killed, not finished");
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL");
    }
    acks
}

#[test]
fn sigkill_in_a_burst_of_writes_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let mut all = Vec::new();
    for kill_after in [50, 20, 80] {
        let acks = burst_and_kill(data, kill_after);
        assert!(acks.len() >= kill_after);
        let conn = Connection::open(data.join("user.sqlite3")).unwrap();
        let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(integrity, "ok");
        let fk: i64 = conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(fk, 0);
        for (n, id) in &acks {
            let body: String = conn
                .query_row("SELECT body FROM note WHERE id = ?1", [id], |r| r.get(0))
                .unwrap_or_else(|e| panic!("acknowledged note {id} (#{n}) is missing: {e}"));
            assert_eq!(body, format!("stress note {n}"));
            let tag: String = conn
                .query_row("SELECT tag FROM note_tag WHERE note_id = ?1", [id], |r| r.get(0))
                .unwrap();
            assert_eq!(tag, "stress", "each note's tags were written with it");
        }
        let total: i64 = conn.query_row("SELECT count(*) FROM note", [], |r| r.get(0)).unwrap();
        assert!(total < 1_000_000, "killed mid-burst");
        all.extend(acks);
    }
    // The store opens, and holds every acknowledged note of all three bursts.
    let store = sheli_store::Store::open_in(data).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let notes = store.notes(&sheli_store::NoteFilter::default()).unwrap();
    for (_, id) in &all {
        assert!(notes.iter().any(|n| n.id == *id), "note {id}");
    }
}

/// A glossary named “1” and the glossary with id 1 are different glossaries:
/// a bare argument is always a name, `--id` makes it an id, and neither hides
/// the other (before, the name won and the other glossary was unreachable by
/// its id, and an all-digit argument with no such name silently meant an id).
#[test]
fn glossaries_are_addressed_by_name_or_explicitly_by_id() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let first = json(&sheli(d, &["glossary", "create", "射器", "--json"]));
    let named_1 = json(&sheli(d, &["glossary", "create", "1", "--json"]));
    assert_eq!(first["id"], 1);
    assert_eq!(named_1["id"], 2, "the glossary named “1” is not the glossary with id 1");
    json(&sheli(d, &["glossary", "add", "射器", "--builtin", "zhi", "--json"]));

    let by_name = json(&sheli(d, &["glossary", "show", "1", "--json"]));
    assert_eq!(by_name["glossary"]["name"], "1");
    let by_id = json(&sheli(d, &["glossary", "show", "--id", "1", "--json"]));
    assert_eq!(by_id["glossary"]["name"], "射器");
    assert_eq!(by_id["cards"][0]["headword"], "觶");
    // `#2`, as `glossary list` prints it, is accepted with --id
    let by_hash = json(&sheli(d, &["glossary", "show", "--id", "#2", "--json"]));
    assert_eq!(by_hash["glossary"]["name"], "1");

    // No glossary is named “2”: refused, with the way to mean the id.
    let e = fails(&sheli(d, &["glossary", "show", "2"]));
    assert!(e.contains("no glossary named “2”") && e.contains("--id"), "{e}");
    let e = fails(&sheli(d, &["glossary", "show", "--id", "9"]));
    assert!(e.contains("no glossary with id 9"), "{e}");
    let e = fails(&sheli(d, &["glossary", "show", "--id", "射器"]));
    assert!(e.contains("--id needs"), "{e}");

    // Every glossary and review command follows the rule.
    let due = json(&sheli(d, &["review", "due", "--id", "1", "--json"]));
    assert_eq!(due["total"], 1);
    let due = json(&sheli(d, &["review", "due", "1", "--json"]));
    assert_eq!(due["total"], 0);
    let next = json(&sheli(d, &["review", "next", "--id", "1", "--json"]));
    assert_eq!(next["front"], "觶");
    json(&sheli(d, &["review", "history", "--id", "1", "--json"]));
    let found = json(&sheli(d, &["glossary", "search", "--id", "1", "觯", "--json"]));
    assert_eq!(found.as_array().unwrap().len(), 1);
    let found = json(&sheli(d, &["glossary", "search", "1", "觯", "--json"]));
    assert!(found.as_array().unwrap().is_empty());
    let tsv = ok(&sheli(d, &["glossary", "export", "--id", "1"]));
    assert!(tsv.contains("#deck:射器"), "{tsv}");
    json(&sheli(d, &["glossary", "add", "1", "--headword", "豐", "--json"]));
    ok(&sheli(d, &["glossary", "rename", "--id", "1", "vessels"]));
    ok(&sheli(d, &["glossary", "delete", "1"]));
    let left = json(&sheli(d, &["glossary", "list", "--json"]));
    let names: Vec<&str> =
        left.as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["vessels"], "deleting “1” deleted the glossary named 1, not id 1");

    let help = ok(&sheli(d, &["glossary", "--help"]));
    assert!(help.contains("always a name") && help.contains("--id"), "{help}");
}

/// `export -o FILE` keeps an existing file unless `--force`, and writes
/// through a temporary file so that no half-written file is ever left.
#[test]
fn exports_never_replace_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    let d = d.as_path();
    ok(&sheli(d, &["glossary", "create", "g"]));
    ok(&sheli(d, &["glossary", "add", "g", "--builtin", "zhi"]));
    ok(&sheli(d, &["notes", "add", "xiangshe.zhushu.0001", "--quote", "鄉射", "--body", "b"]));

    for (what, args) in [
        ("glossary", &["glossary", "export", "g"][..]),
        ("notes", &["notes", "export", "--format", "json"][..]),
    ] {
        let file = dir.path().join(format!("{what}.out"));
        std::fs::write(&file, "mine, not Sheli's").unwrap();
        let path = file.to_str().unwrap();
        let with = |extra: &[&'static str]| -> Vec<&str> {
            args.iter().copied().chain(["-o", path]).chain(extra.iter().copied()).collect()
        };
        let e = fails(&sheli(d, &with(&[])));
        assert!(e.contains("already exists") && e.contains("--force"), "{what}: {e}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine, not Sheli's", "{what}");
        let out = sheli(d, &with(&["--json"]));
        assert_eq!(out.status.code(), Some(1));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "conflict", "{what}");

        let wrote = json(&sheli(d, &with(&["--force", "--json"])));
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(wrote["bytes"].as_u64(), Some(text.len() as u64), "{what}");
        // the whole export (its time stamp aside: a second export may fall in
        // the next second)
        let stamped = |t: &str| -> String {
            t.lines().filter(|l| !l.contains("\"generated\"")).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(stamped(&text), stamped(&ok(&sheli(d, args))), "{what}: the whole export");
        // nothing left beside it: the temporary file was renamed into place
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("sheli-tmp"))
            .collect();
        assert!(names.is_empty(), "{names:?}");
        // a new file needs no --force
        let fresh = dir.path().join(format!("{what}.new"));
        let fresh_path = fresh.to_str().unwrap();
        let fresh_args: Vec<&str> = args.iter().copied().chain(["-o", fresh_path]).collect();
        ok(&sheli(d, &fresh_args));
        assert_eq!(stamped(&std::fs::read_to_string(&fresh).unwrap()), stamped(&text));
    }
    // --force without --output is a usage error
    assert_eq!(sheli(d, &["notes", "export", "--force"]).status.code(), Some(2));
}

/// The outside tester's F20: a glossary saved as "Unicode text" (UTF-16
/// with its mark) or in GB18030 was refused as "not UTF-8 text", while text
/// import reads both; it is now read through the same decoding.
#[test]
fn a_glossary_file_in_utf16_or_gb18030_is_imported() {
    let dir = tempfile::tempdir().unwrap();
    let d = &dir.path().join("data");
    ok(&sheli(d, &["glossary", "create", "酒器"]));
    ok(&sheli(d, &["glossary", "add", "酒器", "--builtin", "zhi"]));
    let tsv = dir.path().join("g.tsv");
    ok(&sheli(d, &["glossary", "export", "酒器", "--output", tsv.to_str().unwrap()]));
    let text = std::fs::read_to_string(&tsv).unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let (gb, _, _) = encoding_rs::GB18030.encode(&text);
    for (name, bytes) in [("u16.tsv", utf16), ("gb.tsv", gb.into_owned())] {
        let file = dir.path().join(name);
        std::fs::write(&file, bytes).unwrap();
        let fresh = dir.path().join(format!("fresh-{name}"));
        let r = json(&sheli(&fresh, &["glossary", "import", file.to_str().unwrap(), "--json"]));
        assert_eq!(r["glossary"]["name"], "酒器", "{name}: {r}");
        let shown = ok(&sheli(&fresh, &["glossary", "show", "酒器"]));
        assert!(shown.contains('觶'), "{name}: {shown}");
    }
}

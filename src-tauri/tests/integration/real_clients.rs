//! Sheli's files read and written by the real clients, not only by Sheli.
//!
//! Anki: the Python package `anki` (Anki's own Rust backend), pinned in
//! scripts/install-deps.sh (`clients`), which `make test` installs into
//! target/clients-venv and names with SHELI_ANKI_PYTHON. A plain `cargo test`
//! without it says so and checks nothing here.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{json, ok, sheli};

fn anki_python() -> Option<String> {
    let python = std::env::var("SHELI_ANKI_PYTHON").ok().filter(|p| !p.is_empty());
    if python.is_none() {
        eprintln!(
            "real_clients: SHELI_ANKI_PYTHON is not set (make test sets it); Anki is not tried"
        );
    }
    python
}

/// Runs scripts/clients/anki_roundtrip.py on `files`; its notes as JSON.
fn anki_import(python: &str, out: &Path, files: &[&Path]) -> Vec<Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/clients/anki_roundtrip.py");
    let run = Command::new(python).arg(script).arg(out).args(files).output().expect("python runs");
    assert!(run.status.success(), "Anki failed: {}", String::from_utf8_lossy(&run.stderr));
    serde_json::from_slice::<Value>(&run.stdout).expect("notes as JSON").as_array().unwrap().clone()
}

#[test]
fn anki_imports_sheli_s_glossary_and_updates_it_on_a_second_import_and_sheli_reads_anki_s_export() {
    let Some(python) = anki_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    ok(&sheli(&data, &["glossary", "create", "酒器"]));
    ok(&sheli(&data, &["glossary", "add", "酒器", "--builtin", "zhi"]));
    let gu = json(&sheli(
        &data,
        &[
            "glossary",
            "add",
            "酒器",
            "--headword",
            "觚",
            "--reading",
            "gū",
            "--definition",
            "a goblet",
            "--tag",
            "vessel",
            "--json",
        ],
    ));
    let first = dir.path().join("first.tsv");
    ok(&sheli(
        &data,
        &["glossary", "export", "酒器", "--format", "tsv", "-o", first.to_str().unwrap()],
    ));
    let id = gu["id"].as_i64().expect("the new card's id").to_string();
    ok(&sheli(&data, &["glossary", "edit", &id, "--definition", "a goblet of two 升"]));
    let second = dir.path().join("second.tsv");
    ok(&sheli(
        &data,
        &["glossary", "export", "酒器", "--format", "tsv", "-o", second.to_str().unwrap()],
    ));

    let notes = anki_import(&python, dir.path(), &[&first, &second]);
    assert_eq!(notes.len(), 2, "the second import updated the notes, not added them: {notes:?}");
    for n in &notes {
        assert_eq!(n["notetype"], "Basic", "{n}");
        assert_eq!(n["deck"], "酒器", "{n}");
        assert!(n["guid"].as_str().unwrap().starts_with("sheli-"), "{n}");
    }
    let gu = notes.iter().find(|n| n["fields"]["Front"] == "觚").expect("觚 is a note");
    assert_eq!(gu["fields"]["Back"], "gū<br>a goblet of two 升", "the second import's definition");
    assert_eq!(gu["tags"], serde_json::json!(["vessel"]));
    let zhi = notes.iter().find(|n| n["fields"]["Front"] == "觶").expect("觶 is a note");
    assert!(
        zhi["fields"]["Back"].as_str().unwrap().contains("drinking cup"),
        "the definition is kept: {zhi}"
    );

    // Anki's own export, read by Sheli into a fresh data folder.
    let other = dir.path().join("other");
    let exported = dir.path().join("anki-export.txt");
    let r = json(&sheli(&other, &["glossary", "import", exported.to_str().unwrap(), "--json"]));
    assert_eq!(r["glossary"]["name"], "酒器", "{r}");
    let shown = json(&sheli(&other, &["glossary", "show", "酒器", "--json"]));
    let cards = shown["cards"].as_array().or(shown.as_array()).unwrap().clone();
    let gu =
        cards.iter().find(|c| c["headword"] == "觚").expect("觚 back in Sheli, headword in place");
    assert_eq!(gu["definition"], "gū\na goblet of two 升");
    assert_eq!(gu["tags"], serde_json::json!(["vessel"]));
}

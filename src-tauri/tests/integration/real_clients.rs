//! Sheli's files read and written by the real clients, not only by Sheli.
//!
//! Anki: the Python package `anki` (Anki's own Rust backend), pinned in
//! scripts/install-deps.sh (`clients`), which `make test` installs into
//! target/clients-venv and names with SHELI_ANKI_PYTHON. The same venv holds
//! `pyld`, the JSON-LD processor that reads the Web Annotation export. Apache
//! Annotator (npm `@apache-annotator/selector`, pinned in tests/clients/ with
//! its lock) resolves the export's selectors with node. A plain `cargo test`
//! without them says so and checks nothing of theirs.

use std::path::Path;
use std::process::Command;

use serde_json::Value;
use sha2::Digest;

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

    // Read again, there and into the store the glossary came from: the
    // GUIDs find the cards, nothing is added, nothing changed is rewritten.
    let count = |data: &Path| {
        json(&sheli(data, &["glossary", "show", "酒器", "--json"]))["cards"]
            .as_array()
            .unwrap()
            .len()
    };
    for data in [&other, &data] {
        let r = json(&sheli(data, &["glossary", "import", exported.to_str().unwrap(), "--json"]));
        assert_eq!(
            (r["glossary"]["name"].as_str(), r["updated"].as_u64()),
            (Some("酒器"), Some(0)),
            "{r}"
        );
        assert_eq!(count(data), 2, "no duplicates in {}", data.display());
    }
    let shown = json(&sheli(&data, &["glossary", "show", "酒器", "--json"]));
    let zhi =
        shown["cards"].as_array().unwrap().iter().find(|c| c["headword"] == "觶").unwrap().clone();
    assert_eq!(zhi["builtin_id"], "zhi", "still the built-in card: {zhi}");
    // Sheli's own export read back into its store after an edit there.
    let r = json(&sheli(&data, &["glossary", "import", first.to_str().unwrap(), "--json"]));
    assert_eq!(r["updated"], 1, "the first export's definition again: {r}");
    assert_eq!(count(&data), 2);
}

/// Runs scripts/clients/anki_apkg.py on `packages`: what Anki made of them.
fn anki_import_packages(python: &str, packages: &[&Path]) -> Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/clients/anki_apkg.py");
    let run = Command::new(python).arg(script).args(packages).output().expect("python runs");
    assert!(run.status.success(), "Anki failed: {}", String::from_utf8_lossy(&run.stderr));
    serde_json::from_slice(&run.stdout).expect("Anki's import as JSON")
}

#[test]
fn anki_imports_the_glossary_package_with_its_drawings_and_updates_it_on_a_second_import() {
    let Some(python) = anki_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    ok(&sheli(&data, &["glossary", "create", "酒器"]));
    ok(&sheli(&data, &["glossary", "add", "酒器", "--builtin", "zhi"]));
    ok(&sheli(&data, &["glossary", "add", "酒器", "--builtin", "gu"]));
    let mine = json(&sheli(
        &data,
        &[
            "glossary",
            "add",
            "酒器",
            "--headword",
            "豐",
            "--reading",
            "fēng",
            "--definition",
            "the stand <for> cups",
            "--tag",
            "vessel",
            "--json",
        ],
    ));
    let export = |name: &str| {
        let path = dir.path().join(name);
        ok(&sheli(
            &data,
            &["glossary", "export", "酒器", "--format", "apkg", "-o", path.to_str().unwrap()],
        ));
        path
    };
    let first = export("first.apkg");
    // Anki updates a note only when it is newer than its own copy, to the
    // second: the edit comes a second after the first export.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let id = mine["id"].as_i64().expect("the new card's id").to_string();
    ok(&sheli(&data, &["glossary", "edit", &id, "--definition", "the stand for the 觶"]));
    let second = export("second.apkg");

    let once = anki_import_packages(&python, &[&first]);
    let notes = once["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 3, "{once}");
    for n in notes {
        assert_eq!(n["notetype"], "Sheli glossary", "{n}");
        assert_eq!(n["deck"], "酒器", "{n}");
        assert_eq!(n["cards"], 1, "{n}");
        assert!(n["guid"].as_str().unwrap().starts_with("sheli-"), "{n}");
    }
    let by_headword = |v: &Value, h: &str| -> Value {
        v["notes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["fields"]["Headword"] == h)
            .cloned()
            .unwrap_or_else(|| panic!("{h} is a note: {v}"))
    };
    // The drawings: named in the Picture field, in Anki's media folder with
    // the bytes Sheli has, and drawn on the back of the card.
    for (h, file) in [("觶", "zhi.svg"), ("觚", "gu.svg")] {
        let n = by_headword(&once, h);
        let media = format!("sheli-{file}");
        assert_eq!(n["media"], serde_json::json!([media]), "{n}");
        let svg = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/glossary/pictures").join(file),
        )
        .unwrap();
        let sha = sha2::Sha256::digest(&svg).iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(once["media"][&media], sha, "{media}'s bytes: {}", once["media"]);
        assert!(n["answer"].as_str().unwrap().contains(&format!(r#"<img src="{media}""#)), "{n}");
        assert!(!n["question"].as_str().unwrap().contains("<img"), "the question shows no picture");
    }
    let zhi = by_headword(&once, "觶");
    assert_eq!(zhi["fields"]["Reading"], "zhì");
    assert!(zhi["fields"]["Definition"].as_str().unwrap().contains("drinking"), "{zhi}");
    assert_eq!(once["media"].as_object().unwrap().len(), 2, "no drawing for 豐: {once}");
    let feng = by_headword(&once, "豐");
    assert_eq!(feng["fields"]["Definition"], "the stand &lt;for&gt; cups");
    assert_eq!(feng["fields"]["Picture"], "");
    assert_eq!(feng["tags"], serde_json::json!(["vessel"]));
    assert!(feng["question"].as_str().unwrap().contains("豐"), "{feng}");

    // The first package, then the second: one note per card, 豐 updated.
    let twice = anki_import_packages(&python, &[&first, &second]);
    assert_eq!(twice["notes"].as_array().unwrap().len(), 3, "updated, not added: {twice}");
    assert_eq!(twice["imports"][1]["new"], 0, "{}", twice["imports"]);
    assert_eq!(twice["imports"][1]["updated"], 1, "{}", twice["imports"]);
    assert_eq!(by_headword(&twice, "豐")["fields"]["Definition"], "the stand for the 觶");
    assert_eq!(twice["media"], once["media"], "the drawings are not copied again");
}

#[test]
fn an_anki_package_is_written_to_a_file_never_to_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    ok(&sheli(&data, &["glossary", "create", "酒器"]));
    let out = sheli(&data, &["glossary", "export", "酒器", "--format", "apkg"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no bytes on standard output");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--output"), "{out:?}");
}

/// tests/clients/, where the npm clients are installed, if they are.
fn node_clients() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/clients");
    if dir.join("node_modules/@apache-annotator/selector").is_dir() {
        Some(dir)
    } else if std::env::var_os("SHELI_ANKI_PYTHON").is_some() {
        // make test installs both kinds of client before the tests: one
        // missing there is a broken set-up, not a reason to skip.
        panic!("tests/clients/node_modules is missing although make test installed the clients");
    } else {
        eprintln!(
            "real_clients: tests/clients/node_modules is missing (scripts/install-deps.sh clients \
             installs it); Apache Annotator is not tried"
        );
        None
    }
}

/// Notes on built-in passages (a quote's second occurrence; a quote in the
/// 疏 that the 注 also has) and on a text of the user's with characters
/// outside the BMP before the quotes, exported as Web Annotations. Returns
/// the folder, the export's path, and `texts.json`: each target's source
/// → the text its selectors count over, as documented (the passage's
/// segments joined with no separator), from `sheli show --json`; and the
/// same notes' Markdown export.
fn annotated(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let data = dir.join("data");
    let text = dir.join("astral.txt");
    std::fs::write(&text, "𠀀甲乙。丙丁𠀁戊己。\n\n庚辛壬癸𠀀甲乙,甲乙。\n").unwrap();
    let imported =
        json(&sheli(&data, &["import", text.to_str().unwrap(), "--work", "測試", "--json"]));
    let user = imported["imported"][0]["id"].as_str().expect("the text's id").to_owned();
    let (p1, p2) = (format!("{user}.0001"), format!("{user}.0002"));
    let notes: [&[&str]; 5] = [
        &[
            "xiangshe.zhushu.0002",
            "--quote",
            "再拜",
            "--occurrence",
            "2",
            "--body",
            "**再拜** twice\n\n# a heading of the note's own",
            "--tag",
            "拜",
            "--tag",
            "ritual",
        ],
        &["xiangshe.zhushu.0002", "--quote", "射宮", "--layer", "疏", "--body", "the 疏's 射宮"],
        &["xiangshe.zhushu.0001", "--quote", "鄉射", "--body", "<b>raw</b> & \"quoted\""],
        &[&p1, "--quote", "丙丁", "--body", "after a character outside the BMP"],
        &[&p2, "--quote", "甲乙", "--occurrence", "2", "--body", "the second 甲乙"],
    ];
    for n in notes {
        ok(&sheli(&data, &[&["notes", "add"][..], n].concat()));
    }
    // The 疏's note also on a passage of the user's text: two targets.
    ok(&sheli(&data, &["notes", "anchor", "2", &p2, "--quote", "庚辛"]));
    let export = dir.join("notes.jsonld");
    ok(&sheli(&data, &["notes", "export", "--format", "json", "-o", export.to_str().unwrap()]));
    let markdown = dir.join("notes.md");
    ok(&sheli(&data, &["notes", "export", "-o", markdown.to_str().unwrap()]));
    let mut texts = serde_json::Map::new();
    for id in ["xiangshe.zhushu.0002", "xiangshe.zhushu.0001", &p1, &p2] {
        let shown = json(&sheli(&data, &["show", id, "--json"]));
        let joined: String = shown["segments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["text"].as_str().unwrap())
            .collect();
        texts.insert(format!("urn:sheli:passage:{id}"), Value::String(joined));
    }
    let texts_path = dir.join("texts.json");
    std::fs::write(&texts_path, Value::Object(texts).to_string()).unwrap();
    (export, texts_path, markdown)
}

#[test]
fn apache_annotator_finds_every_selector_of_the_web_annotation_export_where_sheli_put_it() {
    let Some(clients) = node_clients() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (export, texts, _) = annotated(dir.path());
    let run = Command::new("node")
        .arg(clients.join("resolve_selectors.mjs"))
        .args([&export, &texts])
        .current_dir(&clients)
        .output()
        .expect("node runs");
    assert!(run.status.success(), "Annotator failed: {}", String::from_utf8_lossy(&run.stderr));
    let targets: Vec<Value> = serde_json::from_slice(&run.stdout).expect("JSON");
    assert_eq!(targets.len(), 6, "five notes, one on two passages: {targets:?}");
    for t in &targets {
        assert_eq!(t["orphaned"], false, "{t}");
        // The TextPositionSelector's range holds the quote…
        assert_eq!(t["positionMatch"], t["position"], "{t}");
        assert_eq!(t["positionText"], t["exact"], "{t}");
        // …and the TextQuoteSelector (with its prefix and suffix) finds that
        // place and no other.
        assert_eq!(t["quoteMatches"], serde_json::json!([t["position"]]), "{t}");
    }
    let astral = targets.iter().find(|t| t["exact"] == "丙丁").unwrap();
    assert_eq!(astral["position"], serde_json::json!([4, 6]), "code points, not UTF-16: {astral}");
}

#[test]
fn a_json_ld_processor_reads_the_web_annotation_export_as_the_w3c_model_says() {
    let Some(python) = anki_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (export, _, _) = annotated(dir.path());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let run = Command::new(&python)
        .arg(root.join("scripts/clients/jsonld_check.py"))
        .arg(&export)
        .arg(root.join("tests/clients/fixtures/anno.jsonld"))
        .output()
        .expect("python runs");
    assert!(run.status.success(), "pyld failed: {}", String::from_utf8_lossy(&run.stderr));
    let r: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    assert_eq!(r["leaves"], r["expanded_leaves"], "a term the context does not define was dropped");
    assert_eq!(r["bad_literals"], serde_json::json!([]));
    assert_eq!(r["compacts_to_same_graph"], true, "compacted again, the same graph");
    let quads: Vec<[Option<String>; 4]> = serde_json::from_value(r["quads"].clone()).unwrap();
    let has = |s: &str, p: &str, o: &str| {
        quads.iter().any(|q| {
            q[0].as_deref() == Some(s) && q[1].as_deref() == Some(p) && q[2].as_deref() == Some(o)
        })
    };
    let objects = |s: &str, p: &str| -> Vec<String> {
        quads
            .iter()
            .filter(|q| q[0].as_deref() == Some(s) && q[1].as_deref() == Some(p))
            .map(|q| q[2].clone().unwrap())
            .collect()
    };
    const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    const OA: &str = "http://www.w3.org/ns/oa#";
    const AS: &str = "http://www.w3.org/ns/activitystreams#";
    const RDFS: &str = "http://www.w3.org/2000/01/rdf-schema#";
    const FOAF: &str = "http://xmlns.com/foaf/0.1/";
    let ty = format!("{RDF}type");
    // Every property is of a vocabulary the model names, or Sheli's own.
    for q in &quads {
        let p = q[1].as_deref().unwrap();
        assert!(
            [
                RDF,
                OA,
                AS,
                RDFS,
                FOAF,
                "http://purl.org/dc/",
                "http://schema.org/",
                "urn:sheli:vocab#"
            ]
            .iter()
            .any(|ns| p.starts_with(ns)),
            "property outside the vocabularies: {p}"
        );
    }
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&export).unwrap()).unwrap();
    let collection = v["id"].as_str().unwrap();
    let page = v["first"]["id"].as_str().unwrap();
    assert!(has(collection, &ty, &format!("{AS}OrderedCollection")));
    assert!(has(collection, &format!("{AS}totalItems"), "5"));
    assert!(has(collection, &format!("{AS}first"), page));
    assert!(has(page, &ty, &format!("{AS}OrderedCollectionPage")));
    assert!(has(page, &format!("{AS}partOf"), collection));
    let generator = &objects(collection, &format!("{AS}generator"))[0];
    assert!(has(generator, &ty, &format!("{AS}Application")), "{generator}");
    assert!(has(generator, "http://schema.org/softwareVersion", env!("CARGO_PKG_VERSION")));
    let items = v["first"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 5);
    for item in items {
        let id = item["id"].as_str().unwrap();
        assert!(id.starts_with("urn:uuid:"), "{id}");
        assert!(has(id, &ty, &format!("{OA}Annotation")), "{id} is an oa:Annotation");
        assert!(has(id, &format!("{OA}motivatedBy"), &format!("{OA}commenting")), "{id}");
        let targets = objects(id, &format!("{OA}hasTarget"));
        let json_targets: Vec<&Value> = match &item["target"] {
            Value::Array(several) => several.iter().collect(),
            one => vec![one],
        };
        assert_eq!(targets.len(), json_targets.len(), "{id}");
        for jt in json_targets {
            let source = jt["source"].as_str().unwrap();
            assert!(source.starts_with("urn:sheli:passage:"), "{source}");
            let t = targets
                .iter()
                .find(|t| has(t, &format!("{OA}hasSource"), source))
                .unwrap_or_else(|| panic!("a target with source {source}: {item}"));
            assert!(
                quads.iter().any(|q| q[0].as_deref() == Some(t.as_str())
                    && q[1].as_deref() == Some("urn:sheli:vocab#work")),
                "the target names its work: {t}"
            );
            let selectors = objects(t, &format!("{OA}hasSelector"));
            assert_eq!(selectors.len(), 2, "{t}");
            let exact = jt["selector"][0]["exact"].as_str().unwrap();
            assert!(selectors.iter().any(|s| has(s, &format!("{OA}exact"), exact)), "{item}");
            let start = jt["selector"][1]["start"].to_string();
            assert!(
                selectors.iter().any(|s| quads.iter().any(|q| q[0].as_deref() == Some(s.as_str())
                    && q[1].as_deref() == Some(&*format!("{OA}start"))
                    && q[2].as_deref() == Some(&*start)
                    && q[3].as_deref()
                        == Some("http://www.w3.org/2001/XMLSchema#nonNegativeInteger"))),
                "{item}"
            );
        }
        let bodies = objects(id, &format!("{OA}hasBody"));
        assert!(
            bodies.iter().any(|b| has(b, &format!("{OA}hasPurpose"), &format!("{OA}commenting"))),
            "{item}"
        );
    }
}

#[test]
fn commonmark_js_reads_the_markdown_export_as_a_document_of_headed_notes() {
    let Some(clients) = node_clients() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (_, _, markdown) = annotated(dir.path());
    let run = Command::new("node")
        .arg(clients.join("check_markdown.mjs"))
        .arg(&markdown)
        .current_dir(&clients)
        .output()
        .expect("node runs");
    assert!(run.status.success(), "commonmark.js failed: {}", String::from_utf8_lossy(&run.stderr));
    let r: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    assert_eq!(r["front"]["notes"], 5, "the front matter a vault reads: {}", r["front"]);
    assert!(r["front"]["title"].is_string());
    let tags: Vec<&str> =
        r["front"]["tags"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert!(tags.contains(&"拜") && tags.contains(&"ritual"), "{tags:?}");
    let blocks = r["blocks"].as_array().unwrap();
    let headings: Vec<(u64, &str)> = blocks
        .iter()
        .filter(|b| b["type"] == "heading")
        .map(|b| (b["level"].as_u64().unwrap(), b["text"].as_str().unwrap()))
        .collect();
    assert_eq!(headings.iter().filter(|(l, _)| *l == 1).count(), 1, "one title: {headings:?}");
    // Each note under a heading citing work, edition, passage and line, with
    // the quote below it.
    let cited: Vec<usize> = blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b["type"] == "heading"
                && b["text"].as_str().unwrap().contains("第")
                && b["text"].as_str().unwrap().contains("《")
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(cited.len(), 5, "{headings:?}");
    let note_level = blocks[cited[0]]["level"].as_u64().unwrap();
    for &i in &cited {
        assert_eq!(blocks[i + 1]["type"], "block_quote", "the quote under {}", blocks[i]);
    }
    let saigong =
        cited.iter().find(|&&i| blocks[i + 1]["text"].as_str().unwrap().contains("射宮")).unwrap();
    assert!(
        blocks[*saigong]["text"].as_str().unwrap().contains("《儀禮註疏·鄉射禮》"),
        "{}",
        blocks[*saigong]
    );
    assert!(blocks[*saigong]["text"].as_str().unwrap().contains("xiangshe.zhushu.0002"));
    // The note's own heading is below the note's, not beside the outline.
    let own = headings.iter().find(|(_, t)| *t == "a heading of the note's own").expect("kept");
    assert!(own.0 > note_level, "{own:?} below level {note_level}");
}

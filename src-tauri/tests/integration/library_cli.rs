//! The user's texts through the real `sheli`: `corpus` and `show` list and
//! show imported texts as search finds them; `--work` names a work of its
//! own; a text that cannot be used is left out with a warning while search
//! and the store go on working; `show --script` converts only out of the
//! edition's own script.

use crate::common::{json, ok, sheli};
use serde_json::Value;

#[test]
fn corpus_and_show_list_and_show_imported_texts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("zhouli.txt");
    std::fs::write(&file, "[經]惟王建國,辨方正位。\n\n[注]辨,別也。\n").unwrap();
    ok(&sheli(&data, &["import", file.to_str().unwrap(), "--work", "周禮"]));
    let sources = json(&sheli(&data, &["corpus", "--json"]));
    let mine = sources
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["work"] == "周禮")
        .expect("the imported text is listed");
    let id = mine["id"].as_str().unwrap().to_owned();
    assert_eq!(mine["passages"], 1);
    let passage = format!("{id}.0001");
    let shown = json(&sheli(&data, &["show", &passage, "--json"]));
    assert_eq!(shown["segments"][0]["text"], "惟王建國,辨方正位。");
    assert_eq!(shown["segments"][1]["layer"], "注");
    // Search returns the same passage.
    let hits = json(&sheli(&data, &["search", "辨方正位", "--json"]));
    assert_eq!(hits["results"][0]["id"], passage.as_str());
}

#[test]
fn an_empty_or_built_in_work_name_is_refused_as_json_too() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let file = dir.path().join("t.txt");
    std::fs::write(&file, "[經]惟王建國。\n").unwrap();
    for (work, reason) in [
        ("", "library.reason.work_empty"),
        ("大射儀", "library.reason.work_builtin"),
        ("大射仪", "library.reason.work_builtin"),
    ] {
        let out = sheli(&data, &["import", file.to_str().unwrap(), "--work", work, "--json"]);
        assert_eq!(out.status.code(), Some(1), "--work {work:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "invalid_input", "--work {work:?}: {v}");
        // The codes the window says it with: the error's and each item's.
        assert_eq!(v["error"]["code"], "library.import", "{v}");
        assert_eq!(v["error"]["items"][0]["reason"]["code"], reason, "{v}");
        assert_eq!(v["error"]["items"][0]["file"], Value::Null, "{v}");
    }
    assert!(!data.join("texts/manifest.toml").exists(), "nothing imported");
}

#[test]
fn a_deleted_text_is_left_out_with_a_warning_and_search_and_glossaries_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for (name, text) in [("a.txt", "[經]甲乙丙丁。\n"), ("b.txt", "[經]戊己庚辛。\n")] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        ok(&sheli(&data, &["import", p.to_str().unwrap()]));
    }
    let gone = std::fs::read_dir(data.join("texts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "txt"))
        .unwrap();
    std::fs::remove_file(&gone).unwrap();
    let name = gone.file_name().unwrap().to_string_lossy().into_owned();
    let out = sheli(&data, &["search", "射", "--json"]);
    let v: Value = serde_json::from_str(&ok(&out)).unwrap();
    assert!(v["total_segments"].as_u64().unwrap() > 100);
    let warn = String::from_utf8_lossy(&out.stderr);
    assert!(warn.contains("was left out") && warn.contains(&name), "{warn}");
    ok(&sheli(&data, &["glossary", "create", "g"]));
    ok(&sheli(&data, &["glossary", "add", "g", "--builtin", "zhi"]));
    // `corpus` reads every text: it lists the one left and warns of the other.
    let out = sheli(&data, &["corpus"]);
    assert!(ok(&out).contains("user."), "the text left is listed");
    let warn = String::from_utf8_lossy(&out.stderr);
    assert!(warn.contains("was left out") && warn.contains(&name), "{warn}");
    // `show` of a built-in passage reads no user text.
    let out = sheli(&data, &["show", "xiangshe.zhushu.0001"]);
    assert!(ok(&out).contains("鄉射之禮"));
}

#[test]
fn show_converts_only_out_of_the_editions_own_script() {
    let dir = tempfile::tempdir().unwrap();
    let text = |script: &str| -> String {
        let v = json(&sheli(
            dir.path(),
            &["show", "xiangshe.zhushu.0001", "--script", script, "--json"],
        ));
        v["segments"].as_array().unwrap().iter().map(|s| s["text"].as_str().unwrap()).collect()
    };
    let original = text("original");
    assert!(original.contains("云「鄉大夫若在焉"));
    assert_eq!(text("traditional"), original, "繁 changes nothing in a traditional edition");
    assert!(text("simplified").contains("乡大夫"), "简 converts it");
}

#[test]
fn a_data_folder_that_cannot_be_made_is_named_as_the_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    // A folder inside a regular file cannot be made, even by root.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let data = file.join("data");
    for args in [&["search", "射"][..], &["glossary", "list"], &["char", "射"]] {
        let out = sheli(&data, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("data folder") && err.contains("a-file"), "{args:?}: {err}");
    }
}

#[test]
fn show_takes_a_citation_it_wrote_or_a_source_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["show", "xiangshe.zhushu.0002", "--json"]));
    let cite = v["citation"].as_str().unwrap().to_owned();
    assert!(cite.starts_with("《儀禮註疏·鄉射禮》，xiangshe.zhushu.0002，"), "{cite}");
    let again = json(&sheli(dir.path(), &["show", &cite, "--json"]));
    assert_eq!(again["id"], "xiangshe.zhushu.0002");
    let line = v["line"].as_u64().unwrap();
    let by_line = json(&sheli(dir.path(), &["show", &format!("xiangshe.zhushu:{line}"), "--json"]));
    assert_eq!(by_line["id"], "xiangshe.zhushu.0002");
    let out = sheli(dir.path(), &["show", "nowhere"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("names no place"));
}

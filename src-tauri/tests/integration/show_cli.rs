//! `sheli show` as the outside tester met it (issue 12): a whole passage is
//! cited as the window's "Copy passage" cites it, with no layer named; its
//! section heading follows `--script`; counts of one are singular.

use crate::common::{json, ok, sheli};

#[test]
fn show_cites_a_whole_passage_without_naming_a_layer() {
    let dir = tempfile::tempdir().unwrap();
    // Each of these was cited to a commentator (鄭注, 賈疏, 今譯) although
    // it shows every layer of the passage.
    for (id, title) in [
        ("yanli.zhushu.0005", "《儀禮註疏·燕禮》"),
        ("dashe.tongjie.0030", "《儀禮經傳通解·大射儀》"),
        ("xiangshe.tongjie.0021", "《儀禮經傳通解·鄉射禮》"),
        ("xiangshe.yiwen.0056", "《白話譯文·鄉射禮》"),
    ] {
        let v = json(&sheli(dir.path(), &["show", id, "--json"]));
        let cite = v["citation"].as_str().unwrap();
        assert!(cite.starts_with(&format!("{title}，{id}，")), "{cite}");
        let text = ok(&sheli(dir.path(), &["show", id]));
        assert!(text.contains(&format!("cite as: {cite}\n")), "{text}");
    }
    // Named by a source and a line inside its 注: still the passage, at that line.
    let v = json(&sheli(dir.path(), &["show", "yanli.zhushu.0005", "--json"]));
    let last = v["last_line"].as_u64().unwrap();
    let at = format!("yanli.zhushu:{last}");
    let v = json(&sheli(dir.path(), &["show", &at, "--json"]));
    let cite = v["citation"].as_str().unwrap();
    assert!(cite.starts_with("《儀禮註疏·燕禮》，yanli.zhushu.0005，"), "{cite}");
    assert!(cite.ends_with(&format!("第{last}行")), "{cite}");
}

#[test]
fn show_converts_the_section_heading_with_the_text() {
    let dir = tempfile::tempdir().unwrap();
    let plain = ok(&sheli(dir.path(), &["show", "dashe.tongjie.0030"]));
    assert!(plain.contains("section: 宾为士举旅\n"), "{plain}");
    let fan = ok(&sheli(dir.path(), &["show", "dashe.tongjie.0030", "--script", "traditional"]));
    assert!(fan.contains("section: 賓爲士舉旅\n"), "{fan}");
    let v = json(&sheli(
        dir.path(),
        &["show", "dashe.tongjie.0030", "--script", "traditional", "--json"],
    ));
    assert_eq!(v["section"], "賓爲士舉旅");
}

#[test]
fn counts_of_one_are_singular() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.txt");
    std::fs::write(&file, "學而時習之，不亦說乎。\n").unwrap();
    let data = dir.path().join("data");
    let out = ok(&sheli(&data, &["import", file.to_str().unwrap()]));
    assert!(out.contains(", 1 passage)"), "{out}");
    // 論語, not in the 儀禮: found once, in the imported text.
    let out = ok(&sheli(&data, &["search", "不亦說乎"]));
    assert!(out.contains("不亦說乎: 1 occurrence in 1 segment\n"), "{out}");
    let out = ok(&sheli(&data, &["search", "之"]));
    assert!(out.contains("occurrences in") && out.contains("segments"), "{out}");
}

#[test]
fn a_file_without_blank_lines_is_imported_in_bounded_passages() {
    // 300 lines of 1,000 characters and no blank line: one paragraph of
    // 300,000 characters, once "1 passages"; now pieces of 19 whole lines.
    let dir = tempfile::tempdir().unwrap();
    let line: String = "主人揖賓升堂拜至".chars().cycle().take(999).collect::<String>() + "。\n";
    let file = dir.path().join("long.txt");
    std::fs::write(&file, line.repeat(300)).unwrap();
    let data = dir.path().join("data");
    let out = ok(&sheli(&data, &["import", file.to_str().unwrap()]));
    assert!(out.contains(", 16 passages)"), "{out}");
    let v = json(&sheli(&data, &["corpus", "--json"]));
    let user =
        v.as_array().unwrap().iter().find(|s| s["id"].as_str().unwrap().starts_with("user."));
    assert_eq!(user.unwrap()["passages"], 16);
}

/// A source line the file does not have is refused with the file's last
/// line (issue 12, tester's finding 2), never shown as its last passage
/// with a citation of a line that does not exist; line 0 alike.
#[test]
fn show_refuses_a_line_past_the_end_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for at in ["xiangshe.zhushu:999999", "xiangshe.zhushu:0", "000_fc068ac90b3961d7.txt 第1915行"]
    {
        let out = sheli(dir.path(), &["show", at]);
        assert!(!out.status.success(), "{at}: {}", String::from_utf8_lossy(&out.stdout));
        assert!(out.stdout.is_empty(), "{at}: nothing shown, no citation");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("its lines are 1 to 1914"), "{at}: {err}");
        let v: serde_json::Value =
            serde_json::from_slice(&sheli(dir.path(), &["--json", "show", at]).stdout).unwrap();
        assert_eq!(v["error"]["kind"], "not_found", "{at}: {v}");
    }
    // The last line is still a place.
    let v = json(&sheli(dir.path(), &["show", "xiangshe.zhushu:1914", "--json"]));
    assert_eq!(v["id"], "xiangshe.zhushu.0408", "{v}");
}

/// A line of the 通解 that begins several passages opens the first of them
/// (finding 5: it opened the last), named by source or by file and line.
#[test]
fn show_of_a_line_opens_the_first_passage_beginning_on_it() {
    let dir = tempfile::tempdir().unwrap();
    for (at, want) in [
        ("xiangshe.tongjie:5", "xiangshe.tongjie.0017"),
        ("dashe.tongjie:2", "dashe.tongjie.0001"),
        ("003_ad33b9c10ca74f2c.txt 第5行", "xiangshe.tongjie.0017"),
    ] {
        let v = json(&sheli(dir.path(), &["show", at, "--json"]));
        assert_eq!(v["id"], want, "{at}: {v}");
    }
}

/// The outside tester's small things (h4 report, 20): an id as the reader
/// shows it (250), in capitals or full width; a citation with its id cut
/// out; a line before the first passage; a citation whose line is outside
/// its passage (opened at the line, with a note).
#[test]
fn show_reads_the_places_a_reader_writes_and_says_when_it_moved() {
    let dir = tempfile::tempdir().unwrap();
    for at in [
        "xiangshe.zhushu.250",
        "XIANGSHE.ZHUSHU.0250",
        "ＸＩＡＮＧＳＨＥ.ＺＨＵＳＨＵ.０２５０",
        "《儀禮註疏·鄉射禮》，000_fc068ac90b3961d7.txt 第1168行",
        "儀禮註疏·鄉射禮 第1168行",
    ] {
        let v = json(&sheli(dir.path(), &["show", at, "--json"]));
        assert_eq!(v["id"], "xiangshe.zhushu.0250", "{at}: {v}");
        assert!(v.get("note").is_none(), "{at}: {v}");
    }
    let text = ok(&sheli(dir.path(), &["show", "dashe.tongjie:1"]));
    assert!(text.starts_with("dashe.tongjie.0001 "), "{text}");
    assert!(
        text.contains("note: line 1 has no passage; the first passage after it is on line 2\n"),
        "{text}"
    );
    assert!(text.contains("004_84205713a8ef886f.txt 第2行\n"), "the citation names line 2: {text}");
    let cite = "《儀禮註疏·鄉射禮》，xiangshe.zhushu.0250，000_fc068ac90b3961d7.txt 第5行";
    let v = json(&sheli(dir.path(), &["show", cite, "--json"]));
    assert_ne!(v["id"], "xiangshe.zhushu.0250", "{v}");
    assert_eq!(v["note"]["kind"], "line_outside_passage", "{v}");
    assert!(v["citation"].as_str().unwrap().ends_with("第5行"), "{v}");
    // An id that does not exist still says so by its id.
    let out = sheli(dir.path(), &["show", "xiangshe.zhushu.9999"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no passage has the id"));
}

/// A line after the file's last passage (xiangshe.zhushu's 1914: the web
/// page's trailer) opens the last passage and says so, the citation naming
/// the passage's own line — where it cited 第1914行 (h5 tester, J).
#[test]
fn show_of_a_line_after_the_last_passage_says_so_and_cites_the_passages_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = ok(&sheli(dir.path(), &["show", "xiangshe.zhushu:1914"]));
    assert!(text.starts_with("xiangshe.zhushu.0408 "), "{text}");
    assert!(
        text.contains("note: line 1914 has no passage; the last passage ends on line 1912\n"),
        "{text}"
    );
    assert!(text.contains("000_fc068ac90b3961d7.txt 第1909行\n"), "its own line: {text}");
    assert!(!text.contains("第1914行"), "{text}");
    let v = json(&sheli(dir.path(), &["show", "xiangshe.zhushu:1913", "--json"]));
    assert_eq!(v["note"]["kind"], "after_last_passage", "{v}");
    assert_eq!((v["note"]["line"].as_u64(), v["note"]["last"].as_u64()), (Some(1913), Some(1912)));
}

/// With `--json` a place `show` cannot open carries its code, as every
/// other error does: a script tells a missing passage, a line the file has
/// not and a place that names nothing apart (h5 tester, L); a backup into
/// a folder that does not exist says so, by the folder, where SQLite's
/// "unable to open database" named the temporary file twice.
#[test]
fn show_and_backup_errors_under_json_carry_their_code() {
    let dir = tempfile::tempdir().unwrap();
    for (at, code) in [
        ("xiangshe.zhushu.9999", "app.not_found.passage"),
        ("xiangshe.zhushu:0", "app.not_found.line"),
        ("xiangshe.zhushu:99999", "app.not_found.line"),
        ("nowhere at all", "app.not_found.place"),
    ] {
        let out = sheli(dir.path(), &["show", at, "--json"]);
        assert_eq!(out.status.code(), Some(1), "{at}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"]["kind"], "not_found", "{at}: {v}");
        assert_eq!(v["error"]["code"], code, "{at}: {v}");
    }
    let missing = dir.path().join("no such folder");
    let dest = missing.join("x.sheli");
    let out = sheli(dir.path(), &["backup", dest.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "store.file", "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains(missing.to_str().unwrap()), "{message}");
    assert!(message.contains("the folder does not exist"), "{message}");
    assert!(!message.contains(".x.sheli.") && !message.contains("unable to open"), "{message}");
    assert!(!missing.exists());
}

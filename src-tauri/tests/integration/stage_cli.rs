//! `sheli stage`: the step of a passage with every figure's place after it,
//! a work's steps in reading order, one figure's itinerary; clear errors with
//! exit 1 for a passage, work or figure that has none.

use crate::common::{json, ok, sheli};

#[test]
fn a_passage_prints_its_moves_and_every_figure_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["stage", "xiangshe.zhushu.0019", "--json"]));
    assert_eq!(v["work"], "鄉射禮");
    assert_eq!(v["passage"], "xiangshe.zhushu.0019");
    let moves = v["step"]["moves"].as_array().expect("moves");
    let enter = moves.iter().find(|m| m["actor"] == "眾賓").expect("the 眾賓 move");
    assert_eq!(enter["quote"], "眾賓皆入門左,東面北上");
    assert_eq!(enter["layer"], "經");
    assert_eq!(enter["basis"], "經");
    let figures = v["figures"].as_array().expect("figures");
    let guests = figures.iter().find(|f| f["actor"] == "眾賓").expect("the 眾賓 on the ground");
    assert_eq!(guests["at"]["place"], "門左");
    assert_eq!(guests["facing"], "東面");
    assert_eq!(guests["moved"], true);
    assert!(guests["at"]["x"].as_f64().unwrap() < 0.0, "門左 is west of the axis");

    // The same step, asked for by the 通解's passage.
    let v = json(&sheli(dir.path(), &["stage", "xiangshe.tongjie.0020", "--json"]));
    assert_eq!(
        (v["asked"].as_str(), v["passage"].as_str()),
        (Some("xiangshe.tongjie.0020"), Some("xiangshe.zhushu.0019"))
    );

    let text = ok(&sheli(dir.path(), &["stage", "xiangshe.zhushu.0143"]));
    assert!(text.contains("獲者 俟 → 侯"), "{text}");
    assert!(text.contains("* 獲者  侯"), "{text}");
}

#[test]
fn a_work_prints_every_step_in_reading_order() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["stage", "--work", "燕禮", "--json"]));
    assert_eq!(v["source"], "yanli.zhushu");
    let steps: Vec<&str> =
        v["steps"].as_array().unwrap().iter().map(|s| s["passage"].as_str().unwrap()).collect();
    assert!(steps.len() >= 18, "{steps:?}");
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
}

#[test]
fn an_actor_prints_his_itinerary_with_passages_and_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&sheli(dir.path(), &["stage", "--actor", "司射", "--work", "鄉射禮", "--json"]));
    let stops = v.as_array().expect("an array");
    assert!(stops.len() > 20);
    assert_eq!(stops[0]["passage"], "xiangshe.zhushu.0114");
    assert_eq!(stops[0]["at"]["place"], "堂西");
    assert!(stops.iter().all(|s| s["move"]["actor"] == "司射"
        && s["move"]["quote"].as_str().is_some_and(|q| !q.is_empty())));
}

#[test]
fn unknown_passages_works_and_figures_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (args, says) in [
        (&["stage", "xiangshe.zhushu.9999"][..], "xiangshe.zhushu.9999"),
        (&["stage", "--actor", "曹操"][..], "曹操"),
        (&["stage", "--work", "周禮"][..], "鄉射禮"),
    ] {
        let out = sheli(dir.path(), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("sheli: ") && err.contains(says), "{args:?}: {err}");
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let out = sheli(dir.path(), &with_json);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON error");
        assert_eq!(v["error"]["kind"], "not_found", "{args:?}");
    }
    // Nothing to show: the usage, exit 2.
    assert_eq!(sheli(dir.path(), &["stage"]).status.code(), Some(2));
}

/// What a reader types: a figure in simplified characters (司马), a work by
/// the id `sheli corpus` prints (xiangshe); a passage of the user's own text
/// is said to be one, with the works the 儀禮圖 covers.
#[test]
fn figures_and_works_as_typed_and_a_users_own_text() {
    let dir = tempfile::tempdir().unwrap();
    let hans =
        json(&sheli(dir.path(), &["stage", "--actor", "司马", "--work", "xiangshe", "--json"]));
    let stops = hans.as_array().expect("an array");
    assert!(!stops.is_empty() && stops.iter().all(|s| s["move"]["actor"] == "司馬"), "{hans}");
    assert!(stops.iter().all(|s| s["work"] == "鄉射禮"));

    let data = dir.path().join("data");
    let file = dir.path().join("mine.txt");
    std::fs::write(&file, "[經]賓升,西階上北面。\n").unwrap();
    let imported =
        json(&sheli(&data, &["import", file.to_str().unwrap(), "--work", "外篇", "--json"]));
    let id = format!("{}.0001", imported["imported"][0]["id"].as_str().expect("the text's id"));
    let out = sheli(&data, &["stage", &id]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("your own text") && err.contains("鄉射禮, 燕禮, 大射儀"), "{err}");
    assert!(!err.contains("no passage has the id"), "{err}");
}

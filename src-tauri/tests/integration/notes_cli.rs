//! `sheli notes` as a user runs it on the built-in texts: colours, a note on
//! two passages, `list`'s filters and `search` with the texts' folding (觯
//! finds a note that says 觶), and what is refused.

use std::process::Output;

use crate::common::{json, ok, sheli};
use serde_json::Value;

/// Fails with a message on stderr and a non-zero exit code.
fn fails(out: &Output) -> String {
    assert!(!out.status.success(), "stdout: {}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn ids(v: &Value) -> Vec<i64> {
    v.as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect()
}

#[test]
fn colours_filters_several_passages_and_folded_search() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A pink note on 觶 (經 of passage 0074), tagged.
    let cup = json(&sheli(
        d,
        &[
            "notes",
            "add",
            "xiangshe.zhushu.0074",
            "--quote",
            "坐奠觶",
            "--body",
            "The cup 觶 is set down west of the mats.",
            "--tag",
            "vessel",
            "--colour",
            "pink",
            "--json",
        ],
    ));
    assert_eq!(cup["colour"], "pink");
    let cup_id = cup["id"].as_i64().unwrap().to_string();
    // A yellow note (the default) on the 注 of passage 0001.
    let plain = json(&sheli(
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
            "a gloss",
            "--tag",
            "gloss",
            "--json",
        ],
    ));
    assert_eq!(plain["colour"], "yellow");
    let plain_id = plain["id"].as_i64().unwrap();

    // The cup note also on passage 0072, which says 實觶 — a note comparing two.
    let both = json(&sheli(
        d,
        &["notes", "anchor", &cup_id, "xiangshe.zhushu.0072", "--quote", "實觶", "--json"],
    ));
    assert_eq!(both["more_anchors"][0]["passage_id"], "xiangshe.zhushu.0072");
    assert_eq!(both["more_anchors"][0]["exact"], "實觶");
    let text = ok(&sheli(d, &["notes", "list", "--tag", "vessel"]));
    assert!(text.contains("[pink]") && text.contains("also (2) xiangshe.zhushu.0072"), "{text}");

    // Search with the fold: 觯 (simplified) finds the note that says 觶.
    let found = json(&sheli(d, &["notes", "search", "觯", "--json"]));
    assert_eq!(ids(&found), vec![cup["id"].as_i64().unwrap()]);
    let text = ok(&sheli(d, &["notes", "search", "觯"]));
    assert!(text.starts_with("1 note\n"), "{text}");
    // Filters with the search, and list's filters.
    assert!(
        ids(&json(&sheli(d, &["notes", "search", "觯", "--colour", "yellow", "--json"])))
            .is_empty()
    );
    assert_eq!(
        ids(&json(&sheli(d, &["notes", "search", "gloss", "--layer", "注", "--json"]))),
        vec![plain_id]
    );
    assert_eq!(
        ids(&json(&sheli(d, &["notes", "list", "--colour", "pink", "--work", "鄉射禮", "--json"])))
            .len(),
        1
    );
    assert_eq!(
        ids(&json(&sheli(d, &["notes", "list", "--tag", "gloss", "--json"]))),
        vec![plain_id]
    );
    assert_eq!(ids(&json(&sheli(d, &["notes", "list", "--layer", "經", "--json"]))).len(), 1);
    assert_eq!(ids(&json(&sheli(d, &["notes", "list", "--json"]))).len(), 2);
    // By the further anchor's passage.
    assert_eq!(
        ids(&json(&sheli(d, &["notes", "list", "--passage", "xiangshe.zhushu.0072", "--json"])))
            .len(),
        1
    );

    // A colour changed, and undone.
    let edited = json(&sheli(d, &["notes", "edit", &cup_id, "--colour", "blue", "--json"]));
    assert_eq!(edited["colour"], "blue");
    assert_eq!(json(&sheli(d, &["notes", "undo", &cup_id, "--json"]))["colour"], "pink");

    // The exports carry both anchors.
    let anno: Value =
        serde_json::from_str(&ok(&sheli(d, &["notes", "export", "--format", "json"]))).unwrap();
    let items = anno["first"]["items"].as_array().unwrap();
    let two = items
        .iter()
        .find(|a| a["id"] == format!("urn:uuid:{}", cup["uuid"].as_str().unwrap()))
        .unwrap();
    assert_eq!(two["target"].as_array().map(Vec::len), Some(2));
    assert_eq!(two["sheli:colour"], "pink");
    let md = ok(&sheli(d, &["notes", "export"]));
    assert!(md.contains("Also on") && md.contains("實觶") && md.contains("Colour: pink"), "{md}");

    // Take the second anchor off (anchors are numbered from 1).
    let one = json(&sheli(d, &["notes", "unanchor", &cup_id, "2", "--json"]));
    assert_eq!(one["more_anchors"].as_array().unwrap().len(), 0);

    // Refused, with a reason.
    assert!(
        fails(&sheli(
            d,
            &["notes", "add", "xiangshe.zhushu.0074", "--quote", "觶", "--colour", "teal"]
        ))
        .contains("not a note colour")
    );
    assert!(
        fails(&sheli(d, &["notes", "search", "觶", "--layer", "經文"])).contains("not a layer")
    );
    assert!(fails(&sheli(d, &["notes", "search", "  "])).contains("what to search for"));
    assert!(
        fails(&sheli(d, &["notes", "unanchor", &cup_id, "1"])).contains("delete the note instead")
    );
    assert!(fails(&sheli(d, &["notes", "unanchor", &cup_id, "0"])).contains("numbered from 1"));
    assert!(
        fails(&sheli(d, &["notes", "anchor", "999", "xiangshe.zhushu.0072", "--quote", "實觶"]))
            .contains("no note")
    );
    assert!(
        fails(&sheli(
            d,
            &["notes", "anchor", &cup_id, "xiangshe.zhushu.0072", "--quote", "不在此"]
        ))
        .contains("is not in passage")
    );
    // An empty quote is said to be empty, not looked for ("“” is not in …").
    for args in [
        &["notes", "add", "xiangshe.zhushu.0250", "--quote", ""][..],
        &["notes", "anchor", &cup_id, "xiangshe.zhushu.0072", "--quote", " "][..],
    ] {
        let err = fails(&sheli(d, args));
        assert!(
            err.contains("the quote is empty") && !err.contains("is not in"),
            "{args:?}: {err}"
        );
    }
}

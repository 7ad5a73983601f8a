//! Tests of the reading aids: search (and the index's life), the parallel
//! column, glossary cards and pictures — called directly, with no window.

use std::sync::{Arc, Mutex, OnceLock};

use sheli_corpus::{Corpus, Layer};

use super::error::{AppError, ErrorKind};
use super::reading_commands::{aligned, card, cards, index_status, picture, search};
use super::search::{IndexState, MAX_QUERY_CHARS, SearchQuery, open_index};
use super::settings::DisplayScript;
use super::state::AppState;
use super::study::AlignKind;

fn builtin() -> Arc<Corpus> {
    static CORPUS: OnceLock<Arc<Corpus>> = OnceLock::new();
    CORPUS.get_or_init(|| Arc::new(Corpus::builtin().expect("the built-in texts parse"))).clone()
}

/// One state over the built-in texts with its index built, for all tests
/// (the directory lives as long as the test process).
fn ready() -> &'static AppState {
    static STATE: OnceLock<(AppState, tempfile::TempDir)> = OnceLock::new();
    &STATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let state = AppState::with_corpus(Ok(builtin()), dir.path().to_path_buf());
            open_index(&state, &|_| {});
            assert_eq!(
                state.search.status().state,
                IndexState::Ready,
                "{:?}",
                state.search.status()
            );
            (state, dir)
        })
        .0
}

fn q(query: &str) -> SearchQuery {
    SearchQuery { query: query.into(), limit: 20, ..SearchQuery::default() }
}

#[test]
fn search_waits_for_the_index_and_reports_its_progress() {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::with_corpus(Ok(builtin()), dir.path().to_path_buf());
    assert_eq!(index_status(&state).unwrap().state, IndexState::Idle);
    let e = search(&state, q("觶"), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexBuilding, "{e}");
    assert!(e.to_string().contains("search index"), "{e}");

    let seen = Mutex::new(Vec::new());
    open_index(&state, &|s| seen.lock().unwrap().push(s));
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.first().unwrap().state, IndexState::Building);
    let last = seen.last().unwrap();
    assert_eq!(last.state, IndexState::Ready);
    assert!(last.segments > 1000, "{last:?}");
    let rebuilt = last.rebuilt.as_ref().expect("built on the first start");
    assert_eq!(
        (rebuilt.code.as_str(), rebuilt.message.as_str()),
        ("index.rebuilt.missing", "the search index did not exist yet")
    );
    assert_eq!(last.code, "app.index_ready");
    assert_eq!(last.params.get("segments"), Some(&last.segments.to_string()));
    assert_eq!(index_status(&state).unwrap(), *last);
    assert!(search(&state, q("觶"), None).unwrap().total_segments > 0);

    // A second start finds the index as it was left: no rebuild.
    let again = AppState::with_corpus(Ok(builtin()), dir.path().to_path_buf());
    open_index(&again, &|_| {});
    let status = index_status(&again).unwrap();
    assert_eq!((status.state, status.rebuilt), (IndexState::Ready, None));
}

#[test]
fn without_texts_the_index_fails_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::with_corpus(Err("the texts are broken".into()), dir.path().to_path_buf());
    open_index(&state, &|_| {});
    let status = index_status(&state).unwrap();
    assert_eq!(status.state, IndexState::Failed);
    assert!(status.message.contains("the texts are broken"), "{}", status.message);
    assert_eq!(search(&state, q("觶"), None).unwrap_err().kind(), ErrorKind::Corpus);
}

#[test]
fn zhi_is_found_in_every_work_with_highlights() {
    let state = ready();
    let r = search(state, q("觯"), Some(DisplayScript::Original)).unwrap();
    let works: Vec<&str> = r.by_work.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(works, ["鄉射禮", "燕禮", "大射儀"]);
    assert!(r.by_work.iter().all(|f| f.segments > 0 && f.occurrences >= f.segments && !f.selected));
    assert_eq!(r.by_work.iter().map(|f| f.segments).sum::<u32>(), r.total_segments);
    assert!(r.by_layer.iter().any(|f| f.key == "注"));
    assert_eq!(r.results.len(), 20);
    for h in &r.results {
        assert!(!h.highlights.is_empty(), "{}", h.id);
        let chars: Vec<char> = h.snippet.chars().collect();
        for [s, e] in &h.highlights {
            let marked: String = chars[*s as usize..*e as usize].iter().collect();
            assert!(marked == "觶" || marked == "觯", "{}: {marked}", h.id);
        }
        assert!(!h.segment_highlights.is_empty());
        assert!(h.id.starts_with(&h.source));
    }
}

#[test]
fn segment_highlights_point_into_the_passage_as_the_reader_shows_it() {
    let state = ready();
    for script in [DisplayScript::Original, DisplayScript::Simplified] {
        let r = search(state, SearchQuery { limit: 50, ..q("司射") }, Some(script)).unwrap();
        for h in &r.results {
            let p = super::commands::passage(state, &h.id, Some(script)).unwrap();
            let seg: Vec<char> = p.segments[h.segment as usize].text.chars().collect();
            assert_eq!(p.segments[h.segment as usize].layer, h.layer);
            for [s, e] in &h.segment_highlights {
                let marked: String = seg[*s as usize..*e as usize].iter().collect();
                assert!(
                    ["司射", "司射"].contains(&marked.as_str()),
                    "{} {script:?}: {marked}",
                    h.id
                );
            }
        }
    }
}

#[test]
fn facets_filter_and_keep_their_own_counts() {
    let state = ready();
    let all = search(state, q("觶"), None).unwrap();
    let yan = search(state, SearchQuery { work: Some("燕禮".into()), ..q("觶") }, None).unwrap();
    assert!(yan.results.iter().all(|h| h.work == "燕禮"));
    assert!(yan.total_segments < all.total_segments);
    // The work facet still lists every work (counted without the work filter).
    assert_eq!(yan.by_work.len(), 3);
    assert!(yan.by_work.iter().find(|f| f.key == "燕禮").unwrap().selected);
    assert_eq!(
        yan.by_work.iter().map(|f| (f.key.clone(), f.segments)).collect::<Vec<_>>(),
        all.by_work.iter().map(|f| (f.key.clone(), f.segments)).collect::<Vec<_>>()
    );
    let zhu = search(state, SearchQuery { layer: Some("注".into()), ..q("觶") }, None).unwrap();
    assert!(zhu.results.iter().all(|h| h.layer == Layer::Zhu));
    assert!(zhu.by_layer.iter().find(|f| f.key == "注").unwrap().selected);
    assert!(zhu.by_layer.len() > 1, "the other layers stay visible");
    let both = search(
        state,
        SearchQuery { layer: Some("注".into()), work: Some("燕禮".into()), ..q("觶") },
        None,
    )
    .unwrap();
    let zhu_in_yan = yan.by_layer.iter().find(|f| f.key == "注").map(|f| f.segments).unwrap_or(0);
    assert_eq!(both.total_segments, zhu_in_yan);
}

#[test]
fn labels_follow_the_display_script() {
    let state = ready();
    let r = search(state, q("鄉射"), Some(DisplayScript::Simplified)).unwrap();
    assert_eq!(r.by_work[0].key, "鄉射禮");
    assert_eq!(r.by_work[0].label, "乡射礼");
    assert!(r.by_layer.iter().any(|f| f.key == "經" && f.label == "经"));
    let h = r.results.iter().find(|h| h.work == "鄉射禮").unwrap();
    assert_eq!(h.title, "乡射礼");
    assert!(!h.snippet.contains('鄉'), "{}", h.snippet);
}

#[test]
fn malformed_queries_are_errors_with_a_span() {
    let state = ready();
    let e = search(state, q("觶 \"豐"), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Query);
    let payload = e.payload();
    assert_eq!(payload.span, Some([2, 4]));
    assert!(payload.message.contains("quote"), "{}", payload.message);
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["kind"], "query");
    assert_eq!(v["span"], serde_json::json!([2, 4]));

    for bad in ["-", "foo:觶", "layer:xx 觶", "觶 OR", "layer:注"] {
        let e = search(state, q(bad), None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Query, "{bad}: {e}");
    }
    // An error in a facet filter has no span in what was typed.
    let e = search(state, SearchQuery { work: Some("周禮".into()), ..q("觶") }, None).unwrap_err();
    assert!(matches!(e, AppError::Query { span: None, .. }), "{e:?}");
    // Other errors carry no span at all.
    let input = AppError::input(super::error::AppCode::InputQueryControl, [], "x");
    assert!(serde_json::to_value(input).unwrap().get("span").is_none());
}

#[test]
fn requests_are_validated() {
    let state = ready();
    let long = "觶".repeat(MAX_QUERY_CHARS + 1);
    assert!(matches!(search(state, q(&long), None), Err(AppError::InvalidInput(_))));
    assert!(search(state, q(&"觶".repeat(MAX_QUERY_CHARS)), None).is_ok());
    assert!(matches!(
        search(state, SearchQuery { limit: 201, ..q("觶") }, None),
        Err(AppError::InvalidInput(_))
    ));
    assert!(search(state, SearchQuery { limit: 200, ..q("觶") }, None).is_ok());
    assert!(matches!(
        search(state, SearchQuery { offset: 1_000_000, ..q("觶") }, None),
        Err(AppError::InvalidInput(_))
    ));
    let bad_work = SearchQuery { work: Some("鄉射禮 source:x".into()), ..q("觶") };
    assert!(matches!(search(state, bad_work, None), Err(AppError::InvalidInput(_))));
    assert!(matches!(search(state, q("觶\u{7}"), None), Err(AppError::InvalidInput(_))));
    // Counts only.
    let r = search(state, SearchQuery { limit: 0, ..q("觶") }, None).unwrap();
    assert!(r.results.is_empty() && r.total_segments > 0);
    // Paging.
    let p2 = search(state, SearchQuery { offset: 20, ..q("觶") }, None).unwrap();
    let p1 = search(state, q("觶"), None).unwrap();
    assert!(
        p2.results
            .iter()
            .all(|h| !p1.results.iter().any(|g| g.id == h.id && g.segment == h.segment))
    );
}

#[test]
fn pinyin_queries_say_what_they_expanded_to() {
    let state = ready();
    let r = search(state, q("bi1"), None).unwrap();
    assert_eq!(r.pinyin.len(), 1);
    assert!(r.pinyin[0].characters.contains('楅'), "{:?}", r.pinyin);
}

#[test]
fn aligned_passages_are_labelled_by_kind() {
    let state = ready();
    let corpus = builtin();
    // A passage of 000 with an edition counterpart and translation lines.
    let with_both = corpus
        .passages_of("xiangshe.zhushu")
        .iter()
        .find(|p| {
            let a = corpus.aligned_with(&p.id);
            a.iter().any(|x| x.kind == sheli_corpus::align::LinkKind::Edition)
                && a.iter().any(|x| x.kind == sheli_corpus::align::LinkKind::Translation)
        })
        .expect("some passage has both an edition and a translation");
    let list = aligned(state, &with_both.id, Some(DisplayScript::Simplified)).unwrap();
    assert!(
        list.iter().any(|a| a.kind == AlignKind::Edition && a.passage.source == "xiangshe.tongjie")
    );
    assert!(
        list.iter()
            .any(|a| a.kind == AlignKind::Translation && a.passage.source == "xiangshe.yiwen")
    );
    assert!(list.windows(2).all(|w| (w[0].kind as u8) <= (w[1].kind as u8)), "grouped by kind");
    assert!(list.iter().all(|a| a.passage.script == DisplayScript::Simplified));
    // 燕禮 runs parallel to 大射儀.
    let yan = corpus
        .passages_of("yanli.zhushu")
        .iter()
        .find(|p| !corpus.aligned_with(&p.id).is_empty())
        .expect("燕禮 has parallels");
    let list = aligned(state, &yan.id, None).unwrap();
    assert!(list.iter().any(|a| a.kind == AlignKind::Parallel && a.passage.work == "大射儀"));

    assert!(matches!(aligned(state, "../x", None), Err(AppError::InvalidInput(_))));
    assert!(matches!(aligned(state, "xiangshe.zhushu.9999", None), Err(AppError::NotFound { .. })));
}

#[test]
fn cards_list_every_builtin_card_with_a_fold_for_headwords() {
    let state = ready();
    let v = cards(state).unwrap();
    assert!(v.cards.len() >= 54, "{}", v.cards.len());
    let bi = v.cards.iter().find(|c| c.id == "bi").unwrap();
    assert_eq!((bi.headword.as_str(), bi.pinyin.as_str()), ("楅", "bī"));
    assert!(bi.summary.starts_with("The arrow rest") && bi.summary.len() < 260, "{}", bi.summary);
    let zhi = v.cards.iter().find(|c| c.id == "zhi").unwrap();
    assert!(zhi.forms.contains(&"觯".to_owned()));
    // The fold takes 觶 (the form of the texts) to the folded form of the card.
    let folded = &zhi.folded[0];
    assert_eq!(v.fold.get("觶"), Some(folded));
    let hou = v.cards.iter().find(|c| c.id == "hou").unwrap();
    assert!(hou.forms.contains(&"矦".to_owned()));
    assert_eq!(v.fold.get("矦").map(String::as_str), Some("侯"));
    assert_eq!(v.kinds.len(), 8);
    // Only characters that bear on a card are in the map.
    assert!(v.fold.len() < 2000, "{}", v.fold.len());
}

#[test]
fn a_card_has_its_citations_resolved_to_passages() {
    let state = ready();
    let corpus = builtin();
    let c = card(state, "bi", Some(DisplayScript::Original)).unwrap();
    assert_eq!(c.headword, "楅");
    let gloss =
        c.glosses.iter().find(|g| g.text == "楅猶幅也,所以承笴矢者。").expect("the gloss of 楅");
    let pid = gloss.passage.as_deref().expect("resolved");
    let p = corpus.passage(pid).unwrap();
    assert!(
        p.segments.iter().any(|s| s.layer == Layer::Zhu && s.text.contains("楅猶幅也")),
        "{pid}"
    );
    assert_eq!(gloss.layer, Some(Layer::Zhu));
    assert_eq!(gloss.title, "鄉射禮");
    assert!(c.related.iter().any(|r| r.id == "sima"));
    assert_eq!(c.picture.as_deref(), Some("bi.svg"));
    // Every citation of every card resolves to a passage that holds it (the
    // 通解 editions by line and column).
    let all = cards(state).unwrap();
    for s in &all.cards {
        let c = card(state, &s.id, Some(DisplayScript::Original)).unwrap();
        for q in c.glosses.iter().chain(&c.shu).chain(&c.notes) {
            let pid =
                q.passage.as_deref().unwrap_or_else(|| panic!("{}: {} unresolved", c.id, q.text));
            let text: String =
                corpus.passage(pid).unwrap().segments.iter().map(|s| s.text.as_str()).collect();
            assert!(
                sheli_corpus::fold::count_in(&text, &q.text, sheli_corpus::FoldMode::Exact) > 0,
                "{}: 「{}」 not in {pid}",
                c.id,
                q.text
            );
        }
        for r in &c.readings {
            assert!(r.passage.is_some(), "{}: {}", c.id, r.text);
        }
    }
    // A 反切 reading from the 音義, linked to its passage in 003.
    let with_fanqie = all
        .cards
        .iter()
        .map(|s| card(state, &s.id, None).unwrap())
        .find(|c| c.readings.iter().any(|r| r.fanqie))
        .expect("some card has a 反切");
    let r = with_fanqie.readings.iter().find(|r| r.fanqie).unwrap();
    assert!(r.passage.as_deref().unwrap().starts_with("xiangshe.tongjie."));
}

#[test]
fn a_card_converts_its_chinese_to_the_display_script() {
    let state = ready();
    let c = card(state, "zhi", Some(DisplayScript::Simplified)).unwrap();
    assert_eq!(c.headword, "觶", "headwords stay as they are; both scripts are given");
    assert_eq!(c.simplified, "觯");
    assert!(!c.definition.zh.contains('觶'), "{}", c.definition.zh);
    assert!(matches!(card(state, "no-such-card", None), Err(AppError::NotFound { .. })));
    assert!(matches!(card(state, "Bad Id", None), Err(AppError::InvalidInput(_))));
}

#[test]
fn pictures_are_served_by_built_in_name_only() {
    let svg = picture("hou.svg").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
    assert!(picture("shooting-ground.svg").unwrap().contains("<title>"));
    for name in ["zhi.svg", "bi.svg", "feng.svg", "jue-ring.svg", "sui.svg"] {
        assert!(picture(name).is_ok(), "{name}");
    }
    assert!(matches!(picture("nope.svg"), Err(AppError::NotFound { .. })));
    for bad in ["../hou.svg", "", "/etc/passwd", "hou.svg\0", &"a".repeat(100)] {
        assert!(matches!(picture(bad), Err(AppError::InvalidInput(_))), "{bad:?}");
    }
}

#[test]
fn display_conversion_keeps_character_positions_in_every_builtin_segment() {
    // The reader marks search hits by character position in the converted
    // text; that is right only because conversion keeps lengths.
    for p in builtin().passages() {
        for s in &p.segments {
            let n = s.text.chars().count();
            for script in [
                sheli_corpus::display::Script::Simplified,
                sheli_corpus::display::Script::Traditional,
            ] {
                let c = sheli_corpus::display::convert(&s.text, script).unwrap();
                assert_eq!(c.chars().count(), n, "{} {script:?}", p.id);
            }
        }
    }
}

#[test]
fn the_bundle_identifier_is_the_data_directory_name() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let conf: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("tauri.conf.json")).unwrap())
            .unwrap();
    assert_eq!(conf["identifier"], sheli_library::APP_IDENTIFIER);
    // The bundler warns about identifiers ending in `.app` (a macOS bundle suffix).
    assert!(!sheli_library::APP_IDENTIFIER.ends_with(".app"));
}

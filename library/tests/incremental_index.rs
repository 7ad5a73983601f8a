//! An import's index build starts from the generation in use and indexes
//! only the new text (`sheli_index::Generations::build`): what it costs grows
//! with the text imported, not the library. It must search exactly as a
//! build of the whole library from nothing would — the same hits, counts,
//! order and snippets — and a text that fails part way through being
//! streamed into a build leaves none of its passages behind.

use std::path::Path;

use sheli_index::{SearchIndex, SearchRequest, SortOrder};
use sheli_library::{Library, import};

const FIRST: &str = "[題]第一\n\n鄉射之禮,主人戒賓。\n賓出迎,再拜。\n\n[注]戒,警也。\n\n\
                     主人答再拜,乃請。賓禮辭,許。\n";
const SECOND: &str = "主人以賓揖,先入。\n\n賓厭眾賓,眾賓皆入門左。\n\n[記]大夫與,則公士為賓。\n\n\
                      [疏]釋曰:主人戒賓者,鄉大夫也。\n";

fn add(data: &Path, dir: &Path, name: &str, text: &str) {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    import(data, &[file], Some("射禮習作"), &mut |_, _, _| {}).unwrap();
}

fn index_of(data: &Path) -> (SearchIndex, Option<sheli_index::RebuildReason>) {
    let opened = Library::open_lazy(data).unwrap().open_index(&mut |_| {}).unwrap();
    (opened.index, opened.rebuilt)
}

fn answers(index: &SearchIndex) -> Vec<String> {
    let queries =
        ["主人", "賓", "主人 賓", "\"主人 賓\"~3", "再拜", "戒 -警", "layer:注 戒", "射", "觶"];
    let mut out = Vec::new();
    for q in queries {
        for sort in [SortOrder::Relevance, SortOrder::Position, SortOrder::Right] {
            let req = SearchRequest {
                query: q.into(),
                limit: 40,
                sort,
                hits: true,
                ..Default::default()
            };
            let r = index.search(&req).unwrap();
            let mut v = serde_json::to_value(&r).unwrap();
            // A score is a sum of floats whose order follows how the segments
            // were built (threads, an import's segment beside the old ones):
            // equal to a few units in the last place, not bit for bit
            // (10.135191 against 10.135192 in a clean-clone CI run).
            for hit in v["results"].as_array_mut().into_iter().flatten() {
                if let Some(score) = hit["score"].as_f64() {
                    hit["score"] = serde_json::json!((score * 1e4).round() / 1e4);
                }
            }
            out.push(format!("{q} {sort:?}: {v}"));
        }
    }
    out
}

/// The generation `CURRENT` names.
fn current_generation(data: &Path) -> std::path::PathBuf {
    let name = std::fs::read_to_string(data.join("index/CURRENT")).unwrap();
    data.join("index").join(name.trim())
}

#[test]
fn an_import_indexes_only_the_new_text_and_searches_as_a_whole_build() {
    let dir = tempfile::tempdir().unwrap();
    let step = dir.path().join("step");
    add(&step, dir.path(), "first.txt", FIRST);
    let (before, _) = index_of(&step);
    let base = current_generation(&step);
    add(&step, dir.path(), "second.txt", SECOND);
    // What the build went through: only the new text's segments (a whole
    // build goes through the built-in texts' thousands).
    let mut indexed = 0;
    let opened = Library::open_lazy(&step)
        .unwrap()
        .open_index(&mut |p| indexed = indexed.max(p.total))
        .unwrap();
    let (after, rebuilt) = (opened.index, opened.rebuilt);
    assert!(rebuilt.is_some(), "the import changed the texts");
    assert!((1..10).contains(&indexed), "{indexed} segments indexed, not the new text's 4");
    assert_ne!(base, current_generation(&step));
    drop(before);

    let whole = dir.path().join("whole");
    add(&whole, dir.path(), "first.txt", FIRST);
    add(&whole, dir.path(), "second.txt", SECOND);
    // Built from nothing: no generation before.
    let (from_nothing, rebuilt) = index_of(&whole);
    assert_eq!(rebuilt, Some(sheli_index::RebuildReason::Missing));

    assert_eq!(after.meta().segments, from_nothing.meta().segments);
    assert_eq!(after.num_segments(), from_nothing.num_segments());
    let (a, b) = (answers(&after), answers(&from_nothing));
    for (x, y) in a.iter().zip(&b) {
        if x != y {
            let at = x.bytes().zip(y.bytes()).position(|(p, q)| p != q).unwrap_or(0);
            let around = |s: &str| {
                s[s.floor_char_boundary(at.saturating_sub(300))
                    ..s.ceil_char_boundary((at + 200).min(s.len()))]
                    .to_owned()
            };
            panic!(
                "{}\n  incremental: …{}…\n  whole:       …{}…",
                &x[..x.find(':').unwrap()],
                around(x),
                around(y)
            );
        }
    }
    // And the new text is found at all.
    let second = after.meta().sources.last().unwrap().0.clone();
    let r = after
        .search(&SearchRequest {
            query: "眾賓".into(),
            source: Some(second),
            limit: 5,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(r.total_occurrences, 2);
}

#[test]
fn a_text_that_breaks_part_way_through_the_build_leaves_none_of_its_passages() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    add(&data, dir.path(), "first.txt", FIRST);
    add(&data, dir.path(), "second.txt", SECOND);
    let lib = Library::open_lazy(&data).unwrap();
    let second = lib.corpus.sources().last().unwrap().info.file.clone();
    // Its first paragraph readable, then bytes that are not UTF-8.
    let path = data.join("texts").join(second);
    std::fs::write(&path, b"\xe7\x9c\xbe\xe8\xb3\x93\xe5\x85\xa5\xe3\x80\x82\n\n\xff\xfe\n")
        .unwrap();
    let (index, rebuilt) = index_of(&data);
    assert!(rebuilt.is_some());
    let r = index
        .search(&SearchRequest { query: "眾賓入".into(), limit: 5, ..Default::default() })
        .unwrap();
    assert_eq!(r.total_occurrences, 0, "the broken text's first paragraph was left in");
    let first = lib.corpus.sources()[lib.corpus.sources().len() - 2].info.id.clone();
    let r = index
        .search(&SearchRequest {
            query: "鄉射之禮".into(),
            source: Some(first),
            limit: 5,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(r.total_occurrences, 1, "the other text is searched");
    // Opened again, the index is current (its count of documents matches).
    let (_, rebuilt) = index_of(&data);
    assert_eq!(rebuilt, None);
}

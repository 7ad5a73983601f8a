//! The list of hits stops at `MAX_HITS` and says so (issue 11, point 5):
//! an index of more matching segments than that, written with the app's
//! own `write_index`.

use sheli_corpus::Layer;
use sheli_index::indexer::{BuildOptions, SegmentDoc, write_index};
use sheli_index::meta::IndexMeta;
use sheli_index::schema::SCHEMA_VERSION;
use sheli_index::search::MAX_HITS;
use sheli_index::{SearchIndex, SearchRequest, SortOrder};

#[test]
fn the_hit_list_stops_at_its_limit_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let n = MAX_HITS + 7;
    let ids: Vec<String> = (0..n).map(|i| format!("t.{i:05}")).collect();
    let docs = ids.iter().enumerate().map(|(i, id)| SegmentDoc {
        passage: id,
        source: "t",
        work: "試",
        layer: Layer::Jing,
        segment: 0,
        ji: false,
        line: i as u32 + 1,
        line_starts: Vec::new(),
        text: "主人再拜，賓答再拜。",
        tail: String::new(),
        seq: i as u64,
    });
    let sources = vec!["t".to_string()];
    let index =
        write_index(dir.path(), &sources, docs, BuildOptions::default(), &mut |_| {}).unwrap();
    let meta = IndexMeta {
        schema_version: SCHEMA_VERSION,
        corpus_hash: "test".into(),
        sources: vec![("t".into(), "試".into())],
        works: vec!["試".into()],
        segments: n,
    };
    let index = SearchIndex::new(index, meta).unwrap();
    let req = SearchRequest {
        query: "再拜".into(),
        sort: SortOrder::Position,
        hits: true,
        limit: 10,
        ..Default::default()
    };
    let r = index.search(&req).unwrap();
    assert_eq!(r.total_segments, n as u64);
    assert_eq!(r.total_occurrences, 2 * n as u64);
    let list = r.hits.unwrap();
    assert!(list.truncated);
    assert_eq!(list.items.len(), MAX_HITS);
    // in source order, each with both of its hits
    assert_eq!(list.items[0].id, "t.00000");
    assert_eq!(list.items[MAX_HITS - 1].id, format!("t.{:05}", MAX_HITS - 1));
    assert_eq!(list.items[0].ranges, vec![[2, 4], [7, 9]]);
    assert_eq!(r.shown, 10);
    assert!(r.has_more);
}

//! A source added lazily (a user's text) is read the first time its passages
//! are asked for, not when it is added; then it is the same as a source
//! parsed when added. A text that cannot be read is said, never a panic, and
//! the other sources go on working.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use sheli_corpus::{Corpus, CorpusError, SourceInfo, TextCounts, TextLoader};

const TEXT: &str = "[題]第一\n\n司弓矢掌六弓四弩八矢之法。\n\n[注]鄭注\n\n射人掌國之三公孤卿大夫之位。\n\n[記]記曰：射。\n";

fn info(id: &str) -> SourceInfo {
    SourceInfo::user_text(id, "周禮", "周禮.txt")
}

/// A loader that counts its calls.
fn counting(text: &'static str) -> (TextLoader, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let c = Arc::clone(&calls);
    let load: TextLoader = Arc::new(move || {
        c.fetch_add(1, Ordering::SeqCst);
        Ok(text.to_owned())
    });
    (load, calls)
}

fn eager() -> Corpus {
    let mut c = Corpus::default();
    c.add_source(info("user.00000001"), Arc::from(TEXT)).unwrap();
    c
}

#[test]
fn nothing_is_read_when_added_and_the_first_read_parses_as_an_eager_add() {
    let (load, calls) = counting(TEXT);
    let counts = TextCounts { passages: 4, ..TextCounts::default() };
    let mut lazy = Corpus::default();
    lazy.add_lazy_source(info("user.00000001"), Some(counts.clone()), load).unwrap();
    let id = "user.00000001";
    assert_eq!(calls.load(Ordering::SeqCst), 0, "adding reads nothing");
    assert!(!lazy.is_read(id));
    assert!(lazy.has_lazy_sources());
    assert_eq!(lazy.known_counts(id), Some(counts), "the recorded counts, unread");
    assert_eq!(lazy.sources().len(), 1);
    assert_eq!(calls.load(Ordering::SeqCst), 0, "listing and counting read nothing");

    let full = eager();
    let got = lazy.passages_of(id);
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert!(lazy.is_read(id));
    assert_eq!(format!("{got:?}"), format!("{:?}", full.passages_of(id)));
    assert_eq!(got.len(), 4, "題, 經, 經 with its 注, 記");
    // Kept: asked again, in every way, the text is not read again.
    for p in full.passages_of(id) {
        let q = lazy.passage(&p.id).unwrap();
        assert_eq!(format!("{q:?}"), format!("{p:?}"));
        assert_eq!(lazy.line_span(q), full.line_span(p));
        assert_eq!(lazy.position(q, 0, 2), full.position(p, 0, 2));
        assert!(lazy.position(q, 0, 2).is_some_and(|(line, _)| line > 0));
    }
    for line in 1..=9 {
        assert_eq!(
            lazy.passage_at_line(id, line).map(|p| &p.id),
            full.passage_at_line(id, line).map(|p| &p.id)
        );
    }
    assert_eq!(lazy.layer_counts(id), full.layer_counts(id));
    assert_eq!(lazy.known_counts(id), Some(TextCounts::of(&full, id)));
    assert_eq!(lazy.every_passage().count(), 4);
    assert_eq!(calls.load(Ordering::SeqCst), 1, "read once");
    // An ordinal the text does not have, or written otherwise, is no passage.
    assert!(lazy.passage("user.00000001.0005").is_err());
    assert!(lazy.passage("user.00000001.1").is_err());
    assert!(lazy.passage("user.00000001.+001").is_err());
}

#[test]
fn a_passage_asked_for_by_id_reads_its_source() {
    let (load, calls) = counting(TEXT);
    let mut lazy = Corpus::default();
    lazy.add_lazy_source(info("user.00000001"), None, load).unwrap();
    assert_eq!(lazy.known_counts("user.00000001"), None, "nothing recorded, nothing read");
    let p = lazy.passage("user.00000001.0003").unwrap();
    assert_eq!(format!("{p:?}"), format!("{:?}", eager().passages_of("user.00000001")[2]));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
}

#[test]
fn a_text_that_cannot_be_read_is_said_when_read_and_the_others_work() {
    let mut c = Corpus::builtin().unwrap();
    let builtin = c.passages().len();
    let broken: TextLoader = Arc::new(|| Err("stream did not contain valid UTF-8".into()));
    c.add_lazy_source(info("user.0000000b"), None, broken).unwrap();
    let (load, _) = counting(TEXT);
    c.add_lazy_source(info("user.00000001"), None, load).unwrap();
    assert!(c.read_failures().is_empty(), "nothing read, nothing failed yet");

    assert!(c.passages_of("user.0000000b").is_empty());
    match c.try_passages_of("user.0000000b") {
        Err(CorpusError::Unreadable { source_id, why }) => {
            assert_eq!(
                (source_id.as_str(), why.as_str()),
                ("user.0000000b", "stream did not contain valid UTF-8")
            );
        }
        other => panic!("{:?}", other.map(|p| p.len())),
    }
    let failures: Vec<(&str, &str)> =
        c.read_failures().into_iter().map(|(s, why)| (s.info.id.as_str(), why)).collect();
    assert_eq!(failures, [("user.0000000b", "stream did not contain valid UTF-8")]);
    assert!(c.passage("user.0000000b.0001").is_err());
    assert!(c.is_read("user.0000000b"), "tried, and not tried again");

    assert_eq!(c.try_passages_of("user.00000001").unwrap().len(), 4);
    assert_eq!(c.passages().len(), builtin, "the built-in texts as they were");
    assert!(c.passage("xiangshe.zhushu.0001").is_ok());
    assert_eq!(c.every_passage().count(), builtin + 4);
    assert!(matches!(c.try_passages_of("user.nope"), Err(CorpusError::UnknownSource(_))));
}

#[test]
fn a_whole_copy_reads_every_text_for_itself_and_lists_the_unreadable_one() {
    let (load, calls) = counting(TEXT);
    let mut c = Corpus::default();
    c.add_lazy_source(info("user.00000001"), None, load).unwrap();
    let broken: TextLoader = Arc::new(|| Err("gone".into()));
    c.add_lazy_source(info("user.0000000b"), None, broken).unwrap();
    c.set_user_stamp("stamp".into());

    let whole = c.read_whole();
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert!(!c.is_read("user.00000001"), "the original still holds nothing");
    assert!(!whole.has_lazy_sources());
    assert_eq!(whole.user_stamp(), "stamp");
    let ids: Vec<&str> = whole.sources().iter().map(|s| s.info.id.as_str()).collect();
    assert_eq!(ids, ["user.00000001", "user.0000000b"]);
    assert!(whole.sources()[0].parsed && !whole.sources()[1].parsed);
    assert_eq!(whole.passages().len(), 4, "read into the copy's own passages");
    assert_eq!(
        format!("{:?}", whole.passages_of("user.00000001")),
        format!("{:?}", eager().passages_of("user.00000001"))
    );
    // The copy's fields are those of an eagerly parsed source (the index
    // reads `lines` from them).
    assert_eq!(&*whole.sources()[0].raw, TEXT);

    // A source read already is copied, not read again.
    c.passages_of("user.00000001");
    let _ = c.read_whole();
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

#[test]
fn listing_an_unread_text_gives_its_recorded_counts_without_reading_it() {
    let full = eager();
    let id = "user.00000001";
    let (load, calls) = counting(TEXT);
    let mut lazy = Corpus::default();
    lazy.add_lazy_source(info(id), Some(TextCounts::of(&full, id)), load).unwrap();
    let (listed, read) = (&lazy.summaries()[0], &full.summaries()[0]);
    assert_eq!((listed.passages, &listed.layers), (read.passages, &read.layers));
    assert_eq!(calls.load(Ordering::SeqCst), 0, "`sheli corpus` reads no text to list it");
}

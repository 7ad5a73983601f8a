//! A user's paragraph longer than `MAX_PASSAGE_CHARS` is cut into passages
//! within the bound (the outside tester's file without blank lines became
//! one passage of 60M characters): at line ends, else after a sentence's
//! 。！？；, else at the bound; its text unchanged when put back together,
//! its layer kept, and streamed exactly as parsed whole.

use sheli_corpus::parse::MAX_PASSAGE_CHARS;
use sheli_corpus::{Corpus, Layer, SourceInfo};

mod support;

const HAN: &str = "鄉射之禮主人戒賓出迎再拜答乃請辭許升就席獻酢酬旅";

/// `n` characters of Han text, from `seed` on.
fn han(n: usize, seed: usize) -> String {
    let chars: Vec<char> = HAN.chars().collect();
    (0..n).map(|i| chars[(i * 7 + seed) % chars.len()]).collect()
}

/// A 300,000-character 注 paragraph: 100,000 in lines of 1,000, a line of
/// 100,000 with a 。 every 37, a line of 100,000 without punctuation; then a
/// short 經 paragraph.
fn text() -> (String, String) {
    let mut body = String::new();
    for k in 0..100 {
        body.push_str(&han(999, k));
        body.push('。');
        body.push('\n');
    }
    for k in 0..2702 {
        body.push_str(&han(36, k));
        body.push('。');
    }
    body.push_str(&han(100_000 - 2702 * 37, 3));
    body.push('\n');
    body.push_str(&han(100_000, 5));
    body.push('\n');
    let raw = format!("[注]{body}\n主人答拜。\n");
    (raw, body.replace('\n', ""))
}

#[test]
fn a_300k_character_paragraph_becomes_passages_within_the_bound() {
    let (raw, body) = text();
    assert_eq!(body.chars().count(), 300_000);
    let info = SourceInfo::user_text("user.0000abcd", "測試", "t.txt");
    let mut corpus = Corpus::default();
    corpus.add_source(info.clone(), std::sync::Arc::from(raw.as_str())).unwrap();
    let passages = corpus.passages_of(&info.id);
    let (long, last) = passages.split_at(passages.len() - 1);
    assert!(long.len() >= 300_000 / MAX_PASSAGE_CHARS, "{} passages", long.len());
    for p in long {
        assert_eq!(p.segments.len(), 1, "{}", p.id);
        let s = &p.segments[0];
        assert_eq!(s.layer, Layer::Zhu, "{}: the paragraph's layer is kept", p.id);
        assert!(s.text.chars().count() <= MAX_PASSAGE_CHARS, "{}", p.id);
    }
    let joined: String = long.iter().map(|p| p.segments[0].text.as_str()).collect();
    assert!(joined == body, "the pieces put together are the paragraph's text");
    assert_eq!(last[0].segments[0].text, "主人答拜。");
    assert_eq!(last[0].segments[0].layer, Layer::Jing);
    // The lines of 1,000 characters are not cut inside.
    assert!(long[0].segments[0].text.ends_with('。'));
    assert_eq!(long[0].segments[0].text.chars().count() % 1000, 0);

    streamed_as_parsed(&raw, passages);
}

/// The stream gives `parsed` (support/mod.rs).
fn streamed_as_parsed(raw: &str, parsed: &[sheli_corpus::Passage]) {
    let info = SourceInfo::user_text("user.0000abcd", "測試", "t.txt");
    support::assert_streamed_as_parsed(&info, raw, parsed, 4096);
}

#[test]
fn a_paragraph_over_a_megabyte_is_read_in_chunks_and_keeps_its_layer() {
    // 1,000 lines of 1,000 characters (3 MB of UTF-8) in one 疏 paragraph,
    // read 1 MB at a time; a blank line, a 經 paragraph, then another long
    // one without a tag.
    let line: String = han(999, 1) + "。\n";
    let raw = format!("[疏]{}\n\n主人答拜。\n\n{}", line.repeat(1000), line.repeat(700));
    let info = SourceInfo::user_text("user.0000abcd", "測試", "t.txt");
    let mut corpus = Corpus::default();
    corpus.add_source(info.clone(), std::sync::Arc::from(raw.as_str())).unwrap();
    let passages = corpus.passages_of(&info.id);
    let layers: Vec<Layer> = passages.iter().map(|p| p.segments[0].layer).collect();
    let jing = layers.iter().position(|l| *l == Layer::Jing).unwrap();
    assert!(layers[..jing].iter().all(|l| *l == Layer::Shu), "{layers:?}");
    assert_eq!(passages[jing].segments[0].text, "主人答拜。");
    assert!(layers[jing..].iter().all(|l| *l == Layer::Jing), "{layers:?}");
    for p in passages {
        assert_eq!(p.segments.len(), 1, "{}", p.id);
        assert!(p.segments[0].text.chars().count() <= MAX_PASSAGE_CHARS, "{}", p.id);
    }
    let shu: String = passages[..jing].iter().map(|p| p.segments[0].text.as_str()).collect();
    assert!(shu == line.repeat(1000).replace('\n', ""), "the 疏 put together is the paragraph");
    streamed_as_parsed(&raw, passages);
}

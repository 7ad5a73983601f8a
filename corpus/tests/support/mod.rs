//! What more than one test file checks: that the streamed parse of a user's
//! text (the import's, `PlainStream`) gives the passages the whole parse
//! gives.

use sheli_corpus::parse::PlainStream;
use sheli_corpus::text::LineIndex;
use sheli_corpus::{Passage, SourceInfo};

/// Streams `raw` through a reader of `buffer` bytes and asserts it gives
/// `parsed`, with the same ids, lines, columns, offsets and line starts.
pub fn assert_streamed_as_parsed(info: &SourceInfo, raw: &str, parsed: &[Passage], buffer: usize) {
    let lines = LineIndex::new(raw);
    let reader = std::io::BufReader::with_capacity(buffer, raw.as_bytes());
    let streamed: Vec<_> = PlainStream::new(info, reader).map(Result::unwrap).collect();
    assert_eq!(streamed.len(), parsed.len());
    for (s, p) in streamed.iter().zip(parsed) {
        assert_eq!(format!("{:?}", s.passage), format!("{p:?}"));
        for (seg, starts) in p.segments.iter().zip(&s.line_starts) {
            let mut expected = Vec::new();
            let mut last = seg.line;
            for (c, &off) in seg.offsets.iter().enumerate() {
                let l = lines.line_of(off as usize);
                if l != last {
                    expected.push((c as u32, l));
                    last = l;
                }
            }
            assert_eq!(starts, &expected, "{}", p.id);
        }
    }
}

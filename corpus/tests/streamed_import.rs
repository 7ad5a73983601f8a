//! Import reads a file in pieces (`decode_stream`, `PlainStream`): the same
//! text, encoding and checksum as decoding the whole file at once, whatever
//! the pieces cut (a GB18030, Big5 or UTF-8 sequence split between two), the
//! same passages as parsing the whole text, and never more than a piece of
//! the file in hand at a time.

use std::io::{Cursor, Read, Seek, SeekFrom, Write};

use encoding_rs::{BIG5, Encoding, GB18030};
use proptest::prelude::*;
use sha2::{Digest, Sha256};
use sheli_corpus::import::{CHUNK, DecodedStream, ImportError, decode_in_pieces, decode_stream};
use sheli_corpus::parse::PlainStream;
use sheli_corpus::{Corpus, SourceInfo};

mod support;

/// The decoding of a whole file as Sheli did it before it streamed: UTF-8
/// if all of it is; else chardetng's guess decides which of GB18030 and
/// Big5 is tried first, over the whole file.
fn whole_file_decoding(bytes: &[u8]) -> Option<(String, &'static str)> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return Some((s.to_owned(), "UTF-8"));
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(body, true);
    let guess = detector.guess(None, chardetng::Utf8Detection::Allow);
    let candidates: [&'static Encoding; 2] =
        if guess == BIG5 { [BIG5, GB18030] } else { [GB18030, BIG5] };
    candidates.iter().find_map(|enc| {
        let (text, errors) = enc.decode_without_bom_handling(body);
        (!errors).then(|| (text.into_owned(), enc.name()))
    })
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Characters that GB18030 and Big5 both encode in two bytes (and UTF-8 in
/// three), with ASCII and line breaks between them.
const HAN: &str = "鄉射之禮主人戒賓出迎再拜答乃請辭許升就席獻酢酬旅";

fn texts() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(HAN.chars().collect::<Vec<_>>()).prop_map(String::from),
        1 => Just("\n".to_owned()),
        1 => Just("\n\n".to_owned()),
        1 => Just("。".to_owned()),
        1 => "[a-z ]{1,3}",
    ];
    proptest::collection::vec(piece, 1..200).prop_map(|v| format!("射{}", v.concat()))
}

fn encodings() -> impl Strategy<Value = &'static Encoding> {
    prop_oneof![Just(encoding_rs::UTF_8), Just(GB18030), Just(BIG5)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Pieces of 1 to 7 bytes cut every multi-byte sequence somewhere.
    #[test]
    fn pieces_decode_as_the_whole_file(text in texts(), enc in encodings(), chunk in 1usize..8,
                                       bom in any::<bool>()) {
        let (encoded, _, _) = enc.encode(&text);
        let mut bytes = if bom && enc == encoding_rs::UTF_8 { b"\xEF\xBB\xBF".to_vec() } else { Vec::new() };
        bytes.extend_from_slice(&encoded);
        let mut out = Vec::new();
        let streamed = decode_in_pieces(&mut Cursor::new(&bytes), chunk, &mut out);
        let (whole, encoding) = whole_file_decoding(&bytes).expect("each text decodes");
        let d: DecodedStream = streamed.expect("decodes in pieces");
        prop_assert_eq!(String::from_utf8(out).unwrap(), whole.clone());
        prop_assert_eq!(d.encoding, encoding);
        prop_assert_eq!(d.sha256, hex(whole.as_bytes()));
        prop_assert_eq!(d.bytes, whole.len() as u64);
    }

    /// A file whose bytes are damaged is refused in pieces as it was whole.
    #[test]
    fn damage_is_found_in_pieces_as_whole(text in texts(), chunk in 1usize..8, at in any::<prop::sample::Index>()) {
        let (encoded, _, _) = GB18030.encode(&text);
        let mut bytes = encoded.into_owned();
        let i = at.index(bytes.len());
        bytes[i] = 0xFF;
        let streamed = decode_in_pieces(&mut Cursor::new(&bytes), chunk, &mut Vec::new());
        match whole_file_decoding(&bytes) {
            Some((whole, encoding)) => {
                let d = streamed.expect("decodes whole, so in pieces");
                prop_assert_eq!(d.encoding, encoding);
                prop_assert_eq!(d.sha256, hex(whole.as_bytes()));
            }
            None => {
                let undecodable = matches!(streamed, Err(ImportError::Undecodable { .. }));
                prop_assert!(undecodable, "{:?}", streamed);
            }
        }
    }
}

/// A reader that records the largest read asked of it.
struct Watched<R> {
    inner: R,
    largest_read: usize,
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.largest_read = self.largest_read.max(buf.len());
        self.inner.read(buf)
    }
}

impl<R: Seek> Seek for Watched<R> {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.inner.seek(pos)
    }
}

/// A sink that records the largest write, and restarts.
#[derive(Default)]
struct Sink {
    written: u64,
    largest_write: usize,
    restarts: usize,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.largest_write = self.largest_write.max(buf.len());
        self.written += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl sheli_corpus::import::Restart for Sink {
    fn restart(&mut self) -> std::io::Result<()> {
        self.restarts += 1;
        self.written = 0;
        Ok(())
    }
}

#[test]
fn a_large_file_passes_through_a_piece_at_a_time() {
    // 4 MB of GB18030 (so that UTF-8 is tried and given up, then the
    // detector and a legacy decoding each read the file again).
    let text = "鄉射之禮。主人戒賓,賓出迎,再拜。\n\n".repeat(4 * 1024 * 1024 / 40);
    let (gb, _, _) = GB18030.encode(&text);
    let mut input = Watched { inner: Cursor::new(gb.into_owned()), largest_read: 0 };
    let mut sink = Sink::default();
    let d = decode_stream(&mut input, &mut sink).unwrap();
    assert_eq!(d.encoding, "gb18030");
    assert_eq!(sink.written, text.len() as u64);
    assert!(input.largest_read <= CHUNK, "a read of {} bytes", input.largest_read);
    // A piece of GB18030 decodes to at most 1.5 times its bytes in UTF-8.
    assert!(sink.largest_write <= 2 * CHUNK, "a write of {} bytes", sink.largest_write);
    assert_eq!(sink.restarts, 1, "the failed UTF-8 pass is thrown away once");
}

#[test]
fn the_size_is_checked_before_anything_is_decoded() {
    struct Huge;
    impl Read for Huge {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            panic!("read before the size was checked")
        }
    }
    impl Seek for Huge {
        fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
            Ok(match pos {
                SeekFrom::End(_) => sheli_corpus::import::MAX_IMPORT_BYTES as u64 + 1,
                _ => 0,
            })
        }
    }
    let e = decode_stream(&mut Huge, &mut Vec::new()).unwrap_err();
    assert!(matches!(e, ImportError::TooLarge { .. }), "{e}");
    assert!(e.to_string().contains("256 MB"), "{e}");
}

fn plain_texts() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        3 => "[鄉射主人賓。,]{1,12}",
        1 => Just(String::new()),
        1 => Just("   ".to_owned()),
        1 => Just("\u{3000}".to_owned()),
        1 => proptest::sample::select(vec!["[題]", "[注]", "[記]", "[疏]", "［音義］", "[譯]", "[經]"])
            .prop_flat_map(|t| "[鄉射主人賓]{0,6}".prop_map(move |s| format!("{t}{s}"))),
    ];
    (proptest::collection::vec(line, 0..40), any::<bool>(), any::<bool>()).prop_map(
        |(lines, crlf, last_newline)| {
            let sep = if crlf { "\r\n" } else { "\n" };
            let mut s = lines.join(sep);
            if last_newline {
                s.push_str(sep);
            }
            s
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The stream gives the passages a whole parse gives, with the same ids,
    /// lines, columns, offsets and line starts.
    #[test]
    fn streamed_passages_are_the_parsed_ones(raw in plain_texts(), buffer in 1usize..16) {
        let info = SourceInfo::user_text("user.0000abcd", "測試", "t.txt");
        let mut corpus = Corpus::default();
        corpus.add_source(info.clone(), std::sync::Arc::from(raw.as_str())).unwrap();
        let parsed = corpus.passages_of(&info.id);
        support::assert_streamed_as_parsed(&info, &raw, parsed, buffer);
    }
}

#[test]
fn a_stream_that_is_not_utf8_is_an_error() {
    let info = SourceInfo::user_text("user.0000abcd", "測試", "t.txt");
    let raw: &[u8] = b"\xe9\x84\x89\n\n\xff\xfe\n";
    let got: Vec<_> = PlainStream::new(&info, raw).collect();
    assert!(
        got.iter().any(|r| r.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::InvalidData))
    );
}

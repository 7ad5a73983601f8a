//! A user's text with a table of passages (written at import) is read one
//! passage at a time: `sheli show` of one passage of a 180 MB file parsed
//! the whole text (2.4 s, 848 MB). A passage read alone from its place in
//! the file is the passage a reading of the whole text gives — ids, text,
//! layers, heading, lines, columns — and reading it reads a chunk or two of
//! the file, however long the text, never the whole.

use std::io::{Cursor, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use sheli_corpus::corpus::{PassageAccess, TextReader};
use sheli_corpus::parse::PlainStream;
use sheli_corpus::parse::table::TableWriter;
use sheli_corpus::{Corpus, SourceInfo};

const HAN: &str = "鄉射之禮主人戒賓出迎再拜答乃請辭許升就席獻酢酬旅";

fn han(n: usize, seed: usize) -> String {
    let chars: Vec<char> = HAN.chars().collect();
    (0..n).map(|i| chars[(i * 7 + seed) % chars.len()]).collect()
}

/// About 5.5 MB: headings, tagged paragraphs joining their passage, then a
/// stretch without a blank line (lines of 300 characters, one a line of
/// 30,000 with a 。 every 50), so chunks continue paragraphs and passages
/// start in the middle of chunks and of lines; a heading again, a 記.
fn text() -> String {
    let mut t = String::from("[題]第一\n\n主人戒賓。\n\n[注]戒，警也。\n\n[疏]釋曰。\n\n");
    for k in 0..6000 {
        t.push_str(&han(299, k));
        t.push_str("。\n");
        if k == 3000 {
            for j in 0..600 {
                t.push_str(&han(49, j));
                t.push('。');
            }
            t.push('\n');
        }
    }
    t.push_str("\n[題]第二\n\n賓出迎。\n\n[注]迎，逆也。\r\n\r\n[記]凡射。\n");
    t
}

fn info() -> SourceInfo {
    SourceInfo { sha256: "ab".repeat(32), ..SourceInfo::user_text("user.abababab", "射", "t.txt") }
}

/// Counts the bytes read through it.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicUsize>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n, Ordering::SeqCst);
        Ok(n)
    }
}

/// The text with its table, as an import writes them, added to a corpus
/// the way a library opens it; the bytes of the text read, and the times
/// it was opened to be read whole.
fn seekable(raw: &str) -> (Corpus, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    seekable_with(raw, table_of(raw))
}

/// The table an import writes for `raw`.
fn table_of(raw: &str) -> Vec<u8> {
    let info = info();
    let mut table = TableWriter::new(Cursor::new(Vec::new())).unwrap();
    for p in PlainStream::new(&info, raw.as_bytes()) {
        table.push(&p.unwrap().start).unwrap();
    }
    table.finish(raw.len() as u64, &info.sha256).unwrap().into_inner()
}

/// [`seekable`] with `table` as the text's table of passages.
fn seekable_with(raw: &str, table: Vec<u8>) -> (Corpus, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let info = info();
    let raw: Arc<str> = Arc::from(raw);
    let (read, whole) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (r, w, text) = (read.clone(), whole.clone(), raw.clone());
    let open: TextReader = Arc::new(move || {
        w.fetch_add(1, Ordering::SeqCst);
        Ok(Box::new(Cursor::new(text.as_bytes().to_vec())) as Box<dyn std::io::BufRead + Send>)
    });
    let text = raw.clone();
    let len = raw.len() as u64;
    let access = PassageAccess {
        text_at: Arc::new(move |at| {
            let rest = text.as_bytes().get(at as usize..).ok_or("past the end")?.to_vec();
            let counted = Counting { inner: Cursor::new(rest), read: r.clone() };
            Ok(Box::new(std::io::BufReader::with_capacity(64 * 1024, counted))
                as Box<dyn std::io::BufRead + Send>)
        }),
        table: Arc::new(move || {
            Some((
                Box::new(Cursor::new(table.clone())) as Box<dyn sheli_corpus::corpus::ReadSeek>,
                len,
            ))
        }),
    };
    let mut corpus = Corpus::default();
    corpus.add_seekable_source(info, None, open, access).unwrap();
    (corpus, read, whole)
}

fn whole(raw: &str) -> Corpus {
    let mut c = Corpus::default();
    c.add_source(info(), Arc::from(raw)).unwrap();
    c
}

#[test]
fn a_passage_read_alone_is_the_one_a_whole_reading_gives() {
    let raw = text();
    let full = whole(&raw);
    let (lazy, _, opened_whole) = seekable(&raw);
    let all = full.passages_of("user.abababab");
    assert!(all.len() > 80, "{} passages", all.len());
    let mut picked: Vec<usize> = (0..all.len()).step_by(7).collect();
    picked.extend([1, 2, all.len() - 3, all.len() - 2, all.len() - 1]);
    for i in picked {
        let p = &all[i];
        let q = lazy.passage(&p.id).unwrap();
        assert_eq!(format!("{q:?}"), format!("{p:?}"), "{}", p.id);
        assert_eq!(lazy.line_span(q), full.line_span(p), "{}", p.id);
        let seg = q.segments.len() - 1;
        let last = q.segments[seg].text.chars().count() - 1;
        for (s, c) in [(0, 0), (0, 1), (seg, last)] {
            assert_eq!(lazy.position(q, s, c), full.position(p, s, c), "{} {s} {c}", p.id);
        }
        let line = full.line_span(p).1;
        assert_eq!(
            lazy.passage_at_line("user.abababab", line).map(|p| &p.id),
            full.passage_at_line("user.abababab", line).map(|p| &p.id),
            "line {line}"
        );
        assert_eq!(lazy.citation_at(q, 0, 0), full.citation_at(p, 0, 0));
        // the first passage beginning on a line (several begin on the line
        // of 30,000 characters), found by the table as by the whole reading
        let first = full.line_span(p).0;
        let want = all.iter().find(|o| o.line() == first).map(|o| &o.id);
        assert_eq!(lazy.passage_beginning_at("user.abababab", first).map(|p| &p.id), want);
        assert_eq!(full.passage_beginning_at("user.abababab", first).map(|p| &p.id), want);
    }
    let long_line =
        all.iter().map(|p| p.line()).find(|&l| all.iter().filter(|p| p.line() == l).count() > 1);
    let long_line = long_line.expect("a line beginning several passages");
    let on_it = all.iter().find(|p| p.line() == long_line).map(|p| &p.id);
    assert_eq!(lazy.passage_beginning_at("user.abababab", long_line).map(|p| &p.id), on_it);
    assert!(lazy.passage_beginning_at("user.abababab", long_line + 1).is_none());
    // the text ends with a line break after its last passage's line
    assert_eq!(lazy.last_line("user.abababab"), full.last_line("user.abababab"));
    assert_eq!(opened_whole.load(Ordering::SeqCst), 0, "the text was never read whole");
    assert!(!lazy.is_read("user.abababab"));
    assert_eq!(lazy.passage_count("user.abababab"), Some(all.len()));
    let run = lazy.passage_run("user.abababab", 40, 5).unwrap();
    let ids: Vec<&str> = run.iter().map(|p| p.id.as_str()).collect();
    let want: Vec<&str> = all[39..44].iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, want);
}

#[test]
fn reading_one_passage_reads_a_chunk_or_two_not_the_text() {
    let raw = text();
    assert!(raw.len() > 5 << 20);
    let (lazy, read, opened_whole) = seekable(&raw);
    let id = "user.abababab.0100";
    let p = lazy.passage(id).unwrap();
    assert_eq!(p.id, id);
    let _ = lazy.position(p, 0, 3);
    let bytes = read.load(Ordering::SeqCst);
    // A chunk is at most 1 MB and a line: the passage's chunk, the next
    // one (where the passage closes), its lines again for a column.
    assert!(bytes < 4 << 20, "{bytes} bytes read for one passage of a {} byte text", raw.len());
    assert_eq!(opened_whole.load(Ordering::SeqCst), 0);
}

#[test]
fn a_table_of_another_text_is_not_used() {
    let raw = text();
    let (lazy, _, opened_whole) = seekable(&raw);
    let other = format!("{raw}多一行。\n");
    // The same corpus asked about a text that has changed: the table's
    // length no longer fits, so the text is read whole, as before.
    let info = info();
    let mut table = TableWriter::new(Cursor::new(Vec::new())).unwrap();
    for p in PlainStream::new(&info, raw.as_bytes()) {
        table.push(&p.unwrap().start).unwrap();
    }
    let bytes = table.finish(raw.len() as u64, &info.sha256).unwrap().into_inner();
    let t = sheli_corpus::parse::table::PassageTable::open(
        Cursor::new(bytes.clone()),
        other.len() as u64,
        &info.sha256,
    );
    assert!(t.is_none(), "a table for a text of another length");
    let t = sheli_corpus::parse::table::PassageTable::open(
        Cursor::new(bytes),
        raw.len() as u64,
        &"cd".repeat(32),
    );
    assert!(t.is_none(), "a table for a text of another checksum");
    drop(lazy);
    assert_eq!(opened_whole.load(Ordering::SeqCst), 0);
}

/// A short text with headings (passages of their own), commentary joining
/// its passage, a 記, and characters of three bytes, so an offset can fall
/// inside one.
const SMALL: &str =
    "[題]第一\n\n主人戒賓。\n\n[注]戒，警也。\n\n賓出迎。\n\n[題]第二\n\n乃請。\n\n[記]凡射。\n";

/// Where record `n` (1-based) of a table starts, and its fields' places.
fn record(n: usize) -> usize {
    64 + (n - 1) * 32
}
const CHUNK_AT: usize = 0;
const HEADING_AT: usize = 8;
const CHUNK_LINE: usize = 16;
const FIRST_LINE: usize = 20;

fn put_u64(t: &mut [u8], at: usize, v: u64) {
    t[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

fn put_u32(t: &mut [u8], at: usize, v: u32) {
    t[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn u64_at(t: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(t[at..at + 8].try_into().unwrap())
}

fn u32_at(t: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(t[at..at + 4].try_into().unwrap())
}

/// Tables damaged as the outside tester crafted them (h5, finding A) and
/// the other ways a record can fail to fit: each is refused and the text
/// read whole, so every passage opens as the whole reading gives it, by id,
/// by line and in a run — where a line of 0xFFFFFFFF panicked (`attempt to
/// add with overflow`) and an offset inside a character or at 2^63 made
/// `show` say there was no such passage while search found it.
#[test]
fn a_table_whose_records_do_not_fit_the_text_is_refused_and_the_text_read_whole() {
    let good = table_of(SMALL);
    let full = whole(SMALL);
    let all = full.passages_of("user.abababab");
    assert_eq!(all.len(), 6, "{all:?}");
    // The records as written: passage 2 starts after a line break, inside
    // the text, after passage 1's chunk.
    let at2 = u64_at(&good, record(2) + CHUNK_AT);
    assert_eq!(SMALL.as_bytes()[at2 as usize - 1], b'\n');
    type Edit = Box<dyn Fn(&mut Vec<u8>)>;
    let crafted: Vec<(&str, Edit)> = vec![
        ("a line of 0xFFFFFFFF", Box::new(|t| put_u32(t, record(2) + CHUNK_LINE, u32::MAX))),
        ("a first line of 0xFFFFFFFF", Box::new(|t| put_u32(t, record(2) + FIRST_LINE, u32::MAX))),
        ("an offset inside a character", Box::new(move |t| put_u64(t, record(2), at2 + 1))),
        ("an offset at 2^63", Box::new(|t| put_u64(t, record(2), 1 << 63))),
        ("an offset past the end", Box::new(|t| put_u64(t, record(2), SMALL.len() as u64))),
        (
            "an offset on a character but not at a line start",
            Box::new(move |t| put_u64(t, record(2), at2 + 3)),
        ),
        (
            "a heading after its passage",
            Box::new(|t| {
                let at = u64_at(t, record(3) + CHUNK_AT);
                put_u64(t, record(3) + HEADING_AT, at + 3);
            }),
        ),
        (
            "a heading inside a character",
            Box::new(|t| {
                let h = u64_at(t, record(3) + HEADING_AT);
                assert_ne!(h, u64::MAX, "passage 3 has a heading");
                put_u64(t, record(3) + HEADING_AT, h + 4);
            }),
        ),
        (
            "lines not increasing",
            Box::new(|t| {
                let l = u32_at(t, record(1) + FIRST_LINE);
                put_u32(t, record(3) + FIRST_LINE, l);
                put_u32(t, record(3) + CHUNK_LINE, l);
            }),
        ),
        (
            "records out of order",
            Box::new(|t| {
                let (a, b) = (t[record(2)..record(3)].to_vec(), t[record(3)..record(4)].to_vec());
                t[record(2)..record(3)].copy_from_slice(&b);
                t[record(3)..record(4)].copy_from_slice(&a);
            }),
        ),
        (
            "a record twice",
            Box::new(|t| {
                let b = t[record(3)..record(4)].to_vec();
                t[record(2)..record(3)].copy_from_slice(&b);
            }),
        ),
        (
            "a line past the text's",
            Box::new(|t| {
                put_u32(t, record(6) + CHUNK_LINE, 500);
                put_u32(t, record(6) + FIRST_LINE, 500);
            }),
        ),
        ("a count of 2^60 passages", Box::new(|t| put_u64(t, 24, 1 << 60))),
    ];
    for (what, edit) in crafted {
        let mut table = good.clone();
        edit(&mut table);
        assert_ne!(table, good, "{what}: the table is changed");
        // The records' sum cleared, as in a table written before it was:
        // each check stands on its own, not on the sum.
        table[12..16].fill(0);
        // Each way in first on a fresh corpus: the one the table is read by.
        for way in ["id", "line", "run", "last line", "count"] {
            let (lazy, _, _) = seekable_with(SMALL, table.clone());
            match way {
                "id" => {
                    for p in all {
                        let q = lazy.passage(&p.id);
                        let q = q.unwrap_or_else(|e| panic!("{what}: {}: {e}", p.id));
                        assert_eq!(format!("{q:?}"), format!("{p:?}"), "{what}: {}", p.id);
                        assert_eq!(lazy.line_span(q), full.line_span(p), "{what}: {}", p.id);
                    }
                }
                "line" => {
                    for p in all {
                        let (first, last) = full.line_span(p);
                        for line in [first, last] {
                            let got = lazy.passage_at_line("user.abababab", line);
                            assert_eq!(got.map(|p| &p.id), Some(&p.id), "{what}: line {line}");
                        }
                        let got = lazy.passage_beginning_at("user.abababab", first);
                        assert_eq!(got.map(|p| &p.id), Some(&p.id), "{what}: begins {first}");
                    }
                }
                "run" => {
                    let run = lazy.passage_run("user.abababab", 1, 10).unwrap();
                    let ids: Vec<&str> = run.iter().map(|p| p.id.as_str()).collect();
                    let want: Vec<&str> = all.iter().map(|p| p.id.as_str()).collect();
                    assert_eq!(ids, want, "{what}");
                }
                "last line" => assert_eq!(
                    lazy.last_line("user.abababab"),
                    full.last_line("user.abababab"),
                    "{what}"
                ),
                _ => assert_eq!(lazy.passage_count("user.abababab"), Some(6), "{what}"),
            }
        }
    }
    // A record dropped and the count lowered leaves every record
    // plausible: the records' sum in the header tells it.
    let mut dropped = good.clone();
    dropped.drain(record(3)..record(4));
    put_u64(&mut dropped, 24, 5);
    let (lazy, _, _) = seekable_with(SMALL, dropped);
    for p in all {
        assert_eq!(format!("{:?}", lazy.passage(&p.id).unwrap()), format!("{p:?}"), "{}", p.id);
    }
    assert_eq!(lazy.passage_count("user.abababab"), Some(6));
    // The table as written is used: nothing read whole.
    let (lazy, _, opened_whole) = seekable_with(SMALL, good);
    for p in all {
        assert_eq!(lazy.passage(&p.id).unwrap().id, p.id);
    }
    assert_eq!(lazy.last_line("user.abababab"), full.last_line("user.abababab"));
    assert_eq!(opened_whole.load(Ordering::SeqCst), 0, "a fitting table is used");
}

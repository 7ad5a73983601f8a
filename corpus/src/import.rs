//! Reading a user's own text file: checks and decoding.
//!
//! Users bring texts from many places: UTF-8 from the web, GB18030 from
//! mainland archives, Big5 from Taiwanese ones. The encoding is detected with
//! `chardetng` (the detector Firefox uses) restricted to these three, decoded
//! with `encoding_rs`, and any byte sequence that does not decode cleanly is
//! an error — a text silently full of U+FFFD would be worse than none.
//!
//! A file is read in pieces of [`CHUNK`] bytes and decoded as it is read
//! ([`decode_stream`]): the decoded text goes straight to where it is kept
//! (the library writes it into its folder), with its checksum and what the
//! import needs to know of it (is there any Chinese in it, which script)
//! counted on the way, so an import's memory does not grow with the file.
//! The result is the same as decoding the whole file at once ([`decode`]):
//! UTF-8 if the whole file is valid UTF-8 (checked in one pass that already
//! writes it); otherwise `chardetng` is fed the whole file and the legacy
//! encodings are tried in the order its guess suggests, each over the whole
//! file, the first that decodes without an error winning. A multi-byte
//! sequence cut by a piece's end is carried into the next piece.

use std::io::{self, Read, Seek, SeekFrom, Write};

use encoding_rs::{BIG5, DecoderResult, Encoding, GB18030, UTF_8};
use sha2::{Digest, Sha256};

use crate::manifest::EditionScript;

/// The largest text accepted, in bytes. A file is decoded in pieces and
/// never held whole ([`decode_stream`]), so this bounds the disk a text
/// takes and the time an import may run, not the memory it needs.
pub const MAX_IMPORT_BYTES: usize = 256 * 1024 * 1024;

/// The size of the pieces a file is read and decoded in.
pub const CHUNK: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is empty")]
    Empty,
    #[error("the file is too large ({size} bytes; at most {max} bytes, 256 MB)")]
    TooLarge { size: u64, max: usize },
    #[error("the file looks binary, not text (it contains NUL or control characters)")]
    Binary,
    /// `line`: where the encoding that read furthest met bytes it cannot
    /// read — the place a user can look at in an editor.
    #[error(
        "the file is not valid UTF-8, UTF-16, UTF-32, GB18030 or Big5 text: the first bytes \
         that are none of these are on line {line}"
    )]
    Undecodable { line: u64 },
    /// Chinese saved in a Japanese encoding without kana: GB18030 decodes
    /// it without an error, but into characters Chinese texts do not use.
    #[error(
        "the file seems to be in {encoding}, a Japanese encoding, which Sheli does not read (read \
         as GB18030 it gives characters no Chinese text uses): save it as UTF-8 and import it again"
    )]
    Implausible { encoding: &'static str },
    #[error(
        "the file seems to be {language} text in {encoding}, which Sheli does not read (it reads \
         UTF-8, UTF-16, GB18030 and Big5): save it as UTF-8 and import it again"
    )]
    OtherEncoding { encoding: &'static str, language: &'static str },
    #[error("the file holds no Chinese text")]
    NoText,
    #[error("the file could not be read or its text written: {0}")]
    Io(String),
}

fn io_error(e: io::Error) -> ImportError {
    ImportError::Io(e.to_string())
}

/// A decoded text and the encoding it was in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub encoding: &'static str,
}

/// What [`decode_stream`] learnt of a text while writing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedStream {
    pub encoding: &'static str,
    /// SHA-256 of the decoded text (UTF-8), in lower-case hex.
    pub sha256: String,
    /// Bytes of UTF-8 written.
    pub bytes: u64,
    /// Ideographs in the text, and how many of them the search fold changes.
    pub ideographs: u64,
    pub folded: u64,
}

impl DecodedStream {
    /// Traditional if more than 2% of the ideographs change under the search
    /// fold (which maps traditional and variant forms to simplified ones).
    pub fn script(&self) -> EditionScript {
        if self.folded * 50 > self.ideographs {
            EditionScript::Traditional
        } else {
            EditionScript::Simplified
        }
    }
}

/// Where a decoded text goes: written in order, and started again from
/// nothing when an encoding tried turns out wrong.
pub trait Restart: Write {
    fn restart(&mut self) -> io::Result<()>;
}

impl Restart for Vec<u8> {
    fn restart(&mut self) -> io::Result<()> {
        self.clear();
        Ok(())
    }
}

impl Restart for std::fs::File {
    fn restart(&mut self) -> io::Result<()> {
        self.set_len(0)?;
        self.seek(SeekFrom::Start(0)).map(drop)
    }
}

fn looks_binary(sample: &[u8]) -> bool {
    let control = sample
        .iter()
        .filter(|&&b| b == 0 || (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x0c)))
        .count();
    sample.contains(&0) || control * 100 > sample.len()
}

/// Checksum and counts of the decoded text, kept as it is written.
///
/// The text is also checked here, after decoding: a NUL or many control
/// characters make it binary whatever the bytes looked like (UTF-32 read as
/// UTF-16 put a NUL between every two characters, and the byte check had
/// let it pass as UTF-16). A classic-Mac line end (a CR alone) is written as
/// a line feed, so that the parser sees its lines and blank lines; CRLF is
/// kept as it is.
struct Tally {
    hash: Sha256,
    bytes: u64,
    ideographs: u64,
    folded: u64,
    /// Characters, control characters (other than tab, form feed and line
    /// ends), and whether one was a NUL.
    chars: u64,
    controls: u64,
    nul: bool,
    /// Line feeds written: where in the file a decoding failed.
    newlines: u64,
    /// A CR ended the last piece: a line end whatever follows, but CRLF
    /// only if the next piece starts with LF.
    pending_cr: bool,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            hash: Sha256::new(),
            bytes: 0,
            ideographs: 0,
            folded: 0,
            chars: 0,
            controls: 0,
            nul: false,
            newlines: 0,
            pending_cr: false,
        }
    }

    fn write(&mut self, out: &mut impl Write, s: &str) -> Result<(), ImportError> {
        if s.is_empty() {
            return Ok(());
        }
        let mut text = String::with_capacity(s.len() + 1);
        if std::mem::take(&mut self.pending_cr) {
            text.push_str(if s.starts_with('\n') { "\r" } else { "\n" });
        }
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            self.chars += 1;
            match c {
                '\r' => match chars.peek() {
                    Some('\n') => text.push('\r'),
                    Some(_) => text.push('\n'),
                    None => self.pending_cr = true,
                },
                '\n' | '\t' | '\u{0c}' => text.push(c),
                c if c.is_control() => {
                    self.controls += 1;
                    self.nul |= c == '\0';
                    text.push(c);
                }
                c => {
                    if crate::fold::is_cjk(c) {
                        self.ideographs += 1;
                        if crate::fold::fold_char(c, crate::FoldMode::Folded) != Some(c) {
                            self.folded += 1;
                        }
                    }
                    text.push(c);
                }
            }
        }
        self.emit(out, &text)
    }

    fn emit(&mut self, out: &mut impl Write, text: &str) -> Result<(), ImportError> {
        out.write_all(text.as_bytes()).map_err(io_error)?;
        self.hash.update(text.as_bytes());
        self.bytes += text.len() as u64;
        self.newlines += text.bytes().filter(|&b| b == b'\n').count() as u64;
        Ok(())
    }

    /// The end of the text: a CR it ends with is a line end.
    fn end(mut self, out: &mut impl Write) -> Result<Tally, ImportError> {
        if std::mem::take(&mut self.pending_cr) {
            self.emit(out, "\n")?;
        }
        Ok(self)
    }

    /// The line a decoding failed on, with `more` decoded before it not
    /// written yet.
    fn line(&self, more: &[u8]) -> u64 {
        self.newlines + more.iter().filter(|&&b| b == b'\n').count() as u64 + 1
    }

    fn finish(self, encoding: &'static str) -> Result<DecodedStream, ImportError> {
        if self.nul || self.controls * 100 > self.chars {
            return Err(ImportError::Binary);
        }
        if self.ideographs == 0 {
            return Err(ImportError::NoText);
        }
        Ok(DecodedStream {
            encoding,
            sha256: self.hash.finalize().iter().map(|b| format!("{b:02x}")).collect(),
            bytes: self.bytes,
            ideographs: self.ideographs,
            folded: self.folded,
        })
    }
}

/// Fills `buf` from `input` as far as it goes; the bytes read (fewer than
/// `buf.len()` only at the end).
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// The input from its start, without a UTF-8 byte order mark, in pieces of
/// [`CHUNK`] bytes; more than [`MAX_IMPORT_BYTES`] in all is an error (a
/// file that grew since its size was checked).
struct Pieces<'a, R> {
    input: &'a mut R,
    buf: Vec<u8>,
    total: u64,
}

impl<'a, R: Read + Seek> Pieces<'a, R> {
    fn from_start(input: &'a mut R, chunk: usize) -> Result<Pieces<'a, R>, ImportError> {
        input.seek(SeekFrom::Start(0)).map_err(io_error)?;
        let mut bom = [0u8; 4];
        let n = read_full(input, &mut bom).map_err(io_error)?;
        // A byte order mark (UTF-8's, UTF-16's or UTF-32's) is not text.
        let skip = match utf32_bom(&bom[..n]) {
            Some(_) => 4,
            None => Encoding::for_bom(&bom[..n]).map_or(0, |(_, len)| len as u64),
        };
        input.seek(SeekFrom::Start(skip)).map_err(io_error)?;
        Ok(Pieces { input, buf: vec![0; chunk.max(1)], total: skip })
    }

    /// The next piece (empty at the end).
    fn next(&mut self) -> Result<&[u8], ImportError> {
        let n = read_full(self.input, &mut self.buf).map_err(io_error)?;
        self.total += n as u64;
        if self.total > MAX_IMPORT_BYTES as u64 {
            return Err(ImportError::TooLarge { size: self.total, max: MAX_IMPORT_BYTES });
        }
        Ok(&self.buf[..n])
    }
}

/// What a pass over the file gives: the tally of the text it wrote, or the
/// line where it met bytes it cannot decode (what was written then is to be
/// thrown away).
type Pass = Result<Tally, u64>;

/// Decodes `input` strictly as `enc` into `out`, up to the first malformed
/// sequence: UTF-8, UTF-16 and the legacy encodings through one
/// `encoding_rs` decoder (UTF-32, which it does not read, has its own).
fn strict_pass<R: Read + Seek>(
    input: &mut R,
    chunk: usize,
    enc: &'static Encoding,
    out: &mut impl Write,
) -> Result<Pass, ImportError> {
    let mut tally = Tally::new();
    let mut pieces = Pieces::from_start(input, chunk)?;
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut text = String::new();
    loop {
        let piece = pieces.next()?;
        let last = piece.is_empty();
        let mut src = piece;
        loop {
            text.clear();
            let room = decoder.max_utf8_buffer_length_without_replacement(src.len());
            text.reserve(room.unwrap_or(src.len() * 3 + 16));
            let (result, read) = decoder.decode_to_string_without_replacement(src, &mut text, last);
            tally.write(out, &text)?;
            src = &src[read..];
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => continue,
                DecoderResult::Malformed(..) => return Ok(Err(tally.line(&[]))),
            }
        }
        if last {
            return tally.end(out).map(Ok);
        }
    }
}

/// Whether `head` starts with UTF-32's byte order mark: `Some(true)` for
/// big-endian. (`encoding_rs` reads no UTF-32; FF FE 00 00 is also UTF-16LE's
/// mark followed by a NUL, so it is looked for first.)
fn utf32_bom(head: &[u8]) -> Option<bool> {
    match head.get(..4)? {
        [0xFF, 0xFE, 0, 0] => Some(false),
        [0, 0, 0xFE, 0xFF] => Some(true),
        _ => None,
    }
}

/// Decodes `input` as UTF-32 (after its mark) into `out`: four bytes a
/// character, strictly (a surrogate, a value past U+10FFFF or a cut
/// character at the end is not text). Small enough to write rather than
/// take a crate for.
fn utf32_pass<R: Read + Seek>(
    input: &mut R,
    chunk: usize,
    big_endian: bool,
    out: &mut impl Write,
) -> Result<Pass, ImportError> {
    let mut tally = Tally::new();
    let mut pieces = Pieces::from_start(input, chunk)?;
    let mut carry: Vec<u8> = Vec::new();
    let mut text = String::new();
    loop {
        let piece = pieces.next()?;
        if piece.is_empty() {
            if carry.is_empty() {
                return tally.end(out).map(Ok);
            }
            return Ok(Err(tally.line(&[])));
        }
        carry.extend_from_slice(piece);
        let whole = carry.len() / 4 * 4;
        text.clear();
        for unit in carry[..whole].chunks_exact(4) {
            let bytes = [unit[0], unit[1], unit[2], unit[3]];
            let value =
                if big_endian { u32::from_be_bytes(bytes) } else { u32::from_le_bytes(bytes) };
            match char::from_u32(value) {
                Some(c) => text.push(c),
                None => {
                    tally.write(out, &text)?;
                    return Ok(Err(tally.line(&[])));
                }
            }
        }
        tally.write(out, &text)?;
        carry.drain(..whole);
    }
}

/// Counts how many of the ideographs written are ones the built-in texts
/// use (in either script): GB18030 decodes a Japanese file without an error
/// but into rare characters (Shift-JIS 射者仁之道也 as 庡恖漙昽丅), so a
/// low share says the decoding is not the file's.
struct HanShare {
    known: u64,
    all: u64,
}

/// The characters of the built-in texts and their folded forms, made once.
fn corpus_chars() -> &'static std::collections::HashSet<char> {
    static SET: std::sync::OnceLock<std::collections::HashSet<char>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        let mut set = std::collections::HashSet::new();
        for (_, text) in crate::manifest::BUILTIN_TEXTS {
            for c in text.chars().filter(|c| crate::fold::is_cjk(*c)) {
                set.insert(c);
                if let Some(f) = crate::fold::fold_char(c, crate::FoldMode::Folded) {
                    set.insert(f);
                }
            }
        }
        set
    })
}

impl Write for HanShare {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let set = corpus_chars();
        for c in String::from_utf8_lossy(buf).chars().filter(|c| crate::fold::is_cjk(*c)) {
            self.all += 1;
            let folded = crate::fold::fold_char(c, crate::FoldMode::Folded).unwrap_or(c);
            if set.contains(&c) || set.contains(&folded) {
                self.known += 1;
            }
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The share (in %) of the built-in texts' characters a real Chinese text
/// read as GB18030 has at least; mojibake of a Japanese encoding has far
/// fewer.
const PLAUSIBLE_SHARE: u64 = 50;

/// Checks and decodes the file `input` (read from its start) into `out`, in
/// pieces of [`CHUNK`] bytes: the same checks and the same text as
/// [`decode`] of the whole file, with memory that does not grow with it (see
/// the module documentation). `out` is started again if a first guess of the
/// encoding fails; after an error it holds nothing worth keeping.
pub fn decode_stream<R: Read + Seek>(
    input: &mut R,
    out: &mut impl Restart,
) -> Result<DecodedStream, ImportError> {
    decode_in_pieces(input, CHUNK, out)
}

/// [`decode_stream`] in pieces of `chunk` bytes (tests cut multi-byte
/// sequences with small pieces). The binary check always looks at the first
/// [`CHUNK`] bytes, whatever the pieces.
#[doc(hidden)]
pub fn decode_in_pieces<R: Read + Seek>(
    input: &mut R,
    chunk: usize,
    out: &mut impl Restart,
) -> Result<DecodedStream, ImportError> {
    let size = input.seek(SeekFrom::End(0)).map_err(io_error)?;
    if size == 0 {
        return Err(ImportError::Empty);
    }
    if size > MAX_IMPORT_BYTES as u64 {
        return Err(ImportError::TooLarge { size, max: MAX_IMPORT_BYTES });
    }
    input.seek(SeekFrom::Start(0)).map_err(io_error)?;
    let mut sample = vec![0u8; CHUNK];
    let n = read_full(input, &mut sample).map_err(io_error)?;
    // UTF-16 with its byte order mark is what Windows Notepad saves as
    // "Unicode": every other byte of its ASCII is NUL, so it is told by its
    // mark before the binary check (which it would fail), and decoded
    // strictly like the legacy encodings (an unpaired surrogate refuses it).
    // UTF-32 with its mark is told before UTF-16, whose little-endian mark
    // begins UTF-32LE's.
    if let Some(big_endian) = utf32_bom(&sample[..n]) {
        let name = if big_endian { "UTF-32BE" } else { "UTF-32LE" };
        return match utf32_pass(input, chunk, big_endian, out)? {
            Ok(tally) => tally.finish(name),
            Err(line) => Err(ImportError::Undecodable { line }),
        };
    }
    let utf16 = Encoding::for_bom(&sample[..n]).map(|(enc, _)| enc).filter(|&enc| enc != UTF_8);
    if let Some(enc) = utf16 {
        return match strict_pass(input, chunk, enc, out)? {
            Ok(tally) => tally.finish(enc.name()),
            Err(line) => Err(ImportError::Undecodable { line }),
        };
    }
    if looks_binary(&sample[..n]) {
        return Err(ImportError::Binary);
    }
    drop(sample);
    // The line each encoding tried stopped at: the furthest is where the
    // file's own encoding (most likely) met bytes it cannot read.
    let mut furthest = match strict_pass(input, chunk, UTF_8, out)? {
        Ok(tally) => return tally.finish(UTF_8.name()),
        Err(line) => line,
    };
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    {
        let mut pieces = Pieces::from_start(input, chunk)?;
        loop {
            let piece = pieces.next()?;
            let last = piece.is_empty();
            detector.feed(piece, last);
            if last {
                break;
            }
        }
    }
    let guess = detector.guess(None, chardetng::Utf8Detection::Allow);
    // GB18030 decodes almost any bytes without an error, so a Japanese or
    // Korean file came out as plausible-looking Han mojibake (Shift-JIS
    // 射者、仁の道なり。 as 幩幰丄恗偺摴側傝丅). When the detector says so
    // and the text, decoded as it says, holds kana or hangul, it is refused
    // by name instead. Both are asked because a short Chinese text can be
    // guessed wrong, but then does not decode into another script.
    if let Some(language) = other_language(input, chunk, guess)? {
        return Err(ImportError::OtherEncoding { encoding: guess.name(), language });
    }
    // Without kana, a Japanese guess is checked against what GB18030 makes
    // of the file: Chinese written in Shift-JIS reads as GB18030 with no
    // error, as rare characters no Chinese text uses.
    if [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP].contains(&guess) {
        let mut share = HanShare { known: 0, all: 0 };
        if strict_pass(input, chunk, GB18030, &mut share)?.is_ok()
            && share.known * 100 < share.all * PLAUSIBLE_SHARE
        {
            return Err(ImportError::Implausible { encoding: guess.name() });
        }
    }
    // Only the encodings Chinese texts come in; a guess of anything else
    // (windows-1252 for random bytes, say) means we cannot read it.
    let candidates: [&'static Encoding; 2] =
        if guess == BIG5 { [BIG5, GB18030] } else { [GB18030, BIG5] };
    for enc in candidates {
        out.restart().map_err(io_error)?;
        match strict_pass(input, chunk, enc, out)? {
            Ok(tally) => return tally.finish(enc.name()),
            Err(line) => furthest = furthest.max(line),
        }
    }
    Err(ImportError::Undecodable { line: furthest })
}

/// The language of a text in `guess` if that is an encoding of Japanese or
/// Korean and the text, decoded as such, has kana or hangul in it.
fn other_language<R: Read + Seek>(
    input: &mut R,
    chunk: usize,
    guess: &'static Encoding,
) -> Result<Option<&'static str>, ImportError> {
    use encoding_rs::{EUC_JP, EUC_KR, ISO_2022_JP, SHIFT_JIS};
    let (language, script): (&str, fn(char) -> bool) =
        if [SHIFT_JIS, EUC_JP, ISO_2022_JP].contains(&guess) {
            ("Japanese", |c| matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}'))
        } else if guess == EUC_KR {
            ("Korean", |c| matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}'))
        } else {
            return Ok(None);
        };
    let mut found = ScriptSeen { script, seen: false };
    let _ = strict_pass(input, chunk, guess, &mut found)?;
    Ok(found.seen.then_some(language))
}

/// A [`Restart`] target that only notes whether a character of a script
/// went by.
struct ScriptSeen {
    script: fn(char) -> bool,
    seen: bool,
}

impl Write for ScriptSeen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // `Tally::write` hands over whole decoded strings.
        self.seen |= String::from_utf8_lossy(buf).chars().any(self.script);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Checks and decodes a file's bytes (held whole; [`decode_stream`] for a
/// file read in pieces).
pub fn decode(bytes: &[u8]) -> Result<Decoded, ImportError> {
    let mut out = Vec::new();
    let d = decode_stream(&mut io::Cursor::new(bytes), &mut out)?;
    let text = String::from_utf8(out).map_err(|e| ImportError::Io(e.to_string()))?;
    Ok(Decoded { text, encoding: d.encoding })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "鄉射之禮。主人戒賓,賓出迎,再拜。";

    #[test]
    fn utf8_gb18030_and_big5_are_read() {
        assert_eq!(decode(TEXT.as_bytes()).unwrap().encoding, "UTF-8");
        let (gb, _, _) =
            GB18030.encode("乡射之礼。主人戒宾,宾出迎,再拜。主人答再拜,乃请。宾礼辞,许。");
        let d = decode(&gb).unwrap();
        assert_eq!(d.encoding, "gb18030");
        assert!(d.text.starts_with("乡射之礼"));
        let (big5, _, _) =
            BIG5.encode("鄉射之禮。主人戒賓,賓出迎,再拜。主人答再拜,乃請。賓禮辭,許。");
        let d = decode(&big5).unwrap();
        assert_eq!(d.encoding, "Big5");
        assert!(d.text.starts_with("鄉射之禮"));
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert_eq!(decode(b""), Err(ImportError::Empty));
        assert_eq!(decode(b"\x7fELF\x02\x01\x01\x00\x00\x00"), Err(ImportError::Binary));
        assert_eq!(decode(b"plain ascii only"), Err(ImportError::NoText));
        assert!(matches!(
            decode(&[0xff, 0xfe, 0xfd, 0x81, 0x20, 0xff, 0xff]),
            Err(ImportError::Undecodable { .. })
        ));
    }

    /// `text` in UTF-16 with its byte order mark, as Notepad saves "Unicode".
    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut out = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
        for unit in text.encode_utf16() {
            out.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
        }
        out
    }

    #[test]
    fn utf16_with_its_byte_order_mark_is_read() {
        let text = "射者,仁之道也。\r\n射求正諸己。\r\n";
        for (bytes, name) in [(utf16(text, false), "UTF-16LE"), (utf16(text, true), "UTF-16BE")] {
            let d = decode(&bytes).unwrap();
            assert_eq!((d.text.as_str(), d.encoding), (text, name));
            // In pieces of 1 to 3 bytes, cutting code units and the mark.
            for chunk in 1..4 {
                let mut out = Vec::new();
                decode_in_pieces(&mut io::Cursor::new(&bytes), chunk, &mut out).unwrap();
                assert_eq!(String::from_utf8(out).unwrap(), text);
            }
        }
        // An unpaired surrogate is not text.
        let mut bad = utf16(text, false);
        bad.extend([0x00, 0xD8]);
        assert_eq!(decode(&bad), Err(ImportError::Undecodable { line: 3 }));
    }

    #[test]
    fn japanese_and_korean_files_are_refused_by_name_not_read_as_gb18030() {
        // The outside tester's file: 射者、仁の道なり。 in Shift-JIS.
        let sjis = b"\x8e\xcb\x8e\xd2\x81\x41\x90\x6d\x82\xcc\x93\xb9\x82\xc8\x82\xe8\x81\x42\x0a";
        let e = decode(sjis).unwrap_err();
        assert_eq!(e, ImportError::OtherEncoding { encoding: "Shift_JIS", language: "Japanese" });
        assert!(e.to_string().contains("save it as UTF-8"), "{e}");
        let (jp, _, _) = encoding_rs::EUC_JP.encode("射は仁の道なり。射は正しきを己に求む。");
        assert!(matches!(
            decode(&jp),
            Err(ImportError::OtherEncoding { language: "Japanese", .. })
        ));
        let (kr, _, _) = encoding_rs::EUC_KR
            .encode("활쏘기는 인의 길이다. 활을 쏘는 사람은 자기를 바르게 한다.");
        assert!(matches!(decode(&kr), Err(ImportError::OtherEncoding { language: "Korean", .. })));
    }

    /// The outside tester's F6 and F20 files, made here.
    #[test]
    fn utf32_with_its_mark_is_read_in_any_pieces() {
        let text = "主人拜賓。\n\n賓答拜。𠀀\n";
        for big_endian in [false, true] {
            let mut bytes: Vec<u8> =
                if big_endian { vec![0, 0, 0xFE, 0xFF] } else { vec![0xFF, 0xFE, 0, 0] };
            for c in text.chars() {
                let v = c as u32;
                bytes.extend(if big_endian { v.to_be_bytes() } else { v.to_le_bytes() });
            }
            let d = decode(&bytes).unwrap();
            assert_eq!(d.text, text, "no NUL between the characters");
            assert_eq!(d.encoding, if big_endian { "UTF-32BE" } else { "UTF-32LE" });
            for chunk in 1..6 {
                let mut out = Vec::new();
                decode_in_pieces(&mut io::Cursor::new(&bytes), chunk, &mut out).unwrap();
                assert_eq!(String::from_utf8(out).unwrap(), text, "pieces of {chunk}");
            }
            // A value past U+10FFFF is not text.
            let mut bad = bytes.clone();
            bad.extend(if big_endian { [0, 0x11, 0, 0] } else { [0, 0, 0x11, 0] });
            assert_eq!(decode(&bad), Err(ImportError::Undecodable { line: 4 }));
        }
    }

    #[test]
    fn nul_or_control_characters_after_decoding_are_refused() {
        // UTF-16 of text with NULs in it: the bytes pass as UTF-16, the text
        // does not.
        assert_eq!(decode(&utf16("主\0人\0拜\0賓\0", false)), Err(ImportError::Binary));
        assert_eq!(decode(&utf16("主\u{1}人\u{2}拜\u{3}賓\u{4}", true)), Err(ImportError::Binary));
    }

    #[test]
    fn a_cr_alone_is_a_line_end_and_crlf_is_kept() {
        let d = decode("主人拜賓。\r\r賓答拜。\r".as_bytes()).unwrap();
        assert_eq!(d.text, "主人拜賓。\n\n賓答拜。\n");
        assert_eq!(
            decode("主人拜賓。\r\n\r\n賓答拜。".as_bytes()).unwrap().text,
            "主人拜賓。\r\n\r\n賓答拜。"
        );
        // A CR ending one piece and LF starting the next stay CRLF.
        for chunk in 1..8 {
            let mut out = Vec::new();
            let bytes = "射。\r\n禮。\r\r".as_bytes();
            decode_in_pieces(&mut io::Cursor::new(bytes), chunk, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), "射。\r\n禮。\n\n", "pieces of {chunk}");
        }
    }

    #[test]
    fn chinese_in_shift_jis_without_kana_is_refused_not_read_as_gb18030() {
        // The outside tester's file: 主人拜賓。賓答拜。射禮。 three times, in
        // Shift-JIS (GB18030 reads it as 庡恖漙昽丅…).
        let sjis: &[u8] = b"\x8e\xe5\x90\x6c\x9d\x60\x95\x6f\x81\x42\x95\x6f\x93\x9a\x9d\x60\x81\x42\x8e\xcb\xe2\x58\x81\x42\x0a\x0a\x8e\xe5\x90\x6c\x9d\x60\x95\x6f\x81\x42\x95\x6f\x93\x9a\x9d\x60\x81\x42\x8e\xcb\xe2\x58\x81\x42\x0a\x0a\x8e\xe5\x90\x6c\x9d\x60\x95\x6f\x81\x42\x95\x6f\x93\x9a\x9d\x60\x81\x42\x8e\xcb\xe2\x58\x81\x42\x0a\x0a";
        assert_eq!(
            decode(sjis),
            Err(ImportError::Implausible { encoding: "Shift_JIS" }),
            "{:?}",
            decode(sjis).map(|d| d.text.chars().take(20).collect::<String>())
        );
    }

    #[test]
    fn an_undecodable_file_says_the_line_of_its_first_bad_bytes() {
        let mut bytes = "主人拜賓。\n\n".repeat(50).into_bytes();
        bytes.extend(b"\xa5\x44\xa4\x48\xff");
        let e = decode(&bytes).unwrap_err();
        assert_eq!(e, ImportError::Undecodable { line: 101 });
        assert!(
            e.to_string().contains("line 101") && !e.to_string().contains("windows-1252"),
            "{e}"
        );
    }

    #[test]
    fn short_chinese_files_are_still_read() {
        // The tester's own GB18030 and Big5 files, a line each.
        let gb = b"\xc9\xe4\xd5\xdf\xa3\xac\xc8\xca\xd6\xae\xb5\xc0\xd2\xb2\xa1\xa3\x0a";
        assert_eq!(decode(gb).unwrap().text, "射者，仁之道也。\n");
        let (big5, _, _) = BIG5.encode("鄉射之禮,主人戒賓。\n");
        assert_eq!(decode(&big5).unwrap().encoding, "Big5");
        // A few characters are too few for any detector to be sure of the
        // encoding (射禮 in GB18030 is also Big5 扞跎), but none of them is
        // refused as Japanese or Korean.
        for short in ["射", "射禮", "主人戒賓", "賓出迎再拜", "主人答再拜,乃請。"]
        {
            let (gb, _, _) = GB18030.encode(short);
            assert!(decode(&gb).is_ok(), "{short}");
            let (big5, _, _) = BIG5.encode(short);
            assert!(decode(&big5).is_ok(), "{short}");
        }
    }
}

//! Reading a user's own text file: checks and decoding.
//!
//! Users bring texts from many places: UTF-8 from the web, GB18030 from
//! mainland archives, Big5 from Taiwanese ones. The encoding is detected with
//! `chardetng` (the detector Firefox uses) restricted to these three, decoded
//! with `encoding_rs`, and any byte sequence that does not decode cleanly is
//! an error — a text silently full of U+FFFD would be worse than none.

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};

/// The largest text accepted, in bytes.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is empty")]
    Empty,
    #[error("the file is too large ({size} bytes; at most {max} bytes)")]
    TooLarge { size: usize, max: usize },
    #[error("the file looks binary, not text (it contains NUL or control bytes)")]
    Binary,
    #[error(
        "the file is not valid UTF-8, GB18030 or Big5 text (it would decode as {guess} with errors)"
    )]
    Undecodable { guess: &'static str },
    #[error("the file holds no Chinese text")]
    NoText,
}

/// A decoded text and the encoding it was in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub encoding: &'static str,
}

fn looks_binary(bytes: &[u8]) -> bool {
    let sample = &bytes[..bytes.len().min(64 * 1024)];
    let control = sample
        .iter()
        .filter(|&&b| b == 0 || (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x0c)))
        .count();
    sample.contains(&0) || control * 100 > sample.len()
}

fn decode_strict(bytes: &[u8], enc: &'static Encoding) -> Option<String> {
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    (!had_errors).then(|| text.into_owned())
}

/// Checks and decodes a file's bytes.
pub fn decode(bytes: &[u8]) -> Result<Decoded, ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::Empty);
    }
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::TooLarge { size: bytes.len(), max: MAX_IMPORT_BYTES });
    }
    if looks_binary(bytes) {
        return Err(ImportError::Binary);
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let decoded = if let Ok(s) = std::str::from_utf8(body) {
        Decoded { text: s.to_owned(), encoding: UTF_8.name() }
    } else {
        let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
        detector.feed(body, true);
        let guess = detector.guess(None, chardetng::Utf8Detection::Allow);
        // Only the encodings Chinese texts come in; a guess of anything else
        // (windows-1252 for random bytes, say) means we cannot read it.
        let candidates: [&'static Encoding; 2] =
            if guess == BIG5 { [BIG5, GB18030] } else { [GB18030, BIG5] };
        candidates
            .iter()
            .find_map(|enc| {
                decode_strict(body, enc).map(|text| Decoded { text, encoding: enc.name() })
            })
            .ok_or(ImportError::Undecodable { guess: guess.name() })?
    };
    if !decoded.text.chars().any(crate::fold::is_cjk) {
        return Err(ImportError::NoText);
    }
    Ok(decoded)
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
        let big = vec![b'a'; MAX_IMPORT_BYTES + 1];
        assert!(matches!(decode(&big), Err(ImportError::TooLarge { .. })));
    }
}

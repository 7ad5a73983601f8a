//! A bound on a user's paragraph: one longer than [`MAX_PASSAGE_CHARS`]
//! characters is cut into pieces, each a passage of its own.
//!
//! A file without blank lines is one paragraph, and was one passage: the
//! outside tester's 180 MB file became "1 passage", the import peaked at
//! 1.56 GB and every search after it took 15 s and 2.3 GB, since a search
//! and the reader handle a passage whole. A piece ends at the last line end
//! that keeps it within the bound, else after the last 。！？； (a sentence
//! kept whole), else at the bound itself. The pieces cover the paragraph in
//! order, so their texts put together are its text.

use std::ops::Range;

use crate::model::Layer;
use crate::text::LineIndex;

/// The most characters of the raw file one passage of a user's text takes:
/// some 40 pages of print, more than any paragraph of the 儀禮 and its
/// commentaries (the longest 疏 is under 3,000), and small enough for a
/// search hit's passage to be read and shown at once.
pub const MAX_PASSAGE_CHARS: usize = 20_000;

/// A paragraph is read this many bytes at a time at most (and a line): a
/// chunk ends at the first line end past it, and the next goes on in the
/// same layer, so a file without blank lines is never held whole.
pub const CHUNK_BYTES: usize = 1 << 20;

/// The byte ranges of `text` (a paragraph) in pieces of at most `max`
/// characters, cut as the module documentation says.
pub fn pieces(text: &str, max: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let rest = &text[start..];
        // The byte after `max` characters, or the rest fits.
        let Some((window_end, _)) = rest.char_indices().nth(max) else {
            out.push(start..text.len());
            return out;
        };
        let window = &rest[..window_end];
        let after = |i: usize| i + window[i..].chars().next().map_or(0, char::len_utf8);
        let cut = window
            .rfind('\n')
            .map(after)
            .or_else(|| window.rfind(['。', '！', '？', '；']).map(after))
            .filter(|&c| c > 0)
            .unwrap_or(window_end);
        out.push(start..start + cut);
        start += cut;
    }
}

/// A paragraph read from a stream, placed one piece at a time so that only
/// one piece's segment is built at once.
pub(super) struct Cut {
    pub text: String,
    /// Byte offset and 1-based line of the paragraph in the file.
    pub at: usize,
    pub first_line: u32,
    pub local: LineIndex,
    /// The paragraph's layer (from its tag), which later pieces keep.
    pub layer: (Layer, bool),
    /// The number in its paragraph of the chunk's first piece (1 for a
    /// chunk that continues one).
    pub first: usize,
    /// File offset and line of each line start in the paragraph.
    starts: Vec<(usize, u32)>,
    pieces: std::vec::IntoIter<Range<usize>>,
    next: usize,
}

impl Cut {
    /// `first`: the number of the chunk's first piece in its paragraph (1
    /// for a chunk that continues one, so it is not placed as a new
    /// paragraph).
    pub fn new(
        text: String,
        at: usize,
        first_line: u32,
        layer: (Layer, bool),
        first: usize,
    ) -> Cut {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .filter(|&s| s < text.len())
            .enumerate()
            .map(|(k, s)| (at + s, first_line + k as u32))
            .collect();
        let pieces = pieces(&text, MAX_PASSAGE_CHARS).into_iter();
        let local = LineIndex::new(&text);
        Cut { text, at, first_line, local, layer, first, starts, pieces, next: first }
    }

    /// The next piece: its number in the paragraph and its range in `text`.
    pub fn next_piece(&mut self) -> Option<(usize, Range<usize>)> {
        let range = self.pieces.next()?;
        self.next += 1;
        Some((self.next - 1, range))
    }

    /// The line starts (file offset, line) a piece's characters stand on:
    /// the line it begins in and every line starting inside it.
    pub fn starts_of(&self, piece: &Range<usize>) -> Vec<(usize, u32)> {
        let (from, to) = (self.at + piece.start, self.at + piece.end);
        let first = self.starts.partition_point(|&(s, _)| s <= from).saturating_sub(1);
        let last = self.starts.partition_point(|&(s, _)| s < to);
        self.starts[first..last.max(first)].to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str, max: usize) -> Vec<&str> {
        let pieces: Vec<&str> = pieces(text, max).into_iter().map(|r| &text[r]).collect();
        assert_eq!(pieces.concat(), text, "the pieces are the text");
        pieces
    }

    #[test]
    fn a_paragraph_within_the_bound_is_one_piece() {
        assert_eq!(cut("主人戒賓。\n賓出迎。\n", 12), ["主人戒賓。\n賓出迎。\n"]);
    }

    #[test]
    fn pieces_end_at_a_line_end_else_a_sentence_else_the_bound() {
        assert_eq!(
            cut("主人戒賓。\n賓出迎。\n再拜。\n", 8),
            ["主人戒賓。\n", "賓出迎。\n", "再拜。\n"]
        );
        assert_eq!(cut("主人戒賓。賓出迎。再拜", 8), ["主人戒賓。", "賓出迎。再拜"]);
        assert_eq!(cut("主人戒賓賓出迎再拜", 4), ["主人戒賓", "賓出迎再", "拜"]);
    }
}

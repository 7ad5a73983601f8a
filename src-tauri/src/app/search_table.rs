//! Every result of a search as a table with citation columns, TSV or CSV:
//! written by `sheli search --format tsv|csv` and by the window's "Export
//! results…" (`export_commands::save_search_export`), so both write the
//! same rows. Plain Rust, no Tauri types: a plain `cargo test` reaches it.

use std::io::Write;

use sheli_corpus::Corpus;
use sheli_index::search::MAX_LIMIT;
use sheli_index::{Hit, IndexError, SearchIndex, SearchRequest, SearchResponse};

/// The two table formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// Tab-separated, one line per row, no quoting.
    Tsv,
    /// Comma-separated, quoted as RFC 4180 says, lines ending CRLF.
    Csv,
}

impl TableFormat {
    /// `tsv` or `csv` (any case).
    pub fn parse(s: &str) -> Option<TableFormat> {
        match s.to_ascii_lowercase().as_str() {
            "tsv" => Some(TableFormat::Tsv),
            "csv" => Some(TableFormat::Csv),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            TableFormat::Tsv => "tsv",
            TableFormat::Csv => "csv",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            TableFormat::Tsv => "text/tab-separated-values",
            TableFormat::Csv => "text/csv",
        }
    }
}

/// The columns, in order: the citation (work, edition, source, passage id,
/// segment, layer, line of the source file), the occurrences in the
/// segment, and the first match with its context.
pub const COLUMNS: [&str; 11] = [
    "work",
    "edition",
    "source",
    "passage",
    "segment",
    "layer",
    "line",
    "occurrences",
    "left",
    "match",
    "right",
];

/// Why a table could not be written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Writes every result of `request` (its filters and order; its limit,
/// offset, collocations and hits are ignored) to `out`: a header, then one
/// row per matching segment in the order of the results. The index answers
/// at most [`MAX_LIMIT`] results at a time, so the table is written page by
/// page from one opened index. `first_page` sees the first page before
/// anything is written (a malformed query writes nothing). Returns the
/// number of rows.
pub fn write_table(
    index: &SearchIndex,
    corpus: &Corpus,
    request: &SearchRequest,
    format: TableFormat,
    out: &mut impl Write,
    first_page: impl FnOnce(&SearchResponse),
) -> Result<usize, TableError> {
    write_in_pages(index, corpus, request, format, &COLUMNS, out, first_page, MAX_LIMIT)
}

/// [`write_table`] with the header's cells given (the window's CSV names
/// [`COLUMNS`] in the interface's language; the rows are the same).
pub fn write_table_headed(
    index: &SearchIndex,
    corpus: &Corpus,
    request: &SearchRequest,
    format: TableFormat,
    header: &[&str],
    out: &mut impl Write,
) -> Result<usize, TableError> {
    write_in_pages(index, corpus, request, format, header, out, |_| {}, MAX_LIMIT)
}

/// [`write_table`] asking the index for `page_size` results at a time (tests
/// use small pages: the built-in texts have fewer than 1000 results).
#[allow(clippy::too_many_arguments)] // each is one thing the table needs; a struct would only rename them
pub(crate) fn write_in_pages(
    index: &SearchIndex,
    corpus: &Corpus,
    request: &SearchRequest,
    format: TableFormat,
    header: &[&str],
    out: &mut impl Write,
    first_page: impl FnOnce(&SearchResponse),
    page_size: usize,
) -> Result<usize, TableError> {
    let page_at = |offset| {
        index.search(&SearchRequest {
            limit: page_size.clamp(1, MAX_LIMIT),
            offset,
            collocations: false,
            hits: false,
            ..request.clone()
        })
    };
    let mut page = page_at(0)?;
    first_page(&page);
    write_row(out, format, header.iter().map(|c| c.to_string()))?;
    let mut rows = 0;
    loop {
        for h in &page.results {
            write_row(out, format, row(h, corpus))?;
        }
        rows += page.results.len();
        if page.results.is_empty() || rows as u64 >= page.total_segments {
            break;
        }
        page = page_at(rows)?;
    }
    out.flush()?;
    Ok(rows)
}

/// One result's cells, in the order of [`COLUMNS`].
pub fn row(h: &Hit, corpus: &Corpus) -> Vec<String> {
    let edition = corpus.source(&h.source).map(|s| s.info.edition.clone()).unwrap_or_default();
    let layer = if h.ji { "記" } else { h.layer.label() };
    let chars: Vec<char> = h.snippet.chars().collect();
    let [a, b] = h.highlights.first().copied().unwrap_or([chars.len(), chars.len()]);
    let part = |r: std::ops::Range<usize>| chars[r].iter().collect::<String>();
    vec![
        h.work.clone(),
        edition,
        h.source.clone(),
        h.id.clone(),
        h.segment.to_string(),
        layer.to_string(),
        h.line.to_string(),
        h.occurrences.to_string(),
        part(0..a),
        part(a..b),
        part(b..chars.len()),
    ]
}

/// One row: its cells as the format writes them, separated and ended.
pub fn write_row(
    out: &mut impl Write,
    format: TableFormat,
    cells: impl IntoIterator<Item = String>,
) -> std::io::Result<()> {
    let (sep, end) = match format {
        TableFormat::Csv => (",", "\r\n"),
        TableFormat::Tsv => ("\t", "\n"),
    };
    let cells: Vec<String> = cells.into_iter().map(|c| cell(&c, format)).collect();
    write!(out, "{}{end}", cells.join(sep))
}

/// A cell as the format writes it. TSV has no quoting: a tab or line break
/// in a text (the texts hold none; an imported one might) becomes a space,
/// so every row is one line. CSV quotes a cell holding a comma, quote or
/// line break, doubling its quotes (RFC 4180).
pub fn cell(text: &str, format: TableFormat) -> String {
    match format {
        TableFormat::Csv if text.contains([',', '"', '\n', '\r']) => {
            format!("\"{}\"", text.replace('"', "\"\""))
        }
        TableFormat::Csv => text.to_string(),
        TableFormat::Tsv => text.replace(['\t', '\n', '\r'], " "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_as_rfc_4180_says_and_tsv_keeps_one_line_per_row() {
        assert_eq!(cell("主人", TableFormat::Csv), "主人");
        assert_eq!(cell("a,b", TableFormat::Csv), "\"a,b\"");
        assert_eq!(cell("say \"拜\"", TableFormat::Csv), "\"say \"\"拜\"\"\"");
        assert_eq!(cell("a\nb", TableFormat::Csv), "\"a\nb\"");
        assert_eq!(cell("a\r\nb", TableFormat::Csv), "\"a\r\nb\"");
        assert_eq!(cell("a\tb\nc", TableFormat::Tsv), "a b c");
        let mut out = Vec::new();
        write_row(&mut out, TableFormat::Csv, ["x".to_string(), "y,z".into()]).unwrap();
        write_row(&mut out, TableFormat::Tsv, ["x".to_string(), "y,z".into()]).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "x,\"y,z\"\r\nx\ty,z\n");
    }

    #[test]
    fn formats_parse_in_any_case_and_nothing_else() {
        assert_eq!(TableFormat::parse("TSV"), Some(TableFormat::Tsv));
        assert_eq!(TableFormat::parse("csv"), Some(TableFormat::Csv));
        assert_eq!(TableFormat::parse("xlsx"), None);
    }
}

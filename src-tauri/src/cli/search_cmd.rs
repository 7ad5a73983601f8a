//! `sheli search`: a listing of the best results, their JSON, or every
//! result as a table (TSV or CSV) with citation columns.

use std::io::{IsTerminal, Write};

use anyhow::Result;
use sheli_corpus::Corpus;
use sheli_index::indexer::Progress;
use sheli_index::search::MAX_LIMIT;
use sheli_index::{Collocate, Hit, SearchIndex, SearchRequest, SearchResponse, SortOrder};

use super::shared::{data_dir, print_json};

/// Progress of an index build on stderr: a line that rewrites itself on a
/// terminal, a few plain lines otherwise.
pub fn progress_printer() -> impl FnMut(Progress) {
    let tty = std::io::stderr().is_terminal();
    let mut last_decile = usize::MAX;
    move |p: Progress| {
        let pct = (p.done * 100).checked_div(p.total).unwrap_or(100);
        if tty {
            eprint!("\rbuilding the search index… {pct:>3}% ({}/{})", p.done, p.total);
            if p.done == p.total {
                eprintln!();
            }
        } else if pct / 10 != last_decile {
            last_decile = pct / 10;
            eprintln!("building the search index… {pct}%");
        }
    }
}

pub struct SearchArgs {
    pub query: String,
    pub layer: Option<String>,
    pub work: Option<String>,
    pub source: Option<String>,
    pub exact: bool,
    pub limit: usize,
    pub format: Format,
    pub sort: Sort,
    pub collocations: bool,
}

/// The order of `sheli search`'s results (and of its tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sort {
    /// Best first.
    Relevance,
    /// In the order of the texts.
    Position,
    /// By the characters before the match, read leftwards.
    Left,
    /// By the characters after the match.
    Right,
}

impl From<Sort> for SortOrder {
    fn from(s: Sort) -> SortOrder {
        match s {
            Sort::Relevance => SortOrder::Relevance,
            Sort::Position => SortOrder::Position,
            Sort::Left => SortOrder::Left,
            Sort::Right => SortOrder::Right,
        }
    }
}

/// What `sheli search` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The totals and the best results, one line each (or JSON with --json).
    Text,
    /// Every result, tab-separated, one line per row.
    Tsv,
    /// Every result, comma-separated, quoted as RFC 4180 says.
    Csv,
}

pub fn search(args: SearchArgs, json: bool) -> Result<()> {
    let library = super::shared::open_library_unparsed(&data_dir()?)?;
    let opened = library.open_index(&mut progress_printer())?;
    if let Some(reason) = &opened.rebuilt {
        eprintln!("note: rebuilt the search index because {reason}");
    }
    if let Some(note) = &opened.built_outside {
        eprintln!("note: {note}");
    }
    let request = SearchRequest {
        query: args.query,
        exact: args.exact,
        layer: args.layer,
        work: args.work,
        source: args.source,
        limit: args.limit,
        offset: 0,
        sort: args.sort.into(),
        collocations: args.collocations,
        hits: false,
    };
    if args.format != Format::Text {
        // The table is every result in the chosen order; collocations are
        // not part of it.
        let request = SearchRequest { collocations: false, ..request };
        return export(&opened.index, &library.corpus, request, args.format);
    }
    let response = opened.index.search(&request)?;
    if json {
        print_json(&response)?;
    } else {
        print_human(&response, std::io::stdout().is_terminal());
    }
    Ok(())
}

fn print_human(r: &SearchResponse, colour: bool) {
    let mode = if r.exact { " (exact)" } else { "" };
    println!(
        "{}{mode}: {} occurrences in {} segments",
        r.query, r.total_occurrences, r.total_segments
    );
    let nonzero = |m: &std::collections::BTreeMap<String, sheli_index::Tally>| -> String {
        m.iter()
            .filter(|(_, t)| t.segments > 0)
            .map(|(k, t)| format!("{k} {}", t.occurrences))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    println!("  by source: {}", nonzero(&r.by_source));
    println!("  by layer:  {}", nonzero(&r.by_layer));
    for p in &r.pinyin {
        println!("  pinyin {} = {}", p.syllable, p.characters);
    }
    for n in &r.notes {
        println!("  note: {n}");
    }
    if let Some(c) = &r.collocations {
        let list = |v: &[Collocate]| -> String {
            v.iter().map(|c| format!("{} {}", c.text, c.count)).collect::<Vec<_>>().join(" · ")
        };
        println!("  collocates of {} occurrences (folded):", c.occurrences);
        println!("    left:        {}", list(&c.left_chars));
        println!("    left words:  {}", list(&c.left_words));
        println!("    right:       {}", list(&c.right_chars));
        println!("    right words: {}", list(&c.right_words));
    }
    if r.has_more || r.offset > 0 {
        println!("  showing {}–{} of {}", r.offset + 1, r.offset + r.shown, r.total_segments);
    }
    for h in &r.results {
        let (open, close) = if colour { ("\x1b[1;31m", "\x1b[0m") } else { ("«", "»") };
        let chars: Vec<char> = h.snippet.chars().collect();
        let mut line = String::new();
        let mut at = 0;
        for [a, b] in &h.highlights {
            line.extend(&chars[at..*a]);
            line.push_str(open);
            line.extend(&chars[*a..*b]);
            line.push_str(close);
            at = *b;
        }
        line.extend(&chars[at..]);
        let layer = if h.ji { "記".to_string() } else { h.layer.label().to_string() };
        println!("{:<22} {:<2} L{:<5} {line}", h.id, layer, h.line);
    }
}

/// The columns of `--format tsv|csv`, in order.
const COLUMNS: [&str; 11] = [
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

/// Every result of `request` as a table on standard output: a header, then
/// one row per matching segment, in the order of the listing (best first).
/// The index answers at most [`MAX_LIMIT`] results at a time, so the table is
/// written page by page from one opened index: the pages are of one state of
/// it, and each row is written as its page arrives.
fn export(
    index: &SearchIndex,
    corpus: &Corpus,
    request: SearchRequest,
    format: Format,
) -> Result<()> {
    let page_at =
        |offset| index.search(&SearchRequest { limit: MAX_LIMIT, offset, ..request.clone() });
    // The first page before the header: a malformed query writes nothing.
    let mut page = page_at(0)?;
    for n in &page.notes {
        eprintln!("note: {n}");
    }
    for p in &page.pinyin {
        eprintln!("note: pinyin {} = {}", p.syllable, p.characters);
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write_row(&mut out, format, COLUMNS.iter().map(|c| c.to_string()))?;
    let mut offset = 0;
    loop {
        for h in &page.results {
            write_row(&mut out, format, row(h, corpus))?;
        }
        offset += page.results.len();
        if page.results.is_empty() || offset as u64 >= page.total_segments {
            break;
        }
        page = page_at(offset)?;
    }
    out.flush()?;
    Ok(())
}

/// One result's cells, in the order of [`COLUMNS`].
fn row(h: &Hit, corpus: &Corpus) -> Vec<String> {
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

fn write_row(
    out: &mut impl Write,
    format: Format,
    cells: impl IntoIterator<Item = String>,
) -> std::io::Result<()> {
    let (sep, end) = match format {
        Format::Csv => (",", "\r\n"),
        _ => ("\t", "\n"),
    };
    let cells: Vec<String> = cells.into_iter().map(|c| cell(&c, format)).collect();
    write!(out, "{}{end}", cells.join(sep))
}

/// A cell as the format writes it. TSV has no quoting: a tab or line break
/// in a text (the texts hold none; an imported one might) becomes a space,
/// so every row is one line. CSV quotes a cell holding a comma, quote or
/// line break, doubling its quotes.
fn cell(text: &str, format: Format) -> String {
    match format {
        Format::Csv if text.contains([',', '"', '\n', '\r']) => {
            format!("\"{}\"", text.replace('"', "\"\""))
        }
        Format::Csv => text.to_string(),
        _ => text.replace(['\t', '\n', '\r'], " "),
    }
}

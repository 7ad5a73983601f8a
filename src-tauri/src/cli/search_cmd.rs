//! `sheli search`: a listing of the best results, their JSON, or every
//! result as a table (TSV or CSV) with citation columns.

use sheli_corpus::display::Script;
use std::io::IsTerminal;

use anyhow::Result;
use sheli_corpus::Corpus;
use sheli_index::indexer::Progress;
use sheli_index::{Collocate, SearchIndex, SearchRequest, SearchResponse, SortOrder};

use super::shared::{data_dir, print_json};
use crate::app::search_table::{self, TableError, TableFormat};

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
        print_human(&response, &library.corpus, std::io::stdout().is_terminal());
    }
    Ok(())
}

fn print_human(r: &SearchResponse, corpus: &Corpus, colour: bool) {
    let mode = if r.exact { " (exact)" } else { "" };
    println!(
        "{}{mode}: {} in {}",
        r.query,
        super::shared::count(r.total_occurrences as u64, "occurrence"),
        super::shared::count(r.total_segments as u64, "segment")
    );
    let nonzero = |m: &std::collections::BTreeMap<String, sheli_index::Tally>| -> String {
        m.iter()
            .filter(|(_, t)| t.segments > 0)
            .map(|(k, t)| format!("{k} {}", t.occurrences))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    // A search that found nothing has no parts to count.
    if r.total_segments > 0 {
        println!("  by source: {}", nonzero(&r.by_source));
        println!("  by layer:  {}", nonzero(&r.by_layer));
    }
    // The folded keys (pinyin's characters, collocates) as the window shows
    // them with 原 (`app::search::keys_script`).
    let first = r.results.first().map(|h| h.source.as_str());
    let written = crate::app::search::keys_script(corpus, first, Script::Original);
    for p in &r.pinyin {
        let shown = crate::app::search::pinyin_characters(&p.characters, written);
        println!("  pinyin {} = {shown}", p.syllable);
    }
    for n in &r.notes {
        println!("  note: {n}");
    }
    if let Some(c) = &r.collocations {
        let script_of = |id: &str| corpus.source(id).map(|s| s.info.script);
        let list = |v: &[Collocate]| -> String {
            v.iter()
                .map(|c| {
                    let text = c.shown_in(script_of, written).unwrap_or_else(|_| c.text.clone());
                    format!("{text} {}", c.count)
                })
                .collect::<Vec<_>>()
                .join(" · ")
        };
        println!("  collocates of {}:", super::shared::count(c.occurrences as u64, "occurrence"));
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

/// Every result of `request` as a table on standard output (the rows of
/// [`search_table`]: the window's "Export results…" writes the same).
fn export(
    index: &SearchIndex,
    corpus: &Corpus,
    request: SearchRequest,
    format: Format,
) -> Result<()> {
    let format = match format {
        Format::Csv => TableFormat::Csv,
        _ => TableFormat::Tsv,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A CSV starts with a byte order mark, as the window's does, so that a
    // spreadsheet reads it as UTF-8 (without it, mojibake); a TSV, read by
    // scripts, has none.
    if format == TableFormat::Csv {
        use std::io::Write;
        out.write_all("\u{feff}".as_bytes())?;
    }
    let written = search_table::write_table(index, corpus, &request, format, &mut out, |page| {
        for n in &page.notes {
            eprintln!("note: {n}");
        }
        let first = page.results.first().map(|h| h.source.as_str());
        let written = crate::app::search::keys_script(corpus, first, Script::Original);
        for p in &page.pinyin {
            let shown = crate::app::search::pinyin_characters(&p.characters, written);
            eprintln!("note: pinyin {} = {shown}", p.syllable);
        }
    });
    match written {
        Ok(_) => Ok(()),
        // The error itself, so that its kind is the index's or the I/O's.
        Err(TableError::Index(e)) => Err(e.into()),
        Err(TableError::Io(e)) => Err(e.into()),
    }
}

//! `sheli search`.

use std::io::IsTerminal;

use anyhow::Result;
use sheli_index::indexer::Progress;
use sheli_index::{SearchRequest, SearchResponse};

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
    };
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

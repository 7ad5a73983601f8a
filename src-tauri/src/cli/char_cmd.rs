//! `sheli char`: every character of the argument explained, in order.

use anyhow::Result;
use sheli_library::CharEntry;

use super::error::{CliCode, CliError};
use super::search_cmd::progress_printer;
use super::shared::{data_dir, open_library_unparsed, open_store, print_json};

pub fn char(characters: &str, json: bool) -> Result<()> {
    let wanted: Vec<char> = characters.chars().filter(|c| sheli_chars::is_han(*c)).collect();
    if wanted.is_empty() {
        let message = if characters.trim().is_empty() {
            "no character given; give one or more Han characters, e.g. sheli char 觶".to_string()
        } else {
            format!("`{characters}` holds no Han character; give one or more, e.g. sheli char 觶")
        };
        return Err(CliError::new(CliCode::NoHanCharacter, message).into());
    }
    let library = open_library_unparsed(&data_dir()?)?;
    let opened = library.open_index(&mut progress_printer())?;
    if let Some(reason) = &opened.rebuilt {
        eprintln!("note: rebuilt the search index because {reason}");
    }
    let store = open_store()?;
    let mut entries = Vec::with_capacity(wanted.len());
    for c in wanted {
        let mut entry = sheli_library::describe_char(&library.corpus, &opened.index, c)?;
        entry.cards.extend(store.cards_with_char(c)?);
        entries.push(entry);
    }
    if json {
        print_json(&entries)
    } else {
        for e in &entries {
            print_human(e);
        }
        Ok(())
    }
}

fn print_human(e: &CharEntry) {
    let mut head = e.char.clone();
    if let Some(rel) = e.relation {
        head.push_str(&format!(
            " ({} of {}; the texts write {})",
            rel.describe(),
            e.headword,
            e.headword
        ));
    }
    if !e.mandarin.is_empty() {
        head.push_str(&format!("  {}", e.mandarin.join(", ")));
    }
    if let Some(r) = &e.radical {
        head.push_str(&format!("  radical {} {}+{}", r.number, r.radical, r.residual_strokes));
    }
    if let Some(s) = e.strokes {
        head.push_str(&format!(", {s} strokes"));
    }
    println!("{head}");
    for f in &e.fanqie {
        println!(
            "  廣韻  {}切  {}韻 {}聲  {}  {}",
            f.fanqie,
            f.rhyme,
            f.tone,
            f.position,
            short(&f.gloss)
        );
        if let Some(above) = &f.see_above {
            let pointer = if f.gloss.contains("見上注") { "見上注" } else { "上同" };
            println!("        {pointer} → {}: {}", above.char, short(&above.gloss));
        }
    }
    for s in &e.shiwen {
        println!("  釋文  {}  ({}, line {})", s.text, s.passage, s.line);
    }
    for d in &e.definitions {
        println!("  {}  ({})", d.text, d.source);
    }
    if !e.forms.is_empty() {
        let forms: Vec<String> =
            e.forms.iter().map(|f| format!("{} {}", f.char, f.relation.describe())).collect();
        println!("  forms: {}", forms.join(" · "));
    }
    if !e.written.is_empty() {
        let written: Vec<String> =
            e.written.iter().map(|w| format!("{} in {} ({})", w.char, w.label, w.count)).collect();
        println!("  the texts write: {}", written.join(" · "));
    }
    let o = &e.occurrences;
    let counts = |v: &[sheli_library::character::Count]| {
        v.iter().map(|c| format!("{} {}", c.label, c.count)).collect::<Vec<_>>().join(" · ")
    };
    println!(
        "  in the library: {} in {}",
        super::shared::count(o.total as u64, "occurrence"),
        super::shared::count(o.segments as u64, "segment")
    );
    if o.total > 0 {
        println!("    by work:  {}", counts(&o.by_work));
        println!("    by layer: {}", counts(&o.by_layer));
    }
    for k in &e.kwic {
        println!("    {} {} line {}: {}", k.passage, k.layer.label(), k.line, k.snippet);
    }
    for c in &e.cards {
        match (&c.glossary, &c.builtin_id) {
            (Some(g), _) => println!("  card: {} in your glossary {g}", c.headword),
            (None, Some(id)) => println!("  card: {} (built-in term {id})", c.headword),
            _ => {}
        }
    }
    for n in &e.notes {
        println!("  note: {n}");
    }
}

/// A gloss cut to a terminal line (the 廣韻's entry for 中 runs to 300
/// characters); `--json` keeps it whole.
fn short(gloss: &str) -> String {
    const MAX: usize = 40;
    if gloss.chars().count() <= MAX {
        gloss.to_owned()
    } else {
        format!("{}…", gloss.chars().take(MAX).collect::<String>())
    }
}

//! `sheli backup`, `sheli restore`, `sheli glossary …`, `sheli notes …` and
//! `sheli review …`: the user store from the command line.
//!
//! Everything works on `<data dir>/user.sqlite3` (`SHELI_DATA_DIR`, or the
//! platform's data directory). Output is human-readable, or JSON with
//! `--json` wherever it is data. Bad input exits non-zero with a message and
//! changes nothing.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use sheli_corpus::fold::find_in;
use sheli_corpus::{Corpus, FoldMode, Layer};

use sheli_library::{self as library, Library};
use sheli_store::{
    self as store, CardEdit, Grade, NewCard, NewNote, NoteEdit, NoteFilter, Selection, Store, UserCard,
};

#[derive(Subcommand)]
pub enum StoreCommand {
    /// Back up everything you made — glossaries, reviews, notes, imported
    /// texts, settings — into one file.
    Backup {
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
        #[arg(long)]
        json: bool,
    },
    /// Restore a backup made by `sheli backup`, replacing your glossaries,
    /// reviews, notes, imported texts and settings with the backup's.
    Restore {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Your glossaries: named lists of cards.
    Glossary {
        #[command(subcommand)]
        command: GlossaryCommand,
    },
    /// Your notes on the texts.
    Notes {
        #[command(subcommand)]
        command: NotesCommand,
    },
    /// Review a glossary's cards as flashcards (FSRS scheduling).
    Review {
        #[command(subcommand)]
        command: ReviewCommand,
    },
    /// Test helper: adds COUNT notes, one transaction each, printing
    /// `ack <n> <note id>` after each commit.
    #[command(hide = true)]
    StoreStress { count: u32 },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ListFormat {
    /// Anki-importable tab-separated text.
    Tsv,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum NotesFormat {
    Markdown,
    /// W3C Web Annotation JSON.
    Json,
}

#[derive(Subcommand)]
pub enum GlossaryCommand {
    /// List your glossaries.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Make a new, empty glossary.
    Create {
        name: String,
        #[arg(long, default_value = "")]
        description: String,
        #[arg(long)]
        json: bool,
    },
    /// Rename a glossary (given by name or id).
    Rename { glossary: String, new_name: String },
    /// Delete a glossary with its cards and their review history.
    Delete { glossary: String },
    /// Add a built-in card (--builtin ID) or a card of your own (--headword).
    Add {
        glossary: String,
        /// Id of a built-in card, e.g. zhi
        #[arg(long, conflicts_with = "headword")]
        builtin: Option<String>,
        #[arg(long, required_unless_present = "builtin")]
        headword: Option<String>,
        #[arg(long, default_value = "")]
        reading: String,
        #[arg(long, default_value = "")]
        definition: String,
        #[arg(long = "tag")]
        tags: Vec<String>,
        /// A passage to link, e.g. xiangshe.zhushu.0012
        #[arg(long = "passage")]
        passages: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Change a card's fields (by card id).
    Edit {
        card: i64,
        #[arg(long)]
        headword: Option<String>,
        #[arg(long)]
        reading: Option<String>,
        #[arg(long)]
        definition: Option<String>,
        /// Replaces the card's tags (repeat for several).
        #[arg(long = "tag")]
        tags: Vec<String>,
        #[arg(long, conflicts_with = "tags")]
        clear_tags: bool,
        /// Replaces the card's linked passages (repeat for several).
        #[arg(long = "passage")]
        passages: Vec<String>,
        #[arg(long, conflicts_with = "passages")]
        clear_passages: bool,
        #[arg(long)]
        json: bool,
    },
    /// Remove a card (by card id) from its glossary.
    Remove { card: i64 },
    /// Show a glossary's cards.
    Show {
        glossary: String,
        #[arg(long)]
        json: bool,
    },
    /// Find cards in a glossary (Chinese folded: 觯 finds 觶).
    Search {
        glossary: String,
        query: String,
        #[arg(long)]
        json: bool,
    },
    /// Export a glossary to Anki TSV or JSON.
    Export {
        glossary: String,
        #[arg(long, value_enum, default_value_t = ListFormat::Tsv)]
        format: ListFormat,
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Import a TSV or JSON glossary file as a new glossary.
    Import {
        file: PathBuf,
        /// Default: by the file's extension (.json, else TSV).
        #[arg(long, value_enum)]
        format: Option<ListFormat>,
        /// The new glossary's name (default: the one in the file).
        #[arg(long)]
        name: Option<String>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum NotesCommand {
    /// Write a note on a quote in a passage.
    Add {
        /// Passage id, e.g. xiangshe.zhushu.0012
        passage: String,
        /// The text the note is on, as it is in the passage (another script
        /// or variant form also finds it).
        #[arg(long)]
        quote: String,
        /// Only look for the quote in this layer (經 注 疏 音義 按 題 譯).
        #[arg(long)]
        layer: Option<String>,
        /// Which occurrence of the quote (1 = the first).
        #[arg(long, default_value_t = 1)]
        occurrence: usize,
        /// The note (Markdown).
        #[arg(long, default_value = "")]
        body: String,
        /// Read the note from this file instead.
        #[arg(long, conflicts_with = "body")]
        body_file: Option<PathBuf>,
        #[arg(long = "tag")]
        tags: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// List notes, optionally filtered.
    List {
        #[arg(long)]
        work: Option<String>,
        #[arg(long)]
        tag: Option<String>,
        #[arg(long)]
        passage: Option<String>,
        /// Words to find in the notes (folded).
        #[arg(long)]
        query: Option<String>,
        /// Only notes whose quote is no longer found.
        #[arg(long)]
        orphaned: bool,
        /// Deleted notes (that `undelete` can bring back).
        #[arg(long)]
        deleted: bool,
        #[arg(long)]
        json: bool,
    },
    /// Change a note's body or tags.
    Edit {
        id: i64,
        #[arg(long)]
        body: Option<String>,
        #[arg(long = "tag")]
        tags: Vec<String>,
        #[arg(long, conflicts_with = "tags")]
        clear_tags: bool,
        #[arg(long)]
        json: bool,
    },
    /// Undo the last edit of a note.
    Undo { id: i64 },
    /// Delete a note (`undelete` brings it back).
    Delete { id: i64 },
    /// Bring back a deleted note.
    Undelete { id: i64 },
    /// Place every note again in the current texts.
    Reanchor {
        #[arg(long)]
        json: bool,
    },
    /// Export notes to Markdown or W3C Web Annotation JSON.
    Export {
        #[arg(long, value_enum, default_value_t = NotesFormat::Markdown)]
        format: NotesFormat,
        #[arg(long, short)]
        output: Option<PathBuf>,
        #[arg(long)]
        work: Option<String>,
        #[arg(long)]
        tag: Option<String>,
    },
    /// Import W3C Web Annotation JSON (as `notes export --format json` writes).
    Import {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum ReviewCommand {
    /// How many cards of a glossary are due, and which.
    Due {
        glossary: String,
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[arg(long)]
        json: bool,
    },
    /// The next card to review: its id, front and back.
    Next {
        glossary: String,
        #[arg(long)]
        json: bool,
    },
    /// Grade a card: again, hard, good or easy.
    Grade {
        card: i64,
        #[arg(value_parser = parse_grade)]
        grade: Grade,
        #[arg(long)]
        json: bool,
    },
    /// The latest grades of a glossary's cards (or of one card).
    History {
        glossary: Option<String>,
        #[arg(long)]
        card: Option<i64>,
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[arg(long)]
        json: bool,
    },
}

fn parse_grade(s: &str) -> std::result::Result<Grade, String> {
    Grade::parse(s).ok_or_else(|| format!("“{s}” is not a grade: again, hard, good or easy"))
}

fn data_dir() -> Result<PathBuf> {
    library::default_data_dir().context("no data directory: set SHELI_DATA_DIR or HOME")
}

fn open_store() -> Result<Store> {
    Ok(Store::open_in(&data_dir()?)?)
}

/// The texts, with the user's imported ones.
fn corpus() -> Result<std::sync::Arc<Corpus>> {
    Ok(Library::open(&data_dir()?)?.corpus)
}

fn print_json<T: Serialize>(v: &T) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// A glossary by name, or else by id.
fn glossary_id(store: &Store, key: &str) -> Result<i64> {
    match store.glossary_by_name(key) {
        Ok(g) => Ok(g.id),
        Err(e) => match key.trim().parse::<i64>().ok().and_then(|id| store.glossary(id).ok()) {
            Some(g) => Ok(g.id),
            None => Err(e.into()),
        },
    }
}

fn write_output(output: Option<&Path>, text: &str) -> Result<()> {
    match output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("{}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            if !text.ends_with('\n') {
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(())
}

fn read_input(path: &Path) -> Result<String> {
    let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
    if meta.len() > store::limits::IMPORT_BYTES as u64 {
        bail!("{}: the file is too large to import ({} bytes)", path.display(), meta.len());
    }
    let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
    String::from_utf8(bytes)
        .with_context(|| format!("{}: the file is not UTF-8 text", path.display()))
}

fn print_card(c: &UserCard) {
    let builtin = c.builtin_id.as_deref().map(|b| format!(" [built-in {b}]")).unwrap_or_default();
    println!("#{:<5} {}  {}{builtin}", c.id, c.headword, c.reading);
    for line in c.definition.lines().filter(|l| !l.trim().is_empty()) {
        println!("       {line}");
    }
    if !c.tags.is_empty() {
        println!("       tags: {}", c.tags.join(" "));
    }
    if !c.passages.is_empty() {
        println!("       passages: {}", c.passages.join(" "));
    }
}

fn print_note(n: &store::Note) {
    let state = if n.orphaned { " (orphaned: its quote is no longer in the text)" } else { "" };
    println!("#{:<5} {} {} 「{}」{state}", n.id, n.passage_id, n.layer.label(), n.exact);
    for line in n.body.lines() {
        println!("       {line}");
    }
    if !n.tags.is_empty() {
        println!("       tags: {}", n.tags.join(" "));
    }
}

fn days(secs: i64) -> String {
    if secs < 86_400 { format!("{} min", secs / 60) } else { format!("{} d", secs / 86_400) }
}

pub fn run(command: StoreCommand) -> Result<()> {
    match command {
        StoreCommand::Backup { file, force, json } => {
            let s = store::backup(&data_dir()?, &file, force)?;
            if json {
                return print_json(&s);
            }
            println!(
                "backed up {} glossaries, {} cards, {} reviews, {} notes and {} files to {} ({} bytes)",
                s.glossaries,
                s.cards,
                s.reviews,
                s.notes,
                s.files.len(),
                s.path,
                s.bytes
            );
        }
        StoreCommand::Restore { file, json } => {
            let s = store::restore(&data_dir()?, &file)?;
            if json {
                return print_json(&s);
            }
            println!(
                "restored {} glossaries, {} cards, {} reviews, {} notes and {} files from {} (made {})",
                s.glossaries,
                s.cards,
                s.reviews,
                s.notes,
                s.files.len(),
                s.path,
                store::format_rfc3339(s.created)
            );
        }
        StoreCommand::Glossary { command } => glossary(command)?,
        StoreCommand::Notes { command } => notes(command)?,
        StoreCommand::Review { command } => review(command)?,
        StoreCommand::StoreStress { count } => stress(count)?,
    }
    Ok(())
}

fn glossary(command: GlossaryCommand) -> Result<()> {
    let mut store = open_store()?;
    match command {
        GlossaryCommand::List { json } => {
            let list = store.glossaries()?;
            if json {
                return print_json(&list);
            }
            if list.is_empty() {
                println!("no glossaries yet: `sheli glossary create NAME` makes one");
            }
            for g in list {
                let desc = if g.description.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", g.description)
                };
                println!("#{:<4} {} ({} cards){desc}", g.id, g.name, g.cards);
            }
        }
        GlossaryCommand::Create { name, description, json } => {
            let g = store.create_glossary(&name, &description)?;
            if json {
                return print_json(&g);
            }
            println!("created glossary #{} {}", g.id, g.name);
        }
        GlossaryCommand::Rename { glossary, new_name } => {
            let id = glossary_id(&store, &glossary)?;
            let g = store.rename_glossary(id, &new_name)?;
            println!("renamed glossary #{} to {}", g.id, g.name);
        }
        GlossaryCommand::Delete { glossary } => {
            let id = glossary_id(&store, &glossary)?;
            let g = store.glossary(id)?;
            store.delete_glossary(id)?;
            println!("deleted glossary {} and its {} cards", g.name, g.cards);
        }
        GlossaryCommand::Add {
            glossary,
            builtin,
            headword,
            reading,
            definition,
            tags,
            passages,
            json,
        } => {
            let id = glossary_id(&store, &glossary)?;
            let card = match builtin {
                Some(b) => {
                    if reading.is_empty()
                        && definition.is_empty()
                        && tags.is_empty()
                        && passages.is_empty()
                    {
                        store.add_builtin_card(id, &b)?
                    } else {
                        let edit = CardEdit {
                            reading: (!reading.is_empty()).then_some(reading),
                            definition: (!definition.is_empty()).then_some(definition),
                            tags: Some(tags),
                            passages: Some(passages),
                            ..CardEdit::default()
                        };
                        store.add_builtin_card_edited(&*corpus()?, id, &b, &edit)?
                    }
                }
                None => {
                    let corpus = corpus()?;
                    let new = NewCard {
                        headword: headword.unwrap_or_default(),
                        reading,
                        definition,
                        tags,
                        passages,
                    };
                    store.add_card(&corpus, id, &new)?
                }
            };
            if json {
                return print_json(&card);
            }
            print!("added ");
            print_card(&card);
        }
        GlossaryCommand::Edit {
            card,
            headword,
            reading,
            definition,
            tags,
            clear_tags,
            passages,
            clear_passages,
            json,
        } => {
            let corpus = corpus()?;
            let edit = CardEdit {
                headword,
                reading,
                definition,
                tags: if clear_tags {
                    Some(Vec::new())
                } else {
                    (!tags.is_empty()).then_some(tags)
                },
                passages: if clear_passages {
                    Some(Vec::new())
                } else {
                    (!passages.is_empty()).then_some(passages)
                },
            };
            let c = store.update_card(&corpus, card, &edit)?;
            if json {
                return print_json(&c);
            }
            print_card(&c);
        }
        GlossaryCommand::Remove { card } => {
            let c = store.card(card)?;
            store.remove_card(card)?;
            println!("removed card #{} {}", c.id, c.headword);
        }
        GlossaryCommand::Show { glossary, json } => {
            let id = glossary_id(&store, &glossary)?;
            let cards = store.cards(id)?;
            if json {
                #[derive(Serialize)]
                struct Shown {
                    glossary: store::Glossary,
                    cards: Vec<UserCard>,
                }
                return print_json(&Shown { glossary: store.glossary(id)?, cards });
            }
            let g = store.glossary(id)?;
            println!("{} ({} cards)", g.name, g.cards);
            for c in &cards {
                print_card(c);
            }
        }
        GlossaryCommand::Search { glossary, query, json } => {
            let id = glossary_id(&store, &glossary)?;
            let found = store.search_glossary(id, &query)?;
            if json {
                return print_json(&found);
            }
            println!(
                "{} card{} match “{query}”",
                found.len(),
                if found.len() == 1 { "" } else { "s" }
            );
            for c in &found {
                print_card(c);
            }
        }
        GlossaryCommand::Export { glossary, format, output } => {
            let id = glossary_id(&store, &glossary)?;
            let text = match format {
                ListFormat::Tsv => store.export_glossary_tsv(id)?,
                ListFormat::Json => store.export_glossary_json(id)?,
            };
            write_output(output.as_deref(), &text)?;
        }
        GlossaryCommand::Import { file, format, name, json } => {
            let text = read_input(&file)?;
            let format = format.unwrap_or_else(|| {
                if file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) {
                    ListFormat::Json
                } else {
                    ListFormat::Tsv
                }
            });
            let corpus = corpus()?;
            let done = match format {
                ListFormat::Tsv => store.import_glossary_tsv(&corpus, &text, name.as_deref())?,
                ListFormat::Json => store.import_glossary_json(&corpus, &text, name.as_deref())?,
            };
            if json {
                return print_json(&done);
            }
            println!(
                "imported {} cards into glossary #{} {}",
                done.cards, done.glossary.id, done.glossary.name
            );
        }
    }
    Ok(())
}

/// The `occurrence`-th (1-based) place of `quote` in the passage, in the
/// given layer if any: exact matches first, else with the search fold.
fn find_quote(
    corpus: &Corpus,
    passage: &str,
    quote: &str,
    layer: Option<Layer>,
    occurrence: usize,
) -> Result<Selection> {
    let p = corpus.passage(passage)?;
    for mode in [FoldMode::Exact, FoldMode::Folded] {
        let mut hits = Vec::new();
        for (i, seg) in p.segments.iter().enumerate() {
            if layer.is_some_and(|l| l != seg.layer) {
                continue;
            }
            let ranges: Vec<std::ops::Range<usize>> = if mode == FoldMode::Exact {
                let chars: Vec<char> = seg.text.chars().collect();
                let q: Vec<char> = quote.chars().collect();
                if q.is_empty() || q.len() > chars.len() {
                    Vec::new()
                } else {
                    (0..=chars.len() - q.len())
                        .filter(|&s| chars[s..s + q.len()] == q[..])
                        .map(|s| s..s + q.len())
                        .collect()
                }
            } else {
                find_in(&seg.text, quote, FoldMode::Folded)
            };
            hits.extend(ranges.into_iter().map(|r| (i, r)));
        }
        if !hits.is_empty() {
            let Some((seg, r)) = hits.get(occurrence.saturating_sub(1)) else {
                bail!(
                    "“{quote}” occurs {} times in {passage}; there is no occurrence {occurrence}",
                    hits.len()
                );
            };
            return Ok(Selection {
                passage_id: passage.to_owned(),
                segment: *seg as u32,
                start: r.start as u32,
                end: r.end as u32,
            });
        }
    }
    let where_ = layer.map(|l| format!(" ({l})")).unwrap_or_default();
    bail!("“{quote}” is not in passage {passage}{where_}")
}

fn notes(command: NotesCommand) -> Result<()> {
    let mut store = open_store()?;
    match command {
        NotesCommand::Add { passage, quote, layer, occurrence, body, body_file, tags, json } => {
            let layer =
                match layer {
                    Some(l) => Some(Layer::parse(&l).with_context(|| {
                        format!("“{l}” is not a layer (經 注 疏 音義 按 題 譯)")
                    })?),
                    None => None,
                };
            let body = match body_file {
                Some(f) => read_input(&f)?,
                None => body,
            };
            let corpus = corpus()?;
            if corpus.passage(&passage).is_err() {
                return Err(store::StoreError::UnknownPassage(passage).into());
            }
            let selection = find_quote(&corpus, &passage, &quote, layer, occurrence)?;
            let note = store.add_note(&corpus, &NewNote { selection, body, tags })?;
            if json {
                return print_json(&note);
            }
            print!("added ");
            print_note(&note);
        }
        NotesCommand::List { work, tag, passage, query, orphaned, deleted, json } => {
            let filter = NoteFilter {
                work,
                tag,
                passage_id: passage,
                query,
                orphaned: orphaned.then_some(true),
                deleted,
            };
            let list = store.notes(&filter)?;
            if json {
                return print_json(&list);
            }
            println!("{} note{}", list.len(), if list.len() == 1 { "" } else { "s" });
            for n in &list {
                print_note(n);
            }
        }
        NotesCommand::Edit { id, body, tags, clear_tags, json } => {
            let edit = NoteEdit {
                body,
                tags: if clear_tags {
                    Some(Vec::new())
                } else {
                    (!tags.is_empty()).then_some(tags)
                },
            };
            let n = store.update_note(id, &edit)?;
            if json {
                return print_json(&n);
            }
            print_note(&n);
        }
        NotesCommand::Undo { id } => {
            let n = store.undo_note_edit(id)?;
            print!("undone: ");
            print_note(&n);
        }
        NotesCommand::Delete { id } => {
            store.delete_note(id)?;
            println!("deleted note #{id} (`sheli notes undelete {id}` brings it back)");
        }
        NotesCommand::Undelete { id } => {
            let n = store.undelete_note(id)?;
            print!("brought back ");
            print_note(&n);
        }
        NotesCommand::Reanchor { json } => {
            let corpus = corpus()?;
            let r = store.reanchor(&corpus)?;
            if json {
                return print_json(&r);
            }
            println!(
                "{} in place, {} moved in their passage, {} moved to another passage, {} found by folding, {} restored, {} orphaned",
                r.unchanged, r.moved, r.moved_passage, r.folded, r.restored, r.orphaned
            );
        }
        NotesCommand::Export { format, output, work, tag } => {
            let filter = NoteFilter { work, tag, ..NoteFilter::default() };
            let text = match format {
                NotesFormat::Markdown => store.export_notes_markdown(&*corpus()?, &filter)?,
                NotesFormat::Json => store.export_notes_annotations(&filter)?,
            };
            write_output(output.as_deref(), &text)?;
        }
        NotesCommand::Import { file, json } => {
            let text = read_input(&file)?;
            let corpus = corpus()?;
            let r = store.import_notes_annotations(&corpus, &text)?;
            if json {
                return print_json(&r);
            }
            println!(
                "imported {} notes ({} orphaned: their quote is not in the texts); {} already here were skipped",
                r.imported, r.orphaned, r.skipped
            );
        }
    }
    Ok(())
}

fn review(command: ReviewCommand) -> Result<()> {
    let mut store = open_store()?;
    let now = store::now();
    match command {
        ReviewCommand::Due { glossary, limit, json } => {
            let id = glossary_id(&store, &glossary)?;
            let summary = store.due_count(id, now)?;
            let cards = store.due_cards(id, now, limit)?;
            if json {
                #[derive(Serialize)]
                struct Due {
                    #[serde(flatten)]
                    summary: store::DueSummary,
                    cards: Vec<store::ReviewCard>,
                }
                return print_json(&Due { summary, cards });
            }
            println!("{} of {} cards due ({} new)", summary.due, summary.total, summary.new);
            for c in &cards {
                let state = if c.is_new {
                    "new".to_string()
                } else {
                    format!("due {}", store::format_rfc3339(c.due))
                };
                println!("#{:<5} {}  ({state})", c.card.id, c.front);
            }
            if summary.due == 0
                && let Some(t) = summary.next_due
            {
                println!("next card due {}", store::format_rfc3339(t));
            }
        }
        ReviewCommand::Next { glossary, json } => {
            let id = glossary_id(&store, &glossary)?;
            let next = store.next_review(id, now)?;
            if json {
                return print_json(&next);
            }
            match next {
                None => println!("nothing is due in this glossary"),
                Some(c) => {
                    println!("card #{}", c.card.id);
                    println!("front: {}", c.front);
                    println!("back:  {}", c.back.replace('\n', "\n       "));
                    let [a, h, g, e] = c.intervals;
                    println!(
                        "grade with `sheli review grade {} again|hard|good|easy` (again {}, hard {}, good {}, easy {})",
                        c.card.id,
                        days(a),
                        days(h),
                        days(g),
                        days(e)
                    );
                }
            }
        }
        ReviewCommand::Grade { card, grade, json } => {
            let r = store.grade(card, grade, now)?;
            if json {
                return print_json(&r);
            }
            println!(
                "card #{card}: next review {} (in {})",
                store::format_rfc3339(r.due),
                days(r.due - r.reviewed)
            );
        }
        ReviewCommand::History { glossary, card, limit, json } => {
            let g = match glossary {
                Some(g) => Some(glossary_id(&store, &g)?),
                None if card.is_none() => bail!("name a glossary, or a card with --card"),
                None => None,
            };
            let log = store.review_history(card, g, limit)?;
            if json {
                return print_json(&log);
            }
            for l in &log {
                println!(
                    "{}  #{:<5} {:<8} {:?} → due {}",
                    store::format_rfc3339(l.reviewed),
                    l.card_id,
                    l.headword,
                    l.grade,
                    store::format_rfc3339(l.due)
                );
            }
        }
    }
    Ok(())
}

/// `sheli store-stress N`: N notes, one transaction each, an ack line after
/// each commit (the crash-safety test kills the process mid-burst).
fn stress(count: u32) -> Result<()> {
    let corpus = Corpus::builtin()?;
    let passage = corpus.passages().first().context("no passages")?;
    let segment =
        passage.segments.iter().position(|s| !s.text.is_empty()).context("empty passage")?;
    let mut store = open_store()?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready")?;
    out.flush()?;
    for n in 1..=count {
        let note = store.add_note(
            &corpus,
            &NewNote {
                selection: Selection {
                    passage_id: passage.id.clone(),
                    segment: segment as u32,
                    start: 0,
                    end: 1,
                },
                body: format!("stress note {n}"),
                tags: vec!["stress".into()],
            },
        )?;
        writeln!(out, "ack {n} {}", note.id)?;
        out.flush()?;
    }
    Ok(())
}

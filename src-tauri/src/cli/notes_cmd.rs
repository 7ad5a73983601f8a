//! `sheli notes …`: notes on quotes in the texts — a note may be on several
//! passages (`anchor`), has a colour of a small named palette, and is found
//! by `list`'s filters or `search` (folded, as the texts are searched).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use sheli_corpus::{Corpus, Layer};
use sheli_store::{self as store, NewNote, NoteColour, NoteEdit, NoteFilter, Selection};

use super::error::{CliCode, CliError};
use super::shared::{Output, corpus, open_store, print_json, read_input, write_output};

#[derive(Clone, Copy, ValueEnum)]
pub enum NotesFormat {
    Markdown,
    /// W3C Web Annotation JSON.
    Json,
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
        /// yellow (the default), green, blue, pink or purple.
        #[arg(long, visible_alias = "color", value_parser = parse_colour)]
        colour: Option<NoteColour>,
    },
    /// Anchor a note to one more quote (in another passage, say, for a note
    /// comparing two).
    Anchor {
        id: i64,
        /// Passage id, e.g. xiangshe.zhushu.0012
        passage: String,
        /// The text, as it is in the passage (another script or variant form
        /// also finds it).
        #[arg(long)]
        quote: String,
        /// Only look for the quote in this layer (經 注 疏 音義 按 題 譯).
        #[arg(long)]
        layer: Option<String>,
        /// Which occurrence of the quote (1 = the first).
        #[arg(long, default_value_t = 1)]
        occurrence: usize,
    },
    /// Take an anchor off a note (1 = its first; the others move up).
    Unanchor {
        id: i64,
        /// Which anchor, as `notes list` numbers them (1 = the first).
        anchor: u32,
    },
    /// Search inside notes (their text, quotes and tags) with the texts'
    /// folding: 觯 finds a note that says 觶.
    Search {
        /// Words, all of which must be found.
        query: String,
        #[command(flatten)]
        filters: Filters,
    },
    /// List notes, optionally filtered.
    List {
        #[command(flatten)]
        filters: Filters,
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
        /// yellow, green, blue, pink or purple.
        #[arg(long, visible_alias = "color", value_parser = parse_colour)]
        colour: Option<NoteColour>,
    },
    /// Undo the last edit of a note.
    Undo { id: i64 },
    /// Delete a note (`undelete` brings it back).
    Delete { id: i64 },
    /// Bring back a deleted note.
    Undelete { id: i64 },
    /// Place every note again in the current texts.
    Reanchor,
    /// Export notes to Markdown or W3C Web Annotation JSON.
    ///
    /// Without --output the export is printed as it is, also with --json
    /// (which then makes only a failure JSON); with --output and --json,
    /// the file written and its size are printed as JSON.
    Export {
        #[arg(long, value_enum, default_value_t = NotesFormat::Markdown)]
        format: NotesFormat,
        /// Write to this file instead of standard output (an existing file
        /// is kept unless --force; the file is written whole or not at all).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace the --output file if it exists.
        #[arg(long, requires = "output")]
        force: bool,
        #[arg(long)]
        work: Option<String>,
        #[arg(long)]
        tag: Option<String>,
    },
    /// Import W3C Web Annotation JSON (as `notes export --format json` writes).
    Import { file: PathBuf },
}

/// The filters `list` and `search` share.
#[derive(clap::Args)]
pub struct Filters {
    /// A work, e.g. 鄉射禮 (any passage the note is on).
    #[arg(long)]
    work: Option<String>,
    #[arg(long)]
    tag: Option<String>,
    /// yellow, green, blue, pink or purple.
    #[arg(long, visible_alias = "color", value_parser = parse_colour)]
    colour: Option<NoteColour>,
    /// A layer a quote is in (經 注 疏 音義 按 題 譯).
    #[arg(long, value_parser = parse_layer)]
    layer: Option<Layer>,
}

fn parse_colour(s: &str) -> std::result::Result<NoteColour, String> {
    NoteColour::parse(s).ok_or_else(|| {
        format!(
            "“{s}” is not a note colour: use {}",
            NoteColour::ALL.map(NoteColour::name).join(", ")
        )
    })
}

fn parse_layer(s: &str) -> std::result::Result<Layer, String> {
    Layer::parse(s).ok_or_else(|| format!("“{s}” is not a layer (經 注 疏 音義 按 題 譯)"))
}

fn print_note(n: &store::Note) {
    let gone = " (orphaned: its quote is no longer in the text)";
    let state = if n.orphaned { gone } else { "" };
    println!(
        "#{:<5} {} {} 「{}」 [{}]{state}",
        n.id,
        n.passage_id,
        n.layer.label(),
        n.exact,
        n.colour.name()
    );
    for (i, a) in n.more_anchors.iter().enumerate() {
        let state = if a.orphaned { gone } else { "" };
        println!(
            "       also ({}) {} {} 「{}」{state}",
            i + 2,
            a.passage_id,
            a.layer.label(),
            a.exact
        );
    }
    for line in n.body.lines() {
        println!("       {line}");
    }
    if !n.tags.is_empty() {
        println!("       tags: {}", n.tags.join(" "));
    }
}

fn print_list(list: &[store::Note], json: bool) -> Result<()> {
    if json {
        return print_json(&list);
    }
    println!("{} note{}", list.len(), if list.len() == 1 { "" } else { "s" });
    for n in list {
        print_note(n);
    }
    Ok(())
}

/// What `notes delete --json` prints.
#[derive(Serialize)]
struct Deleted {
    deleted: i64,
}

/// An empty quote is a mistake to say as such: looked for in the passage it
/// would read "“” is not in passage …".
fn check_quote(quote: &str) -> Result<()> {
    if quote.trim().is_empty() {
        return Err(CliError::new(
            CliCode::EmptyQuote,
            "the quote is empty: give the words of the text the note is on, e.g. --quote 賓升",
        )
        .into());
    }
    Ok(())
}

pub fn run(command: NotesCommand, json: bool) -> Result<()> {
    let mut store = open_store()?;
    match command {
        NotesCommand::Add { passage, quote, layer, occurrence, body, body_file, tags, colour } => {
            check_quote(&quote)?;
            let layer = layer
                .map(|l| parse_layer(&l).map_err(|m| CliError::new(CliCode::UnknownLayer, m)))
                .transpose()?;
            let body = match body_file {
                Some(f) => read_input(&f)?,
                None => body,
            };
            let corpus = corpus()?;
            if corpus.passage(&passage).is_err() {
                return Err(store::StoreError::UnknownPassage(passage).into());
            }
            let selection = Selection::from_quote(&corpus, &passage, &quote, layer, occurrence)?;
            let new = NewNote { selection, body, tags, colour: colour.unwrap_or_default() };
            let note = store.add_note(&corpus, &new)?;
            if json {
                return print_json(&note);
            }
            print!("added ");
            print_note(&note);
        }
        NotesCommand::Anchor { id, passage, quote, layer, occurrence } => {
            check_quote(&quote)?;
            let layer = layer
                .map(|l| parse_layer(&l).map_err(|m| CliError::new(CliCode::UnknownLayer, m)))
                .transpose()?;
            let corpus = corpus()?;
            if corpus.passage(&passage).is_err() {
                return Err(store::StoreError::UnknownPassage(passage).into());
            }
            let selection = Selection::from_quote(&corpus, &passage, &quote, layer, occurrence)?;
            let note = store.add_note_anchor(&corpus, id, &selection)?;
            if json {
                return print_json(&note);
            }
            print_note(&note);
        }
        NotesCommand::Unanchor { id, anchor } => {
            let index = anchor.checked_sub(1).ok_or_else(|| {
                CliError::new(
                    CliCode::AnchorNumber,
                    "anchors are numbered from 1, as `notes list` shows them",
                )
            })?;
            let note = store.remove_note_anchor(id, index)?;
            if json {
                return print_json(&note);
            }
            print_note(&note);
        }
        NotesCommand::Search { query, filters } => {
            if query.trim().is_empty() {
                return Err(CliError::new(CliCode::EmptySearch, "say what to search for").into());
            }
            let filter = filters.into_filter(Some(query));
            print_list(&store.notes(&filter)?, json)?;
        }
        NotesCommand::List { filters, passage, query, orphaned, deleted } => {
            let filter = NoteFilter {
                passage_id: passage,
                orphaned: orphaned.then_some(true),
                deleted,
                ..filters.into_filter(query)
            };
            print_list(&store.notes(&filter)?, json)?;
        }
        NotesCommand::Edit { id, body, tags, clear_tags, colour } => {
            let edit = NoteEdit {
                body,
                tags: if clear_tags {
                    Some(Vec::new())
                } else {
                    (!tags.is_empty()).then_some(tags)
                },
                colour,
            };
            let n = store.update_note(id, &edit)?;
            if json {
                return print_json(&n);
            }
            print_note(&n);
        }
        NotesCommand::Undo { id } => {
            let n = store.undo_note_edit(id)?;
            if json {
                return print_json(&n);
            }
            print!("undone: ");
            print_note(&n);
        }
        NotesCommand::Delete { id } => {
            store.delete_note(id)?;
            if json {
                return print_json(&Deleted { deleted: id });
            }
            println!("deleted note #{id} (`sheli notes undelete {id}` brings it back)");
        }
        NotesCommand::Undelete { id } => {
            let n = store.undelete_note(id)?;
            if json {
                return print_json(&n);
            }
            print!("brought back ");
            print_note(&n);
        }
        NotesCommand::Reanchor => {
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
        NotesCommand::Export { format, output, force, work, tag } => {
            let filter = NoteFilter { work, tag, ..NoteFilter::default() };
            let text = match format {
                NotesFormat::Markdown => store.export_notes_markdown(&*corpus()?, &filter)?,
                NotesFormat::Json => store.export_notes_annotations(&*corpus()?, &filter)?,
            };
            write_output(Output { path: output.as_deref(), force }, &text, json)?;
        }
        NotesCommand::Import { file } => {
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

/// `sheli store-stress N` (hidden, for tests): N notes, one transaction
/// each, an ack line after each commit (the crash-safety tests kill the
/// process mid-burst and check that every acknowledged note is there).
pub fn stress(count: u32) -> Result<()> {
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
                colour: Default::default(),
            },
        )?;
        writeln!(out, "ack {n} {}", note.id)?;
        out.flush()?;
    }
    Ok(())
}

impl Filters {
    fn into_filter(self, query: Option<String>) -> NoteFilter {
        NoteFilter {
            work: self.work,
            tag: self.tag,
            colour: self.colour,
            layer: self.layer,
            query,
            ..NoteFilter::default()
        }
    }
}

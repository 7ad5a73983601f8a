//! `sheli notes …`: notes on quotes in the texts.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use sheli_corpus::{Corpus, Layer};
use sheli_store::{self as store, NewNote, NoteEdit, NoteFilter, Selection};

use super::error::CliError;
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

/// What `notes delete --json` prints.
#[derive(Serialize)]
struct Deleted {
    deleted: i64,
}

pub fn run(command: NotesCommand, json: bool) -> Result<()> {
    let mut store = open_store()?;
    match command {
        NotesCommand::Add { passage, quote, layer, occurrence, body, body_file, tags } => {
            let layer = match layer {
                Some(l) => Some(Layer::parse(&l).ok_or_else(|| {
                    CliError::invalid(format!("“{l}” is not a layer (經 注 疏 音義 按 題 譯)"))
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
            let selection = Selection::from_quote(&corpus, &passage, &quote, layer, occurrence)?;
            let note = store.add_note(&corpus, &NewNote { selection, body, tags })?;
            if json {
                return print_json(&note);
            }
            print!("added ");
            print_note(&note);
        }
        NotesCommand::List { work, tag, passage, query, orphaned, deleted } => {
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
        NotesCommand::Edit { id, body, tags, clear_tags } => {
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
            },
        )?;
        writeln!(out, "ack {n} {}", note.id)?;
        out.flush()?;
    }
    Ok(())
}

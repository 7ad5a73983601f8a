//! `sheli glossary …`: named lists of cards, and how a glossary is named on
//! the command line (shared with `sheli review`).

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;
use sheli_store::{self as store, CardEdit, NewCard, Store, StoreError, UserCard};

use super::error::{CliCode, CliError};
use super::shared::{
    Output, corpus, open_store, print_json, read_input, write_output, write_output_bytes,
};

/// How every glossary and review command is told which glossary (the same
/// sentence is in `sheli glossary --help` and `sheli review --help`).
pub const ADDRESSING: &str = "A glossary is given by its name, and a name is always a name, even \
    when it is all digits: `sheli glossary show 1` is the glossary named “1”. To give a \
    glossary's id instead (the #12 that `sheli glossary list` prints), add --id: \
    `sheli glossary show --id 12`.";

/// The glossary a command works on: a name, or with `--id` an id. Never
/// guessed from the form of the argument, so a glossary named “1” and the
/// glossary with id 1 can both be reached.
#[derive(Args)]
pub struct GlossaryKey {
    /// The glossary's name (with --id: its id).
    #[arg(value_name = "GLOSSARY")]
    pub glossary: String,
    /// GLOSSARY is the glossary's id (as `glossary list` prints it, #12), not its name.
    #[arg(long = "id")]
    pub by_id: bool,
}

impl GlossaryKey {
    pub fn resolve(&self, store: &Store) -> Result<i64> {
        resolve(store, &self.glossary, self.by_id)
    }
}

/// The id of the glossary named `key`, or with `by_id` of the glossary whose
/// id `key` is.
pub fn resolve(store: &Store, key: &str, by_id: bool) -> Result<i64> {
    if by_id {
        let digits = key.trim().trim_start_matches('#');
        let id: i64 = digits.parse().map_err(|_| {
            CliError::new(
                CliCode::GlossaryIdNotNumber,
                format!("--id needs a glossary's id, a number: “{key}”"),
            )
        })?;
        return match store.glossary(id) {
            Ok(g) => Ok(g.id),
            Err(StoreError::UnknownGlossary(_)) => Err(CliError::new(
                CliCode::UnknownGlossary,
                format!("there is no glossary with id {id}"),
            )
            .into()),
            Err(e) => Err(e.into()),
        };
    }
    match store.glossary_by_name(key) {
        Ok(g) => Ok(g.id),
        Err(StoreError::UnknownGlossary(_)) => {
            // A user who typed an id gets told how to say so; the glossary
            // with that id is not taken silently.
            let hint = key
                .trim()
                .parse::<i64>()
                .ok()
                .and_then(|id| store.glossary(id).ok())
                .map(|g| {
                    format!(" (glossary #{} is “{}”: add --id to mean it by its id)", g.id, g.name)
                })
                .unwrap_or_default();
            Err(CliError::new(
                CliCode::UnknownGlossary,
                format!("there is no glossary named “{}”{hint}", key.trim()),
            )
            .into())
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ListFormat {
    /// Anki-importable tab-separated text.
    Tsv,
    Json,
}

/// What `sheli glossary export` writes: the formats it reads back, and an
/// Anki package.
#[derive(Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    /// Anki-importable tab-separated text.
    Tsv,
    Json,
    /// An Anki package (.apkg) with the built-in cards' drawings; needs --output.
    Apkg,
}

#[derive(Subcommand)]
pub enum GlossaryCommand {
    /// List your glossaries.
    List,
    /// Make a new, empty glossary.
    Create {
        name: String,
        #[arg(long, default_value = "")]
        description: String,
    },
    /// Rename a glossary.
    Rename {
        #[command(flatten)]
        key: GlossaryKey,
        new_name: String,
    },
    /// Delete a glossary with its cards and their review history.
    Delete {
        #[command(flatten)]
        key: GlossaryKey,
    },
    /// Add a built-in card (--builtin ID) or a card of your own (--headword).
    Add {
        #[command(flatten)]
        key: GlossaryKey,
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
    },
    /// Remove a card (by card id) from its glossary.
    Remove { card: i64 },
    /// Show a glossary's cards.
    Show {
        #[command(flatten)]
        key: GlossaryKey,
    },
    /// Find cards in a glossary (Chinese folded: 觯 finds 觶).
    Search {
        #[command(flatten)]
        key: GlossaryKey,
        query: String,
    },
    /// Export a glossary to Anki TSV or JSON.
    ///
    /// Without --output the export is printed as it is, also with --json
    /// (which then makes only a failure JSON); with --output and --json,
    /// the file written and its size are printed as JSON.
    Export {
        #[command(flatten)]
        key: GlossaryKey,
        #[arg(long, value_enum, default_value_t = ExportFormat::Tsv)]
        format: ExportFormat,
        /// Write to this file instead of standard output (an existing file
        /// is kept unless --force; the file is written whole or not at all).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace the --output file if it exists.
        #[arg(long, requires = "output")]
        force: bool,
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
    },
}

pub fn print_card(c: &UserCard) {
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

/// What the commands that change a glossary print with `--json`.
#[derive(Serialize)]
struct Done<T: Serialize> {
    done: &'static str,
    #[serde(flatten)]
    what: T,
}

pub fn run(command: GlossaryCommand, json: bool) -> Result<()> {
    let mut store = open_store()?;
    match command {
        GlossaryCommand::List => {
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
        GlossaryCommand::Create { name, description } => {
            let g = store.create_glossary(&name, &description)?;
            if json {
                return print_json(&g);
            }
            println!("created glossary #{} {}", g.id, g.name);
        }
        GlossaryCommand::Rename { key, new_name } => {
            let id = key.resolve(&store)?;
            let g = store.rename_glossary(id, &new_name)?;
            if json {
                return print_json(&g);
            }
            println!("renamed glossary #{} to {}", g.id, g.name);
        }
        GlossaryCommand::Delete { key } => {
            let id = key.resolve(&store)?;
            let g = store.glossary(id)?;
            store.delete_glossary(id)?;
            if json {
                return print_json(&Done { done: "deleted", what: g });
            }
            println!("deleted glossary #{} {} and its {} cards", g.id, g.name, g.cards);
        }
        GlossaryCommand::Add { key, builtin, headword, reading, definition, tags, passages } => {
            let id = key.resolve(&store)?;
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
            if json {
                return print_json(&Done { done: "removed", what: c });
            }
            println!("removed card #{} {}", c.id, c.headword);
        }
        GlossaryCommand::Show { key } => {
            let id = key.resolve(&store)?;
            let cards = store.cards(id)?;
            let g = store.glossary(id)?;
            if json {
                #[derive(Serialize)]
                struct Shown {
                    glossary: store::Glossary,
                    cards: Vec<UserCard>,
                }
                return print_json(&Shown { glossary: g, cards });
            }
            println!("#{} {} ({} cards)", g.id, g.name, g.cards);
            for c in &cards {
                print_card(c);
            }
        }
        GlossaryCommand::Search { key, query } => {
            let id = key.resolve(&store)?;
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
        GlossaryCommand::Export { key, format, output, force } => {
            let id = key.resolve(&store)?;
            let to = Output { path: output.as_deref(), force };
            match format {
                ExportFormat::Tsv => write_output(to, &store.export_glossary_tsv(id)?, json)?,
                ExportFormat::Json => write_output(to, &store.export_glossary_json(id)?, json)?,
                // A zip is no use on a terminal, and checked before any work.
                ExportFormat::Apkg if output.is_none() => {
                    return Err(CliError::new(
                        CliCode::ApkgNeedsOutput,
                        "an Anki package is a binary file: name it with --output FILE.apkg",
                    )
                    .into());
                }
                ExportFormat::Apkg => {
                    write_output_bytes(to, &store.export_glossary_apkg(id)?, json)?;
                }
            }
        }
        GlossaryCommand::Import { file, format, name } => {
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
            // A file that is a new copy of a glossary already there updates
            // it (the cards found by GUID): say what it added, what it
            // changed and what was already as the file has it.
            let cards = |n: u32| if n == 1 { "1 card".to_owned() } else { format!("{n} cards") };
            let (id, name) = (done.glossary.id, &done.glossary.name);
            if done.added == done.cards {
                println!("imported {} into glossary #{id} {name}", cards(done.cards));
            } else {
                let same = done.cards - done.added - done.updated;
                println!(
                    "updated glossary #{id} {name} from the file: {} added, {} changed, {} already as the file has {}",
                    cards(done.added),
                    done.updated,
                    same,
                    if same == 1 { "it" } else { "them" }
                );
            }
        }
    }
    Ok(())
}

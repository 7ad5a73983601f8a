//! `sheli review …`: a glossary's cards as flashcards (FSRS scheduling).

use anyhow::Result;
use clap::Subcommand;
use serde::Serialize;
use sheli_store::{self as store, Grade};

use super::error::{CliCode, CliError};
use super::glossary_cmd::{GlossaryKey, resolve};
use super::shared::{open_store, print_json};

#[derive(Subcommand)]
pub enum ReviewCommand {
    /// How many cards of a glossary are due, and which.
    Due {
        #[command(flatten)]
        key: GlossaryKey,
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// The next card to review: its id, front and back.
    Next {
        #[command(flatten)]
        key: GlossaryKey,
    },
    /// Grade a card: again, hard, good or easy.
    Grade {
        card: i64,
        #[arg(value_parser = parse_grade)]
        grade: Grade,
    },
    /// The latest grades of a glossary's cards (or of one card).
    History {
        /// The glossary's name (with --id: its id).
        glossary: Option<String>,
        /// GLOSSARY is the glossary's id (as `glossary list` prints it, #12), not its name.
        #[arg(long = "id", requires = "glossary")]
        by_id: bool,
        #[arg(long)]
        card: Option<i64>,
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
}

fn parse_grade(s: &str) -> std::result::Result<Grade, String> {
    Grade::parse(s).ok_or_else(|| format!("“{s}” is not a grade: again, hard, good or easy"))
}

fn days(secs: i64) -> String {
    if secs < 86_400 { format!("{} min", secs / 60) } else { format!("{} d", secs / 86_400) }
}

pub fn run(command: ReviewCommand, json: bool) -> Result<()> {
    let mut store = open_store()?;
    let now = store::now();
    match command {
        ReviewCommand::Due { key, limit } => {
            let id = key.resolve(&store)?;
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
        ReviewCommand::Next { key } => {
            let id = key.resolve(&store)?;
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
        ReviewCommand::Grade { card, grade } => {
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
        ReviewCommand::History { glossary, by_id, card, limit } => {
            let g = match glossary {
                Some(g) => Some(resolve(&store, &g, by_id)?),
                None if card.is_none() => {
                    return Err(CliError::new(
                        CliCode::HistoryNeedsGlossary,
                        "name a glossary, or a card with --card",
                    )
                    .into());
                }
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

//! `sheli stage`: who stands where, passage by passage (the living 儀禮圖),
//! a work's steps, and one figure's itinerary. The stage data is compiled in;
//! the texts are parsed only for a passage of an edition the steps do not
//! follow (the 通解, the translation), to find the step aligned with it.

use anyhow::Result;
use serde::Serialize;
use sheli_corpus::Corpus;
use sheli_corpus::stage::{Basis, ItineraryStop, Move, StageView, Stages, Step};

use super::error::{CliCode, CliError};
use super::shared::print_json;

/// `sheli stage <passage>`, `sheli stage --work W`, `sheli stage --actor A [--work W]`.
pub fn stage(
    passage: Option<String>,
    work: Option<String>,
    actor: Option<String>,
    json: bool,
) -> Result<()> {
    let stages = Stages::builtin()?;
    match (passage, actor) {
        (Some(id), None) => {
            let id = id.trim();
            let step_passage = match stages.find_step(id) {
                Some(_) => id.to_string(),
                // A user's text is not among the built-in texts this looks
                // in: "no passage has the id" would be wrong; it has no step.
                None if id.starts_with("user.") => {
                    let works: Vec<&str> = stages.works.iter().map(|w| w.work.as_str()).collect();
                    return Err(CliError::new(
                        CliCode::NotStaged,
                        format!(
                            "{id} is a passage of your own text; the 儀禮圖 covers {} only",
                            works.join(", ")
                        ),
                    )
                    .into());
                }
                None => stages.step_passage(&Corpus::builtin()?, id)?,
            };
            let mut view = stages.stage_at(&step_passage)?;
            view.asked = id.to_string();
            if json { print_json(&view) } else { print_view(&view) }
        }
        (None, Some(actor)) => {
            let stops = stages.itinerary(actor.trim(), work.as_deref())?;
            if json { print_json(&stops) } else { print_itinerary(actor.trim(), &stops) }
        }
        (None, None) => {
            let name = work.ok_or_else(|| {
                CliError::new(
                    CliCode::StageNeedsTarget,
                    "give a passage id, --work <work> or --actor <figure> (see sheli stage --help)",
                )
            })?;
            let w = stages.work(name.trim())?;
            let all = WorkSteps { work: &w.work, source: &w.source, steps: &w.steps };
            if json { print_json(&all) } else { print_steps(&all) }
        }
        (Some(_), Some(_)) => {
            Err(CliError::new(CliCode::StageBoth, "give a passage id or --actor, not both").into())
        }
    }
}

#[derive(Serialize)]
struct WorkSteps<'a> {
    work: &'a str,
    source: &'a str,
    steps: &'a [Step],
}

fn basis(m: &Move) -> String {
    match (m.basis, &m.from, m.basis.layer(), &m.basis_quote) {
        (Basis::Carried, Some(from), ..) => format!("carried from {from}"),
        (Basis::Jing, ..) => format!("{}", m.layer),
        (_, _, Some(layer), Some(q)) => format!("{layer} 「{q}」"),
        _ => String::new(),
    }
}

fn move_line(m: &Move) -> String {
    let facing = m.facing.map(|f| format!(" {}", f.label())).unwrap_or_default();
    let inferred = if m.actor_inferred.is_some() { " (actor inferred)" } else { "" };
    let renamed = m.becomes.as_ref().map(|b| format!(", now {b}")).unwrap_or_default();
    let leaves = if m.leaves { ", leaves" } else { "" };
    let mut line = format!(
        "{}{inferred} {} → {}{facing}{renamed}{leaves}  「{}」 ({})",
        m.actor,
        m.action,
        m.place,
        m.quote,
        basis(m)
    );
    for a in &m.alternatives {
        let facing = a.facing.map(|f| format!(" {}", f.label())).unwrap_or_default();
        line.push_str(&format!(
            "\n      {} reads: {}{facing} 「{}」",
            a.by.layer(),
            a.place,
            a.quote
        ));
    }
    line
}

fn print_view(v: &StageView) -> Result<()> {
    let shown = if v.asked == v.passage { String::new() } else { format!(" (for {})", v.asked) };
    println!("{}{shown}  {}  step {} of {}", v.passage, v.work, v.index + 1, v.count);
    if let Some(note) = &v.step.note {
        println!("note: {note}");
    }
    if v.step.moves.is_empty() {
        println!("moves: none");
    } else {
        println!("moves:");
        for m in &v.step.moves {
            println!("  {}", move_line(m));
        }
    }
    println!("stage after this passage (* moved here):");
    for f in &v.figures {
        let facing = f.facing.map(|f| f.label()).unwrap_or("—");
        let mark = if f.moved { "*" } else { " " };
        let from = f.came_from.as_ref().map(|c| format!("  from {}", c.place)).unwrap_or_default();
        println!(
            "  {mark} {}  {}  {facing}  ({}, {}){from}  since {}",
            f.actor, f.at.place, f.at.x, f.at.y, f.passage
        );
    }
    Ok(())
}

fn print_itinerary(actor: &str, stops: &[ItineraryStop]) -> Result<()> {
    println!("{actor}: {} moves", stops.len());
    for s in stops {
        println!("  {}  {}", s.passage, move_line(&s.step_move));
    }
    Ok(())
}

fn print_steps(w: &WorkSteps) -> Result<()> {
    let moves: usize = w.steps.iter().map(|s| s.moves.len()).sum();
    println!("{} ({}): {} steps, {moves} moves", w.work, w.source, w.steps.len());
    for s in w.steps {
        match &s.note {
            Some(note) if s.moves.is_empty() => println!("{}  — {note}", s.passage),
            _ => println!("{}", s.passage),
        }
        for m in &s.moves {
            println!("  {}", move_line(m));
        }
    }
    Ok(())
}

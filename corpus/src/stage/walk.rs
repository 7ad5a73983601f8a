//! Walking the steps: the figures on the ground after a passage, and one
//! figure's way through a work.

use serde::Serialize;

use super::model::{Facing, Move, Step};
use super::{Stages, WorkStages};
use crate::error::{CorpusError, Result};

/// A place with its coordinates.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Spot {
    pub place: String,
    pub x: f32,
    pub y: f32,
}

/// A figure on the ground after a passage.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Figure {
    pub actor: String,
    /// Where it stands, with the plan's coordinates.
    pub at: Spot,
    /// Which way it faces; unknown after moving to a place no word turns it at.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<Facing>,
    /// It makes a move in this passage.
    pub moved: bool,
    /// Where it stood before this passage, when this passage moved it elsewhere.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub came_from: Option<Spot>,
    /// The passage whose step put it where it is.
    pub passage: String,
    /// That step's move: its quote, layer and basis are the figure's evidence.
    #[serde(rename = "move")]
    #[cfg_attr(feature = "ts", ts(rename = "move"))]
    pub placed_by: Move,
    /// The figure's glossary card, where there is one.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Who the figure is, in English (actors.toml).
    pub gloss: String,
}

/// Who stands where after one passage.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StageView {
    pub work: String,
    /// The passage asked for.
    pub asked: String,
    /// The passage whose step is shown: `asked`, or the one aligned with it.
    pub passage: String,
    /// 0-based position of the step in the work, and the number of steps.
    pub index: u32,
    pub count: u32,
    /// The passages of the steps before and after, for stepping through.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    pub step: Step,
    /// A step of the 記: a rule, not a moment of the rite, so the ground
    /// holds only the figures this step names (not the cast so far).
    pub ji: bool,
    /// Every figure on the ground after this step, in order of first
    /// appearance (in the 記: only those its step names).
    pub figures: Vec<Figure>,
}

/// One move of a figure's itinerary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ItineraryStop {
    pub work: String,
    pub passage: String,
    pub at: Spot,
    #[serde(rename = "move")]
    #[cfg_attr(feature = "ts", ts(rename = "move"))]
    pub step_move: Move,
}

fn spot(work: &WorkStages, place: &str) -> Spot {
    // Loading checked that every place of every move is in the plan.
    let (x, y) = work.plan.place(place).map(|p| (p.x, p.y)).unwrap_or_default();
    Spot { place: place.to_string(), x, y }
}

/// Puts the figure of move `m` where the move says: a figure that stays put
/// keeps the facing it had unless turned; one that moves faces where the
/// text says, or nowhere known.
fn place_figure(
    stages: &Stages,
    work: &WorkStages,
    figures: &mut Vec<Figure>,
    step: &Step,
    m: &Move,
) {
    let at = spot(work, &m.place);
    match figures.iter_mut().find(|f| f.actor == m.actor) {
        Some(f) => {
            let stayed = f.at.place == m.place;
            f.facing = m.facing.or(if stayed { f.facing } else { None });
            f.at = at;
            f.passage = step.passage.clone();
            f.placed_by = m.clone();
        }
        None => figures.push(Figure {
            actor: m.actor.clone(),
            at,
            facing: m.facing,
            moved: false,
            came_from: None,
            passage: step.passage.clone(),
            placed_by: m.clone(),
            card: stages.actor(&m.actor).and_then(|a| a.card.clone()),
            gloss: stages.actor(&m.actor).map(|a| a.en.clone()).unwrap_or_default(),
        }),
    }
    if let Some(new) = &m.becomes {
        // One person: the mark under the new name, if any, is this figure.
        figures.retain(|f| f.actor != *new);
        if let Some(f) = figures.iter_mut().find(|f| f.actor == m.actor) {
            f.actor = new.clone();
            f.card = stages.actor(new).and_then(|a| a.card.clone());
            f.gloss = stages.actor(new).map(|a| a.en.clone()).unwrap_or_default();
        }
    }
}

impl Stages {
    /// The figures on the ground after the step of passage `id` (an id of a
    /// source the steps follow: see [`Stages::step_passage`] for the others).
    pub fn stage_at(&self, id: &str) -> Result<StageView> {
        let (work, index) = self.find_step(id).ok_or_else(|| CorpusError::NoStep {
            id: id.to_owned(),
            aligned: false,
            works: self.covered(),
        })?;
        let mut figures: Vec<Figure> = Vec::new();
        let ji = work
            .ji_from
            .as_deref()
            .is_some_and(|first| work.steps[index].passage.as_str() >= first);
        // The 記 states rules (who is made 賓, where the 司馬 gives an
        // order); piling the whole rite's cast under them drew 40 figures at
        // 0408, the 賓 who left at 0313 among them. A 記 step starts from
        // an empty ground.
        let earlier = if ji { &work.steps[..0] } else { &work.steps[..index] };
        for step in earlier {
            for m in &step.moves {
                place_figure(self, work, &mut figures, step, m);
            }
            // Who left in an earlier passage is off the ground.
            figures.retain(|f| !f.placed_by.leaves || f.passage != step.passage);
        }
        // Where each figure stood before this passage: a figure that ends it
        // elsewhere came from there (however many moves it made on the way).
        let before: Vec<(String, Spot)> =
            figures.iter().map(|f| (f.actor.clone(), f.at.clone())).collect();
        let step = &work.steps[index];
        for m in &step.moves {
            place_figure(self, work, &mut figures, step, m);
            let name = m.becomes.as_deref().unwrap_or(&m.actor);
            if let Some(f) = figures.iter_mut().find(|f| f.actor == name) {
                f.moved = true;
            }
        }
        for f in &mut figures {
            // A figure renamed in this passage came from where it stood
            // under its former name.
            let former = step.moves.iter().find(|m| m.becomes.as_deref() == Some(f.actor.as_str()));
            let name = former.map_or(f.actor.as_str(), |m| m.actor.as_str());
            f.came_from = before
                .iter()
                .find(|(actor, _)| actor == name)
                .map(|(_, at)| at)
                .filter(|at| at.place != f.at.place)
                .cloned();
        }
        let steps = &work.steps;
        Ok(StageView {
            work: work.work.clone(),
            asked: id.to_string(),
            passage: steps[index].passage.clone(),
            index: index as u32,
            count: steps.len() as u32,
            previous: index.checked_sub(1).map(|i| steps[i].passage.clone()),
            next: steps.get(index + 1).map(|s| s.passage.clone()),
            step: steps[index].clone(),
            ji,
            figures,
        })
    }

    /// Every move of figure `actor`, in reading order, in one work or all.
    pub fn itinerary(&self, actor: &str, work: Option<&str>) -> Result<Vec<ItineraryStop>> {
        let Some(found) = self.actor(actor) else {
            let known: Vec<&str> = self.actors.iter().map(|a| a.name.as_str()).collect();
            return Err(CorpusError::UnknownActor {
                name: actor.to_string(),
                known: known.join(" "),
            });
        };
        // The name as the data write it (司马 asked, 司馬 meant).
        let actor = found.name.as_str();
        let works: Vec<&WorkStages> = match work {
            Some(name) => vec![self.work(name)?],
            None => self.works.iter().collect(),
        };
        let mut stops = Vec::new();
        for w in works {
            for s in &w.steps {
                for m in s.moves.iter().filter(|m| m.actor == actor) {
                    stops.push(ItineraryStop {
                        work: w.work.clone(),
                        passage: s.passage.clone(),
                        at: spot(w, &m.place),
                        step_move: m.clone(),
                    });
                }
            }
        }
        Ok(stops)
    }
}

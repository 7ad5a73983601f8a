//! The living 儀禮圖: who stands where, facing which way, passage by passage.
//!
//! The data is curated from the text and kept as reviewed TOML files in
//! `corpus/stage/` (schema and method in its README): a step per passage of
//! the 鄉射禮 (`xiangshe.zhushu`), the 燕禮 (`yanli.zhushu`) and the 大射儀
//! (`dashe.tongjie`), each move citing the words that put the figure there,
//! and a plan per work giving every place coordinates. The files are compiled
//! in; loading checks what can be checked without the texts (actors, places,
//! order, carried steps), and `tests/stage.rs` finds every quote in its
//! passage.
//!
//! [`Stages::stage_at`] folds the steps up to a passage into the figures on
//! the ground after it; [`Stages::itinerary`] follows one figure through a
//! work. Passages of other editions reach a step through the alignment
//! ([`Stages::step_passage`]).

mod check;
mod model;
mod plan;
mod walk;

use std::collections::HashSet;

pub use check::check_quotes;
pub use model::{Actor, Alternative, Basis, Facing, Move, Reader, Step};
pub use plan::{Landmark, Outline, Place, Plan};
pub use walk::{Figure, ItineraryStop, Spot, StageView};

use serde::Deserialize;

use crate::align::LinkKind;
use crate::corpus::Corpus;
use crate::error::{CorpusError, Result};

/// One work's steps and plan.
#[derive(Debug, Clone)]
pub struct WorkStages {
    pub work: String,
    /// The source whose passages the steps follow.
    pub source: String,
    /// The first passage of the 記 (鄉射禮's from 0327): from there on the
    /// passages state rules, not a continuing scene, so each step is shown
    /// on its own, with only the figures it names.
    pub ji_from: Option<String>,
    pub steps: Vec<Step>,
    pub plan: Plan,
}

/// Every work's stage data and the figures they name.
#[derive(Debug, Clone)]
pub struct Stages {
    pub actors: Vec<Actor>,
    pub works: Vec<WorkStages>,
}

macro_rules! work_files {
    ($name:literal) => {
        (
            (
                concat!("stage/", $name, ".toml"),
                include_str!(concat!("../../stage/", $name, ".toml")),
            ),
            (
                concat!("stage/", $name, ".plan.toml"),
                include_str!(concat!("../../stage/", $name, ".plan.toml")),
            ),
        )
    };
}

/// One work's two files: (name, text) of the steps and of the plan.
pub type WorkFiles = ((&'static str, &'static str), (&'static str, &'static str));

/// The files compiled in.
const WORKS: &[WorkFiles] = &[work_files!("xiangshe"), work_files!("yanli"), work_files!("dashe")];
const ACTORS: &str = include_str!("../../stage/actors.toml");

/// Every stage file compiled in, (name, text): what the About view lists
/// and sizes (the data are original work of this project, cited to the texts).
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    let mut out = vec![("stage/actors.toml", ACTORS)];
    for (steps, plan) in WORKS {
        out.push(*steps);
        out.push(*plan);
    }
    out
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepsFile {
    work: String,
    source: String,
    /// The first passage of the work's 記, if it has one.
    #[serde(default)]
    ji_from: Option<String>,
    #[serde(default)]
    step: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActorsFile {
    actor: Vec<Actor>,
}

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T> {
    toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| text[..s.start].lines().count().max(1)).unwrap_or(0);
        CorpusError::Data { file, line, message: e.message().to_string() }
    })
}

fn invalid(file: &'static str, message: String) -> CorpusError {
    CorpusError::Data { file, line: 0, message }
}

impl Stages {
    /// The stage data compiled into the binary, checked for everything that
    /// needs no text: known actors and places, steps in reading order, carried
    /// places that name an earlier step of the same figure, a quote for every
    /// place the commentary gives.
    pub fn builtin() -> Result<Stages> {
        Stages::from_files(ACTORS, WORKS)
    }

    /// Stage data from the texts of its files (the actors' list and each
    /// work's steps and plan), checked as [`Stages::builtin`] is.
    pub fn from_files(actors: &str, files: &[WorkFiles]) -> Result<Stages> {
        let actors: ActorsFile = parse("stage/actors.toml", actors)?;
        let mut works = Vec::new();
        for &((steps_file, steps_text), (plan_file, plan_text)) in files {
            let steps: StepsFile = parse(steps_file, steps_text)?;
            let plan: Plan = parse(plan_file, plan_text)?;
            if plan.work != steps.work {
                return Err(invalid(
                    plan_file,
                    format!("plan of {} beside steps of {}", plan.work, steps.work),
                ));
            }
            works.push(WorkStages {
                work: steps.work,
                source: steps.source,
                ji_from: steps.ji_from,
                steps: steps.step,
                plan,
            });
        }
        let stages = Stages { actors: actors.actor, works };
        stages.validate(files)?;
        Ok(stages)
    }

    fn validate(&self, files: &[WorkFiles]) -> Result<()> {
        let mut names = HashSet::new();
        for a in &self.actors {
            if !names.insert(a.name.as_str()) {
                return Err(invalid("stage/actors.toml", format!("{} is listed twice", a.name)));
            }
        }
        for (w, &((file, _), _)) in self.works.iter().zip(files) {
            let mut places = HashSet::new();
            for p in &w.plan.places {
                if !places.insert(p.name.as_str()) {
                    return Err(invalid(
                        file,
                        format!("place {} is listed twice in the plan", p.name),
                    ));
                }
            }
            let prefix = format!("{}.", w.source);
            let mut seen: Vec<&str> = Vec::new();
            for step in &w.steps {
                let at = |m: String| invalid(file, format!("{}: {m}", step.passage));
                if !step.passage.starts_with(&prefix) {
                    return Err(at(format!("not a passage of {}", w.source)));
                }
                if seen.last().is_some_and(|last| *last >= step.passage.as_str()) {
                    return Err(at("out of reading order, or given twice".into()));
                }
                if step.moves.is_empty() && step.note.is_none() {
                    return Err(at("no moves and no note saying why".into()));
                }
                for m in &step.moves {
                    for actor in std::iter::once(&m.actor).chain(&m.becomes) {
                        if !names.contains(actor.as_str()) {
                            return Err(at(format!("actor {actor} is not in actors.toml")));
                        }
                    }
                    for place in
                        std::iter::once(&m.place).chain(m.alternatives.iter().map(|a| &a.place))
                    {
                        if !places.contains(place.as_str()) {
                            return Err(at(format!(
                                "place {place} is not in the plan of {}",
                                w.work
                            )));
                        }
                    }
                    if m.actor_inferred.as_deref().is_some_and(|s| s.trim().is_empty()) {
                        return Err(at(format!("{}: actor_inferred says nothing", m.actor)));
                    }
                    match m.basis {
                        Basis::Carried => {
                            let from = m.from.as_deref().ok_or_else(|| {
                                at(format!(
                                    "{} {}: a carried place names no step (from)",
                                    m.actor, m.action
                                ))
                            })?;
                            if !seen.contains(&from) {
                                return Err(at(format!(
                                    "{} {}: carried from {from}, not an earlier step",
                                    m.actor, m.action
                                )));
                            }
                        }
                        Basis::Zhu | Basis::Shu | Basis::An if m.basis_quote.is_none() => {
                            return Err(at(format!(
                                "{} {}: a place read from the commentary quotes nothing (basis_quote)",
                                m.actor, m.action
                            )));
                        }
                        _ => {}
                    }
                }
                seen.push(&step.passage);
            }
        }
        Ok(())
    }

    /// A figure by its name, written in either script (司马 is 司馬: what a
    /// simplified input method types is found, as search finds it).
    pub fn actor(&self, name: &str) -> Option<&Actor> {
        let folded = crate::fold::fold(name, crate::FoldMode::Folded);
        self.actors.iter().find(|a| a.name == name).or_else(|| {
            self.actors.iter().find(|a| {
                !folded.is_empty() && crate::fold::fold(&a.name, crate::FoldMode::Folded) == folded
            })
        })
    }

    /// A work by its name (鄉射禮, 燕禮, 大射儀; the simplified forms too),
    /// by its id as `sheli corpus` prints it (xiangshe: the first part of its
    /// sources' ids) or by the source its steps follow.
    pub fn work(&self, name: &str) -> Result<&WorkStages> {
        let folded = crate::fold::fold(name, crate::FoldMode::Folded);
        let id = name.trim().to_ascii_lowercase();
        self.works
            .iter()
            .find(|w| {
                w.source == name
                    || w.work == name
                    || (!id.is_empty() && w.source.split('.').next() == Some(id.as_str()))
                    || (!folded.is_empty()
                        && crate::fold::fold(&w.work, crate::FoldMode::Folded) == folded)
            })
            .ok_or_else(|| CorpusError::NoStagedWork {
                name: name.to_owned(),
                works: self.covered(),
            })
    }

    /// The works the stage data covers (鄉射禮, 燕禮, 大射儀), which an
    /// error names so the reader knows where the plan is drawn.
    pub(crate) fn covered(&self) -> Vec<String> {
        self.works.iter().map(|w| w.work.clone()).collect()
    }

    /// The work and index of the step of passage `id` (an id of a source the
    /// steps follow).
    pub fn find_step(&self, id: &str) -> Option<(&WorkStages, usize)> {
        self.works.iter().find_map(|w| {
            w.steps.binary_search_by(|s| s.passage.as_str().cmp(id)).ok().map(|i| (w, i))
        })
    }

    /// The passage whose step shows passage `id`: `id` itself when a work's
    /// steps follow its source, else the passage of such a source aligned
    /// with it (the 通解 edition, the translation). Needs the texts only in
    /// the second case.
    pub fn step_passage(&self, corpus: &Corpus, id: &str) -> Result<String> {
        if self.find_step(id).is_some() {
            return Ok(id.to_string());
        }
        let passage = corpus.passage(id)?;
        let aligned = corpus.aligned_with(&passage.id);
        aligned
            .iter()
            .filter(|a| matches!(a.kind, LinkKind::Edition | LinkKind::Translation))
            .find(|a| self.find_step(&a.passage.id).is_some())
            .map(|a| a.passage.id.clone())
            .ok_or_else(|| CorpusError::NoStep {
                id: id.to_owned(),
                aligned: true,
                works: self.covered(),
            })
    }
}

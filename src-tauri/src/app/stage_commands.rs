//! The IPC of the living 儀禮圖: `stage_at` (who stands where after a
//! passage, for the plan beside the reader), `stage_plan` (a work's ground)
//! and `stage_itinerary` (one figure's way through a work). The data and the
//! walking are sheli-corpus's (`stage`); the data is compiled in and parsed
//! once.

use std::sync::OnceLock;

use sheli_corpus::stage::{ItineraryStop, Plan, StageView, Stages};

use super::commands::validate_id;
use super::error::{AppCode, AppError, AppResult};
use super::state::AppState;

fn stages() -> AppResult<&'static Stages> {
    static STAGES: OnceLock<Result<Stages, sheli_corpus::CorpusError>> = OnceLock::new();
    STAGES.get_or_init(Stages::builtin).as_ref().map_err(AppError::from)
}

/// A work's or a figure's name: a few characters, no control characters.
fn validate_name(what: &str, name: &str) -> AppResult<()> {
    if name.trim().is_empty() || name.chars().count() > 16 || name.chars().any(char::is_control) {
        return Err(AppError::input(
            AppCode::InputNameLength,
            [("what", what.to_owned()), ("max", "16".to_string())],
            format!("a {what} is named by 1 to 16 characters"),
        ));
    }
    Ok(())
}

/// `stage_at(passage)`: the figures after a passage of any edition of a work
/// with stage data (a passage of another edition shows the step aligned with it).
pub fn stage_at(state: &AppState, passage: &str) -> AppResult<StageView> {
    validate_id("passage", passage)?;
    let stages = stages()?;
    let step_passage = match stages.find_step(passage) {
        Some(_) => passage.to_string(),
        None => stages.step_passage(&*state.corpus()?, passage)?,
    };
    let mut view = stages.stage_at(&step_passage)?;
    view.asked = passage.to_string();
    Ok(view)
}

/// `stage_plan(work)`: the places, outlines and landmarks of a work's ground.
pub fn stage_plan(work: &str) -> AppResult<Plan> {
    validate_name("work", work)?;
    Ok(stages()?.work(work)?.plan.clone())
}

/// `stage_itinerary(actor, work)`: every move of one figure, in reading order.
pub fn stage_itinerary(actor: &str, work: Option<&str>) -> AppResult<Vec<ItineraryStop>> {
    validate_name("figure", actor)?;
    if let Some(w) = work {
        validate_name("work", w)?;
    }
    Ok(stages()?.itinerary(actor, work)?)
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::state::SharedState;
    use super::{ItineraryStop, Plan, StageView};

    #[tauri::command]
    pub async fn stage_at(state: State<'_, SharedState>, passage: String) -> AppResult<StageView> {
        blocking(&state, move |s| super::stage_at(s, &passage)).await
    }

    #[tauri::command]
    pub async fn stage_plan(state: State<'_, SharedState>, work: String) -> AppResult<Plan> {
        blocking(&state, move |_| super::stage_plan(&work)).await
    }

    #[tauri::command]
    pub async fn stage_itinerary(
        state: State<'_, SharedState>,
        actor: String,
        work: Option<String>,
    ) -> AppResult<Vec<ItineraryStop>> {
        blocking(&state, move |_| super::stage_itinerary(&actor, work.as_deref())).await
    }
}

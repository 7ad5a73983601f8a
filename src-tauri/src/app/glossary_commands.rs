//! The commands of personal glossaries: lists, cards (built-in or the
//! user's own), exports and imports, and flashcard review with FSRS.
//!
//! Inputs are checked as `store_commands` describes; each command is a plain
//! function on `&AppState` (what the tests call) and a wrapper in [`ipc`].

use super::commands::validate_id;
use super::error::{AppCode, AppError, AppResult};
use super::state::AppState;
use sheli_store::export::GlossaryImport;
use sheli_store::{
    self as store, CardEdit, Glossary, Grade, NewCard, ReviewLogEntry, ReviewOutcome, Store,
    UserCard,
};

use super::store_commands::*;
use super::study::first_sentence;

// ---------------------------------------------------------------------------
// Glossaries and cards.

/// `my_glossaries()`: the user's glossaries, by name.
pub fn my_glossaries(state: &AppState) -> AppResult<Vec<Glossary>> {
    Ok(state.store.lock()?.glossaries()?)
}

/// `create_glossary(name, description?)`.
pub fn create_glossary(
    state: &AppState,
    name: &str,
    description: Option<&str>,
) -> AppResult<Glossary> {
    Ok(state.store.lock()?.create_glossary(name, description.unwrap_or(""))?)
}

/// `rename_glossary(id, name)`.
pub fn rename_glossary(state: &AppState, id: i64, name: &str) -> AppResult<Glossary> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.rename_glossary(id, name)?)
}

/// `describe_glossary(id, description)`.
pub fn describe_glossary(state: &AppState, id: i64, description: &str) -> AppResult<Glossary> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.set_glossary_description(id, description)?)
}

/// `delete_glossary(id)`: the glossary, its cards and their review history.
pub fn delete_glossary(state: &AppState, id: i64) -> AppResult<()> {
    check_row_id("glossary", id)?;
    Ok(state.store.lock()?.delete_glossary(id)?)
}

/// `list_cards(glossary_id, query?)`: the cards of a glossary, those matching
/// `query` (folded, like text search) if one is given.
pub fn list_cards(
    state: &AppState,
    glossary_id: i64,
    query: Option<&str>,
) -> AppResult<Vec<UserCard>> {
    check_row_id("glossary", glossary_id)?;
    let q = check_query(query)?;
    Ok(state.store.lock()?.search_glossary(glossary_id, &q)?)
}

/// One page of the cards a glossary's list shows, and how many in all.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct CardPage {
    pub cards: Vec<UserCard>,
    pub total: u32,
}

/// `list_cards_page(glossary_id, query?, offset, limit)`: at most `limit`
/// (up to [`super::note_commands::MAX_PAGE`]) of the cards `list_cards`
/// finds, from the `offset`th on, with the total: a glossary of 20,000 cards
/// is drawn a page at a time.
pub fn list_cards_page(
    state: &AppState,
    glossary_id: i64,
    query: Option<&str>,
    offset: u32,
    limit: u32,
) -> AppResult<CardPage> {
    check_row_id("glossary", glossary_id)?;
    let q = check_query(query)?;
    let limit = limit.clamp(1, super::note_commands::MAX_PAGE);
    let (cards, total) =
        state.store.lock()?.search_glossary_page(glossary_id, &q, offset, limit)?;
    Ok(CardPage { cards, total })
}

/// `add_builtin_card(glossary_id, builtin_id)`.
pub fn add_builtin_card(
    state: &AppState,
    glossary_id: i64,
    builtin_id: &str,
) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    validate_id("built-in card", builtin_id)?;
    Ok(state.store.lock()?.add_builtin_card(glossary_id, builtin_id)?)
}

/// `add_new_card(glossary_id, card)`: a card of the user's own.
pub fn add_new_card(state: &AppState, glossary_id: i64, card: &NewCard) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    let corpus = state.corpus()?;
    Ok(state.store.lock()?.add_card(&corpus, glossary_id, card)?)
}

/// `add_card_from_selection(glossary_id, selection, locale)`: a card whose
/// headword is the selected text, linked to its passage, drafted in the
/// window's language (see `char_commands::draft_card`).
pub fn add_card_from_selection(
    state: &AppState,
    glossary_id: i64,
    selection: &TextSelection,
    locale: Option<super::settings::UiLocale>,
) -> AppResult<UserCard> {
    check_row_id("glossary", glossary_id)?;
    let corpus = state.corpus()?;
    let sel = original_selection(state, &corpus, selection)?;
    let lang = super::char_commands::draft_language(locale);
    Ok(state.store.lock()?.add_card_from_selection(&corpus, glossary_id, &sel, lang)?)
}

/// `update_card(id, edit)`: any field; `null`/absent fields stay.
pub fn update_card(state: &AppState, id: i64, edit: &CardEdit) -> AppResult<UserCard> {
    check_row_id("card", id)?;
    let corpus = state.corpus()?;
    Ok(state.store.lock()?.update_card(&corpus, id, edit)?)
}

/// `remove_card(id)`.
pub fn remove_card(state: &AppState, id: i64) -> AppResult<()> {
    check_row_id("card", id)?;
    Ok(state.store.lock()?.remove_card(id)?)
}

/// `find_builtin_cards(query?)`: built-in glossary cards whose forms,
/// pinyin or definitions contain every word of `query` (all if empty).
pub fn find_builtin_cards(
    _state: &AppState,
    query: Option<&str>,
) -> AppResult<Vec<BuiltinCardHit>> {
    let q = store::search::Query::new(&check_query(query)?);
    let cards = store::builtin_cards()?;
    Ok(cards
        .iter()
        .filter(|c| {
            let mut fields: Vec<&str> = c.forms();
            fields.extend([
                c.pinyin.as_str(),
                c.id.as_str(),
                c.definition.en.as_str(),
                c.definition.zh.as_str(),
            ]);
            q.is_empty() || q.matches(fields.iter().copied())
        })
        .take(MAX_BUILTIN_HITS)
        .map(|c| BuiltinCardHit {
            id: c.id.clone(),
            headword: c.headword.clone(),
            simplified: c.simplified.clone(),
            pinyin: c.pinyin.clone(),
            kind: c.kind.label().to_owned(),
            summary: first_sentence(&c.definition.en),
        })
        .collect())
}

/// A name safe to save a file under.
pub(super) fn file_stem(name: &str) -> String {
    let s: String = name
        .trim()
        .chars()
        .map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '_' } else { c })
        .take(80)
        .collect();
    if s.trim_matches(['.', '_', ' ']).is_empty() { "glossary".to_owned() } else { s }
}

/// `export_glossary(id, format)`: `tsv` (Anki) or `json`.
pub fn export_glossary(state: &AppState, id: i64, format: &str) -> AppResult<ExportFile> {
    check_row_id("glossary", id)?;
    let store = state.store.lock()?;
    let g = store.glossary(id)?;
    let stem = file_stem(&g.name);
    match format {
        "tsv" => Ok(ExportFile {
            file_name: format!("{stem}.anki.txt"),
            mime: "text/tab-separated-values".into(),
            text: store.export_glossary_tsv(id)?,
        }),
        "json" => Ok(ExportFile {
            file_name: format!("{stem}.sheli-glossary.json"),
            mime: "application/json".into(),
            text: store.export_glossary_json(id)?,
        }),
        other => Err(AppError::input(
            AppCode::InputExportFormat,
            [("format", other.escape_default().to_string()), ("formats", "tsv, json".to_string())],
            format!("“{}” is not an export format: use tsv or json", other.escape_default()),
        )),
    }
}

/// `import_glossary(text, format, name?)`: a TSV (Anki) or JSON glossary
/// file as a new glossary; `format` is `tsv`, `json` or `auto` (by content).
pub fn import_glossary(
    state: &AppState,
    text: &str,
    format: &str,
    name: Option<&str>,
) -> AppResult<GlossaryImport> {
    check_import(text)?;
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    let json = match format {
        "json" => true,
        "tsv" => false,
        "auto" => text.trim_start_matches('\u{feff}').trim_start().starts_with('{'),
        other => {
            return Err(AppError::input(
                AppCode::InputImportFormat,
                [
                    ("format", other.escape_default().to_string()),
                    ("formats", "tsv, json, auto".to_string()),
                ],
                format!(
                    "“{}” is not an import format: use tsv, json or auto",
                    other.escape_default()
                ),
            ));
        }
    };
    let corpus = state.corpus()?;
    let mut store = state.store.lock()?;
    Ok(if json {
        store.import_glossary_json(&corpus, text, name)?
    } else {
        store.import_glossary_tsv(&corpus, text, name)?
    })
}

// ---------------------------------------------------------------------------
// Review.

fn step(store: &Store, glossary_id: i64, outcome: Option<ReviewOutcome>) -> AppResult<ReviewStep> {
    let now = store::now();
    Ok(ReviewStep {
        summary: store.due_count(glossary_id, now)?,
        card: store.next_review(glossary_id, now)?,
        outcome,
    })
}

/// `review_next(glossary_id)`: the due count and the next card due.
pub fn review_next(state: &AppState, glossary_id: i64) -> AppResult<ReviewStep> {
    check_row_id("glossary", glossary_id)?;
    let store = state.store.lock()?;
    step(&store, glossary_id, None)
}

/// `review_grade(glossary_id, card_id, grade)`: records `again`, `hard`,
/// `good` or `easy` now, and returns the next step.
pub fn review_grade(
    state: &AppState,
    glossary_id: i64,
    card_id: i64,
    grade: &str,
) -> AppResult<ReviewStep> {
    check_row_id("glossary", glossary_id)?;
    check_row_id("card", card_id)?;
    let g = Grade::parse(grade).ok_or_else(|| {
        AppError::input(
            AppCode::InputGrade,
            [("grade", grade.escape_default().to_string())],
            format!("“{}” is not a grade: use again, hard, good or easy", grade.escape_default()),
        )
    })?;
    let mut store = state.store.lock()?;
    store.glossary(glossary_id)?;
    let card = store.card(card_id)?;
    if card.glossary_id != glossary_id {
        return Err(AppError::input(
            AppCode::InputCardNotInGlossary,
            [("card", card_id.to_string()), ("glossary", glossary_id.to_string())],
            format!("card {card_id} is not in glossary {glossary_id}"),
        ));
    }
    let outcome = store.grade(card_id, g, store::now())?;
    step(&store, glossary_id, Some(outcome))
}

/// `review_history(glossary_id, limit)`: the latest grades, newest first.
pub fn review_history(
    state: &AppState,
    glossary_id: i64,
    limit: u32,
) -> AppResult<Vec<ReviewLogEntry>> {
    check_row_id("glossary", glossary_id)?;
    if limit == 0 || limit > MAX_HISTORY {
        return Err(AppError::input(
            AppCode::InputLimitRange,
            [("min", "1".to_string()), ("max", MAX_HISTORY.to_string())],
            format!("limit must be between 1 and {MAX_HISTORY}"),
        ));
    }
    Ok(state.store.lock()?.review_history(None, Some(glossary_id), limit as usize)?)
}

/// The `#[tauri::command]` wrappers; each runs its plain function off the
/// main thread.
pub mod ipc {
    use super::super::commands::ipc::{S, blocking};
    use super::*;

    #[tauri::command]
    pub async fn my_glossaries(state: S<'_>) -> AppResult<Vec<Glossary>> {
        blocking(&state, super::my_glossaries).await
    }

    #[tauri::command]
    pub async fn create_glossary(
        state: S<'_>,
        name: String,
        description: Option<String>,
    ) -> AppResult<Glossary> {
        blocking(&state, move |s| super::create_glossary(s, &name, description.as_deref())).await
    }

    #[tauri::command]
    pub async fn rename_glossary(state: S<'_>, id: i64, name: String) -> AppResult<Glossary> {
        blocking(&state, move |s| super::rename_glossary(s, id, &name)).await
    }

    #[tauri::command]
    pub async fn describe_glossary(
        state: S<'_>,
        id: i64,
        description: String,
    ) -> AppResult<Glossary> {
        blocking(&state, move |s| super::describe_glossary(s, id, &description)).await
    }

    #[tauri::command]
    pub async fn delete_glossary(state: S<'_>, id: i64) -> AppResult<()> {
        blocking(&state, move |s| super::delete_glossary(s, id)).await
    }

    #[tauri::command]
    pub async fn list_cards(
        state: S<'_>,
        glossary_id: i64,
        query: Option<String>,
    ) -> AppResult<Vec<UserCard>> {
        blocking(&state, move |s| super::list_cards(s, glossary_id, query.as_deref())).await
    }

    #[tauri::command]
    pub async fn list_cards_page(
        state: S<'_>,
        glossary_id: i64,
        query: Option<String>,
        offset: u32,
        limit: u32,
    ) -> AppResult<super::CardPage> {
        blocking(&state, move |s| {
            super::list_cards_page(s, glossary_id, query.as_deref(), offset, limit)
        })
        .await
    }

    #[tauri::command]
    pub async fn add_builtin_card(
        state: S<'_>,
        glossary_id: i64,
        builtin_id: String,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| super::add_builtin_card(s, glossary_id, &builtin_id)).await
    }

    #[tauri::command]
    pub async fn add_new_card(
        state: S<'_>,
        glossary_id: i64,
        card: NewCard,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| super::add_new_card(s, glossary_id, &card)).await
    }

    #[tauri::command]
    pub async fn add_card_from_selection(
        state: S<'_>,
        glossary_id: i64,
        selection: TextSelection,
        locale: Option<super::super::settings::UiLocale>,
    ) -> AppResult<UserCard> {
        blocking(&state, move |s| {
            super::add_card_from_selection(s, glossary_id, &selection, locale)
        })
        .await
    }

    #[tauri::command]
    pub async fn update_card(state: S<'_>, id: i64, edit: CardEdit) -> AppResult<UserCard> {
        blocking(&state, move |s| super::update_card(s, id, &edit)).await
    }

    #[tauri::command]
    pub async fn remove_card(state: S<'_>, id: i64) -> AppResult<()> {
        blocking(&state, move |s| super::remove_card(s, id)).await
    }

    #[tauri::command]
    pub async fn find_builtin_cards(
        state: S<'_>,
        query: Option<String>,
    ) -> AppResult<Vec<BuiltinCardHit>> {
        blocking(&state, move |s| super::find_builtin_cards(s, query.as_deref())).await
    }

    #[tauri::command]
    pub async fn import_glossary(
        state: S<'_>,
        text: String,
        format: String,
        name: Option<String>,
    ) -> AppResult<GlossaryImport> {
        blocking(&state, move |s| super::import_glossary(s, &text, &format, name.as_deref())).await
    }

    #[tauri::command]
    pub async fn review_next(state: S<'_>, glossary_id: i64) -> AppResult<ReviewStep> {
        blocking(&state, move |s| super::review_next(s, glossary_id)).await
    }

    #[tauri::command]
    pub async fn review_grade(
        state: S<'_>,
        glossary_id: i64,
        card_id: i64,
        grade: String,
    ) -> AppResult<ReviewStep> {
        blocking(&state, move |s| super::review_grade(s, glossary_id, card_id, &grade)).await
    }

    #[tauri::command]
    pub async fn review_history(
        state: S<'_>,
        glossary_id: i64,
        limit: u32,
    ) -> AppResult<Vec<ReviewLogEntry>> {
        blocking(&state, move |s| super::review_history(s, glossary_id, limit)).await
    }
}

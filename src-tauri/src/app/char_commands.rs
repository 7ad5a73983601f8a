//! The IPC of the character dictionary: `describe_char` (the pop-over's
//! entry) and `draft_card` (a card prefilled from a selection). The work is
//! done by sheli-library (`character`) and sheli-store (`card_draft`).

use sheli_library::CharEntry;
use sheli_store::{DraftLanguage, NewCard};

use super::error::{AppCode, AppError, AppResult};
use super::settings::UiLocale;
use super::state::AppState;
use super::store_commands::{TextSelection, original_selection};

/// `describe_char(char)`: everything Sheli knows of one Han character, with
/// the user's cards that hold it.
pub fn describe_char(state: &AppState, char: &str) -> AppResult<CharEntry> {
    let c = sheli_library::parse_char(char).map_err(|e| {
        let shown: String = char.trim().chars().take(16).collect();
        AppError::input(AppCode::InputCharacter, [("value", shown)], e.to_string())
    })?;
    let corpus = state.corpus()?;
    let index = state.search.index()?;
    let mut entry = sheli_library::describe_char(&corpus, &index, c).map_err(|e| match e {
        // the index's own fault, said by the step that failed
        sheli_library::LibraryError::Index(e) => AppError::from(e),
        e => AppError::Library { kind: super::error::ErrorKind::Index, error: e },
    })?;
    entry.cards.extend(state.store.lock()?.cards_with_char(c)?);
    Ok(entry)
}

/// `draft_card(selection, locale)`: the card a selection would make,
/// prefilled (reading, 反切, definition, the sentence and its citation), not
/// saved. `locale` is the window's language (one of the three Sheli speaks,
/// checked as it is read; absent = English): a term's definition in it first.
pub fn draft_card(
    state: &AppState,
    selection: &TextSelection,
    locale: Option<UiLocale>,
) -> AppResult<NewCard> {
    let corpus = state.corpus()?;
    let sel = original_selection(state, &corpus, selection)?;
    Ok(sheli_store::draft_card(&corpus, &sel, draft_language(locale))?)
}

/// The language a card is drafted for, from the window's.
pub fn draft_language(locale: Option<UiLocale>) -> DraftLanguage {
    match locale {
        None | Some(UiLocale::En) => DraftLanguage::English,
        Some(UiLocale::ZhHant) => DraftLanguage::Traditional,
        Some(UiLocale::ZhHans) => DraftLanguage::Simplified,
    }
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::state::SharedState;
    use super::super::store_commands::TextSelection;
    use super::{CharEntry, NewCard};

    #[tauri::command]
    pub async fn describe_char(
        state: State<'_, SharedState>,
        char: String,
    ) -> AppResult<CharEntry> {
        blocking(&state, move |s| super::describe_char(s, &char)).await
    }

    #[tauri::command]
    pub async fn draft_card(
        state: State<'_, SharedState>,
        selection: TextSelection,
        locale: Option<super::UiLocale>,
    ) -> AppResult<NewCard> {
        blocking(&state, move |s| super::draft_card(s, &selection, locale)).await
    }
}

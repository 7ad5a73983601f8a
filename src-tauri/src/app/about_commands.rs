//! `about()`: what the About view shows — the app's version and licence,
//! every text of the library with its origin and licence, and every data
//! table embedded in the binary with its source, version, licence and size.

use serde::Serialize;
use sheli_chars::DataTable;
use ts_rs::TS;

use super::error::AppResult;
use super::state::AppState;

#[derive(Debug, Clone, Serialize, TS)]
pub struct AboutView {
    pub version: String,
    /// The code's licence, as Cargo.toml declares it.
    pub licence: String,
    pub texts: Vec<TextOrigin>,
    pub tables: Vec<DataTable>,
}

/// A text of the library: where it came from and under what terms.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TextOrigin {
    pub id: String,
    pub work: String,
    pub edition: String,
    /// The file it was copied from.
    pub origin: String,
    pub provenance: String,
    /// As the manifest states it; "unknown" where nothing is known.
    pub licence: String,
    /// A text the user imported.
    pub user: bool,
}

pub fn about(state: &AppState) -> AppResult<AboutView> {
    let corpus = state.corpus()?;
    let texts = corpus
        .sources()
        .iter()
        .map(|s| {
            let i = &s.info;
            let licence = if i.licence.trim().is_empty() {
                if i.user { "yours (imported by you)".to_string() } else { "unknown".to_string() }
            } else {
                i.licence.clone()
            };
            TextOrigin {
                id: i.id.clone(),
                work: i.work.clone(),
                edition: i.edition.clone(),
                origin: i.origin.clone(),
                provenance: i.provenance.clone(),
                licence,
                user: i.user,
            }
        })
        .collect();
    let [t2s, variants] = sheli_corpus::fold::table_data();
    let mut tables: Vec<DataTable> = sheli_chars::tables().into();
    tables.push(DataTable {
        name: "opencc-t2s-chars.tsv",
        purpose: "the search fold: traditional to simplified, one character at a time",
        source: "OpenCC's dictionaries (TSCharacters, STCharacters)",
        version: "OpenCC 1.4.2",
        licence: "Apache-2.0",
        bytes: t2s.len(),
    });
    tables.push(DataTable {
        name: "variants.tsv",
        purpose: "the search fold: variant forms that meet (矦 and 侯), each row with its provenance",
        source: "Sheli's curated table and Unihan kZVariant / kSemanticVariant pairs",
        version: "Unicode 15.0.0",
        licence: "MIT OR Apache-2.0 (curated rows); Unicode License v3 (Unihan pairs)",
        bytes: variants.len(),
    });
    Ok(AboutView {
        version: env!("CARGO_PKG_VERSION").to_string(),
        licence: env!("CARGO_PKG_LICENSE").to_string(),
        texts,
        tables,
    })
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::state::SharedState;
    use super::AboutView;

    #[tauri::command]
    pub async fn about(state: State<'_, SharedState>) -> AppResult<AboutView> {
        blocking(&state, super::about).await
    }
}

//! Exports saved as files by the backend, in the user's Downloads folder.
//!
//! The page cannot usefully save a file itself: in Tauri's webview on Linux
//! (WebKitGTK, no download handler) a click on an `<a download>` with a blob
//! URL saves the file silently into the process's working directory — tried
//! in the real window — with no dialog and no word of where it went; for an
//! app started from a menu that is usually the home folder or `/`. The
//! backend writes the file instead — into a folder the user knows, under the
//! name the export chose, never over an existing file — and the page says
//! where it went. The page names nothing on disk, so the window needs no
//! filesystem permission for this.

use std::fs::OpenOptions;
use std::io::{ErrorKind as IoKind, Write};
use std::path::Path;

use serde::Serialize;
use ts_rs::TS;

use super::error::{AppError, AppResult, ErrorKind};
use super::state::AppState;
use super::store_commands::ExportFile;
use super::{glossary_commands, note_commands};
use sheli_store::NoteFilter;

/// A saved export: where it is.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SavedExport {
    /// The whole path, as the user would type it.
    pub path: String,
    pub file_name: String,
    pub bytes: u64,
}

/// Most `name (n).ext` tried before giving up.
const MAX_COPIES: u32 = 999;

/// Writes `file` into `dir` under its name, or `name (2).ext`, `name (3).ext`
/// … if that is taken: an existing file is never replaced. A failed write
/// leaves no partial file behind.
pub fn save(dir: &Path, file: &ExportFile) -> AppResult<SavedExport> {
    let name = Path::new(&file.file_name)
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.starts_with('.'))
        .ok_or_else(|| AppError::Internal(format!("unusable export name {:?}", file.file_name)))?;
    std::fs::create_dir_all(dir).map_err(|e| storage(dir, &e))?;
    let (stem, ext) = split_name(name);
    for n in 1..=MAX_COPIES {
        let candidate = if n == 1 { name.to_owned() } else { format!("{stem} ({n}){ext}") };
        let path = dir.join(&candidate);
        let mut out = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == IoKind::AlreadyExists => continue,
            Err(e) => return Err(storage(&path, &e)),
        };
        if let Err(e) = out.write_all(file.text.as_bytes()).and_then(|()| out.sync_all()) {
            drop(out);
            let _ = std::fs::remove_file(&path);
            return Err(storage(&path, &e));
        }
        return Ok(SavedExport {
            path: path.display().to_string(),
            file_name: candidate,
            bytes: file.text.len() as u64,
        });
    }
    Err(AppError::Store {
        kind: ErrorKind::Conflict,
        message: format!("{} already has {MAX_COPIES} files named like {name}", dir.display()),
    })
}

/// `name.anki.txt` → (`name`, `.anki.txt`): copies are numbered before the
/// whole extension, so the file still opens with the same program.
fn split_name(name: &str) -> (&str, &str) {
    match name.find('.') {
        Some(i) if i > 0 => (&name[..i], &name[i..]),
        _ => (name, ""),
    }
}

fn storage(path: &Path, e: &std::io::Error) -> AppError {
    AppError::Store {
        kind: ErrorKind::Storage,
        message: format!("the export could not be saved as {}: {e}", path.display()),
    }
}

/// `save_glossary_export(id, format)`: the glossary's export, saved.
pub fn save_glossary_export(state: &AppState, id: i64, format: &str) -> AppResult<SavedExport> {
    let file = glossary_commands::export_glossary(state, id, format)?;
    save(&state.exports_dir, &file)
}

/// `save_notes_export(format, filter)`: the notes' export, saved.
pub fn save_notes_export(
    state: &AppState,
    format: &str,
    filter: &NoteFilter,
) -> AppResult<SavedExport> {
    let file = note_commands::export_notes(state, format, filter)?;
    save(&state.exports_dir, &file)
}

pub mod ipc {
    use super::super::commands::ipc::{S, blocking};
    use super::*;

    #[tauri::command]
    pub async fn save_glossary_export(
        state: S<'_>,
        id: i64,
        format: String,
    ) -> AppResult<SavedExport> {
        blocking(&state, move |s| super::save_glossary_export(s, id, &format)).await
    }

    #[tauri::command]
    pub async fn save_notes_export(
        state: S<'_>,
        format: String,
        filter: NoteFilter,
    ) -> AppResult<SavedExport> {
        blocking(&state, move |s| super::save_notes_export(s, &format, &filter)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> ExportFile {
        ExportFile { file_name: name.into(), mime: "text/plain".into(), text: text.into() }
    }

    #[test]
    fn an_export_is_written_under_its_name_and_never_over_another_file() {
        let dir = tempfile::tempdir().unwrap();
        let first = save(dir.path(), &file("射器.anki.txt", "#separator:tab\n楅\t\n")).unwrap();
        assert_eq!(first.file_name, "射器.anki.txt");
        assert_eq!(std::fs::read_to_string(&first.path).unwrap(), "#separator:tab\n楅\t\n");
        let second = save(dir.path(), &file("射器.anki.txt", "newer")).unwrap();
        assert_eq!(second.file_name, "射器 (2).anki.txt");
        assert_eq!(std::fs::read_to_string(&first.path).unwrap(), "#separator:tab\n楅\t\n");
        assert_eq!(std::fs::read_to_string(&second.path).unwrap(), "newer");
        assert_eq!(second.bytes, 5);
    }

    #[test]
    fn a_missing_folder_is_created_and_an_unwritable_one_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("Downloads");
        assert!(save(&nested, &file("sheli-notes.md", "# Notes\n")).is_ok());
        // a file where the folder should be
        let blocked = dir.path().join("not-a-folder");
        std::fs::write(&blocked, b"x").unwrap();
        let err = save(&blocked, &file("sheli-notes.md", "# Notes\n")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Storage);
        assert!(err.to_string().contains("could not be saved"), "{err}");
    }

    #[test]
    fn a_name_cannot_leave_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("exports");
        let saved = save(&inner, &file("../escape.txt", "x")).unwrap();
        assert_eq!(Path::new(&saved.path).parent().unwrap(), inner);
        assert!(save(&inner, &file("..", "x")).is_err());
        assert!(save(&inner, &file(".hidden", "x")).is_err());
    }
}

//! Adding the user's own texts from the window.
//!
//! The window reads the files the user picked and sends their bytes (base64:
//! JSON has no bytes); the library decodes and adds them all or nothing
//! (`sheli_library::import_inputs`, the same code as `sheli import`). Then
//! the texts are parsed again and the search index is rebuilt on a
//! background thread, its progress reported by the `index-status` event, so
//! the window never waits on it.

use base64::Engine;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::{AppCode, AppError, AppResult, ErrorKind};
use super::state::AppState;
use sheli_library::{self as library, ImportInput, Library, Reason, ReasonCode};

/// Most files in one import.
pub const MAX_FILES: usize = 50;
/// Largest file the window sends. Its bytes cross the IPC whole (base64
/// in JSON, held by the page and by this process at once), so the window
/// keeps the 20 MB it always had; `sheli import` reads a file in pieces
/// and takes up to `sheli_corpus::import::MAX_IMPORT_BYTES` (256 MB).
pub const MAX_WINDOW_BYTES: usize = 20 * 1024 * 1024;
/// Longest file name accepted.
const MAX_NAME_CHARS: usize = 200;
/// Longest work name accepted.
const MAX_WORK_CHARS: usize = 64;

/// A file the user picked, as the window read it.
#[derive(Debug, Clone, Deserialize, TS)]
pub struct TextFile {
    /// Its name (no path: the window does not know it).
    pub name: String,
    /// Its bytes, base64-encoded.
    pub base64: String,
}

/// A text added to the library.
#[derive(Debug, Clone, Serialize, TS)]
pub struct ImportedTextView {
    /// Its source id (`user.…`), under which its passages are numbered.
    pub id: String,
    pub work: String,
    /// The file it came from.
    pub file: String,
    /// The encoding it was decoded from (`utf-8`, `gb18030` or `big5`).
    pub encoding: String,
    pub passages: u32,
}

/// `import_texts(files, work?)`: adds the files to the library, all or
/// nothing; the search index is rebuilt afterwards (see the module docs).
pub fn import_texts(
    state: &AppState,
    files: &[TextFile],
    work: Option<&str>,
) -> AppResult<Vec<ImportedTextView>> {
    if files.is_empty() || files.len() > MAX_FILES {
        return Err(AppError::input(
            AppCode::InputImportFiles,
            [("max", MAX_FILES.to_string())],
            format!("choose between 1 and {MAX_FILES} files"),
        ));
    }
    let work = work.map(str::trim).filter(|w| !w.is_empty());
    if let Some(w) = work
        && (w.chars().count() > MAX_WORK_CHARS || w.chars().any(char::is_control))
    {
        return Err(AppError::input(
            AppCode::InputWorkName,
            [("max", MAX_WORK_CHARS.to_string())],
            format!(
                "a work's name has at most {MAX_WORK_CHARS} characters and no control characters"
            ),
        ));
    }
    // The encoded size is checked before anything is decoded.
    let max_encoded = MAX_WINDOW_BYTES.div_ceil(3) * 4;
    let mut inputs = Vec::with_capacity(files.len());
    for f in files {
        let name = f.name.trim();
        if name.is_empty()
            || name.chars().count() > MAX_NAME_CHARS
            || name.chars().any(|c| c.is_control() || c == '/' || c == '\\')
        {
            return Err(AppError::input(
                AppCode::InputFileName,
                [(
                    "name",
                    name.chars()
                        .take(MAX_NAME_CHARS)
                        .collect::<String>()
                        .escape_default()
                        .to_string(),
                )],
                format!("“{}” is not a usable file name", name.escape_default()),
            ));
        }
        let bytes = if f.base64.len() > max_encoded {
            let (max, cli_max) =
                (MAX_WINDOW_BYTES >> 20, sheli_corpus::import::MAX_IMPORT_BYTES >> 20);
            Err(Reason::new(
                ReasonCode::TooLargeForWindow,
                [("max", max.to_string()), ("cli_max", cli_max.to_string())],
                format!(
                    "the file is larger than {max} MB, the most the window takes (`sheli import` \
                     takes up to {cli_max} MB)"
                ),
            ))
        } else {
            base64::engine::general_purpose::STANDARD.decode(f.base64.as_bytes()).map_err(|e| {
                Reason::new(
                    ReasonCode::SentDamaged,
                    [("detail", e.to_string())],
                    format!("the window sent it damaged ({e})"),
                )
            })
        };
        inputs.push(ImportInput { bytes, ..ImportInput::named(name, Vec::new()) });
    }
    let report = library::import_inputs(&state.data_dir, inputs, work, &mut |_, _, _| {})
        .map_err(import_error)?;
    // The texts are listed again, not read: each is read when opened. (The
    // stamp first: this change is the app's own, not another process's.)
    state.set_stamp(sheli_library::LibraryStamp::of(&state.data_dir));
    let library = Library::open_lazy(&state.data_dir).map_err(import_error)?;
    state.set_left_out(library.skipped.clone());
    state.set_corpus(library.corpus);
    Ok(report
        .imported
        .into_iter()
        .map(|t| ImportedTextView {
            id: t.id,
            work: t.work,
            file: t.file,
            encoding: t.encoding,
            passages: t.passages as u32,
        })
        .collect())
}

/// The library's refusal, kept typed: each file refused is an item of the
/// payload with its reason's code.
fn import_error(error: library::LibraryError) -> AppError {
    let kind = match error {
        library::LibraryError::Import(_) => ErrorKind::InvalidInput,
        _ => ErrorKind::Storage,
    };
    AppError::Library { kind, error }
}

pub mod ipc {
    use std::sync::Arc;

    use tauri::Emitter;

    use super::super::commands::ipc::{S, blocking};
    use super::*;

    #[tauri::command]
    pub async fn import_texts(
        app: tauri::AppHandle,
        state: S<'_>,
        files: Vec<TextFile>,
        work: Option<String>,
    ) -> AppResult<Vec<ImportedTextView>> {
        let imported =
            blocking(&state, move |s| super::import_texts(s, &files, work.as_deref())).await?;
        reopen_index(app, &state)?;
        Ok(imported)
    }

    /// Whether another Sheli (`sheli import`, `sheli restore`, another
    /// window) changed the library since the app read it; if it did, the
    /// texts are read again and the index reopened over them. The window
    /// asks when it gets the focus back.
    #[tauri::command]
    pub async fn library_changed(app: tauri::AppHandle, state: S<'_>) -> AppResult<bool> {
        let changed = blocking(&state, |s| s.reload_if_changed()).await?;
        if changed {
            reopen_index(app, &state)?;
        }
        Ok(changed)
    }

    /// Opens (or builds) the index of the texts the app now holds, off this
    /// thread; the window follows it through the index-status events.
    fn reopen_index(app: tauri::AppHandle, state: &S<'_>) -> AppResult<()> {
        let state = Arc::clone(state);
        std::thread::Builder::new()
            .name("sheli-index".into())
            .spawn(move || {
                super::super::search::open_index(&state, &|status| {
                    let _ = app.emit(super::super::INDEX_STATUS_EVENT, status);
                });
            })
            .map(|_| ())
            .map_err(|e| AppError::Coded {
                kind: super::super::error::ErrorKind::Index,
                code: super::super::error::AppCode::IndexRebuild,
                params: vec![("detail", e.to_string())],
                message: format!("the index could not be rebuilt: {e}"),
            })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use base64::Engine;
    use sheli_corpus::Corpus;
    use sheli_index::SearchRequest;

    use super::*;

    fn state() -> (AppState, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let corpus = Arc::new(Corpus::builtin().unwrap());
        (AppState::with_corpus(Ok(corpus), dir.path().to_path_buf()), dir)
    }

    fn file(name: &str, bytes: &[u8]) -> TextFile {
        TextFile {
            name: name.into(),
            base64: base64::engine::general_purpose::STANDARD.encode(bytes),
        }
    }

    const ZHOULI: &str = "司弓矢掌六弓四弩八矢之法。\n\n射人掌國之三公孤卿大夫之位。\n";

    #[test]
    fn a_gb18030_file_picked_in_the_window_becomes_a_searchable_text() {
        let (state, _dir) = state();
        let (gbk, _, _) = encoding_rs::GB18030.encode(ZHOULI);
        let imported = import_texts(&state, &[file("周禮.txt", &gbk)], None).unwrap();
        assert_eq!(imported.len(), 1);
        let t = &imported[0];
        assert_eq!((t.work.as_str(), t.file.as_str(), t.passages), ("周禮", "周禮.txt", 2));
        assert_eq!(t.encoding, "gb18030");
        let corpus = state.corpus().unwrap();
        assert!(!corpus.is_read(&t.id), "listed again, read when opened");
        assert_eq!(corpus.passages_of(&t.id).len(), 2);

        // the index, rebuilt as the window's import does, finds it
        super::super::search::open_index(&state, &|_| {});
        let index = state.search.index().unwrap();
        let r = index
            .search(&SearchRequest { query: "六弓四弩".into(), limit: 5, ..Default::default() })
            .unwrap();
        assert_eq!(r.total_occurrences, 1);
        assert_eq!(r.results[0].work, "周禮");
    }

    #[test]
    fn a_text_imported_by_another_process_is_read_when_the_window_asks() {
        let (state, dir) = state();
        assert!(!state.reload_if_changed().unwrap(), "nothing changed yet");
        // `sheli import` in another process, while the app runs.
        let path = dir.path().join("周禮.txt");
        std::fs::write(&path, ZHOULI).unwrap();
        let report = library::import(dir.path(), &[path], Some("周禮"), &mut |_, _, _| {}).unwrap();
        let id = &report.imported[0].id;
        assert!(state.corpus().unwrap().passages_of(id).is_empty(), "not seen before asking");
        assert!(state.reload_if_changed().unwrap(), "the change is seen");
        assert_eq!(state.corpus().unwrap().passages_of(id).len(), 2);
        assert!(!state.reload_if_changed().unwrap(), "and read once");
        // The app's own import is not taken for another process's.
        import_texts(&state, &[file("射義.txt", "射者，仁之道也。\n".as_bytes())], None).unwrap();
        assert!(!state.reload_if_changed().unwrap());
    }

    #[test]
    fn one_bad_file_and_nothing_is_imported() {
        let (state, dir) = state();
        let before = state.corpus().unwrap().sources().len();
        let err = import_texts(
            &state,
            &[
                file("周禮.txt", ZHOULI.as_bytes()),
                file("photo.txt", &[0x89, b'P', b'N', b'G', 0, 0, 1, 2]),
            ],
            Some("周禮"),
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert!(err.to_string().contains("photo.txt"), "{err}");
        // The file refused is an item with its reason's code, for the
        // window to say in the reader's language.
        let payload = err.payload();
        assert_eq!(
            (payload.code.as_str(), payload.params["count"].as_str()),
            ("library.import", "1")
        );
        assert_eq!(payload.items.len(), 1, "{payload:?}");
        assert_eq!(payload.items[0].file.as_deref(), Some("photo.txt"));
        assert_eq!(payload.items[0].code, "library.reason.binary");
        assert_eq!(state.corpus().unwrap().sources().len(), before);
        assert!(!dir.path().join("texts/manifest.toml").exists());
    }

    #[test]
    fn malformed_requests_are_refused_before_anything_is_read() {
        let (state, dir) = state();
        let kind = |files: &[TextFile], work: Option<&str>| {
            import_texts(&state, files, work).unwrap_err().kind()
        };
        assert_eq!(kind(&[], None), ErrorKind::InvalidInput);
        assert_eq!(kind(&[file("../x.txt", b"a")], None), ErrorKind::InvalidInput);
        assert_eq!(kind(&[file("a.txt", b"a")], Some(&"長".repeat(65))), ErrorKind::InvalidInput);
        let damaged = TextFile { name: "a.txt".into(), base64: "***".into() };
        let err = import_texts(&state, &[damaged], None).unwrap_err();
        assert!(err.to_string().contains("damaged"), "{err}");
        let item = &err.payload().items[0];
        assert_eq!(item.code, "library.reason.sent_damaged");
        assert!(item.params.contains_key("detail"), "{item:?}");
        assert!(!dir.path().join("texts").exists());
    }
}

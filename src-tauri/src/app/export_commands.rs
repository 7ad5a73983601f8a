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

use super::error::{AppCode, AppError, AppResult, ErrorKind};
use super::search::SearchQuery;
use super::search_table::{self, TableError, TableFormat};
use super::state::AppState;
use super::store_commands::{ExportFile, check_row_id};
use super::{glossary_commands, note_commands};
use sheli_index::SearchRequest;
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
    save_bytes(dir, &file.file_name, file.text.as_bytes())
}

/// [`save`] for any bytes (an Anki package is no text).
fn save_bytes(dir: &Path, file_name: &str, bytes: &[u8]) -> AppResult<SavedExport> {
    let name = Path::new(file_name)
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| !n.starts_with('.'))
        .ok_or_else(|| AppError::Internal(format!("unusable export name {file_name:?}")))?;
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
        if let Err(e) = out.write_all(bytes).and_then(|()| out.sync_all()) {
            drop(out);
            let _ = std::fs::remove_file(&path);
            return Err(storage(&path, &e));
        }
        return Ok(SavedExport {
            path: path.display().to_string(),
            file_name: candidate,
            bytes: bytes.len() as u64,
        });
    }
    Err(AppError::Store {
        kind: ErrorKind::Conflict,
        code: AppCode::ExportCopies.id(),
        params: vec![
            ("dir", dir.display().to_string()),
            ("max", MAX_COPIES.to_string()),
            ("name", name.to_string()),
        ],
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
        code: AppCode::ExportSave.id(),
        params: vec![("path", path.display().to_string()), ("detail", e.to_string())],
        message: format!("the export could not be saved as {}: {e}", path.display()),
    }
}

/// `save_glossary_export(id, format)`: the glossary's export, saved;
/// `format` is `tsv`, `json` or `apkg` (an Anki package, which only this
/// command makes: it is bytes, not the text the page could be handed).
pub fn save_glossary_export(state: &AppState, id: i64, format: &str) -> AppResult<SavedExport> {
    if format == "apkg" {
        check_row_id("glossary", id)?;
        let (name, bytes) = {
            let store = state.store.lock()?;
            (store.glossary(id)?.name, store.export_glossary_apkg(id)?)
        };
        let file_name = format!("{}.apkg", glossary_commands::file_stem(&name));
        return save_bytes(&state.exports_dir, &file_name, &bytes);
    }
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

/// Longest query part of a search export's file name, in characters.
const MAX_NAME_CHARS: usize = 40;

/// `sheli-search-<query>.<ext>`: the query's letters, digits and Han
/// characters, every other run of characters one `-` (`"主人 賓"~3` →
/// `sheli-search-主人-賓-3.tsv`).
pub fn search_export_name(query: &str, format: TableFormat) -> String {
    let mut slug = String::new();
    for c in query.chars() {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.chars().count() >= MAX_NAME_CHARS {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    let slug = if slug.is_empty() { "results" } else { slug };
    format!("sheli-search-{slug}.{}", format.extension())
}

/// `save_search_export(request, format, columns?)`: every result of the
/// search (not only the page shown), in the request's order and with its
/// filters, as a TSV or CSV table with citation columns (`search_table`),
/// saved. The request's limit, offset, collocations and hits are ignored.
/// The texts are written as the editions hold them, whatever the display
/// script. `columns` names the header's cells, by column (the window sends
/// its locale's `search.tools.columns` for its CSV, so the list of columns
/// is written once, in [`search_table::COLUMNS`]; without them the CLI's
/// English names).
/// A CSV starts with a UTF-8 byte order mark: without it Excel reads the
/// file in the system's code page and shows the Chinese as mojibake; the
/// TSV, read by scripts, has none.
pub fn save_search_export(
    state: &AppState,
    request: SearchQuery,
    format: &str,
    columns: Option<ColumnNames>,
) -> AppResult<SavedExport> {
    save(&state.exports_dir, &search_export(state, request, format, columns)?)
}

/// Longest column name the window may give, in characters.
const MAX_COLUMN_CHARS: usize = 40;

/// A name for each column of [`search_table::COLUMNS`], by the column's key.
pub type ColumnNames = std::collections::BTreeMap<String, String>;

/// The header's cells in the order of [`search_table::COLUMNS`]: `columns`
/// checked (a name for every column and no other, each 1 to
/// [`MAX_COLUMN_CHARS`] characters without control characters), else the
/// English names.
fn header_of(columns: Option<ColumnNames>) -> AppResult<Vec<String>> {
    let Some(columns) = columns else {
        return Ok(search_table::COLUMNS.iter().map(|c| c.to_string()).collect());
    };
    let bad = |message: String| AppError::Coded {
        kind: ErrorKind::InvalidInput,
        code: AppCode::ExportColumns,
        params: vec![
            ("count", search_table::COLUMNS.len().to_string()),
            ("max", MAX_COLUMN_CHARS.to_string()),
        ],
        message,
    };
    let unknown = columns.keys().find(|k| !search_table::COLUMNS.contains(&k.as_str()));
    if let Some(k) = unknown {
        return Err(bad(format!("the table has no column {k:?}")));
    }
    let names = search_table::COLUMNS
        .iter()
        .map(|k| columns.get(*k).ok_or_else(|| bad(format!("no name given for the column {k:?}"))))
        .collect::<AppResult<Vec<&String>>>()?;
    for c in &names {
        let n = c.trim().chars().count();
        if n == 0 || n > MAX_COLUMN_CHARS || c.chars().any(char::is_control) {
            return Err(bad(format!(
                "a column name is 1 to {MAX_COLUMN_CHARS} characters without control characters: {c:?}"
            )));
        }
    }
    Ok(names.into_iter().map(|c| c.trim().to_owned()).collect())
}

/// The table of [`save_search_export`], not yet saved.
pub fn search_export(
    state: &AppState,
    request: SearchQuery,
    format: &str,
    columns: Option<ColumnNames>,
) -> AppResult<ExportFile> {
    let format = TableFormat::parse(format).ok_or_else(|| AppError::Coded {
        kind: ErrorKind::InvalidInput,
        code: AppCode::ExportFormat,
        params: vec![("format", format.to_owned())],
        message: format!("unknown table format `{format}` (tsv or csv)"),
    })?;
    let header = header_of(columns)?;
    // The query and filters checked as the search box's are (a malformed
    // query fails here with its span, and nothing is written).
    let check = SearchQuery {
        limit: 0,
        offset: 0,
        sort: None,
        collocations: None,
        hits: None,
        ..request.clone()
    };
    super::search::search(state, check, None)?;
    let corpus = state.corpus()?;
    let index = state.search.index()?;
    let filter = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let req = SearchRequest {
        query: request.query.clone(),
        exact: request.exact,
        work: filter(request.work),
        layer: filter(request.layer),
        source: filter(request.source),
        sort: request.sort.unwrap_or_default().into(),
        ..SearchRequest::default()
    };
    let mut bytes = Vec::new();
    if format == TableFormat::Csv {
        bytes.extend_from_slice("\u{feff}".as_bytes());
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    search_table::write_table_headed(&index, &corpus, &req, format, &header, &mut bytes).map_err(
        |e| match e {
            TableError::Index(e) => AppError::from(e),
            TableError::Io(e) => AppError::Internal(e.to_string()),
        },
    )?;
    let text = String::from_utf8(bytes).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(ExportFile {
        file_name: search_export_name(&request.query, format),
        mime: format.mime().into(),
        text,
    })
}

/// Largest study sheet saved, in bytes (20 passages with every layer and
/// their notes come to well under 1 MB).
const MAX_SHEET_BYTES: usize = 8 * 1024 * 1024;

/// `save_study_sheet(html, first, last)`: the reader's study sheet of
/// passages `first`..=`last` (ui/src/lib/reader/study-sheet.ts), a self-contained
/// HTML page built by the window, saved as `sheli-<first>[--<last>].html`.
/// The page only names passages, never a path; the HTML must be a whole
/// document.
pub fn save_study_sheet(
    state: &AppState,
    html: &str,
    first: &str,
    last: &str,
) -> AppResult<SavedExport> {
    super::commands::validate_id("passage", first)?;
    super::commands::validate_id("passage", last)?;
    if html.len() > MAX_SHEET_BYTES {
        return Err(AppError::input(
            AppCode::InputSheetTooLarge,
            [("max", MAX_SHEET_BYTES.to_string()), ("size", html.len().to_string())],
            format!("a study sheet is at most {MAX_SHEET_BYTES} bytes; this one is {}", html.len()),
        ));
    }
    if !html.trim_start().to_ascii_lowercase().starts_with("<!doctype html>") {
        return Err(AppError::input(
            AppCode::InputSheetNotHtml,
            [],
            "a study sheet is a whole HTML document",
        ));
    }
    // Passage ids hold dots: the name's extension is only the last `.html`,
    // and copies are numbered before it (save_bytes splits at the first dot,
    // so the dots of the ids become dashes).
    let stem = if first == last { first.to_owned() } else { format!("{first}--{last}") };
    let name = format!("sheli-{}.html", stem.replace('.', "-"));
    save_bytes(&state.exports_dir, &name, html.as_bytes())
}

pub mod ipc {
    use super::super::commands::ipc::{S, blocking};
    use super::*;

    #[tauri::command]
    pub async fn save_study_sheet(
        state: S<'_>,
        html: String,
        first: String,
        last: String,
    ) -> AppResult<SavedExport> {
        blocking(&state, move |s| super::save_study_sheet(s, &html, &first, &last)).await
    }

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

    #[tauri::command]
    pub async fn save_search_export(
        state: S<'_>,
        request: SearchQuery,
        format: String,
        columns: Option<super::ColumnNames>,
    ) -> AppResult<SavedExport> {
        blocking(&state, move |s| super::save_search_export(s, request, &format, columns)).await
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
    fn the_window_saves_a_glossary_as_an_anki_package() {
        let dir = tempfile::tempdir().unwrap();
        let mut state = AppState::with_corpus(Err("not needed".into()), dir.path().to_path_buf());
        state.exports_dir = dir.path().join("Downloads");
        let g = glossary_commands::create_glossary(&state, "射器/弓矢", None).unwrap();
        glossary_commands::add_builtin_card(&state, g.id, "zhi").unwrap();
        let saved = save_glossary_export(&state, g.id, "apkg").unwrap();
        assert_eq!(saved.file_name, "射器_弓矢.apkg", "a name safe to save under");
        let bytes = std::fs::read(&saved.path).unwrap();
        assert!(bytes.starts_with(b"PK"), "a zip");
        assert_eq!(saved.bytes, bytes.len() as u64);
        // The drawing of 觶 is in it, under the name its field gives.
        let svg = sheli_corpus::glossary::builtin_picture("zhi.svg").unwrap();
        assert!(bytes.windows(svg.len()).any(|w| w == svg.as_bytes()));
        let again = save_glossary_export(&state, g.id, "apkg").unwrap();
        assert_eq!(again.file_name, "射器_弓矢 (2).apkg", "never over the first");
        let err = save_glossary_export(&state, 0, "apkg").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        let err = save_glossary_export(&state, g.id + 1, "apkg").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
    }

    #[test]
    fn a_study_sheet_is_saved_as_html_never_over_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut state = AppState::with_corpus(Err("not needed".into()), dir.path().to_path_buf());
        state.exports_dir = dir.path().join("Downloads");
        let html = "<!DOCTYPE html><html lang=\"en\"><title>s</title><p lang=\"zh-Hant\">揖退。</p></html>";
        let a =
            save_study_sheet(&state, html, "xiangshe.zhushu.0241", "xiangshe.zhushu.0260").unwrap();
        assert_eq!(a.file_name, "sheli-xiangshe-zhushu-0241--xiangshe-zhushu-0260.html");
        assert_eq!(std::fs::read_to_string(&a.path).unwrap(), html);
        let b =
            save_study_sheet(&state, html, "xiangshe.zhushu.0241", "xiangshe.zhushu.0260").unwrap();
        assert_eq!(b.file_name, "sheli-xiangshe-zhushu-0241--xiangshe-zhushu-0260 (2).html");
        let one = save_study_sheet(&state, html, "xiangshe.zhushu.0250", "xiangshe.zhushu.0250");
        assert_eq!(one.unwrap().file_name, "sheli-xiangshe-zhushu-0250.html");
        for (html, first) in
            [("<p>not a document</p>", "xiangshe.zhushu.0250"), (html, "../../etc/passwd")]
        {
            let e = save_study_sheet(&state, html, first, "xiangshe.zhushu.0250").unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidInput);
        }
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

/// "Export results…" of the search panel, over the built-in texts with their
/// index built: every result, citation columns, never over a file.
#[cfg(test)]
mod search_export_tests {
    use super::super::search::{SearchSort, search};
    use super::super::search_table::COLUMNS;
    // One state with the built-in index for every test of the binary that
    // needs it: the index is built once, not once per module.
    use super::super::search_views_tests::ready;
    use super::*;

    /// A fresh exports folder (the state is shared: its index is built once).
    fn downloads() -> (std::path::PathBuf, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (dir.path().join("Downloads"), dir)
    }

    /// `save_search_export` into `dir`.
    fn export_to(dir: &Path, request: SearchQuery, format: &str) -> AppResult<SavedExport> {
        save(dir, &search_export(ready(), request, format, None)?)
    }

    fn q(query: &str) -> SearchQuery {
        SearchQuery { query: query.into(), limit: 20, ..SearchQuery::default() }
    }

    /// RFC 4180 read back: quoted cells may hold commas, quotes and breaks.
    fn parse_csv(text: &str) -> Vec<Vec<String>> {
        let mut rows = vec![];
        let mut row = vec![];
        let mut cell = String::new();
        let mut chars = text.chars().peekable();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                (true, '"') => quoted = false,
                (true, c) => cell.push(c),
                (false, '"') if cell.is_empty() => quoted = true,
                (false, ',') => row.push(std::mem::take(&mut cell)),
                (false, '\r') if chars.peek() == Some(&'\n') => {
                    chars.next();
                    row.push(std::mem::take(&mut cell));
                    rows.push(std::mem::take(&mut row));
                }
                (false, c) => cell.push(c),
            }
        }
        assert!(cell.is_empty() && row.is_empty(), "the last row ends with CRLF");
        rows
    }

    #[test]
    fn every_result_is_written_with_the_citation_columns_in_the_chosen_order() {
        let (dir, _tmp) = downloads();
        let state = ready();
        let wide = search(state, q("之"), None).unwrap();
        assert!(wide.total_segments > 200, "{}", wide.total_segments);
        let saved = export_to(&dir, q("之"), "tsv").unwrap();
        assert_eq!(saved.file_name, "sheli-search-之.tsv");
        let text = std::fs::read_to_string(&saved.path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], COLUMNS.join("\t"));
        assert!(lines[0].starts_with("work\tedition\tsource\tpassage\tsegment\tlayer\tline"));
        assert_eq!(lines.len() - 1, wide.total_segments as usize);
        let occurrences: u32 =
            lines[1..].iter().map(|l| l.split('\t').nth(7).unwrap().parse::<u32>().unwrap()).sum();
        assert_eq!(occurrences, wide.total_occurrences);
        let passages: std::collections::BTreeSet<(&str, &str)> = lines[1..]
            .iter()
            .map(|l| {
                let c: Vec<&str> = l.split('\t').collect();
                (c[3], c[4])
            })
            .collect();
        assert_eq!(passages.len(), lines.len() - 1, "no segment twice");
        // written in pages of 100 (the index's pages are of 1000): the same
        let mut paged = Vec::new();
        let req = SearchRequest { query: "之".into(), ..SearchRequest::default() };
        let (index, corpus) = (state.search.index().unwrap(), state.corpus().unwrap());
        let rows = search_table::write_in_pages(
            &index,
            &corpus,
            &req,
            TableFormat::Tsv,
            &COLUMNS,
            &mut paged,
            |_| {},
            100,
        )
        .unwrap();
        assert_eq!(rows, wide.total_segments as usize);
        assert_eq!(String::from_utf8(paged).unwrap(), text);

        // the order and filters of the request: as the window lists them
        let req = SearchQuery {
            sort: Some(SearchSort::Right),
            layer: Some("注".into()),
            ..q("\"主人 賓\"~3")
        };
        let shown = search(state, req.clone(), None).unwrap();
        let saved = export_to(&dir, req, "tsv").unwrap();
        assert_eq!(saved.file_name, "sheli-search-主人-賓-3.tsv");
        let text = std::fs::read_to_string(&saved.path).unwrap();
        let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split('\t').collect()).collect();
        assert_eq!(rows.len(), shown.total_segments as usize);
        assert!(rows.iter().all(|r| r[5] == "注"));
        let first: Vec<(String, u32)> =
            shown.results.iter().map(|h| (h.id.clone(), h.segment)).collect();
        let listed: Vec<(String, u32)> = rows
            .iter()
            .take(first.len())
            .map(|r| (r[3].to_owned(), r[4].parse().unwrap()))
            .collect();
        assert_eq!(listed, first);
    }

    /// The column names of the window's CSV in 繁體中文, as the UI sends them.
    const ZH_COLUMNS: [&str; 11] =
        ["篇", "版本", "文本", "段落", "節", "層", "行", "次數", "左文", "相符", "右文"];

    /// [`ZH_COLUMNS`] by column, as the window sends them.
    fn zh_columns() -> ColumnNames {
        search_table::COLUMNS
            .iter()
            .zip(ZH_COLUMNS)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The window sends its locale's `search.tools.columns` as the CSV's
    /// header; each language names every column of the table and no other
    /// (the list of columns is written once, in `search_table::COLUMNS`).
    #[test]
    fn every_locale_names_the_tables_columns() {
        let locales = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/locales");
        for lang in ["en", "zh-Hant", "zh-Hans"] {
            let text = std::fs::read_to_string(locales.join(lang).join("search.json")).unwrap();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            let names: ColumnNames =
                serde_json::from_value(json["tools"]["columns"].clone()).unwrap();
            let mut keys: Vec<&str> = names.keys().map(String::as_str).collect();
            let mut want = search_table::COLUMNS.to_vec();
            keys.sort();
            want.sort();
            assert_eq!(keys, want, "{lang}");
            assert!(header_of(Some(names)).is_ok(), "{lang}");
        }
    }

    /// `path` read by Python's csv module as a spreadsheet user's script would
    /// (`utf-8-sig`, which takes the BOM off): the header and the row count.
    fn python_reads(path: &Path) -> (Vec<String>, usize) {
        let script = "import csv, json, sys\n\
            with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:\n    \
                r = csv.DictReader(f)\n    \
                rows = list(r)\n\
            print(json.dumps([r.fieldnames, len(rows), all(len(x) == len(r.fieldnames) and None not in x for x in rows)]))";
        let out = std::process::Command::new("python3")
            .args(["-c", script, path.to_str().unwrap()])
            .output()
            .expect("python3 runs (the test reads the CSV with Python's csv module)");
        assert!(out.status.success(), "python3: {}", String::from_utf8_lossy(&out.stderr));
        let (names, rows, whole): (Vec<String>, usize, bool) =
            serde_json::from_slice(&out.stdout).unwrap();
        assert!(whole, "every row has every column, no more");
        (names, rows)
    }

    #[test]
    fn the_windows_csv_has_a_bom_and_the_header_it_was_given() {
        let (dir, _tmp) = downloads();
        let file = search_export(ready(), q("再拜"), "csv", Some(zh_columns())).unwrap();
        // the first bytes: EF BB BF, then the header in Chinese
        assert_eq!(&file.text.as_bytes()[..3], &[0xEF, 0xBB, 0xBF]);
        assert!(
            file.text["\u{feff}".len()..]
                .starts_with("篇,版本,文本,段落,節,層,行,次數,左文,相符,右文\r\n")
        );
        let saved = save(&dir, &file).unwrap();
        let bytes = std::fs::read(&saved.path).unwrap();
        assert_eq!(&bytes[..3], &[0xEF, 0xBB, 0xBF], "saved as sent");
        let (names, rows) = python_reads(Path::new(&saved.path));
        assert_eq!(names, ZH_COLUMNS);
        let total = search(ready(), q("再拜"), None).unwrap().total_segments as usize;
        assert_eq!(rows, total);
        // the TSV, read by scripts, has no BOM and keeps the English names
        let tsv = search_export(ready(), q("再拜"), "tsv", None).unwrap();
        assert!(tsv.text.starts_with("work\tedition\t"));
    }

    #[test]
    fn column_names_are_checked_and_refused_with_a_code() {
        let few = Some(ColumnNames::from([("work".to_string(), "篇".to_string())]));
        let err = search_export(ready(), q("再拜"), "csv", few).unwrap_err();
        assert_eq!(err.code().0, "app.export.columns");
        let mut more = zh_columns();
        more.insert("colour".into(), "色".into());
        assert_eq!(
            search_export(ready(), q("再拜"), "csv", Some(more)).unwrap_err().code().0,
            "app.export.columns"
        );
        let mut bad = zh_columns();
        bad.insert("source".into(), "a\nb".into());
        assert_eq!(
            search_export(ready(), q("再拜"), "csv", Some(bad.clone())).unwrap_err().code().0,
            "app.export.columns"
        );
        bad.insert("source".into(), " ".into());
        assert_eq!(
            search_export(ready(), q("再拜"), "csv", Some(bad)).unwrap_err().code().0,
            "app.export.columns"
        );
        let err = search_export(ready(), q("再拜"), "xlsx", None).unwrap_err();
        assert_eq!(err.code(), ("app.export.format", vec![("format", "xlsx".to_string())]));
    }

    #[test]
    fn csv_is_quoted_as_rfc_4180_says_and_reads_back_to_the_same_cells() {
        let (dir, _tmp) = downloads();
        let tsv = export_to(&dir, q("再拜"), "tsv").unwrap();
        let csv = export_to(&dir, q("再拜"), "CSV").unwrap();
        assert_eq!(csv.file_name, "sheli-search-再拜.csv");
        let csv_text = std::fs::read_to_string(&csv.path).unwrap();
        let csv_text = csv_text.strip_prefix('\u{feff}').expect("a CSV starts with a BOM");
        assert!(csv_text.contains("\r\n"));
        let tsv_rows: Vec<Vec<String>> = std::fs::read_to_string(&tsv.path)
            .unwrap()
            .lines()
            .map(|l| l.split('\t').map(str::to_owned).collect())
            .collect();
        let csv_rows = parse_csv(csv_text);
        assert_eq!(csv_rows, tsv_rows);
        // the snippets hold commas: those cells are quoted
        assert!(csv_rows.iter().flatten().any(|c| c.contains(',')));
        assert!(csv_text.contains(",\""));
    }

    #[test]
    fn a_search_export_never_replaces_a_file_and_a_bad_request_writes_nothing() {
        let (dir, _tmp) = downloads();
        std::fs::create_dir_all(&dir).unwrap();
        let mine = dir.join("sheli-search-再拜.tsv");
        std::fs::write(&mine, "mine").unwrap();
        let saved = export_to(&dir, q("再拜"), "tsv").unwrap();
        assert_eq!(saved.file_name, "sheli-search-再拜 (2).tsv");
        assert_eq!(std::fs::read_to_string(&mine).unwrap(), "mine");
        let before = std::fs::read_dir(&dir).unwrap().count();
        let err = export_to(&dir, q("觶 \"豐"), "tsv").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Query, "{err}");
        let err = export_to(&dir, q("再拜"), "xlsx").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        let err = export_to(&dir, SearchQuery { work: Some("nosuch".into()), ..q("再拜") }, "tsv")
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Query, "{err}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), before);
    }

    #[test]
    fn the_file_name_says_the_query_in_few_characters() {
        assert_eq!(search_export_name("再拜", TableFormat::Csv), "sheli-search-再拜.csv");
        assert_eq!(
            search_export_name("\"主人 賓\"~3", TableFormat::Tsv),
            "sheli-search-主人-賓-3.tsv"
        );
        assert_eq!(search_export_name("../..", TableFormat::Tsv), "sheli-search-results.tsv");
        let long = "射".repeat(100);
        assert_eq!(search_export_name(&long, TableFormat::Tsv).chars().count(), 13 + 40 + 4);
    }
}

//! How the CLI reports a failure.
//!
//! Without `--json`: one line `sheli: <message>` on standard error, exit 1.
//! With `--json`: `{"error": {"kind": "…", "code": "…", "message": "…"}}`
//! (`code` as the app's errors carry it, or the CLI's own `cli.*`) on standard
//! output — the stream a script parses, so that it gets either the answer or
//! the error from one place — and exit 1. Clap's own usage errors (an unknown
//! flag, a missing argument) are not affected: usage text on standard error,
//! exit 2.
//!
//! `kind` comes from the type of the error, not from its wording: the first
//! error in the chain that Sheli knows (the store's, the library's, the
//! index's, the corpus's, or the CLI's own) decides it.

use serde::Serialize;
use sheli_corpus::CorpusError;
use sheli_index::IndexError;
use sheli_index::query::QueryError;
use sheli_library::LibraryError;
use sheli_store::StoreError;

/// What kind of failure, for scripts to branch on. The set is closed and
/// documented in `sheli --help`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Malformed input: a bad query, field, file or argument.
    InvalidInput,
    /// A well-formed name or id of something that does not exist.
    NotFound,
    /// The input clashes with what is there (a duplicate name, an existing
    /// file).
    Conflict,
    /// A data file from a newer Sheli, or not a Sheli file (e.g. a backup).
    Incompatible,
    /// Another Sheli is changing the data folder; try again later.
    Busy,
    /// The disk, the database or the data folder failed.
    Storage,
}

/// An error the CLI itself finds (an argument that names nothing, a file
/// that is not text), with its code; its kind follows from the code.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct CliError {
    pub code: CliCode,
    pub message: String,
}

impl CliError {
    pub fn new(code: CliCode, message: impl Into<String>) -> CliError {
        CliError { code, message: message.into() }
    }
}

sheli_corpus::error_codes! {
    /// The CLI's own checks, one code each, so that under `--json` every error
    /// carries a code a script can branch on without reading the English (the
    /// store's, the library's and the query's errors carry theirs). Listed in
    /// `sheli --help`; a test keeps the list and the help together.
    CliCode {
        /// `--id` given with something that is not a number.
        GlossaryIdNotNumber = "cli.invalid.glossary_id",
        /// No glossary has that id or that name.
        UnknownGlossary = "cli.not_found.glossary",
        /// `--format apkg` with no `--output`: a zip is no use on a terminal.
        ApkgNeedsOutput = "cli.invalid.apkg_needs_output",
        /// `review history` with neither a glossary nor `--card`.
        HistoryNeedsGlossary = "cli.invalid.history_needs_glossary",
        /// A note's `--quote` that is empty.
        EmptyQuote = "cli.invalid.empty_quote",
        /// A `--layer` that is not one of the layers.
        UnknownLayer = "cli.invalid.layer",
        /// `notes unanchor` with anchor 0 (they count from 1).
        AnchorNumber = "cli.invalid.anchor_number",
        /// `notes search` with nothing to search for.
        EmptySearch = "cli.invalid.empty_search",
        /// `sheli char` given no Han character.
        NoHanCharacter = "cli.invalid.no_han_character",
        /// A file to read that is a folder or a device.
        NotAFile = "cli.invalid.not_a_file",
        /// A file to read over the import limit.
        FileTooLarge = "cli.invalid.file_too_large",
        /// A file to read that decodes as no text encoding Sheli knows.
        Undecodable = "cli.invalid.undecodable",
        /// An export's `--output` file that exists, without `--force`.
        FileExists = "cli.conflict.file_exists",
        /// `sheli stage` of a passage of the user's own text.
        NotStaged = "cli.not_found.not_staged",
        /// `sheli stage` with nothing to show.
        StageNeedsTarget = "cli.invalid.stage_needs_target",
        /// `sheli stage` with a passage and `--actor` both.
        StageBoth = "cli.invalid.stage_both",
        /// A file the user named (to import, to restore) that is not there: an
        /// error of the OS's, given this code where no crate's error has one.
        NoSuchFile = "cli.not_found.file",
        /// Any other failure no crate's error names (the disk, standard output
        /// gone): the code of last resort, so that every error has one.
        Failed = "cli.storage.failed",
    }
}

impl CliCode {
    pub fn kind(self) -> Kind {
        match self {
            CliCode::UnknownGlossary | CliCode::NotStaged | CliCode::NoSuchFile => Kind::NotFound,
            CliCode::Failed => Kind::Storage,
            CliCode::FileExists => Kind::Conflict,
            CliCode::GlossaryIdNotNumber
            | CliCode::ApkgNeedsOutput
            | CliCode::HistoryNeedsGlossary
            | CliCode::EmptyQuote
            | CliCode::UnknownLayer
            | CliCode::AnchorNumber
            | CliCode::EmptySearch
            | CliCode::NoHanCharacter
            | CliCode::NotAFile
            | CliCode::FileTooLarge
            | CliCode::Undecodable
            | CliCode::StageNeedsTarget
            | CliCode::StageBoth => Kind::InvalidInput,
        }
    }
}

/// The kind of a failure: the first error in its chain whose type Sheli
/// knows decides. An error of no known type (e.g. writing to standard
/// output failed) is `storage`.
pub fn kind_of(e: &anyhow::Error) -> Kind {
    e.chain().find_map(known_kind).unwrap_or(Kind::Storage)
}

fn known_kind(e: &(dyn std::error::Error + 'static)) -> Option<Kind> {
    if let Some(e) = e.downcast_ref::<CliError>() {
        return Some(e.code.kind());
    }
    if let Some(e) = e.downcast_ref::<StoreError>() {
        use sheli_store::ErrorKind as K;
        return Some(match e.kind() {
            K::InvalidInput => Kind::InvalidInput,
            K::NotFound => Kind::NotFound,
            K::Conflict => Kind::Conflict,
            K::Incompatible => Kind::Incompatible,
            K::Storage => Kind::Storage,
        });
    }
    if let Some(e) = e.downcast_ref::<LibraryError>() {
        return Some(library_kind(e));
    }
    if let Some(e) = e.downcast_ref::<IndexError>() {
        return Some(index_kind(e));
    }
    if let Some(e) = e.downcast_ref::<CorpusError>() {
        return Some(corpus_kind(e));
    }
    if e.downcast_ref::<QueryError>().is_some() {
        return Some(Kind::InvalidInput);
    }
    if let Some(e) = e.downcast_ref::<std::io::Error>() {
        // A file the user named (to import, to restore) that is not there.
        return Some(match e.kind() {
            std::io::ErrorKind::NotFound => Kind::NotFound,
            _ => Kind::Storage,
        });
    }
    None
}

// The matches below name every variant on purpose: a new variant does not
// compile until someone decides its kind.

fn library_kind(e: &LibraryError) -> Kind {
    match e {
        LibraryError::Corpus(e) => corpus_kind(e),
        LibraryError::Index(e) => index_kind(e),
        // Every file of an import is checked before anything is written; a
        // refusal is about the files the user gave.
        LibraryError::Import(_) | LibraryError::Invalid(_) => Kind::InvalidInput,
        LibraryError::Busy { .. } => Kind::Busy,
        LibraryError::File { .. }
        | LibraryError::Manifest { .. }
        | LibraryError::DataFolder { .. }
        | LibraryError::ReadOnly { .. }
        | LibraryError::LeftOut(_) => Kind::Storage,
    }
}

fn index_kind(e: &IndexError) -> Kind {
    match e {
        IndexError::Query(_) => Kind::InvalidInput,
        IndexError::Corpus(e) => corpus_kind(e),
        IndexError::Tantivy(_)
        | IndexError::Open(_)
        | IndexError::Io { .. }
        | IndexError::Meta(_) => Kind::Storage,
    }
}

fn corpus_kind(e: &CorpusError) -> Kind {
    match e {
        CorpusError::UnknownPassage(_)
        | CorpusError::UnknownSource(_)
        | CorpusError::NoPlace(_)
        | CorpusError::NoSuchLine { .. }
        | CorpusError::NoStagedWork { .. }
        | CorpusError::NoStep { .. }
        | CorpusError::UnknownActor { .. } => Kind::NotFound,
        CorpusError::Manifest(_)
        | CorpusError::Parse { .. }
        | CorpusError::Data { .. }
        | CorpusError::Unreadable { .. }
        | CorpusError::Display(_) => Kind::Storage,
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    kind: Kind,
    /// The stable code the app's errors carry too (`query.unclosed_quote`):
    /// the query language's, the store's, the library's, the corpus's, or
    /// else the CLI's own (`cli.*`); every error has one.
    code: &'static str,
    message: String,
    /// Each file an import refused, with its reason's code and slots (the
    /// window's `items`, the same codes).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    items: Vec<&'a sheli_library::ImportProblem>,
}

/// The files refused by the first import refusal in the chain.
fn items_of(e: &anyhow::Error) -> Vec<&sheli_library::ImportProblem> {
    e.chain()
        .find_map(|e| match e.downcast_ref::<LibraryError>() {
            Some(LibraryError::Import(problems)) => Some(problems.iter().collect()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The code of the first error in the chain that has one; an error with
/// none (the OS's) is given the CLI's code for its kind, so that a script
/// always has a code to branch on.
pub fn code_of(e: &anyhow::Error) -> &'static str {
    known_code(e).unwrap_or(match kind_of(e) {
        Kind::NotFound => CliCode::NoSuchFile.id(),
        _ => CliCode::Failed.id(),
    })
}

fn known_code(e: &anyhow::Error) -> Option<&'static str> {
    e.chain().find_map(|e| {
        if let Some(e) = e.downcast_ref::<CliError>() {
            return Some(e.code.id());
        }
        if let Some(e) = e.downcast_ref::<StoreError>() {
            return Some(e.code().id());
        }
        // `show` of a place that is not there: the window's codes for the
        // same failures, so a script tells an id, a line and a place that
        // names nothing apart without reading the English (h5 tester, L).
        if let Some(e) = e.downcast_ref::<CorpusError>() {
            return Some(crate::app::error::AppError::from(e).code().0);
        }
        if let Some(e) = e.downcast_ref::<QueryError>() {
            return Some(e.code.id());
        }
        match e.downcast_ref::<LibraryError>() {
            Some(LibraryError::Index(IndexError::Query(q))) => Some(q.code.id()),
            Some(e) => Some(e.code().id()),
            None => match e.downcast_ref::<IndexError>() {
                Some(IndexError::Query(q)) => Some(q.code.id()),
                _ => None,
            },
        }
    })
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    error: ErrorBody<'a>,
}

/// Reports a failed command as the brief of this module says.
pub fn report(e: &anyhow::Error, json: bool) {
    if json {
        let error = ErrorBody {
            kind: kind_of(e),
            code: code_of(e),
            message: format!("{e:#}"),
            items: items_of(e),
        };
        let body = ErrorJson { error };
        // Serialising two strings cannot fail; if stdout is gone, so is the reader.
        if let Ok(text) = serde_json::to_string(&body) {
            println!("{text}");
        }
    } else {
        eprintln!("sheli: {e:#}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_comes_from_the_first_known_error_in_the_chain() {
        let e = anyhow::Error::from(StoreError::UnknownGlossary("g".into())).context("showing");
        assert_eq!(kind_of(&e), Kind::NotFound);
        let e = anyhow::Error::from(LibraryError::Index(IndexError::Query(QueryError {
            code: sheli_index::QueryCode::UnclosedQuote,
            params: Vec::new(),
            message: "unbalanced quote".into(),
            span: None,
        })));
        assert_eq!(kind_of(&e), Kind::InvalidInput);
        assert_eq!(code_of(&e), "query.unclosed_quote");
        let e = anyhow::Error::from(CorpusError::UnknownPassage("x.0001".into()));
        assert_eq!(kind_of(&e), Kind::NotFound);
        assert_eq!(code_of(&e), "app.not_found.passage");
        assert_eq!(kind_of(&anyhow::anyhow!("something else")), Kind::Storage);
        assert_eq!(code_of(&anyhow::anyhow!("something else")), "cli.storage.failed");
        let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(code_of(&anyhow::Error::from(gone).context("x.sheli")), "cli.not_found.file");
        assert_eq!(serde_json::to_value(Kind::InvalidInput).unwrap(), "invalid_input");
        let e = anyhow::Error::from(CliError::new(CliCode::FileExists, "x exists"));
        assert_eq!((kind_of(&e), code_of(&e)), (Kind::Conflict, "cli.conflict.file_exists"));
    }

    /// `sheli --help` is where a script's author finds the codes: each of
    /// the CLI's own is named there.
    #[test]
    fn the_help_names_every_cli_code() {
        for code in CliCode::ALL {
            assert!(super::super::AFTER_HELP.contains(code.id()), "{} not in the help", code.id());
        }
    }
}

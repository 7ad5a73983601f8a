//! The one error type of this crate.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum CorpusError {
    #[error("the manifest of built-in texts is invalid: {0}")]
    Manifest(String),
    #[error("source `{source_id}` could not be parsed at line {line}: {message}")]
    Parse { source_id: String, line: usize, message: String },
    #[error("data file `{file}` is invalid at line {line}: {message}")]
    Data { file: &'static str, line: usize, message: String },
    #[error("no passage has the id `{0}`")]
    UnknownPassage(String),
    #[error("no source has the id `{0}`")]
    UnknownSource(String),
    /// A user's text that could not be read or parsed when its passages
    /// were asked for, with why in the loader's words (the library says it
    /// by a reason's code: `sheli_library::read_failures`).
    #[error("{source_id} could not be read: {why}")]
    Unreadable { source_id: String, why: String },
    #[error(
        "“{0}” names no place: give a passage id (xiangshe.zhushu.0123), a citation as Sheli \
         writes it, or a source and a line (xiangshe.zhushu:456)"
    )]
    NoPlace(String),
    /// A source line the file does not have (0, or past its end); `line`
    /// as typed, however large.
    #[error("{source_id} has no line {line}: its lines are 1 to {last}")]
    NoSuchLine { source_id: String, line: String, last: u32 },
    /// A work the stage data does not cover, with the works it covers.
    #[error("no work is called “{name}”; stage data covers {}", works.join(", "))]
    NoStagedWork { name: String, works: Vec<String> },
    /// A passage with no step on the plan (`aligned`: nor any passage
    /// aligned with it), with the works the stage data covers.
    #[error(
        "{id} has no step on the plan{}; stage data covers {}",
        if *aligned { ", and no passage with one is aligned with it" } else { "" },
        works.join(", ")
    )]
    NoStep { id: String, aligned: bool, works: Vec<String> },
    #[error("no figure is called “{name}” in the stage data; the figures are: {known}")]
    UnknownActor { name: String, known: String },
    #[error("display conversion is unavailable: {0}")]
    Display(String),
}

pub type Result<T> = std::result::Result<T, CorpusError>;

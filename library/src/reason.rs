//! Why a file was not imported, or a user's text was left out of the
//! library: a code and the values of its slots, like the errors' codes
//! (`sheli_corpus::error_codes!`), besides the English sentence the CLI
//! prints. These reasons used to be English sentences only, and the window
//! showed them as they were in a Chinese interface (issue 12); the window
//! now writes `errors.<code>` with the params, and the CLI's `--json` carries
//! the same codes.

use serde::Serialize;

sheli_corpus::error_codes! {
    /// Each reason a file or a text is refused or left out for.
    ReasonCode {
        // A text listed in the library that cannot be used.
        List = "library.reason.list",
        NotUserId = "library.reason.not_user_id",
        NotPlain = "library.reason.not_plain",
        FileName = "library.reason.file_name",
        NotPlainName = "library.reason.not_plain_name",
        Missing = "library.reason.missing",
        NotRegular = "library.reason.not_regular",
        Unreadable = "library.reason.unreadable",
        Damaged = "library.reason.damaged",
        Parse = "library.reason.parse",
        // A file given to import.
        NoFiles = "library.reason.no_files",
        NoTxtFiles = "library.reason.no_txt_files",
        Empty = "library.reason.empty",
        TooLarge = "library.reason.too_large",
        TooLargeForWindow = "library.reason.too_large_for_window",
        SentDamaged = "library.reason.sent_damaged",
        Binary = "library.reason.binary",
        Undecodable = "library.reason.undecodable",
        Implausible = "library.reason.implausible",
        OtherEncoding = "library.reason.other_encoding",
        NoText = "library.reason.no_text",
        NoParagraphs = "library.reason.no_paragraphs",
        Twice = "library.reason.twice",
        BuiltinId = "library.reason.builtin_id",
        Already = "library.reason.already",
        Staging = "library.reason.staging",
        // A work's name.
        WorkEmpty = "library.reason.work_empty",
        WorkSpaces = "library.reason.work_spaces",
        WorkControl = "library.reason.work_control",
        WorkDelimiter = "library.reason.work_delimiter",
        WorkTooLong = "library.reason.work_too_long",
        WorkBuiltin = "library.reason.work_builtin",
    }
}

/// A reason: its code, the values of its slots (numbers, names, and where
/// nothing better is known the operating system's own words as `detail`),
/// and its English sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    pub code: ReasonCode,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
}

impl Reason {
    pub fn new(
        code: ReasonCode,
        params: impl IntoIterator<Item = (&'static str, String)>,
        message: impl Into<String>,
    ) -> Reason {
        Reason { code, params: params.into_iter().collect(), message: message.into() }
    }

    /// A reason without slots.
    pub fn bare(code: ReasonCode, message: &str) -> Reason {
        Reason::new(code, [], message)
    }

    /// A file that could not be read or written, with the system's words.
    pub fn unreadable(detail: impl std::fmt::Display) -> Reason {
        let detail = detail.to_string();
        Reason::new(
            ReasonCode::Unreadable,
            [("detail", detail.clone())],
            format!("its file cannot be read: {detail}"),
        )
    }

    /// What an `io::Error` on a text's file says: missing, or unreadable.
    pub fn of_io(e: &std::io::Error) -> Reason {
        if e.kind() == std::io::ErrorKind::NotFound {
            Reason::bare(ReasonCode::Missing, "its file is missing")
        } else {
            Reason::unreadable(e)
        }
    }

    pub fn not_regular() -> Reason {
        Reason::bare(
            ReasonCode::NotRegular,
            "it is not a regular file (a folder, a device, a pipe or a socket)",
        )
    }

    /// A slot's value by name.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_str())
    }

    /// The reason a decoder's refusal gives (`sheli_corpus::import`).
    pub fn of_import(e: &sheli_corpus::import::ImportError) -> Reason {
        use sheli_corpus::import::ImportError as E;
        let message = e.to_string();
        let (code, params): (ReasonCode, Vec<(&'static str, String)>) = match e {
            E::Empty => (ReasonCode::Empty, vec![]),
            E::TooLarge { size, max } => {
                (ReasonCode::TooLarge, vec![("size", size.to_string()), ("max", max.to_string())])
            }
            E::Binary => (ReasonCode::Binary, vec![]),
            E::Undecodable { line } => (ReasonCode::Undecodable, vec![("line", line.to_string())]),
            E::Implausible { encoding } => {
                (ReasonCode::Implausible, vec![("encoding", (*encoding).to_owned())])
            }
            E::OtherEncoding { encoding, language } => (
                ReasonCode::OtherEncoding,
                vec![("encoding", (*encoding).to_owned()), ("language", (*language).to_owned())],
            ),
            E::NoText => (ReasonCode::NoText, vec![]),
            E::Io(detail) => (ReasonCode::Unreadable, vec![("detail", detail.clone())]),
        };
        Reason { code, params, message }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `{code, params, message}`, as the IPC's errors are.
impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let params: std::collections::BTreeMap<&str, &str> =
            self.params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut st = s.serialize_struct("Reason", 3)?;
        st.serialize_field("code", self.code.id())?;
        st.serialize_field("params", &params)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

/// A file an import refused, and why; `file` is `None` for a refusal of the
/// whole import (the work's name, no files given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportProblem {
    pub file: Option<String>,
    pub reason: Reason,
}

impl std::fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.file {
            Some(file) => write!(f, "  {file}: {}", self.reason),
            None => write!(f, "  {}", self.reason),
        }
    }
}

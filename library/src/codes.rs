//! The stable code of each [`LibraryError`] and the pieces of its sentence,
//! for an interface that writes it in the reader's language (see
//! `sheli_corpus::error_codes!`). Free text from elsewhere (an import's list
//! of refused files, the operating system's reason) goes in `detail`; the
//! reasons an import refuses a file for have codes of their own (`reason.rs`).

use crate::LibraryError;

sheli_corpus::error_codes! {
    /// What went wrong in the library.
    LibraryCode {
        Corpus = "library.corpus",
        Index = "library.index",
        File = "library.file",
        Manifest = "library.manifest",
        Import = "library.import",
        DataFolder = "library.data_folder",
        Busy = "library.busy",
        Invalid = "library.invalid",
        ReadOnly = "library.read_only",
        LeftOut = "library.left_out",
    }
}

impl LibraryError {
    pub fn code(&self) -> LibraryCode {
        match self {
            LibraryError::Corpus(_) => LibraryCode::Corpus,
            LibraryError::Index(_) => LibraryCode::Index,
            LibraryError::File { .. } => LibraryCode::File,
            LibraryError::Manifest { .. } => LibraryCode::Manifest,
            LibraryError::Import(_) => LibraryCode::Import,
            LibraryError::DataFolder { .. } => LibraryCode::DataFolder,
            LibraryError::Busy { .. } => LibraryCode::Busy,
            LibraryError::Invalid(_) => LibraryCode::Invalid,
            LibraryError::ReadOnly { .. } => LibraryCode::ReadOnly,
            LibraryError::LeftOut(_) => LibraryCode::LeftOut,
        }
    }

    /// The slots of the code's sentence.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            LibraryError::Corpus(e) => vec![("detail", e.to_string())],
            LibraryError::Index(e) => vec![("detail", e.to_string())],
            LibraryError::File { path, message }
            | LibraryError::Manifest { path, message }
            | LibraryError::DataFolder { path, message } => {
                vec![("path", path.clone()), ("detail", message.clone())]
            }
            // The files refused are items of their own, each with its
            // reason's code (`ImportProblem`); `detail` keeps the English
            // list for an interface that does not know the codes.
            LibraryError::Import(problems) => vec![
                ("count", problems.len().to_string()),
                ("detail", crate::problems_said(problems)),
            ],
            LibraryError::Invalid(s) => vec![("detail", s.clone())],
            // The reason is the error's one item (its code and slots); the
            // English in `detail`.
            LibraryError::LeftOut(text) => vec![
                ("id", text.id.clone()),
                ("work", text.work.clone()),
                ("file", text.file.clone()),
                ("detail", text.reason.to_string()),
            ],
            LibraryError::Busy { path } | LibraryError::ReadOnly { path } => {
                vec![("path", path.clone())]
            }
        }
    }
}

//! What a parsed query is.

use std::ops::Range;

use sheli_corpus::{FoldMode, Layer};

use crate::reading::Syllable;

/// A parsed query: clauses that must all hold (AND).
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub clauses: Vec<Clause>,
    /// What the user should know about how a term was read, though the query
    /// is valid: a Latin word that is not pinyin is searched as written, and
    /// the built-in texts hold no Latin, so it would find nothing in silence.
    pub notes: Vec<QueryNote>,
}

/// One note on how a query was read: its code and the values of its slots
/// (the term as typed, the NEAR/0 form to write instead) for the window,
/// and its English sentence, which the CLI prints (`Display`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryNote {
    pub code: super::NoteCode,
    pub params: Vec<(&'static str, String)>,
    pub message: String,
}

impl std::fmt::Display for QueryNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `{code, params: {name: value}, message}`, as an error's payload is: the
/// CLI's `--json` carries the code as the window's answer does.
impl serde::Serialize for QueryNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let params: std::collections::BTreeMap<&str, &str> =
            self.params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut st = s.serialize_struct("QueryNote", 3)?;
        st.serialize_field("code", &self.code)?;
        st.serialize_field("params", &params)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

/// One or more alternatives (OR). A negated clause has exactly one atom.
#[derive(Debug, Clone, PartialEq)]
pub struct Clause {
    pub negated: bool,
    pub alternatives: Vec<Atom>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Atom {
    pub kind: AtomKind,
    /// Where the atom was written, in characters of the query string.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AtomKind {
    /// A run of characters (or a quoted string): the tokens must occur
    /// consecutively. One token is a phrase of one.
    Phrase {
        tokens: Vec<String>,
        mode: FoldMode,
    },
    /// A phrase with `?` in it (`再?拜`): `None` stands for exactly one
    /// character, whatever it is. Never first or last, so at least two
    /// slots hold a token.
    Gapped {
        slots: Vec<Option<String>>,
        mode: FoldMode,
    },
    /// A pinyin syllable: any character with that reading.
    Pinyin(Syllable),
    /// Terms near each other: `"A B"~N` (in order) or `A NEAR/N B` (either
    /// order). Each part is a `Phrase`, `Gapped` or `Pinyin`.
    Near(Proximity),
    Filter(Filter),
}

/// Parts that must occur close together, none overlapping another.
#[derive(Debug, Clone, PartialEq)]
pub struct Proximity {
    /// Two or more parts for `ordered`, exactly two otherwise.
    pub parts: Vec<AtomKind>,
    /// At most this many characters (tokens: punctuation is not counted)
    /// between the parts, all gaps together (a budget, as Lucene's slop).
    pub max_between: u32,
    /// The parts in the order written (`"A B"~N`), or either order
    /// (`A NEAR/N B`).
    pub ordered: bool,
}

/// A restriction on where matches may come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    Layer(Layer),
    /// A work, by its canonical name (e.g. 大射儀).
    Work(String),
    /// A source, by id (e.g. `xiangshe.zhushu`).
    Source(String),
}

impl Query {
    /// The atoms that say what to find (not filters, not negated): these are
    /// counted and highlighted.
    pub fn positive_terms(&self) -> impl Iterator<Item = &Atom> {
        self.clauses
            .iter()
            .filter(|c| !c.negated)
            .flat_map(|c| &c.alternatives)
            .filter(|a| !matches!(a.kind, AtomKind::Filter(_)))
    }

    pub fn has_pinyin(&self) -> bool {
        self.positive_terms().any(|a| a.kind.has_pinyin())
    }

    /// Every pinyin syllable of the positive terms, proximity parts included.
    pub fn pinyin_syllables(&self) -> Vec<&Syllable> {
        let mut out = Vec::new();
        for a in self.positive_terms() {
            match &a.kind {
                AtomKind::Pinyin(s) => out.push(s),
                AtomKind::Near(p) => out.extend(p.parts.iter().filter_map(|k| match k {
                    AtomKind::Pinyin(s) => Some(s),
                    _ => None,
                })),
                _ => {}
            }
        }
        out
    }
}

impl AtomKind {
    /// A pinyin syllable, or a proximity with one among its parts.
    pub fn has_pinyin(&self) -> bool {
        match self {
            AtomKind::Pinyin(_) => true,
            AtomKind::Near(p) => p.parts.iter().any(AtomKind::has_pinyin),
            _ => false,
        }
    }
}

//! The query language, parsed by hand so every error can name its problem
//! and point at it.
//!
//! ```text
//! 再拜賓答再拜          a run of characters is a phrase (punctuation inside is ignored)
//! 觶 豐                 space-separated terms must all occur (AND)
//! 觶 OR 觚              either (OR binds tighter than AND: 奠 觶 OR 觚 = 奠 AND (觶 OR 觚))
//! -疏                   exclude segments containing a term
//! 觶 AND 豐, 觶 NOT 酬   the same as `觶 豐` and `觶 -酬`, for those used to
//!                       other search engines (an unknown Latin word would
//!                       otherwise be a term that silently matches nothing)
//! "賓 答"               quotes make one phrase of what they hold
//! layer:注 work:大射儀 source:xiangshe.zhushu     filters
//! =觶                   exact form, no folding (觶 but not 觯)
//! zhi4  zhì  bi1  zhi   pinyin: characters with that reading
//! ```

use std::ops::Range;

use sheli_corpus::fold::fold;
use sheli_corpus::{FoldMode, Layer};

use super::ast::{Atom, AtomKind, Clause, Filter, Query};
use super::{QueryError, Vocabulary};
use crate::reading::Syllable;
use crate::tokenizer::tokens;

/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 500;

/// One whitespace-separated piece of the query.
#[derive(Debug)]
enum Item {
    Or(Range<usize>),
    And(Range<usize>),
    Atom { negated: bool, atom: Atom },
}

struct Lexer<'a> {
    chars: Vec<char>,
    pos: usize,
    default_mode: FoldMode,
    vocab: &'a Vocabulary,
    notes: Vec<String>,
}

fn err(message: impl Into<String>, span: Range<usize>) -> QueryError {
    err_at(message, Some(span))
}

fn err_at(message: impl Into<String>, span: Option<Range<usize>>) -> QueryError {
    QueryError { message: message.into(), span }
}

impl Lexer<'_> {
    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn next_item(&mut self) -> Result<Option<Item>, QueryError> {
        self.skip_space();
        let start = self.pos;
        if start >= self.chars.len() {
            return Ok(None);
        }
        let (mut negated, mut exact) = (false, false);
        while let Some(&c) = self.chars.get(self.pos) {
            match c {
                '-' | '－' if !negated => negated = true,
                '=' | '＝' if !exact => exact = true,
                _ => break,
            }
            self.pos += 1;
        }
        let mode = if exact { FoldMode::Exact } else { self.default_mode };
        let body_start = self.pos;
        if self.chars.get(self.pos) == Some(&'"') {
            let close = self.chars[self.pos + 1..].iter().position(|&c| c == '"');
            let Some(close) = close else {
                return Err(err(
                    "unbalanced quote: a \" has no closing \"",
                    self.pos..self.chars.len(),
                ));
            };
            let end = self.pos + 1 + close + 1;
            let inner: String = self.chars[self.pos + 1..end - 1].iter().collect();
            self.pos = end;
            if self.chars.get(self.pos).is_some_and(|c| !c.is_whitespace()) {
                return Err(err("a closing \" must be followed by a space", start..self.pos + 1));
            }
            let atom = self.phrase(&inner, mode, start..end)?;
            return Ok(Some(Item::Atom { negated, atom }));
        }
        while self.chars.get(self.pos).is_some_and(|c| !c.is_whitespace()) {
            self.pos += 1;
        }
        let span = start..self.pos;
        let body: String = self.chars[body_start..self.pos].iter().collect();
        if body.is_empty() {
            let what = if negated { "'-'" } else { "'='" };
            return Err(err(format!("a lone {what} needs a term right after it"), span));
        }
        if body.contains('"') {
            return Err(err("unbalanced quote: quotes must enclose a whole term", span));
        }
        if !negated && !exact {
            match body.as_str() {
                "OR" => return Ok(Some(Item::Or(span))),
                "AND" => return Ok(Some(Item::And(span))),
                "NOT" => return self.not(span),
                _ => {}
            }
        }
        let atom = match field_split(&body) {
            Some((field, value)) => {
                Atom { kind: AtomKind::Filter(self.filter(field, value, span.clone())?), span }
            }
            None => match Syllable::parse(&body).filter(|_| !exact) {
                Some(s) => Atom { kind: AtomKind::Pinyin(s), span },
                None => {
                    if !exact && looks_like_a_latin_word(&body) {
                        self.notes.push(format!(
                            "`{body}` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written"
                        ));
                    }
                    self.phrase(&body, mode, span)?
                }
            },
        };
        Ok(Some(Item::Atom { negated, atom }))
    }

    /// `NOT x` is `-x`: the term that follows is excluded.
    fn not(&mut self, span: Range<usize>) -> Result<Option<Item>, QueryError> {
        match self.next_item()? {
            Some(Item::Atom { negated: false, atom }) => {
                Ok(Some(Item::Atom { negated: true, atom }))
            }
            _ => Err(err("NOT needs a term right after it", span)),
        }
    }

    fn phrase(&self, text: &str, mode: FoldMode, span: Range<usize>) -> Result<Atom, QueryError> {
        let toks: Vec<String> = tokens(text, mode).into_iter().map(|t| t.text).collect();
        if toks.is_empty() {
            return Err(err(
                format!("`{text}` has nothing to search for (punctuation and spaces are ignored)"),
                span,
            ));
        }
        Ok(Atom { kind: AtomKind::Phrase { tokens: toks, mode }, span })
    }

    fn filter(&self, field: &str, value: &str, span: Range<usize>) -> Result<Filter, QueryError> {
        filter(self.vocab, field, value, Some(span))
    }
}

/// A filter given apart from the query (`--layer`, `--work`, `--source` and
/// their IPC equivalents), checked as one typed in it would be. It is kept out
/// of the query string, so a value can never add terms to the query, and an
/// error does not point at characters the user did not type.
pub fn parse_filter(field: &str, value: &str, vocab: &Vocabulary) -> Result<Filter, QueryError> {
    filter(vocab, field, value.trim(), None)
}

fn filter(
    vocab: &Vocabulary,
    field: &str,
    value: &str,
    span: Option<Range<usize>>,
) -> Result<Filter, QueryError> {
    if value.is_empty() {
        return Err(err_at(
            format!("`{field}:` needs a value, e.g. {field}:{}", example(field)),
            span,
        ));
    }
    match field {
        "layer" => Layer::parse(value).map(Filter::Layer).ok_or_else(|| {
            err_at(format!("unknown layer `{value}`; layers are 經 注 疏 音義 按 題 譯"), span)
        }),
        "work" => vocab.work(value).map(Filter::Work).ok_or_else(|| {
            err_at(format!("unknown work `{value}`; works are {}", vocab.works.join(" ")), span)
        }),
        "source" => vocab.source(value).map(Filter::Source).ok_or_else(|| {
            let ids: Vec<&str> = vocab.sources.iter().map(|(id, _)| id.as_str()).collect();
            err_at(format!("unknown source `{value}`; sources are {}", ids.join(" ")), span)
        }),
        other => Err(err_at(
            format!("unknown field `{other}:`; fields are layer:, work: and source:"),
            span,
        )),
    }
}

fn example(field: &str) -> &'static str {
    match field {
        "layer" => "注",
        "work" => "大射儀",
        _ => "xiangshe.zhushu",
    }
}

/// Letters (and perhaps a tone digit) of the Latin alphabet only: what a
/// user types meaning pinyin or an English word.
fn looks_like_a_latin_word(body: &str) -> bool {
    body.chars().all(|c| c.is_ascii_alphanumeric()) && body.chars().any(|c| c.is_ascii_alphabetic())
}

/// `layer:注` → (`layer`, `注`). Only ASCII letters name a field, so a CJK
/// term containing a colon is still a term.
fn field_split(body: &str) -> Option<(&str, &str)> {
    let colon = body.find([':', '：'])?;
    let field = &body[..colon];
    let value = &body[colon + body[colon..].chars().next()?.len_utf8()..];
    (!field.is_empty() && field.chars().all(|c| c.is_ascii_alphabetic())).then_some((field, value))
}

/// Parses `input`. `exact` makes every term exact (the `--exact` switch).
pub fn parse(input: &str, vocab: &Vocabulary, exact: bool) -> Result<Query, QueryError> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_QUERY_CHARS {
        return Err(QueryError {
            message: format!(
                "the query is too long ({} characters; at most {MAX_QUERY_CHARS})",
                chars.len()
            ),
            span: None,
        });
    }
    let default_mode = if exact { FoldMode::Exact } else { FoldMode::Folded };
    let mut lexer = Lexer { chars, pos: 0, default_mode, vocab, notes: Vec::new() };
    let mut items = Vec::new();
    while let Some(item) = lexer.next_item()? {
        items.push(item);
    }
    let query = Query { clauses: group(items)?, notes: lexer.notes };
    if query.positive_terms().next().is_none() {
        return Err(QueryError {
            message: if query.clauses.is_empty() {
                "the query is empty".into()
            } else {
                "nothing to search for: add a term (filters and '-' exclusions only narrow a search)".into()
            },
            span: None,
        });
    }
    Ok(query)
}

/// Groups items into AND-ed clauses of OR-ed alternatives.
fn group(items: Vec<Item>) -> Result<Vec<Clause>, QueryError> {
    let mut clauses: Vec<Clause> = Vec::new();
    let mut pending_or: Option<Range<usize>> = None;
    // AND changes nothing (space already means AND), but like OR it must
    // stand between two terms.
    let mut pending_and: Option<Range<usize>> = None;
    for item in items {
        match item {
            Item::Or(span) => {
                if pending_or.is_some() || pending_and.is_some() || clauses.is_empty() {
                    return Err(err("OR needs a term on both sides", span));
                }
                pending_or = Some(span);
            }
            Item::And(span) => {
                if pending_or.is_some() || pending_and.is_some() || clauses.is_empty() {
                    return Err(err("AND needs a term on both sides", span));
                }
                pending_and = Some(span);
            }
            Item::Atom { negated, atom } => {
                pending_and = None;
                if let Some(or_span) = pending_or.take() {
                    let last = clauses.last_mut().expect("OR follows a clause");
                    if negated || last.negated {
                        return Err(err("a '-' exclusion cannot be one side of an OR", or_span));
                    }
                    last.alternatives.push(atom);
                } else {
                    clauses.push(Clause { negated, alternatives: vec![atom] });
                }
            }
        }
    }
    if let Some(span) = pending_or {
        return Err(err("OR needs a term on both sides", span));
    }
    if let Some(span) = pending_and {
        return Err(err("AND needs a term on both sides", span));
    }
    Ok(clauses)
}

impl Vocabulary {
    /// Resolves what a user typed for a work: its name in either script, the
    /// name without its last character (大射 for 大射儀, 燕 for 燕禮) or its
    /// ASCII slug (`dashe`).
    pub fn work(&self, typed: &str) -> Option<String> {
        let t = fold(typed, FoldMode::Folded);
        self.works
            .iter()
            .find(|w| {
                let f = fold(w, FoldMode::Folded);
                let short: String = {
                    let mut cs: Vec<char> = f.chars().collect();
                    if cs.len() > 1 {
                        cs.pop();
                    }
                    cs.into_iter().collect()
                };
                (!t.is_empty() && (f == t || short == t))
                    || self.slug_of(w).is_some_and(|s| s == typed)
            })
            .cloned()
    }

    fn slug_of(&self, work: &str) -> Option<&str> {
        self.sources.iter().find_map(|(id, w)| (w == work).then(|| id.split('.').next()).flatten())
    }

    /// Resolves a source by id or id prefix that names exactly one source.
    pub fn source(&self, typed: &str) -> Option<String> {
        if let Some((id, _)) = self.sources.iter().find(|(id, _)| id == typed) {
            return Some(id.clone());
        }
        let matching: Vec<&String> =
            self.sources.iter().map(|(id, _)| id).filter(|id| id.starts_with(typed)).collect();
        (matching.len() == 1).then(|| matching[0].clone())
    }
}

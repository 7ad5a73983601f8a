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
//! 再?拜 "主人?賓"        `?` is exactly one character, inside a term
//! "主人 賓"~3            the parts in order, at most 3 characters between
//! 主人 NEAR/3 賓         either order, at most 3 characters between
//!                       (NEAR binds tighter than OR: 甲 NEAR/2 乙 OR 丙 = (甲 NEAR/2 乙) OR 丙)
//! layer:注 work:大射儀 source:xiangshe.zhushu     filters
//! =觶                   exact form, no folding (觶 but not 觯)
//! zhi4  zhì  bi1  zhi   pinyin: characters with that reading
//! ```

use std::ops::Range;

use sheli_corpus::FoldMode;

use super::ast::{Atom, AtomKind, Clause, Proximity, Query};
use super::filter::{field_split, filter};
use super::terms::{distance, ordered, term};
use super::{QueryCode as C, QueryError, Vocabulary, err, err_at};
use crate::reading::Syllable;

/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 500;

/// One whitespace-separated piece of the query.
#[derive(Debug)]
enum Item {
    Or(Range<usize>),
    And(Range<usize>),
    /// `NEAR/N`
    Near(u32, Range<usize>),
    Atom {
        negated: bool,
        atom: Atom,
    },
}

struct Lexer<'a> {
    chars: Vec<char>,
    pos: usize,
    default_mode: FoldMode,
    vocab: &'a Vocabulary,
    notes: Vec<String>,
}

fn is_tilde(c: char) -> bool {
    c == '~' || c == '～'
}

impl Lexer<'_> {
    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn text(&self, range: Range<usize>) -> String {
        self.chars[range].iter().collect()
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
            let atom = self.quoted(start, mode)?;
            return Ok(Some(Item::Atom { negated, atom }));
        }
        while self.chars.get(self.pos).is_some_and(|c| !c.is_whitespace()) {
            self.pos += 1;
        }
        let span = start..self.pos;
        let body = self.text(body_start..self.pos);
        if body.is_empty() {
            let what = if negated { "'-'" } else { "'='" };
            return Err(err(
                C::LonePrefix,
                format!("a lone {what} needs a term right after it"),
                span,
            )
            .with("prefix", if negated { "-" } else { "=" }));
        }
        if body.contains('"') {
            return Err(err(
                C::StrayQuote,
                "unbalanced quote: quotes must enclose a whole term",
                span,
            ));
        }
        if let Some(rest) = body.strip_prefix("NEAR")
            && (rest.is_empty() || rest.starts_with(['/', '／']))
        {
            if negated || exact {
                return Err(err(
                    C::NearPrefix,
                    "NEAR/N joins two terms; it takes no '-' or '='",
                    span,
                ));
            }
            let op: String = body.chars().take(5).collect();
            let digits: String = rest.chars().skip(1).collect();
            let n = distance(&op, &digits, span.clone(), "A NEAR/3 B")?;
            return Ok(Some(Item::Near(n, span)));
        }
        if let Some(i) = body.chars().position(is_tilde) {
            let at = body_start + i;
            return Err(err(
                C::TildeOutsideQuotes,
                format!(
                    "`{body}`: `~N` goes right after a closing quote: \"再 拜\"~3 (the parts in quotes)"
                ),
                at..self.pos,
            )
            .with("term", body));
        }
        if !negated && !exact {
            match body.as_str() {
                "OR" => return Ok(Some(Item::Or(span))),
                "AND" => return Ok(Some(Item::And(span))),
                "NOT" => return self.not(span),
                _ => {}
            }
        }
        let kind = match field_split(&body) {
            Some((field, value)) => {
                AtomKind::Filter(filter(self.vocab, field, value, Some(span.clone()))?)
            }
            None => match Syllable::parse(&body).filter(|_| !exact) {
                Some(s) => AtomKind::Pinyin(s),
                None => {
                    if !exact && looks_like_a_latin_word(&body) {
                        self.notes.push(format!(
                            "`{body}` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written"
                        ));
                    }
                    term(&body, body_start, mode, span.clone())?
                }
            },
        };
        Ok(Some(Item::Atom { negated, atom: Atom { kind, span } }))
    }

    /// A quoted term from the `"` at `self.pos` (the term began at `start`,
    /// before any `-` or `=`), with its `~N` if it has one.
    fn quoted(&mut self, start: usize, mode: FoldMode) -> Result<Atom, QueryError> {
        let open = self.pos;
        let close = self.chars[open + 1..].iter().position(|&c| c == '"');
        let Some(close) = close else {
            return Err(err(
                C::UnclosedQuote,
                "unbalanced quote: a \" has no closing \"",
                open..self.chars.len(),
            ));
        };
        let end = open + 1 + close + 1;
        let inner = self.text(open + 1..end - 1);
        self.pos = end;
        let mut near = None;
        if self.chars.get(self.pos).copied().is_some_and(is_tilde) {
            let tilde = self.pos;
            while self.chars.get(self.pos).is_some_and(|c| !c.is_whitespace()) {
                self.pos += 1;
            }
            let op = self.chars[tilde].to_string();
            let digits = self.text(tilde + 1..self.pos);
            near = Some(distance(&op, &digits, tilde..self.pos, "\"再 拜\"~3")?);
        } else if self.chars.get(self.pos).is_some_and(|c| !c.is_whitespace()) {
            return Err(err(
                C::QuoteNeedsSpace,
                "a closing \" must be followed by a space",
                start..self.pos + 1,
            ));
        }
        let span = start..self.pos;
        let kind = match near {
            Some(n) => ordered(&inner, open + 1, mode, n, span.clone())?,
            None => term(&inner, open + 1, mode, span.clone())?,
        };
        Ok(Atom { kind, span })
    }

    /// `NOT x` is `-x`: the term that follows is excluded.
    fn not(&mut self, span: Range<usize>) -> Result<Option<Item>, QueryError> {
        match self.next_item()? {
            Some(Item::Atom { negated: false, atom }) => {
                Ok(Some(Item::Atom { negated: true, atom }))
            }
            _ => Err(err(C::NotNeedsTerm, "NOT needs a term right after it", span)),
        }
    }
}

/// Letters (and perhaps a tone digit) of the Latin alphabet only: what a
/// user types meaning pinyin or an English word.
fn looks_like_a_latin_word(body: &str) -> bool {
    body.chars().all(|c| c.is_ascii_alphanumeric()) && body.chars().any(|c| c.is_ascii_alphabetic())
}

/// Parses `input`. `exact` makes every term exact (the `--exact` switch).
pub fn parse(input: &str, vocab: &Vocabulary, exact: bool) -> Result<Query, QueryError> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_QUERY_CHARS {
        return Err(err_at(
            C::TooLong,
            format!(
                "the query is too long ({} characters; at most {MAX_QUERY_CHARS})",
                chars.len()
            ),
            None,
        )
        .with("len", chars.len())
        .with("max", MAX_QUERY_CHARS));
    }
    let default_mode = if exact { FoldMode::Exact } else { FoldMode::Folded };
    let mut lexer = Lexer { chars, pos: 0, default_mode, vocab, notes: Vec::new() };
    let mut items = Vec::new();
    while let Some(item) = lexer.next_item()? {
        items.push(item);
    }
    let query = Query { clauses: group(items)?, notes: lexer.notes };
    if query.positive_terms().next().is_none() {
        return Err(if query.clauses.is_empty() {
            err_at(C::Empty, "the query is empty", None)
        } else {
            err_at(
                C::OnlyFilters,
                "nothing to search for: add a term (filters and '-' exclusions only narrow a search)",
                None,
            )
        });
    }
    Ok(query)
}

/// Whether `kind` may be one side of NEAR; the error, pointing at `span`, if
/// not (the right-hand term, or the operator for a fault on its left).
fn near_side(kind: &AtomKind, span: &Range<usize>) -> Result<(), QueryError> {
    match kind {
        AtomKind::Filter(_) => Err(err(
            C::NearFilter,
            "NEAR joins two terms; a filter narrows the whole query",
            span.clone(),
        )),
        AtomKind::Near(_) => Err(err(
            C::NearChain,
            "NEAR joins two terms, not a proximity; for three or more in order use quotes: \"甲 乙 丙\"~5",
            span.clone(),
        )),
        _ => Ok(()),
    }
}

/// Groups items into AND-ed clauses of OR-ed alternatives; NEAR binds its
/// two neighbours into one alternative first.
fn group(items: Vec<Item>) -> Result<Vec<Clause>, QueryError> {
    let mut clauses: Vec<Clause> = Vec::new();
    let mut pending_or: Option<Range<usize>> = None;
    // AND changes nothing (space already means AND), but like OR it must
    // stand between two terms.
    let mut pending_and: Option<Range<usize>> = None;
    let mut pending_near: Option<(u32, Range<usize>)> = None;
    let pending = |or: &Option<_>, and: &Option<_>, near: &Option<_>| {
        or.is_some() || and.is_some() || near.is_some()
    };
    for item in items {
        match item {
            Item::Or(span) => {
                if pending(&pending_or, &pending_and, &pending_near) || clauses.is_empty() {
                    return Err(err(C::OrNeedsTerms, "OR needs a term on both sides", span));
                }
                pending_or = Some(span);
            }
            Item::And(span) => {
                if pending(&pending_or, &pending_and, &pending_near) || clauses.is_empty() {
                    return Err(err(C::AndNeedsTerms, "AND needs a term on both sides", span));
                }
                pending_and = Some(span);
            }
            Item::Near(n, span) => {
                let Some(last) =
                    clauses.last().filter(|_| !pending(&pending_or, &pending_and, &pending_near))
                else {
                    return Err(err(
                        C::NearNeedsTerms,
                        format!("NEAR/{n} needs a term on both sides"),
                        span,
                    )
                    .with("n", n));
                };
                if last.negated {
                    return Err(err(
                        C::NearExclusion,
                        "a '-' exclusion cannot be one side of NEAR",
                        span,
                    ));
                }
                let left = last.alternatives.last().expect("a clause has an alternative");
                near_side(&left.kind, &span)?;
                pending_near = Some((n, span));
            }
            Item::Atom { negated, atom } => {
                pending_and = None;
                if let Some((n, _)) = pending_near.take() {
                    if negated {
                        return Err(err(
                            C::NearExclusion,
                            "a '-' exclusion cannot be one side of NEAR",
                            atom.span,
                        ));
                    }
                    near_side(&atom.kind, &atom.span)?;
                    let last = clauses.last_mut().expect("NEAR follows a clause");
                    let left = last.alternatives.pop().expect("a clause has an alternative");
                    last.alternatives.push(Atom {
                        span: left.span.start..atom.span.end,
                        kind: AtomKind::Near(Proximity {
                            parts: vec![left.kind, atom.kind],
                            max_between: n,
                            ordered: false,
                        }),
                    });
                } else if let Some(or_span) = pending_or.take() {
                    let last = clauses.last_mut().expect("OR follows a clause");
                    if negated || last.negated {
                        return Err(err(
                            C::OrExclusion,
                            "a '-' exclusion cannot be one side of an OR",
                            or_span,
                        ));
                    }
                    last.alternatives.push(atom);
                } else {
                    clauses.push(Clause { negated, alternatives: vec![atom] });
                }
            }
        }
    }
    if let Some(span) = pending_or {
        return Err(err(C::OrNeedsTerms, "OR needs a term on both sides", span));
    }
    if let Some(span) = pending_and {
        return Err(err(C::AndNeedsTerms, "AND needs a term on both sides", span));
    }
    if let Some((n, span)) = pending_near {
        return Err(err(C::NearNeedsTerms, format!("NEAR/{n} needs a term on both sides"), span)
            .with("n", n));
    }
    Ok(clauses)
}

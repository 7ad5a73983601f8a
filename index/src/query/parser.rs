//! The query language, parsed by hand so every error can name its problem
//! and point at it.
//!
//! ```text
//! 再拜賓答再拜          a run of characters is a phrase (punctuation inside is ignored)
//! 觶 豐                 space-separated terms must all occur (AND)
//! 觶 OR 觚              either (OR binds tighter than AND: 奠 觶 OR 觚 = 奠 AND (觶 OR 觚));
//!                       no brackets: ( ) （ ） outside quotes are refused
//! -疏                   exclude segments containing a term
//! 觶 AND 豐, 觶 NOT 酬   the same as `觶 豐` and `觶 -酬`, for those used to
//!                       other search engines (an unknown Latin word would
//!                       otherwise be a term that silently matches nothing)
//! "賓 答"               quotes make one phrase of what they hold; an input
//!                       method's “賓 答” 「賓 答」 『賓 答』 ＂賓 答＂ too
//! 再?拜 "主人?賓"        `?` (or the full-width `？`) is exactly one character,
//!                       inside a term; `*` outside quotes is refused
//! "主人 賓"~3            the parts in order, at most 3 characters between
//! 主人 NEAR/3 賓         either order, at most 3 characters between
//!                       (NEAR binds tighter than OR: 甲 NEAR/2 乙 OR 丙 = (甲 NEAR/2 乙) OR 丙)
//! layer:注 work:大射儀 source:xiangshe.zhushu     filters; two of one field
//!                       mean either (layer:注 layer:經 = layer:注 OR layer:經)
//! =觶                   exact form, no folding (觶 but not 觯); not on pinyin
//! zhi4  zhì  bi1  zhi   pinyin: characters with that reading (ｚｈｉ４ too)
//! ```
//!
//! The operators are read as a Chinese input method types them: OR, AND,
//! NOT and NEAR in any case and in full-width letters (ｏｒ, ＮＥＡＲ／３),
//! ～ for ~, ？ for ?, and the quote marks above. Read otherwise they would
//! be searched as words or dropped as punctuation, and the user would get
//! a different query's answer without a word.

use std::ops::Range;

use sheli_corpus::FoldMode;

use super::ast::{Atom, AtomKind, Clause, Filter, Proximity, Query, QueryNote};
use super::filter::{field_split, filter};
use super::terms::{distance, is_punctuation_only, ordered, term};
use super::{NoteCode, QueryCode as C, QueryError, Vocabulary, err, err_at};
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
    notes: Vec<QueryNote>,
}

fn is_tilde(c: char) -> bool {
    c == '~' || c == '～'
}

/// `"` and the full-width `＂`: one mark both opens and closes, and inside a
/// term it is always a fault (as `"` has been).
fn is_straight_quote(c: char) -> bool {
    c == '"' || c == '＂'
}

/// The marks that close a quote opened by `open`, if `open` opens one.
fn closers(open: char) -> Option<&'static [char]> {
    match open {
        '"' | '＂' => Some(&['"', '＂']),
        '“' => Some(&['”']),
        '「' => Some(&['」']),
        '『' => Some(&['』']),
        _ => None,
    }
}

fn is_paired_closer(c: char) -> bool {
    matches!(c, '”' | '」' | '』')
}

/// How an operator is recognised whatever case or width it was typed in:
/// full-width Latin letters, digits and `／` as ASCII, upper-cased. One
/// character for one, so positions in it are positions in the term.
fn operator_form(body: &str) -> String {
    half_width(body).to_ascii_uppercase()
}

/// Full-width ASCII (U+FF01–FF5E) as ASCII, one character for one, so
/// positions in it are positions in the term: what an input method in
/// full-width mode types for a Latin term (`ｚｈｉ４` is `zhi4`), which
/// would otherwise be searched as written and find nothing, silently.
fn half_width(body: &str) -> String {
    body.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Brackets, ASCII or full-width: the query language has no grouping.
fn is_bracket(c: char) -> bool {
    matches!(c, '(' | ')' | '（' | '）')
}

/// `*`, or the full-width `＊`: not a wildcard here (`?` is).
fn is_star(c: char) -> bool {
    c == '*' || c == '＊'
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
        if self.chars.get(self.pos).copied().and_then(closers).is_some()
            && let Some(atom) = self.quoted(start, mode)?
        {
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
        if body.contains(is_straight_quote) {
            return Err(err(
                C::StrayQuote,
                "unbalanced quote: quotes must enclose a whole term",
                span,
            ));
        }
        self.paired_marks_inside(body_start)?;
        self.no_grouping_or_star(body_start, &body)?;
        let op = operator_form(&body);
        if let Some(rest) = op.strip_prefix("NEAR")
            && (rest.is_empty() || rest.starts_with('/'))
        {
            if negated || exact {
                return Err(err(
                    C::NearPrefix,
                    "NEAR/N joins two terms; it takes no '-' or '='",
                    span,
                ));
            }
            // as typed, for the message (`ＮＥＡＲ／x`)
            let typed: String = body.chars().take(5).collect();
            let digits: String = body.chars().skip(5).collect();
            let n = distance(&typed, &digits, span.clone(), "A NEAR/3 B")?;
            return Ok(Some(Item::Near(n, span)));
        }
        if let Some(i) = body.chars().position(is_tilde) {
            let at = body_start + i;
            if i > 0 && is_paired_closer(self.chars[at - 1]) {
                // `再 拜」~3`: the `~N` is after a closing mark, but no
                // quote was opened (the opening mark is missing).
                let mark = self.chars[at - 1];
                return Err(err(
                    C::StrayQuote,
                    format!("unbalanced quote: `{mark}` closes a quote that was not opened"),
                    at - 1..at,
                ));
            }
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
            match op.as_str() {
                "OR" => return Ok(Some(Item::Or(span))),
                "AND" => return Ok(Some(Item::And(span))),
                "NOT" => return self.not(span),
                _ => {}
            }
        }
        // A term of punctuation alone between others (`主人 。 賓`, a 疏's
        // `○`, a dash, a pasted bracket) is passed over, as punctuation is
        // anywhere: it refused the whole query with a message saying that
        // punctuation is ignored. A query of nothing else still says there
        // is nothing to search for; `-` or `=` before it keeps its error.
        // A Latin term is read in half-width whatever width it was typed
        // in, as the operators are; a CJK term keeps its characters.
        let latin = half_width(&body);
        if !negated
            && !exact
            && field_split(&body).is_none()
            && Syllable::parse(&latin).is_none()
            && is_punctuation_only(&body, mode)
        {
            return self.next_item();
        }
        let kind = match field_split(&body) {
            Some((field, value)) => {
                AtomKind::Filter(filter(self.vocab, field, value, Some(span.clone()))?)
            }
            None => match Syllable::parse(&latin) {
                // `=` asks for a character as written; a syllable is read as
                // every character with that reading, so `=zhi4` searched the
                // letters and found nothing, silently.
                Some(_) if exact => {
                    return Err(err(
                        C::ExactPinyin,
                        format!(
                            "`={body}`: `=` applies to characters (=觶), not to pinyin; \
                             write {latin} for the characters read so"
                        ),
                        span,
                    )
                    .with("term", body)
                    .with("pinyin", latin));
                }
                Some(s) => {
                    // Exact forms asked for the whole query (`--exact`, the
                    // window's box): a syllable still finds its characters in
                    // every form, which the reader is told rather than left
                    // to think it was exact.
                    if self.default_mode == FoldMode::Exact {
                        self.notes.push(QueryNote {
                            code: NoteCode::PinyinFolded,
                            params: vec![("term", body.clone())],
                            message: format!(
                                "`{body}` is pinyin: the characters read so are found in every form, exact forms or not"
                            ),
                        });
                    }
                    AtomKind::Pinyin(s)
                }
                None if looks_like_a_latin_word(&latin) => {
                    if !exact {
                        self.notes.push(QueryNote {
                            code: NoteCode::NotPinyin,
                            params: vec![("term", body.clone())],
                            message: format!(
                                "`{body}` is not a pinyin syllable (e.g. zhi4, zhì, bi1), so it is searched as written"
                            ),
                        });
                    }
                    term(&latin, body_start, mode, span.clone())?
                }
                None => term(&body, body_start, mode, span.clone())?,
            },
        };
        Ok(Some(Item::Atom { negated, atom: Atom { kind, span } }))
    }

    /// A quoted term from the opening mark at `self.pos` (the term began at
    /// `start`, before any `-` or `=`), with its `~N` if it has one.
    ///
    /// `None` where paired marks (“ ” 「 」 『 』) around no space can be
    /// read as the punctuation they are in a pasted sentence (`「主人」曰`,
    /// `「再拜`): there they change nothing, and the term is read as a run
    /// of characters. `"` keeps its errors.
    fn quoted(&mut self, start: usize, mode: FoldMode) -> Result<Option<Atom>, QueryError> {
        let open = self.pos;
        let mark = self.chars[open];
        let closing = closers(mark).unwrap_or(&['"']);
        let paired = !is_straight_quote(mark);
        let spaced =
            |from: usize, to: usize| self.chars[from..to].iter().any(|c| c.is_whitespace());
        let close = self.chars[open + 1..].iter().position(|c| closing.contains(c));
        let Some(close) = close else {
            if paired && !spaced(open + 1, self.chars.len()) {
                return Ok(None);
            }
            return Err(err(
                C::UnclosedQuote,
                format!("unbalanced quote: a {mark} has no closing {}", closing[0]),
                open..self.chars.len(),
            )
            .with("open", mark)
            .with("close", closing[0]));
        };
        let end = open + 1 + close + 1;
        let close_mark = self.chars[end - 1];
        let after = self.chars.get(end).copied();
        if paired
            && after.is_some_and(|c| !c.is_whitespace() && !is_tilde(c))
            && !spaced(open + 1, end - 1)
        {
            return Ok(None);
        }
        let inner = self.text(open + 1..end - 1);
        self.pos = end;
        if mode != FoldMode::Exact {
            self.note_quoted_pinyin(&inner);
        }
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
                format!("a closing {close_mark} must be followed by a space"),
                start..self.pos + 1,
            )
            .with("close", close_mark));
        }
        let span = start..self.pos;
        let kind = match near {
            Some(n) => ordered(&inner, open + 1, mode, n, span.clone())?,
            None => term(&inner, open + 1, mode, span.clone())?,
        };
        Ok(Some(Atom { kind, span }))
    }

    /// Quotes make a Latin word literal (README), so `"zhu3 ren2"` looks
    /// for the letters and finds nothing, silently (the outside tester's
    /// finding K, h5): a pinyin syllable in quotes gets a note saying so
    /// and how to ask for the syllables side by side (NEAR/0).
    fn note_quoted_pinyin(&mut self, inner: &str) {
        let words: Vec<&str> = inner.split_whitespace().collect();
        let pinyin = |w: &str| {
            let w = half_width(w);
            looks_like_a_latin_word(&w) && Syllable::parse(&w).is_some()
        };
        let Some(first) = words.iter().find(|w| pinyin(w)) else { return };
        let near = if words.len() > 1 && words.iter().all(|w| pinyin(w)) {
            words.join(" NEAR/0 ")
        } else {
            "zhu3 NEAR/0 ren2".to_string()
        };
        self.notes.push(QueryNote {
            code: NoteCode::QuotedPinyin,
            params: vec![("term", (*first).to_owned()), ("near", near.clone())],
            message: format!(
                "in quotes `{first}` is searched as written, not as pinyin; for syllables side by side write {near}"
            ),
        });
    }

    /// Paired quote marks inside a run of characters (from `body_start` to
    /// `self.pos`) are punctuation, as in a pasted sentence (`曰「諾」`),
    /// unless one is left open or closed across a space: then the user
    /// meant a quote, and reading it as punctuation would search something
    /// else (`曰「諾 主人」` is not 曰諾 and 主人).
    fn paired_marks_inside(&self, body_start: usize) -> Result<(), QueryError> {
        let body = &self.chars[body_start..self.pos];
        let before = self.chars[..body_start].iter().any(|c| c.is_whitespace());
        let after = self.chars[self.pos..].iter().any(|c| c.is_whitespace());
        for (i, &c) in body.iter().enumerate() {
            let at = body_start + i;
            if let Some(closing) = closers(c)
                && !body[i + 1..].iter().any(|d| closing.contains(d))
                && after
            {
                return Err(err(
                    C::StrayQuote,
                    format!(
                        "unbalanced quote: `{c}` opens a quote inside a term that does not close \
                         in it; a quote encloses whole terms: {c}再 拜{}",
                        closing[0]
                    ),
                    at..at + 1,
                ));
            }
            if is_paired_closer(c)
                && !body[..i].iter().any(|&d| closers(d).is_some_and(|cl| cl.contains(&c)))
                && before
            {
                return Err(err(
                    C::StrayQuote,
                    format!("unbalanced quote: `{c}` closes a quote that was not opened"),
                    at..at + 1,
                ));
            }
        }
        Ok(())
    }

    /// Brackets and `*` outside quotes are refused, pointing at the mark.
    /// Read as punctuation, as they were, `(主人 賓) OR 射` answered
    /// 主人 AND (賓 OR 射) and `射*` answered 射: another question's answer,
    /// without a word. Inside quotes they stay punctuation, so a pasted
    /// sentence with brackets can still be searched quoted.
    fn no_grouping_or_star(&self, body_start: usize, body: &str) -> Result<(), QueryError> {
        for at in body_start..self.pos {
            let c = self.chars[at];
            if is_bracket(c) {
                return Err(err(
                    C::Bracket,
                    format!(
                        "brackets do not group terms here: `{c}` is not supported. OR binds \
                         tighter than the space's AND (奠 觶 OR 觚 = 奠 AND (觶 OR 觚)); \
                         to search text with brackets, put it in quotes"
                    ),
                    at..at + 1,
                )
                .with("bracket", c));
            }
            if is_star(c) {
                return Err(err(
                    C::Star,
                    format!(
                        "`{body}`: `{c}` is not a wildcard here; use ? for one character (坐?爵)"
                    ),
                    at..at + 1,
                )
                .with("term", body)
                .with("star", c));
            }
        }
        Ok(())
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
    let query = Query { clauses: same_field_filters_join(group(items)?), notes: lexer.notes };
    if query.positive_terms().next().is_none() {
        let typed = input.trim();
        return Err(if query.clauses.is_empty() && typed.is_empty() {
            err_at(C::Empty, "the query is empty", None)
        } else if query.clauses.is_empty() {
            // Punctuation alone, every term passed over.
            err_at(
                C::NothingToSearch,
                format!("`{typed}` has nothing to search for (punctuation and spaces are ignored)"),
                None,
            )
            .with("term", typed)
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

/// The field a clause filters on, if it is a filter clause: not excluded,
/// every alternative a filter of that one field.
fn filter_field(clause: &Clause) -> Option<std::mem::Discriminant<Filter>> {
    if clause.negated {
        return None;
    }
    let mut fields = clause.alternatives.iter().map(|a| match &a.kind {
        AtomKind::Filter(f) => Some(std::mem::discriminant(f)),
        _ => None,
    });
    let first = fields.next()??;
    fields.all(|f| f == Some(first)).then_some(first)
}

/// Two filters of one field mean either: `射 layer:注 layer:經` is 射 in 注
/// or in 經. ANDed, as every other pair of clauses is, they asked for a
/// segment in two layers at once and found nothing, silently; no segment
/// is in two layers, works or sources, so the union is the only reading
/// that can find anything. Excluded filters stay apart (`-layer:注
/// -layer:疏` excludes both).
fn same_field_filters_join(clauses: Vec<Clause>) -> Vec<Clause> {
    let mut out: Vec<Clause> = Vec::with_capacity(clauses.len());
    for clause in clauses {
        let joined = filter_field(&clause)
            .and_then(|field| out.iter().position(|c| filter_field(c) == Some(field)));
        match joined {
            Some(i) => out[i].alternatives.extend(clause.alternatives),
            None => out.push(clause),
        }
    }
    out
}

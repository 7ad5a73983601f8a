//! Filters (`layer:`, `work:`, `source:`): what a typed value names.

use std::ops::Range;

use sheli_corpus::fold::fold;
use sheli_corpus::{FoldMode, Layer};

use super::ast::Filter;
use super::{QueryCode as C, QueryError, Vocabulary, err_at};

/// A filter given apart from the query (`--layer`, `--work`, `--source` and
/// their IPC equivalents), checked as one typed in it would be. It is kept out
/// of the query string, so a value can never add terms to the query, and an
/// error does not point at characters the user did not type.
pub fn parse_filter(field: &str, value: &str, vocab: &Vocabulary) -> Result<Filter, QueryError> {
    filter(vocab, field, value.trim(), None)
}

pub(super) fn filter(
    vocab: &Vocabulary,
    field: &str,
    value: &str,
    span: Option<Range<usize>>,
) -> Result<Filter, QueryError> {
    if value.is_empty() {
        return Err(err_at(
            C::FilterNeedsValue,
            format!("`{field}:` needs a value, e.g. {field}:{}", example(field)),
            span,
        )
        .with("field", field)
        .with("example", example(field)));
    }
    match field {
        "layer" => Layer::parse(value).map(Filter::Layer).ok_or_else(|| {
            err_at(
                C::UnknownLayer,
                format!("unknown layer `{value}`; layers are 經 注 疏 音義 按 題 譯"),
                span,
            )
            .with("value", value)
        }),
        "work" => vocab.work(value).map(Filter::Work).ok_or_else(|| {
            let works = vocab.works.join(" ");
            err_at(C::UnknownWork, format!("unknown work `{value}`; works are {works}"), span)
                .with("value", value)
                .with("works", works)
        }),
        "source" => match vocab.sources_named(value).as_slice() {
            [one] => Ok(Filter::Source(one.to_string())),
            [] => {
                let ids: Vec<&str> = vocab.sources.iter().map(|(id, _)| id.as_str()).collect();
                let ids = ids.join(" ");
                Err(err_at(
                    C::UnknownSource,
                    format!("unknown source `{value}`; sources are {ids}"),
                    span,
                )
                .with("value", value)
                .with("sources", ids))
            }
            // A prefix of several was called unknown, which it is not: say
            // which it begins, so the user sees what to add.
            several => {
                let ids = several.join(" ");
                Err(err_at(
                    C::AmbiguousSource,
                    format!(
                        "`{value}` begins the names of {} sources: {ids}; add more of the name",
                        several.len()
                    ),
                    span,
                )
                .with("value", value)
                .with("count", several.len())
                .with("sources", ids))
            }
        },
        other => Err(err_at(
            C::UnknownField,
            format!("unknown field `{other}:`; fields are layer:, work: and source:"),
            span,
        )
        .with("field", other)),
    }
}

fn example(field: &str) -> &'static str {
    match field {
        "layer" => "注",
        "work" => "大射儀",
        _ => "xiangshe.zhushu",
    }
}

/// `layer:注` → (`layer`, `注`). Only ASCII letters name a field, so a CJK
/// term containing a colon is still a term.
pub(super) fn field_split(body: &str) -> Option<(&str, &str)> {
    let colon = body.find([':', '：'])?;
    let field = &body[..colon];
    let value = &body[colon + body[colon..].chars().next()?.len_utf8()..];
    (!field.is_empty() && field.chars().all(|c| c.is_ascii_alphabetic())).then_some((field, value))
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
        match self.sources_named(typed).as_slice() {
            [one] => Some(one.to_string()),
            _ => None,
        }
    }

    /// The sources `typed` names: the one whose id it is, else every one
    /// whose id it begins (none, one, or several for an ambiguous prefix).
    pub fn sources_named(&self, typed: &str) -> Vec<&str> {
        if let Some((id, _)) = self.sources.iter().find(|(id, _)| id == typed) {
            return vec![id.as_str()];
        }
        self.sources.iter().map(|(id, _)| id.as_str()).filter(|id| id.starts_with(typed)).collect()
    }
}

//! The fixed query set (`bench/queries.txt`).

use anyhow::{Result, bail};

/// Query classes, in report order.
/// `prox`: `"A B"~N` and `A NEAR/N B`; `wild`: a term with `?`.
pub const CLASSES: [&str; 6] = ["c1", "c2", "c4", "multi", "prox", "wild"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub class: &'static str,
    pub text: String,
}

/// The committed query set.
pub const QUERIES: &str = include_str!("../queries.txt");

/// Parses `class<TAB>query` lines; `#` starts a comment line.
pub fn parse(text: &str) -> Result<Vec<Query>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((class, q)) = line.split_once('\t') else {
            bail!("queries.txt:{}: expected class<TAB>query", n + 1)
        };
        let Some(class) = CLASSES.iter().find(|c| **c == class) else {
            bail!("queries.txt:{}: unknown class {class:?}", n + 1)
        };
        out.push(Query { class, text: q.trim().to_string() });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_set_parses_and_fits_its_classes() {
        let qs = parse(QUERIES).unwrap();
        for class in CLASSES {
            assert!(qs.iter().filter(|q| q.class == class).count() >= 6, "{class}");
        }
        for q in &qs {
            use crate::fts5_pattern::{Pattern, parse};
            match (q.class, parse(&q.text)) {
                ("prox", Some(Pattern::Ordered(..) | Pattern::Near(..))) => continue,
                ("wild", Some(Pattern::Wild(_))) => continue,
                ("prox" | "wild", p) => panic!("{q:?} is read as {p:?}"),
                (_, p) => assert!(p.is_none(), "{q:?}"),
            }
            let terms = crate::fts5::terms(&q.text);
            let chars = |t: &String| t.chars().count();
            match q.class {
                "c1" => assert!(terms.len() == 1 && chars(&terms[0]) == 1, "{q:?}"),
                "c2" => assert!(terms.len() == 1 && chars(&terms[0]) == 2, "{q:?}"),
                "c4" => assert!(terms.len() == 1 && chars(&terms[0]) == 4, "{q:?}"),
                _ => assert!((2..=3).contains(&terms.len()), "{q:?}"),
            }
        }
    }
}

//! The check that needs the texts: every quote is in its passage and layer.

use super::Stages;
use crate::corpus::Corpus;
use crate::fold::{FoldMode, count_in};
use crate::model::Layer;

/// Every quote of the stage data that is not, verbatim (punctuation aside),
/// in the layer of the passage it names, as one line each: empty when all
/// are there.
pub fn check_quotes(stages: &Stages, corpus: &Corpus) -> Vec<String> {
    let mut problems = Vec::new();
    let mut expect = |passage: &str, layer: Layer, quote: &str, what: &str| {
        let text: String = match corpus.passage(passage) {
            Ok(p) => {
                p.segments.iter().filter(|s| s.layer == layer).map(|s| s.text.as_str()).collect()
            }
            Err(e) => return problems.push(format!("{what}: {e}")),
        };
        if quote.trim().is_empty() || count_in(&text, quote, FoldMode::Exact) == 0 {
            problems.push(format!("{what}: “{quote}” is not in the {layer} of {passage}"));
        }
    };
    for work in &stages.works {
        for step in &work.steps {
            for m in &step.moves {
                let what = format!("{} ({} {})", step.passage, m.actor, m.action);
                expect(&step.passage, m.layer, &m.quote, &what);
                if let (Some(layer), Some(quote)) = (m.basis.layer(), &m.basis_quote) {
                    let at = m.basis_passage.as_deref().unwrap_or(&step.passage);
                    expect(at, layer, quote, &format!("{what}, its basis"));
                }
                for a in &m.alternatives {
                    let at = a.passage.as_deref().unwrap_or(&step.passage);
                    expect(
                        at,
                        a.by.layer(),
                        &a.quote,
                        &format!("{what}, the reading of the {}", a.by.layer()),
                    );
                }
            }
        }
    }
    problems
}

//! Notes as a Markdown document, grouped by work and passage.

use sheli_corpus::Corpus;

use crate::notes::{Note, NoteFilter};
use crate::time::{format_date, format_rfc3339};
use crate::{Result, Store, now};

/// Escapes Markdown's inline markup in quoted text.
fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#') {
            out.push('\\');
        }
        if c == '\n' {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

impl Store {
    /// Notes (those `filter` selects) as Markdown: grouped by work and
    /// passage, each under a quotation of its span; notes that cannot be
    /// placed last, with their quotes.
    pub fn export_notes_markdown(&self, corpus: &Corpus, filter: &NoteFilter) -> Result<String> {
        let notes = self.notes(filter)?;
        let mut out = String::from("# Notes from Sheli 射禮\n\n");
        let plural = if notes.len() == 1 { "" } else { "s" };
        out.push_str(&format!(
            "Exported {} · {} note{plural}\n",
            format_rfc3339(now()),
            notes.len()
        ));
        let (placed, orphaned): (Vec<&Note>, Vec<&Note>) = notes.iter().partition(|n| !n.orphaned);
        let mut work = None;
        let mut passage_id = None;
        let one = |out: &mut String, n: &Note| {
            out.push_str(&format!("\n> {}\n> — {}\n\n", md_escape(&n.exact), n.layer.label()));
            out.push_str(n.body.trim_end());
            out.push_str("\n\n");
            let mut meta = Vec::new();
            if !n.tags.is_empty() {
                meta.push(format!(
                    "Tags: {}",
                    n.tags.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(" ")
                ));
            }
            meta.push(format!("Written {}", format_date(n.created)));
            if n.modified != n.created {
                meta.push(format!("edited {}", format_date(n.modified)));
            }
            out.push_str(&format!("*{}*\n", meta.join(" · ")));
        };
        for n in placed {
            if work != Some(&n.work) {
                out.push_str(&format!(
                    "\n## {}\n",
                    if n.work.is_empty() { "(unknown work)" } else { &n.work }
                ));
                work = Some(&n.work);
                passage_id = None;
            }
            if passage_id != Some(&n.passage_id) {
                let section = corpus
                    .passage(&n.passage_id)
                    .ok()
                    .and_then(|p| p.section.clone())
                    .map(|s| format!(" · {s}"))
                    .unwrap_or_default();
                out.push_str(&format!("\n### {}{section}\n", n.passage_id));
                passage_id = Some(&n.passage_id);
            }
            one(&mut out, n);
        }
        if !orphaned.is_empty() {
            out.push_str("\n## Notes whose passage text has changed\n\nTheir quotes are no longer found in the texts.\n");
            for n in orphaned {
                out.push_str(&format!(
                    "\n### {} (was in {})\n",
                    n.passage_id,
                    if n.work.is_empty() { "?" } else { &n.work }
                ));
                one(&mut out, n);
            }
        }
        Ok(out)
    }
}

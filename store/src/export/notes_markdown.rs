//! Notes as a Markdown document a notes vault reads (Obsidian, Zotero):
//! YAML front matter, then notes grouped by work and passage, each under a
//! heading with its citation (edition, work, layer, passage, line of the
//! source file) and the text it quotes. A note's own headings are demoted
//! below its heading, so they never break the outline. A note that anchors
//! several passages is listed under its first, with the citation and quote
//! of each further passage after the first quote ("Also on …"); its colour
//! is named in its line of tags and dates.

use sheli_corpus::{Corpus, Passage};

use crate::notes::{Note, NoteAnchor, NoteFilter};
use crate::time::{format_date, format_rfc3339};
use crate::{Result, Store, now};

/// The level of a note's heading; its own headings start below it.
const NOTE_LEVEL: usize = 4;

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

/// A YAML double-quoted scalar.
fn yaml_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `body` with every heading (ATX `#` or setext underlined) moved below
/// level `NOTE_LEVEL`; headings that would pass level 6 become bold lines.
/// Fenced code is left alone.
fn demote_headings(body: &str) -> String {
    let heading = |level: usize, text: &str| {
        let level = level + NOTE_LEVEL;
        if level <= 6 {
            format!("{} {}", "#".repeat(level), text.trim())
        } else {
            format!("**{}**", text.trim())
        }
    };
    let mut out: Vec<String> = Vec::new();
    let mut fence: Option<&str> = None;
    let mut previous_is_text = false;
    for line in body.lines() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(f) = fence {
            if trimmed.starts_with(f) {
                fence = None;
            }
            out.push(line.to_owned());
            previous_is_text = false;
            continue;
        }
        if indent < 4 && (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
            fence = Some(&trimmed[..3]);
            out.push(line.to_owned());
            previous_is_text = false;
            continue;
        }
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        let atx = indent < 4
            && (1..=6).contains(&hashes)
            && trimmed[hashes..].chars().next().is_none_or(|c| c == ' ' || c == '\t');
        if atx {
            let text = trimmed[hashes..].trim().trim_end_matches('#').trim_end();
            out.push(heading(hashes, text));
            previous_is_text = false;
            continue;
        }
        let underline = indent < 4
            && !trimmed.is_empty()
            && (trimmed.trim_end().chars().all(|c| c == '=')
                || trimmed.trim_end().chars().all(|c| c == '-'));
        if underline && previous_is_text {
            let level = if trimmed.starts_with('=') { 1 } else { 2 };
            let text = out.pop().unwrap_or_default();
            out.push(heading(level, &text));
            previous_is_text = false;
            continue;
        }
        previous_is_text = !trimmed.is_empty();
        out.push(line.to_owned());
    }
    out.join("\n")
}

/// The segment of `p` holding character `start` of the passage's text (its
/// segments joined), and the index of that character in it.
fn segment_at(p: &Passage, start: usize) -> (usize, usize) {
    let mut before = 0;
    for (i, s) in p.segments.iter().enumerate() {
        let len = s.text.chars().count();
        if start < before + len {
            return (i, start - before);
        }
        before += len;
    }
    (p.segments.len().saturating_sub(1), 0)
}

/// The citation of where anchor `a` is, or its passage id when the passage
/// is gone.
fn citation(corpus: &Corpus, a: &NoteAnchor) -> String {
    match corpus.passage(&a.passage_id) {
        Ok(p) => {
            let (seg, at) = segment_at(p, a.start as usize);
            let line = corpus.position(p, seg, at).map_or(p.line(), |(line, _)| line);
            corpus.citation(p, seg, line)
        }
        Err(_) => a.passage_id.clone(),
    }
}

impl Store {
    /// Notes (those `filter` selects) as Markdown (see the module
    /// documentation); notes that cannot be placed last, with their quotes.
    pub fn export_notes_markdown(&self, corpus: &Corpus, filter: &NoteFilter) -> Result<String> {
        let notes = self.notes(filter)?;
        let mut tags: Vec<&String> = notes.iter().flat_map(|n| &n.tags).collect();
        tags.sort();
        tags.dedup();
        let mut out = String::from("---\n");
        out.push_str(&format!("title: {}\n", yaml_str("Notes from Sheli 射禮")));
        out.push_str(&format!("exported: {}\n", yaml_str(&format_rfc3339(now()))));
        out.push_str(&format!("notes: {}\n", notes.len()));
        out.push_str(&format!(
            "tags: [{}]\n",
            tags.iter().map(|t| yaml_str(t)).collect::<Vec<_>>().join(", ")
        ));
        out.push_str("---\n\n# Notes from Sheli 射禮\n");
        let (placed, orphaned): (Vec<&Note>, Vec<&Note>) = notes.iter().partition(|n| !n.orphaned);
        let mut work = None;
        let mut passage_id = None;
        let one = |out: &mut String, n: &Note| {
            let anchors = n.anchors();
            out.push_str(&format!(
                "\n{} {}\n",
                "#".repeat(NOTE_LEVEL),
                md_escape(&citation(corpus, &anchors[0]))
            ));
            out.push_str(&format!("\n> {}\n> — {}\n", md_escape(&n.exact), n.layer.label()));
            for a in &anchors[1..] {
                let gone = if a.orphaned { " (its quote is no longer in the text)" } else { "" };
                out.push_str(&format!(
                    "\nAlso on {}{gone}:\n\n> {}\n> — {}\n",
                    md_escape(&citation(corpus, a)),
                    md_escape(&a.exact),
                    a.layer.label()
                ));
            }
            out.push('\n');
            out.push_str(demote_headings(n.body.trim_end()).as_str());
            out.push_str("\n\n");
            let mut meta = vec![format!("Colour: {}", n.colour.name())];
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

#[cfg(test)]
mod tests {
    use super::demote_headings;

    #[test]
    fn a_note_s_headings_go_below_its_own() {
        assert_eq!(demote_headings("# Big\ntext"), "##### Big\ntext");
        assert_eq!(demote_headings("## Two ##"), "###### Two");
        assert_eq!(demote_headings("### Deep"), "**Deep**");
        assert_eq!(demote_headings("Title\n=====\nbody"), "##### Title\nbody");
        assert_eq!(demote_headings("Sub\n---"), "###### Sub");
        // Not headings: a hash without a space, a rule after a blank line, code.
        assert_eq!(demote_headings("#tag"), "#tag");
        assert_eq!(demote_headings("a\n\n---"), "a\n\n---");
        assert_eq!(demote_headings("```\n# not\n```"), "```\n# not\n```");
        assert_eq!(demote_headings("    # indented code"), "    # indented code");
    }
}

//! `sheli corpus` and `sheli show`.

use anyhow::Result;
use serde::Serialize;
use sheli_corpus::align::LinkKind;
use sheli_corpus::display::{Script, Shown};
use sheli_corpus::faults::Fault;
use sheli_corpus::{Passage, PlaceNote, Segment};

pub fn corpus(json: bool) -> Result<()> {
    let corpus = super::shared::corpus()?;
    let summaries = corpus.summaries();
    super::shared::warn_unread(&corpus);
    if json {
        println!("{}", serde_json::to_string_pretty(&summaries)?);
        return Ok(());
    }
    for s in summaries {
        let layers: Vec<String> =
            s.layers.iter().filter(|(_, n)| **n > 0).map(|(k, n)| format!("{k} {n}")).collect();
        println!("{:<18} {:<26} {} · {} ({:?})", s.id, s.origin, s.work, s.edition, s.script);
        println!(
            "{:<18} {}: {}",
            "",
            super::shared::count(s.passages as u64, "passage"),
            layers.join(", ")
        );
    }
    Ok(())
}

/// A passage as `sheli show --json` prints it.
#[derive(Serialize)]
struct ShownPassage<'a> {
    id: &'a str,
    source: &'a str,
    origin: &'a str,
    work: &'a str,
    edition: &'a str,
    /// First raw line of the passage in its source file.
    line: u32,
    last_line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    section: Option<String>,
    segments: Vec<Segment>,
    aligned: Vec<ShownAligned<'a>>,
    faults: Vec<Fault>,
    /// The standard citation (corpus/src/locate.rs), which `show` reads back.
    citation: String,
    /// Why the passage shown is not exactly the place named (a line with no
    /// passage, a citation whose line is outside its passage).
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<PlaceNote>,
}

#[derive(Serialize)]
struct ShownAligned<'a> {
    kind: LinkKind,
    id: &'a str,
    source: &'a str,
    work: &'a str,
    line: u32,
    score: f32,
    text: String,
}

fn main_text(p: &Passage) -> String {
    let jing = p.jing_text();
    if jing.is_empty() {
        p.segments.first().map(|s| s.text.clone()).unwrap_or_default()
    } else {
        jing
    }
}

pub fn show(id: &str, script: Script, json: bool) -> Result<()> {
    let corpus = super::shared::corpus()?;
    // A passage id as such (its error names it), else any place a reader
    // names: a citation Sheli wrote, or a source and a line.
    let looks_like_id = id
        .rsplit_once('.')
        .is_some_and(|(_, n)| n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit()));
    // `locate` also reads an id in capitals, full width or unpadded.
    let (passage, line_named, note) = match corpus.passage(id.trim()) {
        Ok(p) => (p, None, None),
        Err(e) => match corpus.locate(id) {
            Ok(at) => (corpus.passage(&at.passage)?, Some(at.line), at.note),
            Err(_) if looks_like_id => return Err(e.into()),
            Err(other) => return Err(other.into()),
        },
    };
    let source = corpus.source(&passage.source).expect("a passage's source exists");
    // The same conversion as the reader's (sheli_corpus::display).
    let shown = Shown::new(source.info.script, script);
    let segments = passage
        .segments
        .iter()
        .map(|s| -> Result<Segment> {
            let (text, shu_on_zhu) = shown.segment(s)?;
            let mut s = s.clone();
            s.text = text;
            s.shu_on_zhu = shu_on_zhu;
            for r in &mut s.readings {
                r.character = shown.text(&r.character)?;
                r.reading = shown.text(&r.reading)?;
            }
            Ok(s)
        })
        .collect::<Result<Vec<_>>>()?;
    let (line, last_line) = corpus.line_span(passage);
    let first_line = line;
    let shown = ShownPassage {
        id: &passage.id,
        source: &passage.source,
        origin: &source.info.origin,
        work: &passage.work,
        edition: &source.info.edition,
        line,
        last_line,
        // The heading in the script asked for, like the layers below it.
        section: passage.section.as_deref().map(|h| shown.text(h)).transpose()?,
        segments,
        aligned: corpus
            .aligned_with(&passage.id)
            .into_iter()
            .map(|a| ShownAligned {
                kind: a.kind,
                id: &a.passage.id,
                source: &a.passage.source,
                work: &a.passage.work,
                line: a.passage.line(),
                score: a.score,
                text: main_text(a.passage),
            })
            .collect(),
        faults: corpus.faults_in(passage),
        // `show` prints a whole passage, every layer of it, so its citation
        // names no layer (as the window's "Copy passage"), whichever line
        // the reader named; naming the layer at that line cited a passage
        // that opens with the 經 to 鄭注 or 賈疏.
        citation: corpus.passage_citation_at(passage, line_named.unwrap_or(first_line)),
        note,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&shown)?);
        return Ok(());
    }
    let lines = if line == last_line {
        format!("line {line}")
    } else {
        format!("lines {line}–{last_line}")
    };
    println!("{}  {} · {}  {} of {}", shown.id, shown.work, shown.edition, lines, shown.origin);
    if let Some(section) = &shown.section {
        println!("section: {section}");
    }
    // The place opened is not quite the one named: said before the text.
    if let Some(note) = &shown.note {
        println!("note: {note}");
    }
    println!("cite as: {}", shown.citation);
    for seg in shown.segments {
        let label = if seg.ji { "記" } else { seg.layer.label() };
        println!("[{label}] {}", seg.text);
        for r in &seg.readings {
            let serves = r.serves.map(|l| format!(" (in the {})", l.label())).unwrap_or_default();
            let remark = r.remark.as_deref().map(|r| format!(", {r}")).unwrap_or_default();
            println!("       {} {}{remark}{serves}", r.character, r.reading);
        }
    }
    if !shown.aligned.is_empty() {
        println!("aligned:");
        for a in &shown.aligned {
            let kind = match a.kind {
                LinkKind::Edition => "edition",
                LinkKind::Parallel => "parallel",
                LinkKind::Translation => "translation",
            };
            println!("  {kind:<11} {} (line {})  {}", a.id, a.line, a.text);
        }
    }
    for f in &shown.faults {
        let reading = f.reading.as_deref().map(|r| format!(" (read {r})")).unwrap_or_default();
        let note = f.note.as_deref().map(|n| format!(": {n}")).unwrap_or_default();
        println!("fault, line {} [{}]: {}{reading}{note}", f.line, f.kind, f.text);
    }
    Ok(())
}

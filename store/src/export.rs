//! Exports in formats other tools read, and imports of the same formats.
//!
//! Glossaries:
//! - **Anki TSV** ([`Store::export_glossary_tsv`]): Anki's text-file headers
//!   (`#separator:tab`, `#html:true`, `#deck:`, `#columns:`, `#tags
//!   column:`), then one card a line: `Front` (headword), `Back` (reading and
//!   definition, for Anki's Basic note type), `Tags` (space-separated), and
//!   the columns Sheli reads back: `Reading`, `Definition`, `Sheli card` (the
//!   built-in card's id) and `Passages`. Fields are HTML: `&`, `<`, `>`,
//!   `"`, tabs and a leading `#` are written as entities, line breaks as
//!   `<br>`. The import also reads Anki's own exports (quoted fields, HTML
//!   stripped to text, `Front`/`Back` when Sheli's columns are absent).
//! - **JSON** ([`GlossaryFile`]).
//!
//! Notes:
//! - **Markdown** ([`Store::export_notes_markdown`]), grouped by work and
//!   passage, each note under the span it quotes;
//! - **W3C Web Annotation JSON** ([`Store::export_notes_annotations`]): an
//!   `AnnotationCollection` whose items are `Annotation`s with a Markdown
//!   `TextualBody` (tags as `tagging` bodies) and a target
//!   `urn:sheli:passage:<id>` with a `TextQuoteSelector` and a
//!   `TextPositionSelector`.
//!
//! Every import is checked whole before anything is written, and written in
//! one transaction: a bad file changes nothing.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sheli_corpus::{Corpus, Layer};
use ts_rs::TS;

use super::cards::{self, builtin_values};
use super::glossaries::{self, Glossary};
use super::notes::{self, Anchor, Note, NoteFilter, NoteRow, Target};
use super::time::{format_rfc3339, parse_rfc3339};
use super::{Result, Store, StoreError, builtin_card, check_tags, limits, now};

/// `"format"` of a glossary JSON file.
pub const GLOSSARY_FORMAT: &str = "sheli-glossary";
/// The newest glossary JSON version this build reads and writes.
pub const GLOSSARY_VERSION: u32 = 1;
/// The JSON-LD context of Web Annotations.
pub const ANNO_CONTEXT: &str = "http://www.w3.org/ns/anno.jsonld";
/// Prefix of a passage's URI in Web Annotation targets.
pub const PASSAGE_URN: &str = "urn:sheli:passage:";

/// A glossary as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlossaryFile {
    pub format: String,
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exported: Option<String>,
    pub cards: Vec<CardEntry>,
}

/// A card in a glossary file. For a built-in card (`builtin`), a missing
/// field takes the built-in card's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<String>,
    #[serde(default)]
    pub headword: Option<String>,
    #[serde(default)]
    pub reading: Option<String>,
    #[serde(default)]
    pub definition: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub passages: Vec<String>,
}

/// What a glossary import made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GlossaryImport {
    pub glossary: Glossary,
    pub cards: u32,
}

/// What a notes import did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NotesImport {
    /// Notes added.
    pub imported: u32,
    /// Annotations already in the store (same id), left as they are.
    pub skipped: u32,
    /// Of the notes added, those whose quote is not in the texts (kept as
    /// orphaned).
    pub orphaned: u32,
}

fn malformed(what: &str, message: impl Into<String>) -> StoreError {
    StoreError::Malformed { what: what.to_owned(), message: message.into() }
}

fn check_size(what: &str, text: &str) -> Result<()> {
    if text.len() > limits::IMPORT_BYTES {
        return Err(malformed(
            what,
            format!("it is {} bytes; at most {} can be imported", text.len(), limits::IMPORT_BYTES),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// HTML fields (Anki).

/// Escapes a field for an Anki file with `#html:true`.
fn html_field(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.chars().enumerate() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            '\n' => out.push_str("<br>"),
            '#' if i == 0 => out.push_str("&#35;"),
            c => out.push(c),
        }
    }
    out
}

/// The text of an HTML field: `<br>` and block ends become line breaks,
/// other tags are dropped, entities decoded.
fn html_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(['<', '&']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if rest.starts_with('<') {
            let Some(end) = rest.find('>') else {
                out.push_str(rest);
                return out;
            };
            let tag = rest[1..end].trim().to_ascii_lowercase();
            let name: String = tag
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if name == "br" || (tag.starts_with('/') && matches!(name.as_str(), "div" | "p" | "li"))
            {
                out.push('\n');
            }
            rest = &rest[end + 1..];
        } else {
            let end = rest.find(';').filter(|&e| e <= 10);
            let decoded = end.and_then(|e| {
                let ent = &rest[1..e];
                match ent {
                    "amp" => Some('&'),
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "quot" => Some('"'),
                    "apos" => Some('\''),
                    "nbsp" => Some('\u{a0}'),
                    _ => {
                        let n = if let Some(h) =
                            ent.strip_prefix("#x").or_else(|| ent.strip_prefix("#X"))
                        {
                            u32::from_str_radix(h, 16).ok()
                        } else {
                            ent.strip_prefix('#').and_then(|d| d.parse().ok())
                        };
                        n.and_then(char::from_u32)
                    }
                }
            });
            match (decoded, end) {
                (Some(c), Some(e)) => {
                    out.push(c);
                    rest = &rest[e + 1..];
                }
                _ => {
                    out.push('&');
                    rest = &rest[1..];
                }
            }
        }
    }
    out.push_str(rest);
    out
}

/// Splits tab-separated records, with fields optionally quoted the CSV way
/// (`"a ""b"""`, line breaks allowed inside quotes). Returns each record
/// with the 1-based line it starts on. Lines starting with `#` are comments.
fn split_records(text: &str) -> std::result::Result<Vec<(usize, Vec<String>)>, String> {
    let mut records = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    loop {
        // At the start of a record.
        match chars.peek() {
            None => break,
            Some('#') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                line += 1;
                continue;
            }
            _ => {}
        }
        let start = line;
        let mut fields = Vec::new();
        let mut field = String::new();
        let mut at_field_start = true;
        loop {
            match chars.next() {
                None => {
                    fields.push(std::mem::take(&mut field));
                    break;
                }
                Some('"') if at_field_start => {
                    loop {
                        match chars.next() {
                            None => {
                                return Err(format!("line {start}: a quoted field is not closed"));
                            }
                            Some('"') if chars.peek() == Some(&'"') => {
                                chars.next();
                                field.push('"');
                            }
                            Some('"') => break,
                            Some(c) => {
                                if c == '\n' {
                                    line += 1;
                                }
                                field.push(c);
                            }
                        }
                    }
                    at_field_start = false;
                }
                Some('\t') => {
                    fields.push(std::mem::take(&mut field));
                    at_field_start = true;
                }
                Some('\n') => {
                    line += 1;
                    if field.ends_with('\r') {
                        field.pop();
                    }
                    fields.push(std::mem::take(&mut field));
                    break;
                }
                Some(c) => {
                    field.push(c);
                    at_field_start = false;
                }
            }
        }
        if !(fields.len() == 1 && fields[0].trim().is_empty()) {
            records.push((start, fields));
        }
    }
    Ok(records)
}

// ---------------------------------------------------------------------------
// Glossaries.

const TSV_COLUMNS: [&str; 7] =
    ["Front", "Back", "Tags", "Reading", "Definition", "Sheli card", "Passages"];

impl Store {
    fn glossary_file(&self, id: i64) -> Result<GlossaryFile> {
        let g = self.glossary(id)?;
        let cards = self
            .cards(id)?
            .into_iter()
            .map(|c| CardEntry {
                builtin: c.builtin_id,
                headword: Some(c.headword),
                reading: Some(c.reading),
                definition: Some(c.definition),
                tags: c.tags,
                passages: c.passages,
            })
            .collect();
        Ok(GlossaryFile {
            format: GLOSSARY_FORMAT.into(),
            version: GLOSSARY_VERSION,
            name: g.name,
            description: g.description,
            exported: Some(format_rfc3339(now())),
            cards,
        })
    }

    /// A glossary as JSON ([`GlossaryFile`]).
    pub fn export_glossary_json(&self, id: i64) -> Result<String> {
        Ok(serde_json::to_string_pretty(&self.glossary_file(id)?).expect("plain data serialises"))
    }

    /// A glossary as a text file Anki imports (see the module documentation).
    pub fn export_glossary_tsv(&self, id: i64) -> Result<String> {
        let g = self.glossary(id)?;
        let mut out = String::new();
        out.push_str("#separator:tab\n#html:true\n");
        out.push_str(&format!("#deck:{}\n", g.name));
        out.push_str(&format!("#columns:{}\n", TSV_COLUMNS.join("\t")));
        out.push_str("#tags column:3\n");
        for c in self.cards(id)? {
            let back = match (c.reading.is_empty(), c.definition.is_empty()) {
                (false, false) => format!("{}\n{}", c.reading, c.definition),
                (false, true) => c.reading.clone(),
                _ => c.definition.clone(),
            };
            let fields = [
                html_field(&c.headword),
                html_field(&back),
                c.tags.iter().map(|t| html_field(t)).collect::<Vec<_>>().join(" "),
                html_field(&c.reading),
                html_field(&c.definition),
                c.builtin_id.as_deref().map(html_field).unwrap_or_default(),
                c.passages.join(" "),
            ];
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
        Ok(out)
    }

    /// Imports a glossary JSON file as a new glossary, named `name` or as
    /// the file says.
    pub fn import_glossary_json(
        &mut self,
        corpus: &Corpus,
        text: &str,
        name: Option<&str>,
    ) -> Result<GlossaryImport> {
        const WHAT: &str = "the glossary file";
        check_size(WHAT, text)?;
        let head: Value = serde_json::from_str(text)
            .map_err(|e| malformed(WHAT, format!("it is not valid JSON ({e})")))?;
        match head.get("format").and_then(Value::as_str) {
            Some(GLOSSARY_FORMAT) => {}
            Some(other) => {
                return Err(malformed(
                    WHAT,
                    format!("its format is “{other}”, not “{GLOSSARY_FORMAT}”"),
                ));
            }
            None => {
                return Err(malformed(
                    WHAT,
                    format!("it has no \"format\": \"{GLOSSARY_FORMAT}\""),
                ));
            }
        }
        if let Some(v) =
            head.get("version").and_then(Value::as_u64).filter(|&v| v > GLOSSARY_VERSION as u64)
        {
            return Err(malformed(
                WHAT,
                format!(
                    "it was written by a newer Sheli (version {v}; this one reads up to {GLOSSARY_VERSION})"
                ),
            ));
        }
        let file: GlossaryFile =
            serde_json::from_value(head).map_err(|e| malformed(WHAT, e.to_string()))?;
        let entries = file
            .cards
            .into_iter()
            .map(|c| (c.builtin, c.headword, c.reading, c.definition, c.tags, c.passages))
            .collect();
        self.import_cards(corpus, WHAT, name.unwrap_or(&file.name), &file.description, entries)
    }

    /// Imports an Anki-style TSV file (see the module documentation) as a
    /// new glossary named `name`, or after its `#deck:` header.
    pub fn import_glossary_tsv(
        &mut self,
        corpus: &Corpus,
        text: &str,
        name: Option<&str>,
    ) -> Result<GlossaryImport> {
        const WHAT: &str = "the TSV file";
        check_size(WHAT, text)?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut headers: BTreeMap<String, String> = BTreeMap::new();
        for line in text.lines() {
            let Some(h) = line.strip_prefix('#') else { break };
            if let Some((k, v)) = h.split_once(':') {
                headers.insert(k.trim().to_ascii_lowercase(), v.trim_end_matches('\r').to_owned());
            }
        }
        match headers.get("separator").map(|s| s.trim().to_ascii_lowercase()) {
            None => {}
            Some(s) if s == "tab" || s == "\t" => {}
            Some(s) => {
                return Err(malformed(
                    WHAT,
                    format!("its separator is “{s}”; only tab-separated files are read"),
                ));
            }
        }
        let html = headers.get("html").is_none_or(|v| v.trim().eq_ignore_ascii_case("true"));
        let field = |s: &str| if html { html_text(s) } else { s.to_owned() };
        let columns: Vec<String> = headers
            .get("columns")
            .map(|c| c.split('\t').map(|s| s.trim().to_ascii_lowercase()).collect())
            .unwrap_or_default();
        let col = |names: &[&str]| columns.iter().position(|c| names.contains(&c.as_str()));
        let tags_col = match headers.get("tags column") {
            Some(n) => Some(
                n.trim().parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    malformed(WHAT, format!("“#tags column:{n}” is not a column number"))
                })? - 1,
            ),
            None => col(&["tags"]),
        };
        let front = col(&["front", "headword"]).unwrap_or(0);
        let back = col(&["back"]).or(if columns.is_empty() { Some(1) } else { None });
        let reading = col(&["reading"]);
        let definition = col(&["definition"]);
        let builtin = col(&["sheli card", "sheli"]);
        let passages = col(&["passages"]);
        let records = split_records(text).map_err(|e| malformed(WHAT, e))?;
        if records.is_empty() {
            return Err(malformed(WHAT, "it holds no cards"));
        }
        let mut entries = Vec::new();
        for (line, fields) in records {
            if !columns.is_empty() && fields.len() > columns.len() {
                return Err(malformed(
                    WHAT,
                    format!(
                        "line {line} has {} fields but the header names {} columns",
                        fields.len(),
                        columns.len()
                    ),
                ));
            }
            let get = |i: Option<usize>| i.and_then(|i| fields.get(i)).map(|s| field(s));
            let builtin = get(builtin).map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
            let (reading, definition) = if reading.is_some() || definition.is_some() {
                (get(reading), get(definition))
            } else {
                (Some(String::new()), get(back))
            };
            let headword = get(Some(front));
            let tags = get(tags_col)
                .map(|t| t.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default();
            let passages = get(passages)
                .map(|p| p.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default();
            entries.push((builtin, headword, reading, definition, tags, passages));
        }
        let deck = headers.get("deck").map(|d| d.trim().to_owned());
        let name = name.map(str::to_owned).or(deck).unwrap_or_default();
        if name.trim().is_empty() {
            return Err(malformed(WHAT, "it has no #deck: header; give the glossary a name"));
        }
        self.import_cards(corpus, WHAT, &name, "", entries)
    }

    /// Checks every card, then writes the glossary and its cards in one
    /// transaction.
    #[allow(clippy::type_complexity)]
    fn import_cards(
        &mut self,
        corpus: &Corpus,
        what: &str,
        name: &str,
        description: &str,
        entries: Vec<(
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
            Vec<String>,
            Vec<String>,
        )>,
    ) -> Result<GlossaryImport> {
        if entries.len() > limits::CARDS {
            return Err(malformed(
                what,
                format!(
                    "it holds {} cards; a glossary holds at most {}",
                    entries.len(),
                    limits::CARDS
                ),
            ));
        }
        let name = glossaries::check_name(name)?;
        let mut rows = Vec::with_capacity(entries.len());
        let mut builtins = HashSet::new();
        for (i, (builtin, headword, reading, definition, tags, passages)) in
            entries.into_iter().enumerate()
        {
            let n = i + 1;
            let label = headword.clone().or(builtin.clone()).unwrap_or_default();
            let ctx = |e: StoreError| malformed(what, format!("card {n} ({label}): {e}"));
            let base = match &builtin {
                Some(b) => {
                    if !builtins.insert(b.clone()) {
                        return Err(ctx(StoreError::DuplicateCard(b.clone())));
                    }
                    Some(builtin_values(builtin_card(b).map_err(ctx)?))
                }
                None => None,
            };
            let pick = |mine: Option<String>, theirs: Option<&String>| {
                mine.or_else(|| theirs.cloned()).unwrap_or_default()
            };
            let row = cards::prepare(
                corpus,
                builtin.as_deref(),
                &pick(headword, base.as_ref().map(|b| &b.headword)),
                &pick(reading, base.as_ref().map(|b| &b.reading)),
                &pick(definition, base.as_ref().map(|b| &b.definition)),
                &tags,
                &passages,
            )
            .map_err(ctx)?;
            rows.push(row);
        }
        let (id, count) = self.write(|tx| {
            let id = glossaries::insert(tx, &name, description)?;
            for row in &rows {
                cards::insert(tx, id, row)?;
            }
            Ok((id, rows.len() as u32))
        })?;
        Ok(GlossaryImport { glossary: self.glossary(id)?, cards: count })
    }
}

// ---------------------------------------------------------------------------
// Notes.

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

/// The body of a note as one Web Annotation.
fn annotation(n: &Note) -> Value {
    let mut body = vec![json!({
        "type": "TextualBody",
        "value": n.body,
        "format": "text/markdown",
        "purpose": "commenting",
    })];
    for t in &n.tags {
        body.push(json!({ "type": "TextualBody", "value": t, "purpose": "tagging" }));
    }
    json!({
        "@context": ANNO_CONTEXT,
        "id": format!("urn:uuid:{}", n.uuid),
        "type": "Annotation",
        "motivation": "commenting",
        "created": format_rfc3339(n.created),
        "modified": format_rfc3339(n.modified),
        "body": body,
        "target": {
            "source": format!("{PASSAGE_URN}{}", n.passage_id),
            "selector": [
                { "type": "TextQuoteSelector", "exact": n.exact, "prefix": n.prefix, "suffix": n.suffix },
                { "type": "TextPositionSelector", "start": n.start, "end": n.end },
            ],
        },
    })
}

/// `value` as a list: an array's items, or the value itself.
fn as_list(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(a) => a.iter().collect(),
        Value::Null => Vec::new(),
        v => vec![v],
    }
}

fn has_type(v: &Value, t: &str) -> bool {
    as_list(&v["type"]).iter().any(|x| x.as_str() == Some(t))
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.char_indices().all(|(i, c)| {
            if matches!(i, 8 | 13 | 18 | 23) { c == '-' } else { c.is_ascii_hexdigit() }
        })
}

/// An annotation read from JSON, checked.
struct Incoming {
    uuid: Option<String>,
    passage_id: String,
    exact: String,
    prefix: String,
    suffix: String,
    start: usize,
    end: usize,
    body: String,
    tags: Vec<String>,
    created: i64,
    modified: i64,
}

fn read_annotation(a: &Value, n: usize) -> std::result::Result<Incoming, String> {
    let ctx = |m: String| format!("annotation {n}: {m}");
    if !a.is_object() || !has_type(a, "Annotation") {
        return Err(ctx("it is not an object of \"type\": \"Annotation\"".into()));
    }
    let uuid = match a.get("id").and_then(Value::as_str) {
        Some(id) => {
            id.strip_prefix("urn:uuid:").map(|u| u.to_ascii_lowercase()).filter(|u| is_uuid(u))
        }
        None => None,
    };
    let mut body = None;
    let mut tags = Vec::new();
    if let Some(v) = a.get("bodyValue").and_then(Value::as_str) {
        body = Some(v.to_owned());
    }
    for b in as_list(a.get("body").unwrap_or(&Value::Null)) {
        let value = match b {
            Value::String(s) => Some(s.as_str()),
            Value::Object(_) => b.get("value").and_then(Value::as_str),
            _ => None,
        };
        let Some(value) = value else { continue };
        if b.get("purpose").and_then(Value::as_str) == Some("tagging") {
            tags.push(value.to_owned());
        } else if body.is_none() {
            body = Some(value.to_owned());
        }
    }
    let target = as_list(a.get("target").unwrap_or(&Value::Null))
        .into_iter()
        .next()
        .ok_or_else(|| ctx("it has no target".into()))?;
    let source = target
        .get("source")
        .and_then(Value::as_str)
        .ok_or_else(|| ctx("its target has no source".into()))?;
    let passage_id = source
        .strip_prefix(PASSAGE_URN)
        .filter(|p| !p.is_empty() && p.len() <= 200 && !p.chars().any(char::is_whitespace))
        .ok_or_else(|| {
            ctx(format!("its target “{source}” is not a Sheli passage ({PASSAGE_URN}…)"))
        })?
        .to_owned();
    let selectors = as_list(target.get("selector").unwrap_or(&Value::Null));
    let quote = selectors
        .iter()
        .find(|s| has_type(s, "TextQuoteSelector"))
        .ok_or_else(|| ctx("its target has no TextQuoteSelector".into()))?;
    let text = |k: &str| quote.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    let exact = text("exact");
    if exact.is_empty() {
        return Err(ctx("its TextQuoteSelector has no \"exact\" text".into()));
    }
    let (prefix, suffix) = (text("prefix"), text("suffix"));
    let len = exact.chars().count();
    if len > limits::QUOTE
        || prefix.chars().count() > limits::QUOTE
        || suffix.chars().count() > limits::QUOTE
    {
        return Err(ctx(format!("its quote is too long (at most {} characters)", limits::QUOTE)));
    }
    let (start, end) = match selectors.iter().find(|s| has_type(s, "TextPositionSelector")) {
        Some(p) => {
            let num = |k: &str| p.get(k).and_then(Value::as_u64).map(|n| n as usize);
            match (num("start"), num("end")) {
                (Some(s), Some(e)) if s < e && e - s == len => (s, e),
                (Some(s), Some(e)) if s < e => (s, s + len),
                _ => return Err(ctx("its TextPositionSelector needs \"start\" < \"end\"".into())),
            }
        }
        None => (0, len),
    };
    let time = |k: &str| -> std::result::Result<Option<i64>, String> {
        match a.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => parse_rfc3339(s)
                .map(Some)
                .ok_or_else(|| ctx(format!("its “{k}” time “{s}” is not RFC 3339"))),
            Some(_) => Err(ctx(format!("its “{k}” is not a time"))),
        }
    };
    let created = time("created")?.unwrap_or_else(now);
    let modified = time("modified")?.unwrap_or(created);
    let body = body.unwrap_or_default();
    let body = notes::check_body(&body).map_err(|e| ctx(e.to_string()))?;
    let tags = check_tags(&tags).map_err(|e| ctx(e.to_string()))?;
    Ok(Incoming {
        uuid,
        passage_id,
        exact,
        prefix,
        suffix,
        start,
        end,
        body,
        tags,
        created,
        modified,
    })
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
            meta.push(format!("Written {}", super::time::format_date(n.created)));
            if n.modified != n.created {
                meta.push(format!("edited {}", super::time::format_date(n.modified)));
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

    /// Notes as W3C Web Annotation JSON: an `AnnotationCollection`.
    pub fn export_notes_annotations(&self, filter: &NoteFilter) -> Result<String> {
        let notes = self.notes(filter)?;
        let items: Vec<Value> = notes.iter().map(annotation).collect();
        let doc = json!({
            "@context": ANNO_CONTEXT,
            "type": "AnnotationCollection",
            "label": "Notes from Sheli 射禮",
            "generator": { "type": "Software", "name": "Sheli 射禮", "version": env!("CARGO_PKG_VERSION") },
            "generated": format_rfc3339(now()),
            "total": items.len(),
            "first": { "type": "AnnotationPage", "items": items },
        });
        Ok(serde_json::to_string_pretty(&doc).expect("JSON values serialise"))
    }

    /// Imports W3C Web Annotation JSON (one `Annotation`, an array of them,
    /// an `AnnotationPage` or an `AnnotationCollection` with its first page
    /// embedded). Targets must be Sheli passages. Each note is placed in
    /// `corpus` as on re-anchoring; one that cannot be placed is kept as
    /// orphaned. Annotations whose id is already in the store are skipped.
    pub fn import_notes_annotations(&mut self, corpus: &Corpus, text: &str) -> Result<NotesImport> {
        const WHAT: &str = "the annotation file";
        check_size(WHAT, text)?;
        let doc: Value = serde_json::from_str(text)
            .map_err(|e| malformed(WHAT, format!("it is not valid JSON ({e})")))?;
        let items: Vec<&Value> = if doc.is_array() {
            as_list(&doc)
        } else if has_type(&doc, "AnnotationCollection") {
            match doc.get("first") {
                Some(page) if page.is_object() => {
                    as_list(page.get("items").unwrap_or(&Value::Null))
                }
                None => Vec::new(),
                Some(_) => {
                    return Err(malformed(
                        WHAT,
                        "its collection's first page is not embedded in the file",
                    ));
                }
            }
        } else if has_type(&doc, "AnnotationPage") {
            as_list(doc.get("items").unwrap_or(&Value::Null))
        } else if has_type(&doc, "Annotation") {
            vec![&doc]
        } else {
            return Err(malformed(
                WHAT,
                "it is neither an Annotation, an AnnotationPage nor an AnnotationCollection",
            ));
        };
        let mut incoming = Vec::with_capacity(items.len());
        let mut seen = HashSet::new();
        for (i, a) in items.iter().enumerate() {
            let inc = read_annotation(a, i + 1).map_err(|m| malformed(WHAT, m))?;
            if let Some(u) = &inc.uuid
                && !seen.insert(u.clone())
            {
                return Err(malformed(
                    WHAT,
                    format!("annotation {}: the id urn:uuid:{u} appears twice", i + 1),
                ));
            }
            incoming.push(inc);
        }
        let mut rows = Vec::new();
        let mut summary = NotesImport::default();
        for inc in incoming {
            let source_id = inc
                .passage_id
                .rsplit_once('.')
                .map(|(s, _)| s)
                .unwrap_or(&inc.passage_id)
                .to_owned();
            let target = Target {
                passage_id: &inc.passage_id,
                source_id: &source_id,
                exact: &inc.exact,
                prefix: &inc.prefix,
                suffix: &inc.suffix,
                start: inc.start,
                end: inc.end,
            };
            let placed = notes::place(corpus, &target);
            let orphaned = placed.is_none();
            let anchor = placed.unwrap_or_else(|| Anchor {
                passage_id: inc.passage_id.clone(),
                work: corpus.source(&source_id).map(|s| s.info.work.clone()).unwrap_or_default(),
                source_id: source_id.clone(),
                layer: Layer::Jing,
                exact: inc.exact.clone(),
                prefix: inc.prefix.clone(),
                suffix: inc.suffix.clone(),
                start: inc.start as u32,
                end: inc.end as u32,
            });
            rows.push(NoteRow {
                uuid: inc.uuid,
                anchor,
                body: inc.body,
                tags: inc.tags,
                orphaned,
                created: inc.created,
                modified: inc.modified,
            });
        }
        self.write(|tx| {
            for row in &rows {
                if let Some(u) = &row.uuid {
                    let exists: bool = tx.query_row(
                        "SELECT EXISTS (SELECT 1 FROM note WHERE uuid = ?1)",
                        [u],
                        |r| r.get(0),
                    )?;
                    if exists {
                        summary.skipped += 1;
                        continue;
                    }
                }
                notes::insert(tx, row)?;
                summary.imported += 1;
                summary.orphaned += u32::from(row.orphaned);
            }
            Ok(())
        })?;
        Ok(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_fields_round_trip() {
        for s in [
            "觶",
            "a < b & c > \"d\"",
            "line\nbreak\ttab",
            "#not a comment",
            "&amp; literally",
            "<br>",
            "x\r\ny",
        ] {
            let f = html_field(s);
            assert!(
                !f.contains('\t')
                    && !f.contains('\n')
                    && !f.starts_with('#')
                    && !f.starts_with('"'),
                "{f}"
            );
            assert_eq!(html_text(&f), s, "{f}");
        }
        assert_eq!(
            html_text("<b>bold</b><div>x</div>y&nbsp;z &unknown; &#x89f6;"),
            "boldx\ny\u{a0}z &unknown; 觶"
        );
    }

    #[test]
    fn records_split_with_quotes_and_comments() {
        let r = split_records("#h:1\na\tb\n\"q \"\"x\"\"\ny\"\tc\r\n\n#c\nz").unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(r[0], (2, vec!["a".to_string(), "b".to_string()]));
        assert_eq!(r[1].1, vec!["q \"x\"\ny".to_string(), "c".to_string()]);
        assert_eq!(r[2], (7, vec!["z".to_string()]));
        assert!(split_records("\"open").is_err());
    }

    #[test]
    fn uuids() {
        assert!(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b42d3a456426614174000"));
    }
}

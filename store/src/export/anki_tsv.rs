//! Anki's text files: a glossary exported for Anki to import, and Anki's
//! (or Sheli's) text files imported as a glossary. See the parent module's
//! documentation for the columns and the HTML of the fields.

use std::collections::{BTreeMap, HashMap};

use sheli_corpus::Corpus;

use super::{CardEntry, GlossaryImport, check_size, malformed_as};
use crate::{Result, Store, StoreCode};

/// Escapes a field for an Anki file with `#html:true` (and for an Anki
/// package's fields, which are HTML too).
pub(super) fn html_field(s: &str) -> String {
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
/// The error is the line of a quoted field that is never closed.
fn split_records(text: &str) -> std::result::Result<Vec<(usize, Vec<String>)>, usize> {
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
                                return Err(start);
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

const TSV_COLUMNS: [&str; 8] =
    ["Front", "Back", "Tags", "Reading", "Definition", "Sheli card", "Passages", "GUID"];

/// The note types whose first two fields are a front and a back.
const BASIC_TYPES: [&str; 4] = [
    "Basic",
    "Basic (and reversed card)",
    "Basic (optional reversed card)",
    "Basic (type in the answer)",
];

/// A card's GUID for Anki: the one it came with from an imported file
/// (`stored`: card id → GUID), else one stable for as long as the card
/// exists (its id and the moment it was made, hashed), different for every
/// card. The same in the TSV and the `.apkg`: it is one card, whichever file
/// carried it.
pub(super) fn card_guid(c: &crate::UserCard, stored: &HashMap<i64, String>) -> String {
    use sha2::{Digest, Sha256};
    if let Some(g) = stored.get(&c.id) {
        return g.clone();
    }
    let h =
        Sha256::digest(format!("sheli card {} {}", c.id, crate::time::format_rfc3339(c.created)));
    let hex: String = h[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("sheli-{hex}")
}

impl Store {
    /// A glossary as a text file Anki imports (see the module documentation).
    pub fn export_glossary_tsv(&self, id: i64) -> Result<String> {
        let g = self.glossary(id)?;
        let mut out = String::new();
        // Anki's file headers: the Basic note type whatever Anki used last
        // (a Cloze type would lose the definitions), the deck, the columns by
        // name (Front and Back fill Basic's fields; Anki leaves the others),
        // and a GUID per card so that importing a changed glossary again
        // updates its notes instead of adding them twice.
        out.push_str("#separator:tab\n#html:true\n#notetype:Basic\n");
        out.push_str(&format!("#deck:{}\n", g.name));
        out.push_str(&format!("#columns:{}\n", TSV_COLUMNS.join("\t")));
        out.push_str("#tags column:3\n");
        out.push_str(&format!("#guid column:{}\n", TSV_COLUMNS.len()));
        let stored = crate::cards::stored_guids(&self.conn, id)?;
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
                card_guid(&c, &stored),
            ];
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
        Ok(out)
    }

    /// Imports an Anki-style TSV file (see the module documentation) as a
    /// new glossary named `name`, or after its `#deck:` header; a file that
    /// is a new copy of a glossary already there (its GUIDs name cards of
    /// the glossary of that name) updates that glossary instead
    /// ([`Store::import_cards`]).
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
                return Err(malformed_as(
                    WHAT,
                    StoreCode::MalformedSeparator,
                    [("separator", s.to_string())],
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
        // `#tags column:3` and the others Anki writes (`#guid column`,
        // `#notetype column`, `#deck column`): 1-based column numbers.
        let numbered = |key: &str| -> Result<Option<usize>> {
            match headers.get(key) {
                Some(n) => Ok(Some(
                    n.trim().parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                        malformed_as(
                            WHAT,
                            StoreCode::MalformedColumnNumber,
                            [("header", format!("#{key}:{n}"))],
                            format!("“#{key}:{n}” is not a column number"),
                        )
                    })? - 1,
                )),
                None => Ok(None),
            }
        };
        let tags_col = numbered("tags column")?.or_else(|| col(&["tags"]));
        let guid_col = numbered("guid column")?.or_else(|| col(&["guid"]));
        let notetype_col = numbered("notetype column")?;
        let deck_col = numbered("deck column")?;
        let special = [tags_col, guid_col, notetype_col, deck_col];
        // Without named columns, a note's fields are the columns that are none
        // of the above, in order: Anki's own export puts guid, note type and
        // deck first, and its first field is not column 1.
        let fields_in_order: Vec<usize> = if columns.is_empty() {
            (0..64).filter(|i| !special.contains(&Some(*i))).take(2).collect()
        } else {
            Vec::new()
        };
        if let Some(t) = headers.get("notetype").map(|t| t.trim())
            && !BASIC_TYPES.contains(&t)
        {
            return Err(unmappable(t, None));
        }
        let front = col(&["front", "headword"]).or(fields_in_order.first().copied()).unwrap_or(0);
        let back = col(&["back"]).or(if columns.is_empty() {
            fields_in_order.get(1).copied()
        } else {
            None
        });
        let reading = col(&["reading"]);
        let definition = col(&["definition"]);
        let builtin = col(&["sheli card", "sheli"]);
        let passages = col(&["passages"]);
        let records = split_records(text).map_err(|line| {
            malformed_as(
                WHAT,
                StoreCode::MalformedUnclosedQuote,
                [("line", line.to_string())],
                format!("line {line}: a quoted field is not closed"),
            )
        })?;
        if records.is_empty() {
            return Err(malformed_as(WHAT, StoreCode::MalformedNoCards, [], "it holds no cards"));
        }
        let mut entries = Vec::new();
        let mut guids = Vec::new();
        let mut first_deck = None;
        for (line, fields) in records {
            if let Some(t) = notetype_col.and_then(|i| fields.get(i)).map(|t| t.trim())
                && !BASIC_TYPES.contains(&t)
            {
                return Err(unmappable(t, Some(line)));
            }
            if first_deck.is_none() {
                first_deck =
                    deck_col.and_then(|i| fields.get(i)).map(|d| field(d).trim().to_owned());
            }
            if !columns.is_empty() && fields.len() > columns.len() {
                return Err(malformed_as(
                    WHAT,
                    StoreCode::MalformedFieldCount,
                    [
                        ("line", line.to_string()),
                        ("fields", fields.len().to_string()),
                        ("columns", columns.len().to_string()),
                    ],
                    format!(
                        "line {line} has {} fields but the header names {} columns",
                        fields.len(),
                        columns.len()
                    ),
                ));
            }
            // Without a `#columns:` header only the first two fields (and the
            // columns Anki's headers number) have a meaning; a file with more
            // is refused rather than imported with the rest dropped unsaid.
            if columns.is_empty()
                && let Some(extra) = (0..fields.len()).find(|i| {
                    !fields_in_order.contains(i)
                        && !special.contains(&Some(*i))
                        && !fields[*i].trim().is_empty()
                })
            {
                return Err(malformed_as(
                    WHAT,
                    StoreCode::MalformedUnmappedColumns,
                    [
                        ("line", line.to_string()),
                        ("fields", fields.len().to_string()),
                        ("column", (extra + 1).to_string()),
                    ],
                    format!(
                        "line {line} has {} fields, and without a #columns: header only a \
                         headword and a definition are read (column {} would be lost); name \
                         the columns in a header such as #columns:headword\treading\tdefinition\ttags",
                        fields.len(),
                        extra + 1
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
            guids.push(get(guid_col).map(|g| g.trim().to_owned()).filter(|g| !g.is_empty()));
            entries.push(CardEntry { builtin, headword, reading, definition, tags, passages });
        }
        let deck = headers.get("deck").map(|d| d.trim().to_owned()).or(first_deck);
        let name = name.map(str::to_owned).or(deck).unwrap_or_default();
        if name.trim().is_empty() {
            return Err(malformed_as(
                WHAT,
                StoreCode::MalformedNoDeck,
                [],
                "it has no #deck: header; give the glossary a name",
            ));
        }
        // Anki's own export has only Front and Back: for a card already
        // here (found by GUID), what the file cannot say is kept — its
        // built-in card, its passages, and the reading when Back still
        // starts with it — so that reading Anki's copy back changes only
        // what was changed there.
        if reading.is_none()
            && definition.is_none()
            && let Some((_, by_guid)) = self.cards_by_guid(&name)?
        {
            for (entry, guid) in entries.iter_mut().zip(&guids) {
                let Some(card) = guid.as_ref().and_then(|g| by_guid.get(g)) else { continue };
                if builtin.is_none() {
                    entry.builtin = card.builtin_id.clone();
                }
                if passages.is_none() {
                    entry.passages = card.passages.clone();
                }
                let back = entry.definition.take().unwrap_or_default();
                let (r, d) = match back.strip_prefix(&format!("{}\n", card.reading)) {
                    Some(rest) if !card.reading.is_empty() => {
                        (card.reading.clone(), rest.to_owned())
                    }
                    _ if back == card.reading && card.definition.is_empty() => {
                        (back, String::new())
                    }
                    _ => (String::new(), back),
                };
                (entry.reading, entry.definition) = (Some(r), Some(d));
            }
        }
        self.import_cards(corpus, WHAT, &name, "", entries, guids)
    }
}

/// A file whose note type has no front and back Sheli can read.
fn unmappable(notetype: &str, line: Option<usize>) -> crate::StoreError {
    let at = line.map(|l| format!(" (line {l})")).unwrap_or_default();
    malformed_as(
        "the TSV file",
        StoreCode::MalformedNoteType,
        [("notetype", notetype.to_string())],
        format!(
            "its notes are of the type “{notetype}”{at}, whose fields Sheli cannot map to a headword \
             and a definition; export notes of a Basic type"
        ),
    )
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
}

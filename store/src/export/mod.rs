//! Exports in formats other tools read, and imports of the same formats:
//! one module per format ([`anki_tsv`], [`apkg`], [`glossary_json`], [`notes_markdown`],
//! [`web_annotation`]); what they share is here.
//!
//! Glossaries:
//! - **Anki TSV** ([`Store::export_glossary_tsv`]): Anki's text-file headers
//!   (`#separator:tab`, `#html:true`, `#notetype:Basic`, `#deck:`,
//!   `#columns:`, `#tags column:`, `#guid column:`), then one card a line: `Front` (headword), `Back` (reading and
//!   definition, for Anki's Basic note type), `Tags` (space-separated), and
//!   the columns Sheli reads back: `Reading`, `Definition`, `Sheli card` (the
//!   built-in card's id), `Passages` and `GUID` (stable per card). Fields are HTML: `&`, `<`, `>`,
//!   `"`, tabs and a leading `#` are written as entities, line breaks as
//!   `<br>`. The import also reads Anki's own exports (quoted fields, HTML
//!   stripped to text, `Front`/`Back` when Sheli's columns are absent; the
//!   GUID, note type and deck columns of Anki's own export set aside; a
//!   note type other than Basic refused).
//! - **Anki package** ([`Store::export_glossary_apkg`], `apkg.rs`): a
//!   `.apkg` with the note type "Sheli glossary" (Headword, Reading,
//!   Definition, Picture, Passages), the same GUIDs as the TSV, and the
//!   built-in cards' drawings (SVG) as its media.
//! - **JSON** ([`GlossaryFile`]).
//!
//! Notes:
//! - **Markdown** ([`Store::export_notes_markdown`]), grouped by work and
//!   passage, each note under the span it quotes;
//! - **W3C Web Annotation JSON** ([`Store::export_notes_annotations`]): an
//!   `AnnotationCollection` and its page, both with ids, whose items are
//!   `Annotation`s with a Markdown `TextualBody` (tags as `tagging` bodies)
//!   and a target `urn:sheli:passage:<id>` (with `sheli:work`,
//!   `sheli:edition`, `sheli:layer`) with a `TextQuoteSelector` and a
//!   `TextPositionSelector` over the passage's layers joined with no
//!   separator (see `web_annotation.rs`).
//!
//! Every import is checked whole before anything is written, and written in
//! one transaction: a bad file changes nothing.

mod anki_tsv;
mod apkg;
mod glossary_json;
mod notes_markdown;
mod web_annotation;

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use sheli_corpus::Corpus;
use ts_rs::TS;

use super::cards::{self, builtin_values};
use super::glossaries::{self, Glossary};
use super::time::format_rfc3339;
use super::{Result, Store, StoreError, UserCard, builtin_card, limits, now};

pub use apkg::{FIELDS as APKG_FIELDS, NOTETYPE_NAME as APKG_NOTETYPE};
pub use web_annotation::{ANNO_CONTEXT, PASSAGE_URN};

/// `"format"` of a glossary JSON file.
pub const GLOSSARY_FORMAT: &str = "sheli-glossary";
/// The newest glossary JSON version this build reads and writes.
pub const GLOSSARY_VERSION: u32 = 1;

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
    /// Cards in the file.
    pub cards: u32,
    /// Of those, cards already in the glossary (found by their GUID) that
    /// the file changed; the others it names are as they were. Zero when
    /// the import made a new glossary.
    #[serde(default)]
    pub updated: u32,
    /// Of those, cards the glossary did not hold (all of them when the
    /// import made a new glossary); the rest were already as the file has
    /// them.
    #[serde(default)]
    pub added: u32,
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

/// A file refused for a fault inside one of its parts (a card, an
/// annotation): the file's check `code` with the part's values (`n`, its
/// label), and the part's own fault as a code of its own in `cause` with
/// that code's values beside, so the window says both in its language
/// (issue 12: the part's English was shown as it was in a Chinese window).
pub(super) fn malformed_in(
    what: &str,
    code: crate::StoreCode,
    part: impl IntoIterator<Item = (&'static str, String)>,
    cause: crate::Refusal,
) -> StoreError {
    let mut params: Vec<_> = part.into_iter().collect();
    params.push(("cause", cause.code.id().to_owned()));
    params.extend(cause.params);
    StoreError::Malformed { what: what.to_owned(), code, params, message: cause.message }
}

/// A store error raised inside a part, as the cause of [`malformed_in`].
pub(super) fn cause_of(e: &StoreError, message: String) -> crate::Refusal {
    crate::Refusal { code: e.code(), params: e.params(), message }
}

/// A file refused by the check `code` (`store.malformed_file.*`), with the
/// values of its sentence, so the window says it in the reader's language.
pub(super) fn malformed_as(
    what: &str,
    code: crate::StoreCode,
    params: impl IntoIterator<Item = (&'static str, String)>,
    message: impl Into<String>,
) -> StoreError {
    StoreError::Malformed {
        what: what.to_owned(),
        code,
        params: params.into_iter().collect(),
        message: message.into(),
    }
}

/// A file that is not JSON: the parser's words (where it stopped) as the detail.
pub(super) fn not_json(what: &str, e: &serde_json::Error) -> StoreError {
    malformed_as(
        what,
        crate::StoreCode::MalformedNotJson,
        [("detail", e.to_string())],
        format!("it is not valid JSON ({e})"),
    )
}

pub(super) fn check_size(what: &str, text: &str) -> Result<()> {
    if text.len() > limits::IMPORT_BYTES {
        return Err(malformed_as(
            what,
            crate::StoreCode::MalformedTooLarge,
            [("size", text.len().to_string()), ("max", limits::IMPORT_BYTES.to_string())],
            format!("it is {} bytes; at most {} can be imported", text.len(), limits::IMPORT_BYTES),
        ));
    }
    Ok(())
}

impl Store {
    pub(super) fn glossary_file(&self, id: i64) -> Result<GlossaryFile> {
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

    /// The glossary named `name`, if there is one, with its cards by GUID
    /// (the one each came with, or Sheli's own).
    pub(super) fn cards_by_guid(
        &self,
        name: &str,
    ) -> Result<Option<(i64, HashMap<String, UserCard>)>> {
        let g = match self.glossary_by_name(name) {
            Ok(g) => g,
            Err(StoreError::UnknownGlossary(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let stored = cards::stored_guids(&self.conn, g.id)?;
        let by_guid =
            self.cards(g.id)?.into_iter().map(|c| (anki_tsv::card_guid(&c, &stored), c)).collect();
        Ok(Some((g.id, by_guid)))
    }

    /// Checks every card, then writes the glossary and its cards in one
    /// transaction.
    ///
    /// `guids` gives the GUID each entry came with (Anki's text files carry
    /// one; JSON files do not). When a glossary named `name` exists and
    /// holds a card with one of those GUIDs, the file is a new copy of that
    /// glossary (Sheli's own export read back, or Anki's export of it): the
    /// cards it names are updated in place — keeping their review history —
    /// and the others added, instead of a second glossary or duplicate
    /// cards. Otherwise a new glossary is made, as before (a name already
    /// taken is refused). A card keeps the GUID it came with, so exporting
    /// it again names the same note.
    pub(super) fn import_cards(
        &mut self,
        corpus: &Corpus,
        what: &str,
        name: &str,
        description: &str,
        entries: Vec<CardEntry>,
        guids: Vec<Option<String>>,
    ) -> Result<GlossaryImport> {
        if entries.len() > limits::CARDS {
            return Err(malformed_as(
                what,
                crate::StoreCode::MalformedTooManyCards,
                [("count", entries.len().to_string()), ("max", limits::CARDS.to_string())],
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
        let mut seen_guids = HashSet::new();
        let mut guids = guids.into_iter();
        for (i, CardEntry { builtin, headword, reading, definition, tags, passages }) in
            entries.into_iter().enumerate()
        {
            let n = i + 1;
            let label = headword.clone().or(builtin.clone()).unwrap_or_default();
            let ctx = |e: StoreError| {
                let message = format!("card {n} ({label}): {e}");
                malformed_in(
                    what,
                    crate::StoreCode::MalformedCard,
                    [("n", n.to_string()), ("label", label.clone())],
                    cause_of(&e, message),
                )
            };
            let guid =
                guids.next().flatten().map(|g| g.trim().to_owned()).filter(|g| !g.is_empty());
            if let Some(g) = &guid {
                if g.chars().count() > MAX_GUID {
                    return Err(ctx(StoreError::TooLong {
                        field: "the GUID",
                        len: g.chars().count(),
                        max: MAX_GUID,
                    }));
                }
                if !seen_guids.insert(g.clone()) {
                    return Err(ctx(crate::refused(
                        crate::StoreCode::RefusedGuidShared,
                        [("guid", g.clone())],
                        format!("its GUID “{g}” is another card's too"),
                    )));
                }
            }
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
            let mut row = cards::prepare(
                corpus,
                builtin.as_deref(),
                &pick(headword, base.as_ref().map(|b| &b.headword)),
                &pick(reading, base.as_ref().map(|b| &b.reading)),
                &pick(definition, base.as_ref().map(|b| &b.definition)),
                &tags,
                &passages,
            )
            .map_err(ctx)?;
            row.guid = guid;
            rows.push(row);
        }
        // A glossary of that name holding a card of one of these GUIDs.
        let existing = self.cards_by_guid(&name)?.filter(|(_, by_guid)| {
            rows.iter().any(|r| r.guid.as_ref().is_some_and(|g| by_guid.contains_key(g)))
        });
        let (id, updated, added) = self.write(|tx| {
            let (id, by_guid) = match existing {
                Some((id, by_guid)) => (id, by_guid),
                None => (glossaries::insert(tx, &name, description)?, HashMap::new()),
            };
            let (mut updated, mut added) = (0, 0);
            for row in &rows {
                match row.guid.as_ref().and_then(|g| by_guid.get(g)) {
                    Some(card) if !same_card(card, row) => {
                        cards::update_row(tx, card.id, row)?;
                        updated += 1;
                    }
                    // Already as the file has it: its modification time
                    // stays, so Anki's "update if newer" leaves it alone.
                    Some(_) => {}
                    None => {
                        cards::insert(tx, id, row)?;
                        added += 1;
                    }
                }
            }
            if updated > 0 {
                glossaries::touch(tx, id)?;
            }
            Ok((id, updated, added))
        })?;
        Ok(GlossaryImport {
            glossary: self.glossary(id)?,
            cards: rows.len() as u32,
            updated,
            added,
        })
    }
}

/// The longest GUID an import keeps (Anki's are 10 characters, Sheli's 22).
const MAX_GUID: usize = 100;

/// Whether a stored card already has what a prepared row would write.
fn same_card(card: &UserCard, row: &cards::CardRow) -> bool {
    let value =
        |mine: &Option<String>, builtin: &str| mine.as_deref().unwrap_or(builtin).to_owned();
    let base = row.builtin_id.as_deref().and_then(|b| builtin_card(b).ok()).map(builtin_values);
    let b =
        |f: fn(&cards::BuiltinValues) -> &String| base.as_ref().map(f).cloned().unwrap_or_default();
    card.builtin_id == row.builtin_id
        && card.headword == value(&row.headword, &b(|v| &v.headword))
        && card.reading == value(&row.reading, &b(|v| &v.reading))
        && card.definition == value(&row.definition, &b(|v| &v.definition))
        && card.tags == row.tags
        && card.passages == row.passages
}

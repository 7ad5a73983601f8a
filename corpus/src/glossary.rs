//! The built-in glossary: one card per ritual term, kept as data.
//!
//! Each card is a TOML file in `corpus/glossary/cards/` (the schema is in
//! `corpus/glossary/README.md`), compiled into the binary by
//! [`builtin`](self::builtin) so the app needs no data directory. A card
//! gives the term's forms, reading and kind, a definition in English and in
//! Chinese, and its evidence as *citations*: 鄭玄's glosses, 疏 passages,
//! 陸德明's sound glosses and other lines, each pointing at a source id and a
//! 1-based line (and, in the 通解 editions whose lines are whole pages, a
//! 1-based column) of the raw file, with the text quoted exactly.
//!
//! Loading checks everything that can be checked without the texts (ids,
//! symmetric related terms, known sources, columns where needed, pictures);
//! `tests/glossary.rs` checks every quotation against the texts themselves.

mod builtin;

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use crate::error::{CorpusError, Result};
use crate::manifest::{Format, SourceInfo, builtin_manifest};
use crate::model::Layer;

/// What kind of thing a term names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Kind {
    /// Cups, stands, dishes, baskets (爵, 觶, 豐, 俎, 篚 …).
    Vessel,
    /// The archer's and the officers' equipment (弓, 決, 遂, 楅, 旌 …).
    Gear,
    /// The target and its parts and placing (侯, 躬, 舌, 乏, 侯道 …).
    Target,
    /// Tallies, tally holders and counting (算, 中, 純, 奇, 獲 …).
    Scoring,
    /// The shooting ground and standing places (物 …).
    Field,
    /// Officers of the rite (司射, 司馬, 司正, 獲者 …).
    Official,
    /// Roles of the participants (耦, 上射/下射, 弟子).
    Role,
    /// Ritual actions (袒, 襲, 搢, 挾, 執).
    Action,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Vessel,
        Kind::Gear,
        Kind::Target,
        Kind::Scoring,
        Kind::Field,
        Kind::Official,
        Kind::Role,
        Kind::Action,
    ];

    /// The ASCII name used in the card files.
    pub fn slug(self) -> &'static str {
        match self {
            Kind::Vessel => "vessel",
            Kind::Gear => "gear",
            Kind::Target => "target",
            Kind::Scoring => "scoring",
            Kind::Field => "field",
            Kind::Official => "official",
            Kind::Role => "role",
            Kind::Action => "action",
        }
    }

    /// A short Chinese label for grouping cards in the UI.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Vessel => "器",
            Kind::Gear => "射具",
            Kind::Target => "侯",
            Kind::Scoring => "計獲",
            Kind::Field => "射位",
            Kind::Official => "有司",
            Kind::Role => "射者",
            Kind::Action => "儀節",
        }
    }
}

/// One glossary card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Card {
    /// Stable ASCII id, also the file name (`zhi` ↔ `cards/zhi.toml`).
    pub id: String,
    /// The headword in traditional characters (`上射/下射` for a pair).
    pub headword: String,
    /// The headword in simplified characters.
    pub simplified: String,
    /// Other written forms found in or relevant to the texts (矦 for 侯).
    #[serde(default)]
    pub variants: Vec<String>,
    /// Modern pinyin in the sense of the card.
    pub pinyin: String,
    pub kind: Kind,
    /// Further kinds for a term with more than one technical sense.
    #[serde(default)]
    pub also_kinds: Vec<Kind>,
    pub definition: Definition,
    pub search: Search,
    /// 陸德明's sound glosses (釋文) bearing on the term (only 003 has them).
    #[serde(default, rename(serialize = "readings", deserialize = "reading"))]
    pub readings: Vec<SoundGloss>,
    /// 鄭玄's glosses (注).
    #[serde(default, rename(serialize = "glosses", deserialize = "gloss"))]
    pub glosses: Vec<Citation>,
    /// Passages of 賈公彥's 疏 (or the abridged 疏 of the 通解 editions).
    #[serde(default)]
    pub shu: Vec<Citation>,
    /// Other evidence: a 經 line, a 注 that uses the term without defining
    /// it, 朱熹's 今按, the vernacular translation. `layer` is required.
    #[serde(default, rename(serialize = "notes", deserialize = "note"))]
    pub notes: Vec<Citation>,
    /// Ids of related cards; the relation is symmetric.
    #[serde(default)]
    pub related: Vec<String>,
    /// File name of a drawing in `corpus/glossary/pictures/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub picture: Option<String>,
}

/// The card's own definitions, written for this project from the 注 and 疏.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Definition {
    pub en: String,
    pub zh: String,
}

/// How to find the term with the app's search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Search {
    /// The query that finds the term (normally the headword).
    pub query: String,
    /// Further queries: other forms, or phrases that pick out this sense.
    #[serde(default)]
    pub also: Vec<String>,
    /// For a polysemous or otherwise tricky query: what else it finds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub polysemy: Option<String>,
}

/// A quotation from one of the texts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Citation {
    /// Source id from `texts/manifest.toml` (e.g. `xiangshe.zhushu`).
    pub source: String,
    /// 1-based line of the raw file.
    pub line: u32,
    /// 1-based column (in characters) where the quotation starts; required
    /// for the 通解 editions, whose lines hold whole pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub column: Option<u32>,
    /// The quotation, exactly as the raw line has it (private-use code points
    /// written as `\uXXXX` escapes).
    pub text: String,
    /// The layer quoted. Filled in on loading: 注 for glosses, 疏 for `shu`;
    /// required for notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub layer: Option<Layer>,
    /// The words of the 經 (or 注) the quotation comments on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
}

/// A 陸德明 sound gloss (釋文), e.g. `射食亦反`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SoundGloss {
    pub source: String,
    pub line: u32,
    /// 1-based column where `text` starts (always required: the 音義 are in
    /// the 通解 edition only).
    pub column: u32,
    /// The gloss exactly as the raw line has it, with any remark glued to it
    /// (`折之设反后皆仿此`).
    pub text: String,
    /// The character read (射).
    pub character: String,
    /// The reading (食亦反, 如字, 音式).
    pub reading: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
}

impl Card {
    /// All written forms: headword, simplified, variants (a pair headword
    /// such as `上射/下射` also yields its halves).
    pub fn forms(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for f in [self.headword.as_str(), self.simplified.as_str()]
            .into_iter()
            .chain(self.variants.iter().map(String::as_str))
        {
            for part in std::iter::once(f).chain(f.split('/').map(str::trim)) {
                if !part.is_empty() && !out.contains(&part) {
                    out.push(part);
                }
            }
        }
        out
    }

    /// Every quotation of the card (glosses, 疏, notes), in that order.
    pub fn citations(&self) -> impl Iterator<Item = &Citation> {
        self.glosses.iter().chain(&self.shu).chain(&self.notes)
    }
}

/// The card files compiled into the binary, as (path inside the crate, text).
pub fn builtin_card_files() -> &'static [(&'static str, &'static str)] {
    builtin::CARDS
}

/// The drawings compiled into the binary, as (file name, SVG text).
pub fn builtin_pictures() -> &'static [(&'static str, &'static str)] {
    builtin::PICTURES
}

/// The SVG text of a built-in drawing, by file name (`hou.svg`).
pub fn builtin_picture(name: &str) -> Option<&'static str> {
    builtin::PICTURES.iter().find(|(n, _)| *n == name).map(|(_, svg)| *svg)
}

/// Loads and validates the built-in cards, in file-name order.
pub fn builtin_cards() -> Result<Vec<Card>> {
    let cards = builtin::CARDS
        .iter()
        .map(|(file, text)| parse_card(file, text))
        .collect::<Result<Vec<Card>>>()?;
    let pictures: Vec<&str> = builtin::PICTURES.iter().map(|(n, _)| *n).collect();
    validate(&cards, &builtin_manifest()?, &pictures)?;
    Ok(cards)
}

/// The built-in cards, parsed and checked once per process and shared by
/// every caller (the store, the app's card views). A damaged card file is a
/// build fault the tests catch; the error is kept as text so that each
/// caller can report it in its own terms.
pub fn builtin_cards_shared() -> std::result::Result<&'static [Card], String> {
    static CARDS: std::sync::OnceLock<std::result::Result<Vec<Card>, String>> =
        std::sync::OnceLock::new();
    CARDS
        .get_or_init(|| builtin_cards().map_err(|e| e.to_string()))
        .as_deref()
        .map_err(Clone::clone)
}

fn data_error(file: &'static str, line: usize, message: impl Into<String>) -> CorpusError {
    CorpusError::Data { file, line, message: message.into() }
}

/// 1-based line of the first line of `text` containing `needle` (0 if none),
/// so that an error can point into the card file.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1).unwrap_or(0)
}

fn is_ascii_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Parses one card file and checks what can be checked on the card alone.
/// `file` is the card's path inside the crate (`glossary/cards/zhi.toml`);
/// the file name must be the card's id.
pub fn parse_card(file: &'static str, text: &str) -> Result<Card> {
    let mut card: Card = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| text[..s.start.min(text.len())].lines().count().max(1));
        data_error(file, line.unwrap_or(0), e.message().to_owned())
    })?;
    let err = |needle: &str, message: String| data_error(file, line_of(text, needle), message);

    if !is_ascii_id(&card.id) {
        return Err(err("id", format!("id `{}` is not lower-case ASCII with hyphens", card.id)));
    }
    let stem = file.rsplit('/').next().unwrap_or(file).trim_end_matches(".toml");
    if stem != card.id {
        return Err(err("id", format!("id `{}` differs from the file name `{stem}`", card.id)));
    }
    for (field, value) in [
        ("headword", &card.headword),
        ("simplified", &card.simplified),
        ("pinyin", &card.pinyin),
        ("en", &card.definition.en),
        ("zh", &card.definition.zh),
        ("query", &card.search.query),
    ] {
        if value.trim().is_empty() {
            return Err(err(field, format!("`{field}` is empty")));
        }
    }
    if card.also_kinds.contains(&card.kind) {
        return Err(err("also_kinds", "`also_kinds` repeats `kind`".into()));
    }
    for (layer, list, name) in [
        (Some(Layer::Zhu), &mut card.glosses, "gloss"),
        (Some(Layer::Shu), &mut card.shu, "shu"),
        (None, &mut card.notes, "note"),
    ] {
        for c in list.iter_mut() {
            if c.text.trim().is_empty() || c.line == 0 || c.column == Some(0) {
                return Err(err(
                    &c.text,
                    format!("a [[{name}]] citation needs a text, a line ≥ 1 and a column ≥ 1"),
                ));
            }
            match (layer, c.layer) {
                (Some(default), None) => c.layer = Some(default),
                (Some(default), Some(given)) if given != default => {
                    return Err(err(
                        &c.text,
                        format!("a [[{name}]] citation is of layer {default}, not {given}"),
                    ));
                }
                (None, None) => {
                    return Err(err(&c.text, format!("a [[{name}]] citation needs a `layer`")));
                }
                _ => {}
            }
        }
    }
    for r in &card.readings {
        if r.line == 0 || r.column == 0 {
            return Err(err(&r.text, "a [[reading]] needs a line and a column ≥ 1".into()));
        }
        if !r.text.starts_with(&r.character) || !r.text.contains(&r.reading) || r.reading.is_empty()
        {
            return Err(err(
                &r.text,
                format!(
                    "reading `{}` should start with its character `{}` and contain `{}`",
                    r.text, r.character, r.reading
                ),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for r in &card.related {
        if r == &card.id || !seen.insert(r.as_str()) {
            return Err(err("related", format!("related id `{r}` is the card itself or repeated")));
        }
    }
    if let Some(p) = card.picture.as_deref().filter(|p| !p.ends_with(".svg") || p.contains('/')) {
        return Err(err("picture", format!("picture `{p}` should be a file name ending in .svg")));
    }
    Ok(card)
}

/// Checks a set of cards against each other, the manifest of sources and
/// the available pictures: unique ids, related ids that exist and point
/// back, citations of known sources (with a column where the source's lines
/// are whole pages), pictures that exist.
pub fn validate(cards: &[Card], sources: &[SourceInfo], pictures: &[&str]) -> Result<()> {
    const FILE: &str = "glossary/cards";
    let err = |id: &str, message: String| data_error(FILE, 0, format!("card `{id}`: {message}"));

    let mut by_id: HashMap<&str, &Card> = HashMap::new();
    for c in cards {
        if by_id.insert(c.id.as_str(), c).is_some() {
            return Err(err(&c.id, "two cards have this id".into()));
        }
    }
    for c in cards {
        for r in &c.related {
            let other = by_id
                .get(r.as_str())
                .ok_or_else(|| err(&c.id, format!("related `{r}` is not a card")))?;
            if !other.related.iter().any(|x| x == &c.id) {
                return Err(err(&c.id, format!("related `{r}` does not list `{}` back", c.id)));
            }
        }
        let check_source = |source: &str, column: Option<u32>, text: &str| -> Result<()> {
            let info = sources
                .iter()
                .find(|s| s.id == source)
                .ok_or_else(|| err(&c.id, format!("unknown source `{source}` for `{text}`")))?;
            if info.format == Format::Tongjie && column.is_none() {
                return Err(err(&c.id, format!("`{text}` cites {source}, which needs a column")));
            }
            Ok(())
        };
        for q in c.citations() {
            check_source(&q.source, q.column, &q.text)?;
        }
        for r in &c.readings {
            check_source(&r.source, Some(r.column), &r.text)?;
        }
        if let Some(p) = c.picture.as_deref().filter(|p| !pictures.contains(p)) {
            return Err(err(&c.id, format!("picture `{p}` is not built in")));
        }
    }
    Ok(())
}

//! A character explained: what the tables say of it (sheli-chars: Unihan and
//! the 廣韻), what the texts say (陸德明's 釋文 readings in the 音義 layer),
//! and where the library uses it (occurrences from the search index, a few
//! lines in context, the built-in glossary cards whose forms contain it).
//!
//! The user's own cards live in the store, which adds them to
//! [`CharEntry::cards`] (sheli-store's `Store::cards_with_char`).

use serde::Serialize;
use sheli_chars::{Fanqie, Form, Radical, Relation, SeeAbove};
use sheli_corpus::fold::{FoldMode, fold_char};
use sheli_corpus::{Corpus, Layer};
use sheli_index::{SearchIndex, SearchRequest, SearchResponse};

use crate::{LibraryError, Result};

/// How many lines in context an entry shows.
const KWIC_LINES: usize = 5;

/// Everything Sheli knows of one character.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharEntry {
    /// The character asked for (觯).
    pub char: String,
    /// The form the texts use (觶); the same as `char` when the texts use it,
    /// or when no related form occurs in them either.
    pub headword: String,
    /// How `char` relates to `headword` when they differ.
    pub relation: Option<Relation>,
    /// Related forms (of the headword, and of `char`), with their relation;
    /// a variant the search folds with it (矦 and 侯) is `fold`.
    pub forms: Vec<Form>,
    /// How the texts write the word, by source, when they write it in more
    /// than one form (侯: 矦 in the 儀禮註疏, 侯 in the 通解); empty otherwise.
    pub written: Vec<WrittenForm>,
    /// Modern Mandarin readings with tone marks, the customary one first.
    pub mandarin: Vec<String>,
    /// Further (often historical) readings of the 漢語大字典.
    pub hanyu_readings: Vec<String>,
    pub tang: Vec<String>,
    /// Every 廣韻 小韻 listing the headword, in the order of the book.
    pub fanqie: Vec<Fanqie>,
    /// 陸德明's 釋文 readings of it in the 音義 layer, each with its passage.
    pub shiwen: Vec<ShiwenReading>,
    pub definitions: Vec<DefinitionEntry>,
    pub radical: Option<Radical>,
    pub strokes: Option<u8>,
    /// Occurrences in the library, variants folded (觯 counts 觶).
    pub occurrences: Occurrences,
    /// A few lines in context, best first.
    pub kwic: Vec<KwicLine>,
    /// Glossary cards whose forms contain the character (built-in ones here;
    /// the store adds the user's).
    pub cards: Vec<CardMention>,
    /// What is missing, said in words (a character no table describes).
    pub notes: Vec<String>,
}

/// A 釋文 reading: `觶之豉反` in passage `xiangshe.zhushu.0042`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShiwenReading {
    pub passage: String,
    pub source: String,
    pub line: u32,
    /// The character read, as the 音義 writes it.
    pub character: String,
    /// The reading (之豉反, 如字, 音至).
    pub reading: String,
    /// The whole gloss as the text gives it, with its remark (下同).
    pub text: String,
}

/// One form of the word as a source writes it: 矦 in `xiangshe.zhushu`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WrittenForm {
    pub char: String,
    /// The source's id.
    pub source: String,
    /// `鄉射禮 · 儀禮註疏`.
    pub label: String,
    /// The edition's script as a language tag (zh-Hant, zh-Hans): the form
    /// is marked as what it is.
    pub lang: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub count: u64,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DefinitionEntry {
    pub text: String,
    /// `Unihan kDefinition`, `廣韻`, or a glossary card's id.
    pub source: String,
}

#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Occurrences {
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub total: u64,
    /// Segments holding it.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub segments: u64,
    pub by_work: Vec<Count>,
    pub by_source: Vec<Count>,
    pub by_layer: Vec<Count>,
}

/// Occurrences under one key (a work, a source id, a layer label).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Count {
    pub key: String,
    pub label: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub count: u64,
}

/// A line in context from the search index.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KwicLine {
    /// `<passage>/<segment>`.
    pub id: String,
    pub passage: String,
    pub segment: u32,
    pub source: String,
    pub work: String,
    pub layer: Layer,
    pub line: u32,
    pub snippet: String,
    pub highlights: Vec<[u32; 2]>,
}

/// A glossary card that holds the character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardMention {
    /// A built-in term (or the built-in term a user's card copies).
    pub builtin_id: Option<String>,
    /// The user's glossary and card, for a card of theirs.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub glossary_id: Option<i64>,
    pub glossary: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub card_id: Option<i64>,
    pub headword: String,
}

/// The single Han character of `arg`, or an error a user can act on.
pub fn parse_char(arg: &str) -> Result<char> {
    let mut chars = arg.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if sheli_chars::is_han(c) => Ok(c),
        (None, _) => Err(LibraryError::Invalid("no character given".into())),
        _ => Err(LibraryError::Invalid(format!("`{arg}` is not one Han character"))),
    }
}

/// Describes `c` from the tables, the texts and the index.
pub fn describe(corpus: &Corpus, index: &SearchIndex, c: char) -> Result<CharEntry> {
    let asked = sheli_chars::unihan(c);
    // The exact searches the headword and the written forms both need, each
    // form searched once.
    let mut exact = ExactForms { index, searched: Vec::new() };
    let (headword, relation) = headword(&mut exact, c, asked.as_ref())?;
    let head = if headword == c { asked.clone() } else { sheli_chars::unihan(headword) };
    let info = head.clone().or_else(|| asked.clone()).unwrap_or_default();

    let mut forms: Vec<Form> = Vec::new();
    for f in asked.iter().chain(head.iter()).flat_map(|u| u.forms.iter()) {
        let is_self = f.char.chars().eq([c]) || f.char.chars().eq([headword]);
        if !is_self && !forms.iter().any(|g| g.char == f.char) {
            forms.push(f.clone());
        }
    }
    if headword != c {
        forms.retain(|f| !f.char.chars().eq([headword]));
        forms.insert(
            0,
            Form { char: headword.to_string(), relation: relation_of_headword(relation) },
        );
    }
    // The variants the search folds with it come first: to the texts they are
    // one word (矦 is 侯), which Unihan does not say for every pair.
    let partners = fold_partners(c, headword);
    for (i, p) in partners.iter().enumerate() {
        forms.retain(|f| !f.char.chars().eq([*p]));
        forms.insert(i, Form { char: p.to_string(), relation: Relation::Fold });
    }

    let mut fanqie = sheli_chars::guangyun(headword);
    if fanqie.is_empty() && headword != c {
        fanqie = sheli_chars::guangyun(c);
    }
    resolve_pointers(&mut fanqie, &forms);
    let mut definitions = Vec::new();
    if !info.definition.is_empty() {
        definitions.push(DefinitionEntry {
            text: info.definition.clone(),
            source: "Unihan kDefinition".into(),
        });
    } else {
        // Unihan defines 侯, not 矦: a folded variant's meaning is its partner's.
        for p in &partners {
            if let Some(d) = sheli_chars::unihan(*p).map(|u| u.definition).filter(|d| !d.is_empty())
            {
                definitions.push(DefinitionEntry {
                    text: d,
                    source: format!("Unihan kDefinition of {p}"),
                });
            }
        }
    }
    let mut group: Vec<char> = vec![headword];
    for f in [c].into_iter().chain(partners.iter().copied()) {
        if !group.contains(&f) {
            group.push(f);
        }
    }
    let written = written_forms(corpus, &mut exact, &group)?;

    let response = occurrences_search(index, c)?;
    let mut notes = Vec::new();
    if asked.is_none() && head.is_none() {
        notes.push(format!("{c}: Unihan has no readings or definition for this character"));
    }
    if fanqie.is_empty() {
        notes.push(format!("{headword}: the 廣韻 does not list this character"));
    }
    Ok(CharEntry {
        char: c.to_string(),
        headword: headword.to_string(),
        relation,
        forms,
        written,
        mandarin: info.mandarin,
        hanyu_readings: info.hanyu_readings,
        tang: info.tang,
        fanqie,
        shiwen: shiwen(corpus, headword),
        definitions,
        // The shape is the asked character's own (觯 has 15 strokes, 觶 19).
        radical: asked.as_ref().map_or(info.radical.clone(), |u| u.radical.clone()),
        strokes: asked.as_ref().map_or(info.strokes, |u| u.strokes),
        occurrences: occurrences(corpus, &response),
        kwic: kwic(&response),
        cards: builtin_cards(c),
        notes,
    })
}

/// The characters the search folds with `c` or `headword` by the variants
/// table (矦 → 侯, and 侯 → 矦), not Unihan's forms (those are listed apart).
fn fold_partners(c: char, headword: char) -> Vec<char> {
    let mut out = Vec::new();
    for (variant, to, _) in sheli_corpus::fold::variant_rows() {
        for x in [c, headword] {
            let other = if variant == x {
                to
            } else if to == x {
                variant
            } else {
                continue;
            };
            if other != c && other != headword && !out.contains(&other) {
                out.push(other);
            }
        }
    }
    out
}

/// A 廣韻 gloss that says 見上注 ("see the note above") points to the
/// character listed before it in the 小韻: in the book that is a related
/// form (矦 after 侯), so the pointer is followed to a related form listed in
/// the same 小韻. A pointer no related form explains stays marked as one.
fn resolve_pointers(fanqie: &mut [Fanqie], forms: &[Form]) {
    for f in fanqie.iter_mut().filter(|f| f.points_above) {
        f.see_above = forms.iter().filter_map(|form| single(&form.char)).find_map(|other| {
            sheli_chars::guangyun(other)
                .into_iter()
                .find(|g| g.xiaoyun == f.xiaoyun && !g.points_above)
                .map(|g| SeeAbove { char: other.to_string(), gloss: g.gloss })
        });
    }
}

/// How the sources write the word, when they write more than one of its
/// forms (the translation left out: it is the translator's script).
fn written_forms(
    corpus: &Corpus,
    exact: &mut ExactForms<'_>,
    group: &[char],
) -> Result<Vec<WrittenForm>> {
    let mut out = Vec::new();
    // One form only (most characters): nothing to compare, no searches spent.
    if group.len() < 2 {
        return Ok(out);
    }
    for &f in group {
        for (source, t) in &exact.search(f)?.by_source {
            let count = t.occurrences;
            if count == 0 {
                continue;
            }
            let info = corpus.source(source).map(|s| &s.info);
            let label = info
                .map(|i| format!("{} · {}", i.work, i.edition))
                .unwrap_or_else(|| source.clone());
            let lang = match info.map(|i| i.script) {
                Some(sheli_corpus::manifest::EditionScript::Simplified) => "zh-Hans",
                _ => "zh-Hant",
            };
            out.push(WrittenForm {
                char: f.to_string(),
                source: source.clone(),
                label,
                lang: lang.into(),
                count,
            });
        }
    }
    let kinds = out.iter().map(|w| &w.char).collect::<std::collections::BTreeSet<_>>().len();
    if kinds < 2 {
        out.clear();
    }
    out.sort_by(|a, b| a.source.cmp(&b.source).then(b.count.cmp(&a.count)));
    Ok(out)
}

/// What `c` is to the headword, turned around: the entry of 觯 says 觶 is
/// its `traditional` form, so 觯 is the headword's `simplified` form.
fn relation_of_headword(relation: Option<Relation>) -> Relation {
    match relation {
        Some(Relation::Simplified) => Relation::Traditional,
        Some(Relation::Traditional) => Relation::Simplified,
        Some(r) => r,
        None => Relation::Fold,
    }
}

/// The form the texts use: of `c` and its related forms (Unihan's), the one
/// the classical text and its commentaries write most often, `c` on a tie.
/// The vernacular translation is left out of the count: it is in simplified
/// characters, and 觯 in it does not make 觯 the texts' form (one simplified
/// edition, the 大射儀 通解, writes 觯 17 times; the others write 觶).
/// Returns the relation of `c` to the form chosen.
fn headword(
    exact: &mut ExactForms<'_>,
    c: char,
    asked: Option<&sheli_chars::Unihan>,
) -> Result<(char, Option<Relation>)> {
    let mut best = (exact.search(c)?.total_occurrences, c, None);
    for form in asked.iter().flat_map(|u| u.forms.iter()) {
        let Some(f) = single(&form.char) else { continue };
        // `c`'s entry says what `f` is to `c`; `c` is then the reverse to `f`.
        let of_c = match form.relation {
            Relation::Traditional => Relation::Simplified,
            Relation::Simplified => Relation::Traditional,
            r => r,
        };
        let n = exact.search(f)?.total_occurrences;
        if n > best.0 {
            best = (n, f, Some(of_c));
        }
    }
    Ok((best.1, best.2))
}

fn single(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The exact occurrences of single forms outside the translation layer
/// (the form a text writes is its own, not its translator's), each form
/// searched once per entry: the headword is chosen by them and the written
/// forms listed from them.
struct ExactForms<'a> {
    index: &'a SearchIndex,
    searched: Vec<(char, SearchResponse)>,
}

impl ExactForms<'_> {
    fn search(&mut self, c: char) -> Result<&SearchResponse> {
        let at = match self.searched.iter().position(|(f, _)| *f == c) {
            Some(at) => at,
            None => {
                let query = format!("{c} -layer:{}", Layer::Yi.label());
                let req = SearchRequest { query, exact: true, limit: 0, ..Default::default() };
                self.searched.push((c, self.index.search(&req)?));
                self.searched.len() - 1
            }
        };
        Ok(&self.searched[at].1)
    }
}

fn occurrences_search(index: &SearchIndex, c: char) -> Result<SearchResponse> {
    let req = SearchRequest { query: c.to_string(), limit: KWIC_LINES, ..Default::default() };
    Ok(index.search(&req)?)
}

fn shiwen(corpus: &Corpus, c: char) -> Vec<ShiwenReading> {
    corpus
        .sound_glosses_of(c)
        .into_iter()
        .map(|g| {
            let r = g.reading;
            let text = format!("{}{}{}", r.character, r.reading, r.remark.as_deref().unwrap_or(""));
            ShiwenReading {
                passage: g.passage.id.clone(),
                source: g.passage.source.clone(),
                line: g.segment.line,
                character: r.character.clone(),
                reading: r.reading.clone(),
                text,
            }
        })
        .collect()
}

fn occurrences(corpus: &Corpus, r: &SearchResponse) -> Occurrences {
    let count = |(key, t): (&String, &sheli_index::Tally), label: String| Count {
        key: key.clone(),
        label,
        count: t.occurrences,
    };
    let nonzero = |t: &&sheli_index::Tally| t.occurrences > 0;
    Occurrences {
        total: r.total_occurrences,
        segments: r.total_segments,
        by_work: r
            .by_work
            .iter()
            .filter(|(_, t)| nonzero(t))
            .map(|e| count(e, e.0.clone()))
            .collect(),
        by_source: r
            .by_source
            .iter()
            .filter(|(_, t)| nonzero(t))
            .map(|e| {
                let label = corpus
                    .source(e.0)
                    .map(|s| format!("{} · {}", s.info.work, s.info.edition))
                    .unwrap_or_else(|| e.0.clone());
                count(e, label)
            })
            .collect(),
        by_layer: Layer::ALL
            .iter()
            .filter_map(|l| r.by_layer.get(l.label()).map(|t| (l.label().to_string(), t)))
            .filter(|(_, t)| t.occurrences > 0)
            .map(|(k, t)| Count { label: k.clone(), key: k, count: t.occurrences })
            .collect(),
    }
}

fn kwic(r: &SearchResponse) -> Vec<KwicLine> {
    r.results
        .iter()
        .map(|h| KwicLine {
            id: format!("{}/{}", h.id, h.segment),
            passage: h.id.clone(),
            segment: h.segment,
            source: h.source.clone(),
            work: h.work.clone(),
            layer: h.layer,
            line: h.line,
            snippet: h.snippet.clone(),
            highlights: h.highlights.iter().map(|[a, b]| [*a as u32, *b as u32]).collect(),
        })
        .collect()
}

/// The built-in glossary cards whose headword or forms contain `c` (folded:
/// 觯 finds the card of 觶).
fn builtin_cards(c: char) -> Vec<CardMention> {
    let Some(key) = fold_char(c, FoldMode::Folded) else { return Vec::new() };
    let has = |s: &str| s.chars().any(|x| fold_char(x, FoldMode::Folded) == Some(key));
    let Ok(cards) = sheli_corpus::glossary::builtin_cards_shared() else { return Vec::new() };
    cards
        .iter()
        .filter(|card| {
            has(&card.headword) || has(&card.simplified) || card.variants.iter().any(|v| has(v))
        })
        .map(|card| CardMention {
            builtin_id: Some(card.id.clone()),
            glossary_id: None,
            glossary: None,
            card_id: None,
            headword: card.headword.clone(),
        })
        .collect()
}

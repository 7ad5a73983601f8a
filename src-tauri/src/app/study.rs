//! The study aids around the reader: aligned passages (the parallel column),
//! the built-in glossary cards and their drawings.
//!
//! Commands: `aligned`, `cards`, `card`, `picture`. Cards are compiled into
//! the binary (`sheli_corpus::glossary`) and loaded once; each citation is
//! resolved to the passage that holds it, so the UI can link to it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;
use sheli_corpus::align::LinkKind;
use sheli_corpus::fold::{FoldMode, fold, fold_char};
use sheli_corpus::glossary::{
    Card, Citation, Definition, Kind, SoundGloss, builtin_cards_shared, builtin_picture,
    builtin_pictures,
};
use sheli_corpus::{Corpus, Layer, Passage};
use ts_rs::TS;

use super::commands::{validate_id, view};
use super::dto::PassageView;
use super::error::{AppCode, AppError, AppResult};
use super::settings::DisplayScript;
use super::state::{AppState, shown_label, shown_text};

// ── the parallel column ───────────────────────────────────────────────────

/// How a passage is aligned with the one in focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AlignKind {
    /// The same passage in another edition of the same work.
    Edition,
    /// A passage of another work running in parallel.
    Parallel,
    /// A line of the vernacular translation.
    Translation,
}

impl From<LinkKind> for AlignKind {
    fn from(k: LinkKind) -> Self {
        match k {
            LinkKind::Edition => AlignKind::Edition,
            LinkKind::Parallel => AlignKind::Parallel,
            LinkKind::Translation => AlignKind::Translation,
        }
    }
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct AlignedView {
    pub kind: AlignKind,
    /// Similarity for editions and parallels; 1 for a translation anchor,
    /// 0 for the translation lines fitted between anchors.
    pub score: f32,
    pub passage: PassageView,
}

/// `aligned(passage_id, script?)`: the passages aligned with a passage —
/// other editions, parallels in other works, translation lines — by kind,
/// then in the order of their source.
pub fn aligned(
    state: &AppState,
    id: &str,
    script: Option<DisplayScript>,
) -> AppResult<Vec<AlignedView>> {
    validate_id("passage", id)?;
    let corpus = state.corpus()?;
    corpus.passage(id)?;
    let script = state.script(script)?;
    let mut out = corpus
        .aligned_with(id)
        .into_iter()
        .map(|a| {
            Ok(AlignedView {
                kind: a.kind.into(),
                score: a.score,
                passage: view(&corpus, a.passage, script)?,
            })
        })
        .collect::<AppResult<Vec<_>>>()?;
    out.sort_by_key(|a| a.kind as u8);
    Ok(out)
}

// ── glossary cards ────────────────────────────────────────────────────────

/// The built-in cards, loaded and validated once.
fn builtin() -> AppResult<&'static [Card]> {
    builtin_cards_shared().map_err(|e| AppError::Coded {
        kind: super::error::ErrorKind::Corpus,
        code: super::error::AppCode::CardsUnavailable,
        params: vec![("detail", e.to_string())],
        message: format!("the texts are unavailable: the glossary cards could not be loaded: {e}"),
    })
}

/// A card in the list (and in the reader's pop-over index).
#[derive(Debug, Clone, Serialize, TS)]
pub struct CardSummary {
    pub id: String,
    pub headword: String,
    pub simplified: String,
    pub variants: Vec<String>,
    pub pinyin: String,
    pub kind: Kind,
    pub also_kinds: Vec<Kind>,
    /// Every written form (headword, simplified, variants, halves of a pair).
    pub forms: Vec<String>,
    /// The forms after the search fold, to match a selection in any script.
    pub folded: Vec<String>,
    /// The first sentence of the English definition.
    pub summary: String,
    /// The first sentence of the Chinese definition (釋義), empty where the
    /// card has none: the study sheet shows it first in a Chinese interface.
    pub summary_zh: String,
    pub picture: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct KindView {
    pub kind: Kind,
    /// The Chinese label (器, 射具, 侯 …).
    pub label: String,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct CardsView {
    pub cards: Vec<CardSummary>,
    /// The kinds, in display order, with their labels.
    pub kinds: Vec<KindView>,
    /// Character → folded character, for every character (of the texts, of
    /// the fold tables and of the cards) whose fold differs from itself and
    /// bears on a card's form. With it the UI folds a selection exactly as
    /// the search does, as far as matching a card is concerned.
    pub fold: BTreeMap<String, String>,
}

/// The first sentence of a definition (up to the first ". " after a dozen
/// bytes), at most 240 characters: the summary of a card wherever cards are
/// listed.
/// The first sentence of a Chinese definition: up to its first 。 (or the
/// whole, if shorter), cut like [`first_sentence`] when very long.
pub(crate) fn first_sentence_zh(text: &str) -> String {
    let t = text.trim();
    let s = match t.find('。') {
        Some(i) => &t[..i + '。'.len_utf8()],
        None => t,
    };
    if s.chars().count() > 120 {
        let short: String = s.chars().take(118).collect();
        format!("{short}…")
    } else {
        s.to_owned()
    }
}

pub(crate) fn first_sentence(text: &str) -> String {
    let t = text.trim();
    let cut = t
        .char_indices()
        .find(|&(i, c)| c == '.' && t[i + 1..].starts_with(' ') && i > 12)
        .map(|(i, _)| i + 1)
        .unwrap_or(t.len());
    let s = &t[..cut];
    if s.chars().count() > 240 {
        let short: String = s.chars().take(238).collect();
        format!("{short}…")
    } else {
        s.to_owned()
    }
}

fn fold_map(corpus: &Corpus, cards: &[Card]) -> BTreeMap<String, String> {
    let targets: BTreeSet<char> = cards
        .iter()
        .flat_map(|c| c.forms())
        .flat_map(|f| fold(f, FoldMode::Folded).chars().collect::<Vec<_>>())
        .collect();
    let mut candidates: BTreeSet<char> = BTreeSet::new();
    for table in sheli_corpus::fold::table_data() {
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            candidates.extend(line.split('\t').take(2).flat_map(|c| c.chars()));
        }
    }
    for c in cards {
        for f in c.forms() {
            candidates.extend(f.chars());
        }
    }
    for p in corpus.passages() {
        for s in &p.segments {
            candidates.extend(s.text.chars());
        }
    }
    candidates
        .into_iter()
        .filter_map(|c| {
            let f = fold_char(c, FoldMode::Folded)?;
            (f != c && (targets.contains(&f) || targets.contains(&c)))
                .then(|| (c.to_string(), f.to_string()))
        })
        .collect()
}

/// `cards()`: every built-in card, for the glossary list and the reader's
/// headword index.
pub fn cards(state: &AppState) -> AppResult<CardsView> {
    let corpus = state.corpus()?;
    let cards = builtin()?;
    let summaries = cards
        .iter()
        .map(|c| CardSummary {
            id: c.id.clone(),
            headword: c.headword.clone(),
            simplified: c.simplified.clone(),
            variants: c.variants.clone(),
            pinyin: c.pinyin.clone(),
            kind: c.kind,
            also_kinds: c.also_kinds.clone(),
            forms: c.forms().into_iter().map(str::to_owned).collect(),
            folded: {
                let mut f: Vec<String> =
                    c.forms().into_iter().map(|f| fold(f, FoldMode::Folded)).collect();
                f.retain(|x| !x.is_empty());
                f.dedup();
                f
            },
            summary: first_sentence(&c.definition.en),
            summary_zh: first_sentence_zh(&c.definition.zh),
            picture: c.picture.clone(),
        })
        .collect();
    Ok(CardsView {
        cards: summaries,
        kinds: Kind::ALL
            .iter()
            .map(|k| KindView { kind: *k, label: k.label().to_owned() })
            .collect(),
        fold: fold_map(&corpus, cards),
    })
}

/// A quotation with the passage that holds it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CitationView {
    pub source: String,
    /// The work and edition, in the display script.
    pub title: String,
    pub edition: String,
    pub line: u32,
    pub column: Option<u32>,
    /// The quotation, in the display script.
    pub text: String,
    pub layer: Option<Layer>,
    /// The words commented on, in the display script.
    pub on: Option<String>,
    pub note: Option<String>,
    /// The passage the quotation is in (`None` if the source is missing).
    pub passage: Option<String>,
}

/// A 陸德明 sound gloss with its passage.
#[derive(Debug, Clone, Serialize, TS)]
pub struct SoundGlossView {
    pub source: String,
    pub title: String,
    pub line: u32,
    pub column: u32,
    pub text: String,
    pub character: String,
    pub reading: String,
    /// `X反` readings are 反切 (initial of the first, rhyme and tone of the second).
    pub fanqie: bool,
    pub note: Option<String>,
    pub passage: Option<String>,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct CardRef {
    pub id: String,
    pub headword: String,
    pub simplified: String,
    pub pinyin: String,
}

#[derive(Debug, Clone, Serialize, TS)]
pub struct SearchHint {
    pub query: String,
    pub also: Vec<String>,
    pub polysemy: Option<String>,
}

/// A whole card, its Chinese text in the display script.
#[derive(Debug, Clone, Serialize, TS)]
pub struct CardView {
    pub id: String,
    pub headword: String,
    pub simplified: String,
    pub variants: Vec<String>,
    pub pinyin: String,
    pub kind: Kind,
    pub kind_label: String,
    pub also_kinds: Vec<Kind>,
    pub definition: Definition,
    pub search: SearchHint,
    pub readings: Vec<SoundGlossView>,
    /// 鄭玄's glosses (注).
    pub glosses: Vec<CitationView>,
    /// 賈公彥's 疏.
    pub shu: Vec<CitationView>,
    /// Other evidence (經, 按, 譯 …).
    pub notes: Vec<CitationView>,
    pub related: Vec<CardRef>,
    pub picture: Option<String>,
}

/// The passage of `source` holding raw `line` (and, where lines are whole
/// pages, `column`): the one with the last segment starting at or before it.
pub fn passage_at<'a>(
    corpus: &'a Corpus,
    source: &str,
    line: u32,
    column: Option<u32>,
) -> Option<&'a Passage> {
    match column {
        None => corpus.passage_at_line(source, line),
        Some(column) => {
            let last_start = |p: &Passage| {
                p.segments
                    .iter()
                    .map(|s| (s.line, s.column))
                    .filter(|&pos| pos <= (line, column))
                    .max()
            };
            corpus
                .passages_of(source)
                .iter()
                .filter(|p| last_start(p).is_some())
                .max_by_key(|p| last_start(p))
        }
    }
}

struct Labels<'a> {
    corpus: &'a Corpus,
    script: DisplayScript,
    cache: HashMap<String, (String, String)>,
}

impl Labels<'_> {
    fn of(&mut self, source: &str) -> AppResult<(String, String)> {
        if let Some(l) = self.cache.get(source) {
            return Ok(l.clone());
        }
        let label = shown_label(self.corpus, Some(source), self.script);
        let (work, edition) = match self.corpus.source(source) {
            Some(s) => (label.text(&s.info.work)?, label.text(&s.info.edition)?),
            None => (source.to_owned(), String::new()),
        };
        self.cache.insert(source.to_owned(), (work.clone(), edition.clone()));
        Ok((work, edition))
    }
}

fn citation(c: &Citation, labels: &mut Labels) -> AppResult<CitationView> {
    let (title, edition) = labels.of(&c.source)?;
    let shown = shown_text(labels.corpus, &c.source, labels.script);
    Ok(CitationView {
        source: c.source.clone(),
        title,
        edition,
        line: c.line,
        column: c.column,
        text: shown.text(&c.text)?,
        layer: c.layer,
        on: c.on.as_deref().map(|t| shown.text(t)).transpose()?,
        note: c.note.clone(),
        passage: passage_at(labels.corpus, &c.source, c.line, c.column).map(|p| p.id.clone()),
    })
}

fn sound_gloss(r: &SoundGloss, labels: &mut Labels) -> AppResult<SoundGlossView> {
    let (title, _) = labels.of(&r.source)?;
    let shown = shown_text(labels.corpus, &r.source, labels.script);
    Ok(SoundGlossView {
        source: r.source.clone(),
        title,
        line: r.line,
        column: r.column,
        text: shown.text(&r.text)?,
        character: shown.text(&r.character)?,
        reading: shown.text(&r.reading)?,
        fanqie: r.reading.ends_with('反') || r.reading.ends_with('切'),
        note: r.note.clone(),
        passage: passage_at(labels.corpus, &r.source, r.line, Some(r.column)).map(|p| p.id.clone()),
    })
}

/// `card(id, script?)`: one card with every citation resolved to its passage.
pub fn card(state: &AppState, id: &str, script: Option<DisplayScript>) -> AppResult<CardView> {
    validate_id("card", id)?;
    let corpus = state.corpus()?;
    let cards = builtin()?;
    let c = cards
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| AppError::NotFound { what: "card", id: id.to_owned() })?;
    let script = state.script(script)?;
    let mut labels = Labels { corpus: &corpus, script, cache: HashMap::new() };
    let list = |l: &[Citation], labels: &mut Labels| {
        l.iter().map(|q| citation(q, labels)).collect::<AppResult<Vec<_>>>()
    };
    Ok(CardView {
        id: c.id.clone(),
        headword: c.headword.clone(),
        simplified: c.simplified.clone(),
        variants: c.variants.clone(),
        pinyin: c.pinyin.clone(),
        kind: c.kind,
        kind_label: c.kind.label().to_owned(),
        also_kinds: c.also_kinds.clone(),
        definition: Definition {
            en: c.definition.en.clone(),
            zh: shown_label(&corpus, None, script).text(&c.definition.zh)?,
        },
        search: SearchHint {
            query: c.search.query.clone(),
            also: c.search.also.clone(),
            polysemy: c.search.polysemy.clone(),
        },
        readings: c
            .readings
            .iter()
            .map(|r| sound_gloss(r, &mut labels))
            .collect::<AppResult<Vec<_>>>()?,
        glosses: list(&c.glosses, &mut labels)?,
        shu: list(&c.shu, &mut labels)?,
        notes: list(&c.notes, &mut labels)?,
        related: c
            .related
            .iter()
            .filter_map(|r| cards.iter().find(|x| &x.id == r))
            .map(|r| CardRef {
                id: r.id.clone(),
                headword: r.headword.clone(),
                simplified: r.simplified.clone(),
                pinyin: r.pinyin.clone(),
            })
            .collect(),
        picture: c.picture.clone(),
    })
}

/// `picture(name)`: the SVG text of a built-in drawing (`hou.svg`). Only the
/// names of the built-in list are accepted.
pub fn picture(name: &str) -> AppResult<String> {
    if name.is_empty() || name.len() > 64 || !builtin_pictures().iter().any(|(n, _)| *n == name) {
        let shown: String = name.chars().take(64).collect();
        return Err(if name.len() <= 64 && name.ends_with(".svg") && !name.contains('/') {
            AppError::NotFound { what: "picture", id: shown }
        } else {
            AppError::input(
                AppCode::InputPictureName,
                [("name", shown.escape_default().to_string())],
                format!("`{}` is not the name of a built-in picture", shown.escape_default()),
            )
        });
    }
    builtin_picture(name)
        .map(str::to_owned)
        .ok_or_else(|| AppError::NotFound { what: "picture", id: name.to_owned() })
}

#[cfg(test)]
mod summary_tests {
    use super::first_sentence_zh;

    #[test]
    fn a_chinese_definition_is_cut_at_its_first_full_stop() {
        assert_eq!(first_sentence_zh(" 射時置箭之器。以木為之。"), "射時置箭之器。");
        assert_eq!(first_sentence_zh("置箭之器"), "置箭之器");
        assert_eq!(first_sentence_zh(""), "");
        let long = "長".repeat(200);
        assert_eq!(first_sentence_zh(&long).chars().count(), 119);
    }
}

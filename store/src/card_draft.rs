//! A card that fills itself: the back of a card made from the text (a
//! reader selection, a character's pop-over) is drafted from the character
//! tables, the 釋文 of the passage and the built-in glossary, with the
//! sentence the headword came from and its citation. The user edits it as
//! any card.

use sheli_corpus::fold::{FoldMode, fold_char};
use sheli_corpus::{Corpus, Passage};
use sheli_library::character::CardMention;

use crate::cards::{NewCard, UserCard};
use crate::notes::Selection;
use crate::{Result, Store, limits};

/// How many characters of context the sentence may take on either side of
/// the selection when no punctuation ends it sooner.
const SENTENCE_REACH: usize = 40;

/// The language of the window a card is drafted in: it chooses which of a
/// built-in term's two definitions comes first (and the script of the
/// Chinese one). The citation is the standard one in every language (it
/// reads back with Go-to), and the 廣韻 terms are Chinese in any case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DraftLanguage {
    #[default]
    English,
    Traditional,
    Simplified,
}

/// The draft of a card for the text `selection` covers (original script).
pub fn draft_card(corpus: &Corpus, selection: &Selection, lang: DraftLanguage) -> Result<NewCard> {
    let anchor = selection.resolve(corpus)?;
    let headword: String =
        anchor.exact.trim_matches(|c: char| fold_char(c, FoldMode::Exact).is_none()).to_owned();
    if headword.is_empty() {
        return Err(crate::refused(
            crate::StoreCode::RefusedEmptySelection,
            [],
            "the selection holds no characters of the text",
        ));
    }
    let passage = crate::passage(corpus, &anchor.passage_id)?;
    let segment = selection.segment as usize;
    let seg = &passage.segments[segment];
    let chars: Vec<char> = seg.text.chars().collect();
    let (start, end) = (selection.start as usize, selection.end as usize);

    let han: Vec<char> = headword.chars().filter(|c| sheli_chars::is_han(*c)).collect();
    let reading = clip(&readings(corpus, passage, &han), limits::READING);
    let mut definition = definitions(&headword, &han, lang);
    let sentence = sentence(&chars, start, end);
    // The citation the window copies and Go-to reads (corpus/src/locate.rs),
    // never a second wording of it: 第93行 whatever the window's language.
    let citation = corpus.citation_at(passage, segment, start);
    definition.push_str(&format!("\n\n「{sentence}」\n— {citation}"));
    Ok(NewCard {
        headword,
        reading,
        definition: clip(&definition, limits::DEFINITION),
        tags: Vec::new(),
        passages: vec![passage.id.clone()],
    })
}

/// `zhì · 廣韻 章移切 (支韻 平聲), 支義切 (寘韻 去聲) · 釋文 之豉反` for one
/// character (韻 and 聲 written out as the pop-over does: 陽平 alone reads as
/// Mandarin's second tone);
/// for several, one such part per character, `;`-separated.
fn readings(corpus: &Corpus, passage: &Passage, han: &[char]) -> String {
    let one = |c: char| {
        let form = texts_form(c);
        let mut parts = Vec::new();
        let mandarin = sheli_chars::unihan(form).map(|u| u.mandarin).unwrap_or_default();
        if !mandarin.is_empty() {
            parts.push(mandarin.join("/"));
        }
        let fanqie: Vec<String> = sheli_chars::guangyun(form)
            .iter()
            .map(|f| format!("{}切 ({}韻 {}聲)", f.fanqie, f.rhyme, f.tone))
            .collect();
        if !fanqie.is_empty() {
            parts.push(format!("廣韻 {}", fanqie.join(", ")));
        }
        // The 釋文 of this very passage first; it says how the text is read here.
        let glosses = corpus.sound_glosses_of(c);
        if let Some(g) = glosses.iter().find(|g| g.passage.id == passage.id) {
            parts.push(format!("釋文 {}", g.reading.reading));
        }
        let body = parts.join(" · ");
        if han.len() > 1 { format!("{c} {body}") } else { body }
    };
    han.iter().map(|&c| one(c)).collect::<Vec<_>>().join("; ")
}

/// The traditional form the 廣韻 lists when `c` is a simplified one (觯 → 觶).
fn texts_form(c: char) -> char {
    if !sheli_chars::guangyun(c).is_empty() {
        return c;
    }
    sheli_chars::unihan(c)
        .into_iter()
        .flat_map(|u| u.forms)
        .filter(|f| f.relation == sheli_chars::Relation::Traditional)
        .filter_map(|f| f.char.chars().next())
        .next()
        .unwrap_or(c)
}

/// A built-in term's short definition when the headword is one (the first
/// sentence of each of its definitions, the window's language first: the
/// card is a reminder, the whole essay is the term's page); otherwise each
/// character's Unihan definition.
fn definitions(headword: &str, han: &[char], lang: DraftLanguage) -> String {
    let key = sheli_corpus::fold::fold(headword, FoldMode::Folded);
    if let Ok(cards) = sheli_corpus::glossary::builtin_cards_shared()
        && let Some(card) = cards.iter().find(|c| {
            std::iter::once(&c.headword)
                .chain(c.variants.iter())
                .any(|h| sheli_corpus::fold::fold(h, FoldMode::Folded) == key)
        })
    {
        let en = first_sentence(&card.definition.en, &['.', ';']);
        let mut zh = first_sentence(&card.definition.zh, &['。', '；']);
        if lang == DraftLanguage::Simplified {
            // The definitions are written in traditional characters.
            zh = sheli_corpus::display::convert(&zh, sheli_corpus::display::Script::Simplified)
                .unwrap_or(zh);
        }
        let both = match lang {
            DraftLanguage::English => [en, zh],
            _ => [zh, en],
        };
        return both.into_iter().filter(|d| !d.is_empty()).collect::<Vec<_>>().join("\n");
    }
    han.iter()
        .filter_map(|&c| {
            let u = sheli_chars::unihan(c).or_else(|| sheli_chars::unihan(texts_form(c)))?;
            (!u.definition.is_empty()).then(|| {
                if han.len() > 1 { format!("{c}: {}", u.definition) } else { u.definition }
            })
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sentence around `start..end`: back to the last 。！？； before it and on
/// through the next, at most [`SENTENCE_REACH`] characters either way.
fn sentence(chars: &[char], start: usize, end: usize) -> String {
    let stop = |c: &char| matches!(c, '。' | '！' | '？' | '；' | '.' | '!' | '?');
    let from = (start.saturating_sub(SENTENCE_REACH)..start)
        .rev()
        .find(|&i| stop(&chars[i]))
        .map_or(start.saturating_sub(SENTENCE_REACH), |i| i + 1);
    let to = (end..(end + SENTENCE_REACH).min(chars.len()))
        .find(|&i| stop(&chars[i]))
        .map_or((end + SENTENCE_REACH).min(chars.len()), |i| i + 1);
    chars[from..to].iter().collect::<String>().trim().to_owned()
}

/// `text` up to and including its first sentence end (one of `ends`),
/// the whole of it when it has none. A full stop inside an abbreviation or
/// quotation ends the sentence too early at worst: the card stays editable.
fn first_sentence(text: &str, ends: &[char]) -> String {
    let text = text.trim();
    match text.char_indices().find(|(_, c)| ends.contains(c)) {
        Some((i, c)) => text[..i + c.len_utf8()].trim().to_owned(),
        None => text.to_owned(),
    }
}

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

impl Store {
    /// The user's cards whose headword holds `c` or a form it folds with.
    pub fn cards_with_char(&self, c: char) -> Result<Vec<CardMention>> {
        let Some(key) = fold_char(c, FoldMode::Folded) else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for g in self.glossaries()? {
            for card in self.cards(g.id)? {
                if card.headword.chars().any(|x| fold_char(x, FoldMode::Folded) == Some(key)) {
                    out.push(mention(&g.name, &card));
                }
            }
        }
        Ok(out)
    }
}

fn mention(glossary: &str, card: &UserCard) -> CardMention {
    CardMention {
        builtin_id: card.builtin_id.clone(),
        glossary_id: Some(card.glossary_id),
        glossary: Some(glossary.to_owned()),
        card_id: Some(card.id),
        headword: card.headword.clone(),
    }
}

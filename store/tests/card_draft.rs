//! A card made from the text fills itself: reading, 反切, the 釋文 of that
//! passage, a short definition, and the sentence it came from with its
//! citation (work, edition, layer, passage, line).

use std::sync::OnceLock;

use sheli_corpus::{Corpus, Layer};
use sheli_store::{DraftLanguage, Selection, Store, draft_card};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

/// The first segment of `layer` holding `c`: a selection of it.
fn select(c: char, layer: Layer) -> Selection {
    for p in corpus().passages() {
        for (i, s) in p.segments.iter().enumerate() {
            if s.layer != layer {
                continue;
            }
            if let Some(at) = s.text.chars().position(|x| x == c) {
                let at = at as u32;
                return Selection {
                    passage_id: p.id.clone(),
                    segment: i as u32,
                    start: at,
                    end: at + 1,
                };
            }
        }
    }
    panic!("no {c} in {layer:?}")
}

#[test]
fn a_term_from_the_text_gets_readings_definition_and_its_sentence() {
    let sel = select('觶', Layer::Jing);
    let card = draft_card(corpus(), &sel, DraftLanguage::English).unwrap();
    assert_eq!(card.headword, "觶");
    assert!(card.reading.starts_with("zhì"), "{}", card.reading);
    // 韻 and 聲 written out: "(支平)" would read as a Mandarin tone.
    assert!(
        card.reading.contains("廣韻 章移切 (支韻 平聲), 支義切 (寘韻 去聲)"),
        "{}",
        card.reading
    );
    // 觶 is a built-in term: its definition, not Unihan's one line.
    assert!(card.definition.contains("觶"), "{}", card.definition);
    let passage = corpus().passage(&sel.passage_id).unwrap();
    let segment = &passage.segments[sel.segment as usize];
    let quoted = card.definition.rsplit('「').next().and_then(|s| s.split('」').next()).unwrap();
    assert!(quoted.contains('觶') && segment.text.contains(quoted), "{quoted} in {}", segment.text);
    // The standard citation, as the window copies it and Go-to reads it.
    let citation = card.definition.rsplit("— ").next().unwrap();
    let line = corpus().position(passage, sel.segment as usize, sel.start as usize).unwrap().0;
    assert_eq!(
        citation,
        corpus().citation_at(passage, sel.segment as usize, sel.start as usize),
        "{}",
        card.definition
    );
    assert!(citation.contains(&format!("{}，", sel.passage_id)), "{citation}");
    assert!(citation.ends_with(&format!("第{line}行")) && !citation.contains("line"), "{citation}");
    assert!(card.definition.contains(&passage.work));
    assert_eq!(card.passages, [sel.passage_id.clone()]);
}

#[test]
fn the_shiwen_of_the_passage_is_part_of_the_reading() {
    // A 注 character that the 音義 of the same passage reads.
    let (sel, reading) = corpus()
        .passages()
        .iter()
        .find_map(|p| {
            let gloss = p
                .segments_of(Layer::Yinyi)
                .flat_map(|s| &s.readings)
                .find(|r| r.reading.ends_with('反'))?;
            let c = gloss.character.chars().next()?;
            let (i, s) =
                p.segments.iter().enumerate().find(|(_, s)| {
                    matches!(s.layer, Layer::Jing | Layer::Zhu) && s.text.contains(c)
                })?;
            let at = s.text.chars().position(|x| x == c)? as u32;
            Some((
                Selection { passage_id: p.id.clone(), segment: i as u32, start: at, end: at + 1 },
                gloss.reading.clone(),
            ))
        })
        .expect("a passage whose 音義 reads a character of its 經 or 注");
    let card = draft_card(corpus(), &sel, DraftLanguage::English).unwrap();
    assert!(
        card.reading.contains(&format!("釋文 {reading}")),
        "{} lacks 釋文 {reading}",
        card.reading
    );
}

#[test]
fn a_word_gets_a_reading_per_character() {
    let mut sel = select('觶', Layer::Jing);
    let passage = corpus().passage(&sel.passage_id).unwrap();
    let text: Vec<char> = passage.segments[sel.segment as usize].text.chars().collect();
    // Two characters: 觶 and the next Han character.
    sel.end = sel.start + 2;
    if !sheli_chars::is_han(text[sel.start as usize + 1]) {
        sel.start -= 1;
        sel.end -= 1;
    }
    let card = draft_card(corpus(), &sel, DraftLanguage::English).unwrap();
    assert_eq!(card.headword.chars().count(), 2);
    assert_eq!(card.reading.split("; ").count(), 2, "{}", card.reading);
}

#[test]
fn a_card_added_from_a_selection_has_its_back_filled() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open_in(dir.path()).unwrap();
    let g = store.create_glossary("讀書", "").unwrap();
    // The character a piece of 釋文 reads, selected in the 音義 itself.
    let read = corpus()
        .passages()
        .iter()
        .flat_map(|p| p.segments_of(Layer::Yinyi))
        .flat_map(|s| &s.readings)
        .find_map(|r| r.character.chars().next())
        .unwrap();
    let sel = select(read, Layer::Yinyi);
    let card =
        store.add_card_from_selection(corpus(), g.id, &sel, DraftLanguage::Traditional).unwrap();
    assert_eq!(card.headword, read.to_string());
    assert!(!card.reading.is_empty() && !card.definition.is_empty(), "{card:?}");
    assert!(card.definition.contains("音義"), "{}", card.definition);
}

/// 司射 selected in the 經: the term's short definition, not its essay, the
/// window's language first; the citation the same in every language.
#[test]
fn a_term_gets_its_short_definition_in_the_windows_language_first() {
    let passage = corpus().passage("xiangshe.zhushu.0114").unwrap();
    let (i, seg) = passage
        .segments
        .iter()
        .enumerate()
        .find(|(_, s)| s.layer == Layer::Jing && s.text.contains("司射"))
        .expect("司射 in the 經 of 0114");
    let at =
        seg.text.chars().collect::<Vec<_>>().windows(2).position(|w| w == ['司', '射']).unwrap();
    let sel = Selection {
        passage_id: passage.id.clone(),
        segment: i as u32,
        start: at as u32,
        end: at as u32 + 2,
    };
    let draft = |lang| draft_card(corpus(), &sel, lang).unwrap().definition;
    let (en, hant, hans) = (
        draft(DraftLanguage::English),
        draft(DraftLanguage::Traditional),
        draft(DraftLanguage::Simplified),
    );
    let term = |d: &str| d.split("\n\n「").next().unwrap().to_owned();
    assert!(term(&en).starts_with("The master of the archery"), "{en}");
    assert!(term(&hant).starts_with("司射"), "{hant}");
    assert!(term(&hant).lines().nth(1).is_some_and(|l| l.starts_with("The master")), "{hant}");
    assert!(term(&hans).starts_with("司射") && term(&hans).contains("掌射事之人"), "{hans}");
    // In simplified characters (掌射事之人 is the same in both): 終 → 终, 節 → 节.
    assert!(term(&hant).contains("自始至終主其節"), "{hant}");
    assert!(term(&hans).contains("自始至终主其节"), "{hans}");
    for d in [&en, &hant, &hans] {
        assert!(term(d).chars().count() < 200, "a short definition, not the essay: {d}");
    }
    let cite = |d: &str| d.rsplit("— ").next().unwrap().to_owned();
    assert_eq!(cite(&en), cite(&hant));
    assert_eq!(cite(&en), cite(&hans));
    assert!(cite(&en).contains("第") && !cite(&en).contains("line"), "{en}");
}

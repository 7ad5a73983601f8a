//! What a reader asks of a character, answered from the embedded tables.

use sheli_chars::{Relation, Syllable, guangyun, is_han, unihan};

#[test]
fn zhi_the_goblet_has_both_of_its_guangyun_readings() {
    let readings = guangyun('觶');
    let summary: Vec<_> =
        readings.iter().map(|f| (f.fanqie.as_str(), f.rhyme.as_str(), f.tone.as_str())).collect();
    assert_eq!(summary, [("章移", "支", "平"), ("支義", "寘", "去")]);
    assert_eq!(readings[0].position, "章開三支平");
    assert_eq!(readings[1].position, "章開三支去");
    assert_eq!(readings[1].gloss, "爵受四升或作觗𧣨");
    assert_eq!(readings[0].source, "廣韻 小韻 87");
}

#[test]
fn a_position_is_written_in_full_where_the_short_form_left_parts_out() {
    // qieyun writes 溪肴平 (the 呼 and 等 implied by the rhyme).
    assert_eq!(guangyun('骹')[0].position, "溪開二肴平");
    // 眞 (qieyun) is 真 in tshet-uinh; the book's own name is kept.
    assert!(guangyun('㐱').iter().all(|f| f.position.contains('眞') && f.position.contains('三')));
}

#[test]
fn unihan_gives_reading_definition_radical_and_strokes() {
    let u = unihan('觶').expect("觶 is in Unihan");
    assert_eq!(u.mandarin, ["zhì"]);
    assert_eq!(u.definition, "wine goblet made from horn");
    let radical = u.radical.expect("a radical");
    assert_eq!(
        (radical.number, radical.radical.as_str(), radical.residual_strokes),
        (148, "⾓", 12)
    );
    assert_eq!(u.strokes, Some(19));
}

#[test]
fn a_simplified_form_names_its_traditional_form() {
    let simplified = unihan('觯').expect("觯 is in Unihan");
    assert!(
        simplified.forms.iter().any(|f| f.char == "觶" && f.relation == Relation::Traditional),
        "{:?}",
        simplified.forms
    );
    let traditional = unihan('觶').unwrap();
    assert!(traditional.forms.iter().any(|f| f.char == "觯" && f.relation == Relation::Simplified));
}

#[test]
fn characters_with_several_readings_keep_them_all_customary_first() {
    assert_eq!(unihan('傳').unwrap().mandarin, ["chuán", "zhuàn"]);
    // The 漢語大字典's historical readings are kept apart.
    let zhi = unihan('之').unwrap();
    assert_eq!(zhi.mandarin, ["zhī"]);
    assert!(zhi.hanyu_readings.contains(&"zhì".to_string()));
}

#[test]
fn characters_beyond_the_built_in_texts_are_described() {
    // Extension B: no text of the corpus has it, Unihan and the 廣韻 do.
    assert!(!guangyun('𧣨').is_empty() || unihan('𧣨').is_some());
    // A character of a user's text from Extension A.
    assert!(unihan('㐀').is_some());
}

#[test]
fn what_is_not_described_is_empty_not_an_error() {
    assert!(unihan('a').is_none());
    assert!(guangyun('a').is_empty());
    assert!(guangyun('觯').is_empty(), "the 廣韻 lists traditional forms only");
}

#[test]
fn pinyin_search_readings_are_the_entry_readings() {
    let zhi4 = Syllable::parse("zhì").unwrap();
    for c in ['觶', '觯', '至', '志'] {
        assert!(zhi4.matches(c), "{c}");
    }
    assert!(!zhi4.matches('之'));
    assert_eq!(Syllable::parse("bi1").map(|s| s.matches('楅')), Some(true));
}

#[test]
fn han_characters_are_told_from_the_rest() {
    assert!(is_han('觶') && is_han('𧣨') && is_han('㐀'));
    assert!(!is_han('a') && !is_han('。') && !is_han('　'));
}

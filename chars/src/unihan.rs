//! What Unihan says of a character: Mandarin and Tang readings, the English
//! definition, radical and strokes, and its related forms.

use serde::Serialize;

use crate::table::Table;

const TEXT: &str = include_str!("../data/unihan.tsv");
static UNIHAN: Table = Table::new(TEXT);
pub(crate) const BYTES: usize = TEXT.len();

/// How another form relates to a character, in Unihan's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Relation {
    /// The traditional form of this simplified character (kTraditionalVariant).
    Traditional,
    /// The simplified form of this traditional character (kSimplifiedVariant).
    Simplified,
    /// The same meaning, a different character (kSemanticVariant).
    Semantic,
    /// The same character drawn differently (kZVariant).
    ZVariant,
    /// The same meaning in some senses only (kSpecializedSemanticVariant).
    SpecializedSemantic,
    /// Not Unihan: a variant Sheli's search folds with it (矦 and 侯:
    /// corpus/data/variants.tsv), one word to the texts.
    Fold,
}

impl Relation {
    fn from_tag(tag: &str) -> Option<Relation> {
        Some(match tag {
            "T" => Relation::Traditional,
            "S" => Relation::Simplified,
            "M" => Relation::Semantic,
            "Z" => Relation::ZVariant,
            "P" => Relation::SpecializedSemantic,
            _ => return None,
        })
    }

    /// How the relation reads to a user: 觯 is the `simplified form` of 觶.
    pub fn describe(self) -> &'static str {
        match self {
            Relation::Traditional => "traditional form",
            Relation::Simplified => "simplified form",
            Relation::Semantic => "semantic variant",
            Relation::ZVariant => "graphic variant",
            Relation::SpecializedSemantic => "variant in some senses",
            Relation::Fold => "variant, searched as one",
        }
    }
}

/// A related form of a character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Form {
    pub char: String,
    pub relation: Relation,
}

/// A KangXi radical and the strokes added to it (kRSUnicode).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Radical {
    /// 1–214.
    pub number: u8,
    /// The radical itself (from the Kangxi Radicals block, e.g. ⾓ for 148).
    pub radical: String,
    /// Strokes outside the radical.
    pub residual_strokes: i8,
}

/// Unihan's data on one character.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Unihan {
    /// Mandarin readings with tone marks, the customary one first
    /// (kMandarin, then kXHC1983 and kTGHZ2013; for a rare character with
    /// none of these, kHanyuPinyin's).
    pub mandarin: Vec<String>,
    /// Further readings the 漢語大字典 gives (kHanyuPinyin), often historical
    /// (之 zhì): shown, not searched.
    pub hanyu_readings: Vec<String>,
    /// Tang readings (kTang), as Unihan writes them.
    pub tang: Vec<String>,
    /// kDefinition; empty when Unihan gives none.
    pub definition: String,
    pub radical: Option<Radical>,
    /// kTotalStrokes.
    pub strokes: Option<u8>,
    pub forms: Vec<Form>,
}

/// What Unihan says of `c`, or `None` for a character it does not describe.
pub fn unihan(c: char) -> Option<Unihan> {
    let mut key = [0u8; 4];
    let row = UNIHAN.rows(c.encode_utf8(&mut key)).next()?;
    let field = |i: usize| row.get(i).copied().unwrap_or("");
    Some(Unihan {
        mandarin: field(3).split_whitespace().map(str::to_owned).collect(),
        hanyu_readings: field(7).split_whitespace().map(str::to_owned).collect(),
        tang: field(4).split_whitespace().map(str::to_owned).collect(),
        definition: field(5).to_owned(),
        radical: radical(field(1)),
        strokes: field(2).parse().ok(),
        forms: field(6)
            .split_whitespace()
            .filter_map(|v| {
                let (tag, form) = v.split_once(':')?;
                Some(Form { char: form.to_owned(), relation: Relation::from_tag(tag)? })
            })
            .collect(),
    })
}

/// `148.12` → radical 148 (⾓) + 12; `9'.3` (a simplified radical) keeps
/// the number.
fn radical(rs: &str) -> Option<Radical> {
    let (number, residual) = rs.split_once('.')?;
    let number: u8 = number.trim_end_matches('\'').parse().ok()?;
    let radical = char::from_u32(0x2F00 + u32::from(number).checked_sub(1)?)?;
    Some(Radical { number, radical: radical.to_string(), residual_strokes: residual.parse().ok()? })
}

/// Every (character, Mandarin readings) pair of the table, in code point order.
pub(crate) fn every_reading() -> impl Iterator<Item = (char, &'static str)> {
    UNIHAN.all().filter_map(|row| {
        let c = row.first()?.chars().next()?;
        let readings = *row.get(3)?;
        (!readings.is_empty()).then_some((c, readings))
    })
}

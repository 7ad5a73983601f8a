//! The 廣韻 readings of a character: every 小韻 it is listed in.

use serde::Serialize;

use crate::table::Table;

const TEXT: &str = include_str!("../data/guangyun.tsv");
static GUANGYUN: Table = Table::new(TEXT);
pub(crate) const BYTES: usize = TEXT.len();

/// One 小韻 of the 廣韻 that lists the character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fanqie {
    /// The 反切, e.g. 章移 (read 章 + 移: initial of the one, final and tone of the other).
    pub fanqie: String,
    /// The rhyme heading the 小韻 is under, e.g. 支 (平), 寘 (去).
    pub rhyme: String,
    /// 平, 上, 去 or 入.
    pub tone: String,
    /// The phonological position (音韻地位), e.g. 章開三支平.
    pub position: String,
    /// What the 廣韻 says of the character in this 小韻.
    pub gloss: String,
    /// The 小韻's number in the 廣韻 (qieyun's numbering).
    pub xiaoyun: u32,
    /// Where this comes from, for a citation: `廣韻 小韻 87`.
    pub source: String,
    /// Whether the gloss points to the entry above it: 見上注 ("see the
    /// note above": 矦's gloss sends the reader to 侯, listed just before it
    /// in 小韻 1017) or, at its start, 上同 ("the same as above": 竝 is 並).
    pub points_above: bool,
    /// What the pointer leads to, when the library can tell: a related form
    /// listed in the same 小韻, with its gloss. The table keeps no order
    /// within a 小韻, so "above" is found through the forms, not the rows.
    pub see_above: Option<SeeAbove>,
}

/// The entry a 見上注 gloss points to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeeAbove {
    pub char: String,
    pub gloss: String,
}

/// The words by which a gloss points to the entry above: 見上注 anywhere
/// (見上注又…, 射侯見上注), 上同 at its start (a variant listed after its
/// standard form; about 1,500 rows).
fn points_above(gloss: &str) -> bool {
    gloss.contains("見上注") || gloss.starts_with("上同")
}

/// Every 廣韻 reading of `c`, in the order of the book.
pub fn guangyun(c: char) -> Vec<Fanqie> {
    let mut key = [0u8; 4];
    GUANGYUN
        .rows(c.encode_utf8(&mut key))
        .filter_map(|row| {
            let xiaoyun: u32 = row.get(1)?.parse().ok()?;
            let gloss = row.get(6).copied().unwrap_or("").to_string();
            Some(Fanqie {
                points_above: points_above(&gloss),
                see_above: None,
                fanqie: row.get(2)?.to_string(),
                rhyme: row.get(3)?.to_string(),
                tone: row.get(4)?.to_string(),
                position: row.get(5)?.to_string(),
                gloss,
                xiaoyun,
                source: format!("廣韻 小韻 {xiaoyun}"),
            })
        })
        .collect()
}

//! The words of a place as a reader types or pastes them, before the
//! corpus is asked: full-width forms folded, the passage-id spellings a
//! reader meets (capitals, no zero padding), a title and the number after
//! it. Only text here; `locate.rs` asks the corpus what the words name.

/// `text` with full-width ASCII (ＡＢＣ, ０２５０, ．, ：, ，) and the
/// ideographic space folded to ASCII: an IME in full-width mode types them,
/// and the ids, file names and line numbers Sheli writes are ASCII.
pub(crate) fn fold_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// The words of a place that may be an id or a file name: runs of ASCII
/// letters, digits, `.`, `_` and `-`, their edge dots trimmed.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
}

/// The spellings of `word` that may be a passage id, most literal first:
/// as written; in lower case (ids are lower case; a paper may print them in
/// capitals); with the ordinal padded to four digits, as the reader shows
/// passage 250 as "250". A number that is not an ordinal (0, letters) gives
/// no padded form.
pub(crate) fn passage_id_spellings(word: &str) -> Vec<String> {
    let lower = word.to_ascii_lowercase();
    let mut out = vec![word.to_owned()];
    if lower != word {
        out.push(lower.clone());
    }
    if let Some((source, digits)) = lower.rsplit_once('.')
        && !source.is_empty()
        && !digits.is_empty()
        && digits.len() < 4
        && digits.bytes().all(|b| b.is_ascii_digit())
        && let Ok(n) = digits.parse::<u32>()
        && n >= 1
    {
        out.push(crate::passage_id(source, n));
    }
    out
}

/// What a number in a place counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counted {
    /// `第456行`, `line 456`, `:456`: a line of the file.
    Line,
    /// `第25段`, or a number alone after a title: a passage's number.
    Passage,
}

/// The first number in `rest` and what it counts: `第N行` and `line N` are
/// lines, `第N段` a passage, and a bare number is `bare`. Its digits as
/// written (a line is checked against the file by the caller).
pub(crate) fn number_in(rest: &str, bare: Counted) -> Option<(&str, Counted)> {
    let start = rest.find(|c: char| c.is_ascii_digit())?;
    let after = &rest[start..];
    let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
    let digits = &after[..end];
    let before = rest[..start].trim_end();
    let unit = after[end..].trim_start();
    let counted = if unit.starts_with('行') || before.ends_with("line") {
        Counted::Line
    } else if unit.starts_with('段') {
        Counted::Passage
    } else if before.ends_with(':') {
        Counted::Line
    } else {
        bare
    };
    Some((digits, counted))
}

/// The title a place begins with: inside 《…》 if it has them, else the
/// words before its first number, `第` or comma (`儀禮註疏·鄉射禮 第1168行`).
/// `None` when nothing stands before the number.
pub(crate) fn title_of(text: &str) -> Option<&str> {
    if let Some(open) = text.find('《')
        && let Some(len) = text[open..].find('》')
    {
        let inner = &text[open + '《'.len_utf8()..open + len];
        return (!inner.trim().is_empty()).then_some(inner);
    }
    let end = text
        .find(|c: char| c.is_ascii_digit() || c == '第' || c == ',' || c == '，')
        .unwrap_or(text.len());
    let title = text[..end].trim();
    (!title.is_empty()).then_some(title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_ascii_folds_and_chinese_stays() {
        assert_eq!(fold_width("ＸＩＡＮＧ．ｚｈｕ：０２５０　鄉射禮，"), "XIANG.zhu:0250 鄉射禮,");
    }

    #[test]
    fn an_unpadded_or_capital_id_has_its_written_form() {
        assert_eq!(
            passage_id_spellings("XIANGSHE.ZHUSHU.250"),
            ["XIANGSHE.ZHUSHU.250", "xiangshe.zhushu.250", "xiangshe.zhushu.0250"]
        );
        assert_eq!(passage_id_spellings("a.0250"), ["a.0250"]);
        assert_eq!(passage_id_spellings("a.0"), ["a.0"]);
        assert_eq!(passage_id_spellings(".25"), [".25"]);
    }

    #[test]
    fn a_number_says_what_it_counts() {
        assert_eq!(number_in(" 第1168行", Counted::Passage), Some(("1168", Counted::Line)));
        assert_eq!(number_in(" line 5", Counted::Passage), Some(("5", Counted::Line)));
        assert_eq!(number_in("第25段", Counted::Line), Some(("25", Counted::Passage)));
        assert_eq!(number_in(" 25", Counted::Passage), Some(("25", Counted::Passage)));
        assert_eq!(number_in(":25", Counted::Passage), Some(("25", Counted::Line)));
        assert_eq!(number_in(" 第", Counted::Line), None);
    }

    #[test]
    fn a_title_is_read_in_brackets_or_before_the_number() {
        assert_eq!(title_of("《儀禮註疏·鄉射禮》鄭注，x.txt 第5行"), Some("儀禮註疏·鄉射禮"));
        assert_eq!(title_of("儀禮註疏·鄉射禮 第1168行"), Some("儀禮註疏·鄉射禮"));
        assert_eq!(title_of("第1168行"), None);
        assert_eq!(title_of("《》 5"), None);
    }
}

//! What a user text listed in the library may be: the one set of checks that
//! an import applies to what it is about to list and a restore applies to the
//! list a backup carries. Restore used to check less than import (a text filed
//! under a built-in work, an id with a newline in it), so a backup let in what
//! an import refused; both now ask [`listed_text_problem`].

use sheli_corpus::SourceInfo;
use sheli_corpus::manifest::Format;

use crate::reason::{Reason, ReasonCode};

/// Longest work name accepted, in characters.
pub const MAX_WORK_CHARS: usize = 100;

/// Characters that change the direction of the text around them: a name
/// holding one reverses the rest of every line it is printed in.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that delimit a citation (`《work》，id，file 第N行`): a work
/// name holding them could close the title early and make a citation Sheli
/// writes name another place, so they are refused rather than escaped (a
/// reader types and reads citations; an escape would be one more form).
pub const CITATION_DELIMITERS: [char; 6] = ['《', '》', '〈', '〉', '，', ','];

/// Why `name` (already trimmed) cannot name a work, or `None`. Not empty,
/// one line without control or direction characters, no citation
/// delimiters, at most [`MAX_WORK_CHARS`], and not a built-in work's name in
/// either script (大射儀 or 大射仪 would merge a user's text into the
/// built-in work, where it is not one of its editions). Each reason has its
/// code, with the name in `work`.
pub fn work_name_problem(name: &str) -> Option<Reason> {
    let work = || ("work", name.to_owned());
    let said = |why: String| format!("the work's name “{name}”: {why}");
    if name.is_empty() {
        return Some(Reason::new(ReasonCode::WorkEmpty, [work()], "a work needs a name"));
    }
    if name.trim() != name {
        let why = said("the name begins or ends with spaces".into());
        return Some(Reason::new(ReasonCode::WorkSpaces, [work()], why));
    }
    if name.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        let why =
            said("the name must be one line without control or text-direction characters".into());
        return Some(Reason::new(ReasonCode::WorkControl, [work()], why));
    }
    if let Some(c) = name.chars().find(|c| CITATION_DELIMITERS.contains(c)) {
        let why =
            said(format!("the name may not hold {c} (《 》 〈 〉 and commas delimit a citation)"));
        return Some(Reason::new(
            ReasonCode::WorkDelimiter,
            [work(), ("char", c.to_string())],
            why,
        ));
    }
    if name.chars().count() > MAX_WORK_CHARS {
        let why = said(format!("the name is longer than {MAX_WORK_CHARS} characters"));
        return Some(Reason::new(
            ReasonCode::WorkTooLong,
            [work(), ("max", MAX_WORK_CHARS.to_string())],
            why,
        ));
    }
    let folded = |s: &str| sheli_corpus::fold::fold(s, sheli_corpus::FoldMode::Folded);
    let builtin = match sheli_corpus::manifest::builtin_manifest() {
        Ok(b) => b,
        Err(e) => {
            return Some(Reason::new(
                ReasonCode::Parse,
                [("detail", e.to_string())],
                e.to_string(),
            ));
        }
    };
    if let Some(b) =
        builtin.iter().find(|b| !folded(name).is_empty() && folded(&b.work) == folded(name))
    {
        let why = said(format!("{} is a built-in work; give your text a name of its own", b.work));
        return Some(Reason::new(
            ReasonCode::WorkBuiltin,
            [work(), ("builtin", b.work.clone())],
            why,
        ));
    }
    None
}

/// The work a file's name gives when no work is named: its stem with
/// control, direction and citation characters made spaces (a file may be
/// called anything; the work's name goes into citations).
pub fn work_from_stem(stem: &str) -> String {
    let cleaned: String = stem
        .chars()
        .map(|c| {
            if c.is_control() || is_bidi_control(c) || CITATION_DELIMITERS.contains(&c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    let name = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    name.chars().take(MAX_WORK_CHARS).collect::<String>().trim_end().to_owned()
}

/// Whether `id` has the form an import gives: `user.` and 8 to 64 lower-case
/// hex digits (the start of the text's checksum). Nothing else, so an id can
/// be typed into Go-to, put in a link and printed on one line.
pub fn is_user_id(id: &str) -> bool {
    id.strip_prefix("user.").is_some_and(|h| {
        (8..=64).contains(&h.len())
            && h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// The file an imported text with id `id` is kept in, inside `texts/`.
pub fn user_file_name(id: &str) -> String {
    format!("{id}.txt")
}

/// Why `info` cannot be listed as a user's text, or `None`: its id, work,
/// format and file name are what an import would have written.
pub fn listed_text_problem(info: &SourceInfo) -> Option<Reason> {
    if !is_user_id(&info.id) {
        return Some(Reason::new(
            ReasonCode::NotUserId,
            [("id", info.id.clone())],
            format!("its id {:?} is not a user text's (user.<hex>)", info.id),
        ));
    }
    if info.format != Format::Plain {
        return Some(not_plain());
    }
    if info.file != user_file_name(&info.id) {
        return Some(Reason::new(
            ReasonCode::FileName,
            [("file", info.file.clone()), ("expected", user_file_name(&info.id))],
            format!(
                "its file name {:?} is not allowed (an imported text is kept in {})",
                info.file,
                user_file_name(&info.id)
            ),
        ));
    }
    work_name_problem(&info.work)
}

/// A listed text in another format than imported texts have.
pub fn not_plain() -> Reason {
    Reason::bare(ReasonCode::NotPlain, "it is not in the plain format of imported texts")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(id: &str, work: &str) -> SourceInfo {
        SourceInfo::user_text(id, work, "a.txt")
    }

    #[test]
    fn what_an_import_writes_passes() {
        assert_eq!(listed_text_problem(&text("user.9ada07e6", "大文")), None);
    }

    #[test]
    fn a_built_in_work_an_odd_id_or_another_file_is_refused() {
        for (t, why) in [
            (text("user.9ada07e6", "鄉射禮"), "built-in work"),
            (text("user.9ada07e6", "乡射礼"), "built-in work"),
            (text("user.9ada07e6", ""), "needs a name"),
            (text("user.00e40f7d\n[[x]]", "大文"), "not a user text"),
            (text("user.XYZ", "大文"), "not a user text"),
            (text("xiangshe.zhushu", "大文"), "not a user text"),
            (SourceInfo { file: "other.txt".into(), ..text("user.9ada07e6", "大文") }, "file"),
        ] {
            let got = listed_text_problem(&t).map(|r| r.to_string()).unwrap_or_default();
            assert!(got.contains(why), "{:?}: {got}", t.id);
        }
    }

    #[test]
    fn direction_characters_and_citation_delimiters_are_refused_in_work_names() {
        for name in [
            "\u{202e}م",
            "a\u{2067}b",
            "x\u{200f}",
            "怪》，xiangshe.zhushu.0300，",
            "《禮記·射義》",
            "a,b",
        ] {
            assert!(work_name_problem(name).is_some(), "{name:?}");
        }
        assert_eq!(work_name_problem("禮記·射義"), None);
    }
}

//! Anki both ways, as far as Sheli's side goes: the export tells Anki the
//! note type and a stable GUID per card; Anki's own export (GUID, note type
//! and deck columns first) lands in the right fields; a note type Sheli
//! cannot map is refused whole. The real Anki reads and writes these files
//! in src-tauri/tests/integration/real_clients.rs.

use std::sync::OnceLock;

use sheli_corpus::Corpus;
use sheli_store::{CardEdit, NewCard, Store};

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

fn header(tsv: &str, key: &str) -> Option<String> {
    tsv.lines().find_map(|l| l.strip_prefix(&format!("#{key}:")).map(str::to_owned))
}

/// The GUID column of every card line.
fn guids(tsv: &str) -> Vec<String> {
    let col: usize = header(tsv, "guid column").unwrap().parse().unwrap();
    tsv.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').nth(col - 1).unwrap().to_owned())
        .collect()
}

#[test]
fn the_export_names_its_note_type_and_a_stable_guid_per_card() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let g = s.create_glossary("酒器", "").unwrap();
    s.add_builtin_card(g.id, "zhi").unwrap();
    let gu = NewCard {
        headword: "觚".into(),
        reading: "gū".into(),
        definition: "a goblet".into(),
        ..Default::default()
    };
    let gu = s.add_card(corpus(), g.id, &gu).unwrap();
    let first = s.export_glossary_tsv(g.id).unwrap();
    assert_eq!(header(&first, "notetype").as_deref(), Some("Basic"));
    assert_eq!(header(&first, "deck").as_deref(), Some("酒器"));
    let before = guids(&first);
    assert_eq!(before.len(), 2);
    assert_ne!(before[0], before[1], "one GUID per card");
    // Editing a card keeps its GUID: Anki updates the note.
    s.update_card(
        corpus(),
        gu.id,
        &CardEdit { definition: Some("a goblet of two 升".into()), ..Default::default() },
    )
    .unwrap();
    let second = s.export_glossary_tsv(g.id).unwrap();
    assert_eq!(guids(&second), before);
    assert!(second.contains("a goblet of two 升"));
    // Read back by Sheli: the GUID column is no field.
    let back = s.import_glossary_tsv(corpus(), &second, Some("again")).unwrap();
    let cards = s.cards(back.glossary.id).unwrap();
    assert_eq!(cards.iter().find(|c| c.headword == "觚").unwrap().definition, "a goblet of two 升");
}

/// What Anki 26.9's "Notes in Plain Text" export writes (GUID, note type and
/// deck first, tags last), made by the real Anki from a Sheli export.
const ANKI_EXPORT: &str = "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n\
sheli-c46d1d66b833ab00\tBasic\t酒器\t觚\tgū<br>a goblet holding two sheng\tvessel\n\
Be>gdWIzV_\tBasic (and reversed card)\t酒器\t爵\tjué\t\n";

#[test]
fn anki_s_own_export_lands_in_the_right_fields() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let r = s.import_glossary_tsv(corpus(), ANKI_EXPORT, None).unwrap();
    assert_eq!(r.glossary.name, "酒器", "the deck column names the glossary");
    let cards = s.cards(r.glossary.id).unwrap();
    let gu = cards
        .iter()
        .find(|c| c.headword == "觚")
        .expect("the front is the headword, not the GUID or the note type");
    assert_eq!(gu.definition, "gū\na goblet holding two sheng");
    assert_eq!(gu.tags, ["vessel"]);
    assert!(cards.iter().any(|c| c.headword == "爵"));
    assert!(!cards.iter().any(|c| c.headword.contains("Basic") || c.definition.contains("酒器")));
}

#[test]
fn a_note_type_sheli_cannot_map_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    for (file, expect) in [
        (
            "#separator:tab\n#notetype column:1\nBasic\t觶\tcup\nCloze\t{{c1::觶}}\textra\n",
            "“Cloze” (line 4)",
        ),
        ("#separator:tab\n#notetype:Cloze\n{{c1::觶}}\textra\n", "“Cloze”"),
    ] {
        let e = s.import_glossary_tsv(corpus(), file, Some("x")).unwrap_err().to_string();
        assert!(e.contains(expect) && e.contains("Basic"), "{e}");
    }
    assert!(s.glossaries().unwrap().is_empty(), "nothing was written");
}

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

/// The Anki package as Anki's importer reads it: a zip with the collection
/// (schema 11), the media list and the drawings. The real Anki imports it in
/// src-tauri/tests/integration/real_clients.rs.
#[test]
fn the_anki_package_holds_the_notes_their_guids_and_the_drawings() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let g = s.create_glossary("酒器", "cups & goblets").unwrap();
    s.add_builtin_card(g.id, "zhi").unwrap();
    let gu = NewCard {
        headword: "觚".into(),
        reading: "gū".into(),
        definition: "a goblet <of> two 升\nsecond line".into(),
        tags: vec!["vessel".into()],
        ..Default::default()
    };
    s.add_card(corpus(), g.id, &gu).unwrap();
    let apkg = s.export_glossary_apkg(g.id).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(apkg)).unwrap();
    let mut read = |name: &str| {
        let mut v = Vec::new();
        zip.by_name(name)
            .unwrap_or_else(|_| panic!("{name} in the package"))
            .read_to_end(&mut v)
            .unwrap();
        v
    };
    let media: serde_json::Value = serde_json::from_slice(&read("media")).unwrap();
    assert_eq!(media, serde_json::json!({"0": "sheli-zhi.svg"}), "one drawing, 觶's");
    assert!(String::from_utf8(read("0")).unwrap().starts_with("<svg"));
    let path = dir.path().join("collection.anki2");
    std::fs::write(&path, read("collection.anki2")).unwrap();
    let db = rusqlite::Connection::open(&path).unwrap();
    let ver: i64 = db.query_row("SELECT ver FROM col", [], |r| r.get(0)).unwrap();
    assert_eq!(ver, 11, "Anki's legacy schema, which every Anki imports");
    let notes: Vec<(String, String, String)> = db
        .prepare("SELECT guid, flds, tags FROM notes ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(notes.len(), 2);
    let tsv_guids = guids(&s.export_glossary_tsv(g.id).unwrap());
    let fields = |i: usize| notes[i].1.split('\u{1f}').map(str::to_owned).collect::<Vec<_>>();
    let zhi = fields(0);
    assert_eq!(zhi.len(), sheli_store::export::APKG_FIELDS.len());
    assert_eq!(zhi[0], "觶");
    assert_eq!(zhi[3], r#"<img src="sheli-zhi.svg" alt="觶">"#);
    let gu = fields(1);
    assert_eq!(gu[2], "a goblet &lt;of&gt; two 升<br>second line", "fields are HTML");
    assert_eq!(gu[3], "", "a card of the user's own has no drawing");
    assert_eq!(notes[1].2, " vessel ");
    assert_eq!(
        notes.iter().map(|n| n.0.clone()).collect::<Vec<_>>(),
        tsv_guids,
        "the same GUIDs as the TSV export"
    );
    let cards: i64 = db.query_row("SELECT count(*) FROM cards", [], |r| r.get(0)).unwrap();
    assert_eq!(cards, 2, "one card per note");
}

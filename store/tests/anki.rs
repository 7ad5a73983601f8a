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

/// Sheli's own export read back into the store it came from: the glossary
/// is updated by GUID — the edited card changed in place, nothing added —
/// instead of a second glossary or duplicate cards.
#[test]
fn sheli_s_own_export_read_back_updates_its_glossary_by_guid() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let g = s.create_glossary("酒器", "").unwrap();
    s.add_builtin_card(g.id, "zhi").unwrap();
    let gu =
        NewCard { headword: "觚".into(), definition: "a goblet".into(), ..Default::default() };
    let gu = s.add_card(corpus(), g.id, &gu).unwrap();
    let old = s.export_glossary_tsv(g.id).unwrap();
    // Unchanged: nothing updated, nothing added, modification times kept.
    let r = s.import_glossary_tsv(corpus(), &old, None).unwrap();
    assert_eq!((r.glossary.id, r.cards, r.updated), (g.id, 2, 0));
    assert_eq!(s.card(gu.id).unwrap().modified, gu.modified);
    // The file changed (as if edited elsewhere) and a card added to it.
    let changed = old.replace("a goblet", "a goblet of two 升")
        + "豐\tfēng<br>a stand\t\tfēng\ta stand\t\t\tAnki-new-1\n";
    let r = s.import_glossary_tsv(corpus(), &changed, None).unwrap();
    assert_eq!((r.glossary.id, r.cards, r.updated), (g.id, 3, 1));
    let cards = s.cards(g.id).unwrap();
    assert_eq!(cards.len(), 3, "one added, none duplicated: {cards:?}");
    assert_eq!(s.card(gu.id).unwrap().definition, "a goblet of two 升", "updated in place");
    assert_eq!(s.glossaries().unwrap().len(), 1, "no second glossary");
    // The added card keeps the GUID it came with: exported again, it names
    // the same note, and the old cards keep theirs.
    let again = guids(&s.export_glossary_tsv(g.id).unwrap());
    assert_eq!(&again[..2], &guids(&old)[..]);
    assert_eq!(again[2], "Anki-new-1");
    // A file of the same name whose GUIDs name none of its cards is another
    // glossary, and the name is taken.
    let other = "#separator:tab\n#deck:酒器\n#guid column:3\n爵\tcup\tzzz\n";
    let e = s.import_glossary_tsv(corpus(), other, None).unwrap_err();
    assert!(e.to_string().contains("already exists"), "{e}");
}

/// Anki's export of a glossary that came from Anki (its own GUIDs), read
/// into Sheli twice: the second read updates; Sheli's export gives Anki its
/// GUIDs back. Two cards of one GUID are refused.
#[test]
fn a_card_keeps_the_guid_it_came_with() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let first = s.import_glossary_tsv(corpus(), ANKI_EXPORT, None).unwrap();
    assert_eq!((first.cards, first.updated), (2, 0));
    let tsv = s.export_glossary_tsv(first.glossary.id).unwrap();
    assert_eq!(guids(&tsv), ["sheli-c46d1d66b833ab00", "Be>gdWIzV_"]);
    let edited = ANKI_EXPORT.replace("jué\t", "jué<br>a sparrow cup\t");
    let again = s.import_glossary_tsv(corpus(), &edited, None).unwrap();
    assert_eq!((again.glossary.id, again.cards, again.updated), (first.glossary.id, 2, 1));
    let cards = s.cards(first.glossary.id).unwrap();
    assert_eq!(cards.len(), 2);
    assert_eq!(cards.iter().find(|c| c.headword == "爵").unwrap().definition, "jué\na sparrow cup");
    let twice = "#separator:tab\n#deck:x\n#guid column:3\n爵\tcup\tg1\n觚\tgoblet\tg1\n";
    let e = s.import_glossary_tsv(corpus(), twice, None).unwrap_err().to_string();
    assert!(e.contains("card 2") && e.contains("g1"), "{e}");
}

/// Anki's export of Sheli's export (Front and Back only) read back into the
/// store it came from: nothing changed reads as nothing changed (the
/// built-in card stays built-in, the reading stays apart), and an edit made
/// in Anki updates the definition only.
#[test]
fn anki_s_copy_of_sheli_s_export_changes_only_what_was_changed_in_anki() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let g = s.create_glossary("酒器", "").unwrap();
    let zhi = s.add_builtin_card(g.id, "zhi").unwrap();
    let gu = NewCard {
        headword: "觚".into(),
        reading: "gū".into(),
        definition: "a goblet".into(),
        tags: vec!["vessel".into()],
        passages: vec!["xiangshe.zhushu.0002".into()],
    };
    let gu = s.add_card(corpus(), g.id, &gu).unwrap();
    let ours = guids(&s.export_glossary_tsv(g.id).unwrap());
    let back = |c: &sheli_store::UserCard| {
        format!("{}<br>{}", c.reading, c.definition.replace('\n', "<br>"))
    };
    let anki = |gu_back: &str| {
        format!(
            "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n\
             {}\tBasic\t酒器\t觶\t{}\t\n{}\tBasic\t酒器\t觚\t{gu_back}\tvessel\n",
            ours[0],
            back(&zhi),
            ours[1]
        )
    };
    let r = s.import_glossary_tsv(corpus(), &anki("gū<br>a goblet"), None).unwrap();
    assert_eq!((r.glossary.id, r.cards, r.updated), (g.id, 2, 0), "nothing changed");
    let r = s.import_glossary_tsv(corpus(), &anki("gū<br>a goblet of two 升"), None).unwrap();
    assert_eq!((r.glossary.id, r.updated), (g.id, 1));
    let now = s.card(gu.id).unwrap();
    assert_eq!((now.reading.as_str(), now.definition.as_str()), ("gū", "a goblet of two 升"));
    assert_eq!(now.passages, ["xiangshe.zhushu.0002"], "passages the file cannot carry are kept");
    let z = s.card(zhi.id).unwrap();
    assert_eq!(z.builtin_id.as_deref(), Some("zhi"), "still the built-in card");
    assert_eq!(z.modified, zhi.modified, "unchanged");
    assert_eq!(s.cards(g.id).unwrap().len(), 2);
}

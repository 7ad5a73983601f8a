//! A TSV file whose columns cannot all be mapped is refused with a code the
//! window can say (nothing dropped unsaid), and an import says what it did:
//! cards added to a new glossary, or changed in the one it is a copy of.

use std::sync::OnceLock;

use sheli_corpus::Corpus;
use sheli_store::Store;

fn corpus() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| Corpus::builtin().expect("built-in texts"))
}

#[test]
fn a_headerless_file_with_more_columns_than_it_can_map_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let wide = "a\tb\tc\td\te\tf\tg\th\ti\tj\n";
    let e = s.import_glossary_tsv(corpus(), wide, Some("wide")).unwrap_err();
    assert_eq!(e.code().id(), "store.malformed_file.unmapped_columns");
    let said = e.to_string();
    assert!(
        said.contains("line 1") && said.contains("10 fields") && said.contains("column 3"),
        "{said}"
    );
    assert!(s.glossaries().unwrap().is_empty(), "no glossary made from a file refused");

    // Two columns (and empty trailing ones) are a headword and a definition.
    let r = s.import_glossary_tsv(corpus(), "觶\ta cup\t\t\n", Some("two")).unwrap();
    assert_eq!((r.cards, r.added, r.updated), (1, 1, 0));
    let cards = s.cards(r.glossary.id).unwrap();
    assert_eq!((cards[0].headword.as_str(), cards[0].definition.as_str()), ("觶", "a cup"));

    // Named columns read them all.
    let named = "#columns:headword\treading\tdefinition\ttags\n豐\tfēng\ta stand\tvessel\n";
    let r = s.import_glossary_tsv(corpus(), named, Some("named")).unwrap();
    let cards = s.cards(r.glossary.id).unwrap();
    assert_eq!(
        (cards[0].reading.as_str(), cards[0].tags.clone()),
        ("fēng", vec!["vessel".to_owned()])
    );
}

#[test]
fn reading_back_a_glossarys_own_export_says_how_many_were_added_changed_or_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open_in(dir.path()).unwrap();
    let first = "觶\ta cup\n豐\ta stand\n";
    let r = s.import_glossary_tsv(corpus(), first, Some("射器")).unwrap();
    let tsv = s.export_glossary_tsv(r.glossary.id).unwrap();
    // The same file again: nothing added, nothing changed, two the same.
    let again = s.import_glossary_tsv(corpus(), &tsv, None).unwrap();
    assert_eq!(again.glossary.id, r.glossary.id, "the copy updates its glossary");
    assert_eq!((again.cards, again.added, again.updated), (2, 0, 0));
    // One definition changed in the file: one updated.
    let changed = tsv.replace("a cup", "a drinking cup");
    let r2 = s.import_glossary_tsv(corpus(), &changed, None).unwrap();
    assert_eq!((r2.cards, r2.added, r2.updated), (2, 0, 1));
    assert_eq!(s.cards(r.glossary.id).unwrap().len(), 2);
}

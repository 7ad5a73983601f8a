//! Each reason an import refuses a file for, or the library leaves a text
//! out for, is a code with its values, not an English sentence: the window
//! showed these sentences as they were in a Chinese interface (issue 12).
//! The English sentence stays, for the CLI.

use sheli_library::{ImportInput, ImportProblem, LibraryError, ReasonCode, import, import_inputs};

fn problems(e: LibraryError) -> Vec<ImportProblem> {
    match e {
        LibraryError::Import(p) => p,
        other => panic!("not an import's refusal: {other}"),
    }
}

/// A folder with a good file, a binary one and one without paragraphs:
/// nothing is imported, and each bad file is an item with its own code.
#[test]
fn a_folders_bad_files_are_items_with_codes() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let folder = dir.path().join("in");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("a-good.txt"), "[經]惟王建國。\n").unwrap();
    std::fs::write(folder.join("b-photo.txt"), [0x89, b'P', b'N', b'G', 0, 0, 1, 2]).unwrap();
    std::fs::write(folder.join("c-blank.txt"), "\n\n   \n").unwrap();
    let e = import(&data, &[folder.clone()], Some("周禮"), &mut |_, _, _| {}).unwrap_err();
    let said = e.to_string();
    assert!(said.contains("b-photo.txt") && said.contains("binary"), "{said}");
    let p = problems(e);
    let got: Vec<(String, ReasonCode)> = p
        .iter()
        .map(|p| {
            let file = p.file.clone().unwrap_or_default();
            let name = std::path::Path::new(&file).file_name().unwrap().to_string_lossy().into();
            (name, p.reason.code)
        })
        .collect();
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0], ("b-photo.txt".to_string(), ReasonCode::Binary));
    assert_eq!(got[1].0, "c-blank.txt");
    assert!(matches!(got[1].1, ReasonCode::Empty | ReasonCode::NoText | ReasonCode::NoParagraphs));
    assert_eq!(p[0].reason.code.id(), "library.reason.binary");
    assert!(!data.join("texts/manifest.toml").exists(), "nothing was imported");
}

/// The values a reason's sentence needs are its params: the line of the
/// first bad bytes, the work refused and the built-in work it clashes with.
#[test]
fn a_reason_carries_its_values() {
    let dir = tempfile::tempdir().unwrap();
    let mut bad = "射者，仁之道也。\n".repeat(3).into_bytes();
    bad.extend_from_slice(&[0xff, 0xfe, 0xfd, 0x81, 0x20, 0xff]);
    let inputs = vec![ImportInput::named("bad.txt", bad)];
    let p = problems(import_inputs(dir.path(), inputs, None, &mut |_, _, _| {}).unwrap_err());
    assert_eq!(p[0].file.as_deref(), Some("bad.txt"));
    assert_eq!(p[0].reason.code, ReasonCode::Undecodable, "{}", p[0]);
    assert_eq!(p[0].reason.param("line"), Some("4"));

    let inputs = vec![ImportInput::named("a.txt", "射者，仁之道也。\n".into())];
    let p =
        problems(import_inputs(dir.path(), inputs, Some("鄉射禮"), &mut |_, _, _| {}).unwrap_err());
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].file, None, "the work's name, not a file");
    assert_eq!(p[0].reason.code, ReasonCode::WorkBuiltin);
    assert_eq!(p[0].reason.param("work"), Some("鄉射禮"));

    // The window's own refusal of a file's bytes passes through as it is.
    let reason = sheli_library::Reason::bare(ReasonCode::SentDamaged, "sent damaged");
    let input = ImportInput { bytes: Err(reason.clone()), ..ImportInput::named("x.txt", vec![]) };
    let p = problems(import_inputs(dir.path(), vec![input], None, &mut |_, _, _| {}).unwrap_err());
    assert_eq!(p[0].reason, reason);
}

/// The error's code and params: the count of files refused, and the
/// English list in `detail` for an interface that does not know the codes.
#[test]
fn the_error_says_how_many_files_were_refused() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = vec![
        ImportInput::named("a.bin", vec![0u8; 100]),
        ImportInput::named("b.bin", vec![0u8; 100]),
    ];
    let e = import_inputs(dir.path(), inputs, None, &mut |_, _, _| {}).unwrap_err();
    assert_eq!(e.code().id(), "library.import");
    let params = e.params();
    assert_eq!(params[0], ("count", "2".to_string()));
    assert!(params[1].1.contains("a.bin"), "{params:?}");
}

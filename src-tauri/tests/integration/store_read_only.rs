//! The user's store in a read-only data folder (the outside tester's fault
//! 8: `glossary list` said the store "is not a Sheli data file: attempt to
//! write a readonly database"): reading commands answer, writing commands
//! say the folder is read-only. Run as `nobody` when the tests run as root,
//! since permissions do not stop root (see index_cli.rs).

use crate::common::{ok, sheli};
use crate::index_cli::sheli_read_only;

#[test]
fn glossaries_are_read_from_a_read_only_folder_and_writes_say_why_they_fail() {
    let data = tempfile::tempdir().unwrap();
    ok(&sheli(data.path(), &["glossary", "create", "keep"]));

    let out = sheli_read_only(data.path(), &["glossary", "list"]);
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("keep"), "{stdout}");

    let out = sheli_read_only(data.path(), &["glossary", "create", "more", "--json"]);
    assert!(!out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON error");
    assert_eq!(v["error"]["kind"], "storage", "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("can only be read"), "{message}");
    assert!(!message.contains("not a Sheli"), "{message}");

    // Nothing was added, and the folder holds nothing new.
    let names = ok(&sheli(data.path(), &["glossary", "list"]));
    assert!(!names.contains("more"), "{names}");
}

#[test]
fn a_read_only_folder_without_a_store_lists_no_glossaries() {
    let data = tempfile::tempdir().unwrap();
    let out = sheli_read_only(data.path(), &["glossary", "list", "--json"]);
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(std::fs::read_dir(data.path()).unwrap().count(), 0, "nothing written there");
}

/// The outside tester's F16: an import into a read-only data folder said
/// "invalid_input … nothing was imported: … .import-….tmp: Permission
/// denied". It now says the folder can only be read, as the store does.
#[test]
fn an_import_into_a_read_only_folder_says_the_folder_can_only_be_read() {
    let data = tempfile::tempdir().unwrap();
    // The file to import inside the folder, so that `nobody` can read it.
    let input = data.path().join("mine.txt");
    std::fs::write(&input, "主人拜賓。\n").unwrap();
    let out = sheli_read_only(data.path(), &["--json", "import", input.to_str().unwrap()]);
    assert!(!out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON error");
    assert_eq!(v["error"]["kind"], "storage", "{v}");
    assert_eq!(v["error"]["code"], "library.read_only", "{v}");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(message.contains("can only be read"), "{message}");
    assert!(!message.contains(".import-") && !message.contains("os error"), "{message}");
    assert!(!data.path().join("texts/manifest.toml").exists(), "nothing imported");
}

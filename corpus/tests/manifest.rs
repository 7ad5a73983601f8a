//! The built-in texts are the files we received, byte for byte, and each one
//! says where it came from.

use sha2::{Digest, Sha256};
use sheli_corpus::manifest::builtin_manifest;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_text_matches_the_checksum_of_its_origin_file() {
    let manifest = builtin_manifest().unwrap();
    assert_eq!(manifest.len(), 5);
    for s in &manifest {
        let path = format!("{}/texts/{}", env!("CARGO_MANIFEST_DIR"), s.file);
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(hex(&Sha256::digest(&bytes)), s.sha256, "{} changed", s.file);
        assert!(s.origin.ends_with(".txt") && !s.origin.is_empty());
        assert!(!s.licence.is_empty() && !s.provenance.is_empty(), "{} lacks provenance", s.id);
        assert!(s.file.starts_with(&s.id), "{}: file name should say what it is", s.id);
    }
}

#[test]
fn origins_are_the_five_seed_files_in_order() {
    let origins: Vec<String> = builtin_manifest().unwrap().into_iter().map(|s| s.origin).collect();
    let mut sorted = origins.clone();
    sorted.sort();
    assert_eq!(origins, sorted, "sources are listed in seed order");
    assert!(origins[0].starts_with("000_") && origins[4].starts_with("004_"));
}

//! Every recorded source fault is really in the text where the record says.

use sheli_corpus::faults::builtin_faults;
use sheli_corpus::manifest::{builtin_manifest, builtin_text};

#[test]
fn each_fault_is_on_its_line() {
    let manifest = builtin_manifest().unwrap();
    let faults = builtin_faults().unwrap();
    assert!(faults.len() >= 25);
    for f in &faults {
        let info = manifest.iter().find(|s| s.id == f.source).expect("fault names a source");
        let raw = builtin_text(&info.file).unwrap();
        let line = raw.lines().nth(f.line as usize - 1).expect("line exists");
        assert!(line.contains(&f.text), "{}:{} does not contain {}", f.source, f.line, f.text);
    }
}

//! `about()`: what the About view shows — the app's version and licence,
//! every text of the library with its origin and licence, every data table
//! embedded in the binary with its source, version, licence and size, and the
//! third-party software compiled into it (THIRD-PARTY-NOTICES.md, written by
//! `scripts/third-party-notices.sh`, embedded here; the tests below fail when
//! Cargo.lock or ui/package-lock.json no longer agree with it).

use serde::Serialize;
use sheli_chars::DataTable;
use ts_rs::TS;

use super::error::AppResult;
use super::state::AppState;

#[derive(Debug, Clone, Serialize, TS)]
pub struct AboutView {
    pub version: String,
    /// The code's licence, as Cargo.toml declares it.
    pub licence: String,
    pub texts: Vec<TextOrigin>,
    pub tables: Vec<DataTable>,
    /// Rust crates of others compiled into the binary.
    pub third_party_crates: u32,
    /// npm packages whose code is in the embedded web UI.
    pub third_party_npm: u32,
    /// THIRD-PARTY-NOTICES.md (Markdown): every such package with its version
    /// and licence, each licence text once with the packages it covers.
    pub third_party_notices: String,
}

/// The notices, as the package also installs them
/// (/usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz).
pub const NOTICES: &str = include_str!("../../../THIRD-PARTY-NOTICES.md");

/// One line of a fenced list of the notices: `crate|npm NAME@VERSION REST`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed<'a> {
    pub kind: &'a str,
    pub name: &'a str,
    pub version: &'a str,
    /// The licence expression (packages) or the reason (excluded).
    pub rest: &'a str,
}

/// The lines of the fenced list after `<!-- sheli:{marker} -->`
/// (`packages`: in the binary; `excluded`: in the lock files but not in it).
pub fn listed<'a>(notices: &'a str, marker: &str) -> Vec<Listed<'a>> {
    let tag = format!("<!-- sheli:{marker} -->");
    let Some(start) = notices.find(&tag) else { return Vec::new() };
    notices[start + tag.len()..]
        .lines()
        .skip_while(|l| !l.starts_with("```"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .filter_map(|l| {
            let mut parts = l.splitn(3, ' ');
            let kind = parts.next()?;
            // npm's scoped names begin with "@": the version follows the last one.
            let (name, version) = parts.next()?.rsplit_once('@')?;
            Some(Listed { kind, name, version, rest: parts.next().unwrap_or("") })
        })
        .collect()
}

/// A text of the library: where it came from and under what terms.
#[derive(Debug, Clone, Serialize, TS)]
pub struct TextOrigin {
    pub id: String,
    pub work: String,
    pub edition: String,
    /// The file it was copied from.
    pub origin: String,
    pub provenance: String,
    /// As the manifest states it; "unknown" where nothing is known.
    pub licence: String,
    /// A text the user imported.
    pub user: bool,
}

pub fn about(state: &AppState) -> AppResult<AboutView> {
    let corpus = state.corpus()?;
    let texts = corpus
        .sources()
        .iter()
        .map(|s| {
            let i = &s.info;
            let licence = if i.licence.trim().is_empty() {
                if i.user { "yours (imported by you)".to_string() } else { "unknown".to_string() }
            } else {
                i.licence.clone()
            };
            TextOrigin {
                id: i.id.clone(),
                work: i.work.clone(),
                edition: i.edition.clone(),
                origin: i.origin.clone(),
                provenance: i.provenance.clone(),
                licence,
                user: i.user,
            }
        })
        .collect();
    let [t2s, variants] = sheli_corpus::fold::table_data();
    let mut tables: Vec<DataTable> = sheli_chars::tables().into();
    tables.push(DataTable {
        name: "opencc-t2s-chars.tsv",
        purpose: "the search fold: traditional to simplified, one character at a time",
        source: "OpenCC's dictionaries (TSCharacters, STCharacters)",
        version: "OpenCC 1.4.2",
        licence: "Apache-2.0",
        bytes: t2s.len(),
    });
    tables.push(DataTable {
        name: "variants.tsv",
        purpose: "the search fold: variant forms that meet (矦 and 侯), each row with its provenance",
        source: "Sheli's curated table and Unihan kZVariant / kSemanticVariant pairs",
        version: "Unicode 15.0.0",
        licence: "MIT OR Apache-2.0 (curated rows); Unicode License v3 (Unihan pairs)",
        bytes: variants.len(),
    });
    // Sheli's own data: written for it, its version and licence.
    let ours = |name, purpose, source, files: &[(&str, &str)]| DataTable {
        name,
        purpose,
        source,
        version: env!("CARGO_PKG_VERSION"),
        licence: "MIT OR Apache-2.0",
        bytes: files.iter().map(|(_, t)| t.len()).sum(),
    };
    tables.extend([
        ours(
            "stage/*.toml",
            "the 儀禮圖: who stands where, facing which way, passage by passage in 鄉射禮, 燕禮 and 大射儀, each place cited to the 經, 注 or 疏; the plans of the grounds",
            "written for Sheli from the texts (corpus/stage/)",
            &sheli_corpus::stage::embedded_files(),
        ),
        ours(
            "glossary/cards/*.toml",
            "the built-in glossary: the archery chapters' terms, defined in English and Chinese from the 注 and 疏, with their quotations",
            "written for Sheli from the texts (corpus/glossary/)",
            sheli_corpus::glossary::builtin_card_files(),
        ),
        ours(
            "glossary/pictures/*.svg",
            "the drawings of the built-in glossary's cards (the target, the shooting ground, the 楅 …), also put into every Anki package exported (sheli-*.svg)",
            "drawn for Sheli from the measurements the texts give (corpus/glossary/README.md)",
            sheli_corpus::glossary::builtin_pictures(),
        ),
    ]);
    let packages = listed(NOTICES, "packages");
    let count = |kind: &str| packages.iter().filter(|p| p.kind == kind).count() as u32;
    Ok(AboutView {
        version: env!("CARGO_PKG_VERSION").to_string(),
        licence: env!("CARGO_PKG_LICENSE").to_string(),
        texts,
        tables,
        third_party_crates: count("crate"),
        third_party_npm: count("npm"),
        third_party_notices: NOTICES.to_string(),
    })
}

pub mod ipc {
    use tauri::State;

    use super::super::commands::ipc::blocking;
    use super::super::error::AppResult;
    use super::super::state::SharedState;
    use super::AboutView;

    #[tauri::command]
    pub async fn about(state: State<'_, SharedState>) -> AppResult<AboutView> {
        blocking(&state, super::about).await
    }
}

/// THIRD-PARTY-NOTICES.md against the lock files, without the tools that
/// wrote it (no network, no cargo-about): a crate or npm package that changed
/// since the notices were written fails here, named, until
/// `scripts/third-party-notices.sh` is run again.
#[cfg(test)]
mod notices_tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    use super::{NOTICES, listed};

    const RUN: &str = "run scripts/third-party-notices.sh and commit THIRD-PARTY-NOTICES.md";

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    fn read(path: &str) -> String {
        std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// (name, version) of the lines of one kind in one list.
    fn set(marker: &str, kind: &str) -> BTreeSet<(String, String)> {
        listed(NOTICES, marker)
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| (l.name.to_string(), l.version.to_string()))
            .collect()
    }

    fn fail_on(problems: Vec<String>) {
        assert!(
            problems.is_empty(),
            "THIRD-PARTY-NOTICES.md is out of date ({RUN}):\n  {}",
            problems.join("\n  ")
        );
    }

    #[test]
    fn the_lists_are_there_and_do_not_overlap() {
        let (crates, npm) = (set("packages", "crate"), set("packages", "npm"));
        assert!(
            crates.len() > 100 && !npm.is_empty(),
            "{} crates, {} npm packages",
            crates.len(),
            npm.len()
        );
        assert!(crates.contains(&("tauri".into(), lock_version("tauri"))));
        for l in listed(NOTICES, "packages").iter().chain(&listed(NOTICES, "excluded")) {
            assert!(
                matches!(l.kind, "crate" | "npm") && !l.rest.is_empty(),
                "malformed line {l:?}"
            );
        }
        let reasons = ["macro", "build", "platform", "dev", "unused", "not-bundled"];
        for l in listed(NOTICES, "excluded") {
            assert!(
                reasons.contains(&l.rest),
                "{} {} {}: unknown reason {:?}",
                l.kind,
                l.name,
                l.version,
                l.rest
            );
        }
        for kind in ["crate", "npm"] {
            let both: Vec<_> =
                set("packages", kind).intersection(&set("excluded", kind)).cloned().collect();
            assert!(both.is_empty(), "listed both in and out of the binary: {both:?}");
        }
        // Every package in the binary has its licence text.
        let texts = &NOTICES[NOTICES.find("## Licence texts").expect("a Licence texts section")..];
        for l in listed(NOTICES, "packages") {
            assert!(
                texts.contains(&format!("{}@{}", l.name, l.version)),
                "no licence text for {}@{}",
                l.name,
                l.version
            );
        }
    }

    /// lintian (`make package`, --fail-on error) reads "deflate" or "inflate"
    /// and a version in a binary as an embedded copy of zlib
    /// (embedded-library): the notices, embedded, must not say that ("fdeflate
    /// 0.3.7" did; names and versions are joined by "@").
    #[test]
    fn the_embedded_notices_do_not_look_like_zlib_to_lintian() {
        for word in ["inflate ", "deflate "] {
            for (at, _) in NOTICES.match_indices(word) {
                let next = NOTICES[at + word.len()..].chars().next();
                assert!(
                    !next.is_some_and(|c| c.is_ascii_digit()) || NOTICES[..at].ends_with("4 "),
                    "{word:?} and a digit at byte {at}: lintian would report embedded-library zlib"
                );
            }
        }
    }

    fn lock_packages() -> Vec<toml::Table> {
        let lock: toml::Table = toml::from_str(&read("Cargo.lock")).expect("Cargo.lock parses");
        lock["package"].as_array().unwrap().iter().map(|p| p.as_table().unwrap().clone()).collect()
    }

    fn lock_version(name: &str) -> String {
        let p = lock_packages().into_iter().find(|p| p["name"].as_str() == Some(name)).unwrap();
        p["version"].as_str().unwrap().to_string()
    }

    /// Every crate of Cargo.lock (but the workspace's own) is either in the
    /// binary or excluded for a recorded reason, and every crate the notices
    /// name is in Cargo.lock at that version: a crate added, removed or
    /// updated fails here.
    #[test]
    fn every_crate_of_cargo_lock_is_accounted_for() {
        let lock: BTreeSet<(String, String)> = lock_packages()
            .iter()
            .filter(|p| p.contains_key("source"))
            .map(|p| {
                (
                    p["name"].as_str().unwrap().to_string(),
                    p["version"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let (inside, outside) = (set("packages", "crate"), set("excluded", "crate"));
        let mut problems = Vec::new();
        for (n, v) in &lock {
            if !inside.contains(&(n.clone(), v.clone()))
                && !outside.contains(&(n.clone(), v.clone()))
            {
                problems.push(format!("crate {n} {v} is in Cargo.lock but not in the notices"));
            }
        }
        for (n, v) in inside.union(&outside) {
            if !lock.contains(&(n.clone(), v.clone())) {
                problems
                    .push(format!("crate {n} {v} is in the notices but no longer in Cargo.lock"));
            }
        }
        fail_on(problems);
    }

    /// The crates the app's own manifests name as dependencies of the binary
    /// are in it, not excluded (a test-only crate made a real dependency
    /// leaves Cargo.lock as it was, so the test above would not see it).
    #[test]
    fn the_app_s_direct_dependencies_are_in_the_binary() {
        let workspace: toml::Table = toml::from_str(&read("Cargo.toml")).unwrap();
        let shared = workspace["workspace"]["dependencies"].as_table().unwrap();
        let inside: BTreeSet<String> =
            set("packages", "crate").into_iter().map(|(n, _)| n).collect();
        let mut problems = Vec::new();
        for krate in ["src-tauri", "chars", "corpus", "index", "library", "store"] {
            let manifest: toml::Table =
                toml::from_str(&read(&format!("{krate}/Cargo.toml"))).unwrap();
            let mut tables = vec![manifest.get("dependencies")];
            if let Some(targets) = manifest.get("target").and_then(|t| t.as_table()) {
                for (cfg, t) in targets {
                    if cfg.contains("linux") || cfg.contains("unix") {
                        tables.push(t.get("dependencies"));
                    }
                }
            }
            for (key, spec) in tables.into_iter().flatten().filter_map(|t| t.as_table()).flatten() {
                let from_workspace = spec.get("workspace").and_then(|w| w.as_bool()) == Some(true);
                let spec = if from_workspace { shared.get(key).unwrap_or(spec) } else { spec };
                if key.starts_with("sheli-")
                    || spec.get("optional").and_then(|o| o.as_bool()) == Some(true)
                {
                    continue;
                }
                let name = spec.get("package").and_then(|p| p.as_str()).unwrap_or(key);
                if !inside.contains(name) {
                    problems.push(format!(
                        "{krate}/Cargo.toml depends on {name}, which the notices do not list"
                    ));
                }
            }
        }
        fail_on(problems);
    }

    /// npm: what the notices list is in ui/package-lock.json at that version;
    /// package.json's runtime dependencies are in the bundle; every dependency
    /// of a bundled package is either bundled or recorded as not (a package
    /// updated, or given a new dependency, fails here).
    #[test]
    fn the_ui_bundle_s_npm_packages_are_accounted_for() {
        let lock: serde_json::Value = serde_json::from_str(&read("ui/package-lock.json")).unwrap();
        let lock = lock["packages"].as_object().unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&read("ui/package.json")).unwrap();
        let (inside, outside) = (set("packages", "npm"), set("excluded", "npm"));
        let name_of = |path: &str| path.rsplit_once("node_modules/").map(|(_, n)| n.to_string());
        // Every installed copy, by (name, version) → its paths in the lock.
        let mut copies: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for (path, entry) in lock {
            if let (Some(name), Some(version)) = (name_of(path), entry["version"].as_str()) {
                copies.entry((name, version.to_string())).or_default().push(path.clone());
            }
        }
        let mut problems = Vec::new();
        for (n, v) in inside.union(&outside) {
            if !copies.contains_key(&(n.clone(), v.clone())) {
                problems
                    .push(format!("npm {n} {v} is in the notices but not in ui/package-lock.json"));
            }
        }
        for dep in manifest["dependencies"].as_object().into_iter().flatten().map(|(k, _)| k) {
            if !inside.iter().any(|(n, _)| n == dep) {
                problems.push(format!(
                    "npm {dep} (ui/package.json dependencies) is not listed in the binary"
                ));
            }
        }
        // Node's resolution: the nearest node_modules/<dep> up from the dependent.
        let resolve = |from: &str, dep: &str| {
            let mut base = from.to_string();
            loop {
                let candidate = if base.is_empty() {
                    format!("node_modules/{dep}")
                } else {
                    format!("{base}/node_modules/{dep}")
                };
                if lock.contains_key(&candidate) {
                    return Some(candidate);
                }
                if base.is_empty() {
                    return None;
                }
                base = base
                    .rsplit_once("/node_modules/")
                    .map(|(b, _)| b.to_string())
                    .unwrap_or_default();
            }
        };
        let mut todo: Vec<String> =
            inside.iter().flat_map(|k| copies.get(k).cloned().unwrap_or_default()).collect();
        let mut seen = BTreeSet::new();
        while let Some(path) = todo.pop() {
            if !seen.insert(path.clone()) {
                continue;
            }
            let entry = &lock[&path];
            let deps = ["dependencies", "optionalDependencies"]
                .iter()
                .filter_map(|k| entry[*k].as_object())
                .flat_map(|o| o.keys().cloned())
                .collect::<Vec<_>>();
            for dep in deps {
                let Some(target) = resolve(&path, &dep) else { continue };
                let key = (
                    name_of(&target).unwrap(),
                    lock[&target]["version"].as_str().unwrap_or("").to_string(),
                );
                if !inside.contains(&key) && !outside.contains(&key) {
                    problems.push(format!(
                        "npm {} {} (needed by {path}) is not in the notices",
                        key.0, key.1
                    ));
                }
                todo.push(target);
            }
        }
        fail_on(problems);
    }
}

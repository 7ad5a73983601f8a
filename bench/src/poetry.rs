//! The scale corpus: Tang and Song poetry from the npm package
//! `chinese-poetry` (MIT), one segment per poem (title + paragraphs).
//!
//! Three collections are read, each file in numeric order:
//!
//! | source    | work   | files                                   | script      |
//! |-----------|--------|-----------------------------------------|-------------|
//! | `tang`    | 全唐詩 | `dist/quantangshi/poet.tang.N.json`     | traditional |
//! | `songshi` | 全宋詩 | `dist/quantangshi/poet.song.N.json`     | traditional |
//! | `songci`  | 全宋詞 | `dist/songci/ci.song.N.json`            | simplified  |
//!
//! A sample takes whole files round-robin (tang, songshi, songci, tang, …)
//! and stops at the first poem that reaches the target number of CJK
//! characters, so every size is a deterministic prefix of the same order and
//! mixes both scripts.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

/// The npm package and version the corpus comes from.
pub const PACKAGE: &str = "chinese-poetry@2.0.1";
const TARBALL: &str = "chinese-poetry-2.0.1.tgz";

/// (source id, work) in source-ordinal order.
pub const SOURCES: [(&str, &str); 3] =
    [("tang", "全唐詩"), ("songshi", "全宋詩"), ("songci", "全宋詞")];

/// One poem: its source ordinal (into [`SOURCES`]) and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Poem {
    pub source: u8,
    pub text: String,
}

#[derive(Deserialize)]
struct RawPoem {
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    rhythmic: Option<String>,
    #[serde(default)]
    paragraphs: Vec<String>,
}

/// Number of CJK ideographs in `s` (what "characters" means in every figure).
pub fn cjk_chars(s: &str) -> usize {
    s.chars().filter(|c| sheli_corpus::fold::is_cjk(*c)).count()
}

/// Makes sure the package is downloaded and unpacked under `work`; returns
/// its `dist` folder. Downloads only when the tarball is missing.
pub fn ensure_package(work: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(work).with_context(|| format!("creating {}", work.display()))?;
    let dist = work.join("package").join("dist");
    if dist.join("quantangshi").is_dir() && dist.join("songci").is_dir() {
        return Ok(dist);
    }
    if !work.join(TARBALL).is_file() {
        eprintln!("downloading {PACKAGE} (about 85 MB) with npm pack …");
        let status = Command::new("npm")
            .args(["pack", PACKAGE, "--silent"])
            .current_dir(work)
            .status()
            .context("running npm pack (is npm installed?)")?;
        if !status.success() || !work.join(TARBALL).is_file() {
            bail!("npm pack {PACKAGE} failed");
        }
    }
    let status = Command::new("tar")
        .args(["xzf", TARBALL, "package/dist/quantangshi", "package/dist/songci"])
        .current_dir(work)
        .status()
        .context("running tar")?;
    if !status.success() {
        bail!("unpacking {TARBALL} failed");
    }
    Ok(dist)
}

/// The files of each collection in numeric order (`poet.tang.0.json`,
/// `poet.tang.1000.json`, …); files without a number are left out.
pub fn collection_files(dist: &Path) -> Result<[Vec<PathBuf>; 3]> {
    let list = |dir: &str, prefix: &str| -> Result<Vec<PathBuf>> {
        let dir = dist.join(dir);
        let mut files: Vec<(u64, PathBuf)> = Vec::new();
        for e in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = e?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if let Some(n) = name.strip_prefix(prefix).and_then(|r| r.strip_suffix(".json"))
                && let Ok(n) = n.parse::<u64>()
            {
                files.push((n, path));
            }
        }
        files.sort();
        Ok(files.into_iter().map(|(_, p)| p).collect())
    };
    Ok([
        list("quantangshi", "poet.tang.")?,
        list("quantangshi", "poet.song.")?,
        list("songci", "ci.song.")?,
    ])
}

/// The poems of one JSON file: title (or 詞牌) and paragraphs, one per line.
pub fn read_file(path: &Path, source: u8) -> Result<Vec<Poem>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    poems_from_json(&bytes, source).with_context(|| format!("parsing {}", path.display()))
}

pub fn poems_from_json(bytes: &[u8], source: u8) -> Result<Vec<Poem>> {
    let raw: Vec<RawPoem> = serde_json::from_slice(bytes)?;
    Ok(raw
        .into_iter()
        .map(|p| {
            let title = p.title.or(p.rhythmic).unwrap_or_default();
            let mut text = title;
            for para in &p.paragraphs {
                text.push('\n');
                text.push_str(para);
            }
            Poem { source, text }
        })
        .filter(|p| cjk_chars(&p.text) > 0)
        .collect())
}

/// Takes whole files round-robin across the collections until `target` CJK
/// characters are reached (the poem that reaches it is the last).
pub fn sample(dist: &Path, target: usize) -> Result<Vec<Poem>> {
    let files = collection_files(dist)?;
    if files.iter().any(|f| f.is_empty()) {
        bail!("{} does not hold the expected collections", dist.display());
    }
    let mut order = Vec::new();
    let longest = files.iter().map(|f| f.len()).max().unwrap_or(0);
    for i in 0..longest {
        for (s, f) in files.iter().enumerate() {
            if let Some(p) = f.get(i) {
                order.push((s as u8, p.clone()));
            }
        }
    }
    let mut out = Vec::new();
    let mut chars = 0;
    for (source, path) in order {
        for poem in read_file(&path, source)? {
            chars += cjk_chars(&poem.text);
            out.push(poem);
            if chars >= target {
                return Ok(out);
            }
        }
    }
    eprintln!("note: the package holds only {chars} CJK characters (asked for {target})");
    Ok(out)
}

/// Writes a sample as JSON lines (for the build child processes).
pub fn write_sample(path: &Path, poems: &[Poem]) -> Result<()> {
    let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
    for p in poems {
        serde_json::to_writer(&mut w, p)?;
        w.write_all(b"\n")?;
    }
    w.flush()?;
    Ok(())
}

pub fn read_sample(path: &Path) -> Result<Vec<Poem>> {
    let r = std::io::BufReader::new(
        std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?,
    );
    r.lines().map(|l| Ok(serde_json::from_str(&l?)?)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TANG: &str = r#"[
      {"author": "李白", "paragraphs": ["牀前明月光，疑是地上霜。", "舉頭望明月，低頭思故鄉。"], "title": "靜夜思", "id": "x"},
      {"author": "某", "paragraphs": [], "title": ""}
    ]"#;
    const CI: &str = r#"[{"author": "苏轼", "paragraphs": ["明月几时有？把酒问青天。"], "rhythmic": "水调歌头"}]"#;

    #[test]
    fn a_poem_is_its_title_and_paragraphs() {
        let poems = poems_from_json(TANG.as_bytes(), 0).unwrap();
        assert_eq!(poems.len(), 1, "poems without characters are dropped");
        assert_eq!(poems[0].text, "靜夜思\n牀前明月光，疑是地上霜。\n舉頭望明月，低頭思故鄉。");
        assert_eq!(cjk_chars(&poems[0].text), 23);
        let ci = poems_from_json(CI.as_bytes(), 2).unwrap();
        assert!(ci[0].text.starts_with("水调歌头\n明月几时有"), "a 詞 is titled by its 詞牌");
    }

    #[test]
    fn samples_interleave_collections_and_stop_at_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let dist = dir.path();
        std::fs::create_dir_all(dist.join("quantangshi")).unwrap();
        std::fs::create_dir_all(dist.join("songci")).unwrap();
        for n in [0, 1000] {
            std::fs::write(dist.join(format!("quantangshi/poet.tang.{n}.json")), TANG).unwrap();
            std::fs::write(dist.join(format!("quantangshi/poet.song.{n}.json")), TANG).unwrap();
        }
        std::fs::write(dist.join("quantangshi/authors.tang.json"), "{}").unwrap();
        std::fs::write(dist.join("songci/ci.song.0.json"), CI).unwrap();
        let all = sample(dist, usize::MAX).unwrap();
        assert_eq!(all.iter().map(|p| p.source).collect::<Vec<_>>(), [0, 1, 2, 0, 1]);
        let some = sample(dist, 30).unwrap();
        assert_eq!(some.len(), 2);
        let path = dist.join("s.jsonl");
        write_sample(&path, &all).unwrap();
        assert_eq!(read_sample(&path).unwrap(), all);
    }
}

//! `sheli corpus` and `sheli show`.

use anyhow::Result;
use sheli_corpus::Corpus;

pub fn corpus(json: bool) -> Result<()> {
    let corpus = Corpus::builtin()?;
    let summaries = corpus.summaries();
    if json {
        println!("{}", serde_json::to_string_pretty(&summaries)?);
        return Ok(());
    }
    for s in summaries {
        let layers: Vec<String> =
            s.layers.iter().filter(|(_, n)| **n > 0).map(|(k, n)| format!("{k} {n}")).collect();
        println!("{:<18} {:<26} {} · {} ({:?})", s.id, s.origin, s.work, s.edition, s.script);
        println!("{:<18} {} passages: {}", "", s.passages, layers.join(", "));
    }
    Ok(())
}

pub fn show(id: &str, json: bool) -> Result<()> {
    let corpus = Corpus::builtin()?;
    let passage = corpus.passage(id)?;
    if json {
        println!("{}", serde_json::to_string_pretty(passage)?);
        return Ok(());
    }
    println!("{}  {}  line {}", passage.id, passage.work, passage.line());
    for seg in &passage.segments {
        let label = if seg.ji { "記".to_string() } else { seg.layer.label().to_string() };
        println!("[{label}] {}", seg.text);
    }
    Ok(())
}

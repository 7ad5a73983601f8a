//! Prints the passages of one source, one segment per line:
//!
//!     cargo run -p sheli-corpus --example passages -- xiangshe.tongjie
use sheli_corpus::Corpus;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let source = std::env::args().nth(1).unwrap_or_else(|| "xiangshe.zhushu".into());
    let corpus = Corpus::builtin()?;
    for p in corpus.passages_of(&source) {
        let section = p.section.as_deref().unwrap_or("");
        for s in &p.segments {
            let text: String = s.text.chars().take(60).collect();
            let ji = if s.ji { "記" } else { "" };
            println!("{}\t{section}\t{}{ji}\tL{}\t{text}", p.id, s.layer, s.line);
        }
    }
    Ok(())
}

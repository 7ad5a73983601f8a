//! Prints the alignment of the built-in texts as TSV (kind, from, to, score,
//! and the two passages' first characters):
//!
//!     cargo run -p sheli-corpus --example alignment
use sheli_corpus::{Corpus, align};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let corpus = Corpus::builtin()?;
    let t0 = std::time::Instant::now();
    let alignment = align::align(&corpus)?;
    eprintln!("aligned in {:?}", t0.elapsed());
    let preview = |id: &str| -> String {
        let p = corpus.passage(id).expect("aligned passages exist");
        let text =
            if p.jing_text().is_empty() { p.segments[0].text.clone() } else { p.jing_text() };
        text.chars().take(24).collect()
    };
    for l in &alignment.links {
        println!(
            "{:?}\t{}\t{}\t{:.2}\t{}\t{}",
            l.kind,
            l.from,
            l.to,
            l.score,
            preview(&l.from),
            preview(&l.to)
        );
    }
    Ok(())
}

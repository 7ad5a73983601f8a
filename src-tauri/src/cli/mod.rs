//! The `sheli` command line. Every subcommand runs without a display, prints
//! human-readable text or, with `--json`, JSON, and exits non-zero with a
//! clear message on bad input.

mod corpus_cmd;
mod search_cmd;
mod store_cmd;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "sheli",
    version,
    about = "Study the archery and banquet chapters of the 儀禮",
    after_help = "With no command, `sheli` opens the desktop app (it needs a display). \
                  Every command above runs in a terminal, without a display."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the sources: origin file, work, edition, script, segment counts per layer.
    Corpus {
        #[arg(long)]
        json: bool,
    },
    /// Show a passage with all its layers, its source line and its aligned passages.
    Show {
        /// Passage id, e.g. xiangshe.zhushu.0001
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Search every text (see the README for the query language).
    Search {
        /// e.g. 觯, "再拜 賓答", 觶 layer:注, zhi4, =觶
        query: String,
        /// Only this layer: 經 注 疏 音義 按 題 譯
        #[arg(long)]
        layer: Option<String>,
        /// Only this work, e.g. 大射儀
        #[arg(long)]
        work: Option<String>,
        /// Only this source id, e.g. xiangshe.zhushu
        #[arg(long)]
        source: Option<String>,
        /// Exact forms: no folding of scripts and variants
        #[arg(long)]
        exact: bool,
        /// How many results to show
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=1000))]
        limit: u16,
        #[arg(long)]
        json: bool,
    },
    /// Add your own plain-text works (UTF-8, GB18030 or Big5) to the library.
    Import {
        /// Files, or folders of .txt files
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The work's name (default: each file's name)
        #[arg(long)]
        work: Option<String>,
    },
    /// backup, restore, glossary, notes, review (see store_cmd.rs).
    #[command(flatten)]
    Store(store_cmd::StoreCommand),
}

/// Runs the CLI and returns the process exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Command::Corpus { json } => corpus_cmd::corpus(json),
        Command::Show { id, json } => corpus_cmd::show(&id, json),
        Command::Search { query, layer, work, source, exact, limit, json } => {
            search_cmd::search(search_cmd::SearchArgs {
                query,
                layer,
                work,
                source,
                exact,
                limit: limit as usize,
                json,
            })
        }
        Command::Import { paths, work } => search_cmd::import(paths, work),
        Command::Store(command) => store_cmd::run(command),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sheli: {e:#}");
            1
        }
    }
}

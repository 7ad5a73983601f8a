//! The `sheli` command line. Every subcommand runs without a display, prints
//! human-readable text or, with `--json`, JSON, and exits non-zero with a
//! clear message on bad input.

mod corpus_cmd;

use std::ffi::OsString;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "sheli", version, about = "Study the archery and banquet chapters of the 儀禮")]
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
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sheli: {e:#}");
            1
        }
    }
}

//! The `sheli` command line. Every subcommand runs without a display, prints
//! human-readable text or, with `--json`, JSON, and exits non-zero with a
//! clear message on bad input (with `--json`, a JSON error on standard
//! output; see `error.rs`).
//!
//! One module per subject: `corpus_cmd` (corpus, show), `search_cmd`,
//! `stage_cmd`, `import_cmd`, `backup_cmd` (backup, restore), `glossary_cmd`,
//! `notes_cmd`, `review_cmd`; `shared` holds what they share.

mod backup_cmd;
mod char_cmd;
mod corpus_cmd;
mod docs;
mod error;
mod glossary_cmd;
mod import_cmd;
mod notes_cmd;
mod review_cmd;
mod search_cmd;
mod shared;
mod stage_cmd;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

const AFTER_HELP: &str = "\
With no command, `sheli` opens the desktop app (it needs a display). Every command above runs \
in a terminal, without a display.

With --json, a command prints its answer as JSON on standard output, and so does a failure: \
{\"error\": {\"kind\": KIND, \"code\": CODE, \"message\": \"…\"}} on standard output, exit status 1. KIND is one of \
invalid_input (a bad query, argument or file), not_found (no such passage, glossary, card, note \
or file), conflict (a duplicate name, an existing file), incompatible (a data \
file or backup from a newer Sheli, or not Sheli's), busy (another Sheli is changing the data \
folder: try again) and storage (the disk or the database failed). CODE names the check that \
failed, the same codes the window's errors carry (store.*, library.*, query.*, app.*); the \
command line's own are cli.invalid.glossary_id, cli.not_found.glossary, \
cli.invalid.apkg_needs_output, cli.invalid.history_needs_glossary, cli.invalid.empty_quote, \
cli.invalid.layer, cli.invalid.anchor_number, cli.invalid.empty_search, \
cli.invalid.no_han_character, cli.invalid.not_a_file, cli.invalid.file_too_large, \
cli.invalid.undecodable, cli.conflict.file_exists, cli.not_found.not_staged, \
cli.invalid.stage_needs_target, cli.invalid.stage_both, and for a failure none of those name, \
cli.not_found.file (a file named that is not there) or cli.storage.failed. Without --json, a failure is one \
line `sheli: …` on standard error, exit status 1. A wrong command line (an unknown flag, a missing \
argument) prints its usage on standard error and exits with status 2.";

#[derive(Parser)]
#[command(
    name = "sheli",
    version,
    about = "Study the archery and banquet chapters of the 儀禮",
    after_help = AFTER_HELP
)]
struct Cli {
    /// Print the answer — or the error — as JSON on standard output.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the sources: origin file, work, edition, script, segment counts per layer.
    Corpus,
    /// Show a passage with all its layers, its source line and its aligned passages.
    Show {
        /// A passage id (xiangshe.zhushu.0001), a citation as Sheli writes it
        /// (see `cite as:`), or a source and a line (xiangshe.zhushu:456)
        id: String,
        /// The script to show the text in: as the edition writes it
        /// (original), traditional or simplified. A text is converted only
        /// out of its edition's own script.
        #[arg(long, value_enum, default_value = "original")]
        script: ScriptArg,
    },
    /// Search every text (see the README for the query language).
    Search {
        /// e.g. 觯, "再拜 賓答", 觶 layer:注, zhi4, =觶, "主人 賓"~3, 主人 NEAR/3 賓, 坐?爵
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
        /// How many results to show (in the listing; a table has them all)
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=1000))]
        limit: u16,
        /// text: the totals and the best results. tsv or csv: every result,
        /// one row per matching segment (so as many rows as the segments the
        /// listing counts), best first, after a header: work, edition,
        /// source, passage, segment (its index in the passage), layer (記 for
        /// the 記's 經), line (of the first hit in the source file),
        /// occurrences (in the segment), and the first hit in context: left,
        /// match, right (… where the context was cut). TSV has no quoting: a
        /// tab or line break inside a cell becomes a space; CSV quotes as RFC
        /// 4180 says. --json then changes only how an error is reported.
        #[arg(long, value_enum, default_value = "text")]
        format: search_cmd::Format,
        /// The order of the results, over every match before the first
        /// --limit are shown (and of the tsv/csv rows): relevance (best
        /// first), position (the order of the texts), left (by the
        /// characters before the match, read leftwards, folded) or right (by
        /// the characters after it).
        #[arg(long, value_enum, default_value = "relevance")]
        sort: search_cmd::Sort,
        /// Also count the characters and two-character words just left and
        /// right of every occurrence (folded, punctuation skipped), top 20
        /// of each; in --json as "collocations".
        #[arg(long)]
        collocations: bool,
    },
    /// Explain characters: 廣韻 反切, 釋文 readings, Mandarin, definition,
    /// forms, occurrences in the library and glossary cards, one entry per
    /// character in order.
    Char {
        /// One or more characters, e.g. 觶 or 觶觚 (or 觶 觚: each word's
        /// characters, in order)
        #[arg(required = true, num_args = 1..)]
        characters: Vec<String>,
    },
    /// Who stands where, facing which way, passage by passage (the living
    /// 儀禮圖): the moves a passage makes and every figure's place after it,
    /// each cited to the words of the 經, 注 or 疏; a work's steps in reading
    /// order (--work); or one figure's itinerary (--actor).
    #[command(group = clap::ArgGroup::new("what").required(true).multiple(true).args(["passage", "work", "actor"]))]
    Stage {
        /// A passage id of the 鄉射禮, 燕禮 or 大射儀, in any edition
        /// (xiangshe.zhushu.0019, xiangshe.tongjie.0005)
        #[arg(conflicts_with = "actor")]
        passage: Option<String>,
        /// Every step of this work (鄉射禮, 燕禮, 大射儀), or with --actor
        /// only this work's
        #[arg(long, conflicts_with = "passage")]
        work: Option<String>,
        /// One figure's itinerary: every move of it, with its passage and quote
        /// (e.g. 司射, 獲者, 賓)
        #[arg(long)]
        actor: Option<String>,
    },
    /// Add your own plain-text works (UTF-8, UTF-16, GB18030 or Big5) to the library.
    ///
    /// Paragraphs are separated by blank lines; one longer than 20,000
    /// characters becomes several passages, cut at line ends where it can.
    /// Files of up to 256 MB, read in pieces: an import's memory stays
    /// under 300 MB whatever the file's size, as long as no single line is
    /// that long (a line is read whole).
    Import {
        /// Files, or folders of .txt files
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The work's name (default: each file's name)
        #[arg(long)]
        work: Option<String>,
    },
    /// Back up everything you made — glossaries, reviews, notes, imported
    /// texts, settings — into one file.
    Backup {
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Restore a backup made by `sheli backup`, replacing your glossaries,
    /// reviews, notes, imported texts and settings with the backup's.
    Restore { file: PathBuf },
    /// Your glossaries: named lists of cards.
    #[command(after_help = glossary_cmd::ADDRESSING)]
    Glossary {
        #[command(subcommand)]
        command: glossary_cmd::GlossaryCommand,
    },
    /// Your notes on the texts.
    Notes {
        #[command(subcommand)]
        command: notes_cmd::NotesCommand,
    },
    /// Review a glossary's cards as flashcards (FSRS scheduling).
    #[command(after_help = glossary_cmd::ADDRESSING)]
    Review {
        #[command(subcommand)]
        command: review_cmd::ReviewCommand,
    },
    /// Test helper: adds COUNT notes, one transaction each, printing
    /// `ack <n> <note id>` after each commit.
    #[command(hide = true)]
    StoreStress { count: u32 },
    /// Print a shell's completion script for sheli (bash, zsh, fish, elvish
    /// or powershell), e.g. `sheli completions bash > ~/.local/share/bash-completion/completions/sheli`.
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), as the package installs it.
    #[command(hide = true)]
    Manpage,
}

/// `--script` of `sheli show`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ScriptArg {
    Original,
    Traditional,
    Simplified,
}

impl From<ScriptArg> for sheli_corpus::display::Script {
    fn from(s: ScriptArg) -> Self {
        match s {
            ScriptArg::Original => Self::Original,
            ScriptArg::Traditional => Self::Traditional,
            ScriptArg::Simplified => Self::Simplified,
        }
    }
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
    let json = cli.json;
    let result = match cli.command {
        Command::Corpus => corpus_cmd::corpus(json),
        Command::Show { id, script } => corpus_cmd::show(&id, script.into(), json),
        Command::Search {
            query,
            layer,
            work,
            source,
            exact,
            limit,
            format,
            sort,
            collocations,
        } => search_cmd::search(
            search_cmd::SearchArgs {
                query,
                layer,
                work,
                source,
                exact,
                limit: limit as usize,
                format,
                sort,
                collocations,
            },
            json,
        ),
        Command::Char { characters } => char_cmd::char(&characters.join(" "), json),
        Command::Stage { passage, work, actor } => stage_cmd::stage(passage, work, actor, json),
        Command::Import { paths, work } => import_cmd::import(paths, work, json),
        Command::Backup { file, force } => backup_cmd::backup(&file, force, json),
        Command::Restore { file } => backup_cmd::restore(&file, json),
        Command::Glossary { command } => glossary_cmd::run(command, json),
        Command::Notes { command } => notes_cmd::run(command, json),
        Command::Review { command } => review_cmd::run(command, json),
        Command::StoreStress { count } => notes_cmd::stress(count),
        Command::Completions { shell } => docs::print(docs::completions(shell)),
        Command::Manpage => docs::manpage().and_then(docs::print),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            error::report(&e, json);
            1
        }
    }
}

#[cfg(test)]
mod tests {
    /// Clap checks every subcommand's arguments (names, positions, groups)
    /// only when that subcommand is parsed; this checks them all at once.
    #[test]
    fn every_subcommand_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}

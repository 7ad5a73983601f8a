//! The manual page and the shell completions, made from the same clap
//! definition the parser uses, so that neither can fall behind a command or
//! a flag. `make package` installs both (sheli.1.gz, bash/zsh/fish).

use std::io::Write;

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// The completion script of `shell`.
pub fn completions(shell: Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "sheli", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The manual page, roff, with a section per subcommand.
pub fn manpage() -> Result<String> {
    let mut out = Vec::new();
    let cmd = Cli::command();
    let man = clap_mangen::Man::new(cmd.clone()).section("1");
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    // One section for every command a user can type, with its own options.
    writeln!(out, ".SH COMMANDS")?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("sheli {}", sub.get_name());
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        writeln!(out, ".TP\n\\fB{}\\fR\n{}", name, roff_escape(&about))?;
        let mut args = Vec::new();
        for a in sub.get_arguments().filter(|a| !a.is_hide_set() && a.get_id() != "json") {
            let flag = match (a.get_long(), a.get_short()) {
                (Some(l), _) => format!("--{l}"),
                (None, Some(s)) => format!("-{s}"),
                _ => format!("<{}>", a.get_id().as_str().to_uppercase()),
            };
            let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
            args.push(format!("{flag}: {help}"));
        }
        for line in args {
            writeln!(out, ".br\n{}", roff_escape(&line))?;
        }
    }
    man.render_version_section(&mut out)?;
    if let Some(after) = cmd.get_after_help() {
        writeln!(out, ".SH NOTES\n{}", roff_escape(&after.to_string()))?;
    }
    Ok(String::from_utf8(out)?)
}

/// Escapes text for roff: backslashes, and a leading dot or quote.
fn roff_escape(s: &str) -> String {
    s.lines()
        .map(|l| {
            let l = l.replace('\\', "\\e");
            if l.starts_with('.') || l.starts_with('\'') { format!("\\&{l}") } else { l }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn print(text: String) -> Result<()> {
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command a user can type, from the parser's own definition.
    fn commands() -> Vec<String> {
        Cli::command()
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name().to_string())
            .collect()
    }

    #[test]
    fn the_manual_names_every_command_and_flag_of_the_parser() {
        let man = manpage().unwrap();
        assert!(
            man.starts_with(".ie") || man.contains(".TH sheli 1"),
            "{}",
            &man[..200.min(man.len())]
        );
        for c in commands() {
            assert!(man.contains(&format!("sheli {c}")), "the manual lacks `sheli {c}`");
        }
        for flag in ["--exact", "--layer", "--work", "--force", "--json"] {
            assert!(man.contains(&flag.replace('-', "\\-")) || man.contains(flag), "{flag}");
        }
        assert!(
            !man.contains("store-stress") && !man.contains("manpage"),
            "hidden commands stay hidden"
        );
    }

    #[test]
    fn every_completion_script_offers_every_command() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = completions(shell);
            for c in commands() {
                assert!(script.contains(&c), "{shell} completions lack {c}");
            }
        }
    }
}

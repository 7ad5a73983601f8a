//! `sheli`: with no arguments, the desktop app; with a subcommand, the
//! command-line tool (which never opens a window and needs no display).

fn main() {
    if std::env::args_os().len() > 1 {
        std::process::exit(sheli::cli::run(std::env::args_os()));
    }
    sheli::app::run();
}

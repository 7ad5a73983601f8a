//! `sheli`: with no arguments, the desktop app; with a subcommand, the
//! command-line tool (which never opens a window and needs no display).

fn main() {
    if std::env::args_os().len() > 1 {
        restore_sigpipe();
        std::process::exit(sheli::cli::run(std::env::args_os()));
    }
    sheli::app::run();
}

/// Rust ignores SIGPIPE, so `sheli search … | head` would make `println!`
/// panic once `head` exits. A command-line tool should simply stop, as every
/// Unix tool does: restore the default action for the CLI.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread is spawned; setting a
    // signal's disposition to its default has no other precondition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

//! `sheli`: with no arguments, the desktop app; with a subcommand, the
//! command-line tool (which never opens a window and needs no display).

fn main() {
    if std::env::args_os().len() > 1 {
        restore_sigpipe();
        report_sigbus();
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

/// The search index is read through memory maps; if a file under a map is
/// cut short (by another program, or by a disk error), touching the lost
/// part raises SIGBUS, which killed `sheli search` with no word. Sheli itself
/// never shortens a file a reader has open (a rebuild writes a new index
/// generation beside the old one, see `sheli_index::generations`), so this
/// is rare; when it happens, the CLI says what happened and how to go on.
///
/// The handler may run at any instruction, so it does only what is
/// async-signal-safe: one `write` of a fixed message to stderr and `_exit`
/// with status 1.
/// The app (no arguments) keeps the default: its window is not a terminal.
fn report_sigbus() {
    #[cfg(unix)]
    {
        extern "C" fn on_sigbus(_signal: libc::c_int) {
            const MESSAGE: &[u8] = b"\nsheli: the search index changed on disk while it was being \
                read; run the command again\n";
            // SAFETY: `write` and `_exit` are async-signal-safe; MESSAGE
            // is a static buffer of the given length.
            unsafe {
                libc::write(libc::STDERR_FILENO, MESSAGE.as_ptr().cast(), MESSAGE.len());
                libc::_exit(1);
            }
        }
        // SAFETY: called once at start-up, before any thread is spawned; the
        // sigaction struct is fully initialised (zeroed, then the handler and
        // an empty mask set) and the handler is an `extern "C"` function that
        // lives for the whole program.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
        }
    }
}

//! The desktop app (Tauri). Not written yet.

pub fn run() {
    eprintln!("the desktop app is not built yet; try `sheli --help`");
    std::process::exit(2);
}

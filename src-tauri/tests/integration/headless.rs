//! The `sheli` binary links the Tauri shell, but its command line must work
//! without a display: only `app::run()` may touch GTK.

use std::process::Command;

#[test]
fn the_cli_runs_without_a_display() {
    let out = Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(["corpus", "--json"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run sheli");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert!(v.as_array().is_some_and(|a| !a.is_empty()), "a list of sources");
}

/// `sheli` alone opens the window; with no display it must say so in one line
/// and exit 1, not panic inside the GUI toolkit with a build path.
#[test]
fn the_app_without_a_display_says_so_and_exits_1() {
    let data = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sheli"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("SHELI_DATA_DIR", data.path())
        .output()
        .expect("run sheli");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("no display") && stderr.contains("sheli --help"), "{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains(".rs:"), "{stderr}");
}

#[test]
fn help_says_that_no_command_opens_the_window() {
    let out = Command::new(env!("CARGO_BIN_EXE_sheli")).arg("--help").output().expect("run sheli");
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("With no command, `sheli` opens the desktop app"), "{help}");
}

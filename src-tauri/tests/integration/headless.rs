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

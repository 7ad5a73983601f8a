//! What the CLI tests share: running the real `sheli` binary as a user
//! would, on a given data directory and without a display.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `sheli args…` with `SHELI_DATA_DIR=data` and no display.
pub fn sheli(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sheli"))
        .args(args)
        .env("SHELI_DATA_DIR", data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("sheli runs")
}

/// Standard output of a run that must have succeeded.
pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard output of a run that must have succeeded, as JSON.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_str(&ok(out)).expect("valid JSON")
}

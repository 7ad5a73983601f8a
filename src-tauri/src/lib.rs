//! The Sheli application crate: a thin shell over the plain-Rust crates.
//!
//! - [`cli`]: the `sheli` subcommands (plain Rust, no Tauri types);
//! - [`app`]: the Tauri window and its commands (wiring only).
//!
//! The domain lives in the crates beside this one: `sheli-corpus` (the texts),
//! `sheli-index` (search), `sheli-library` (the data folder: imported texts,
//! the writer's lock, the index on disk) and `sheli-store` (glossaries,
//! review, notes, exports, backups).

pub mod app;
pub mod cli;

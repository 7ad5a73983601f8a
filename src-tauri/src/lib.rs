//! The Sheli application crate: a thin shell over `sheli-corpus` and
//! `sheli-index`.
//!
//! - [`cli`]: the `sheli` subcommands (plain Rust, no Tauri types);
//! - [`app`]: the Tauri window and its commands (wiring only);
//! - [`library`]: the user's data directory, imported texts, the search index (no Tauri types);
//! - [`store`]: the user store — glossaries, review, notes, backups (no Tauri types).

pub mod app;
pub mod cli;
pub mod library;
pub mod store;

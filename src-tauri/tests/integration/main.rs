//! The app crate's integration tests, one module per subject.
//!
//! They are one test binary, not one per file: each binary links the whole
//! app (Tauri, WebKitGTK bindings, tantivy, SQLite), so seven binaries cost
//! seven links and several gigabytes of disk for no gain in isolation — every
//! test already works in its own temporary directory. Run one subject with
//! `cargo test -p sheli --test integration store_notes::`.

mod common;

mod char_cli;
mod cli;
mod concordance_cli;
mod headless;
mod index_cli;
mod library_cli;
mod notes_cli;
mod real_clients;
mod show_cli;
mod stage_cli;
mod store_cli;
mod store_read_only;
mod stress;

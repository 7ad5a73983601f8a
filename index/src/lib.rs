//! The search index (see ARCHITECTURE.md). Filled in by the search issue.

//! Whether an index segment holds 經 tails (`crate::joined`), remembered
//! per segment.
//!
//! Every per-segment step of a search asks it — the phrase weight and its
//! scorer, the position filter, the count postings, the collector — and each
//! ask used to open the `own_tokens` fast field: a look-up in the columnar's
//! directory of column names and a read of the column's header, a
//! microsecond or so, some 25 times a search. At 10M characters that was a
//! sixth of a 4-character phrase's whole call (perf, bench/NOTES.md). An
//! index segment never changes once written (a merge writes a new one, with
//! a new id), so the answer is kept by segment id for the life of the
//! process: one bool per index segment ever searched, and no file kept open.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use tantivy::SegmentReader;
use tantivy::index::SegmentId;

/// Some document of the index segment has a 經 tail; `true` when the
/// column cannot be read (the plain, tail-aware path is always correct).
pub fn has_tails(reader: &SegmentReader) -> bool {
    static KNOWN: OnceLock<Mutex<HashMap<SegmentId, bool>>> = OnceLock::new();
    let known = KNOWN.get_or_init(Mutex::default);
    let id = reader.segment_id();
    // A poisoned lock only means another thread panicked between two
    // statements of this function; the map is still whole.
    if let Some(t) = known.lock().unwrap_or_else(|e| e.into_inner()).get(&id) {
        return *t;
    }
    let tails = match reader.fast_fields().u64("own_tokens") {
        Ok(column) => column.max_value() > 0,
        Err(_) => return true,
    };
    known.lock().unwrap_or_else(|e| e.into_inner()).insert(id, tails);
    tails
}

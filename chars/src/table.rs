//! Look-up in a sorted, tab-separated table embedded as text.
//!
//! The tables are a few megabytes of text in the binary. Parsing them into a
//! map at start-up would cost every process (the CLI answers one character
//! and exits) tens of milliseconds and the app several megabytes of heap, so
//! they are searched where they lie: rows are sorted by their first field,
//! and a binary search over byte offsets finds the first row of a key.

/// A table: a header line starting with `#`, then rows sorted by their first
/// field (compared as UTF-8 bytes, which orders by code point).
pub(crate) struct Table {
    text: &'static str,
}

impl Table {
    pub(crate) const fn new(text: &'static str) -> Table {
        Table { text }
    }

    /// The start of the row that contains byte `at`.
    fn row_start(&self, at: usize) -> usize {
        self.text.as_bytes()[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
    }

    fn row_at(&self, start: usize) -> &'static str {
        let rest = &self.text[start..];
        &rest[..rest.find('\n').unwrap_or(rest.len())]
    }

    /// Every row whose first field is `key`, in table order.
    pub(crate) fn rows<'k>(&self, key: &'k str) -> impl Iterator<Item = Vec<&'static str>> + 'k {
        let table = Table { text: self.text };
        let mut at = self.first_at_or_after(key);
        std::iter::from_fn(move || {
            if at >= table.text.len() {
                return None;
            }
            let row = table.row_at(at);
            let fields: Vec<&'static str> = row.split('\t').collect();
            if fields[0] != key {
                return None;
            }
            at += row.len() + 1;
            Some(fields)
        })
    }

    /// The byte offset of the first row whose key is ≥ `key`.
    fn first_at_or_after(&self, key: &str) -> usize {
        let body = self.text.find('\n').map_or(self.text.len(), |i| i + 1);
        let (mut lo, mut hi) = (body, self.text.len());
        // Invariant: every row starting before `lo` has a key < `key`; the row
        // starting at `hi` (if any) has a key ≥ `key`.
        while lo < hi {
            let mid = self.row_start(lo + (hi - lo) / 2).max(lo);
            let row = self.row_at(mid);
            let row_key = row.split('\t').next().unwrap_or("");
            if row_key < key {
                lo = mid + row.len() + 1;
            } else {
                hi = mid;
            }
        }
        lo.min(self.text.len())
    }

    /// Every row, in order (for the reverse look-ups built once).
    pub(crate) fn all(&self) -> impl Iterator<Item = Vec<&'static str>> {
        self.text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| l.split('\t').collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn finds_every_row_of_a_key_and_nothing_else() {
        let t = Table::new("#k\tv\na\t1\nb\t2\nb\t3\nd\t4\n");
        let get = |k: &str| t.rows(k).map(|r| r[1]).collect::<Vec<_>>();
        assert_eq!(get("a"), ["1"]);
        assert_eq!(get("b"), ["2", "3"]);
        assert!(get("c").is_empty());
        assert_eq!(get("d"), ["4"]);
        assert!(get("e").is_empty());
        assert!(get("").is_empty());
    }

    #[test]
    fn a_table_without_a_final_newline_or_rows() {
        let t = Table::new("#k\na\t1\nz\t2");
        assert_eq!(t.rows("z").map(|r| r[1]).collect::<Vec<_>>(), ["2"]);
        let empty = Table::new("#k\n");
        assert!(empty.rows("a").next().is_none());
    }
}

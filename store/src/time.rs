//! Times in the store: Unix seconds (UTC), written as RFC 3339 in exports.

use ::time::OffsetDateTime;
use ::time::format_description::well_known::Rfc3339;

/// Seconds since 1970-01-01T00:00:00Z.
pub type Timestamp = i64;

/// The current time.
pub fn now() -> Timestamp {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// `2024-05-01T12:00:00Z`.
pub fn format_rfc3339(t: Timestamp) -> String {
    OffsetDateTime::from_unix_timestamp(t)
        .ok()
        .and_then(|d| d.format(&Rfc3339).ok())
        .unwrap_or_else(|| t.to_string())
}

/// Parses an RFC 3339 time (any offset) into Unix seconds.
pub fn parse_rfc3339(s: &str) -> Option<Timestamp> {
    OffsetDateTime::parse(s.trim(), &Rfc3339).ok().map(|d| d.unix_timestamp())
}

/// The calendar date of `t` in UTC, `2024-05-01`.
pub fn format_date(t: Timestamp) -> String {
    let s = format_rfc3339(t);
    s.get(..10).unwrap_or(&s).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        assert_eq!(format_rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(
            parse_rfc3339("2024-05-01T14:00:00+02:00"),
            parse_rfc3339("2024-05-01T12:00:00Z")
        );
        let t = 1_714_564_800;
        assert_eq!(parse_rfc3339(&format_rfc3339(t)), Some(t));
        assert_eq!(format_date(t), "2024-05-01");
        assert_eq!(parse_rfc3339("yesterday"), None);
    }
}

//! Lines read without their counters: for a reader that already holds
//! what a record file's counter vectors evaluate to.

use super::{LineError, Raw, parse};
use crate::Record;

/// A `cov` or `followcov` line read without its counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageLine {
    /// `true` for a `followcov` line.
    pub follow_up: bool,
    /// Source key.
    pub key: u64,
    /// The MR's id.
    pub mr: String,
    /// Fingerprint of the counter vector.
    pub fingerprint: u64,
    /// Another thread ran during the execution (`false` on a `followcov`
    /// line).
    pub shared: bool,
}

/// One line as [`parse_line_without_counters`] reads it.
// Returned by value and taken apart at once, as `Record` is: boxing would
// cost an allocation a line.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedLine {
    /// Any line but `cov` and `followcov`, as [`parse_line`] reads it.
    Record(Record),
    /// A `cov` or `followcov` line, its counters neither decoded nor
    /// checked.
    Coverage(CoverageLine),
}

/// [`parse_line`], leaving the counters of `cov` and `followcov` lines
/// unread: for a reader that already holds what they evaluate to (most of
/// a record file's size is its counters).
pub fn parse_line_without_counters(text: &str) -> Result<ParsedLine, LineError> {
    parse(text, |raw| match raw {
        Raw::Cov {
            key,
            mr,
            fp,
            shared,
            ..
        } => Ok(ParsedLine::Coverage(CoverageLine {
            follow_up: false,
            key: key.0,
            mr,
            fingerprint: fp.0,
            shared,
        })),
        Raw::FollowCov { key, mr, fp, .. } => Ok(ParsedLine::Coverage(CoverageLine {
            follow_up: true,
            key: key.0,
            mr,
            fingerprint: fp.0,
            shared: false,
        })),
        raw => raw.into_record().map(ParsedLine::Record),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SCHEMA_VERSION;
    use crate::read::parse_line;
    use crate::write;

    /// Without counters, a `cov` or `followcov` line gives what names its
    /// vector, even when its counters would not decode; every other line
    /// reads as `parse_line` reads it.
    #[test]
    fn lines_read_without_counters() {
        let mut out = String::new();
        write::cov(
            &mut out,
            0xa,
            "m::one",
            0xf0,
            write::Counters::Full(&[(0, 1)]),
            true,
        );
        write::follow_cov(&mut out, 0xa, "m::one", 0xf1, write::Counters::Earlier);
        write::source(&mut out, 0xa, "1.0");
        let lines: Vec<&str> = out.lines().collect();
        let coverage = |follow_up, fingerprint, shared| {
            Ok(ParsedLine::Coverage(CoverageLine {
                follow_up,
                key: 0xa,
                mr: "m::one".into(),
                fingerprint,
                shared,
            }))
        };
        assert_eq!(
            parse_line_without_counters(lines[0]),
            coverage(false, 0xf0, true)
        );
        assert_eq!(
            parse_line_without_counters(lines[1]),
            coverage(true, 0xf1, false)
        );
        assert_eq!(
            parse_line_without_counters(lines[2]),
            Ok(ParsedLine::Record(parse_line(lines[2]).unwrap()))
        );
        // Counters that do not decode are not read.
        let bad = lines[0].replace("\"counters\":\"", "\"counters\":\"\u{7f}");
        assert!(parse_line(&bad).is_err());
        assert_eq!(
            parse_line_without_counters(&bad),
            coverage(false, 0xf0, true)
        );
        // Another version is still another version.
        let other = lines[2].replace(&format!("\"v\":{SCHEMA_VERSION}"), "\"v\":99");
        assert_eq!(
            parse_line_without_counters(&other),
            Err(LineError::Version(99))
        );
    }
}

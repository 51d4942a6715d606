//! `cargo mtcov`'s options for running tests.

use std::num::NonZeroUsize;
use std::time::Duration;

use super::Partition;

/// How tests are run: `cargo mtcov` options.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct RunOptions {
    /// Test processes to run at once (default: the number of CPUs).
    #[arg(long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// Run each test binary as one process, its tests one at a time (slower;
    /// the way of earlier releases).
    #[arg(long)]
    pub serial: bool,

    /// Kill a test process still running after this long (its process group
    /// with it) and count its tests as failed: `90s`, `10m`, `1h`, `500ms`.
    /// A process that runs several tests (a binary without MRs, `--serial`)
    /// gets the same limit for all of them.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = parse_duration)]
    pub test_timeout: Duration,

    /// Run one shard of the tests, `count:M/N` or `hash:M/N` (cargo-nextest's
    /// meaning); its records go to `<target-dir>/mtcov/shard-M-of-N` for
    /// `cargo mtcov merge`, and no report is printed.
    #[arg(long, value_name = "KIND:M/N")]
    pub partition: Option<Partition>,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            jobs: None,
            serial: false,
            test_timeout: Duration::from_secs(600),
            partition: None,
        }
    }
}

/// Parses `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration; write e.g. 90s, 10m, 1h or 500ms"))?;
    let seconds = match unit.trim() {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit `{other}` in `{text}`; use ms, s, m or h"
            ));
        }
    };
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(format!("`{text}` is not a positive duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("ten").is_err());
        assert!(
            parse_duration("5d")
                .unwrap_err()
                .contains("unknown unit `d`")
        );
    }
}

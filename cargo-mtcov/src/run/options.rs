//! How tests are run, and the parsers of the values that say it.

use std::num::{NonZeroU64, NonZeroUsize};
use std::time::Duration;

use super::Partition;

/// How tests are run (`cli::RunArgs` holds the flags).
#[derive(Debug, Clone)]
pub(crate) struct RunOptions {
    /// Test processes to run at once (`None`: the number of CPUs).
    pub jobs: Option<NonZeroUsize>,
    /// Each test binary as one process, its tests one at a time.
    pub serial: bool,
    /// A test process still running after this long is killed.
    pub test_timeout: Duration,
    /// One shard of the tests.
    pub partition: Option<Partition>,
    /// Tests never split (libtest filters).
    pub no_split: Vec<String>,
}

impl RunOptions {
    /// Test processes to run at once: `--jobs`, else the number of CPUs.
    pub(crate) fn jobs(&self) -> usize {
        self.jobs
            .map(NonZeroUsize::get)
            .or_else(|| {
                std::thread::available_parallelism()
                    .ok()
                    .map(NonZeroUsize::get)
            })
            .unwrap_or(1)
    }
}

/// `--split`: when a test's MGs run in parts side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Split {
    /// A test that took more than its share of the last run.
    Auto,
    Never,
    /// Every test of a binary with MRs, in this many parts.
    Parts(NonZeroU64),
}

pub(crate) fn parse_split(text: &str) -> Result<Split, String> {
    match text {
        "auto" => Ok(Split::Auto),
        "never" => Ok(Split::Never),
        n => n
            .parse::<NonZeroU64>()
            .map(Split::Parts)
            .map_err(|_| format!("`{n}` is not `auto`, `never` or a number of parts")),
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            jobs: None,
            serial: false,
            test_timeout: Duration::from_secs(600),
            partition: None,
            no_split: Vec::new(),
        }
    }
}

/// Parses a bare number of seconds (`2`, `0.5`), or a duration as
/// humantime writes it: `90s`, `10m`, `1h 30m`, `500ms`.
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let duration = if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.') {
        let seconds: f64 = text
            .parse()
            .map_err(|_| format!("`{text}` is not a number of seconds"))?;
        Duration::try_from_secs_f64(seconds).map_err(|e| format!("`{text}`: {e}"))?
    } else {
        humantime::parse_duration(text).map_err(|e| {
            format!("`{text}` is not a duration ({e}); write e.g. 90s, 10m, 1h 30m or 500ms")
        })?
    };
    if duration.is_zero() {
        return Err(format!("`{text}` is not a positive duration"));
    }
    Ok(duration)
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
        assert_eq!(parse_duration("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1h 30m"), Ok(Duration::from_secs(5400)));
        assert!(
            parse_duration("ten")
                .unwrap_err()
                .contains("write e.g. 90s")
        );
        assert!(
            parse_duration("5 parsecs")
                .unwrap_err()
                .contains("is not a duration")
        );
        assert!(parse_duration("").is_err());
    }
}

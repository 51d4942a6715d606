//! How test processes and tests ended: one outcome type for every
//! process mtcov runs (`cargo mtcov`, its shards, nextest, mutants).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::pool;

/// How a process (or a whole binary) ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOutcome {
    Passed,
    /// libtest's exit code 101: at least one test failed.
    Failed,
    /// Killed by a signal or exited with a code libtest does not use: the
    /// records up to that point are kept.
    Aborted(String),
    /// Killed at `--test-timeout`; the records up to the kill are kept.
    TimedOut,
}

impl BinaryOutcome {
    /// `failed`, `aborted` or `timed out`; `None` when it passed.
    pub(crate) fn failure(&self) -> Option<&'static str> {
        match self {
            BinaryOutcome::Passed => None,
            BinaryOutcome::Failed => Some("failed"),
            BinaryOutcome::Aborted(_) => Some("aborted"),
            BinaryOutcome::TimedOut => Some("timed out"),
        }
    }

    /// How it aborted, when it did.
    pub(crate) fn abort_detail(&self) -> Option<String> {
        match self {
            BinaryOutcome::Aborted(how) => Some(how.clone()),
            _ => None,
        }
    }

    /// How a process that ended with `status` ended: libtest's 101 is a
    /// failure, any other code or a signal an abort.
    pub(crate) fn from_status(status: std::process::ExitStatus) -> Self {
        if status.success() {
            return BinaryOutcome::Passed;
        }
        match status.code() {
            Some(101) => BinaryOutcome::Failed,
            Some(code) => BinaryOutcome::Aborted(format!("exit code {code}")),
            None => BinaryOutcome::Aborted(signal_text(status)),
        }
    }

    /// How a process of the pool ended (a kill at its deadline is a
    /// timeout, whatever its status says).
    pub(crate) fn of(finished: &pool::Finished) -> Self {
        if finished.timed_out {
            return BinaryOutcome::TimedOut;
        }
        Self::from_status(finished.status)
    }

    /// How bad it is: aborted over timed out over failed over passed.
    pub(crate) fn severity(&self) -> u8 {
        match self {
            BinaryOutcome::Passed => 0,
            BinaryOutcome::Failed => 1,
            BinaryOutcome::TimedOut => 2,
            BinaryOutcome::Aborted(_) => 3,
        }
    }

    /// The worse of the two (the first when equally bad).
    pub(crate) fn worse(self, other: &BinaryOutcome) -> BinaryOutcome {
        if other.severity() > self.severity() {
            other.clone()
        } else {
            self
        }
    }
}

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestOutcome {
    Passed,
    Failed,
    Ignored,
    Aborted,
    TimedOut,
}

impl TestOutcome {
    /// `failed`, `aborted` or `timed out`; `None` when it passed or was
    /// ignored.
    pub(crate) fn failure(self) -> Option<&'static str> {
        match self {
            TestOutcome::Passed | TestOutcome::Ignored => None,
            TestOutcome::Failed => Some("failed"),
            TestOutcome::Aborted => Some("aborted"),
            TestOutcome::TimedOut => Some("timed out"),
        }
    }
}

/// One test binary's processes, and the worst of their outcomes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BinaryRun {
    pub path: PathBuf,
    pub outcome: BinaryOutcome,
    #[serde(default)]
    pub processes: Vec<ProcessRun>,
}

/// One process of a test binary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessRun {
    pub pid: u32,
    /// The listing process (`--list`), which runs no test.
    pub listing: bool,
    pub outcome: BinaryOutcome,
    pub duration_ms: u64,
    /// The tests it ran, with their outcomes, as far as known.
    pub tests: Vec<TestRun>,
    /// The MGs its record file holds (when it was compressed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<u64>,
    /// Its test ran in this many parts side by side, merged into this
    /// process (`--split`); its time is theirs added up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<u64>,
    /// Why its test ran whole after its parts' records could not be
    /// merged: the next run does not split it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_whole: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRun {
    pub name: String,
    pub outcome: TestOutcome,
}

#[cfg(unix)]
fn signal_text(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.signal() {
        Some(6) => "SIGABRT".to_owned(),
        Some(9) => "SIGKILL".to_owned(),
        Some(11) => "SIGSEGV".to_owned(),
        Some(n) => format!("signal {n}"),
        None => "no exit code".to_owned(),
    }
}

#[cfg(not(unix))]
fn signal_text(_: std::process::ExitStatus) -> String {
    "no exit code".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn exit_statuses_map_to_outcomes() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            BinaryOutcome::from_status(ExitStatusExt::from_raw(0)),
            BinaryOutcome::Passed
        );
        assert_eq!(
            BinaryOutcome::from_status(ExitStatusExt::from_raw(101 << 8)),
            BinaryOutcome::Failed
        );
        assert_eq!(
            BinaryOutcome::from_status(ExitStatusExt::from_raw(3 << 8)),
            BinaryOutcome::Aborted("exit code 3".into())
        );
        assert_eq!(
            BinaryOutcome::from_status(ExitStatusExt::from_raw(6)),
            BinaryOutcome::Aborted("SIGABRT".into())
        );
    }

    #[test]
    fn the_worse_outcome_wins() {
        let passed = BinaryOutcome::Passed;
        assert_eq!(
            passed.clone().worse(&BinaryOutcome::Failed),
            BinaryOutcome::Failed
        );
        assert_eq!(
            BinaryOutcome::TimedOut.worse(&BinaryOutcome::Aborted("SIGSEGV".into())),
            BinaryOutcome::Aborted("SIGSEGV".into())
        );
        assert_eq!(BinaryOutcome::Failed.worse(&passed), BinaryOutcome::Failed);
    }
}

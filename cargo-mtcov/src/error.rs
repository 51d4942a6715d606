//! Exit codes of `cargo mtcov`, and the errors that need their own.
//!
//! [`ExitStatus::meaning`] is the one table of exit codes: `--help`
//! prints it ([`exit_codes_help`]) and each row of docs/cli.md's table
//! starts with it (a test keeps them equal). Test failures win over
//! `--fail-under`: a suite that fails is not "merely inadequate", and CI
//! scripts usually test for 1 first.

/// How a run ended, as the process exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    Success,
    TestsFailed,
    Error,
    BelowFailUnder,
    Interrupted,
}

impl ExitStatus {
    /// Every status, by code.
    pub const ALL: [ExitStatus; 5] = [
        Self::Success,
        Self::TestsFailed,
        Self::Error,
        Self::BelowFailUnder,
        Self::Interrupted,
    ];

    /// What the code means, in one line.
    pub fn meaning(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::TestsFailed => {
                "an MR was violated, a test failed or timed out, or a test process aborted (the report is still printed)"
            }
            Self::Error => {
                "no trustworthy report: usage error, a wrong .config/mtcov.toml, not a cargo project, build failure, missing tools, records lost, unreadable or of another build, sources edited since the run"
            }
            Self::BelowFailUnder => {
                "every test passed but a criterion is below --fail-under (or the patch below --fail-under-patch)"
            }
            Self::Interrupted => {
                "interrupted (Ctrl-C, SIGTERM, SIGHUP): the running tests were killed; the previous run stays reportable"
            }
        }
    }

    pub fn code(self) -> u8 {
        match self {
            Self::Success => 0,
            Self::TestsFailed => 1,
            Self::Error => 2,
            Self::BelowFailUnder => 3,
            Self::Interrupted => 130,
        }
    }
}

/// The exit codes as `--help` shows them.
pub(crate) fn exit_codes_help() -> String {
    let mut help = String::from("Exit codes:");
    for status in ExitStatus::ALL {
        help.push_str(&format!("\n  {:<3}  {}", status.code(), status.meaning()));
    }
    help
}

impl From<ExitStatus> for std::process::ExitCode {
    fn from(status: ExitStatus) -> Self {
        std::process::ExitCode::from(status.code())
    }
}

/// A record file that cannot be read without mixing incompatible data; the
/// run stops (exit 2) rather than report numbers built on a guess.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RecordError {
    #[error(
        "{file}:{line}: record schema version {found}, but this cargo-mtcov reads version {expected}; \
         mt-runtime and cargo-mtcov are out of step: use the same release of both \
         (`cargo install cargo-mtcov --version <mt-runtime's version>`) and rerun `cargo mtcov`"
    )]
    UnknownSchemaVersion {
        file: String,
        line: usize,
        found: u64,
        expected: u64,
    },
    #[error(
        "{binary} was rebuilt after its records were written; its coverage would be mapped \
         against the wrong code: rerun `cargo mtcov`"
    )]
    BinaryChanged { binary: String },
    #[error(
        "the sources changed since the last run was built: {files}; its report would show their \
         lines against code that did not run: rerun `cargo mtcov` (or add `--allow-stale` to \
         report the last run anyway)"
    )]
    SourcesChanged { files: String },
    #[error(
        "{file} was written by another build of {binary} ({detail}); its counters would be \
         mapped onto the wrong code: remove the file and rerun `cargo mtcov` (records are only \
         valid for the binary that wrote them)"
    )]
    OtherBuild {
        file: String,
        binary: String,
        detail: String,
    },
}

#[cfg(test)]
mod exit_code_tests {
    use super::*;

    /// docs/cli.md's table of exit codes starts each row with the meaning
    /// `--help` prints, and has a row for every code and no other.
    #[test]
    fn the_documented_exit_codes_are_those_of_help() {
        let docs = include_str!("../../docs/cli.md");
        let rows: Vec<&str> = docs
            .lines()
            .skip_while(|l| *l != "| code | meaning |")
            .skip(2)
            .take_while(|l| l.starts_with("| "))
            .collect();
        assert_eq!(rows.len(), ExitStatus::ALL.len(), "{rows:#?}");
        for (row, status) in rows.iter().zip(ExitStatus::ALL) {
            let plain = row.replace('`', "");
            let expected = format!("| {} | {}", status.code(), status.meaning());
            assert!(
                plain.starts_with(&expected),
                "docs/cli.md: {row}\nexpected it to start with: {expected}"
            );
        }
        let help = exit_codes_help();
        for status in ExitStatus::ALL {
            assert!(help.contains(status.meaning()));
        }
    }
}

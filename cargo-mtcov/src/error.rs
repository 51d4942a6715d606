//! Exit codes of `cargo mtcov`, and the errors that need their own.
//!
//! | code | meaning |
//! |------|---------|
//! | 0 | success: the report was printed and nothing failed |
//! | 1 | a metamorphic relation was violated, a test failed or a test process aborted; the report is still printed |
//! | 2 | no report could be made: usage error (clap's own errors use 2 as well), not a cargo project, build failure, missing llvm tools or toolchain, unreadable or mismatched records (another schema version, another build of the binary), no MRs registered |
//! | 3 | every test passed but a measure is below `--fail-under` (or the patch below `--fail-under-patch`) |
//! | 130 | interrupted (Ctrl-C, SIGTERM, SIGHUP): the running tests were killed, the previous run stays reportable |
//!
//! Test failures win over `--fail-under`: a suite that fails is not
//! "merely inadequate", and CI scripts usually test for 1 first.

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

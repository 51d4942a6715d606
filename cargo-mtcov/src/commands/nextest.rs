//! `cargo mtcov nextest [-- NEXTEST ARGS]`: the instrumented tests run by
//! cargo-nextest (the user's profiles, retries, timeouts, filtersets),
//! as `cargo llvm-cov nextest` does.
//!
//! The build is `cargo mtcov`'s; `cargo nextest run` then gets the same
//! target directory, rustc wrapper and build flags, so it finds that build
//! fresh, plus the record directory. nextest runs each test in its own
//! process; mt-runtime writes the test and attempt nextest names
//! (`NEXTEST_TEST_NAME`, `NEXTEST_ATTEMPT`) into its header, and of a
//! retried test only the last attempt's records count.
//!
//! nextest reports only the run's exit code, not each test's: a failing
//! run marks every binary failed.

use std::process::Stdio;

use anyhow::{Result, bail};
use mtcov_protocol::RECORD_DIR_ENV;

use super::building::build_for_run;
use super::reporting::report_run;
use crate::build::{self, BuildRequest};
use crate::cli::NextestCommand;
use crate::error::ExitStatus;
use crate::process::ProcessBuilder;
use crate::run::last_run::{NewRun, RunFacts};
use crate::run::{BinaryOutcome, BinaryRun};

const INSTALL: &str = "cargo install --locked cargo-nextest";

pub(super) fn run(command: &NextestCommand) -> Result<ExitStatus> {
    require_nextest()?;
    let built = build_for_run(
        &command.common,
        &command.build.options(),
        &command.report,
        false,
    )?;
    let new_run = NewRun::start(&built.workspace.mtcov_dir())?;

    let mut options = command.build.options();
    options.branch = built.branch;
    let mut nextest = build::test_cargo(
        &BuildRequest {
            workspace: &built.workspace,
            options: &options,
            color: built.color,
            verbose: command.common.verbose,
            instrument: built.instrument,
        },
        command.common.manifest_path.as_deref(),
        &["nextest", "run"],
    )?;
    nextest
        .args(&command.nextest_args)
        .env(RECORD_DIR_ENV, new_run.record_dir())
        .env(
            "LLVM_PROFILE_FILE",
            if cfg!(windows) { "NUL" } else { "/dev/null" },
        )
        .stdin(Stdio::null())
        .stdout(std::io::stderr());
    let status = nextest.status()?;
    let outcome = match status.code() {
        Some(0) => BinaryOutcome::Passed,
        // nextest's "the test run failed".
        Some(100) => BinaryOutcome::Failed,
        _ => {
            new_run.discard();
            bail!(
                "`cargo nextest run` failed ({status}) before or besides running tests; see its \
                 messages above"
            );
        }
    };
    let runs = built
        .build
        .executables
        .iter()
        .map(|exe| BinaryRun {
            path: exe.path.clone(),
            outcome: outcome.clone(),
            processes: Vec::new(),
        })
        .collect();
    let last = new_run.commit(
        built.build.clone(),
        runs,
        built.branch,
        built.instrument,
        RunFacts {
            selection: Some(command.build.selection.selection()),
            ..RunFacts::default()
        },
    )?;
    report_run(&built.workspace, &last, &command.report, built.color, None)
}

/// cargo-nextest must be installed; else say how (exit 2).
fn require_nextest() -> Result<()> {
    let found = ProcessBuilder::new(build::cargo())
        .args(["nextest", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        bail!(
            "`cargo mtcov nextest` runs the tests with cargo-nextest, which is not installed; install it with `{INSTALL}`"
        );
    }
    Ok(())
}

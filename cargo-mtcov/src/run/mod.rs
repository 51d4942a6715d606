//! Running the instrumented test executables.
//!
//! We run each test binary ourselves rather than `cargo test`: that tells
//! us which binary aborted, lets each write its raw profile under our own
//! directory, and keeps cargo from rebuilding. Doc tests are not run: they
//! would need rustdoc's unstable `--persist-doctests` to be instrumented.
//!
//! Each process gets what `cargo test` would give it (working directory =
//! its package root, `CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`, ...,
//! build-script library paths, `[env]` of cargo's config) plus:
//!
//! - `MTCOV_RECORD_DIR=<run dir>`: mt-runtime writes its records there;
//! - `LLVM_PROFILE_FILE=/dev/null`: coverage is captured in process, per
//!   source input; the profiler's own whole-process profile, written at
//!   exit, is not needed (without the variable it would drop
//!   `default_*.profraw` files into the user's package directories);
//! - `RUST_TEST_THREADS=1`: a source input's coverage is captured between
//!   two counter snapshots, so instrumented code running on another test
//!   thread at that moment would be counted as that input's. mt-runtime
//!   serialises its own source executions, but not the rest of the other
//!   tests, so `-- --test-threads=N` with N > 1 is refused.
//!
//! Test output goes to our stderr; stdout is the report's.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use mtcov_protocol::RECORD_DIR_ENV;

use crate::build::TestExecutable;

pub(crate) mod last_run;

/// How one test binary ended.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BinaryOutcome {
    Passed,
    /// libtest's exit code 101: at least one test failed.
    Failed,
    /// Killed by a signal or exited with a code libtest does not use: the
    /// records up to that point are kept.
    Aborted(String),
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BinaryRun {
    pub path: PathBuf,
    pub outcome: BinaryOutcome,
}

/// Where the test processes write and what they are given.
#[derive(Debug, Clone)]
pub(crate) struct RunPlan<'a> {
    pub executables: &'a [TestExecutable],
    pub record_dir: &'a Path,
    pub test_args: &'a [String],
    pub library_paths: &'a [PathBuf],
    /// `[env]` of cargo's config, applied before mtcov's own variables.
    pub env: &'a [(String, String)],
    pub verbose: u8,
}

/// Runs every executable, one after another; a failing or aborting
/// binary does not stop the others.
pub(crate) fn run_tests(plan: &RunPlan<'_>) -> Result<Vec<BinaryRun>> {
    if let Some(threads) = user_test_threads(plan.test_args)
        && threads != "1"
    {
        bail!(
            "--test-threads={threads} is not supported: tests running alongside a source input would \
                 add their coverage to it, and the measure would count code as covered that the input \
                 never ran; drop the option (cargo mtcov runs tests one at a time)"
        );
    }
    let mut runs = Vec::new();
    for exe in plan.executables {
        let mut command = command_for(exe, plan)?;
        if plan.verbose > 0 {
            eprintln!("mtcov: running {command:?}");
        } else {
            eprintln!("     Running {} ({})", exe.kind_label(), exe.path.display());
        }
        let status = command
            .status()
            .with_context(|| format!("cannot run the test binary {}", exe.path.display()))?;
        let outcome = outcome_of(status);
        if let BinaryOutcome::Aborted(how) = &outcome {
            eprintln!(
                "error: test binary {} aborted ({how}); its records up to the abort are kept and used",
                exe.path.display()
            );
        }
        runs.push(BinaryRun {
            path: exe.path.clone(),
            outcome,
        });
    }
    Ok(runs)
}

impl TestExecutable {
    fn kind_label(&self) -> String {
        match self.kind.as_str() {
            "lib" => format!("unittests of {}", self.package),
            "test" => format!("tests/{}.rs of {}", self.target, self.package),
            kind => format!("{kind} {} of {}", self.target, self.package),
        }
    }
}

fn command_for(exe: &TestExecutable, plan: &RunPlan<'_>) -> Result<Command> {
    let mut command = Command::new(&exe.path);
    command
        .args(plan.test_args)
        .current_dir(&exe.manifest_dir)
        .envs(plan.env.iter().map(|(k, v)| (k, v)))
        .env(RECORD_DIR_ENV, plan.record_dir)
        .env(
            "LLVM_PROFILE_FILE",
            if cfg!(windows) { "NUL" } else { "/dev/null" },
        )
        .env("CARGO", crate::build::cargo())
        .env("CARGO_MANIFEST_DIR", &exe.manifest_dir)
        .env("CARGO_PKG_NAME", &exe.package)
        .env("CARGO_PKG_VERSION", &exe.package_version)
        .stdin(Stdio::null())
        .stdout(std::io::stderr());
    if user_test_threads(plan.test_args).is_none() {
        command.env("RUST_TEST_THREADS", "1");
    }
    let mut dirs: Vec<PathBuf> = plan.library_paths.to_vec();
    if let Some(deps) = exe.path.parent() {
        dirs.push(deps.to_path_buf());
    }
    let var = dylib_path_var();
    if let Some(existing) = std::env::var_os(var) {
        dirs.extend(std::env::split_paths(&existing));
    }
    let joined: OsString =
        std::env::join_paths(dirs).context("a library path contains the path separator")?;
    command.env(var, joined);
    Ok(command)
}

fn dylib_path_var() -> &'static str {
    if cfg!(windows) {
        "PATH"
    } else if cfg!(target_os = "macos") {
        "DYLD_FALLBACK_LIBRARY_PATH"
    } else {
        "LD_LIBRARY_PATH"
    }
}

/// The value of a `--test-threads` the user passed to the test binaries.
pub(crate) fn user_test_threads(args: &[String]) -> Option<String> {
    args.iter().enumerate().find_map(|(i, arg)| {
        if arg == "--test-threads" {
            Some(args.get(i + 1).cloned().unwrap_or_default())
        } else {
            arg.strip_prefix("--test-threads=").map(str::to_owned)
        }
    })
}

fn outcome_of(status: std::process::ExitStatus) -> BinaryOutcome {
    if status.success() {
        return BinaryOutcome::Passed;
    }
    match status.code() {
        Some(101) => BinaryOutcome::Failed,
        Some(code) => BinaryOutcome::Aborted(format!("exit code {code}")),
        None => BinaryOutcome::Aborted(signal_text(status)),
    }
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

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn finds_the_users_test_threads_in_both_spellings() {
        assert_eq!(user_test_threads(&strings(&["--nocapture"])), None);
        assert_eq!(
            user_test_threads(&strings(&["--test-threads=4"])),
            Some("4".into())
        );
        assert_eq!(
            user_test_threads(&strings(&["filter", "--test-threads", "2"])),
            Some("2".into())
        );
    }

    #[cfg(unix)]
    #[test]
    fn exit_statuses_map_to_outcomes() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            outcome_of(ExitStatusExt::from_raw(0)),
            BinaryOutcome::Passed
        );
        assert_eq!(
            outcome_of(ExitStatusExt::from_raw(101 << 8)),
            BinaryOutcome::Failed
        );
        assert_eq!(
            outcome_of(ExitStatusExt::from_raw(3 << 8)),
            BinaryOutcome::Aborted("exit code 3".into())
        );
        assert_eq!(
            outcome_of(ExitStatusExt::from_raw(6)),
            BinaryOutcome::Aborted("SIGABRT".into())
        );
    }
}

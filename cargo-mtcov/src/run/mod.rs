//! Running the instrumented test executables.
//!
//! We run each test binary ourselves rather than `cargo test`: that tells
//! us how each test ended, lets each process write its records under our
//! own directory, and keeps cargo from rebuilding. Doc tests are not run:
//! rustdoc builds them into throw-away binaries, and instrumenting those
//! needs its unstable `--persist-doctests`, so their coverage could not be
//! mapped. An MR called from a doc test runs under `cargo test` only.
//!
//! # One process per test
//!
//! A source input's coverage is captured between two snapshots of the
//! process's counters, so instrumented code running on another thread at
//! that moment would be counted as that input's. By default each test of
//! a binary that registers MRs runs in a process of its own
//! (`<bin> --exact <test>`), `--jobs` processes at a time, as
//! cargo-nextest does: counters are then per test, and nothing needs to
//! run one at a time.
//!
//! The tests of a binary are listed first (`<bin> --list --format terse`
//! with the user's filters), with recording on. A listing that records an
//! empty registry, or no file at all (mt-runtime is not linked), proves
//! that no MR can run in that binary: nothing is captured there, so its
//! selected tests share one process and libtest's threads, as under
//! `cargo test`. The listing's records also carry the binary's registry
//! into the report when none of its tests is selected.
//!
//! Binaries without a libtest harness (`harness = false`) run as one
//! process with `RUST_TEST_THREADS=1`; `--serial` runs every binary so,
//! as earlier releases did.
//!
//! Each process gets what `cargo test` would give it (working directory =
//! its package root, `CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`, ...,
//! build-script library paths, `[env]` of cargo's config) plus
//! `MTCOV_RECORD_DIR=<run dir>` (where mt-runtime writes) and
//! `LLVM_PROFILE_FILE=/dev/null` (coverage is captured in process; the
//! profiler's whole-process profile is not needed, and would otherwise
//! land in the user's package directories).
//!
//! Test output goes to our stderr; stdout is the report's.

use std::collections::HashMap;
use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use mtcov_protocol::RECORD_DIR_ENV;
use serde::{Deserialize, Serialize};

use crate::build::TestExecutable;

pub(crate) mod last_run;
mod list;
pub(crate) mod partition;
pub(crate) mod pool;

pub(crate) use list::TestArgs;
pub(crate) use partition::Partition;
pub(crate) use pool::{Interrupted, handle_interrupts};

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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRun {
    pub name: String,
    pub outcome: TestOutcome,
}

/// Where the test processes write and what they are given.
#[derive(Debug, Clone)]
pub(crate) struct RunPlan<'a> {
    pub executables: &'a [TestExecutable],
    pub record_dir: &'a Path,
    pub test_args: &'a [String],
    pub library_paths: &'a [PathBuf],
    pub options: &'a RunOptions,
    /// `[env]` of cargo's config, applied before mtcov's own variables.
    pub env: &'a [(String, String)],
    pub verbose: u8,
}

/// One process to start.
#[derive(Debug)]
struct Job {
    binary: usize,
    args: Vec<String>,
    one_thread: bool,
    /// The tests it runs; empty: whatever the arguments select.
    tests: Vec<String>,
    /// A process per test: its output is shown only when it fails.
    per_test: bool,
}

/// Runs the selected tests of every executable; a failing or aborting
/// test does not stop the others. Fails with [`Interrupted`] on Ctrl-C,
/// SIGTERM or SIGHUP, after killing the running tests.
pub(crate) fn run_tests(plan: &RunPlan<'_>) -> Result<Vec<BinaryRun>> {
    pool::handle_interrupts();
    let args = TestArgs::parse(plan.test_args);
    if plan.options.serial
        && let Some(threads) = &args.test_threads
        && threads != "1"
    {
        bail!(
            "--test-threads={threads} is not supported with --serial: tests running alongside a source \
             input would add their coverage to it, and the measure would count code as covered that the \
             input never ran; drop the option, or drop --serial (each test then runs in its own process)"
        );
    }
    let jobs = plan
        .options
        .jobs
        .map(NonZeroUsize::get)
        .or_else(|| {
            std::thread::available_parallelism()
                .ok()
                .map(NonZeroUsize::get)
        })
        .unwrap_or(1);
    let timeout = plan.options.test_timeout;
    let exes = plan.executables;

    let mut no_harness = Vec::with_capacity(exes.len());
    for exe in exes {
        no_harness.push(list::has_no_harness(exe)?);
    }
    let listing = list_tests(plan, &args, &no_harness, jobs, timeout)?;
    let mut runs = listing.runs;
    if args.selects()
        && no_harness.iter().all(|&off| !off)
        && listing.tests_of.values().all(Vec::is_empty)
    {
        bail!(args.nothing_selected(listing.tests_of.len()));
    }
    let with_mrs = binaries_with_mrs(plan.record_dir, exes, &listing.pids)?;
    let mut queue = plan_jobs(plan, &args, &no_harness, &listing.tests_of, &with_mrs);
    // Binaries sharing one process usually run longest: start them first.
    queue.sort_by_key(|job| job.per_test);

    let labels: Vec<String> = exes.iter().map(short_label).collect();
    let jobs = if plan.options.serial { 1 } else { jobs };
    let finished = pool::run(
        queue.len(),
        jobs,
        timeout,
        |i| {
            let job = &queue[i];
            let command = command_for(&exes[job.binary], plan, &job.args, job.one_thread)?;
            if plan.verbose > 0 {
                eprintln!("mtcov: running {command:?}");
            }
            Ok(command)
        },
        |i, finished| {
            let show = args.shows_output();
            report_progress(&queue[i], &labels[queue[i].binary], exes, finished, show);
        },
    )?;

    let mut summary = Summary::default();
    for (job, finished) in queue.iter().zip(&finished) {
        let outcome = outcome_of(finished);
        let tests = test_outcomes(job, finished, &outcome);
        summary.add(&tests, &labels[job.binary]);
        let run = &mut runs[job.binary];
        run.outcome = worse(&run.outcome, &outcome);
        run.processes.push(ProcessRun {
            pid: finished.pid,
            listing: false,
            outcome,
            duration_ms: millis(finished.duration),
            tests,
        });
    }
    summary.print();
    Ok(runs)
}

/// The tests each binary with a libtest harness lists, and its listing
/// process.
struct Listing {
    tests_of: HashMap<usize, Vec<String>>,
    pids: HashMap<usize, u32>,
    runs: Vec<BinaryRun>,
}

/// Lists the tests of every binary with a libtest harness, `jobs` at a
/// time, with the user's choice of tests and recording on.
fn list_tests(
    plan: &RunPlan<'_>,
    args: &TestArgs,
    no_harness: &[bool],
    jobs: usize,
    timeout: Duration,
) -> Result<Listing> {
    let exes = plan.executables;
    let listed: Vec<usize> = (0..exes.len()).filter(|&i| !no_harness[i]).collect();
    let listings = pool::run(
        listed.len(),
        jobs,
        timeout,
        |i| command_for(&exes[listed[i]], plan, &args.list_args(), false),
        |_, _| {},
    )?;
    let mut runs: Vec<BinaryRun> = exes
        .iter()
        .map(|exe| BinaryRun {
            path: exe.path.clone(),
            outcome: BinaryOutcome::Passed,
            processes: Vec::new(),
        })
        .collect();
    let mut tests_of: HashMap<usize, Vec<String>> = HashMap::new();
    let mut pids = HashMap::new();
    for (&binary, finished) in listed.iter().zip(&listings) {
        if !finished.status.success() || finished.timed_out {
            bail!(
                "cannot list the tests of {} (`--list` {}):\n{}",
                exes[binary].path.display(),
                if finished.timed_out {
                    "timed out".to_owned()
                } else {
                    format!("exited with {}", finished.status)
                },
                String::from_utf8_lossy(&finished.output).trim_end()
            );
        }
        tests_of.insert(
            binary,
            list::parse_terse(&String::from_utf8_lossy(&finished.output)),
        );
        pids.insert(binary, finished.pid);
        runs[binary].processes.push(ProcessRun {
            pid: finished.pid,
            listing: true,
            outcome: BinaryOutcome::Passed,
            duration_ms: millis(finished.duration),
            tests: Vec::new(),
        });
    }
    Ok(Listing {
        tests_of,
        pids,
        runs,
    })
}

/// The processes to start: one per test of a binary with MRs, one per
/// binary otherwise (and under `--serial`), within the partition.
fn plan_jobs(
    plan: &RunPlan<'_>,
    args: &TestArgs,
    no_harness: &[bool],
    tests_of: &HashMap<usize, Vec<String>>,
    with_mrs: &[bool],
) -> Vec<Job> {
    let exes = plan.executables;
    let mut queue: Vec<Job> = Vec::new();
    for (binary, exe) in exes.iter().enumerate() {
        let id = binary_id(exe);
        if no_harness[binary] {
            if plan
                .options
                .partition
                .is_none_or(|p| p.contains(&id, 0, ""))
            {
                queue.push(Job {
                    binary,
                    args: args.whole_args(),
                    one_thread: true,
                    tests: Vec::new(),
                    per_test: false,
                });
                announce(exe, "as one process (no libtest harness)");
            }
            continue;
        }
        let all = &tests_of[&binary];
        let chosen: Vec<String> = match plan.options.partition {
            Some(p) => all
                .iter()
                .enumerate()
                .filter(|(i, t)| p.contains(&id, *i, t))
                .map(|(_, t)| t.clone())
                .collect(),
            None => all.clone(),
        };
        if chosen.is_empty() {
            continue;
        }
        let whole = plan.options.partition.is_none();
        let count = plural(chosen.len(), "test");
        if plan.options.serial || !with_mrs[binary] {
            let serial = plan.options.serial;
            let args = if whole {
                let mut all_args = args.whole_args();
                if let Some(threads) = &args.test_threads {
                    all_args.push(format!("--test-threads={threads}"));
                }
                all_args
            } else {
                args.exact_args(chosen.iter().map(String::as_str))
            };
            announce(
                exe,
                &if serial {
                    format!("{count}, one at a time")
                } else {
                    format!("{count} in one process (no MRs)")
                },
            );
            queue.push(Job {
                binary,
                args,
                one_thread: serial,
                tests: chosen,
                per_test: false,
            });
        } else {
            announce(exe, &format!("{count}, one process each"));
            for test in chosen {
                queue.push(Job {
                    binary,
                    args: args.exact_args([test.as_str()]),
                    one_thread: false,
                    tests: vec![test],
                    per_test: true,
                });
            }
        }
    }
    queue
}

/// Which binaries registered an MR, judged from their listing's record
/// file: none means mt-runtime is not linked (on platforms where it starts
/// recording before `main`; elsewhere, absence proves nothing).
fn binaries_with_mrs(
    record_dir: &Path,
    exes: &[TestExecutable],
    listing_pids: &HashMap<usize, u32>,
) -> Result<Vec<bool>> {
    let constructors = cfg!(any(
        target_os = "linux",
        target_os = "android",
        target_os = "freebsd",
        target_vendor = "apple"
    ));
    let mut registries: HashMap<(PathBuf, u64), bool> = HashMap::new();
    let entries = std::fs::read_dir(record_dir)
        .with_context(|| format!("cannot read {}", record_dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let first = text.lines().next().unwrap_or_default();
        if let Ok(mtcov_protocol::Record::Header(header)) = mtcov_protocol::read::parse_line(first)
        {
            registries.insert(
                (
                    crate::records::canonical(Path::new(&header.binary)),
                    header.pid,
                ),
                !header.registry.is_empty(),
            );
        }
    }
    Ok(exes
        .iter()
        .enumerate()
        .map(|(i, exe)| {
            let Some(&pid) = listing_pids.get(&i) else {
                return true;
            };
            registries
                .get(&(crate::records::canonical(&exe.path), u64::from(pid)))
                .copied()
                .unwrap_or(!constructors)
        })
        .collect())
}

fn announce(exe: &TestExecutable, what: &str) {
    eprintln!(
        "     Running {} ({}): {what}",
        exe.kind_label(),
        exe.path.display()
    );
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// cargo-nextest's binary id: `pkg` (unit tests), `pkg::target`
/// (integration tests), `pkg::kind/target` (others).
pub(crate) fn binary_id(exe: &TestExecutable) -> String {
    let kind = exe.kind.split(',').next().unwrap_or_default();
    match kind {
        "lib" | "proc-macro" | "rlib" | "dylib" | "cdylib" | "staticlib" => exe.package.clone(),
        "test" => format!("{}::{}", exe.package, exe.target),
        kind => format!("{}::{kind}/{}", exe.package, exe.target),
    }
}

fn short_label(exe: &TestExecutable) -> String {
    binary_id(exe)
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

/// Prints a line per finished test (as cargo-nextest does), and the
/// output of failing tests and of processes running a whole binary.
fn report_progress(
    job: &Job,
    label: &str,
    exes: &[TestExecutable],
    finished: &pool::Finished,
    show_passing: bool,
) {
    let outcome = outcome_of(finished);
    let tests = test_outcomes(job, finished, &outcome);
    let seconds = finished.duration.as_secs_f64();
    let mut text = String::new();
    let show_output = show_passing || !job.per_test || outcome != BinaryOutcome::Passed;
    if show_output && !finished.output.is_empty() {
        text.push_str(&String::from_utf8_lossy(&finished.output));
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if job.per_test {
        let status = match tests.first().map(|t| t.outcome) {
            Some(TestOutcome::Passed) => "PASS",
            Some(TestOutcome::Ignored) => "SKIP",
            Some(TestOutcome::TimedOut) => "TIMEOUT",
            Some(TestOutcome::Aborted) => "ABORT",
            _ => "FAIL",
        };
        text.push_str(&format!(
            "{status:>12} [{seconds:>8.3}s] {label} {}\n",
            job.tests.join(" ")
        ));
    }
    let path = exes[job.binary].path.display();
    let what = match job.tests.as_slice() {
        [one] if job.per_test => format!("test `{one}` in {path}"),
        _ => format!("test binary {path}"),
    };
    match &outcome {
        // Killed by the interrupt: its records go with the whole run's.
        BinaryOutcome::Aborted(_) if pool::interrupted() => {
            text.push_str(&format!("{what} was killed by the interrupt\n"));
        }
        BinaryOutcome::Aborted(how) => text.push_str(&format!(
            "error: {what} aborted ({how}); its records up to the abort are kept and used\n"
        )),
        BinaryOutcome::TimedOut => text.push_str(&format!(
            "error: {what} timed out after {seconds:.1}s (--test-timeout) and was killed, with its \
             process group; its records up to then are kept and used\n"
        )),
        BinaryOutcome::Passed | BinaryOutcome::Failed => {}
    }
    eprint!("{text}");
}

fn outcome_of(finished: &pool::Finished) -> BinaryOutcome {
    if finished.timed_out {
        return BinaryOutcome::TimedOut;
    }
    status_outcome(finished.status)
}

fn status_outcome(status: std::process::ExitStatus) -> BinaryOutcome {
    if status.success() {
        return BinaryOutcome::Passed;
    }
    match status.code() {
        Some(101) => BinaryOutcome::Failed,
        Some(code) => BinaryOutcome::Aborted(format!("exit code {code}")),
        None => BinaryOutcome::Aborted(signal_text(status)),
    }
}

/// The outcome of each test a process ran: libtest's `test NAME ... ok`
/// lines where present, else the process's own outcome.
fn test_outcomes(job: &Job, finished: &pool::Finished, process: &BinaryOutcome) -> Vec<TestRun> {
    let text = String::from_utf8_lossy(&finished.output);
    let mut said: HashMap<&str, TestOutcome> = HashMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("test ") else {
            continue;
        };
        let Some((name, verdict)) = rest.rsplit_once(" ... ") else {
            continue;
        };
        let outcome = match verdict.split_whitespace().next() {
            Some("ok") => TestOutcome::Passed,
            Some("FAILED") => TestOutcome::Failed,
            Some("ignored" | "ignored,") => TestOutcome::Ignored,
            _ => continue,
        };
        said.insert(name, outcome);
    }
    let otherwise = match process {
        BinaryOutcome::Passed => TestOutcome::Passed,
        BinaryOutcome::Failed => TestOutcome::Failed,
        BinaryOutcome::Aborted(_) => TestOutcome::Aborted,
        BinaryOutcome::TimedOut => TestOutcome::TimedOut,
    };
    job.tests
        .iter()
        .map(|name| TestRun {
            name: name.clone(),
            outcome: match (process, said.get(name.as_str())) {
                (BinaryOutcome::TimedOut, _) => TestOutcome::TimedOut,
                (_, Some(&outcome)) => outcome,
                (_, None) => otherwise,
            },
        })
        .collect()
}

/// The worse of two outcomes: aborted and timed out over failed over passed.
fn worse(a: &BinaryOutcome, b: &BinaryOutcome) -> BinaryOutcome {
    let rank = |o: &BinaryOutcome| match o {
        BinaryOutcome::Passed => 0,
        BinaryOutcome::Failed => 1,
        BinaryOutcome::TimedOut => 2,
        BinaryOutcome::Aborted(_) => 3,
    };
    if rank(b) > rank(a) {
        b.clone()
    } else {
        a.clone()
    }
}

/// Counts of test outcomes, printed at the end of the run.
#[derive(Debug, Default)]
struct Summary {
    counts: [usize; 5],
    failing: Vec<String>,
}

impl Summary {
    fn add(&mut self, tests: &[TestRun], label: &str) {
        for test in tests {
            let slot = match test.outcome {
                TestOutcome::Passed => 0,
                TestOutcome::Failed => 1,
                TestOutcome::Ignored => 2,
                TestOutcome::Aborted => 3,
                TestOutcome::TimedOut => 4,
            };
            self.counts[slot] += 1;
            if slot == 1 || slot >= 3 {
                self.failing.push(format!("{label} {}", test.name));
            }
        }
    }

    fn print(&self) {
        let [passed, failed, ignored, aborted, timed_out] = self.counts;
        let total: usize = self.counts.iter().sum();
        let mut line = format!(
            "     Summary {} run: {passed} passed, {failed} failed",
            plural(total, "test")
        );
        for (n, what) in [
            (aborted, "aborted"),
            (timed_out, "timed out"),
            (ignored, "ignored"),
        ] {
            if n > 0 {
                line.push_str(&format!(", {n} {what}"));
            }
        }
        eprintln!("{line}");
        for test in &self.failing {
            eprintln!("        FAIL {test}");
        }
    }
}

fn command_for(
    exe: &TestExecutable,
    plan: &RunPlan<'_>,
    args: &[String],
    one_thread: bool,
) -> Result<Command> {
    let mut command = Command::new(&exe.path);
    command
        .args(args)
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
        .stdin(std::process::Stdio::null());
    if one_thread {
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

pub(crate) fn dylib_path_var() -> &'static str {
    if cfg!(windows) {
        "PATH"
    } else if cfg!(target_os = "macos") {
        "DYLD_FALLBACK_LIBRARY_PATH"
    } else {
        "LD_LIBRARY_PATH"
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

    #[cfg(unix)]
    #[test]
    fn exit_statuses_map_to_outcomes() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            status_outcome(ExitStatusExt::from_raw(0)),
            BinaryOutcome::Passed
        );
        assert_eq!(
            status_outcome(ExitStatusExt::from_raw(101 << 8)),
            BinaryOutcome::Failed
        );
        assert_eq!(
            status_outcome(ExitStatusExt::from_raw(3 << 8)),
            BinaryOutcome::Aborted("exit code 3".into())
        );
        assert_eq!(
            status_outcome(ExitStatusExt::from_raw(6)),
            BinaryOutcome::Aborted("SIGABRT".into())
        );
    }

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

    #[cfg(unix)]
    #[test]
    fn libtest_lines_give_per_test_outcomes() {
        use std::os::unix::process::ExitStatusExt;
        let job = Job {
            binary: 0,
            args: vec![],
            one_thread: false,
            tests: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            per_test: false,
        };
        let finished = pool::Finished {
            pid: 1,
            status: ExitStatusExt::from_raw(101 << 8),
            timed_out: false,
            duration: Duration::ZERO,
            output: b"test a ... ok\ntest b ... FAILED\ntest c ... ignored, slow\n".to_vec(),
        };
        let outcomes: Vec<TestOutcome> = test_outcomes(&job, &finished, &BinaryOutcome::Failed)
            .iter()
            .map(|t| t.outcome)
            .collect();
        assert_eq!(
            outcomes,
            [
                TestOutcome::Passed,
                TestOutcome::Failed,
                TestOutcome::Ignored,
                TestOutcome::Failed
            ]
        );
    }

    #[test]
    fn binary_ids_follow_nextest() {
        let exe = |kind: &str, target: &str| TestExecutable {
            path: "/t/x".into(),
            package: "pkg".into(),
            package_version: "0.1.0".into(),
            target: target.into(),
            kind: kind.into(),
            manifest_dir: "/p".into(),
        };
        assert_eq!(binary_id(&exe("lib", "pkg")), "pkg");
        assert_eq!(binary_id(&exe("test", "it")), "pkg::it");
        assert_eq!(binary_id(&exe("bin", "tool")), "pkg::bin/tool");
    }
}

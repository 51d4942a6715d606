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
//! that no MR can run in that binary: nothing is captured there. Its
//! tests run a process each too, as cargo-nextest runs them, with
//! `LLVM_PROFILE_FILE` set: each process's raw profile says which
//! functions it ran, which `--affected` keeps with the run
//! ([`profiles`]). The listing's records also carry the binary's registry
//! into the report when none of its tests is selected.
//!
//! Binaries without a libtest harness (`harness = false`) run as one
//! process with `RUST_TEST_THREADS=1`; `--serial` runs every binary with
//! MRs so, as earlier releases did (the tests of binaries without MRs
//! still run a process each, one at a time).
//!
//! Each process gets what `cargo test` would give it (working directory =
//! its package root, `CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`, ...,
//! build-script library paths, `[env]` of cargo's config) plus
//! `MTCOV_RECORD_DIR=<run dir>` (where mt-runtime writes) and
//! `LLVM_PROFILE_FILE=/dev/null` (coverage is captured in process; the
//! profiler's whole-process profile is not needed, and would otherwise
//! land in the user's package directories), but for the tests of binaries
//! without MRs, whose profile goes to the run's `profiles/`.
//!
//! Test output goes to our stderr; stdout is the report's.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};

use crate::build::TestExecutable;

pub(crate) mod base;
mod command;
pub(crate) mod last_run;
mod list;
mod options;
mod outcome;
pub(crate) mod partition;
pub(crate) mod pool;
pub(crate) mod profiles;
mod progress;
mod record_files;
pub(crate) mod split;
mod written;

pub(crate) use command::TestEnv;
pub(crate) use list::TestArgs;
pub(crate) use options::{RunOptions, Split, parse_duration, parse_split};
pub use outcome::{BinaryOutcome, BinaryRun, ProcessRun, TestOutcome, TestRun};
pub(crate) use partition::Partition;
pub(crate) use pool::{Interrupted, handle_interrupts};
pub(crate) use progress::binary_id;
use progress::{Tally, announce, plural, report_progress, short_label};
pub(crate) use record_files::{
    RecordText, canonical, compress_records, header_of, headers, record_files, record_text,
    with_binary, written_name,
};
pub(crate) use split::{Parts, SplitPlan};
pub(crate) use written::Written;

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
    /// Per executable, tests not to run (`--affected` keeps their records).
    pub keep: Option<&'a HashMap<PathBuf, HashSet<String>>>,
    /// Per (executable, test), the selection file (`MTCOV_SELECT`) of the
    /// MGs to run (`--affected` keeps the others' records).
    pub select: Option<&'a HashMap<(PathBuf, String), PathBuf>>,
    /// Which tests run in parts side by side, and how their parts' records
    /// merge (`--split`); `None`: every test whole.
    pub split: Option<&'a split::SplitPlan<'a>>,
}

impl RunPlan<'_> {
    fn test_env(&self) -> TestEnv<'_> {
        TestEnv {
            env: self.env,
            record_dir: self.record_dir,
            library_paths: self.library_paths,
        }
    }
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
    /// The selection file of the MGs it runs (`MTCOV_SELECT`).
    select: Option<PathBuf>,
    /// The part of its test's MGs it runs, and of how many (`MTCOV_SPLIT`).
    part: Option<(u64, u64)>,
    /// It runs one test of a binary without MRs, whose raw profile says
    /// what it ran ([`profiles`]).
    profile: bool,
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
    let jobs = plan.options.jobs();
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
    // Binaries sharing one process usually run longest, then split tests'
    // parts: start them first.
    queue.sort_by_key(|job| (job.per_test, job.part.is_none()));

    let labels: Vec<String> = exes.iter().map(short_label).collect();
    let jobs = if plan.options.serial { 1 } else { jobs };
    let run_queue = |queue: &[Job]| {
        pool::run(
            queue.len(),
            jobs,
            timeout,
            |i| {
                let job = &queue[i];
                let mut command = plan.test_env().command(&exes[job.binary], &job.args)?;
                if !no_harness[job.binary] {
                    command.env(mtcov_protocol::HARNESS_ENV, "libtest");
                }
                if job.one_thread {
                    command.env("RUST_TEST_THREADS", "1");
                }
                if let Some(select) = &job.select {
                    command.env(mtcov_protocol::SELECT_ENV, select);
                }
                if job.profile {
                    let file = profiles::profile_file(plan.record_dir, &exes[job.binary].path);
                    command.env("LLVM_PROFILE_FILE", file);
                }
                if let Some((part, parts)) = job.part {
                    command.env(
                        mtcov_protocol::SPLIT_ENV,
                        mtcov_protocol::selection::part(part, parts),
                    );
                }
                Ok(command)
            },
            |i, finished| {
                let show = args.shows_output();
                report_progress(&queue[i], &labels[queue[i].binary], exes, finished, show);
            },
        )
    };
    let finished = run_queue(&queue)?;
    let settled = split::settle_splits(plan, queue, finished, run_queue)?;
    for (job, finished, _) in settled.iter().filter(|(job, ..)| job.profile) {
        profiles::keep_ran(plan.record_dir, &exes[job.binary].path, finished.pid)?;
    }
    profiles::remove_profiles(plan.record_dir);

    let mut summary = Tally::default();
    for (job, finished, note) in &settled {
        let outcome = BinaryOutcome::of(finished);
        let tests = test_outcomes(job, finished, &outcome);
        summary.add(&tests, &labels[job.binary]);
        let run = &mut runs[job.binary];
        run.outcome = std::mem::replace(&mut run.outcome, BinaryOutcome::Passed).worse(&outcome);
        run.processes.push(ProcessRun {
            pid: finished.pid,
            listing: false,
            outcome,
            duration_ms: millis(finished.duration),
            tests,
            groups: None,
            parts: note.parts,
            kept_whole: note.kept_whole.clone(),
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
        |i| plan.test_env().command(&exes[listed[i]], &args.list_args()),
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
            groups: None,
            parts: None,
            kept_whole: None,
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
                    select: None,
                    part: None,
                    profile: false,
                });
                announce(exe, "as one process (no libtest harness)");
            }
            continue;
        }
        let all = &tests_of[&binary];
        let kept = plan.keep.and_then(|keep| keep.get(&exe.path));
        let chosen: Vec<String> = match plan.options.partition {
            Some(p) => all
                .iter()
                .enumerate()
                .filter(|(i, t)| p.contains(&id, *i, t))
                .map(|(_, t)| t.clone())
                .collect(),
            None => all.clone(),
        };
        let whole_binary = kept.is_none_or(HashSet::is_empty);
        let chosen: Vec<String> = chosen
            .into_iter()
            .filter(|t| kept.is_none_or(|kept| !kept.contains(t)))
            .collect();
        if chosen.is_empty() {
            continue;
        }
        let whole = plan.options.partition.is_none() && whole_binary;
        let count = plural(chosen.len(), "test");
        if plan.options.serial && with_mrs[binary] {
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
            announce(exe, &format!("{count}, one at a time"));
            queue.push(Job {
                binary,
                args,
                one_thread: serial,
                tests: chosen,
                per_test: false,
                select: None,
                part: None,
                profile: false,
            });
        } else if !with_mrs[binary] {
            // No MRs: a process each too, whose profile says what it ran.
            announce(exe, &format!("{count}, one process each (no MRs)"));
            for test in chosen {
                queue.push(Job {
                    binary,
                    args: args.exact_args([test.as_str()]),
                    one_thread: false,
                    tests: vec![test],
                    per_test: true,
                    select: None,
                    part: None,
                    profile: true,
                });
            }
        } else {
            announce(exe, &format!("{count}, one process each"));
            for test in chosen {
                let select = plan
                    .select
                    .and_then(|select| select.get(&(exe.path.clone(), test.clone())))
                    .cloned();
                let excluded = select.is_some()
                    || plan
                        .options
                        .no_split
                        .iter()
                        .any(|n| test.contains(n.as_str()));
                let parts = plan
                    .split
                    .map_or(1, |split| split.parts.of(&exe.path, &test, excluded));
                for part in 0..parts {
                    queue.push(Job {
                        binary,
                        args: args.exact_args([test.as_str()]),
                        one_thread: false,
                        tests: vec![test.clone()],
                        per_test: true,
                        select: select.clone(),
                        part: (parts > 1).then_some((part, parts)),
                        profile: false,
                    });
                }
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
    let registries: HashMap<(PathBuf, u64), bool> = headers(record_dir)?
        .into_iter()
        .map(|header| {
            (
                (canonical(Path::new(&header.binary)), header.pid),
                !header.registry.is_empty(),
            )
        })
        .collect();
    Ok(exes
        .iter()
        .enumerate()
        .map(|(i, exe)| {
            let Some(&pid) = listing_pids.get(&i) else {
                return true;
            };
            registries
                .get(&(canonical(&exe.path), u64::from(pid)))
                .copied()
                .unwrap_or(!constructors)
        })
        .collect())
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
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

#[cfg(test)]
mod tests {
    use super::*;

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
            select: None,
            part: None,
            profile: false,
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
}

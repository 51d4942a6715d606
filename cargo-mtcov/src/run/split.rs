//! A long test's MGs in parts, side by side.
//!
//! `cargo test` runs one test on one thread: a suite whose MRs sit in one
//! `check` or `check_strategy` test leaves every other core idle while it
//! runs. A test whose last run took more than its share of the run (with
//! a few MGs a part at least) is run as `N` processes side by side
//! (`MTCOV_SPLIT=P/N`): each runs the
//! test's body and generation whole, and only the MGs whose number, in
//! the order the process meets them, is `P` modulo `N`. When every part
//! passed, their records are merged into the file one process would have
//! written (the stage above gives the merge: it checks that every part met
//! the same MGs and ran its share of them), and the test is reported as
//! one process. A part that did not pass, or parts whose records cannot
//! be merged, make the test run again whole, and that run is the one
//! reported: its failures, shrunk inputs and verdicts are those of an
//! unsplit run.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::last_run::LastRun;
use super::options::Split;
use super::{BinaryOutcome, Job, RunPlan, pool, record_files, written_name};

/// A test shorter than this in the last run is never split: each part
/// starts a process and runs the test's body again.
const SHORTEST: Duration = Duration::from_millis(100);

/// A part runs at least this many MGs of the last run's count.
const FEWEST_GROUPS: u64 = 4;

/// How a split test's parts are merged: the parts' record texts in part
/// order, into the text of one file, or why they cannot be.
pub(crate) type MergeParts<'a> = &'a (dyn Fn(&[String]) -> Result<String, String> + Sync);

/// Which tests run in parts, and how their parts' records merge.
pub(crate) struct SplitPlan<'a> {
    pub(crate) parts: Parts,
    pub(crate) merge: MergeParts<'a>,
}

impl std::fmt::Debug for SplitPlan<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SplitPlan")
            .field("parts", &self.parts)
            .finish_non_exhaustive()
    }
}

/// A test's process in the last run.
#[derive(Debug)]
struct Last {
    time: Duration,
    /// The MGs it met, when known.
    groups: Option<u64>,
    /// Why it was kept whole, if it was.
    kept_whole: Option<String>,
}

/// Into how many parts each test is split: by [`Split`], from the last
/// run's time of each test; `jobs` processes run at once.
#[derive(Debug)]
pub(crate) struct Parts {
    split: Split,
    /// (binary path, test) -> its process in the last run.
    last: HashMap<(PathBuf, String), Last>,
    /// The last run's time of all its processes.
    total: Duration,
    jobs: usize,
}

impl Parts {
    /// The plan for a run of `jobs` processes at once; `last`, the last
    /// run of this target directory, if any.
    pub(crate) fn new(split: Split, last: Option<&LastRun>, jobs: usize) -> Parts {
        let mut parts = Parts {
            split,
            last: HashMap::new(),
            total: Duration::ZERO,
            jobs,
        };
        for run in last.map_or(&[][..], |l| l.runs.as_slice()) {
            for process in &run.processes {
                let time = Duration::from_millis(process.duration_ms);
                parts.total += time;
                if let [test] = process.tests.as_slice() {
                    parts.last.insert(
                        (run.path.clone(), test.name.clone()),
                        Last {
                            time,
                            groups: process.groups,
                            kept_whole: process.kept_whole.clone(),
                        },
                    );
                }
            }
        }
        parts
    }

    /// Into how many parts to run `test` of `binary` (1: whole). A test
    /// the last run did not run is not split: nothing says that it is long,
    /// nor what it does (a guided draw each part would repeat, a path its
    /// parts would race for).
    pub(crate) fn of(&self, binary: &Path, test: &str, excluded: bool) -> u64 {
        if self.jobs < 2 || excluded {
            return 1;
        }
        let jobs = self.jobs as u64;
        match self.split {
            Split::Never => 1,
            Split::Parts(n) => n.get().min(jobs),
            Split::Auto => match self.last.get(&(binary.to_owned(), test.to_owned())) {
                None => 1,
                Some(last) if last.kept_whole.is_some() || last.time < SHORTEST => 1,
                Some(last) => {
                    // Its share of the run, were the run spread evenly
                    // over the jobs.
                    let share = self.total.as_secs_f64() / self.jobs as f64;
                    let by_time = (last.time.as_secs_f64() / share.max(f64::MIN_POSITIVE)).ceil();
                    // Each part runs the body again: a few MGs each at least.
                    let by_groups = last.groups.map_or(jobs, |g| g / FEWEST_GROUPS);
                    (by_time as u64).min(by_groups).clamp(1, jobs)
                }
            },
        }
    }

    /// Why the last run kept `test` of `binary` whole after its parts'
    /// records could not be merged: it stays whole, and says so again.
    pub(crate) fn kept_whole(&self, binary: &Path, test: &str) -> Option<String> {
        let last = self.last.get(&(binary.to_owned(), test.to_owned()))?;
        last.kept_whole.clone()
    }
}

/// The record file a part's process (`pid`, of the executable `binary`)
/// wrote in `dir`.
fn file_of(dir: &Path, binary: &Path, pid: u32) -> Result<Option<PathBuf>> {
    let stem = binary
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let prefix = format!("{stem}-{pid}");
    for file in record_files(dir)? {
        let name = written_name(&file);
        let rest = name.strip_prefix(&prefix).unwrap_or_default();
        if rest == ".jsonl" || (rest.starts_with('-') && rest.ends_with(".jsonl")) {
            let text = super::record_text(&file)?.whole(&file)?;
            if super::header_of(&text).is_some_and(|h| h.pid == u64::from(pid)) {
                return Ok(Some(file));
            }
        }
    }
    Ok(None)
}

/// A split test after its parts ran.
enum Settled {
    /// Its parts merged into its first part's file and process.
    Merged(pool::Finished),
    /// To run again whole: why, and whether its parts' records could not
    /// be merged (the next run then keeps it whole), not only failed.
    Whole { why: String, unmergeable: bool },
}

/// One split test after its parts ran: merged, or to run again whole.
fn settle(
    dir: &Path,
    binary: &Path,
    parts: &[(&Job, &pool::Finished)],
    merge: MergeParts<'_>,
) -> Result<Settled> {
    let mut files = Vec::with_capacity(parts.len());
    for (_, finished) in parts {
        files.push(file_of(dir, binary, finished.pid)?);
    }
    let outcome = |f: &pool::Finished| BinaryOutcome::of(f);
    let verdict = if let Some((job, finished)) = parts
        .iter()
        .find(|(_, f)| outcome(f) != BinaryOutcome::Passed)
    {
        let (part, of) = job.part.unwrap_or((0, 1));
        Err((
            format!(
                "its part {} of {of} {}",
                part + 1,
                outcome(finished).failure().unwrap_or("failed")
            ),
            false,
        ))
    } else if let Some(missing) = files.iter().position(Option::is_none) {
        Err((
            format!("its part {} wrote no record file", missing + 1),
            false,
        ))
    } else {
        let mut texts = Vec::with_capacity(files.len());
        for file in files.iter().flatten() {
            texts.push(super::record_text(file)?.whole(file)?);
        }
        merge(&texts).map_err(|why| (format!("its parts' records cannot be merged: {why}"), true))
    };
    match verdict {
        Ok(merged) => {
            let mut files = files.into_iter().flatten();
            let first = files.next().expect("every part has its file");
            fs_err::write(&first, merged)
                .with_context(|| format!("cannot write {}", first.display()))?;
            for other in files {
                fs_err::remove_file(other)?;
            }
            let (_, first_part) = parts[0];
            let mut output = Vec::new();
            for (_, finished) in parts {
                output.extend_from_slice(&finished.output);
            }
            Ok(Settled::Merged(pool::Finished {
                pid: first_part.pid,
                status: first_part.status,
                timed_out: false,
                duration: parts.iter().map(|(_, f)| f.duration).sum(),
                output,
            }))
        }
        Err((why, unmergeable)) => {
            for file in files.into_iter().flatten() {
                fs_err::remove_file(file)?;
            }
            Ok(Settled::Whole { why, unmergeable })
        }
    }
}

/// How a process came to be, when its test was split.
#[derive(Default)]
pub(super) struct SplitNote {
    pub(super) parts: Option<u64>,
    pub(super) kept_whole: Option<String>,
}

/// The processes of a run with each split test's parts settled: merged
/// into one process, or replaced by a run of the test whole (`run_queue`
/// runs those).
pub(super) fn settle_splits(
    plan: &RunPlan<'_>,
    queue: Vec<Job>,
    finished: Vec<pool::Finished>,
    run_queue: impl Fn(&[Job]) -> Result<Vec<pool::Finished>>,
) -> Result<Vec<(Job, pool::Finished, SplitNote)>> {
    let Some(split_plan) = plan.split else {
        return Ok(queue
            .into_iter()
            .zip(finished)
            .map(|(job, finished)| (job, finished, SplitNote::default()))
            .collect());
    };
    let mut settled = Vec::with_capacity(queue.len());
    let mut parts_of: HashMap<(usize, String), Vec<(Job, pool::Finished)>> = HashMap::new();
    for (job, finished) in queue.into_iter().zip(finished) {
        match job.part {
            Some(_) => parts_of
                .entry((job.binary, job.tests[0].clone()))
                .or_default()
                .push((job, finished)),
            None => {
                let kept_whole = match job.tests.as_slice() {
                    [test] if job.per_test && job.select.is_none() => {
                        let exe = &plan.executables[job.binary];
                        split_plan.parts.kept_whole(&exe.path, test)
                    }
                    _ => None,
                };
                let note = SplitNote {
                    parts: None,
                    kept_whole,
                };
                settled.push((job, finished, note));
            }
        }
    }
    let mut split: Vec<_> = parts_of.into_iter().collect();
    split.sort_by(|a, b| a.0.cmp(&b.0));
    let mut whole = Vec::new();
    for ((binary, test), mut parts) in split {
        parts.sort_by_key(|(job, _)| job.part);
        let exe = &plan.executables[binary];
        let refs: Vec<(&Job, &pool::Finished)> = parts.iter().map(|(j, f)| (j, f)).collect();
        let count = parts.len() as u64;
        match settle(plan.record_dir, &exe.path, &refs, split_plan.merge)? {
            Settled::Merged(finished) => {
                let (mut job, _) = parts.swap_remove(0);
                job.part = None;
                let note = SplitNote {
                    parts: Some(count),
                    kept_whole: None,
                };
                settled.push((job, finished, note));
            }
            Settled::Whole { why, unmergeable } => {
                crate::term::note(format_args!(
                    "test `{test}` of {} ran in {count} parts, and {why}: running it whole",
                    exe.path.display()
                ));
                let (mut job, _) = parts.swap_remove(0);
                job.part = None;
                whole.push((job, unmergeable.then_some(why)));
            }
        }
    }
    if !whole.is_empty() {
        let (jobs, notes): (Vec<Job>, Vec<Option<String>>) = whole.into_iter().unzip();
        let finished = run_queue(&jobs)?;
        for ((job, finished), kept_whole) in jobs.into_iter().zip(finished).zip(notes) {
            let note = SplitNote {
                parts: None,
                kept_whole,
            };
            settled.push((job, finished, note));
        }
    }
    Ok(settled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{ProcessRun, TestOutcome, TestRun};
    use std::num::NonZeroU64;

    fn last(tests: &[(&str, u64)], whole: u64) -> LastRun {
        let process = |name: &str, ms: u64| ProcessRun {
            pid: 1,
            listing: false,
            outcome: BinaryOutcome::Passed,
            duration_ms: ms,
            tests: vec![TestRun {
                name: name.to_owned(),
                outcome: TestOutcome::Passed,
            }],
            groups: None,
            parts: None,
            kept_whole: None,
        };
        let mut processes: Vec<ProcessRun> = tests.iter().map(|(n, ms)| process(n, *ms)).collect();
        let mut unit = process("a", whole);
        unit.tests.push(unit.tests[0].clone());
        processes.push(unit);
        let text = serde_json::json!({
            "format": 4, "record_dir": "/r", "branch": false,
            "build": {"executables": [], "library_paths": [], "test_env": [], "member_libraries": [],
                      "sources": [], "workspace_root": "/w", "target_dir": "/t"},
            "stamps": [], "runs": [{"path": "/t/x", "outcome": "Passed", "processes": processes}]
        });
        serde_json::from_value(text).unwrap()
    }

    #[test]
    fn only_a_test_longer_than_its_share_is_split() {
        // One MR test of 60 s beside a unit-test process of 1 s, 2 jobs:
        // the MR test is more than half the run.
        let run = last(&[("mrs", 60_000), ("small", 500)], 1_000);
        let x = Path::new("/t/x");
        let parts = Parts::new(Split::Auto, Some(&run), 2);
        assert_eq!(parts.of(x, "mrs", false), 2);
        assert_eq!(parts.of(x, "small", false), 1);
        // Kept whole by the user; one job.
        assert_eq!(parts.of(x, "mrs", true), 1);
        assert_eq!(
            Parts::new(Split::Auto, Some(&run), 1).of(x, "mrs", false),
            1
        );
        // Not in the last run, or no last run: not split.
        assert_eq!(parts.of(x, "new", false), 1);
        assert_eq!(Parts::new(Split::Auto, None, 4).of(x, "any", false), 1);
        // Many tests of even length: none is split.
        let even = last(&[("a", 5_000), ("b", 5_000), ("c", 5_000)], 0);
        assert_eq!(Parts::new(Split::Auto, Some(&even), 2).of(x, "a", false), 1);
        // Kept whole by the last run after its parts could not merge.
        let mut kept = last(&[("mrs", 60_000)], 1_000);
        kept.runs[0].processes[0].kept_whole = Some("a float check".into());
        assert_eq!(
            Parts::new(Split::Auto, Some(&kept), 2).of(x, "mrs", false),
            1
        );
        // Few MGs: a part each for four of them at least.
        let mut few = last(&[("mrs", 60_000)], 1_000);
        few.runs[0].processes[0].groups = Some(7);
        assert_eq!(
            Parts::new(Split::Auto, Some(&few), 2).of(x, "mrs", false),
            1
        );
        few.runs[0].processes[0].groups = Some(8);
        assert_eq!(
            Parts::new(Split::Auto, Some(&few), 2).of(x, "mrs", false),
            2
        );
        // Asked for: capped at the jobs.
        let three = Split::Parts(NonZeroU64::new(3).unwrap());
        assert_eq!(Parts::new(three, None, 2).of(x, "any", false), 2);
        assert_eq!(
            Parts::new(Split::Never, Some(&run), 2).of(x, "mrs", false),
            1
        );
    }
}

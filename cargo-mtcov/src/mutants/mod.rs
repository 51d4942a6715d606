//! Mutation analysis of the metamorphic tests: mutants from cargo-mutants
//! ([`list`]), applied by us ([`diff`]) in scratch copies of the workspace
//! ([`scratch`]), one recorded test run per mutant, and each metamorphic
//! group's verdict under each mutant ([`verdict`]): the kill matrix.
//!
//! The baseline (the unmutated copy) runs first. Its groups that held are
//! the matrix's rows; a baseline with a failing test or a violated MG is
//! no baseline, and nothing is measured.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use mtcov_protocol::Outcome;

use crate::build::{BuildOptions, BuildOutput, TestExecutable};
use crate::records::{self, RunRecords};

pub(crate) mod diff;
pub(crate) mod entries;
pub(crate) mod html;
pub(crate) mod instrumented;
pub(crate) mod list;
pub(crate) mod matrix;
pub(crate) mod scratch;
pub(crate) mod shard;
pub(crate) mod summary;
pub(crate) mod verdict;

use scratch::{Scratch, ScratchProcess};
use verdict::{BaselineGroup, MgVerdict, MutantStatus, Target};

use crate::run::{self, BinaryOutcome, pool};

/// Where and how mutants are run.
#[derive(Debug)]
pub(crate) struct Plan<'a> {
    /// The cases the instrumented baseline's strategy checks drew, which
    /// every scratch run replays.
    pub(crate) cases: &'a Path,
    pub(crate) workspace_root: &'a Path,
    /// `<target>/mtcov/mutants`: job `n` works in `<dir>/<n>`.
    pub(crate) dir: PathBuf,
    /// Directories not copied (the workspace's target directory).
    pub(crate) skip: Vec<PathBuf>,
    pub(crate) manifest_path: Option<&'a Path>,
    pub(crate) options: &'a BuildOptions,
    pub(crate) jobs: usize,
    /// `--test-timeout`; else derived from the baseline.
    pub(crate) timeout: Option<Duration>,
}

/// The unmutated run.
#[derive(Debug)]
pub(crate) struct Baseline {
    /// The groups that held, each once, sorted: the matrix's rows.
    pub(crate) groups: Vec<BaselineGroup>,
    /// Building the scratch copy.
    pub(crate) build_time: Duration,
    /// Running its tests.
    pub(crate) test_time: Duration,
    pub(crate) slowest_process: Duration,
    pub(crate) timeout: Duration,
}

/// One mutant's result.
#[derive(Debug, Clone)]
pub(crate) struct MutantRun {
    pub(crate) status: MutantStatus,
    /// Per baseline group (empty when unviable).
    pub(crate) verdicts: Vec<MgVerdict>,
    /// Why it is unviable, or the test process that killed it when no
    /// group did.
    pub(crate) reason: Option<String>,
    /// Build and test time.
    pub(crate) time: Duration,
    /// What its float checks saw (empty when unviable).
    pub(crate) checks: Vec<crate::tolerance::Observed>,
}

/// The baseline must pass: a failing baseline is exit 2 with this error.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct BaselineFailed(pub(crate) String);

/// Builds and runs the unmutated copy of job 0.
pub(crate) fn baseline(plan: &Plan<'_>) -> Result<Baseline> {
    let scratch = Scratch::prepare(
        plan.workspace_root,
        &plan.dir.join("0"),
        &plan.skip,
        plan.manifest_path,
    )?;
    let start = Instant::now();
    let built = match scratch.build(plan.options)? {
        Ok(built) => built,
        Err(failure) => {
            return Err(BaselineFailed(format!(
                "the unmutated workspace does not build in its scratch copy {}: {}\ncargo said:\n{}",
                scratch.root.display(),
                failure.reason,
                failure.stderr.trim_end()
            ))
            .into());
        }
    };
    if built.executables.is_empty() {
        return Err(BaselineFailed(
            "the build produced no test executables; are there tests in the selected packages?"
                .into(),
        )
        .into());
    }
    let record_dir = plan.dir.join("0").join("records").join("baseline");
    let _ = std::fs::remove_dir_all(&record_dir);
    let build_time = start.elapsed();
    // The baseline is given all the time it needs.
    let tests_start = Instant::now();
    let runs = scratch.run_tests(&built, &record_dir, plan.cases, Duration::MAX)?;
    let test_time = tests_start.elapsed();
    let records = records::read_run(&record_dir, Some(&executable_paths(&built)))?;
    let _ = std::fs::remove_dir_all(&record_dir);
    check_baseline(&built, &runs, &records)?;
    let groups = baseline_groups(&built, &records);
    if groups.is_empty() {
        return Err(BaselineFailed(
            "no metamorphic group held in the baseline run: there is nothing to kill mutants with"
                .into(),
        )
        .into());
    }
    let slowest = runs.iter().map(|r| r.time).max().unwrap_or_default();
    let timeout = plan
        .timeout
        .unwrap_or_else(|| (slowest * 5).max(Duration::from_secs(10)));
    Ok(Baseline {
        groups,
        build_time,
        test_time,
        slowest_process: slowest,
        timeout,
    })
}

/// Fails unless every test binary of the baseline passed, every MG held
/// and no record was lost.
fn check_baseline(
    built: &BuildOutput,
    runs: &[ScratchProcess],
    records: &RunRecords,
) -> Result<()> {
    let failed: Vec<String> = built
        .executables
        .iter()
        .zip(runs)
        .filter(|(_, r)| r.end != BinaryOutcome::Passed)
        .map(|(e, r)| format!("{} ({:?})", e.path.display(), r.end))
        .collect();
    let violated: Vec<String> = records
        .groups
        .iter()
        .filter(|(mg, _)| matches!(mg.outcome, Outcome::Violated | Outcome::Panicked))
        .map(|(mg, _)| format!("{} ({:?})", mg.mr, mg.outcome))
        .collect();
    let lost: Vec<&str> = records
        .processes
        .iter()
        .filter_map(|p| match &p.completeness {
            records::Completeness::Incomplete(why) => Some(why.as_str()),
            records::Completeness::Complete => None,
        })
        .chain(records.unattributed.iter().map(String::as_str))
        .collect();
    if failed.is_empty() && !lost.is_empty() {
        bail!(
            "records of the baseline run were lost, so its MGs are not known:\n  {}\n\
             Check free space and permissions under the target directory, then rerun",
            lost.join("\n  ")
        );
    }
    if !failed.is_empty() || !violated.is_empty() {
        return Err(BaselineFailed(format!(
            "the tests fail without any mutant, so no mutant can be said to be killed: \
             failing test binaries: [{}], violated or panicked MGs: [{}]. \
             Fix the tests (`cargo test`) and rerun",
            failed.join(", "),
            violated.join(", ")
        ))
        .into());
    }
    Ok(())
}

/// The baseline's MGs that held, each with the test targets that ran it.
fn baseline_groups(built: &BuildOutput, records: &RunRecords) -> Vec<BaselineGroup> {
    let target_of_binary: std::collections::HashMap<PathBuf, Target> = built
        .executables
        .iter()
        .map(|e| (run::canonical(&e.path), target(e)))
        .collect();
    let mut by_key: std::collections::BTreeMap<verdict::GroupKey, Vec<Target>> =
        std::collections::BTreeMap::new();
    for (mg, p) in &records.groups {
        if mg.outcome != Outcome::Holds {
            continue;
        }
        let targets = by_key.entry(verdict::group_key(mg)).or_default();
        let binary = run::canonical(&records.processes[*p].binary);
        if let Some(t) = target_of_binary.get(&binary)
            && !targets.contains(t)
        {
            targets.push(t.clone());
        }
    }
    by_key
        .into_iter()
        .map(|(key, targets)| BaselineGroup { key, targets })
        .collect()
}

/// Which mutants are in code the tested configuration compiles, from the
/// instrumented baseline's line requirements (file, line) → `K`.
///
/// A mutant in a function of a file of the built binaries, where no
/// coverage region maps to any line of the whole function, is in code the
/// tested configuration does not compile (every compiled function has
/// regions, called or not). Mutants outside functions (constants,
/// statics: no regions, yet compiled) always count as compiled.
pub(crate) struct Compiled<'a> {
    lines: &'a std::collections::HashMap<(String, u32), f64>,
    files: std::collections::HashSet<&'a str>,
}

impl<'a> Compiled<'a> {
    pub(crate) fn new(lines: &'a std::collections::HashMap<(String, u32), f64>) -> Self {
        Compiled {
            lines,
            files: lines.keys().map(|(file, _)| file.as_str()).collect(),
        }
    }

    pub(crate) fn compiles(&self, m: &list::Mutant) -> bool {
        let Some(span) = m.function.as_ref().and_then(|f| f.span.as_ref()) else {
            return true;
        };
        !self.files.contains(m.file.as_str())
            || (span.start.line..=span.end.line)
                .any(|line| self.lines.contains_key(&(m.file.clone(), line)))
    }
}

/// Runs every mutant the tested configuration compiles ([`Compiled`], from
/// the instrumented baseline's `line_k`); the others are `not built`, with
/// the reason. Fails when no mutant builds and the run is `whole` (a shard
/// may hold only mutants that do not build).
pub(crate) fn run_compiled(
    plan: &Plan<'_>,
    baseline: &Baseline,
    mutants: &[list::Mutant],
    line_k: &std::collections::HashMap<(String, u32), f64>,
    whole: bool,
    progress: &(dyn Fn(usize, &list::Mutant, &MutantRun) + Sync),
) -> Result<Vec<MutantRun>> {
    let compiled = Compiled::new(line_k);
    let to_run: Vec<list::Mutant> = mutants
        .iter()
        .filter(|m| compiled.compiles(m))
        .cloned()
        .collect();
    let mut ran = run_all(plan, baseline, &to_run, progress)?.into_iter();
    let results: Vec<MutantRun> = mutants
        .iter()
        .map(|m| match compiled.compiles(m) {
            false => Some(MutantRun {
                status: MutantStatus::NotBuilt,
                verdicts: Vec::new(),
                reason: Some(
                    "no coverage region of the built test binaries maps to its function: the \
                     tested configuration does not compile it (a feature that is off, a cfg)"
                        .to_owned(),
                ),
                time: Duration::ZERO,
                checks: Vec::new(),
            }),
            true => ran.next(),
        })
        .collect::<Option<_>>()
        .context("a mutant was not run")?;
    if whole
        && results
            .iter()
            .all(|r| matches!(r.status, MutantStatus::Unviable | MutantStatus::NotBuilt))
    {
        bail!(
            "none of the {} mutants builds, or is in code the tested configuration compiles \
             (first: {}), so nothing was measured",
            mutants.len(),
            results[0].reason.as_deref().unwrap_or("?")
        );
    }
    Ok(results)
}

/// Runs every mutant on `plan.jobs` scratch copies; `progress` is told
/// each result as it comes.
pub(crate) fn run_all(
    plan: &Plan<'_>,
    baseline: &Baseline,
    mutants: &[list::Mutant],
    progress: &(dyn Fn(usize, &list::Mutant, &MutantRun) + Sync),
) -> Result<Vec<MutantRun>> {
    pool::each(
        mutants.len(),
        plan.jobs,
        |job| {
            Scratch::prepare(
                plan.workspace_root,
                &plan.dir.join(job.to_string()),
                &plan.skip,
                plan.manifest_path,
            )
        },
        |scratch, index| {
            let mutant = &mutants[index];
            let run = run_one(scratch, plan, baseline, mutant, index)?;
            progress(index, mutant, &run);
            Ok(run)
        },
    )
}

fn executable_paths(built: &crate::build::BuildOutput) -> Vec<PathBuf> {
    built.executables.iter().map(|e| e.path.clone()).collect()
}

/// A test executable's target, the same in every scratch copy.
fn target(exe: &TestExecutable) -> Target {
    (exe.package.clone(), exe.target.clone(), exe.kind.clone())
}

/// Applies one mutant, builds, runs, and puts the file back.
fn run_one(
    scratch: &Scratch,
    plan: &Plan<'_>,
    baseline: &Baseline,
    mutant: &list::Mutant,
    index: usize,
) -> Result<MutantRun> {
    let start = Instant::now();
    let path = scratch.root.join(&mutant.file);
    let original = fs_err::read_to_string(&path)?;
    let mutated = diff::apply(&original, &mutant.diff)
        .with_context(|| format!("cannot apply mutant `{}`", mutant.name()))?;
    fs_err::write(&path, mutated)?;
    let result = build_and_test(scratch, plan, baseline, index);
    let restored = std::fs::write(&path, &original)
        .with_context(|| format!("cannot restore {}", path.display()));
    let (status, verdicts, reason, checks) = result?;
    restored?;
    Ok(MutantRun {
        status,
        verdicts,
        reason,
        time: start.elapsed(),
        checks,
    })
}

type Verdicts = (
    MutantStatus,
    Vec<MgVerdict>,
    Option<String>,
    Vec<crate::tolerance::Observed>,
);

fn build_and_test(
    scratch: &Scratch,
    plan: &Plan<'_>,
    baseline: &Baseline,
    index: usize,
) -> Result<Verdicts> {
    let built = match scratch.build(plan.options)? {
        Ok(built) => built,
        Err(failure) => {
            return Ok((
                MutantStatus::Unviable,
                Vec::new(),
                Some(failure.reason),
                Vec::new(),
            ));
        }
    };
    let record_dir = scratch
        .root
        .parent()
        .unwrap_or(&scratch.root)
        .join("records")
        .join(index.to_string());
    let _ = std::fs::remove_dir_all(&record_dir);
    let runs = scratch.run_tests(&built, &record_dir, plan.cases, baseline.timeout)?;
    let records = records::read_run(&record_dir, Some(&executable_paths(&built)))?;
    let _ = std::fs::remove_dir_all(&record_dir);
    let checks = crate::tolerance::observed(&records);
    let recorded: Vec<_> = records.groups.into_iter().map(|(mg, _)| mg).collect();
    let ends: Vec<(Target, BinaryOutcome)> = built
        .executables
        .iter()
        .map(target)
        .zip(runs.into_iter().map(|r| r.end))
        .collect();
    let verdicts = verdict::verdicts(&baseline.groups, &recorded, &ends);
    let by_process = verdict::process_kill(&baseline.groups, &verdicts, &ends);
    Ok((
        verdict::status(&verdicts, by_process.is_some()),
        verdicts,
        by_process,
        checks,
    ))
}

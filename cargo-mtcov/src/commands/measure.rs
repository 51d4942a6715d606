//! `cargo mtcov`: build, run, measure, report.

use std::path::Path;

use anyhow::Result;

use super::building::{Built, build_for_run, check_selection};
use super::reporting::report_run;
use crate::affected::{self, RunBase};
use crate::build::BuildOutput;
use crate::cli::MtcovArgs;
use crate::coverage;
use crate::error::ExitStatus;
use crate::records::shards::Shard;
use crate::run::last_run::{LastRun, NewRun, RunFacts};
use crate::run::{self, RunPlan};
use crate::term;

pub(super) fn run(args: &MtcovArgs) -> Result<ExitStatus> {
    let common = &args.common;
    run::TestArgs::check_runs_tests(&args.test_args)?;
    check_selection()?;
    if args.doctests {
        if args.affected.is_some() || args.run.partition.is_some() {
            anyhow::bail!(
                "--doctests cannot be combined with --affected or --partition yet: rustdoc \
                 compiles every doc test anew, so no doc test's records could be kept or merged; \
                 run `cargo mtcov --doctests` whole"
            );
        }
        crate::build::doctests::require_nightly()?;
    }
    let checked = check_affected(args)?;
    // From here on Ctrl-C says what it leaves (during the build too).
    run::handle_interrupts();
    let built = build_for_run(common, &args.build.options(), &args.report, args.doctests)?;
    let Built {
        workspace,
        build,
        branch,
        color,
        instrument,
        ..
    } = &built;
    let mtcov_dir = workspace.mtcov_dir();
    if let Some(partition) = args.run.partition {
        let dir = mtcov_dir.join(partition.dir_name());
        return run_shard(args, build, (partition, &dir), *branch);
    }
    // A whole run's records can be the base of a later `--affected` run.
    let base = RunBase::now(workspace, &run_build_options(args), &args.test_args)?;
    let plan = match checked {
        Some(checked) => Some(affected::plan(workspace, checked, build, !args.run.serial)?),
        None => None,
    };
    let split = split_plan(args, &mtcov_dir);
    let new_run = NewRun::start(&mtcov_dir)?;
    let run_options = args.run.options();
    let mut run_plan = run_plan(args, &run_options, build, new_run.record_dir());
    run_plan.keep = plan.as_ref().map(|p| &p.keep);
    run_plan.select = plan.as_ref().map(|p| &p.select);
    run_plan.split = split.as_ref();
    let mut runs = match run::run_tests(&run_plan) {
        Ok(runs) => runs,
        Err(e) => {
            new_run.discard();
            return interrupted_or(e);
        }
    };
    let (affected, carry) = match plan {
        Some(plan) => {
            let (summary, carry) = plan.merge(new_run.record_dir(), &mut runs, build)?;
            (Some(summary), carry)
        }
        None => (None, None),
    };
    if let Some(summary) = &affected {
        term::status("Affected", format_args!("{}", summary.line()));
    }
    // Nothing reran: the last run's evaluation, read before the commit
    // removes its records, can be carried to the new build.
    let carried = carry.map(|carry| {
        carry.and_then(|carry| {
            let criteria = args.report.criteria(*branch);
            let patterns = coverage::ScopePatterns {
                include: &args.report.include,
                exclude: &args.report.exclude,
            };
            let names = carry.names;
            let change = coverage::carry::Change {
                base: carry.base,
                shifts: carry.shifts,
                unchanged: Box::new(move |name_ref| names.unchanged(name_ref)),
            };
            coverage::carry::base(workspace, change, &criteria, patterns)
        })
    });
    let facts = RunFacts {
        // Doc tests are compiled anew each run: no later run keeps them.
        base: (RunBase::whole(&args.test_args) && !args.doctests).then_some(base),
        affected,
        selection: Some(args.build.selection.selection()),
    };
    let last = new_run.commit(build.clone(), runs, *branch, *instrument, facts)?;
    // Raw profiles of earlier releases, which wrote them; nothing reads them.
    let _ = std::fs::remove_dir_all(mtcov_dir.join("profraw"));
    report_run(workspace, &last, &args.report, *color, carried)
}

/// `--affected`: the last run is checked before building.
fn check_affected(args: &MtcovArgs) -> Result<Option<affected::Checked>> {
    let Some(reference) = &args.affected else {
        return Ok(None);
    };
    let workspace = crate::build::metadata(args.common.manifest_path.as_deref())?;
    let options = run_build_options(args);
    let partition = args.run.partition.is_some();
    affected::check(&workspace, reference, &options, &args.test_args, partition).map(Some)
}

/// `--partition`: this shard's tests, its records in `dir` (replacing
/// those of the same shard's last run), saved for `cargo mtcov merge`.
fn run_shard(
    args: &MtcovArgs,
    build: &BuildOutput,
    (partition, dir): (run::Partition, &Path),
    branch: bool,
) -> Result<ExitStatus> {
    let _ = std::fs::remove_dir_all(dir);
    let record_dir = dir.join("records");
    fs_err::create_dir_all(&record_dir)?;
    // The shard's tests' times are the last whole run's.
    let split = split_plan(args, dir.parent().unwrap_or(dir));
    let run_options = args.run.options();
    let mut plan = run_plan(args, &run_options, build, &record_dir);
    plan.split = split.as_ref();
    let runs = match run::run_tests(&plan) {
        Ok(runs) => runs,
        Err(e) => {
            let _ = std::fs::remove_dir_all(dir);
            return interrupted_or(e);
        }
    };
    save_shard(&record_dir, partition, branch, build.clone(), runs)
}

fn run_plan<'a>(
    args: &'a MtcovArgs,
    options: &'a run::RunOptions,
    build: &'a BuildOutput,
    record_dir: &'a Path,
) -> RunPlan<'a> {
    RunPlan {
        executables: &build.executables,
        record_dir,
        test_args: &args.test_args,
        library_paths: &build.library_paths,
        env: &build.test_env,
        options,
        keep: None,
        select: None,
        split: None,
    }
}

/// Which tests run in parts side by side (`--split`), judged from the
/// last run kept in `dir` (none under `--serial`).
fn split_plan(args: &MtcovArgs, dir: &Path) -> Option<run::SplitPlan<'static>> {
    if args.run.serial {
        return None;
    }
    let last = LastRun::load(dir).ok();
    Some(run::SplitPlan {
        parts: run::Parts::new(args.run.split, last.as_ref(), args.run.options().jobs()),
        merge: &|texts| affected::merge_parts(texts),
    })
}

/// The build options of a run: with `--branch` when a criterion needs it.
fn run_build_options(args: &MtcovArgs) -> crate::build::BuildOptions {
    let mut options = args.build.options();
    options.branch = super::building::needs_branch(&options, &args.report);
    options
}

/// An interrupted run exits 130 (its records are gone, the previous run
/// stays reportable); any other error is returned.
fn interrupted_or(e: anyhow::Error) -> Result<ExitStatus> {
    if e.downcast_ref::<run::Interrupted>().is_some() {
        term::error(format_args!(
            "{e}; the previous run, if any, is still reportable"
        ));
        return Ok(ExitStatus::Interrupted);
    }
    Err(e)
}

/// Saves a shard's `shard.json` next to its records, and says how to merge.
fn save_shard(
    record_dir: &Path,
    partition: run::Partition,
    branch: bool,
    build: BuildOutput,
    runs: Vec<run::BinaryRun>,
) -> Result<ExitStatus> {
    let shard_dir = record_dir.parent().unwrap_or(record_dir);
    let failed = runs.iter().any(|r| r.outcome != run::BinaryOutcome::Passed);
    Shard::new(partition, branch, build, runs).save(shard_dir)?;
    term::status(
        "Shard",
        format_args!(
            "{partition}: records in {}; once every shard ran, merge them with \
             `cargo mtcov merge <the {} shard directories>`",
            shard_dir.display(),
            partition.total
        ),
    );
    Ok(if failed {
        ExitStatus::TestsFailed
    } else {
        ExitStatus::Success
    })
}

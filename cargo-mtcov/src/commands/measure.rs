//! `cargo mtcov`: build, run, measure, report.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::merge::Shard;
use super::{DirLock, report, resolve_color};
use crate::build::{self, BuildOptions, BuildOutput, BuildRequest, Toolchain, Workspace};
use crate::cli::{CommonOptions, MtcovArgs, ReportOptions};
use crate::error::ExitStatus;
use crate::model::{ColorChoice, Criterion};
use crate::run::last_run::{LastRun, new_run_id};
use crate::run::{self, RunPlan};

pub(super) fn run(args: &MtcovArgs) -> Result<ExitStatus> {
    let common = &args.common;
    run::TestArgs::check_runs_tests(&args.test_args)?;
    // From here on Ctrl-C says what it leaves (during the build too).
    run::handle_interrupts();
    let built = build_for_run(common, &args.build, &args.report)?;
    let Built {
        workspace,
        build,
        branch,
        color,
        instrument,
        ..
    } = &built;
    let mtcov_dir = workspace.mtcov_dir();

    let records_root = mtcov_dir.join("records");
    let run_id = new_run_id();
    let record_dir = match args.run.partition {
        // A shard's records replace those of the same shard's last run.
        Some(partition) => {
            let dir = mtcov_dir.join(partition.dir_name());
            let _ = std::fs::remove_dir_all(&dir);
            dir.join("records")
        }
        None => records_root.join(&run_id),
    };
    std::fs::create_dir_all(&record_dir)
        .with_context(|| format!("cannot create {}", record_dir.display()))?;
    let runs = match run::run_tests(&RunPlan {
        executables: &build.executables,
        record_dir: &record_dir,
        test_args: &args.test_args,
        library_paths: &build.library_paths,
        env: &build.test_env,
        options: &args.run,
        verbose: common.verbose,
    }) {
        Ok(runs) => runs,
        Err(e) => {
            // An interrupted or refused run is not the last complete one:
            // its records go, the previous run stays reportable.
            let _ = std::fs::remove_dir_all(&record_dir);
            if e.downcast_ref::<run::Interrupted>().is_some() {
                eprintln!("error: {e}; the previous run, if any, is still reportable");
                return Ok(ExitStatus::Interrupted);
            }
            return Err(e);
        }
    };
    if let Some(partition) = args.run.partition {
        return save_shard(&record_dir, partition, *branch, build.clone(), runs);
    }
    let mut last = LastRun::new(record_dir, *branch, build.clone(), runs)?;
    last.instrumented = *instrument;
    last.save(&mtcov_dir)?;
    // Only now is the previous run no longer the last complete one.
    remove_other_runs(&records_root, &run_id);
    // Raw profiles of earlier releases, which wrote them; nothing reads them.
    let _ = std::fs::remove_dir_all(mtcov_dir.join("profraw"));
    report::report_run(workspace, &last, &args.report, *color)
}

/// What [`build_for_run`] made, and the lock it holds until dropped.
pub(super) struct Built {
    pub workspace: Workspace,
    pub build: BuildOutput,
    pub branch: bool,
    pub color: ColorChoice,
    /// False when only black-box criteria were asked for (a plain build).
    pub instrument: bool,
    _lock: DirLock,
}

/// Locks the target's mtcov directory and builds the tests instrumented,
/// as `cargo mtcov`, `merge` and `nextest` all do.
pub(super) fn build_for_run(
    common: &CommonOptions,
    options: &BuildOptions,
    report: &ReportOptions,
) -> Result<Built> {
    super::outputs::check(report)?;
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let lock = DirLock::exclusive(&workspace.mtcov_dir())?;
    let branch = options.branch || report.criterion.contains(&Criterion::Branch);
    if branch {
        Toolchain::detect()?.require_branch_support()?;
    }
    let mut build_options = options.clone();
    build_options.branch = branch;
    let color = resolve_color(common.color);
    // Black-box criteria need only the records: no instrumented build.
    let instrument = report.criteria(branch).iter().any(|c| !c.is_black_box());
    if !instrument {
        eprintln!(
            "mtcov: only black-box criteria asked for: building the tests without instrumentation \
             (plain `cargo test --no-run` into {})",
            workspace.plain_build_dir().display()
        );
    }
    let build = build::build_tests(
        &BuildRequest {
            workspace: &workspace,
            options: &build_options,
            color,
            verbose: common.verbose,
            instrument,
        },
        common.manifest_path.as_deref(),
    )?;
    Ok(Built {
        workspace,
        build,
        branch,
        color,
        instrument,
        _lock: lock,
    })
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
    eprintln!(
        "     Shard {partition}: records in {}; once every shard ran, merge them with \
         `cargo mtcov merge <the {} shard directories>`",
        shard_dir.display(),
        partition.total
    );
    Ok(if failed {
        ExitStatus::TestsFailed
    } else {
        ExitStatus::Success
    })
}

/// Removes the record directories of earlier runs (the lock guarantees none
/// is live); only the last run is ever reported.
pub(super) fn remove_other_runs(records_root: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(records_root) else {
        return;
    };
    let stale: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != keep))
        .collect();
    for dir in stale {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earlier_runs_are_removed_and_the_kept_one_stays() {
        let root = std::env::temp_dir().join(format!("mtcov-runs-{}", std::process::id()));
        for run in ["1-1", "2-2"] {
            std::fs::create_dir_all(root.join(run)).unwrap();
            std::fs::write(root.join(run).join("a.jsonl"), "x").unwrap();
        }
        remove_other_runs(&root, "2-2");
        assert!(!root.join("1-1").exists());
        assert!(root.join("2-2/a.jsonl").is_file());
        std::fs::remove_dir_all(&root).unwrap();
    }
}

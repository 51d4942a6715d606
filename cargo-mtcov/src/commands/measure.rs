//! `cargo mtcov`: build, run, measure, report.

use std::path::Path;

use anyhow::{Context, Result};

use super::merge::Shard;
use super::{DirLock, report, resolve_color};
use crate::build::{self, BuildOptions, BuildOutput, BuildRequest, Toolchain, Workspace};
use crate::cli::{CommonOptions, MtcovArgs, ReportOptions};
use crate::error::ExitStatus;
use crate::model::{ColorChoice, Criterion};
use crate::run::last_run::NewRun;
use crate::run::{self, RunPlan};
use crate::term;

pub(super) fn run(args: &MtcovArgs) -> Result<ExitStatus> {
    let common = &args.common;
    run::TestArgs::check_runs_tests(&args.test_args)?;
    check_selection()?;
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
    if let Some(partition) = args.run.partition {
        // A shard's records replace those of the same shard's last run.
        let dir = mtcov_dir.join(partition.dir_name());
        let _ = std::fs::remove_dir_all(&dir);
        let record_dir = dir.join("records");
        std::fs::create_dir_all(&record_dir)
            .with_context(|| format!("cannot create {}", record_dir.display()))?;
        let runs = match run::run_tests(&run_plan(args, build, &record_dir)) {
            Ok(runs) => runs,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&dir);
                return interrupted_or(e);
            }
        };
        return save_shard(&record_dir, partition, *branch, build.clone(), runs);
    }
    let new_run = NewRun::start(&mtcov_dir)?;
    let runs = match run::run_tests(&run_plan(args, build, new_run.record_dir())) {
        Ok(runs) => runs,
        Err(e) => {
            new_run.discard();
            return interrupted_or(e);
        }
    };
    let last = new_run.commit(build.clone(), runs, *branch, *instrument)?;
    // Raw profiles of earlier releases, which wrote them; nothing reads them.
    let _ = std::fs::remove_dir_all(mtcov_dir.join("profraw"));
    report::report_run(workspace, &last, &args.report, *color)
}

fn run_plan<'a>(args: &'a MtcovArgs, build: &'a BuildOutput, record_dir: &'a Path) -> RunPlan<'a> {
    RunPlan {
        executables: &build.executables,
        record_dir,
        test_args: &args.test_args,
        library_paths: &build.library_paths,
        env: &build.test_env,
        options: &args.run,
    }
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
        term::note(format_args!(
            "only black-box criteria asked for: building the tests without instrumentation \
             (plain `cargo test --no-run` into {})",
            workspace.plain_build_dir().display()
        ));
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

/// With `MTCOV_SELECT` set, the tests run only the groups of a selection
/// file: it must be one, and the user is told that the run is partial.
pub(super) fn check_selection() -> Result<()> {
    let Some(path) = std::env::var_os(mtcov_protocol::SELECT_ENV).filter(|p| !p.is_empty()) else {
        return Ok(());
    };
    let path = Path::new(&path);
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "cannot read the selection file {}={}",
            mtcov_protocol::SELECT_ENV,
            path.display()
        )
    })?;
    let groups = mtcov_protocol::selection::parse(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}={} is not a selection file: {e}",
            mtcov_protocol::SELECT_ENV,
            path.display()
        )
    })?;
    term::note(format_args!(
        "{}={}: the tests run only the {} metamorphic groups it names",
        mtcov_protocol::SELECT_ENV,
        path.display(),
        groups.len()
    ));
    Ok(())
}

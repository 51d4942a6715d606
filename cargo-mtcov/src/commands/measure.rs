//! `cargo mtcov`: build, run, measure, report.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::{DirLock, report, resolve_color};
use crate::build::{self, BuildRequest, Toolchain};
use crate::cli::MtcovArgs;
use crate::error::ExitStatus;
use crate::model::Criterion;
use crate::run::last_run::{LastRun, new_run_id};
use crate::run::{self, RunPlan};

pub(super) fn run(args: &MtcovArgs) -> Result<ExitStatus> {
    let common = &args.common;
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let _lock = DirLock::exclusive(&mtcov_dir)?;
    let branch = args.build.branch || args.report.criterion.contains(&Criterion::Branch);
    if branch {
        Toolchain::detect()?.require_branch_support()?;
    }
    let mut build_options = args.build.clone();
    build_options.branch = branch;
    let color = resolve_color(common.color);
    let mut build = build::build_tests(
        &BuildRequest {
            workspace: &workspace,
            options: &build_options,
            color,
            verbose: common.verbose,
        },
        common.manifest_path.as_deref(),
    )?;
    if build.executables.is_empty() {
        bail!("the build produced no test executables; are there tests in the selected packages?");
    }
    // Only proc-macro crates' unit tests load the toolchain's libstd; asking
    // rustc for its sysroot costs a process start, so only then.
    if build
        .executables
        .iter()
        .any(|e| e.kind.split(',').any(|k| k == "proc-macro"))
    {
        build.library_paths.push(build::target_libdir()?);
    }

    let records_root = mtcov_dir.join("records");
    let run_id = new_run_id();
    let record_dir = records_root.join(&run_id);
    std::fs::create_dir_all(&record_dir)
        .with_context(|| format!("cannot create {}", record_dir.display()))?;
    let runs = run::run_tests(&RunPlan {
        executables: &build.executables,
        record_dir: &record_dir,
        test_args: &args.test_args,
        library_paths: &build.library_paths,
        env: &build.test_env,
        verbose: common.verbose,
    })?;
    let last = LastRun::new(record_dir, branch, build, runs)?;
    last.save(&mtcov_dir)?;
    // Only now is the previous run no longer the last complete one.
    remove_other_runs(&records_root, &run_id);
    // Raw profiles of earlier releases, which wrote them; nothing reads them.
    let _ = std::fs::remove_dir_all(mtcov_dir.join("profraw"));
    report::report_run(&workspace, &last, &args.report, color)
}

/// Removes the record directories of earlier runs (the lock guarantees none
/// is live); only the last run is ever reported.
fn remove_other_runs(records_root: &Path, keep: &str) {
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

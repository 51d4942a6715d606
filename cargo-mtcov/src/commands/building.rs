//! Building the tests for a run, as `cargo mtcov`, `merge` and `nextest`
//! do, and checking a selection file first (`MTCOV_SELECT`): steps the
//! commands share, not a command.

use std::path::Path;

use anyhow::{Context, Result};

use super::{DirLock, resolve_color};
use crate::build::{self, BuildOptions, BuildOutput, BuildRequest, Toolchain, Workspace};
use crate::cli::{CommonOptions, ReportOptions};
use crate::model::{ColorChoice, Criterion};
use crate::term;

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
/// as `cargo mtcov`, `merge` and `nextest` all do; with `doctests`, the
/// members' doc tests too, each an executable of its own.
pub(super) fn build_for_run(
    common: &CommonOptions,
    options: &BuildOptions,
    report: &ReportOptions,
    doctests: bool,
) -> Result<Built> {
    super::outputs::check(report)?;
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let lock = DirLock::exclusive(&workspace.mtcov_dir())?;
    let branch = needs_branch(options, report);
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
    let request = BuildRequest {
        workspace: &workspace,
        options: &build_options,
        color,
        verbose: common.verbose,
        instrument,
    };
    let mut build = build::build_tests(&request, common.manifest_path.as_deref())?;
    if doctests {
        build::doctests::add(&request, common.manifest_path.as_deref(), &mut build)?;
    }
    Ok(Built {
        workspace,
        build,
        branch,
        color,
        instrument,
        _lock: lock,
    })
}

/// Whether the build instruments branches: asked for, or a criterion.
pub(super) fn needs_branch(options: &BuildOptions, report: &ReportOptions) -> bool {
    options.branch || report.criterion.contains(&Criterion::Branch)
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

//! `cargo mtcov mutants`: the kill matrix of mutants × metamorphic groups.
//!
//! 1. cargo-mutants lists the mutants (first: a missing tool is said
//!    before any build);
//! 2. the instrumented baseline run, as `cargo mtcov` does it: which code
//!    each source input covered and `K` of every line (it becomes the
//!    last run, so `cargo mtcov report` shows it);
//! 3. the plain baseline in a scratch copy: the groups that hold, and the
//!    time the tests take (the timeout);
//! 4. one recorded run per mutant, `--jobs` at a time;
//! 5. the matrix to `<target>/mtcov/mutants.json`, the summary to stdout.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};

use super::{DirLock, resolve_color};
use crate::build::{self, BuildRequest};
use crate::cli::MutantsCommand;
use crate::error::ExitStatus;
use crate::mutants::matrix::{self, Matrix};
use crate::mutants::shard::{self, ShardInfo};
use crate::mutants::verdict::MutantStatus;
use crate::mutants::{self, BaselineFailed, Plan, entries, instrumented, list};
use crate::run;
use crate::term;

pub(super) fn run(args: &MutantsCommand) -> Result<ExitStatus> {
    run::handle_interrupts();
    match kill_matrix(args) {
        Err(e) if e.downcast_ref::<BaselineFailed>().is_some() => {
            term::error(format_args!("{e:#}"));
            Ok(ExitStatus::Error)
        }
        Err(e) if e.downcast_ref::<run::Interrupted>().is_some() => {
            term::error("interrupted: the running tests were killed; no kill matrix was written");
            Ok(ExitStatus::Interrupted)
        }
        other => other,
    }
}

fn kill_matrix(args: &MutantsCommand) -> Result<ExitStatus> {
    let started = Instant::now();
    let common = &args.common;
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let _lock = DirLock::exclusive(&mtcov_dir)?;
    if !args.merge.is_empty() {
        return merge_shards(args, &mtcov_dir);
    }
    super::building::check_selection()?;
    if args.build.branch {
        build::Toolchain::detect()?.require_branch_support()?;
    }
    // 1. The mutants (this shard's).
    let (mutants, all) = select_mutants(args, &workspace)?;
    // 2. The instrumented baseline.
    let instrumented = instrumented_baseline(args, &workspace)?;
    // 3. The plain baseline in a scratch copy.
    let cases = mtcov_dir.join(instrumented::CASES_DIR);
    let options = args.build.options();
    let plan = Plan {
        cases: &cases,
        workspace_root: &workspace.root,
        dir: mtcov_dir.join("mutants"),
        skip: vec![workspace.target_dir.clone()],
        manifest_path: common.manifest_path.as_deref(),
        options: &options,
        jobs: args.jobs.get(),
        timeout: args.test_timeout,
    };
    let baseline = plain_baseline(&plan)?;
    let groups = entries::group_rows(&instrumented.assembled, &baseline)?;
    // 4. The mutants.
    let results = run_mutants(&plan, &baseline, &mutants, &instrumented.line_k, args)?;
    // 5. The matrix.
    let cost = matrix::Cost::of(args.jobs.get(), &baseline, started);
    let shard = args.shard.map(|shard| ShardInfo {
        k: shard.k,
        n: shard.n,
        sharding: args.sharding,
        total: all,
    });
    let ran = (mutants.as_slice(), results.as_slice());
    let matrix = entries::matrix(args.k, &instrumented, groups, ran, cost, shard);
    warn_not_run(&matrix);
    let path = match args.shard {
        Some(shard) => mtcov_dir.join(format!("mutants-shard-{}-of-{}.json", shard.k, shard.n)),
        None => mtcov_dir.join("mutants.json"),
    };
    matrix.save(&path)?;
    term::status(
        "Finished",
        format_args!(
            "{} mutants in {:.0} s; the kill matrix is in {}",
            mutants.len(),
            matrix.cost.total_seconds,
            path.display()
        ),
    );
    print_summary(&matrix, args, &mtcov_dir)
}

/// The instrumented baseline: the tests built as `cargo mtcov` builds
/// them, then run ([`instrumented::run`]).
fn instrumented_baseline(
    args: &MutantsCommand,
    workspace: &build::Workspace,
) -> Result<instrumented::Instrumented> {
    let common = &args.common;
    let options = args.build.options();
    let build = build::build_tests(
        &BuildRequest {
            workspace,
            options: &options,
            color: resolve_color(common.color),
            verbose: common.verbose,
            instrument: true,
        },
        common.manifest_path.as_deref(),
    )?;
    instrumented::run(workspace, build, args.k, &options)
}

/// The plain baseline in a scratch copy, said before and after.
fn plain_baseline(plan: &Plan<'_>) -> Result<mutants::Baseline> {
    term::status(
        "Baseline",
        format_args!("in {}", plan.dir.join("0").display()),
    );
    let baseline = mutants::baseline(plan)?;
    term::status(
        "Baseline",
        format_args!(
            "{} MGs held; build {:.1} s, tests {:.1} s (slowest process {:.1} s); timeout {:.1} s",
            baseline.groups.len(),
            baseline.build_time.as_secs_f64(),
            baseline.test_time.as_secs_f64(),
            baseline.slowest_process.as_secs_f64(),
            baseline.timeout.as_secs_f64()
        ),
    );
    Ok(baseline)
}

/// Warns when some mutants' columns lack baseline groups that did not run.
fn warn_not_run(matrix: &Matrix) {
    let not_run = matrix
        .mutants
        .iter()
        .filter(|m| !m.not_run.is_empty())
        .count();
    if not_run > 0 {
        term::warn(format_args!(
            "under {not_run} mutants some baseline MGs were not recorded (their test process \
             died first, or the mutant changes which source inputs the tests make); a group that did \
             not run never counts as a kill, and `not_run` in the matrix lists them"
        ));
    }
}

/// cargo-mutants' mutants of the selected packages, this shard's, and how
/// many there are in all.
fn select_mutants(
    args: &MutantsCommand,
    workspace: &build::Workspace,
) -> Result<(Vec<list::Mutant>, usize)> {
    let mut mutants = list::list(&workspace.root, &args.build.selection.package)?;
    term::status(
        "Mutants",
        format_args!("{} from cargo-mutants", mutants.len()),
    );
    if mutants.is_empty() {
        bail!(
            "cargo-mutants generated no mutant for the selected packages: there is nothing to kill"
        );
    }
    let all = mutants.len();
    if let Some(shard) = args.shard {
        let keep = args.sharding.indices(shard, all);
        mutants = keep.iter().map(|&i| mutants[i].clone()).collect();
        term::status(
            "Shard",
            format_args!(
                "{}/{}: {} of the {all} mutants",
                shard.k,
                shard.n,
                mutants.len()
            ),
        );
    }
    Ok((mutants, all))
}

/// Runs the mutants ([`mutants::run_compiled`]) with a line of progress
/// each, and says how many are not built.
fn run_mutants(
    plan: &Plan<'_>,
    baseline: &mutants::Baseline,
    mutants: &[list::Mutant],
    line_k: &HashMap<(String, u32), f64>,
    args: &MutantsCommand,
) -> Result<Vec<mutants::MutantRun>> {
    let total = mutants.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let progress = |_: usize, mutant: &list::Mutant, run: &mutants::MutantRun| {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        let status = match run.status {
            MutantStatus::Killed => "killed",
            MutantStatus::Survived => "SURVIVED",
            MutantStatus::Timeout => "TIMEOUT",
            MutantStatus::Unviable => "unviable",
            MutantStatus::NotBuilt => "not built",
        };
        term::status(
            &format!("[{n}/{total}]"),
            format_args!(
                "{status:<8} {} ({:.1} s)",
                crate::escape::terminal(&mutant.name()),
                run.time.as_secs_f64()
            ),
        );
    };
    let results = mutants::run_compiled(
        plan,
        baseline,
        mutants,
        line_k,
        args.shard.is_none(),
        &progress,
    )?;
    let skipped = results
        .iter()
        .filter(|r| r.status == MutantStatus::NotBuilt)
        .count();
    if skipped > 0 {
        term::status(
            "Skipped",
            format_args!(
                "{skipped} mutants in code the tested configuration does not compile (not built)"
            ),
        );
    }
    Ok(results)
}

/// `--merge`: the shards' matrices as the whole run's.
fn merge_shards(args: &MutantsCommand, mtcov_dir: &std::path::Path) -> Result<ExitStatus> {
    let mut shards = Vec::with_capacity(args.merge.len());
    for path in &args.merge {
        let matrix = Matrix::load(path)?;
        shards.push((path.display().to_string(), matrix));
    }
    let merged = shard::merge(shards)?;
    fs_err::create_dir_all(mtcov_dir)?;
    let path = mtcov_dir.join("mutants.json");
    merged.save(&path)?;
    term::status(
        "Merged",
        format_args!(
            "{} shards ({} mutants); the kill matrix is in {}",
            args.merge.len(),
            merged.mutants.len(),
            path.display()
        ),
    );
    print_summary(&merged, args, mtcov_dir)
}

/// The summary on stdout (text or JSON), and as HTML with `--html`.
fn print_summary(
    matrix: &Matrix,
    args: &MutantsCommand,
    mtcov_dir: &std::path::Path,
) -> Result<ExitStatus> {
    let summary = matrix.summary();
    if let Some(dir) = &args.html {
        let dir = dir.clone().unwrap_or_else(|| mtcov_dir.join("html"));
        fs_err::create_dir_all(&dir)?;
        let page = dir.join("mutants.html");
        fs_err::write(&page, crate::mutants::html::page(&summary))?;
        term::status("Written", page.display());
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
    } else {
        write!(out, "{}", crate::mutants::summary::render_text(&summary))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

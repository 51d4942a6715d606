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
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use super::{DirLock, resolve_color};
use crate::assemble::coverage::{self, CriterionCoverage, ScopePatterns};
use crate::assemble::{Assembled, assemble, choices};
use crate::build::{self, BuildRequest};
use crate::cli::MutantsCommand;
use crate::error::ExitStatus;
use crate::measure::{Counting, ReqIdx, measure};
use crate::model::Criterion;
use crate::mutants::matrix::{self, MATRIX_VERSION, Matrix, MrEntry, SourceEntry};
use crate::mutants::shard::{self, ShardInfo};
use crate::mutants::verdict::MutantStatus;
use crate::mutants::{self, BaselineFailed, Plan, entries, list};
use crate::run::last_run::{NewRun, RunFacts};
use crate::run::{self, BinaryOutcome, RunPlan};
use crate::term;

/// The code criteria the matrix always keeps coverage for; branch under
/// `--branch` and the black-box criteria with `categories!` are added.
const CRITERIA: [Criterion; 3] = [Criterion::Line, Criterion::Region, Criterion::Function];

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
    let cases = mtcov_dir.join(CASES_DIR);
    let plan = Plan {
        cases: &cases,
        workspace_root: &workspace.root,
        dir: mtcov_dir.join("mutants"),
        skip: vec![workspace.target_dir.clone()],
        manifest_path: common.manifest_path.as_deref(),
        options: &args.build,
        jobs: args.jobs.get(),
        timeout: args.test_timeout,
    };
    term::status(
        "Baseline",
        format_args!("in {}", plan.dir.join("0").display()),
    );
    let baseline = mutants::baseline(&plan)?;
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
    let groups = entries::group_rows(&instrumented.assembled, &baseline)?;
    // 4. The mutants.
    let results = run_mutants(&plan, &baseline, &mutants, &instrumented.line_k, args)?;
    // 5. The matrix.
    let assembled = &instrumented.assembled;
    let matrix = Matrix {
        version: MATRIX_VERSION,
        k: args.k,
        mrs: assembled
            .mrs
            .iter()
            .map(|mr| MrEntry {
                id: mr.id.clone(),
                class: mr.class.clone(),
            })
            .collect(),
        sources: assembled
            .sources
            .iter()
            .map(|s| SourceEntry {
                key: s.key.clone(),
                debug: s.debug.clone(),
            })
            .collect(),
        groups,
        criteria: instrumented
            .criteria
            .iter()
            .map(|c| entries::criterion_entry(c, assembled.sources.len()))
            .collect(),
        mutants: mutants
            .iter()
            .zip(&results)
            .map(|(mutant, run)| {
                entries::mutant_entry(mutant, run, &instrumented.line_k, &instrumented.checks)
            })
            .collect(),
        checks: instrumented.checks.clone(),
        cost: matrix::Cost {
            jobs: args.jobs.get(),
            baseline_seconds: (baseline.build_time + baseline.test_time).as_secs_f64(),
            timeout_seconds: baseline.timeout.as_secs_f64(),
            total_seconds: started.elapsed().as_secs_f64(),
        },
        shard: args.shard.map(|shard| ShardInfo {
            k: shard.k,
            n: shard.n,
            sharding: args.sharding,
            total: all,
        }),
    };
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

/// Where the instrumented baseline logs the cases its strategy checks
/// draw, under `<target>/mtcov`; every scratch run (the plain baseline and
/// each mutant) replays exactly them: the same groups everywhere.
const CASES_DIR: &str = "mutants-cases";

/// cargo-mutants' mutants of the selected packages, this shard's, and how
/// many there are in all.
fn select_mutants(
    args: &MutantsCommand,
    workspace: &build::Workspace,
) -> Result<(Vec<list::Mutant>, usize)> {
    let mut mutants = list::list(&workspace.root, &args.build.package)?;
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

/// What the instrumented baseline run gives the matrix.
struct Instrumented {
    assembled: Assembled,
    /// Coverage of each criterion (see [`CRITERIA`]), per source input and execution.
    criteria: Vec<CriterionCoverage>,
    /// `K` of each line (file, line), for the survivors.
    line_k: HashMap<(String, u32), f64>,
    /// What its float checks saw.
    checks: Vec<crate::tolerance::Observed>,
}

/// The instrumented baseline, as `cargo mtcov` runs it (it becomes the
/// last run, so `cargo mtcov report` shows it), logging the strategy
/// cases under [`CASES_DIR`]. Fails when a test fails or an MG is
/// violated without any mutant.
fn instrumented_baseline(
    args: &MutantsCommand,
    workspace: &build::Workspace,
) -> Result<Instrumented> {
    let common = &args.common;
    let mtcov_dir = workspace.mtcov_dir();
    let build = build::build_tests(
        &BuildRequest {
            workspace,
            options: &args.build,
            color: resolve_color(common.color),
            verbose: common.verbose,
            instrument: true,
        },
        common.manifest_path.as_deref(),
    )?;
    let new_run = NewRun::start(&mtcov_dir)?;
    let cases = mtcov_dir.join(CASES_DIR);
    let _ = std::fs::remove_dir_all(&cases);
    let mut env = build.test_env.clone();
    env.push((
        mtcov_protocol::CASES_ENV.to_owned(),
        format!("record={}", cases.display()),
    ));
    let runs = match run::run_tests(&RunPlan {
        executables: &build.executables,
        record_dir: new_run.record_dir(),
        test_args: &[],
        library_paths: &build.library_paths,
        env: &env,
        options: &run::RunOptions::default(),
        keep: None,
    }) {
        Ok(runs) => runs,
        Err(e) => {
            new_run.discard();
            return Err(e);
        }
    };
    let last = new_run.commit(build, runs, args.build.branch, true, RunFacts::default())?;
    if let Some(failed) = last
        .runs
        .iter()
        .find(|r| r.outcome != BinaryOutcome::Passed)
    {
        return Err(BaselineFailed(format!(
            "the tests fail without any mutant ({} {:?}), so no mutant can be said to be killed; \
             fix the tests (`cargo mtcov` shows what fails) and rerun",
            failed.path.display(),
            failed.outcome
        ))
        .into());
    }
    // Lost records would give the matrix wrong coverage: refused, as a report would.
    let records = super::read_checked(&last)?;
    let assembled = assemble(&records)?;
    if !assembled.violations.is_empty() {
        return Err(BaselineFailed(format!(
            "{} MGs are violated without any mutant (first: {}); fix them and rerun",
            assembled.violations.len(),
            assembled.violations[0].mr
        ))
        .into());
    }
    // Line, region and function; branch under --branch; and the black-box
    // criteria when the tests declare categories: every criterion of the
    // k-MR paper the workspace has.
    let code: Vec<Criterion> = Criterion::ALL
        .into_iter()
        .filter(|c| CRITERIA.contains(c) || (*c == Criterion::Branch && args.build.branch))
        .collect();
    let mut criteria = coverage::criteria(
        workspace,
        &last,
        &records,
        &assembled,
        &code,
        ScopePatterns {
            include: &[],
            exclude: &[],
        },
    )?
    .criteria;
    if !records.declarations.is_empty() {
        let black_box: Vec<Criterion> = Criterion::ALL
            .into_iter()
            .filter(|c| c.is_black_box())
            .collect();
        criteria.extend(choices::criteria(&records, &assembled, &black_box)?);
    }
    let relations = assembled.pool.source_relations(Counting::Class);
    let mut line_k: HashMap<(String, u32), f64> = HashMap::new();
    if let Some(line) = criteria.iter().find(|c| c.criterion == Criterion::Line) {
        let measured = measure(&assembled.pool, &relations, &line.coverage, args.k)?;
        for (r, location) in line.locations.iter().enumerate() {
            line_k.insert(
                (location.file.clone(), location.line_start),
                measured.k_value(ReqIdx(r as u32)),
            );
        }
    }
    Ok(Instrumented {
        checks: crate::tolerance::observed(&records),
        assembled,
        criteria,
        line_k,
    })
}

/// Runs every mutant whose code the tested configuration compiles, with
/// a line of progress each; the others are `not built`. Fails when no
/// mutant of the whole (unsharded) run builds.
///
/// A mutant in a function of a file of the built binaries, where no
/// coverage region maps to any line of the whole function, is in code the
/// tested configuration does not compile (every compiled function has
/// regions, called or not): it cannot change what the tests run, so it is
/// not run. Mutants outside functions (constants, statics: no regions, yet
/// compiled) always run.
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
    let compiled = mutants::Compiled::new(line_k);
    let not_built = |m: &list::Mutant| !compiled.compiles(m);
    let to_run: Vec<list::Mutant> = mutants.iter().filter(|m| !not_built(m)).cloned().collect();
    let mut ran = mutants::run_all(plan, baseline, &to_run, &progress)?.into_iter();
    let results: Vec<mutants::MutantRun> = mutants
        .iter()
        .map(|m| match not_built(m) {
            true => Some(mutants::MutantRun {
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
            false => ran.next(),
        })
        .collect::<Option<_>>()
        .context("a mutant was not run")?;
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
    // A shard may hold only mutants that do not build; the whole may not.
    if args.shard.is_none()
        && results
            .iter()
            .all(|r| matches!(r.status, MutantStatus::Unviable | MutantStatus::NotBuilt))
    {
        bail!(
            "none of the {total} mutants builds, or is in code the tested configuration compiles \
             (first: {}), so nothing was measured",
            results[0].reason.as_deref().unwrap_or("?")
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
    std::fs::create_dir_all(mtcov_dir)
        .with_context(|| format!("cannot create {}", mtcov_dir.display()))?;
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
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let page = dir.join("mutants.html");
        std::fs::write(&page, crate::mutants::html::page(&summary))
            .with_context(|| format!("cannot write {}", page.display()))?;
        term::status("Written", page.display());
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
    } else {
        write!(out, "{}", matrix::render_text(&summary))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

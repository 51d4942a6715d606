//! The instrumented baseline of a kill matrix: the run `cargo mtcov`
//! makes (it becomes the last run), and what the matrix takes from it:
//! the coverage of every criterion the workspace has, `K` of each line
//! and what the float checks saw.

use std::collections::HashMap;

use anyhow::Result;

use super::BaselineFailed;
use crate::build::{BuildOptions, BuildOutput, Workspace};
use crate::coverage::{self, CriterionCoverage, ScopePatterns};
use crate::inputs::{Assembled, assemble};
use crate::measure::{Counting, ReqIdx, measure};
use crate::model::Criterion;
use crate::records;
use crate::run::last_run::{NewRun, RunFacts};
use crate::run::{self, BinaryOutcome, RunPlan};

/// The code criteria the matrix always keeps coverage for; branch under
/// `--branch` and the black-box criteria with `categories!` are added.
const CRITERIA: [Criterion; 3] = [Criterion::Line, Criterion::Region, Criterion::Function];

/// Where the instrumented baseline logs the cases its strategy checks
/// draw, under `<target>/mtcov`; every scratch run (the plain baseline and
/// each mutant) replays exactly them: the same groups everywhere.
pub(crate) const CASES_DIR: &str = "mutants-cases";

/// What the instrumented baseline run gives the matrix.
pub(crate) struct Instrumented {
    pub(crate) assembled: Assembled,
    /// Coverage of each criterion (see [`CRITERIA`]), per source input and execution.
    pub(crate) criteria: Vec<CriterionCoverage>,
    /// `K` of each line (file, line), for the survivors.
    pub(crate) line_k: HashMap<(String, u32), f64>,
    /// What its float checks saw.
    pub(crate) checks: Vec<crate::tolerance::Observed>,
}

/// The instrumented baseline of `build`, as `cargo mtcov` runs it (it
/// becomes the last run, so `cargo mtcov report` shows it), logging the
/// strategy cases under [`CASES_DIR`]. Fails when a test fails or an MG
/// is violated without any mutant.
pub(crate) fn run(
    workspace: &Workspace,
    build: BuildOutput,
    k: u32,
    options: &BuildOptions,
) -> Result<Instrumented> {
    let branch = options.branch;
    let mtcov_dir = workspace.mtcov_dir();
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
        select: None,
        split: None,
    }) {
        Ok(runs) => runs,
        Err(e) => {
            new_run.discard();
            return Err(e);
        }
    };
    let facts = RunFacts {
        selection: Some(options.selection.clone()),
        ..RunFacts::default()
    };
    let last = new_run.commit(build, runs, branch, true, facts)?;
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
    let records = records::read_checked(&last)?;
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
    let asked: Vec<Criterion> = Criterion::ALL
        .into_iter()
        .filter(|c| {
            CRITERIA.contains(c)
                || (*c == Criterion::Branch && branch)
                || (c.is_black_box() && !records.declarations.is_empty())
        })
        .collect();
    let patterns = ScopePatterns {
        include: &[],
        exclude: &[],
    };
    let criteria = coverage::measured(
        workspace, &last, &records, &assembled, &asked, patterns, None,
    )?
    .criteria;
    let relations = assembled.pool.source_relations(Counting::Class);
    let mut line_k: HashMap<(String, u32), f64> = HashMap::new();
    if let Some(line) = criteria.iter().find(|c| c.criterion == Criterion::Line) {
        let measured = measure(&assembled.pool, &relations, &line.coverage, k)?;
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

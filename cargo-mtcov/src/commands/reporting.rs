//! Measuring a run's records and printing the report, as every command
//! that reports does (`cargo mtcov`, `report`, `merge`, `nextest`): a
//! step they share, not a command.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use mtcov_protocol::CoverageLayout;

use super::outputs;
use crate::build::Workspace;
use crate::cli::{Distinct, FailUnder, ReportOptions};
use crate::coverage::choices;
use crate::coverage::suggestions::suggestions;
use crate::coverage::{self, CodeCoverage, ScopePatterns};
use crate::error::ExitStatus;
use crate::inputs::{Assembled, assemble};
use crate::model::{ColorChoice, Criterion};
use crate::patch::ChangedLines;
use crate::records::{CounterReading, RunRecords};
use crate::report::{self, CriterionInput};
use crate::run::BinaryOutcome;
use crate::run::last_run::LastRun;
use crate::term;

/// Reads the run's records, measures, prints, and decides the exit status.
/// `base`: after an `--affected` run that reran nothing, the last run's
/// evaluation to carry to this one (or why there is none).
pub(super) fn report_run(
    workspace: &Workspace,
    last: &LastRun,
    options: &ReportOptions,
    color: ColorChoice,
    base: Option<Result<coverage::carry::Base, String>>,
) -> Result<ExitStatus> {
    let criteria = options.criteria(last.branch);
    let patterns = ScopePatterns {
        include: &options.include,
        exclude: &options.exclude,
    };
    // With the run's evaluation kept, or one to carry, its counters need
    // not be read.
    let mut kept = coverage::kept_evaluation(workspace, last, &criteria, patterns);
    let carrying = kept.is_none() && matches!(base, Some(Ok(_)));
    let reading = if kept.is_some() || carrying {
        CounterReading::Skip
    } else {
        CounterReading::Decode
    };
    let mut records = crate::records::read_checked_with(last, reading)?;
    if kept.is_none()
        && let Some(base) = base
    {
        match base.and_then(|base| {
            coverage::carry::carry(workspace, last, &records, base, &criteria, patterns)
        }) {
            Ok(carried) => {
                term::trace("the last run's evaluation carried to the new build");
                kept = Some(carried);
            }
            Err(why) => {
                term::trace(format_args!(
                    "the last run's evaluation cannot be carried to the new build ({why}); \
                     evaluating the records"
                ));
                if carrying {
                    records = crate::records::read_checked_with(last, CounterReading::Decode)?;
                }
            }
        }
    }
    if records.registry.is_empty() && records.groups.is_empty() {
        bail!(nothing_recorded(last));
    }
    coverage::check_measurable(last, &criteria)?;
    let code = criteria.iter().any(|c| !c.is_black_box());
    if code {
        warn_about_coverage(&records, last);
    }
    let assembled = assemble(&records)?;
    for id in &assembled.unregistered_mrs {
        term::warn(format_args!(
            "MR `{id}` ran but is in no binary's registry; counted with the class its records name"
        ));
    }
    warn_if_k_out_of_reach(&assembled, options);
    let measured = coverage::measured(
        workspace, last, &records, &assembled, &criteria, patterns, kept,
    )?;
    let changed = patch_lines(workspace, options, code)?;
    let measured_run = MeasuredRun {
        root: &workspace.root,
        last,
        records: &records,
        assembled: &assembled,
        measured: &measured,
    };
    let report = measured_run.report(options, changed.as_ref())?;
    for u in &report.unclassified_outputs {
        term::warn(u.sentence());
    }
    match outputs::emit(&report, options, workspace, color) {
        // `cargo mtcov | head`: the reader has what it wanted.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) => {}
        other => other?,
    }
    let tests_failed = !assembled.violations.is_empty()
        || last.runs.iter().any(|r| r.outcome != BinaryOutcome::Passed);
    if tests_failed {
        return Ok(ExitStatus::TestsFailed);
    }
    let below = below_fail_under(&report, options);
    if below_fail_under_patch(&report, options) || below {
        return Ok(ExitStatus::BelowFailUnder);
    }
    Ok(ExitStatus::Success)
}

/// The lines `--diff` changed; a warning when only black-box criteria
/// (`code` false), which have no lines, are measured.
fn patch_lines(
    workspace: &Workspace,
    options: &ReportOptions,
    code: bool,
) -> Result<Option<ChangedLines>> {
    let changed = options
        .diff
        .as_deref()
        .map(|base| crate::patch::read(&workspace.root, base))
        .transpose()?;
    if let Some(changed) = &changed
        && !code
    {
        term::warn(format_args!(
            "--diff {}: only black-box criteria are measured, which have no lines; the patch has no requirements",
            changed.base
        ));
    }
    Ok(changed)
}

/// Why a run without any MR has no report, and what to do.
fn nothing_recorded(last: &LastRun) -> String {
    let mut message = String::from(
        "no metamorphic relations were recorded: no test binary registered an MR or ran one.\n\
         Add one: mark a relation function with `#[mt_runtime::metamorphic]` and run it from a \
         test with `mt_runtime::check(&sources, &[relation])` (see mt-runtime's documentation)",
    );
    let aborted: Vec<&Path> = last
        .runs
        .iter()
        .filter(|r| matches!(r.outcome, BinaryOutcome::Aborted(_)))
        .map(|r| r.path.as_path())
        .collect();
    if !aborted.is_empty() {
        message.push_str(&format!(
            "\n(note: these test binaries aborted: {aborted:?})"
        ));
    }
    message
}

/// A run with its records assembled and its criteria measured.
struct MeasuredRun<'a> {
    /// The workspace root, against which records name files.
    root: &'a Path,
    last: &'a LastRun,
    records: &'a RunRecords,
    assembled: &'a Assembled,
    measured: &'a CodeCoverage,
}

impl MeasuredRun<'_> {
    /// Each measured criterion as the report takes it.
    fn criterion_inputs(&self) -> Vec<CriterionInput<'_>> {
        self.measured
            .criteria
            .iter()
            .map(|c| CriterionInput {
                criterion: c.criterion,
                coverage: &c.coverage,
                locations: &c.locations,
                aside: &c.aside,
                first_use: &c.first_use,
                aside_complete: c.aside_complete,
                runs: c.runs.as_deref().map_err(String::as_str),
                metamorphic: (!c.criterion.is_black_box()).then_some(report::MetamorphicInput {
                    differing: &c.differing,
                }),
                clean: c.clean.as_ref(),
            })
            .collect()
    }

    /// The report of the run under `options`, with the patch's lines.
    fn report(
        &self,
        options: &ReportOptions,
        patch: Option<&ChangedLines>,
    ) -> Result<report::Report> {
        let (records, assembled) = (self.records, self.assembled);
        let black_box = |c: Criterion| self.measured.criteria.iter().any(|m| m.criterion == c);
        let any_black_box = self
            .measured
            .criteria
            .iter()
            .any(|m| m.criterion.is_black_box());
        let mut report = report::build(report::ReportInput {
            k: options.k,
            counting: options.counting(),
            pool: &assembled.pool,
            mrs: &assembled.mrs,
            sources: &assembled.sources,
            functions: &self.measured.functions,
            tests_ran: &self.measured.tests_ran,
            criteria: self.criterion_inputs(),
            violations: assembled.violations.clone(),
            satisfaction: options.satisfaction(),
            // Unclassified outputs matter to the black-box criteria alone.
            unclassified: if any_black_box {
                choices::unclassified_outputs(records, assembled)
            } else {
                Vec::new()
            },
            failed_tests: self.last.failed_tests(),
            patch,
            // Suggestions count relation classes: only beside a report
            // that does, so that their A_k is the report's.
            suggestions: if black_box(Criterion::IoCtf) && options.distinct == Distinct::Class {
                suggestions(records, assembled, options.k, 10)?
            } else {
                Vec::new()
            },
            stopped_draws: records.stopped_draws.clone(),
            captures: {
                let (measured, shared) = records.captures();
                report::Captures { measured, shared }
            },
        })?;
        report.float_checks = report::float_checks(&crate::tolerance::checks(
            records,
            crate::tolerance::MARGIN,
            self.root,
        ));
        report.affected = self.last.affected.clone();
        Ok(report)
    }
}

/// Whether a measured criterion is below its `--fail-under` limit; says
/// which on stderr. A criterion without requirements has no `A_k` and
/// cannot be below anything.
fn below_fail_under(report: &report::Report, options: &ReportOptions) -> bool {
    let Some(fail_under) = &options.fail_under else {
        return false;
    };
    if let FailUnder::PerCriterion(limits) = fail_under {
        for (named, _) in limits {
            let measured = report
                .criteria
                .iter()
                .any(|c| c.criterion == *named && c.summary.is_some());
            if !measured {
                term::warn(format_args!(
                    "--fail-under {named}: {named} coverage was not measured (no requirements); not checked"
                ));
            }
        }
    }
    let mut below = false;
    for criterion in &report.criteria {
        let Some(limit) = fail_under.limit(criterion.criterion) else {
            continue;
        };
        let Some(summary) = &criterion.summary else {
            continue;
        };
        // Gated on the lower bound when other threads ran during some
        // source executions.
        if let Some(lower) = &criterion.without_shared
            && lower.a_k < limit
        {
            term::error(format_args!(
                "{} A_{} = {:.4} without the source executions other threads ran during (A_{} = \
                 {:.4} with them) is below --fail-under {limit}",
                criterion.criterion, report.k, lower.a_k, report.k, summary.a_k
            ));
            below = true;
        } else if summary.a_k < limit {
            term::error(format_args!(
                "{} A_{} = {:.4} is below --fail-under {limit}",
                criterion.criterion, report.k, summary.a_k
            ));
            below = true;
        }
    }
    below
}

/// Whether the patch's `A_k` of a code criterion is below its
/// `--fail-under-patch` limit; says which on stderr. A patch without
/// requirements of a criterion (no changed line holds code) has no `A_k`
/// and is not checked (a warning says so).
fn below_fail_under_patch(report: &report::Report, options: &ReportOptions) -> bool {
    let (Some(limits), Some(patch)) = (&options.fail_under_patch, &report.patch) else {
        return false;
    };
    let mut below = false;
    for criterion in &patch.criteria {
        let Some(limit) = limits.limit(criterion.criterion) else {
            continue;
        };
        match &criterion.summary {
            None => term::warn(format_args!(
                "--fail-under-patch: no {} requirement is on a line the diff against {} changes; not checked",
                criterion.criterion, patch.base
            )),
            Some(summary) if summary.a_k < limit => {
                term::error(format_args!(
                    "the patch's {} A_{} = {:.4} is below --fail-under-patch {limit}",
                    criterion.criterion, report.k, summary.a_k
                ));
                below = true;
            }
            Some(_) => {}
        }
    }
    below
}

/// `|S_RO|` never exceeds the relation classes (or MRs) present, so past
/// them `K(r) = 1` cannot happen: say so rather than let a huge `--k` look
/// like a suite that merely needs more work.
fn warn_if_k_out_of_reach(assembled: &crate::inputs::Assembled, options: &ReportOptions) {
    let (reachable, unit) = match options.distinct {
        Distinct::Class => (assembled.pool.num_classes(), "relation classes"),
        Distinct::Mr => (assembled.pool.num_mrs(), "MRs"),
    };
    if options.k > reachable {
        term::warn(format_args!(
            "--k {} is more than the {reachable} {unit} present: K = 1 is out of reach for \
             every requirement (A_k is at most {reachable}/{})",
            options.k, options.k,
        ));
    }
}

/// Coverage that cannot be trusted is named, never silently read as empty.
/// Test binaries of mtcov's own crates (in mtcov's own workspace) are not
/// instrumented on purpose: nothing of theirs is measured.
fn warn_about_coverage(records: &RunRecords, last: &LastRun) {
    let own: Vec<PathBuf> = last
        .build
        .executables
        .iter()
        .filter(|e| mtcov_protocol::is_own_package(&e.package))
        .map(|e| crate::run::canonical(&e.path))
        .collect();
    for process in &records.processes {
        if own.contains(&crate::run::canonical(&process.binary)) {
            continue;
        }
        match &process.coverage {
            CoverageLayout::Captured { .. } => {}
            CoverageLayout::Unsupported(why) => term::warn(format_args!(
                "{}: the runtime could not capture coverage ({why}); its source inputs count \
                 for associations only",
                process.binary.display()
            )),
            CoverageLayout::Off => term::warn(format_args!(
                "{}: not instrumented (mt-runtime built without cargo mtcov's settings?); \
                 its source inputs count for associations only",
                process.binary.display()
            )),
        }
    }
}

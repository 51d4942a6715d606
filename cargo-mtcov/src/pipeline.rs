//! The commands, end to end: build → run → read records → map coverage →
//! measure → report → exit status. Each step lives in its own module;
//! this one only sequences them and turns outcomes into exit codes.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::assemble::assemble;
use crate::cargo::{self, BuildRequest, Workspace};
use crate::cli::{
    CargoCli, ColorChoice, CommonOptions, Criterion, FailUnder, MtcovArgs, MtcovCommand,
    ReportOptions,
};
use crate::error::ExitStatus;
use crate::last_run::{LastRun, new_run_id};
use crate::measure::Counting;
use crate::records::{self, ProcessCoverage, RunRecords};
use crate::report::{self, CriterionInput, TextOptions};
use crate::run::{self, BinaryOutcome, RunPlan};
use crate::tools::Toolchain;

/// Runs the parsed command line.
pub fn run(cli: CargoCli) -> Result<ExitStatus> {
    let CargoCli::Mtcov(args) = cli;
    match args.command {
        Some(MtcovCommand::Report(report)) => report_last_run(&report.common, &report.report),
        Some(MtcovCommand::Clean(clean)) => clean_command(&clean.common),
        None => measure_command(&args),
    }
}

fn measure_command(args: &MtcovArgs) -> Result<ExitStatus> {
    let common = &args.common;
    let workspace = cargo::metadata(common.manifest_path.as_deref())?;
    let branch = args.build.branch || args.report.criterion.contains(&Criterion::Branch);
    if branch {
        Toolchain::detect()?.require_branch_support()?;
    }
    let mut build_options = args.build.clone();
    build_options.branch = branch;
    let color = resolve_color(common.color);
    let build = cargo::build_tests(
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

    let mtcov_dir = workspace.mtcov_dir();
    let run_id = new_run_id();
    let record_dir = fresh_dir(&mtcov_dir.join("records"), &run_id)?;
    let profraw_dir = fresh_dir(&mtcov_dir.join("profraw"), &run_id)?;
    let runs = run::run_tests(&RunPlan {
        executables: &build.executables,
        record_dir: &record_dir,
        profraw_dir: &profraw_dir,
        test_args: &args.test_args,
        library_paths: &build.library_paths,
        verbose: common.verbose,
    })?;
    let last = LastRun::new(record_dir, profraw_dir, branch, build, runs)?;
    last.save(&mtcov_dir)?;
    report_run(&workspace, &last, &args.report, color)
}

fn report_last_run(common: &CommonOptions, options: &ReportOptions) -> Result<ExitStatus> {
    let workspace = cargo::metadata(common.manifest_path.as_deref())?;
    let last = LastRun::load(&workspace.mtcov_dir())?;
    last.check_unchanged()?;
    report_run(&workspace, &last, options, resolve_color(common.color))
}

fn clean_command(common: &CommonOptions) -> Result<ExitStatus> {
    let workspace = cargo::metadata(common.manifest_path.as_deref())?;
    let dir = workspace.mtcov_dir();
    match std::fs::remove_dir_all(&dir) {
        Ok(()) => eprintln!("     Removed {}", dir.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("     Nothing to remove ({} does not exist)", dir.display())
        }
        Err(e) => return Err(e).with_context(|| format!("cannot remove {}", dir.display())),
    }
    Ok(ExitStatus::Success)
}

/// Reads the run's records, measures, prints, and decides the exit status.
fn report_run(
    workspace: &Workspace,
    last: &LastRun,
    options: &ReportOptions,
    color: ColorChoice,
) -> Result<ExitStatus> {
    let records = records::read_run(&last.record_dir, Some(&last.executable_paths()))?;
    for warning in &records.warnings {
        eprintln!("warning: {warning}");
    }
    let aborted: Vec<&Path> = last
        .runs
        .iter()
        .filter(|r| matches!(r.outcome, BinaryOutcome::Aborted(_)))
        .map(|r| r.path.as_path())
        .collect();
    if records.registry.is_empty() && records.groups.is_empty() {
        let mut message = String::from(
            "no metamorphic relations were recorded: no test binary registered an MR or ran one.\n\
             Add one: mark a relation function with `#[mt_runtime::metamorphic]` and run it from a \
             test with `mt_runtime::check(&sources, &[relation])` (see mt-runtime's documentation)",
        );
        if !aborted.is_empty() {
            message.push_str(&format!(
                "\n(note: these test binaries aborted: {aborted:?})"
            ));
        }
        bail!(message);
    }
    warn_about_coverage(&records);

    let assembled = assemble(&records)?;
    for id in &assembled.unregistered_mrs {
        eprintln!(
            "warning: MR `{id}` ran but is in no binary's registry; counted with the class its records name"
        );
    }
    let criteria = options.criteria(last.branch);
    let coverage =
        crate::coverage::criteria(workspace, last, &records, &assembled, &criteria, options)?;
    let report = report::build(report::ReportInput {
        k: options.k,
        counting: match options.distinct {
            crate::cli::Distinct::Class => Counting::Class,
            crate::cli::Distinct::Mr => Counting::Mr,
        },
        pool: &assembled.pool,
        mrs: &assembled.mrs,
        sources: &assembled.sources,
        criteria: coverage
            .iter()
            .map(|c| CriterionInput {
                criterion: c.criterion,
                coverage: &c.coverage,
                locations: &c.locations,
            })
            .collect(),
        violations: assembled.violations.clone(),
    })?;
    match print_report(&report, options, color) {
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
    if below_fail_under(&report, options) {
        return Ok(ExitStatus::BelowFailUnder);
    }
    Ok(ExitStatus::Success)
}

fn print_report(
    report: &report::Report,
    options: &ReportOptions,
    color: ColorChoice,
) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(Some(path)) = &options.json {
        std::fs::write(path, report::render_json_string(report))
            .with_context(|| format!("cannot write the JSON report to {}", path.display()))?;
    }
    if let Some(None) = &options.json {
        writeln!(out, "{}", report::render_json_string(report))?;
    } else {
        let color = use_color(color, std::io::stdout().is_terminal());
        let options = TextOptions { color, ..TextOptions::default() };
        write!(out, "{}", report::render_text(report, &options))?;
    }
    out.flush()?;
    Ok(())
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
                eprintln!(
                    "warning: --fail-under {named}: {named} coverage was not measured (no requirements); not checked"
                );
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
        if summary.a_k < limit {
            eprintln!(
                "error: {} A_{} = {:.4} is below --fail-under {limit}",
                criterion.criterion, report.k, summary.a_k
            );
            below = true;
        }
    }
    below
}

/// Coverage that cannot be trusted is named, never silently read as empty.
fn warn_about_coverage(records: &RunRecords) {
    for process in &records.processes {
        match &process.coverage {
            ProcessCoverage::Captured { .. } => {}
            ProcessCoverage::Unsupported(why) => eprintln!(
                "warning: {}: the runtime could not capture coverage ({why}); its source inputs count \
                 for associations only",
                process.binary.display()
            ),
            ProcessCoverage::Off => eprintln!(
                "warning: {}: not instrumented (mt-runtime built without cargo mtcov's settings?); \
                 its source inputs count for associations only",
                process.binary.display()
            ),
        }
    }
}

/// `--color`, else `CARGO_TERM_COLOR`, else `NO_COLOR` (any non-empty
/// value means never), else auto.
pub(crate) fn resolve_color(flag: Option<ColorChoice>) -> ColorChoice {
    if let Some(choice) = flag {
        return choice;
    }
    match std::env::var("CARGO_TERM_COLOR").as_deref() {
        Ok("always") => return ColorChoice::Always,
        Ok("never") => return ColorChoice::Never,
        Ok("auto") => return ColorChoice::Auto,
        _ => {}
    }
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return ColorChoice::Never;
    }
    ColorChoice::Auto
}

fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => is_terminal,
    }
}

/// Creates `<parent>/<run_id>` after removing earlier runs' directories:
/// only the last run is ever reported, and profiles add up fast.
fn fresh_dir(parent: &Path, run_id: &str) -> Result<PathBuf> {
    if let Ok(entries) = std::fs::read_dir(parent) {
        for entry in entries.flatten() {
            if entry.path().is_dir() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    let dir = parent.join(run_id);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_choice_and_terminal() {
        assert!(use_color(ColorChoice::Always, false));
        assert!(!use_color(ColorChoice::Never, true));
        assert!(use_color(ColorChoice::Auto, true));
        assert!(!use_color(ColorChoice::Auto, false));
        assert_eq!(resolve_color(Some(ColorChoice::Never)), ColorChoice::Never);
    }

    #[test]
    fn fresh_dir_replaces_earlier_runs() {
        let parent = std::env::temp_dir().join(format!("mtcov-fresh-{}", std::process::id()));
        let old = fresh_dir(&parent, "1-1").unwrap();
        std::fs::write(old.join("a.jsonl"), "x").unwrap();
        let new = fresh_dir(&parent, "2-2").unwrap();
        assert!(!old.exists());
        assert!(new.is_dir());
        std::fs::remove_dir_all(&parent).unwrap();
    }
}

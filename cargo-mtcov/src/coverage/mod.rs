//! Per-criterion requirements and who satisfied them: each test binary's
//! coverage mapping (`crate::mapping`) applied to the per-source counters
//! its processes recorded, united over binaries by requirement key.
//!
//! Scope by default: the source files of the workspace members, without
//! their `tests/`, `benches/` and `examples/` directories and without
//! mt-runtime / mt-macros when those are members; `--include` /
//! `--exclude` narrow it further.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};

use mtcov_protocol::{CoverageLayout, is_own_package};

pub(crate) mod carry;
pub(crate) mod choices;
mod kept;
mod pipeline;
mod process;
mod runs;
pub(crate) mod suggestions;

use crate::build::Workspace;
use crate::error::RecordError;
use crate::inputs::Assembled;
use crate::mapping::{
    CounterLayout, CoverageMap, MergedRequirements, Requirement, RequirementKind, Scope,
};
use crate::measure::{Coverage, InputIdx, MrIdx};
use crate::model::{Criterion, Location, SourceFunction, TestSpans};
use crate::records::RunRecords;
use crate::run::last_run::LastRun;
use process::Measuring;

/// One criterion, ready for the report.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct CriterionCoverage {
    pub(crate) criterion: Criterion,
    pub(crate) coverage: Coverage,
    pub(crate) locations: Vec<Location>,
    /// Per requirement, how many times code outside source executions
    /// (follow-up executions, checks) ran it, summed over processes.
    pub(crate) aside: Vec<u64>,
    /// `sat` from the source executions no other thread ran during, when
    /// another thread ran during some (their `A_k` is a lower bound);
    /// `None` when none was shared.
    pub(crate) clean: Option<Coverage>,
    /// Per requirement, how many times the warm-up runs before measured
    /// executions ran it (code run only on first use), summed over
    /// processes.
    pub(crate) first_use: Vec<u64>,
    /// Whether every process with coverage exited normally, having written
    /// its `aside` counters.
    pub(crate) aside_complete: bool,
    /// Per requirement, how many times the test processes ran it as their
    /// tests run without mtcov (each SUT execution once), summed over
    /// processes; why not, when one process's counts are not known.
    pub(crate) runs: Result<Vec<u64>, String>,
    /// Metamorphic Coverage: per (first source input, MR) of the MGs with
    /// follow-up coverage, the requirements one execution of a
    /// source/follow-up pair covered and the other did not, sorted.
    #[serde(with = "kept::sorted_lists")]
    pub(crate) differing: Vec<(InputIdx, MrIdx, Vec<u32>)>,
}

/// Every code criterion measured, and the functions their requirements
/// lie in.
#[derive(Debug, Default)]
pub(crate) struct CodeCoverage {
    pub(crate) criteria: Vec<CriterionCoverage>,
    /// The functions of the code in scope, by file and first line, over
    /// every test binary's mapping.
    pub(crate) functions: Vec<SourceFunction>,
    /// The plain unit tests whose process's profile the run kept, and
    /// where the code they ran lies.
    pub(crate) tests_ran: Vec<TestSpans>,
}

/// In a run's record directory: what its source files said (test code,
/// functions) when it was first measured.
const SOURCE_FACTS: &str = "sources.json";

/// The user's `--include` / `--exclude` patterns.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScopePatterns<'a> {
    pub(crate) include: &'a [String],
    pub(crate) exclude: &'a [String],
}

/// The run's kept evaluation of the code criteria of `asked`, when one
/// was made from exactly its records, criteria and scope (see [`kept`]):
/// a command that has it reads the records without their counters
/// ([`crate::records::CounterReading::Skip`]) and hands it to
/// [`measured`].
pub(crate) fn kept_evaluation(
    workspace: &Workspace,
    last: &LastRun,
    asked: &[Criterion],
    patterns: ScopePatterns<'_>,
) -> Option<KeptEvaluation> {
    let code: Vec<Criterion> = asked
        .iter()
        .copied()
        .filter(|c| !c.is_black_box())
        .collect();
    if code.is_empty() {
        return None;
    }
    let key = kept::Key::now(workspace, &last.record_dir, &code, patterns)?;
    kept::load(&last.record_dir, &key).map(|(criteria, functions)| KeptEvaluation {
        criteria,
        functions,
    })
}

/// A kept evaluation, loaded ([`kept_evaluation`]).
pub(crate) struct KeptEvaluation {
    criteria: Vec<CriterionCoverage>,
    functions: Vec<SourceFunction>,
}

/// Maps every process's per-source counters to the requirements of each
/// criterion, or takes `kept` (or the kept evaluation it finds).
/// Binaries without captured coverage contribute nothing here (the
/// pipeline has already said why).
fn criteria(
    workspace: &Workspace,
    last: &LastRun,
    records: &RunRecords,
    assembled: &Assembled,
    criteria: &[Criterion],
    patterns: ScopePatterns<'_>,
    kept: Option<KeptEvaluation>,
) -> Result<CodeCoverage> {
    let key = kept::Key::now(workspace, &last.record_dir, criteria, patterns);
    let kept = kept.map(|k| (k.criteria, k.functions)).or_else(|| {
        key.as_ref()
            .and_then(|key| kept::load(&last.record_dir, key))
    });
    if let Some((criteria_kept, functions)) = kept {
        crate::term::trace(format_args!(
            "the run's coverage as evaluated before: {}",
            kept::file(&last.record_dir, criteria).display()
        ));
        if criteria.contains(&Criterion::Branch)
            && !criteria_kept
                .iter()
                .any(|c| c.criterion == Criterion::Branch)
        {
            warn_no_branch();
        }
        return Ok(CodeCoverage {
            criteria: criteria_kept,
            functions,
            tests_ran: tests_ran(last, &workspace.root),
        });
    }
    anyhow::ensure!(
        records.counters == crate::records::CounterReading::Decode,
        "the records were read without their counters, and the run has no kept evaluation to \
         take instead: run the command again"
    );
    let scope = scope(workspace, patterns)?;
    let mut binaries: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for (index, process) in records.processes.iter().enumerate() {
        if matches!(process.coverage, CoverageLayout::Captured { .. }) {
            binaries
                .entry(process.binary.as_path())
                .or_default()
                .push(index);
        }
    }
    check_layouts(last, records, &binaries)?;
    let maps = maps(last, &scope, binaries.keys())?;
    // The same coverage without the source executions another thread ran
    // during, when there are any.
    let any_shared = binaries
        .values()
        .flatten()
        .any(|&p| records.processes[p].executions.iter().any(|e| e.shared));
    let mut measuring = Vec::new();
    for &criterion in criteria {
        if criterion == Criterion::Branch && !maps.iter().any(CoverageMap::has_branch_regions) {
            warn_no_branch();
            continue;
        }
        let merged = MergedRequirements::new(maps.iter(), criterion);
        measuring.push(Measuring::new(criterion, merged, any_shared)?);
    }
    // One evaluation per distinct counter vector of a process serves every
    // source execution that left it, for every criterion.
    for (map_index, (map, processes)) in maps.iter().zip(binaries.values()).enumerate() {
        for &p in processes {
            process::measure(
                (map_index, map),
                &records.processes[p],
                assembled,
                &mut measuring,
            )?;
        }
    }
    runs::add_runs(last, records, &binaries, &maps, &scope, &mut measuring)?;
    let aside_complete = binaries
        .values()
        .flatten()
        .all(|&p| records.processes[p].completeness == crate::records::Completeness::Complete);
    let criteria: Vec<CriterionCoverage> = measuring
        .into_iter()
        .map(|m| CriterionCoverage {
            criterion: m.criterion,
            coverage: m.coverage,
            locations: m
                .merged
                .requirements
                .iter()
                .map(|r| location(r, &workspace.root))
                .collect(),
            clean: m.clean,
            aside: m.aside,
            first_use: m.first_use,
            aside_complete,
            runs: m.runs,
            differing: m
                .differing
                .into_iter()
                .map(|((input, mr), reqs)| (input, mr, reqs))
                .collect(),
        })
        .collect();
    let functions = functions(&maps, &workspace.root);
    if let Some(key) = &key {
        kept::save(&last.record_dir, key, &criteria, &functions);
    }
    Ok(CodeCoverage {
        criteria,
        functions,
        tests_ran: tests_ran(last, &workspace.root),
    })
}

fn warn_no_branch() {
    crate::term::warn(
        "branch: the test binaries have no branch regions (built without --branch?); the branch \
         criterion is not measured",
    );
}

/// The plain unit tests whose profile the run kept, paths relative to
/// `root`.
fn tests_ran(last: &LastRun, root: &Path) -> Vec<TestSpans> {
    let mut tests_ran = crate::mapping::tests_ran::tests_ran(last);
    for test in &mut tests_ran {
        for (file, ..) in &mut test.spans {
            *file = relative(file, root);
        }
    }
    tests_ran
}

/// The measured criteria of a run, in criterion order: the code criteria
/// from its coverage (when any are asked), the black-box ones from its
/// choices; and the functions in scope. Every command that measures a run
/// (report, reduce, mutants) calls this after [`check_measurable`].
///
/// `kept` is the run's kept evaluation when the caller loaded it (to read
/// the records without counters); without it, it is looked for here.
pub(crate) fn measured(
    workspace: &Workspace,
    last: &LastRun,
    records: &RunRecords,
    assembled: &Assembled,
    asked: &[Criterion],
    patterns: ScopePatterns<'_>,
    kept: Option<KeptEvaluation>,
) -> Result<CodeCoverage> {
    let (black_box, code): (Vec<Criterion>, Vec<Criterion>) =
        asked.iter().partition(|c| c.is_black_box());
    let mut measured = if code.is_empty() {
        CodeCoverage::default()
    } else {
        criteria(workspace, last, records, assembled, &code, patterns, kept)?
    };
    measured
        .criteria
        .extend(choices::criteria(records, assembled, &black_box)?);
    measured.criteria.sort_by_key(|c| c.criterion);
    Ok(measured)
}

/// Refuses code criteria after a run that built nothing instrumented,
/// with the command that gives them. (Branch after a run without branch
/// regions is the caller's call: a report warns and leaves it out.)
pub(crate) fn check_measurable(last: &LastRun, asked: &[Criterion]) -> Result<()> {
    let code: Vec<&str> = asked
        .iter()
        .filter(|c| !c.is_black_box())
        .map(|c| c.name())
        .collect();
    if !code.is_empty() && !last.instrumented {
        anyhow::bail!(
            "the last run measured black-box criteria only, so its test binaries carry no coverage \
             for {}: run `cargo mtcov --criterion {}` to build them instrumented",
            code.join(", "),
            asked.iter().map(|c| c.name()).collect::<Vec<_>>().join(",")
        );
    }
    Ok(())
}

/// The coverage mapping of each binary, in scope. What the sources said
/// when the run was measured (test code, functions) is kept beside its
/// records: a report of those records reads it, not sources edited since
/// (`--allow-stale`).
fn maps<'b>(
    last: &LastRun,
    scope: &Scope,
    binaries: impl Iterator<Item = &'b &'b Path>,
) -> Result<Vec<CoverageMap>> {
    let facts = last.record_dir.join(SOURCE_FACTS);
    let seeded = scope.load_facts(&facts);
    let libraries = last.member_libraries();
    let mut maps = Vec::new();
    for binary in binaries {
        let map = CoverageMap::load(last.file(binary), &libraries, scope)
            .with_context(|| format!("cannot read the coverage mapping of {}", binary.display()))?;
        maps.push(map);
    }
    scope.check_patterns(&maps)?;
    if !seeded
        && crate::build::sources::changed(&last.build.sources).is_empty()
        && let Err(e) = scope.save_facts(&facts)
    {
        crate::term::warn(format_args!("{e:#}"));
    }
    Ok(maps)
}

/// The functions of every map, once each, with paths relative to `root`.
fn functions(maps: &[CoverageMap], root: &Path) -> Vec<SourceFunction> {
    let mut all: BTreeMap<(String, u32, u32), SourceFunction> = BTreeMap::new();
    for f in maps.iter().flat_map(CoverageMap::functions) {
        let file = relative(&f.file, root);
        all.entry((file.clone(), f.line_start, f.line_end))
            .or_insert_with(|| SourceFunction { file, ..f.clone() });
    }
    all.into_values().collect()
}

/// Every process's counters must come from exactly the binary that is
/// mapped: its header's function table must be the binary's own. Records
/// of another build of the same binary would otherwise be mapped onto the
/// wrong code, silently losing the functions that changed.
fn check_layouts(
    last: &LastRun,
    records: &RunRecords,
    binaries: &BTreeMap<&Path, Vec<usize>>,
) -> Result<()> {
    for (binary, processes) in binaries {
        let layout = CounterLayout::read(last.file(binary))?;
        for &p in processes {
            let process = &records.processes[p];
            let CoverageLayout::Captured {
                num_counters,
                functions,
                ..
            } = &process.coverage
            else {
                continue;
            };
            if let Some(detail) = layout.difference(*num_counters, functions) {
                return Err(RecordError::OtherBuild {
                    file: process.file.display().to_string(),
                    binary: binary.display().to_string(),
                    detail,
                }
                .into());
            }
        }
    }
    Ok(())
}

fn scope(workspace: &Workspace, patterns: ScopePatterns<'_>) -> Result<Scope> {
    let mut scope = Scope::all();
    for member in &workspace.members {
        if is_own_package(&member.name) {
            scope = scope.exclude_dir(&member.manifest_dir);
            continue;
        }
        scope = scope.include_dir(&member.manifest_dir);
        for dir in ["tests", "benches", "examples"] {
            scope = scope.exclude_dir(member.manifest_dir.join(dir));
        }
    }
    scope = scope.exclude_dir(&workspace.target_dir);
    for pattern in patterns.include {
        scope = scope.include_pattern(pattern)?;
    }
    for pattern in patterns.exclude {
        scope = scope.exclude_pattern(pattern)?;
    }
    Ok(scope)
}

/// Where a requirement is, relative to the workspace root when inside it.
fn location(requirement: &Requirement, root: &Path) -> Location {
    let key = &requirement.key;
    let location = Location::new(
        relative(&key.file, root),
        key.line_start,
        key.col_start,
        key.line_end,
        key.col_end,
    );
    match key.kind {
        RequirementKind::Line | RequirementKind::Region => location,
        RequirementKind::BranchTrue | RequirementKind::BranchFalse | RequirementKind::Function => {
            location.with_label(requirement.label.clone())
        }
    }
}

/// A source file's path as reports show it: relative to the workspace
/// root when inside it.
fn relative(file: &str, root: &Path) -> String {
    let path = Path::new(file);
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

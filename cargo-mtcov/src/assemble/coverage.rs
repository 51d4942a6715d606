//! Per-criterion requirements and who satisfied them: each test binary's
//! coverage mapping (`crate::mapping`) applied to the per-source counters
//! its processes recorded, united over binaries by requirement key.
//!
//! Scope by default: the source files of the workspace members, without
//! their `tests/`, `benches/` and `examples/` directories and without
//! mt-runtime / mt-macros when those are members; `--include` /
//! `--exclude` narrow it further.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use mtcov_protocol::{CoverageLayout, is_own_package};

use super::Assembled;
use crate::build::Workspace;
use crate::error::RecordError;
use crate::mapping::{
    CounterLayout, CoverageMap, MergedRequirements, Requirement, RequirementKind, Scope,
};
use crate::measure::{Coverage, InputIdx, MrIdx};
use crate::model::{Criterion, Location};
use crate::records::RunRecords;
use crate::run::last_run::LastRun;

/// One criterion, ready for the report.
#[derive(Debug)]
pub(crate) struct CriterionCoverage {
    pub(crate) criterion: Criterion,
    pub(crate) coverage: Coverage,
    pub(crate) locations: Vec<Location>,
    /// Per requirement, how many times code outside source executions
    /// (follow-up executions, checks) ran it, summed over processes.
    pub(crate) aside: Vec<u64>,
    /// Whether every process with coverage exited normally, having written
    /// its `aside` counters.
    pub(crate) aside_complete: bool,
    /// Metamorphic Coverage: per (first source input, MR) of the MGs with
    /// follow-up coverage, the requirements one execution of a
    /// source/follow-up pair covered and the other did not, sorted.
    pub(crate) differing: Vec<(InputIdx, MrIdx, Vec<u32>)>,
}

/// The user's `--include` / `--exclude` patterns.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScopePatterns<'a> {
    pub(crate) include: &'a [String],
    pub(crate) exclude: &'a [String],
}

/// Maps every process's per-source counters to the requirements of each
/// criterion. Binaries without captured coverage contribute nothing here
/// (the pipeline has already said why).
pub(crate) fn criteria(
    workspace: &Workspace,
    last: &LastRun,
    records: &RunRecords,
    assembled: &Assembled,
    criteria: &[Criterion],
    patterns: ScopePatterns<'_>,
) -> Result<Vec<CriterionCoverage>> {
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
    check_layouts(records, &binaries)?;
    let mut maps: Vec<CoverageMap> = Vec::with_capacity(binaries.len());
    for binary in binaries.keys() {
        let map = CoverageMap::load(binary, &last.build.member_libraries, &scope)
            .with_context(|| format!("cannot read the coverage mapping of {}", binary.display()))?;
        maps.push(map);
    }
    scope.check_patterns(&maps)?;

    let mut measured: Vec<(Criterion, MergedRequirements, Coverage, Vec<u64>)> = Vec::new();
    for &criterion in criteria {
        if criterion == Criterion::Branch && !maps.iter().any(CoverageMap::has_branch_regions) {
            crate::term::warn(
                "branch: the test binaries have no branch regions (built without --branch?); \
                 the branch criterion is not measured",
            );
            continue;
        }
        let merged = MergedRequirements::new(maps.iter(), criterion);
        let count = u32::try_from(merged.requirements.len()).context("too many requirements")?;
        measured.push((
            criterion,
            merged,
            Coverage::new(count),
            vec![0; count as usize],
        ));
    }
    let mut differing: Vec<BTreeMap<(InputIdx, MrIdx), BTreeSet<u32>>> =
        vec![BTreeMap::new(); measured.len()];

    // One evaluation per distinct counter vector of a process serves every
    // source execution that left it, for every criterion.
    for (map_index, (map, processes)) in maps.iter().zip(binaries.values()).enumerate() {
        for &p in processes {
            let process = &records.processes[p];
            let CoverageLayout::Captured { functions, .. } = &process.coverage else {
                continue;
            };
            let mut evaluator = map.evaluator(functions).with_context(|| {
                format!(
                    "the function table in {} does not fit its binary",
                    process.file.display()
                )
            })?;
            // Per vector: the segment of each criterion that stored it
            // first (evaluated then); other executions that left the same
            // counters share them.
            let mut stored: Vec<Option<Vec<usize>>> = vec![None; process.vectors.len()];
            for execution in &process.executions {
                let Some(&input) = assembled.input_of_key.get(&execution.key) else {
                    continue;
                };
                let mr = assembled.mr_of_id[execution.mr.as_str()];
                let vector = execution.vector as usize;
                match &stored[vector] {
                    Some(segments) => {
                        for ((_, _, coverage, _), &segment) in measured.iter_mut().zip(segments) {
                            coverage.push_same(input, mr, segment);
                        }
                    }
                    None => {
                        let covered = evaluator.covered(&process.vectors[vector]);
                        let mut segments = Vec::with_capacity(measured.len());
                        for (criterion, merged, coverage, _) in &mut measured {
                            segments.push(coverage.num_segments());
                            coverage.push_by(
                                input,
                                mr,
                                merged.translate(map_index, covered.of(*criterion)),
                            )?;
                        }
                        stored[vector] = Some(segments);
                    }
                }
            }
            // Metamorphic Coverage: each MG's follow-up requirements
            // against its first source input's, by the same MR.
            if !process.follow_executions.is_empty() {
                let mut sources: HashMap<(u64, &str), Vec<usize>> = HashMap::new();
                for e in &process.executions {
                    sources
                        .entry((e.key, e.mr.as_str()))
                        .or_default()
                        .push(e.vector as usize);
                }
                // Per vector, its requirements per criterion: evaluated once
                // however many pairs share it.
                let mut evaluated: HashMap<usize, Vec<BTreeSet<u32>>> = HashMap::new();
                let mut requirements = |vector: usize| -> Vec<BTreeSet<u32>> {
                    evaluated
                        .entry(vector)
                        .or_insert_with(|| {
                            let covered = evaluator.covered(&process.vectors[vector]);
                            measured
                                .iter()
                                .map(|(criterion, merged, _, _)| {
                                    merged
                                        .translate(map_index, covered.of(*criterion))
                                        .collect()
                                })
                                .collect()
                        })
                        .clone()
                };
                for follow in &process.follow_executions {
                    let (Some(&mr), Some(&input)) = (
                        assembled.mr_of_id.get(follow.mr.as_str()),
                        assembled.input_of_key.get(&follow.key),
                    ) else {
                        continue;
                    };
                    let follow_reqs = requirements(follow.vector as usize);
                    let mut source_reqs = vec![BTreeSet::new(); measured.len()];
                    for &v in sources
                        .get(&(follow.key, follow.mr.as_str()))
                        .into_iter()
                        .flatten()
                    {
                        for (all, more) in source_reqs.iter_mut().zip(requirements(v)) {
                            all.extend(more);
                        }
                    }
                    for ((by_pair, source), follow) in
                        differing.iter_mut().zip(&source_reqs).zip(&follow_reqs)
                    {
                        by_pair
                            .entry((input, mr))
                            .or_default()
                            .extend(source.symmetric_difference(follow));
                    }
                }
            }
            if !process.aside.is_empty() {
                let counted = evaluator.counted(&process.aside);
                for (criterion, merged, _, aside) in &mut measured {
                    let (ids, counts): (Vec<u32>, Vec<u64>) =
                        counted.of(*criterion).iter().copied().unzip();
                    for (r, n) in merged.translate(map_index, &ids).zip(counts) {
                        aside[r as usize] = aside[r as usize].saturating_add(n);
                    }
                }
            }
        }
    }

    let aside_complete = binaries
        .values()
        .flatten()
        .all(|&p| records.processes[p].completeness == crate::records::Completeness::Complete);
    let result = measured
        .into_iter()
        .zip(differing)
        .map(|((criterion, merged, coverage, aside), differing)| {
            let differing = differing
                .into_iter()
                .map(|((input, mr), reqs)| (input, mr, reqs.into_iter().collect()))
                .collect();
            CriterionCoverage {
                criterion,
                coverage,
                locations: merged
                    .requirements
                    .iter()
                    .map(|r| location(r, &workspace.root))
                    .collect(),
                aside,
                aside_complete,
                differing,
            }
        })
        .collect();
    Ok(result)
}

/// Every process's counters must come from exactly the binary that is
/// mapped: its header's function table must be the binary's own. Records
/// of another build of the same binary would otherwise be mapped onto the
/// wrong code, silently losing the functions that changed.
fn check_layouts(records: &RunRecords, binaries: &BTreeMap<&Path, Vec<usize>>) -> Result<()> {
    for (binary, processes) in binaries {
        let layout = CounterLayout::read(binary)?;
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
    let path = PathBuf::from(&*key.file);
    let file = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .display()
        .to_string();
    let location = Location::new(
        file,
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

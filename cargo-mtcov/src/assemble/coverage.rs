//! Per-criterion requirements and who satisfied them: each test binary's
//! coverage mapping (`crate::mapping`) applied to the per-source counters
//! its processes recorded, united over binaries by requirement key.
//!
//! Scope by default: the source files of the workspace members, without
//! their `tests/`, `benches/` and `examples/` directories and without
//! mt-runtime / mt-macros when those are members; `--include` /
//! `--exclude` narrow it further.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::{Context, Result};

use mtcov_protocol::{CoverageLayout, is_own_package};

use super::Assembled;
use crate::build::Workspace;
use crate::error::RecordError;
use crate::mapping::{
    CounterLayout, CoverageMap, Covered, Evaluator, MergedRequirements, Requirement,
    RequirementKind, Scope,
};
use crate::measure::{Coverage, InputIdx, MrIdx};
use crate::model::{Criterion, Location, SourceFunction};
use crate::records::{Execution, RunRecords, Vectors};
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
    /// Metamorphic Coverage: per (first source input, MR) of the MGs with
    /// follow-up coverage, the requirements one execution of a
    /// source/follow-up pair covered and the other did not, sorted.
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
) -> Result<CodeCoverage> {
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
    // What the sources said when the run was measured: a report of its
    // records reads them, not sources edited since (`--allow-stale`).
    let facts = last.record_dir.join(SOURCE_FACTS);
    let seeded = scope.load_facts(&facts);
    let mut maps: Vec<CoverageMap> = Vec::with_capacity(binaries.len());
    let libraries = last.member_libraries();
    for binary in binaries.keys() {
        let map = CoverageMap::load(last.file(binary), &libraries, &scope)
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

    let mut measured: Vec<(Criterion, MergedRequirements, Coverage, [Vec<u64>; 2])> = Vec::new();
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
            [vec![0; count as usize], vec![0; count as usize]],
        ));
    }
    let mut differing: Vec<BTreeMap<(InputIdx, MrIdx), Vec<u32>>> =
        vec![BTreeMap::new(); measured.len()];
    // The same coverage without the source executions another thread ran
    // during, when there are any.
    let any_shared = binaries
        .values()
        .flatten()
        .any(|&p| records.processes[p].executions.iter().any(|e| e.shared));
    let mut clean: Vec<Option<Coverage>> = measured
        .iter()
        .map(|(_, merged, _, _)| {
            let count = merged.requirements.len() as u32;
            any_shared.then(|| Coverage::new(count))
        })
        .collect();

    // One evaluation per distinct counter vector of a process serves every
    // source execution that left it, for every criterion.
    for (map_index, (map, processes)) in maps.iter().zip(binaries.values()).enumerate() {
        for &p in processes {
            let process = &records.processes[p];
            let CoverageLayout::Captured { functions, .. } = &process.coverage else {
                continue;
            };
            let context = || {
                format!(
                    "the function table in {} does not fit its binary",
                    process.file.display()
                )
            };
            let mut evaluator = map.evaluator(functions).with_context(context)?;
            // Every source vector is evaluated once, in the order first
            // needed (its segments are stored, and serve Metamorphic
            // Coverage too).
            let known = |e: &Execution| {
                assembled.input_of_key.contains_key(&e.key)
                    && assembled.mr_of_id.contains_key(e.mr.as_str())
            };
            let mut order = Vec::new();
            let mut planned = vec![false; process.vectors.len()];
            for e in process.executions.iter().filter(|e| known(e)) {
                if !std::mem::replace(&mut planned[e.vector as usize], true) {
                    order.push(Job::Covered(e.vector as usize));
                }
            }
            let mut workers = Vec::new();
            for _ in 0..parallelism() {
                workers.push(map.evaluator(functions).with_context(context)?);
            }
            let mut pipeline = Pipeline::new(&process.vectors, order, workers);

            // Per vector: the segment of each criterion that stored it
            // first; other executions that left the same counters share them.
            let mut stored: Vec<Option<Vec<usize>>> = vec![None; process.vectors.len()];
            for execution in process.executions.iter().filter(|e| known(e)) {
                let input = assembled.input_of_key[&execution.key];
                let mr = assembled.mr_of_id[execution.mr.as_str()];
                let vector = execution.vector as usize;
                match &stored[vector] {
                    Some(segments) => {
                        for ((_, _, coverage, _), &segment) in measured.iter_mut().zip(segments) {
                            coverage.push_same(input, mr, segment);
                        }
                    }
                    None => {
                        let (job, covered) = pipeline.next();
                        debug_assert_eq!(job, Job::Covered(vector));
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
            if any_shared {
                // Each clean execution again, from the segments stored above.
                let mut stored_clean: Vec<Option<Vec<usize>>> = vec![None; process.vectors.len()];
                for execution in process.executions.iter().filter(|e| known(e) && !e.shared) {
                    let input = assembled.input_of_key[&execution.key];
                    let mr = assembled.mr_of_id[execution.mr.as_str()];
                    let vector = execution.vector as usize;
                    let Some(segments) = &stored[vector] else {
                        continue;
                    };
                    match &stored_clean[vector] {
                        Some(clean_segments) => {
                            for (clean, &segment) in clean.iter_mut().zip(clean_segments) {
                                if let Some(clean) = clean {
                                    clean.push_same(input, mr, segment);
                                }
                            }
                        }
                        None => {
                            let mut clean_segments = Vec::with_capacity(measured.len());
                            for ((_, _, coverage, _), (clean, &segment)) in
                                measured.iter().zip(clean.iter_mut().zip(segments))
                            {
                                let Some(clean) = clean else { continue };
                                clean_segments.push(clean.num_segments());
                                clean.push_by(
                                    input,
                                    mr,
                                    coverage.segment(segment).iter().map(|r| r.0),
                                )?;
                            }
                            stored_clean[vector] = Some(clean_segments);
                        }
                    }
                }
            }
            // Metamorphic Coverage: each MG's follow-up requirements
            // against its first source input's, by the same MR.
            if !process.follow_executions.is_empty() {
                let mut sources: HashMap<(u64, &str), Vec<usize>> = HashMap::new();
                for e in &process.executions {
                    let list = sources.entry((e.key, e.mr.as_str())).or_default();
                    if !list.contains(&(e.vector as usize)) {
                        list.push(e.vector as usize);
                    }
                }
                // With one source vector (the usual case), only what the
                // follow-up changed is evaluated (`Evaluator::differing`);
                // with several, their union is compared with the
                // follow-up's vector, each evaluated in full.
                // Per measured criterion, the merged ids of `covered`, sorted.
                let lists = |covered: &Covered| -> Vec<Vec<u32>> {
                    measured
                        .iter()
                        .map(|(criterion, merged, _, _)| {
                            sorted_ids(merged.translate(map_index, covered.of(*criterion)))
                        })
                        .collect()
                };
                let full = |vector: usize, evaluator: &mut Evaluator<'_>| -> Vec<Vec<u32>> {
                    let covered = match &stored[vector] {
                        Some(segments) => {
                            return measured
                                .iter()
                                .zip(segments)
                                .map(|((_, _, coverage, _), &segment)| {
                                    coverage.segment(segment).iter().map(|r| r.0).collect()
                                })
                                .collect();
                        }
                        None => evaluator.covered(&process.vectors.get(vector)),
                    };
                    lists(&covered)
                };
                fn sources_of<'s>(
                    sources: &'s HashMap<(u64, &'s str), Vec<usize>>,
                    follow: &'s Execution,
                ) -> &'s [usize] {
                    sources
                        .get(&(follow.key, follow.mr.as_str()))
                        .map_or(&[][..], Vec::as_slice)
                }
                let jobs = process
                    .follow_executions
                    .iter()
                    .filter(|e| known(e))
                    .filter_map(|follow| match sources_of(&sources, follow) {
                        [source] => Some(Job::Differing(*source, follow.vector as usize)),
                        _ => None,
                    })
                    .collect();
                let mut pipeline = Pipeline::new(&process.vectors, jobs, pipeline.workers);
                for follow in process.follow_executions.iter().filter(|e| known(e)) {
                    let mr = assembled.mr_of_id[follow.mr.as_str()];
                    let input = assembled.input_of_key[&follow.key];
                    let pair_sources = sources_of(&sources, follow);
                    let differ: Vec<Vec<u32>> = if let [source] = pair_sources {
                        let (job, covered) = pipeline.next();
                        debug_assert_eq!(job, Job::Differing(*source, follow.vector as usize));
                        lists(&covered)
                    } else {
                        let follow_reqs = full(follow.vector as usize, &mut evaluator);
                        let mut source_reqs: Vec<Vec<u32>> = vec![Vec::new(); measured.len()];
                        for &v in pair_sources {
                            for (all, more) in source_reqs.iter_mut().zip(full(v, &mut evaluator)) {
                                *all = sorted::union(all, &more);
                            }
                        }
                        source_reqs
                            .iter()
                            .zip(&follow_reqs)
                            .map(|(s, f)| sorted::symmetric_difference(s, f))
                            .collect()
                    };
                    for (by_pair, differ) in differing.iter_mut().zip(differ) {
                        let pair = by_pair.entry((input, mr)).or_default();
                        *pair = sorted::union(pair, &differ);
                    }
                }
            }
            for (which, counters) in [&process.aside, &process.first_use].into_iter().enumerate() {
                if counters.is_empty() {
                    continue;
                }
                let counted = evaluator.counted(counters);
                for (criterion, merged, _, sums) in &mut measured {
                    let (ids, counts): (Vec<u32>, Vec<u64>) =
                        counted.of(*criterion).iter().copied().unzip();
                    let sum = &mut sums[which];
                    for (r, n) in merged.translate(map_index, &ids).zip(counts) {
                        sum[r as usize] = sum[r as usize].saturating_add(n);
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
        .zip(clean)
        .map(
            |(((criterion, merged, coverage, [aside, first_use]), differing), clean)| {
                let differing = differing
                    .into_iter()
                    .map(|((input, mr), reqs)| (input, mr, reqs))
                    .collect();
                CriterionCoverage {
                    criterion,
                    coverage,
                    locations: merged
                        .requirements
                        .iter()
                        .map(|r| location(r, &workspace.root))
                        .collect(),
                    clean,
                    aside,
                    first_use,
                    aside_complete,
                    differing,
                }
            },
        )
        .collect();
    Ok(CodeCoverage {
        criteria: result,
        functions: functions(&maps, &workspace.root),
    })
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

/// Sorted requirement ids (translations keep the order; sorted anyway,
/// cheaply, when they do not).
fn sorted_ids(ids: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut ids: Vec<u32> = ids.collect();
    if !ids.is_sorted() {
        ids.sort_unstable();
    }
    ids
}

/// How many threads evaluate counter vectors: the CPUs, at most 4.
fn parallelism() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// What a [`Pipeline`] evaluates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    /// What vector `.0` covers.
    Covered(usize),
    /// What one of vectors `.0` and `.1` covers and the other does not.
    Differing(usize, usize),
}

/// Evaluations of counter vectors done ahead, in a fixed order, in batches
/// split among worker threads (each with its own evaluator, over a
/// contiguous part of the batch, so that each keeps seeing neighbouring
/// vectors); handed out one by one, in order.
struct Pipeline<'p, 'm> {
    vectors: &'p Vectors,
    order: Vec<Job>,
    /// Position in `order` of the next job to run.
    next: usize,
    ready: std::collections::VecDeque<(Job, Covered)>,
    workers: Vec<Evaluator<'m>>,
}

impl<'p, 'm> Pipeline<'p, 'm> {
    /// Jobs per worker per batch.
    const PER_WORKER: usize = 32;

    fn new(vectors: &'p Vectors, order: Vec<Job>, workers: Vec<Evaluator<'m>>) -> Self {
        Pipeline {
            vectors,
            order,
            next: 0,
            ready: std::collections::VecDeque::new(),
            workers,
        }
    }

    /// The next job in `order` and its result.
    fn next(&mut self) -> (Job, Covered) {
        if self.ready.is_empty() {
            self.refill();
        }
        self.ready
            .pop_front()
            .expect("asked for more evaluations than were planned")
    }

    fn refill(&mut self) {
        let end = (self.next + Self::PER_WORKER * self.workers.len()).min(self.order.len());
        let batch = &self.order[self.next..end];
        self.next = end;
        let vectors = self.vectors;
        let share = batch.len().div_ceil(self.workers.len()).max(1);
        let results: Vec<Vec<(Job, Covered)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .workers
                .iter_mut()
                .zip(batch.chunks(share))
                .map(|(evaluator, part)| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|&job| {
                                let result = match job {
                                    Job::Covered(v) => evaluator.covered(&vectors.get(v)),
                                    Job::Differing(a, b) => {
                                        evaluator.differing(&vectors.get(a), &vectors.get(b))
                                    }
                                };
                                (job, result)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a coverage evaluation thread panicked"))
                .collect()
        });
        self.ready.extend(results.into_iter().flatten());
    }
}

/// Set operations on sorted, deduplicated lists.
mod sorted {
    use std::cmp::Ordering;

    pub(super) fn union(a: &[u32], b: &[u32]) -> Vec<u32> {
        merge(a, b, true, true, true)
    }

    pub(super) fn symmetric_difference(a: &[u32], b: &[u32]) -> Vec<u32> {
        merge(a, b, true, false, true)
    }

    /// Elements only in `a` (kept with `only_a`), in both (`both`), only
    /// in `b` (`only_b`), in order.
    fn merge(a: &[u32], b: &[u32], only_a: bool, both: bool, only_b: bool) -> Vec<u32> {
        let mut out = Vec::with_capacity(a.len().max(b.len()));
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                Ordering::Less => {
                    if only_a {
                        out.push(a[i]);
                    }
                    i += 1;
                }
                Ordering::Greater => {
                    if only_b {
                        out.push(b[j]);
                    }
                    j += 1;
                }
                Ordering::Equal => {
                    if both {
                        out.push(a[i]);
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        if only_a {
            out.extend_from_slice(&a[i..]);
        }
        if only_b {
            out.extend_from_slice(&b[j..]);
        }
        out
    }

    #[cfg(test)]
    mod tests {
        use std::collections::BTreeSet;

        #[test]
        fn union_and_symmetric_difference_agree_with_btreeset() {
            let lists: [&[u32]; 5] = [&[], &[1], &[1, 3, 5], &[2, 3, 4, 9], &[0, 1, 2, 3, 4, 5]];
            for a in lists {
                for b in lists {
                    let (sa, sb): (BTreeSet<u32>, BTreeSet<u32>) =
                        (a.iter().copied().collect(), b.iter().copied().collect());
                    assert_eq!(
                        super::union(a, b),
                        sa.union(&sb).copied().collect::<Vec<_>>()
                    );
                    assert_eq!(
                        super::symmetric_difference(a, b),
                        sa.symmetric_difference(&sb).copied().collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}

//! One process's records measured against its binary's mapping: the
//! coverage of its source executions (all of them, and those no other
//! thread ran during), the Metamorphic Coverage of its MGs, and the counts
//! outside source executions.

use std::collections::{BTreeMap, HashMap};
use std::thread::Scope;

use anyhow::{Context, Result};

use mtcov_protocol::CoverageLayout;

use super::pipeline::{Evaluation, Pipeline, parallelism};
use crate::inputs::Assembled;
use crate::mapping::{CoverageMap, Covered, Evaluator, MergedRequirements};
use crate::measure::{Coverage, InputIdx, MrIdx};
use crate::model::Criterion;
use crate::records::{Execution, ProcessRecords};

/// One criterion while the processes are measured.
pub(super) struct Measuring {
    pub(super) criterion: Criterion,
    pub(super) merged: MergedRequirements,
    pub(super) coverage: Coverage,
    /// The same from the source executions no other thread ran during,
    /// when another thread ran during some.
    pub(super) clean: Option<Coverage>,
    /// Per requirement, how many times code outside source executions ran
    /// it, summed over processes.
    pub(super) aside: Vec<u64>,
    /// Per requirement, how many times warm-up runs ran it.
    pub(super) first_use: Vec<u64>,
    /// Per requirement, how many times the tests ran it as they run
    /// without mtcov (see `runs`); why not, once one process's are not
    /// known.
    pub(super) runs: Result<Vec<u64>, String>,
    /// Metamorphic Coverage: per (first source input, MR), the
    /// requirements a source/follow-up pair disagreed on, sorted.
    pub(super) differing: BTreeMap<(InputIdx, MrIdx), Vec<u32>>,
}

impl Measuring {
    pub(super) fn new(
        criterion: Criterion,
        merged: MergedRequirements,
        any_shared: bool,
    ) -> Result<Measuring> {
        let count = u32::try_from(merged.requirements.len()).context("too many requirements")?;
        Ok(Measuring {
            criterion,
            merged,
            coverage: Coverage::new(count),
            clean: any_shared.then(|| Coverage::new(count)),
            aside: vec![0; count as usize],
            first_use: vec![0; count as usize],
            runs: Ok(vec![0; count as usize]),
            differing: BTreeMap::new(),
        })
    }
}

/// Per counter vector of a process, the segment of each criterion that
/// stored it first (`None` for a vector no source execution left).
type Stored = Vec<Option<Vec<usize>>>;

/// Adds one process's records to every criterion: `map` is its binary's
/// mapping, the `map_index`-th of the merged requirements.
pub(super) fn measure(
    (map_index, map): (usize, &CoverageMap),
    process: &ProcessRecords,
    assembled: &Assembled,
    measuring: &mut [Measuring],
) -> Result<()> {
    let CoverageLayout::Captured { functions, .. } = &process.coverage else {
        return Ok(());
    };
    let context = || {
        format!(
            "the function table in {} does not fit its binary",
            process.file.display()
        )
    };
    let mut evaluator = map.evaluator(functions).with_context(context)?;
    let mut workers = Vec::new();
    for _ in 0..parallelism() {
        workers.push(map.evaluator(functions).with_context(context)?);
    }
    std::thread::scope(|scope| {
        let (stored, workers) = sources(scope, map_index, process, assembled, measuring, workers)?;
        if measuring.iter().any(|m| m.clean.is_some()) {
            clean(process, assembled, measuring, &stored)?;
        }
        if !process.follow_executions.is_empty() {
            let pairs = Pairs {
                map_index,
                process,
                stored: &stored,
            };
            pairs.metamorphic(scope, assembled, measuring, &mut evaluator, workers);
        }
        outside(map_index, process, &mut evaluator, measuring);
        Ok(())
    })
}

/// Whether the pool has an execution's source input and MR.
fn known(assembled: &Assembled, e: &Execution) -> bool {
    assembled.input_of_key.contains_key(&e.key) && assembled.mr_of_id.contains_key(e.mr.as_str())
}

/// The coverage of every source execution. Every source vector is
/// evaluated once, in the order first needed (its segments are stored, and
/// serve Metamorphic Coverage too); other executions that left the same
/// counters share them.
fn sources<'scope, 'm: 'scope>(
    scope: &'scope Scope<'scope, '_>,
    map_index: usize,
    process: &'scope ProcessRecords,
    assembled: &Assembled,
    measuring: &mut [Measuring],
    workers: Vec<Evaluator<'m>>,
) -> Result<(Stored, Vec<Evaluator<'m>>)> {
    let mut order = Vec::new();
    let mut planned = vec![false; process.vectors.len()];
    for e in process.executions.iter().filter(|e| known(assembled, e)) {
        if !std::mem::replace(&mut planned[e.vector as usize], true) {
            order.push(Evaluation::Covered(e.vector as usize));
        }
    }
    let mut pipeline = Pipeline::new(scope, &process.vectors, order, workers);
    let mut stored: Stored = vec![None; process.vectors.len()];
    for execution in process.executions.iter().filter(|e| known(assembled, e)) {
        let input = assembled.input_of_key[&execution.key];
        let mr = assembled.mr_of_id[execution.mr.as_str()];
        let vector = execution.vector as usize;
        match &stored[vector] {
            Some(segments) => {
                for (m, &segment) in measuring.iter_mut().zip(segments) {
                    m.coverage.push_same(input, mr, segment);
                }
            }
            None => {
                let (job, covered) = pipeline.next();
                debug_assert_eq!(job, Evaluation::Covered(vector));
                let mut segments = Vec::with_capacity(measuring.len());
                for m in measuring.iter_mut() {
                    segments.push(m.coverage.num_segments());
                    m.coverage.push_by(
                        input,
                        mr,
                        m.merged.translate(map_index, covered.of(m.criterion)),
                    )?;
                }
                stored[vector] = Some(segments);
            }
        }
    }
    Ok((stored, pipeline.into_workers()))
}

/// Each source execution no other thread ran during again, into the clean
/// coverage, from the segments [`sources`] stored.
fn clean(
    process: &ProcessRecords,
    assembled: &Assembled,
    measuring: &mut [Measuring],
    stored: &Stored,
) -> Result<()> {
    let mut stored_clean: Stored = vec![None; process.vectors.len()];
    for execution in process
        .executions
        .iter()
        .filter(|e| known(assembled, e) && !e.shared)
    {
        let input = assembled.input_of_key[&execution.key];
        let mr = assembled.mr_of_id[execution.mr.as_str()];
        let vector = execution.vector as usize;
        let Some(segments) = &stored[vector] else {
            continue;
        };
        match &stored_clean[vector] {
            Some(clean_segments) => {
                for (m, &segment) in measuring.iter_mut().zip(clean_segments) {
                    if let Some(clean) = &mut m.clean {
                        clean.push_same(input, mr, segment);
                    }
                }
            }
            None => {
                let mut clean_segments = Vec::with_capacity(measuring.len());
                for (m, &segment) in measuring.iter_mut().zip(segments) {
                    let Some(clean) = &mut m.clean else { continue };
                    clean_segments.push(clean.num_segments());
                    clean.push_by(input, mr, m.coverage.segment(segment).iter().map(|r| r.0))?;
                }
                stored_clean[vector] = Some(clean_segments);
            }
        }
    }
    Ok(())
}

/// The source/follow-up pairs of one process.
struct Pairs<'p, 's> {
    map_index: usize,
    process: &'p ProcessRecords,
    stored: &'s Stored,
}

impl<'p> Pairs<'p, '_> {
    /// Metamorphic Coverage: each MG's follow-up requirements against its
    /// first source input's, by the same MR. With one source vector (the
    /// usual case), only what the follow-up changed is evaluated
    /// (`Evaluator::differing_from`); with several, their union is compared
    /// with the follow-up's vector, each evaluated in full.
    fn metamorphic<'scope, 'm: 'scope>(
        &self,
        scope: &'scope Scope<'scope, '_>,
        assembled: &Assembled,
        measuring: &mut [Measuring],
        evaluator: &mut Evaluator<'_>,
        workers: Vec<Evaluator<'m>>,
    ) where
        'p: 'scope,
    {
        let process = self.process;
        let mut sources: HashMap<(u64, &str), Vec<usize>> = HashMap::new();
        for e in &process.executions {
            let list = sources.entry((e.key, e.mr.as_str())).or_default();
            if !list.contains(&(e.vector as usize)) {
                list.push(e.vector as usize);
            }
        }
        fn sources_of<'s>(
            sources: &'s HashMap<(u64, &'s str), Vec<usize>>,
            follow: &'s Execution,
        ) -> &'s [usize] {
            sources
                .get(&(follow.key, follow.mr.as_str()))
                .map_or(&[][..], Vec::as_slice)
        }
        let follows = || {
            process
                .follow_executions
                .iter()
                .filter(|e| known(assembled, e))
        };
        let jobs = follows()
            .filter_map(|follow| match sources_of(&sources, follow) {
                [source] => Some(Evaluation::Differing(*source, follow.vector as usize)),
                _ => None,
            })
            .collect();
        let mut pipeline = Pipeline::new(scope, &process.vectors, jobs, workers);
        for follow in follows() {
            let mr = assembled.mr_of_id[follow.mr.as_str()];
            let input = assembled.input_of_key[&follow.key];
            let pair_sources = sources_of(&sources, follow);
            let differ: Vec<Vec<u32>> = if let [source] = pair_sources {
                let (job, covered) = pipeline.next();
                debug_assert_eq!(job, Evaluation::Differing(*source, follow.vector as usize));
                self.ids(measuring, &covered)
            } else {
                let follow_reqs = self.full(measuring, follow.vector as usize, evaluator);
                let mut source_reqs: Vec<Vec<u32>> = vec![Vec::new(); measuring.len()];
                for &v in pair_sources {
                    for (all, more) in source_reqs
                        .iter_mut()
                        .zip(self.full(measuring, v, evaluator))
                    {
                        *all = sorted::union(all, &more);
                    }
                }
                source_reqs
                    .iter()
                    .zip(&follow_reqs)
                    .map(|(s, f)| sorted::symmetric_difference(s, f))
                    .collect()
            };
            for (m, differ) in measuring.iter_mut().zip(differ) {
                let pair = m.differing.entry((input, mr)).or_default();
                *pair = sorted::union(pair, &differ);
            }
        }
    }

    /// Per criterion, the merged ids of `covered`, sorted.
    fn ids(&self, measuring: &[Measuring], covered: &Covered) -> Vec<Vec<u32>> {
        measuring
            .iter()
            .map(|m| sorted_ids(m.merged.translate(self.map_index, covered.of(m.criterion))))
            .collect()
    }

    /// Per criterion, what `vector` covers: its stored segments when a
    /// source execution left it, else evaluated.
    fn full(
        &self,
        measuring: &[Measuring],
        vector: usize,
        evaluator: &mut Evaluator<'_>,
    ) -> Vec<Vec<u32>> {
        match &self.stored[vector] {
            Some(segments) => measuring
                .iter()
                .zip(segments)
                .map(|(m, &segment)| m.coverage.segment(segment).iter().map(|r| r.0).collect())
                .collect(),
            None => self.ids(
                measuring,
                &evaluator.covered(&self.process.vectors.get(vector)),
            ),
        }
    }
}

/// What ran outside source executions (`aside`) and in warm-up runs
/// (`first_use`), summed per requirement.
fn outside(
    map_index: usize,
    process: &ProcessRecords,
    evaluator: &mut Evaluator<'_>,
    measuring: &mut [Measuring],
) {
    for (first_use, counters) in [(false, &process.aside), (true, &process.first_use)] {
        if counters.is_empty() {
            continue;
        }
        let counted = evaluator.counted(counters);
        for m in measuring.iter_mut() {
            let sum = if first_use {
                &mut m.first_use
            } else {
                &mut m.aside
            };
            add_counted(&counted, map_index, m.criterion, &m.merged, sum);
        }
    }
}

/// Adds what [`Evaluator::counted`] gave for the `map_index`-th map to
/// `sum`, per merged requirement of `criterion`.
pub(super) fn add_counted(
    counted: &crate::mapping::Counted,
    map_index: usize,
    criterion: Criterion,
    merged: &MergedRequirements,
    sum: &mut [u64],
) {
    let (ids, counts): (Vec<u32>, Vec<u64>) = counted.of(criterion).iter().copied().unzip();
    for (r, n) in merged.translate(map_index, &ids).zip(counts) {
        sum[r as usize] = sum[r as usize].saturating_add(n);
    }
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

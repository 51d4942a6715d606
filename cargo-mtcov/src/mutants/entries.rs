//! The kill matrix's entries, from the instrumented baseline and the
//! mutants' runs: its rows (the plain baseline's groups, by the
//! instrumented run's MRs and inputs), each criterion's coverage, and each
//! mutant's column. Pure.

use std::collections::{BTreeMap, HashMap};

use anyhow::{Result, bail};

use super::instrumented::Instrumented;
use super::list;
use super::matrix::{
    Cost, CriterionEntry, ExecutionEntry, GroupEntry, MATRIX_VERSION, Matrix, MrEntry, MutantEntry,
    SourceEntry,
};
use super::shard::ShardInfo;
use super::verdict::MgVerdict;
use super::{Baseline, MutantRun};
use crate::coverage::CriterionCoverage;
use crate::inputs::Assembled;
use crate::measure::{InputIdx, MrIdx};

/// The matrix's rows: each group of the plain baseline, by the MR and
/// source inputs of the instrumented one.
/// The kill matrix of a run: its MRs, sources, groups and criteria from
/// the instrumented baseline, and a column per mutant (`ran`: the mutants
/// and their runs).
pub(crate) fn matrix(
    k: u32,
    instrumented: &Instrumented,
    groups: Vec<GroupEntry>,
    (mutants, runs): (&[list::Mutant], &[MutantRun]),
    cost: Cost,
    shard: Option<ShardInfo>,
) -> Matrix {
    let assembled = &instrumented.assembled;
    Matrix {
        version: MATRIX_VERSION,
        k,
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
            .map(|c| criterion_entry(c, assembled.sources.len()))
            .collect(),
        mutants: mutants
            .iter()
            .zip(runs)
            .map(|(mutant, run)| {
                mutant_entry(mutant, run, &instrumented.line_k, &instrumented.checks)
            })
            .collect(),
        checks: instrumented.checks.clone(),
        cost,
        shard,
    }
}

pub(crate) fn group_rows(assembled: &Assembled, baseline: &Baseline) -> Result<Vec<GroupEntry>> {
    let mr_index: HashMap<&str, u32> = assembled
        .mrs
        .iter()
        .enumerate()
        .map(|(i, mr)| (mr.id.as_str(), i as u32))
        .collect();
    let mut groups = Vec::with_capacity(baseline.groups.len());
    for group in &baseline.groups {
        let (mr, keys) = &group.key;
        let (Some(&mr), Some(sources)) = (
            mr_index.get(mr.as_str()),
            keys.iter()
                .map(|k| assembled.input_of_key.get(k).map(|i| i.0))
                .collect::<Option<Vec<u32>>>(),
        ) else {
            bail!(
                "an MG of `{mr}` in the plain baseline run has no counterpart in the instrumented one: \
                 the source inputs differ between runs; the kill matrix needs deterministic source inputs"
            );
        };
        groups.push(GroupEntry { mr, sources });
    }
    Ok(groups)
}

/// One criterion's coverage in the matrix: per source input, and per
/// (source input, MR) execution.
pub(crate) fn criterion_entry(c: &CriterionCoverage, sources: usize) -> CriterionEntry {
    let mut covered = vec![Vec::new(); sources];
    let mut by_mr: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for (InputIdx(input), mr, reqs) in c.coverage.segments() {
        covered[input as usize].extend(reqs.iter().map(|r| r.0));
        if let Some(MrIdx(mr)) = mr {
            by_mr
                .entry((input, mr))
                .or_default()
                .extend(reqs.iter().map(|r| r.0));
        }
    }
    for reqs in covered.iter_mut().chain(by_mr.values_mut()) {
        reqs.sort_unstable();
        reqs.dedup();
    }
    CriterionEntry {
        criterion: c.criterion.name().to_owned(),
        requirements: c.coverage.num_requirements(),
        covered,
        executions: by_mr
            .into_iter()
            .map(|((source, mr), covered)| ExecutionEntry {
                source,
                mr,
                covered,
            })
            .collect(),
        differing: c
            .differing
            .iter()
            .map(|(input, mr, reqs)| ExecutionEntry {
                source: input.0,
                mr: mr.0,
                covered: reqs.clone(),
            })
            .collect(),
    }
}

/// One mutant's row: its verdict, the groups by verdict, and the highest
/// `K` of its lines.
pub(crate) fn mutant_entry(
    mutant: &list::Mutant,
    run: &MutantRun,
    line_k: &HashMap<(String, u32), f64>,
    checks: &[crate::tolerance::Observed],
) -> MutantEntry {
    let indices = |want: MgVerdict| -> Vec<u32> {
        run.verdicts
            .iter()
            .enumerate()
            .filter(|(_, v)| **v == want)
            .map(|(g, _)| g as u32)
            .collect()
    };
    MutantEntry {
        name: mutant.name(),
        package: mutant.package.clone(),
        file: mutant.file.clone(),
        line: mutant.span.start.line,
        genre: mutant.genre.clone(),
        status: run.status,
        reason: run.reason.clone(),
        killed_by: indices(MgVerdict::Killed),
        timed_out: indices(MgVerdict::Timeout),
        not_run: indices(MgVerdict::NotRun),
        line_k: (mutant.span.start.line..=mutant.span.end.line)
            .filter_map(|line| line_k.get(&(mutant.file.clone(), line)).copied())
            .reduce(f64::max),
        seconds: run.time.as_secs_f64(),
        checks: crate::tolerance::mutants::of_run(checks, &run.checks),
    }
}

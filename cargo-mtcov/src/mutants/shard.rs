//! Sharding the mutants across machines, as cargo-mutants does
//! (`--shard K/N`, `--sharding`), and merging the shards' kill matrices
//! into the one an unsharded run writes. Pure.

use std::str::FromStr;

use anyhow::{Result, bail, ensure};
use serde::{Deserialize, Serialize};

use super::matrix::Matrix;

/// Shard `k` (from 0) of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ShardIndex {
    pub(crate) k: usize,
    pub(crate) n: usize,
}

impl FromStr for ShardIndex {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (k, n) = crate::run::partition::fraction(text)
            .map_err(|why| format!("`{text}` is not K/N (shard K, from 0, of N): {why}"))?;
        let (k, n) = (k as usize, n as usize);
        if k >= n {
            return Err(format!(
                "shard {k}/{n}: K counts from 0 and must be less than N"
            ));
        }
        Ok(ShardIndex { k, n })
    }
}

/// How mutants are dealt to shards (cargo-mutants' `--sharding`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Sharding {
    /// Consecutive runs of mutants: shard `k` takes the `k`-th chunk of
    /// `ceil(total / n)` (cargo-mutants' default).
    #[default]
    Slice,
    /// Mutant `i` goes to shard `i % n`.
    RoundRobin,
}

/// What a shard's matrix says of its shard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ShardInfo {
    pub(crate) k: usize,
    pub(crate) n: usize,
    pub(crate) sharding: Sharding,
    /// Mutants in all shards together.
    pub(crate) total: usize,
}

impl Sharding {
    /// The indices (into the whole list of `total` mutants) of shard `shard`.
    pub(crate) fn indices(self, shard: ShardIndex, total: usize) -> Vec<usize> {
        match self {
            Sharding::RoundRobin => (shard.k..total).step_by(shard.n).collect(),
            Sharding::Slice => {
                let chunk = total.div_ceil(shard.n);
                let start = (shard.k * chunk).min(total);
                let end = ((shard.k + 1) * chunk).min(total);
                (start..end).collect()
            }
        }
    }
}

/// The shards' matrices as one: the one an unsharded run writes, mutants
/// in its order, but for timings (`cost`: the most jobs, the longest
/// baseline and timeout, the sum of the shards' totals). Every shard of
/// one split must be there once, from the same baseline.
pub(crate) fn merge(mut shards: Vec<(String, Matrix)>) -> Result<Matrix> {
    let (first, by_k) = check_split(&shards)?;
    let mut mutants = vec![None; first.total];
    for (k, &i) in by_k.iter().enumerate() {
        let indices = first
            .sharding
            .indices(ShardIndex { k, n: first.n }, first.total);
        for (index, mutant) in indices
            .into_iter()
            .zip(std::mem::take(&mut shards[i].1.mutants))
        {
            mutants[index] = Some(mutant);
        }
    }
    let mut merged = shards.swap_remove(by_k[0]).1;
    for (_, matrix) in &shards {
        merged.cost.jobs = merged.cost.jobs.max(matrix.cost.jobs);
        merged.cost.baseline_seconds = merged
            .cost
            .baseline_seconds
            .max(matrix.cost.baseline_seconds);
        merged.cost.timeout_seconds = merged.cost.timeout_seconds.max(matrix.cost.timeout_seconds);
        merged.cost.total_seconds += matrix.cost.total_seconds;
    }
    merged.mutants = mutants
        .into_iter()
        .map(|m| m.expect("every index once"))
        .collect();
    merged.shard = None;
    Ok(merged)
}

/// Checks that `shards` are every shard of one split, once each, from the
/// same baseline: the split, and the shards by their `k`.
fn check_split(shards: &[(String, Matrix)]) -> Result<(ShardInfo, Vec<usize>)> {
    ensure!(!shards.is_empty(), "no shard to merge");
    let mut infos = Vec::with_capacity(shards.len());
    for (name, matrix) in shards {
        let Some(info) = matrix.shard else {
            bail!(
                "{name} is the matrix of a whole run, not of a shard (`cargo mtcov mutants --shard K/N` writes those)"
            );
        };
        infos.push(info);
    }
    let first = infos[0];
    for ((name, matrix), info) in shards.iter().zip(&infos) {
        ensure!(
            (info.n, info.sharding, info.total) == (first.n, first.sharding, first.total),
            "{name} is shard {}/{} of {} mutants ({:?}), {} is shard {}/{} of {} ({:?}): shards of different splits",
            info.k,
            info.n,
            info.total,
            info.sharding,
            shards[0].0,
            first.k,
            first.n,
            first.total,
            first.sharding
        );
        let base = &shards[0].1;
        ensure!(
            (
                matrix.version,
                matrix.k,
                &matrix.mrs,
                &matrix.sources,
                &matrix.groups,
                &matrix.criteria
            ) == (
                base.version,
                base.k,
                &base.mrs,
                &base.sources,
                &base.groups,
                &base.criteria
            ),
            "{name} and {} come from different baselines (their MRs, source inputs, groups or \
             coverage differ): run every shard on the same commit and configuration",
            shards[0].0
        );
        let expected = first
            .sharding
            .indices(
                ShardIndex {
                    k: info.k,
                    n: info.n,
                },
                info.total,
            )
            .len();
        ensure!(
            matrix.mutants.len() == expected,
            "{name} holds {} mutants, shard {}/{} of {} holds {expected}",
            matrix.mutants.len(),
            info.k,
            info.n,
            info.total
        );
    }
    let mut by_k: Vec<Option<usize>> = vec![None; first.n];
    for (i, info) in infos.iter().enumerate() {
        if let Some(j) = by_k[info.k] {
            bail!(
                "shard {}/{} is given twice: {} and {}",
                info.k,
                info.n,
                shards[j].0,
                shards[i].0
            );
        }
        by_k[info.k] = Some(i);
    }
    let by_k = by_k
        .iter()
        .enumerate()
        .map(|(k, i)| i.ok_or_else(|| anyhow::anyhow!("shard {k}/{} is missing", first.n)))
        .collect::<Result<Vec<usize>>>()?;
    Ok((first, by_k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutants::matrix::tests::small;

    #[test]
    fn shards_parse_and_deal_as_cargo_mutants_does() {
        assert_eq!("2/5".parse::<ShardIndex>(), Ok(ShardIndex { k: 2, n: 5 }));
        for bad in ["", "2", "5/2", "2/0", "a/3"] {
            assert!(bad.parse::<ShardIndex>().is_err(), "{bad}");
        }
        let rr: Vec<Vec<usize>> = (0..4)
            .map(|k| Sharding::RoundRobin.indices(ShardIndex { k, n: 4 }, 10))
            .collect();
        assert_eq!(rr, [vec![0, 4, 8], vec![1, 5, 9], vec![2, 6], vec![3, 7]]);
        let slice: Vec<Vec<usize>> = (0..4)
            .map(|k| Sharding::Slice.indices(ShardIndex { k, n: 4 }, 10))
            .collect();
        assert_eq!(
            slice,
            [vec![0, 1, 2], vec![3, 4, 5], vec![6, 7, 8], vec![9]]
        );
        assert_eq!(
            Sharding::Slice.indices(ShardIndex { k: 3, n: 4 }, 3),
            Vec::<usize>::new()
        );
    }

    fn split(whole: &Matrix, n: usize, sharding: Sharding) -> Vec<(String, Matrix)> {
        (0..n)
            .map(|k| {
                let mut shard = whole.clone();
                shard.shard = Some(ShardInfo {
                    k,
                    n,
                    sharding,
                    total: whole.mutants.len(),
                });
                shard.mutants = sharding
                    .indices(ShardIndex { k, n }, whole.mutants.len())
                    .into_iter()
                    .map(|i| whole.mutants[i].clone())
                    .collect();
                (format!("shard-{k}.json"), shard)
            })
            .collect()
    }

    #[test]
    fn merged_shards_are_the_whole_matrix() {
        let whole = small();
        for sharding in [Sharding::Slice, Sharding::RoundRobin] {
            for n in 1..=5 {
                let mut shards = split(&whole, n, sharding);
                shards.reverse();
                let merged = merge(shards).unwrap();
                assert_eq!(merged.mutants, whole.mutants, "{sharding:?} {n}");
                assert_eq!((&merged.groups, merged.shard), (&whole.groups, None));
            }
        }
    }

    #[test]
    fn incomplete_repeated_or_foreign_shards_are_refused() {
        let whole = small();
        let err = |shards: Vec<(String, Matrix)>| merge(shards).unwrap_err().to_string();
        let mut shards = split(&whole, 3, Sharding::Slice);
        shards.remove(1);
        assert!(err(shards).contains("shard 1/3 is missing"));
        let mut shards = split(&whole, 3, Sharding::Slice);
        shards.push(shards[0].clone());
        assert!(err(shards).contains("shard 0/3 is given twice"));
        let mut shards = split(&whole, 2, Sharding::Slice);
        shards[1].1.sources[0].debug = "other".into();
        assert!(err(shards).contains("different baselines"));
        let mut shards = split(&whole, 2, Sharding::Slice);
        shards.extend(split(&whole, 3, Sharding::Slice).into_iter().skip(2));
        assert!(err(shards).contains("different splits"));
        assert!(err(vec![("whole.json".into(), whole)]).contains("not of a shard"));
    }
}

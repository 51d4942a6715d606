//! The study of Fu, Sun, Zhang and Liu on a kill matrix, with no reruns:
//! test suites are sampled from the matrix's source inputs and MRs, and
//! for each its `A_k` (as `crate::measure` defines it, on the baseline's
//! coverage; computed directly on the matrix, and tested against the
//! measure) and its fault detection are computed.
//!
//! A suite is a set of source inputs `T` and a set of MRs `R`; its MGs are
//! the baseline's MGs of an MR in `R` whose source inputs are all in `T`.
//! Its fault detection (FDE) is the share of the matrix's *viable*
//! mutants (killed or survived; unviable and timed-out ones are left
//! out) that one of its MGs kills.
//!
//! - RQ1 (FDE against k): per sample, `T` is built by adding source inputs
//!   in random order when they cover a new requirement, until it covers
//!   everything the whole pool covers (adequate for the base criterion);
//!   then MRs, in random order, each kept when it raises `A_k`, until
//!   `A_k` is the most `T` allows with every MR ("k-MR adequate as far as
//!   T allows": with small MR pools, `A_k = 1` is often out of reach).
//!   The same `T` and MR order serve k = 1..4.
//! - RQ2 (FDE against adequacy): per sample, a random walk adds source
//!   inputs and MRs in random order, keeping the first suite whose `A_3`
//!   falls in each interval (0, 0.1], ..., (0.9, 1]. Spearman's ρ
//!   between `A_3` and FDE over the kept suites, and between plain
//!   coverage (the share of requirements `T` covers) and FDE.

use std::collections::HashSet;

use anyhow::{Result, bail};
use serde::Serialize;

use crate::mutants::matrix::Matrix;
use crate::mutants::verdict::MutantStatus;

pub(crate) mod advice;
pub(crate) mod reduction;
pub(crate) mod stats;
pub(crate) mod svg;
mod text;

pub(crate) use text::{figures, render_text};

use stats::{Quartiles, Rng, quartiles, spearman};

/// The `k` of RQ2's adequacy.
pub(crate) const RQ2_K: u32 = 3;
/// RQ1's range of k.
pub(crate) const RQ1_KS: [u32; 4] = [1, 2, 3, 4];

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Study {
    pub(crate) samples: usize,
    pub(crate) seed: u64,
    pub(crate) viable_mutants: usize,
    /// Killed by the whole pool: the best FDE any suite can reach.
    pub(crate) pool_fde: f64,
    pub(crate) criteria: Vec<CriterionStudy>,
    /// Per criterion: what reductions keep, and the `A_3` order's APFD.
    pub(crate) reduction: Vec<reduction::ReductionStudy>,
    /// Per criterion: RQ3, FDE gained by following the advice.
    pub(crate) advice: Vec<advice::AdviceStudy>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CriterionStudy {
    pub(crate) criterion: String,
    pub(crate) requirements: u32,
    /// RQ1: per k (1..4).
    pub(crate) rq1: Vec<Rq1Row>,
    /// RQ2: per adequacy interval, lower bound 0.0, 0.1, ...
    pub(crate) rq2: Vec<Rq2Row>,
    pub(crate) rho_adequacy: Option<f64>,
    pub(crate) rho_coverage: Option<f64>,
    /// Spearman's ρ between the suites' Metamorphic Coverage and FDE;
    /// `None` when the matrix has no follow-up coverage.
    pub(crate) rho_metamorphic: Option<f64>,
    /// Suites behind the ρs.
    pub(crate) rq2_suites: usize,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Rq1Row {
    pub(crate) k: u32,
    pub(crate) fde: Option<Quartiles>,
    pub(crate) mean_inputs: f64,
    pub(crate) mean_mrs: f64,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Rq2Row {
    /// `(lower, lower + 0.1]`.
    pub(crate) lower: f64,
    pub(crate) fde: Option<Quartiles>,
}

/// The matrix, indexed for sampling.
struct Subject<'a> {
    matrix: &'a Matrix,
    /// Per group: the viable mutants (dense indices) it kills, as a
    /// bitset of `words` words.
    kills: Vec<Vec<u64>>,
    words: usize,
    viable: usize,
    /// Per MR: its groups.
    groups_of_mr: Vec<Vec<usize>>,
    /// Per MR: its relation class, interned.
    class_of_mr: Vec<usize>,
    classes: usize,
    /// Per criterion, per requirement: the (source input, MR) pairs whose
    /// source executions covered it, sorted by input.
    covering: Vec<Vec<Vec<(u32, u32)>>>,
}

/// A suite's numbers for one criterion.
#[derive(Debug, Clone, Copy)]
struct Point {
    a_k: f64,
    coverage: f64,
    fde: f64,
    /// Metamorphic Coverage, when the matrix has it.
    metamorphic: Option<f64>,
}

pub(crate) fn run(matrix: &Matrix, samples: usize, seed: u64) -> Result<Study> {
    if samples == 0 {
        bail!("--samples must be at least 1");
    }
    let subject = Subject::new(matrix)?;
    let all_inputs = vec![true; matrix.sources.len()];
    let all_mrs = vec![true; matrix.mrs.len()];
    let pool_fde = subject.fde(&all_inputs, &all_mrs);
    let mut criteria = Vec::new();
    let mut reductions = Vec::new();
    let mut advices = Vec::new();
    for (c, entry) in matrix.criteria.iter().enumerate() {
        if entry.requirements == 0 {
            continue;
        }
        // One generator per criterion, by name: a matrix with more
        // criteria (branch, the black-box ones) does not change another's
        // samples.
        let stream = stream_of(&entry.criterion).unwrap_or(c as u64);
        let mut rng = Rng::new(seed ^ stream.wrapping_mul(0x9e37_79b9));
        criteria.push(subject.study_criterion(c, samples, &mut rng)?);
        reductions.push(reduction::study(matrix, c, samples, seed)?);
        let (suite, viable) = reduction::suite(matrix, c);
        advices.extend(advice::study(&suite, viable, samples, seed));
    }
    if criteria.is_empty() {
        bail!(
            "the kill matrix has no requirement under any criterion: its baseline covered nothing"
        );
    }
    Ok(Study {
        samples,
        seed,
        viable_mutants: subject.viable,
        pool_fde,
        criteria,
        reduction: reductions,
        advice: advices,
    })
}

/// The sampling stream of a criterion: line, region and function keep the
/// streams of the matrices that had only them (0, 1, 2); the others follow.
fn stream_of(criterion: &str) -> Option<u64> {
    [
        "line",
        "region",
        "function",
        "branch",
        "i-choice",
        "i-choice-pair",
        "io-ctf",
    ]
    .iter()
    .position(|name| *name == criterion)
    .map(|i| i as u64)
}

impl<'a> Subject<'a> {
    fn new(matrix: &'a Matrix) -> Result<Self> {
        let mut dense = vec![None; matrix.mutants.len()];
        let mut viable = 0u32;
        for (i, m) in matrix.mutants.iter().enumerate() {
            if matches!(m.status, MutantStatus::Killed | MutantStatus::Survived) {
                dense[i] = Some(viable);
                viable += 1;
            }
        }
        if viable == 0 {
            bail!(
                "the kill matrix has no viable mutant (killed or survived): there is nothing to detect"
            );
        }
        let words = (viable as usize).div_ceil(64);
        let mut kills = vec![vec![0u64; words]; matrix.groups.len()];
        for (i, m) in matrix.mutants.iter().enumerate() {
            let Some(d) = dense[i] else { continue };
            for &g in &m.killed_by {
                kills.get_mut(g as usize).ok_or_else(|| {
                    anyhow::anyhow!("mutant {i} names group {g}, which the matrix does not have")
                })?[d as usize / 64] |= 1 << (d % 64);
            }
        }
        let mut groups_of_mr = vec![Vec::new(); matrix.mrs.len()];
        for (g, group) in matrix.groups.iter().enumerate() {
            groups_of_mr
                .get_mut(group.mr as usize)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "group {g} names MR {}, which the matrix does not have",
                        group.mr
                    )
                })?
                .push(g);
            if let Some(&s) = group
                .sources
                .iter()
                .find(|&&s| s as usize >= matrix.sources.len())
            {
                bail!("group {g} names source input {s}, which the matrix does not have");
            }
        }
        let mut names: Vec<&str> = Vec::new();
        let class_of_mr = matrix
            .mrs
            .iter()
            .map(|mr| match names.iter().position(|n| *n == mr.class) {
                Some(i) => i,
                None => {
                    names.push(&mr.class);
                    names.len() - 1
                }
            })
            .collect();
        let mut covering = Vec::with_capacity(matrix.criteria.len());
        for entry in &matrix.criteria {
            let mut by_req = vec![Vec::new(); entry.requirements as usize];
            for e in &entry.executions {
                if e.source as usize >= matrix.sources.len() || e.mr as usize >= matrix.mrs.len() {
                    bail!(
                        "{}: an execution names source input {} and MR {}, which the matrix does not have",
                        entry.criterion,
                        e.source,
                        e.mr
                    );
                }
                for &r in &e.covered {
                    by_req
                        .get_mut(r as usize)
                        .ok_or_else(|| {
                            anyhow::anyhow!(
                                "{}: source input {} covers requirement {r} of {}",
                                entry.criterion,
                                e.source,
                                entry.requirements
                            )
                        })?
                        .push((e.source, e.mr));
                }
            }
            for pairs in &mut by_req {
                pairs.sort_unstable();
            }
            covering.push(by_req);
        }
        Ok(Self {
            matrix,
            kills,
            words,
            viable: viable as usize,
            groups_of_mr,
            class_of_mr,
            classes: names.len(),
            covering,
        })
    }

    fn suite_groups<'s>(
        &'s self,
        inputs: &'s [bool],
        mrs: &'s [bool],
    ) -> impl Iterator<Item = usize> + 's {
        (0..mrs.len())
            .filter(|&m| mrs[m])
            .flat_map(|m| self.groups_of_mr[m].iter().copied())
            .filter(|&g| {
                self.matrix.groups[g]
                    .sources
                    .iter()
                    .all(|&s| inputs[s as usize])
            })
    }

    /// Metamorphic Coverage of the suite: the requirements that the pairs
    /// of its MGs (by MR and first source input) ran differently, over all;
    /// `None` when the matrix has no follow-up coverage for the criterion.
    fn metamorphic(&self, criterion: usize, inputs: &[bool], mrs: &[bool]) -> Option<f64> {
        let entry = &self.matrix.criteria[criterion];
        if entry.differing.is_empty() || entry.requirements == 0 {
            return None;
        }
        // The matrix lists a group's sources sorted; its pairs are keyed
        // by its first source in the order it used them: any of them.
        let mut ran: HashSet<(u32, u32)> = HashSet::new();
        for g in self.suite_groups(inputs, mrs) {
            let group = &self.matrix.groups[g];
            for &s in &group.sources {
                ran.insert((s, group.mr));
            }
        }
        let differing: HashSet<u32> = entry
            .differing
            .iter()
            .filter(|d| ran.contains(&(d.source, d.mr)))
            .flat_map(|d| d.covered.iter().copied())
            .collect();
        Some(differing.len() as f64 / f64::from(entry.requirements))
    }

    fn fde(&self, inputs: &[bool], mrs: &[bool]) -> f64 {
        let mut killed = vec![0u64; self.words];
        for g in self.suite_groups(inputs, mrs) {
            for (k, w) in killed.iter_mut().zip(&self.kills[g]) {
                *k |= w;
            }
        }
        let count: u32 = killed.iter().map(|w| w.count_ones()).sum();
        f64::from(count) / self.viable as f64
    }

    /// `A_k` and plain coverage of the suite: `K(r)` from the best
    /// covering input's number of distinct classes among the suite's MRs
    /// that ran it and whose own source execution of it covered `r`,
    /// directly on the matrix (a test checks it against `crate::measure`
    /// on random suites; building a pool per suite made the study several
    /// times slower).
    fn adequacy(
        &self,
        criterion: usize,
        inputs: &[bool],
        mrs: &[bool],
        k: u32,
    ) -> Result<(f64, f64)> {
        // Which (input, MR) pairs the suite runs.
        let n_mrs = mrs.len();
        let mut ran = vec![false; inputs.len() * n_mrs];
        for g in self.suite_groups(inputs, mrs) {
            let group = &self.matrix.groups[g];
            for &t in &group.sources {
                ran[t as usize * n_mrs + group.mr as usize] = true;
            }
        }
        let requirements = &self.covering[criterion];
        if requirements.is_empty() {
            bail!("a criterion without requirements");
        }
        let words = self.classes.div_ceil(64).max(1);
        let mut classes = vec![0u64; words];
        let (mut numerator, mut covered) = (0u64, 0u64);
        for covering in requirements {
            let mut best: Option<u32> = None;
            let mut current = None;
            for &(t, m) in covering {
                if !ran[t as usize * n_mrs + m as usize] {
                    continue;
                }
                if current != Some(t) {
                    current = Some(t);
                    classes.iter_mut().for_each(|w| *w = 0);
                }
                let class = self.class_of_mr[m as usize];
                classes[class / 64] |= 1 << (class % 64);
                let size: u32 = classes.iter().map(|w| w.count_ones()).sum();
                best = Some(best.unwrap_or(0).max(size));
            }
            if let Some(best) = best {
                covered += 1;
                numerator += u64::from(best.min(k));
            }
        }
        let total = requirements.len() as f64;
        Ok((
            numerator as f64 / (f64::from(k) * total),
            covered as f64 / total,
        ))
    }

    /// `A_k` and plain coverage of the suite, by the tool's own measure:
    /// the reference [`Subject::adequacy`] is tested against.
    #[cfg(test)]
    fn measured_adequacy(
        &self,
        criterion: usize,
        inputs: &[bool],
        mrs: &[bool],
        k: u32,
    ) -> Result<(f64, f64)> {
        use crate::measure::{Counting, Coverage, InputIdx, MrIdx, Outcome, PoolBuilder, measure};
        let entry = &self.matrix.criteria[criterion];
        let mut pool = PoolBuilder::new();
        for mr in &self.matrix.mrs {
            pool.add_mr(&mr.class, None);
        }
        for _ in &self.matrix.sources {
            pool.add_input();
        }
        for g in self.suite_groups(inputs, mrs) {
            let group = &self.matrix.groups[g];
            let sources: Vec<InputIdx> = group.sources.iter().map(|&s| InputIdx(s)).collect();
            pool.record_mg(MrIdx(group.mr), &sources, Outcome::Holds)?;
        }
        let pool = pool.build();
        let mut coverage = Coverage::new(entry.requirements);
        for e in &entry.executions {
            let (t, m) = (InputIdx(e.source), MrIdx(e.mr));
            // Executions the suite runs: its MGs of that MR with that input.
            if pool.mrs_of(t).binary_search(&m).is_ok() {
                coverage.push_by(t, m, e.covered.iter().copied())?;
            }
        }
        let relations = pool.source_relations(Counting::Class);
        let measured = measure(&pool, &relations, &coverage, k)?;
        let summary = measured
            .summary()
            .ok_or_else(|| anyhow::anyhow!("a criterion without requirements"))?;
        Ok((summary.a_k, summary.plain_coverage))
    }

    fn study_criterion(&self, c: usize, samples: usize, rng: &mut Rng) -> Result<CriterionStudy> {
        let entry = &self.matrix.criteria[c];
        let rq1 = self.rq1(c, samples, rng)?;
        let (rq2, kept) = self.rq2(c, samples, rng)?;
        let a: Vec<f64> = kept.iter().map(|p| p.a_k).collect();
        let cov: Vec<f64> = kept.iter().map(|p| p.coverage).collect();
        let fde: Vec<f64> = kept.iter().map(|p| p.fde).collect();
        Ok(CriterionStudy {
            criterion: entry.criterion.clone(),
            requirements: entry.requirements,
            rq1,
            rq2,
            rho_adequacy: spearman(&a, &fde),
            rho_coverage: spearman(&cov, &fde),
            rho_metamorphic: {
                let mc: Option<Vec<f64>> = kept.iter().map(|p| p.metamorphic).collect();
                mc.and_then(|mc| spearman(&mc, &fde))
            },
            rq2_suites: kept.len(),
        })
    }

    /// RQ1: per K, suites of coverage-adequate inputs with MRs added in a
    /// random order while they raise `A_k`, up to the `A_k` of all MRs.
    fn rq1(&self, c: usize, samples: usize, rng: &mut Rng) -> Result<Vec<Rq1Row>> {
        let n_mrs = self.matrix.mrs.len();
        let all_mrs = vec![true; n_mrs];
        // What the whole pool covers: where taking inputs stops.
        let coverable = (self.matrix.criteria[c].covered.iter().flatten())
            .collect::<HashSet<_>>()
            .len();
        let mut rq1_fde: Vec<Vec<f64>> = vec![Vec::new(); RQ1_KS.len()];
        let mut rq1_sizes = vec![(0usize, 0usize); RQ1_KS.len()];
        for _ in 0..samples {
            let inputs = self.coverage_adequate_inputs(c, coverable, rng);
            let mut mr_order: Vec<usize> = (0..n_mrs).collect();
            rng.shuffle(&mut mr_order);
            for (i, &k) in RQ1_KS.iter().enumerate() {
                let (target, _) = self.adequacy(c, &inputs, &all_mrs, k)?;
                let mut mrs = vec![false; n_mrs];
                let mut current = self.adequacy(c, &inputs, &mrs, k)?.0;
                for &m in &mr_order {
                    if current >= target {
                        break;
                    }
                    mrs[m] = true;
                    let raised = self.adequacy(c, &inputs, &mrs, k)?.0;
                    if raised > current {
                        current = raised;
                    } else {
                        mrs[m] = false;
                    }
                }
                rq1_fde[i].push(self.fde(&inputs, &mrs));
                rq1_sizes[i].0 += inputs.iter().filter(|&&b| b).count();
                rq1_sizes[i].1 += mrs.iter().filter(|&&b| b).count();
            }
        }
        Ok(RQ1_KS
            .iter()
            .enumerate()
            .map(|(i, &k)| Rq1Row {
                k,
                fde: quartiles(&rq1_fde[i]),
                mean_inputs: rq1_sizes[i].0 as f64 / samples as f64,
                mean_mrs: rq1_sizes[i].1 as f64 / samples as f64,
            })
            .collect())
    }

    /// Source inputs taken in a random order while they cover a requirement
    /// of criterion `c` not covered yet, until they cover the `coverable`
    /// requirements the whole pool covers.
    fn coverage_adequate_inputs(&self, c: usize, coverable: usize, rng: &mut Rng) -> Vec<bool> {
        let entry = &self.matrix.criteria[c];
        let mut order: Vec<usize> = (0..self.matrix.sources.len()).collect();
        rng.shuffle(&mut order);
        let mut inputs = vec![false; self.matrix.sources.len()];
        let mut covered: HashSet<u32> = HashSet::new();
        for s in order {
            if covered.len() == coverable {
                break;
            }
            if entry.covered[s].iter().any(|r| !covered.contains(r)) {
                inputs[s] = true;
                covered.extend(&entry.covered[s]);
            }
        }
        inputs
    }

    /// RQ2: suites grown by random steps (an input or an MR), one kept per
    /// tenth of `A_3` each sample reaches; the FDE per tenth.
    fn rq2(&self, c: usize, samples: usize, rng: &mut Rng) -> Result<(Vec<Rq2Row>, Vec<Point>)> {
        let (n_inputs, n_mrs) = (self.matrix.sources.len(), self.matrix.mrs.len());
        let mut by_interval: Vec<Vec<f64>> = vec![Vec::new(); 10];
        let mut kept: Vec<Point> = Vec::new();
        for _ in 0..samples {
            let mut steps: Vec<(bool, usize)> = (0..n_inputs)
                .map(|s| (true, s))
                .chain((0..n_mrs).map(|m| (false, m)))
                .collect();
            rng.shuffle(&mut steps);
            let mut inputs = vec![false; n_inputs];
            let mut mrs = vec![false; n_mrs];
            let mut seen = [false; 10];
            let mut last_a = 0.0;
            for (is_input, i) in steps {
                if is_input {
                    inputs[i] = true;
                } else {
                    mrs[i] = true;
                }
                // Adding a source input with no MR yet, or an MR with no
                // source input, changes nothing: skip the measure.
                if !inputs.iter().any(|&b| b) || !mrs.iter().any(|&b| b) {
                    continue;
                }
                let (a_k, coverage) = self.adequacy(c, &inputs, &mrs, RQ2_K)?;
                if a_k <= 0.0 || a_k == last_a {
                    continue;
                }
                last_a = a_k;
                let interval = ((a_k * 10.0).ceil() as usize).clamp(1, 10) - 1;
                if !seen[interval] {
                    seen[interval] = true;
                    let point = Point {
                        a_k,
                        coverage,
                        fde: self.fde(&inputs, &mrs),
                        metamorphic: self.metamorphic(c, &inputs, &mrs),
                    };
                    by_interval[interval].push(point.fde);
                    kept.push(point);
                }
                if seen.iter().all(|&s| s) {
                    break;
                }
            }
        }
        let rq2 = by_interval
            .iter()
            .enumerate()
            .map(|(i, fde)| Rq2Row {
                lower: i as f64 / 10.0,
                fde: quartiles(fde),
            })
            .collect();
        Ok((rq2, kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutants::matrix::tests::small;
    use crate::reduce::order::Strategy;

    #[test]
    fn suites_detect_what_their_groups_kill() {
        let matrix = small();
        let subject = Subject::new(&matrix).unwrap();
        assert_eq!(subject.viable, 3, "the unviable mutant is left out");
        // MR a on input 0 only: kills m0 of {m0, m1, m2}.
        assert_eq!(
            subject.fde(&[true, false, false], &[true, false]),
            1.0 / 3.0
        );
        assert_eq!(subject.fde(&[true, true, true], &[true, true]), 2.0 / 3.0);
        assert_eq!(subject.fde(&[false, true, true], &[true, false]), 0.0);
        // A_2 on line: input 0 has classes {equal, order} -> K = 1 on reqs 0, 1;
        // req 2 best is input 1 (order only) -> 1/2. A_2 = 2.5 / 3.
        let (a, cov) = subject
            .adequacy(0, &[true, true, true], &[true, true], 2)
            .unwrap();
        assert!((a - 2.5 / 3.0).abs() < 1e-12, "{a}");
        assert_eq!(cov, 1.0);
    }

    /// A random matrix: `mrs` MRs in `classes` classes, `inputs` inputs,
    /// MGs of one or two sources, random coverage.
    fn random_matrix(
        rng: &mut Rng,
        mrs: usize,
        classes: usize,
        inputs: usize,
        reqs: u32,
    ) -> Matrix {
        let mut m = small();
        m.mrs = (0..mrs)
            .map(|i| crate::mutants::matrix::MrEntry {
                id: format!("m{i}"),
                class: format!("c{}", rng.below(classes)),
            })
            .collect();
        m.sources = (0..inputs)
            .map(|i| crate::mutants::matrix::SourceEntry {
                key: i.to_string(),
                debug: i.to_string(),
            })
            .collect();
        m.groups = (0..mrs * inputs / 2)
            .map(|_| {
                let mut sources = vec![rng.below(inputs) as u32];
                if rng.below(4) == 0 {
                    sources.push(rng.below(inputs) as u32);
                }
                crate::mutants::matrix::GroupEntry {
                    mr: rng.below(mrs) as u32,
                    sources,
                }
            })
            .collect();
        m.criteria[0].requirements = reqs;
        m.criteria[0].covered = (0..inputs)
            .map(|_| (0..reqs).filter(|_| rng.below(3) == 0).collect())
            .collect();
        // Per (input, MR) that ran: the input's coverage (one SUT), or a
        // part of it and more (several SUTs), at random.
        let mut pairs: Vec<(u32, u32)> = m
            .groups
            .iter()
            .flat_map(|g| g.sources.iter().map(move |&t| (t, g.mr)))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        m.criteria[0].executions = pairs
            .into_iter()
            .map(|(source, mr)| crate::mutants::matrix::ExecutionEntry {
                source,
                mr,
                covered: if rng.below(2) == 0 {
                    m.criteria[0].covered[source as usize].clone()
                } else {
                    (0..reqs).filter(|_| rng.below(4) == 0).collect()
                },
            })
            .collect();
        for mutant in &mut m.mutants {
            mutant.killed_by.retain(|&g| (g as usize) < m.groups.len());
        }
        m
    }

    #[test]
    fn the_direct_adequacy_equals_the_measure_on_random_suites() {
        let mut rng = Rng::new(11);
        for round in 0..20 {
            let matrix = random_matrix(&mut rng, 2 + round % 7, 1 + round % 4, 3 + round, 12);
            let subject = Subject::new(&matrix).unwrap();
            for _ in 0..10 {
                let inputs: Vec<bool> = (0..matrix.sources.len())
                    .map(|_| rng.below(2) == 0)
                    .collect();
                let mrs: Vec<bool> = (0..matrix.mrs.len()).map(|_| rng.below(2) == 0).collect();
                for k in 1..=4 {
                    let fast = subject.adequacy(0, &inputs, &mrs, k).unwrap();
                    let reference = subject.measured_adequacy(0, &inputs, &mrs, k).unwrap();
                    assert!(
                        (fast.0 - reference.0).abs() < 1e-12
                            && (fast.1 - reference.1).abs() < 1e-12,
                        "round {round}, k {k}: {fast:?} vs {reference:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_study_is_deterministic_for_a_seed() {
        let matrix = small();
        let a = run(&matrix, 20, 5).unwrap();
        let b = run(&matrix, 20, 5).unwrap();
        assert_eq!(render_text(&a), render_text(&b));
        let rq1 = &a.criteria[0].rq1;
        // With every coverable requirement covered and A_k maxed, the
        // suite always keeps MR b on input 0 or 1: FDE at least 1/3.
        assert!(rq1.iter().all(|r| r.fde.unwrap().min >= 1.0 / 3.0 - 1e-12));
        assert_eq!(figures(&a, "small").len(), 2);
        assert!(run(&matrix, 0, 1).is_err());
    }

    /// At k = 3, requirements 0 and 1 need both classes on input 1
    /// (groups 0 and 1), requirement 2 one group of input 2 or 3: every
    /// reduction keeps 3 groups, greedy and exact those of inputs 1 and 2,
    /// which kill both killed mutants (FDE 2 of 3 viable). The A_3 order
    /// runs group 2 first (it alone satisfies requirement 2; no group
    /// alone satisfies the others), then 0, 1 and 3: first kills at
    /// positions 2 (mutant 0, by group 0) and 1 (mutant 1) of 4.
    #[test]
    fn reductions_of_the_small_matrix() {
        let study = run(&small(), 20, 5).unwrap();
        let r = &study.reduction[0];
        assert_eq!((r.criterion.as_str(), r.groups), ("line", 4));
        for row in r
            .rows
            .iter()
            .filter(|row| !row.method.starts_with("random"))
        {
            if row.method.contains("redundancy") {
                // Requirement 2 is run by group 2 (class order) and
                // group 3 (class equal): two kinds, so redundancy 2 keeps
                // both, every group.
                assert_eq!(row.kept, 4, "{row:?}");
                continue;
            }
            assert_eq!(row.kept, 3, "{row:?}");
            assert!((row.fde - 2.0 / 3.0).abs() < 1e-12, "{row:?}");
            assert!((row.fde_share - 1.0).abs() < 1e-12, "{row:?}");
        }
        let random = r.rows.iter().find(|row| row.method == "random").unwrap();
        assert_eq!(random.kept, 3);
        assert!(random.fde <= 2.0 / 3.0 + 1e-12);
        let reach = r.orders[0].against_random.unwrap();
        assert_eq!(r.orders[0].strategy, Strategy::Reach);
        assert!((reach.apfd - (1.0 - 3.0 / 8.0 + 1.0 / 8.0)).abs() < 1e-12);
        assert_eq!(r.orders.len(), Strategy::ALL.len());
        // Budgets of 10 %, 25 % and 50 % of 4 groups keep 1, 1 and 2.
        let sizes: Vec<usize> = r.random_budgets.iter().map(|b| b.groups).collect();
        assert_eq!(sizes, [1, 1, 2]);
        for b in &r.random_budgets {
            assert!(b.low <= b.mean && b.mean <= b.high, "{b:?}");
        }
        assert!(
            render_text(&study)
                .contains("| line | 4 | A_3 exact (proven smallest) | 3 | 0.667 | 100.0% |")
        );
    }
}

//! RQ3: does following the advice pay? From random small suites of a
//! kill matrix's groups, a simulated user adds one group per step, chosen
//! three ways: the group that adds most to `A_3` as `reduce`'s greedy
//! step measures it (what the report's first gap asks for: a relation
//! class or an input for code fewer than 3 classes check), a random group, or the group whose source/follow-up
//! pairs run the most requirements differently that the suite's pairs do
//! not (the highest Metamorphic Coverage gain). Each way's FDE after each
//! step, averaged over the starting suites.

use serde::Serialize;

use super::RQ2_K;
use super::stats::Rng;
use crate::reduce::Suite;
use crate::reduce::instance::Instance;

/// Groups of a starting suite.
pub(crate) const START: usize = 5;
/// Groups added to it.
pub(crate) const STEPS: usize = 10;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AdviceStudy {
    pub(crate) criterion: String,
    pub(crate) starts: usize,
    pub(crate) curves: Vec<Curve>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Curve {
    /// `advice`, `random` or `metamorphic coverage`.
    pub(crate) policy: &'static str,
    /// Mean FDE (share of viable mutants) after 0..=STEPS added groups.
    pub(crate) mean: Vec<f64>,
    /// FDE gained per added group, mean over the starting suites.
    pub(crate) gain_per_group: f64,
    /// Half the width of its 95 % confidence interval (normal
    /// approximation over the starting suites).
    pub(crate) gain_half_width: f64,
}

#[derive(Clone, Copy, PartialEq)]
enum Policy {
    Advice,
    Random,
    Metamorphic,
}

impl Policy {
    fn name(self) -> &'static str {
        match self {
            Policy::Advice => "advice (largest A_3 gain)",
            Policy::Random => "random group",
            Policy::Metamorphic => "largest Metamorphic Coverage gain",
        }
    }
}

/// RQ3 on one criterion: `suite` with the viable mutants' killers,
/// `viable` mutants, `starts` starting suites from `seed`.
pub(crate) fn study(suite: &Suite, viable: usize, starts: usize, seed: u64) -> Option<AdviceStudy> {
    let n = suite.groups.len();
    if n <= START || viable == 0 || starts == 0 {
        return None;
    }
    let instance = Instance::new(suite, RQ2_K, false);
    let differing = differing_of(suite);
    let fde = |kept: &[bool]| suite.kills_kept(kept) as f64 / viable as f64;
    let policies = [Policy::Advice, Policy::Random, Policy::Metamorphic];
    let mut sums = vec![vec![0.0; STEPS + 1]; policies.len()];
    let mut gains: Vec<Vec<f64>> = vec![Vec::with_capacity(starts); policies.len()];
    let mut rng = Rng::new(seed ^ 0xad71_ce00);
    let mut all: Vec<usize> = (0..n).collect();
    for _ in 0..starts {
        rng.shuffle(&mut all);
        let start: Vec<usize> = all[..START].to_vec();
        // One tie-break order per start, shared by the policies.
        let mut ties: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut ties);
        for (p, &policy) in policies.iter().enumerate() {
            let mut kept = vec![false; n];
            for &g in &start {
                kept[g] = true;
            }
            let first = fde(&kept);
            sums[p][0] += first;
            let mut own = rng.clone();
            for sum in &mut sums[p][1..] {
                let next = match policy {
                    Policy::Advice => crate::reduce::greedy::next_best(&instance, &kept, &ties),
                    Policy::Metamorphic => best_metamorphic(&differing, &kept, &ties),
                    Policy::Random => None,
                }
                .or_else(|| random_left(&kept, &mut own));
                if let Some(g) = next {
                    kept[g] = true;
                }
                *sum += fde(&kept);
            }
            gains[p].push((fde(&kept) - first) / STEPS as f64);
        }
        rng.next_u64();
    }
    let curves = policies
        .iter()
        .enumerate()
        .map(|(p, policy)| {
            let values = &gains[p];
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>()
                / (values.len().max(2) - 1) as f64;
            Curve {
                policy: policy.name(),
                mean: sums[p].iter().map(|s| s / starts as f64).collect(),
                gain_per_group: mean,
                gain_half_width: 1.96 * (var / values.len() as f64).sqrt(),
            }
        })
        .collect();
    Some(AdviceStudy {
        criterion: suite.criteria[0].name.clone(),
        starts,
        curves,
    })
}

/// Per group: what its pairs run differently (criterion 0).
fn differing_of(suite: &Suite) -> Vec<Vec<u32>> {
    let criterion = &suite.criteria[0];
    suite
        .groups
        .iter()
        .map(|group| criterion.differing_of(group).unwrap_or_default().to_vec())
        .collect()
}

/// The group not kept whose pairs run the most requirements differently
/// that no kept group's pairs do; ties by `ties`; `None` when none adds.
fn best_metamorphic(differing: &[Vec<u32>], kept: &[bool], ties: &[usize]) -> Option<usize> {
    let mut seen = std::collections::HashSet::new();
    for (g, reqs) in differing.iter().enumerate() {
        if kept[g] {
            seen.extend(reqs.iter().copied());
        }
    }
    let mut best: Option<(usize, usize)> = None;
    for &g in ties {
        if kept[g] {
            continue;
        }
        let new = differing[g].iter().filter(|r| !seen.contains(r)).count();
        if new > 0 && best.is_none_or(|(n, _)| new > n) {
            best = Some((new, g));
        }
    }
    best.map(|(_, g)| g)
}

fn random_left(kept: &[bool], rng: &mut Rng) -> Option<usize> {
    let left: Vec<usize> = (0..kept.len()).filter(|&g| !kept[g]).collect();
    (!left.is_empty()).then(|| left[rng.below(left.len())])
}

pub(crate) fn render_text(studies: &[AdviceStudy]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let Some(first) = studies.first() else {
        return out;
    };
    let _ = writeln!(
        out,
        "## RQ3: does following the advice pay? ({} random suites of {START} groups, {STEPS} groups added)\n",
        first.starts
    );
    let _ = writeln!(
        out,
        "| criterion | next group | FDE at start | after 5 | after {STEPS} | FDE gained per group (95% interval) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for a in studies {
        for c in &a.curves {
            let _ = writeln!(
                out,
                "| {} | {} | {:.3} | {:.3} | {:.3} | {:.4} [{:.4}, {:.4}] |",
                a.criterion,
                c.policy,
                c.mean[0],
                c.mean[5.min(STEPS)],
                c.mean[STEPS],
                c.gain_per_group,
                c.gain_per_group - c.gain_half_width,
                c.gain_per_group + c.gain_half_width
            );
        }
    }
    out.push('\n');
    out
}

//! The greedy reduction: add the group that satisfies the most (weighted)
//! constraints, or failing that brings the most constraints closer to
//! their `need`, until every constraint holds; then drop, latest first,
//! every group the others make redundant. The same steps, kept in the
//! order they were taken, are the prioritisation ([`order`]).

use anyhow::{Result, bail};

use super::instance::Instance;

/// The kept groups (`kept[g]`), satisfying every constraint of `instance`.
pub(crate) fn solve(instance: &Instance) -> Result<Vec<bool>> {
    let mut cover = Cover::new(instance);
    while cover.open > 0 {
        let Some(g) = cover.best() else {
            bail!(
                "internal error: {} reduction constraints cannot be met by the run's own groups",
                cover.open
            );
        };
        cover.add(g);
    }
    let Cover {
        touches,
        mut kept,
        order,
        ..
    } = cover;
    // Latest first: a group added to finish a constraint often makes an
    // earlier, broader one redundant.
    for &g in order.iter().rev() {
        kept[g] = false;
        let still = touches[g]
            .chunk_by(|a, b| a.0 == b.0)
            .all(|slots| instance.constraints[slots[0].0 as usize].satisfied(&kept));
        if !still {
            kept[g] = true;
        }
    }
    Ok(kept)
}

/// Every group in the order of today's `A_k` prioritisation: the greedy
/// steps until every constraint holds, then the groups that add nothing
/// more, those touching the most (weighted) constraints first, ties by
/// content ([`Instance::rank`]). Kept as the baseline the other
/// strategies are measured against ([`super::order::Strategy::Reach`]).
pub(crate) fn reach_order(instance: &Instance) -> Vec<u32> {
    let mut cover = Cover::new(instance);
    while cover.open > 0 {
        let Some(g) = cover.best() else { break };
        cover.add(g);
    }
    let mut rest: Vec<(u64, usize)> = (0..instance.groups)
        .filter(|&g| !cover.kept[g])
        .map(|g| (cover.weight(g), g))
        .collect();
    rest.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(instance.rank[a.1].cmp(&instance.rank[b.1]))
    });
    cover
        .order
        .into_iter()
        .chain(rest.into_iter().map(|(_, g)| g))
        .map(|g| g as u32)
        .collect()
}

/// Every group by the "additional" greedy *with reset*: the group that
/// adds the most to what the groups chosen since the last reset satisfy;
/// when no group adds anything, the constraints are reset (as if nothing
/// had been chosen) and the greedy goes on over the groups left. Groups
/// that touch no constraint end the rounds, one per round, and whatever
/// is left of them comes last. Ties go to the highest `tie.key(g)`, then
/// the lowest [`Instance::rank`]; `tie` is told every choice and every
/// reset.
pub(crate) fn reset_order(instance: &Instance, tie: &mut impl TieBreak) -> Vec<u32> {
    reset_order_among(instance, &vec![true; instance.groups], tie)
}

/// As [`reset_order`], over the groups with `among[g]` only.
pub(crate) fn reset_order_among(
    instance: &Instance,
    among: &[bool],
    tie: &mut impl TieBreak,
) -> Vec<u32> {
    let mut cover = Cover::new(instance);
    for (g, &among) in among.iter().enumerate() {
        cover.kept[g] = !among;
    }
    // The groups that touch no constraint: the constraints say nothing
    // about them, which is no evidence that they find less. One ends each
    // round, the rest come last, by the tie-break alone.
    let mut untouched: Vec<usize> = (0..instance.groups)
        .filter(|&g| !cover.kept[g] && cover.touches[g].is_empty())
        .collect();
    loop {
        if let Some(g) = cover.best_by(tie) {
            cover.add(g);
            tie.chosen(g);
            continue;
        }
        // Nothing adds to this round: a new round, if a group left can
        // add to it.
        take_untouched(&mut cover, &mut untouched, tie);
        cover.reset();
        tie.reset();
        match cover.best_by(tie) {
            Some(g) => {
                cover.add(g);
                tie.chosen(g);
            }
            None => break,
        }
    }
    while take_untouched(&mut cover, &mut untouched, tie) {}
    cover.order.into_iter().map(|g| g as u32).collect()
}

/// Chooses the untouched group `tie` likes best; `false` when none is left.
fn take_untouched(cover: &mut Cover, untouched: &mut Vec<usize>, tie: &mut impl TieBreak) -> bool {
    let Some((i, _)) = untouched.iter().enumerate().max_by(|&(_, &a), &(_, &b)| {
        tie.key(a)
            .cmp(&tie.key(b))
            .then(cover.instance.rank[b].cmp(&cover.instance.rank[a]))
    }) else {
        return false;
    };
    let g = untouched.remove(i);
    cover.kept[g] = true;
    cover.order.push(g);
    tie.chosen(g);
    true
}

/// The group that adds the most to what the groups with `kept[g]`
/// satisfy (as [`solve`]'s steps choose), ties by the first in `ties`;
/// `None` when no group adds anything.
pub(crate) fn next_best(instance: &Instance, kept: &[bool], ties: &[usize]) -> Option<usize> {
    struct Rank(Vec<u64>);
    impl TieBreak for Rank {
        fn key(&self, g: usize) -> [u64; 5] {
            [u64::MAX - self.0[g], 0, 0, 0, 0]
        }
        fn chosen(&mut self, _: usize) {}
        fn reset(&mut self) {}
    }
    let mut rank = vec![0; instance.groups];
    for (i, &g) in ties.iter().enumerate() {
        rank[g] = i as u64;
    }
    let mut cover = Cover::new(instance);
    for (g, &k) in kept.iter().enumerate() {
        if k {
            cover.add(g);
        }
    }
    cover.best_by(&Rank(rank))
}

/// A second criterion for groups the constraints cannot tell apart.
pub(crate) trait TieBreak {
    /// Higher is better; compared only between groups of equal gain.
    fn key(&self, g: usize) -> [u64; 5];
    fn chosen(&mut self, g: usize);
    fn reset(&mut self);
}

/// No tie-break: the lowest [`Instance::rank`].
pub(crate) struct ByRank;

impl TieBreak for ByRank {
    fn key(&self, _: usize) -> [u64; 5] {
        [0; 5]
    }
    fn chosen(&mut self, _: usize) {}
    fn reset(&mut self) {}
}

/// The state of a greedy cover.
struct Cover<'a> {
    instance: &'a Instance,
    /// Per group: the (constraint, witness, class) slots it fills, in order.
    touches: Vec<Vec<(u32, u32, u32)>>,
    filled: Vec<Vec<Vec<bool>>>,
    count: Vec<Vec<u32>>,
    done: Vec<bool>,
    open: usize,
    kept: Vec<bool>,
    order: Vec<usize>,
}

impl<'a> Cover<'a> {
    fn new(instance: &'a Instance) -> Self {
        let constraints = &instance.constraints;
        let mut touches: Vec<Vec<(u32, u32, u32)>> = vec![Vec::new(); instance.groups];
        for (ci, c) in constraints.iter().enumerate() {
            for (wi, classes) in c.witnesses.iter().enumerate() {
                for (cl, groups) in classes.iter().enumerate() {
                    for &g in groups {
                        touches[g as usize].push((ci as u32, wi as u32, cl as u32));
                    }
                }
            }
        }
        Cover {
            instance,
            touches,
            filled: constraints
                .iter()
                .map(|c| c.witnesses.iter().map(|w| vec![false; w.len()]).collect())
                .collect(),
            count: constraints
                .iter()
                .map(|c| vec![0; c.witnesses.len()])
                .collect(),
            done: vec![false; constraints.len()],
            open: constraints.len(),
            kept: vec![false; instance.groups],
            order: Vec::new(),
        }
    }

    /// The group that satisfies the most weight of open constraints, or
    /// (none satisfying any) brings them the most weight closer; `None`
    /// when no group adds anything.
    fn best(&self) -> Option<usize> {
        self.best_by(&ByRank)
    }

    /// As [`best`](Self::best), ties by `tie`'s key, then the lowest
    /// [`Instance::rank`].
    fn best_by(&self, tie: &impl TieBreak) -> Option<usize> {
        let mut best: Option<((u64, u64), [u64; 5], usize)> = None;
        for g in 0..self.touches.len() {
            if self.kept[g] {
                continue;
            }
            let gain = self.gain(g);
            if gain == (0, 0) {
                continue;
            }
            // The tie-break's key is computed once per candidate that
            // is not beaten on gain alone.
            match &best {
                Some((b, _, _)) if gain < *b => {}
                Some((b, key, at)) if gain == *b => {
                    let k = tie.key(g);
                    let rank = &self.instance.rank;
                    if k > *key || (k == *key && rank[g] < rank[*at]) {
                        best = Some((gain, k, g));
                    }
                }
                _ => best = Some((gain, tie.key(g), g)),
            }
        }
        best.map(|(_, _, g)| g)
    }

    /// The weight of open constraints `g` would satisfy, and the weight it
    /// would bring closer to their `need`.
    fn gain(&self, g: usize) -> (u64, u64) {
        let constraints = &self.instance.constraints;
        let weights = &self.instance.weights;
        let slots = &self.touches[g];
        let (mut satisfies, mut closer) = (0u64, 0u64);
        for per_constraint in slots.chunk_by(|a, b| a.0 == b.0) {
            let ci = per_constraint[0].0 as usize;
            if self.done[ci] {
                continue;
            }
            let need = constraints[ci].need;
            let mut reaches = false;
            for per_witness in per_constraint.chunk_by(|a, b| a.1 == b.1) {
                let wi = per_witness[0].1 as usize;
                let count = self.count[ci][wi];
                let new = per_witness
                    .iter()
                    .filter(|s| !self.filled[ci][wi][s.2 as usize])
                    .count() as u32;
                closer += u64::from(new.min(need - count)) * weights[ci];
                reaches |= count + new >= need;
            }
            if reaches {
                satisfies += weights[ci];
            }
        }
        (satisfies, closer)
    }

    /// The total weight of the constraints `g` touches.
    fn weight(&self, g: usize) -> u64 {
        self.touches[g]
            .chunk_by(|a, b| a.0 == b.0)
            .map(|slots| self.instance.weights[slots[0].0 as usize])
            .sum()
    }

    /// Forgets what the chosen groups fill (they stay chosen): every
    /// constraint is open again for the groups left.
    fn reset(&mut self) {
        for per_constraint in &mut self.filled {
            for per_witness in per_constraint {
                per_witness.fill(false);
            }
        }
        for per_constraint in &mut self.count {
            per_constraint.fill(0);
        }
        self.done.fill(false);
        self.open = self.done.len();
    }

    fn add(&mut self, g: usize) {
        self.kept[g] = true;
        self.order.push(g);
        for &(ci, wi, cl) in &self.touches[g] {
            let (ci, wi) = (ci as usize, wi as usize);
            if !std::mem::replace(&mut self.filled[ci][wi][cl as usize], true) {
                self.count[ci][wi] += 1;
                if !self.done[ci] && self.count[ci][wi] >= self.instance.constraints[ci].need {
                    self.done[ci] = true;
                    self.open -= 1;
                }
            }
        }
    }
}

/// The average percentage of faults detected (APFD) of running `order`
/// (every group, each once): `1 - Σ TF_i / (n m) + 1 / (2n)`, where `TF_i`
/// is the 1-based position of the first group that kills mutant `i`, `n`
/// the number of groups and `m` of killed mutants. `None` without groups
/// or killed mutants.
pub(crate) fn apfd(order: &[u32], kills: &[Vec<u32>]) -> Option<f64> {
    let n = order.len();
    let killed: Vec<&Vec<u32>> = kills.iter().filter(|k| !k.is_empty()).collect();
    if n == 0 || killed.is_empty() {
        return None;
    }
    let mut position = vec![usize::MAX; n];
    for (i, &g) in order.iter().enumerate() {
        position[g as usize] = i + 1;
    }
    let first: usize = killed
        .iter()
        .map(|killers| {
            killers
                .iter()
                .map(|&g| position[g as usize])
                .min()
                .unwrap_or(n)
        })
        .sum();
    let (n, m) = (n as f64, killed.len() as f64);
    Some(1.0 - first as f64 / (n * m) + 1.0 / (2.0 * n))
}

//! Suite reduction: the fewest metamorphic groups of a run that keep
//! `A_k` of every asked criterion at its value and every killed mutant
//! killed (`docs/reduce.md`): a [`Suite`] in, a [`Reduction`] out, no I/O
//! but `run`'s, which reads the last run and the kill matrix into a
//! suite and writes the selection files.
//!
//! A group is one MR on its source inputs (an MG, as the kill matrix has
//! them). Keeping a set of groups keeps the associations `(t, m)` they
//! make; `K(r)` of the kept set is then measured as `crate::measure`
//! measures it (per relation: `m` counts for `r` on `t` when its own
//! source execution of `t` covered `r`). Because `A_k` sums
//! `min(|S_RO|, k)` over requirements and dropping groups can only lower
//! each term, `A_k` stays the same exactly when every requirement keeps
//! its `min(|S_RO(best t)|, k)`: a covering problem with one constraint per
//! distinct requirement (see [`instance`]), solved greedily ([`greedy`]) or
//! as an integer program ([`exact`]). The result is checked with the
//! measure itself before it is shown.

pub(crate) mod exact;
pub(crate) mod greedy;
pub(crate) mod instance;
pub(crate) mod order;
pub(crate) mod run;
pub(crate) mod summary;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::measure::{Counting, Coverage, InputIdx, MrIdx, Outcome, PoolBuilder, measure};

/// What a run showed, as reduction needs it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Suite {
    /// Per MR: its relation class.
    pub(crate) classes: Vec<String>,
    /// Number of source inputs (indices `0..inputs`).
    pub(crate) inputs: u32,
    /// The groups that associate (held): the units kept or dropped.
    pub(crate) groups: Vec<Group>,
    pub(crate) criteria: Vec<SuiteCriterion>,
    /// Per killed mutant: the groups that kill it (empty without a kill
    /// matrix).
    pub(crate) kills: Vec<Vec<u32>>,
    /// Per group: [`content_key`] of its MR and source inputs, so that
    /// ties are broken on what a group is, never on how a run or a kill
    /// matrix numbered it (empty: by index, for tests of pure logic).
    pub(crate) content: Vec<u64>,
}

/// What a group is, as a number: its MR's id and its source inputs' keys
/// (in any order), hashed. The run and the kill matrix number groups
/// differently; this is the same in both.
pub(crate) fn content_key(mr: &str, sources: &[u64]) -> u64 {
    let mut sorted = sources.to_vec();
    sorted.sort_unstable();
    // FNV-1a over the id and the keys, mixed.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = mr
        .bytes()
        .chain([0xff])
        .chain(sorted.iter().flat_map(|k| k.to_le_bytes()));
    for byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    mtcov_protocol::splitmix::mix(hash)
}

/// One metamorphic group: an MR and its source inputs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Group {
    pub(crate) mr: u32,
    pub(crate) sources: Vec<u32>,
}

/// One criterion: its requirements and what each source execution covered.
#[derive(Debug, Clone)]
pub(crate) struct SuiteCriterion {
    pub(crate) name: String,
    pub(crate) requirements: u32,
    /// `(input, MR, requirements)`: what the MR's own source executions of
    /// the input covered; `None` for an execution that counts for every MR
    /// of the input.
    pub(crate) executions: Vec<(u32, Option<u32>, Vec<u32>)>,
    /// `(first source input, MR, requirements)`: what the MR's
    /// source/follow-up pairs of the input ran differently (Metamorphic
    /// Coverage), sorted by input and MR; empty when not recorded.
    pub(crate) differing: Vec<(u32, u32, Vec<u32>)>,
}

impl SuiteCriterion {
    /// What `group`'s source/follow-up pairs ran differently (recorded by
    /// its first source input and MR); `None` when nothing was recorded
    /// for it (no pairs), unlike pairs that ran nothing differently.
    pub(crate) fn differing_of(&self, group: &Group) -> Option<&[u32]> {
        let first = *group.sources.first()?;
        self.differing
            .binary_search_by(|(t, mr, _)| (*t, *mr).cmp(&(first, group.mr)))
            .ok()
            .map(|i| self.differing[i].2.as_slice())
    }
}

/// `A_k` of one criterion as an exact fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Adequacy {
    pub(crate) numerator: u64,
    pub(crate) denominator: u64,
}

impl Adequacy {
    pub(crate) fn value(self) -> f64 {
        if self.denominator == 0 {
            0.0
        } else {
            self.numerator as f64 / self.denominator as f64
        }
    }
}

impl Suite {
    /// Per group, its place when the groups are sorted by content (ties,
    /// which a hash makes unlikely, by index).
    pub(crate) fn ranks(&self) -> Vec<u32> {
        let mut by_content: Vec<usize> = (0..self.groups.len()).collect();
        if self.content.len() == self.groups.len() {
            by_content.sort_by_key(|&g| (self.content[g], g));
        }
        let mut rank = vec![0; self.groups.len()];
        for (place, g) in by_content.into_iter().enumerate() {
            rank[g] = place as u32;
        }
        rank
    }

    /// `A_k` of every criterion (`None`: no requirements) when only the
    /// groups with `kept[g]` run, by `crate::measure` itself.
    pub(crate) fn adequacy(&self, k: u32, kept: &[bool]) -> anyhow::Result<Vec<Option<Adequacy>>> {
        let mut builder = PoolBuilder::new();
        for class in &self.classes {
            builder.add_mr(class, None);
        }
        for _ in 0..self.inputs {
            builder.add_input();
        }
        let mut associated = std::collections::HashSet::new();
        for (g, group) in self.groups.iter().enumerate() {
            if kept[g] {
                let inputs: Vec<InputIdx> = group.sources.iter().map(|&s| InputIdx(s)).collect();
                builder.record_mg(MrIdx(group.mr), &inputs, Outcome::Holds)?;
                associated.extend(group.sources.iter().map(|&s| (s, Some(group.mr))));
                associated.extend(group.sources.iter().map(|&s| (s, None)));
            }
        }
        let pool = builder.build();
        let relations = pool.source_relations(Counting::Class);
        let mut out = Vec::with_capacity(self.criteria.len());
        for criterion in &self.criteria {
            // Only the executions of kept groups: the others do not run.
            let mut coverage = Coverage::new(criterion.requirements);
            for (input, mr, reqs) in &criterion.executions {
                if !associated.contains(&(*input, *mr)) {
                    continue;
                }
                match mr {
                    Some(mr) => {
                        coverage.push_by(InputIdx(*input), MrIdx(*mr), reqs.iter().copied())?
                    }
                    None => coverage.push(InputIdx(*input), reqs.iter().copied())?,
                }
            }
            let measured = measure(&pool, &relations, &coverage, k)?;
            out.push(measured.summary().map(|s| Adequacy {
                numerator: s.a_k_numerator,
                denominator: s.a_k_denominator,
            }));
        }
        Ok(out)
    }

    /// How many killed mutants a kept group kills.
    pub(crate) fn kills_kept(&self, kept: &[bool]) -> usize {
        self.kills
            .iter()
            .filter(|killers| killers.iter().any(|&g| kept[g as usize]))
            .count()
    }
}

/// How the kept set was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Method {
    Greedy,
    Exact,
    /// The first groups of the prioritised order (`--budget`).
    Budget,
}

impl Method {
    /// The method of `--budget` (when given), else of `--exact`.
    pub(crate) fn of(budget: bool, exact: bool) -> Method {
        match (budget, exact) {
            (true, _) => Method::Budget,
            (false, true) => Method::Exact,
            (false, false) => Method::Greedy,
        }
    }
}

/// How many groups `--budget` keeps: a number or a share of the groups.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Budget {
    Groups(usize),
    Percent(f64),
}

impl Budget {
    /// `N` (groups, at least 1) or `P%` (more than 0, at most 100).
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if let Some(p) = text.strip_suffix('%') {
            match p.trim().parse::<f64>() {
                Ok(p) if p > 0.0 && p <= 100.0 => Ok(Budget::Percent(p)),
                _ => Err(format!(
                    "`{text}` is not a share of the groups: give more than 0% and at most 100%, like `25%`"
                )),
            }
        } else {
            match text.parse::<usize>() {
                Ok(n) if n > 0 => Ok(Budget::Groups(n)),
                _ => Err(format!(
                    "`{text}` is not a budget: give a number of groups (`20`) or a share (`25%`)"
                )),
            }
        }
    }

    /// The groups it keeps out of `total` (at least one when there is one).
    pub(crate) fn groups(self, total: usize) -> usize {
        match self {
            Budget::Groups(n) => n.min(total),
            Budget::Percent(p) => {
                ((p / 100.0 * total as f64).round() as usize).clamp(1.min(total), total)
            }
        }
    }
}

/// The exact search's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct ExactInfo {
    /// Proven smallest.
    pub(crate) optimal: bool,
    /// No kept set is smaller than this.
    pub(crate) lower_bound: u64,
    /// `(kept - lower_bound) / kept`.
    pub(crate) gap: f64,
    pub(crate) seconds: f64,
    /// The solver's answer was not used (it failed, found nothing better
    /// than greedy in time, or gave a set that breaks a constraint).
    pub(crate) fell_back: Option<&'static str>,
}

/// Finds the kept set: greedy, then (with `exact`) the integer program
/// started from the greedy set.
pub(crate) fn reduce(
    suite: &Suite,
    k: u32,
    exact: Option<std::time::Duration>,
) -> anyhow::Result<(Vec<bool>, usize, Option<ExactInfo>)> {
    reduce_redundant(suite, k, 1, exact)
}

/// As [`reduce`], keeping up to `redundancy` groups of different kinds
/// per requirement ([`instance::Instance::with_redundancy`]).
pub(crate) fn reduce_redundant(
    suite: &Suite,
    k: u32,
    redundancy: u32,
    exact: Option<std::time::Duration>,
) -> anyhow::Result<(Vec<bool>, usize, Option<ExactInfo>)> {
    let instance = instance::Instance::with_redundancy(suite, k, true, redundancy);
    let greedy = greedy::solve(&instance)?;
    let greedy_size = greedy.iter().filter(|&&k| k).count();
    let Some(limit) = exact else {
        return Ok((greedy, greedy_size, None));
    };
    let (kept, info) = exact::solve(&instance, &greedy, limit);
    Ok((kept, greedy_size, Some(info)))
}

/// The prioritisation of a suite's groups.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Order {
    /// Every group, first to run first.
    #[serde(skip)]
    pub(crate) groups: Vec<u32>,
    pub(crate) strategy: order::Strategy,
    /// How many of the first groups reach every criterion's `A_k`.
    pub(crate) groups_to_reach_a_k: usize,
    /// How the order did on the kill matrix, when there is one.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) against_random: Option<AgainstRandom>,
}

/// An order's APFD on a kill matrix against random orders of the same
/// groups.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct AgainstRandom {
    pub(crate) apfd: f64,
    /// Mean APFD of the random orders.
    pub(crate) apfd_random: f64,
    /// The share of the random orders whose APFD is at most `apfd`.
    pub(crate) percentile: f64,
    pub(crate) random_orders: usize,
}

/// The APFD of `order` on `kills` against `random` random orders drawn
/// from `seed`; `None` without groups or killed mutants.
pub(crate) fn against_random(
    order: &[u32],
    kills: &[Vec<u32>],
    random: usize,
    seed: u64,
) -> Option<AgainstRandom> {
    let apfd = greedy::apfd(order, kills)?;
    let mut rng = mtcov_protocol::splitmix::SplitMix64::new(seed);
    let mut shuffled = order.to_vec();
    let (mut total, mut at_most) = (0.0, 0usize);
    for _ in 0..random {
        rng.shuffle(&mut shuffled);
        let a = greedy::apfd(&shuffled, kills).unwrap_or(0.0);
        total += a;
        at_most += usize::from(a <= apfd);
    }
    let n = random.max(1) as f64;
    Some(AgainstRandom {
        apfd,
        apfd_random: total / n,
        percentile: at_most as f64 / n,
        random_orders: random,
    })
}

/// Orders the groups by `strategy` from what the run measured (kills are
/// not used: the order's APFD on the kill matrix then says how well the
/// order predicts them), and compares its APFD with `random` random
/// orders.
pub(crate) fn prioritise(
    suite: &Suite,
    k: u32,
    strategy: order::Strategy,
    random: usize,
    seed: u64,
) -> Order {
    let groups = order::order(suite, k, strategy);
    let instance = instance::Instance::new(suite, k, false);
    let mut kept = vec![false; suite.groups.len()];
    let mut groups_to_reach_a_k = 0;
    if !instance.feasible(&kept) {
        for (i, &g) in groups.iter().enumerate() {
            kept[g as usize] = true;
            if instance.feasible(&kept) {
                groups_to_reach_a_k = i + 1;
                break;
            }
        }
    }
    Order {
        against_random: against_random(&groups, &suite.kills, random, seed),
        groups,
        strategy,
        groups_to_reach_a_k,
    }
}

//! The covering problem behind a reduction.
//!
//! Every requirement `r` that the whole suite gives `c = min(|S_RO(best
//! t)|, k) > 0` becomes one constraint: some *witness* input `t` (one on
//! which the whole suite reaches `c` classes for `r`) must keep `c`
//! distinct classes among the kept groups that associate an MR of that
//! class with `t` and whose execution of `t` covered `r`. Every killed
//! mutant becomes a constraint with one witness and one class: one of its
//! killers. Requirements with the same constraint (lines of one block,
//! the regions on them) are one constraint with a weight.

use std::collections::HashMap;

use super::Suite;

/// A constraint: `need` distinct classes on one of the witnesses.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Constraint {
    pub(crate) need: u32,
    /// Per witness input: per class, the groups that provide it, sorted.
    pub(crate) witnesses: Vec<Vec<Vec<u32>>>,
}

impl Constraint {
    /// Whether the groups with `kept[g]` satisfy it.
    pub(crate) fn satisfied(&self, kept: &[bool]) -> bool {
        self.witnesses.iter().any(|classes| {
            classes
                .iter()
                .filter(|groups| groups.iter().any(|&g| kept[g as usize]))
                .count()
                >= self.need as usize
        })
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Instance {
    pub(crate) groups: usize,
    pub(crate) constraints: Vec<Constraint>,
    /// Per constraint: how many requirements and mutants it stands for.
    pub(crate) weights: Vec<u64>,
    /// Per group: its place in the order of group contents
    /// ([`Suite::ranks`]), the last tie-break of every choice.
    pub(crate) rank: Vec<u32>,
}

/// Identical constraints merged, each with how many times it was added.
#[derive(Default)]
struct Builder {
    weight_of: HashMap<Constraint, u64>,
    order: Vec<Constraint>,
}

impl Builder {
    fn add(&mut self, c: Constraint) {
        match self.weight_of.get_mut(&c) {
            Some(w) => *w += 1,
            None => {
                self.weight_of.insert(c.clone(), 1);
                self.order.push(c);
            }
        }
    }

    fn finish(self, suite: &Suite) -> Instance {
        let weights = self.order.iter().map(|c| self.weight_of[c]).collect();
        Instance {
            groups: suite.groups.len(),
            constraints: self.order,
            weights,
            rank: suite.ranks(),
        }
    }
}

/// What the constraints are made of: per criterion, one entry per way a
/// kept group makes its MR count for a requirement on an input.
struct Entries {
    /// Per MR: its interned class.
    class_of: Vec<u32>,
    /// Per criterion: `(requirement, input, MR, group)`, sorted, unique.
    per_criterion: Vec<Vec<(u32, u32, u32, u32)>>,
}

impl Entries {
    fn new(suite: &Suite) -> Self {
        let mut class_ids: HashMap<&str, u32> = HashMap::new();
        let class_of: Vec<u32> = suite
            .classes
            .iter()
            .map(|c| {
                let next = class_ids.len() as u32;
                *class_ids.entry(c.as_str()).or_insert(next)
            })
            .collect();
        // Which groups make each (input, MR) pair.
        let mut pair_groups: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
        let mut mrs_of_input: HashMap<u32, Vec<u32>> = HashMap::new();
        for (g, group) in suite.groups.iter().enumerate() {
            for &t in &group.sources {
                let groups = pair_groups.entry((t, group.mr)).or_default();
                if groups.last() != Some(&(g as u32)) {
                    groups.push(g as u32);
                }
                let mrs = mrs_of_input.entry(t).or_default();
                if !mrs.contains(&group.mr) {
                    mrs.push(group.mr);
                }
            }
        }
        let per_criterion = suite
            .criteria
            .iter()
            .map(|criterion| {
                let mut entries = Vec::new();
                for (t, mr, reqs) in &criterion.executions {
                    let mrs: &[u32] = match mr {
                        Some(mr) => std::slice::from_ref(mr),
                        None => mrs_of_input.get(t).map_or(&[], Vec::as_slice),
                    };
                    for &m in mrs {
                        let Some(groups) = pair_groups.get(&(*t, m)) else {
                            continue;
                        };
                        for &r in reqs {
                            for &g in groups {
                                entries.push((r, *t, m, g));
                            }
                        }
                    }
                }
                entries.sort_unstable();
                entries.dedup();
                entries
            })
            .collect();
        Entries {
            class_of,
            per_criterion,
        }
    }
}

impl Instance {
    /// The constraints of `suite` at `k`; of its kills too when `kills`.
    pub(crate) fn new(suite: &Suite, k: u32, kills: bool) -> Self {
        Self::with_redundancy(suite, k, kills, 1)
    }

    /// As [`new`](Self::new), and with `redundancy > 1` one more
    /// constraint per requirement: keep `redundancy` times as many groups
    /// of different kinds as `A_k` asks classes of it (or all its kinds),
    /// a kind being the group's relation class and the set of
    /// requirements its source/follow-up pairs run differently
    /// (Metamorphic Coverage): selective redundancy, more witnesses only
    /// where they check the code another way.
    pub(crate) fn with_redundancy(suite: &Suite, k: u32, kills: bool, redundancy: u32) -> Self {
        let entries = Entries::new(suite);
        let mut builder = Builder::default();
        for (c, per_criterion) in entries.per_criterion.iter().enumerate() {
            let kind_of = if redundancy > 1 {
                kinds_of_groups(suite, c, &entries.class_of)
            } else {
                Vec::new()
            };
            for per_requirement in per_criterion.chunk_by(|a, b| a.0 == b.0) {
                // Per input, per class: the groups.
                let mut by_class: Vec<(u32, u32, u32)> = per_requirement
                    .iter()
                    .map(|&(_, t, m, g)| (t, entries.class_of[m as usize], g))
                    .collect();
                by_class.sort_unstable();
                let witnesses: Vec<Vec<Vec<u32>>> = by_class
                    .chunk_by(|a, b| a.0 == b.0)
                    .map(|per_input| {
                        per_input
                            .chunk_by(|a, b| a.1 == b.1)
                            .map(|per_class| per_class.iter().map(|e| e.2).collect())
                            .collect()
                    })
                    .collect();
                let best = witnesses.iter().map(Vec::len).max().unwrap_or(0) as u32;
                let need = best.min(k);
                if need == 0 {
                    continue;
                }
                let witnesses = witnesses
                    .into_iter()
                    .filter(|classes| classes.len() as u32 >= need)
                    .collect();
                builder.add(Constraint { need, witnesses });
                if redundancy > 1 {
                    builder.add(kinds(&kind_of, per_requirement, redundancy * need));
                }
            }
        }
        for killers in suite.kills.iter().filter(|_| kills) {
            let mut killers = killers.clone();
            killers.sort_unstable();
            killers.dedup();
            if !killers.is_empty() {
                builder.add(Constraint {
                    need: 1,
                    witnesses: vec![vec![killers]],
                });
            }
        }
        builder.finish(suite)
    }

    /// Every relation's own coverage: one constraint per (MR, requirement)
    /// that some group's source execution makes, met by any one of those
    /// groups (`A_k` counting relations instead of classes, with `k` as
    /// large as the suite's MRs: each relation is a different oracle of
    /// the code it runs).
    pub(crate) fn relations(suite: &Suite, differing: bool) -> Self {
        let entries = Entries::new(suite);
        let mut builder = Builder::default();
        for (c, per_criterion) in entries.per_criterion.iter().enumerate() {
            let mut by_mr: Vec<(u32, u32, u32)> = per_criterion
                .iter()
                .map(|&(r, _, m, g)| (r, m, g))
                .collect();
            if differing {
                // What each group's pairs run differently, as requirements
                // past the criterion's own.
                let criterion = &suite.criteria[c];
                for (g, group) in suite.groups.iter().enumerate() {
                    by_mr.extend(
                        criterion
                            .differing_of(group)
                            .unwrap_or_default()
                            .iter()
                            .map(|&r| (criterion.requirements + r, group.mr, g as u32)),
                    );
                }
            }
            by_mr.sort_unstable();
            by_mr.dedup();
            for per_pair in by_mr.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
                builder.add(Constraint {
                    need: 1,
                    witnesses: vec![vec![per_pair.iter().map(|e| e.2).collect()]],
                });
            }
        }
        builder.finish(suite)
    }

    /// Whether the groups with `kept[g]` satisfy every constraint.
    pub(crate) fn feasible(&self, kept: &[bool]) -> bool {
        self.constraints.iter().all(|c| c.satisfied(kept))
    }
}

/// Per group: its kind for criterion `criterion` (see
/// [`Instance::with_redundancy`]): its MR's class and the set of
/// requirements its pairs run differently, numbered.
fn kinds_of_groups(suite: &Suite, criterion: usize, class_of: &[u32]) -> Vec<u32> {
    let criterion = &suite.criteria[criterion];
    let mut ids: HashMap<(u32, Option<&[u32]>), u32> = HashMap::new();
    suite
        .groups
        .iter()
        .map(|group| {
            let set = criterion.differing_of(group);
            let next = ids.len() as u32;
            *ids.entry((class_of[group.mr as usize], set))
                .or_insert(next)
        })
        .collect()
}

/// The redundancy constraint of one requirement: `need` of the kinds of
/// the groups that run it (all of them, if fewer), as the "classes" of
/// one witness.
fn kinds(kind_of: &[u32], per_requirement: &[(u32, u32, u32, u32)], need: u32) -> Constraint {
    let mut kinds: Vec<(u32, u32)> = per_requirement
        .iter()
        .map(|&(_, _, _, g)| (kind_of[g as usize], g))
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let classes: Vec<Vec<u32>> = kinds
        .chunk_by(|a, b| a.0 == b.0)
        .map(|per_kind| per_kind.iter().map(|e| e.1).collect())
        .collect();
    Constraint {
        need: need.min(classes.len() as u32),
        witnesses: vec![classes],
    }
}

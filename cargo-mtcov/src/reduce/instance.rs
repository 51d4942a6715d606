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
}

impl Instance {
    /// The constraints of `suite` at `k`; of its kills too when `kills`.
    pub(crate) fn new(suite: &Suite, k: u32, kills: bool) -> Self {
        let mut weight_of: HashMap<Constraint, u64> = HashMap::new();
        let mut order: Vec<Constraint> = Vec::new();
        let mut add = |c: Constraint| match weight_of.get_mut(&c) {
            Some(w) => *w += 1,
            None => {
                weight_of.insert(c.clone(), 1);
                order.push(c);
            }
        };
        // Interned classes, and which groups make each (input, MR) pair.
        let mut class_ids: HashMap<&str, u32> = HashMap::new();
        let class_of: Vec<u32> = suite
            .classes
            .iter()
            .map(|c| {
                let next = class_ids.len() as u32;
                *class_ids.entry(c.as_str()).or_insert(next)
            })
            .collect();
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
        for criterion in &suite.criteria {
            // (requirement, input, class, group), one per way a kept group
            // can make a class count for a requirement on an input.
            let mut entries: Vec<(u32, u32, u32, u32)> = Vec::new();
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
                            entries.push((r, *t, class_of[m as usize], g));
                        }
                    }
                }
            }
            entries.sort_unstable();
            entries.dedup();
            for per_requirement in entries.chunk_by(|a, b| a.0 == b.0) {
                let witnesses: Vec<Vec<Vec<u32>>> = per_requirement
                    .chunk_by(|a, b| a.1 == b.1)
                    .map(|per_input| {
                        per_input
                            .chunk_by(|a, b| a.2 == b.2)
                            .map(|per_class| per_class.iter().map(|e| e.3).collect())
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
                add(Constraint { need, witnesses });
            }
        }
        for killers in suite.kills.iter().filter(|_| kills) {
            let mut killers = killers.clone();
            killers.sort_unstable();
            killers.dedup();
            if !killers.is_empty() {
                add(Constraint {
                    need: 1,
                    witnesses: vec![vec![killers]],
                });
            }
        }
        let weights = order.iter().map(|c| weight_of[c]).collect();
        Instance {
            groups: suite.groups.len(),
            constraints: order,
            weights,
        }
    }

    /// Whether the groups with `kept[g]` satisfy every constraint.
    pub(crate) fn feasible(&self, kept: &[bool]) -> bool {
        self.constraints.iter().all(|c| c.satisfied(kept))
    }
}

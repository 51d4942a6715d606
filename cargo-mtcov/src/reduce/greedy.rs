//! The greedy reduction: add the group that satisfies the most (weighted)
//! constraints, or failing that brings the most constraints closer to
//! their `need`, until every constraint holds; then drop, latest first,
//! every group the others make redundant.

use anyhow::{Result, bail};

use super::instance::Instance;

/// The kept groups (`kept[g]`), satisfying every constraint of `instance`.
pub(crate) fn solve(instance: &Instance) -> Result<Vec<bool>> {
    let constraints = &instance.constraints;
    // Per group: the (constraint, witness, class) slots it fills, in order.
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
    let mut filled: Vec<Vec<Vec<bool>>> = constraints
        .iter()
        .map(|c| c.witnesses.iter().map(|w| vec![false; w.len()]).collect())
        .collect();
    let mut count: Vec<Vec<u32>> = constraints
        .iter()
        .map(|c| vec![0; c.witnesses.len()])
        .collect();
    let mut done = vec![false; constraints.len()];
    let mut open = constraints.len();
    let mut kept = vec![false; instance.groups];
    let mut order = Vec::new();
    while open > 0 {
        let mut best: Option<(u64, u64, usize)> = None;
        for (g, slots) in touches.iter().enumerate() {
            if kept[g] {
                continue;
            }
            let (mut satisfies, mut closer) = (0u64, 0u64);
            for per_constraint in slots.chunk_by(|a, b| a.0 == b.0) {
                let ci = per_constraint[0].0 as usize;
                if done[ci] {
                    continue;
                }
                let need = constraints[ci].need;
                let mut reaches = false;
                for per_witness in per_constraint.chunk_by(|a, b| a.1 == b.1) {
                    let wi = per_witness[0].1 as usize;
                    let new = per_witness
                        .iter()
                        .filter(|s| !filled[ci][wi][s.2 as usize])
                        .count() as u32;
                    closer += u64::from(new.min(need - count[ci][wi])) * instance.weights[ci];
                    reaches |= count[ci][wi] + new >= need;
                }
                if reaches {
                    satisfies += instance.weights[ci];
                }
            }
            if (satisfies, closer) != (0, 0)
                && best.is_none_or(|(s, c, _)| (satisfies, closer) > (s, c))
            {
                best = Some((satisfies, closer, g));
            }
        }
        let Some((_, _, g)) = best else {
            bail!(
                "internal error: {open} reduction constraints cannot be met by the run's own groups"
            );
        };
        kept[g] = true;
        order.push(g);
        for &(ci, wi, cl) in &touches[g] {
            let (ci, wi) = (ci as usize, wi as usize);
            if !std::mem::replace(&mut filled[ci][wi][cl as usize], true) {
                count[ci][wi] += 1;
                if !done[ci] && count[ci][wi] >= constraints[ci].need {
                    done[ci] = true;
                    open -= 1;
                }
            }
        }
    }
    // Latest first: a group added to finish a constraint often makes an
    // earlier, broader one redundant.
    for &g in order.iter().rev() {
        kept[g] = false;
        let still = touches[g]
            .chunk_by(|a, b| a.0 == b.0)
            .all(|slots| constraints[slots[0].0 as usize].satisfied(&kept));
        if !still {
            kept[g] = true;
        }
    }
    Ok(kept)
}

//! The exact reduction: an integer program solved by branch and bound
//! (microlp, pure Rust), started from the greedy set, within a time limit.
//!
//! Variables: `x_g` (binary) keeps group `g`; the objective is `Σ x_g`.
//! A constraint with `need = 1` is `Σ x_g ≥ 1` over every group of every
//! witness. Otherwise, per witness `w` a binary `y_w` (`Σ y_w ≥ 1`; fixed
//! to 1 when there is one witness) and per class `c` of `w` a term `z_c ≤
//! Σ x_g` over its groups, `z_c ∈ [0, 1]` (the group's `x_g` itself when
//! the class has one group), with `Σ z_c ≥ need · y_w`. With integral
//! `x`, a `z_c` can reach 1 exactly when a group of its class is kept, so
//! continuous `z` is exact.

use std::time::{Duration, Instant};

use microlp::{
    ComparisonOp, OptimizationDirection, Problem, SolutionStatus, SolveOptions, Variable,
};

use super::ExactInfo;
use super::instance::Instance;

/// The smallest kept set the solver finds within `limit`, never larger
/// than `greedy`, and what is known of its optimality.
pub(crate) fn solve(
    instance: &Instance,
    greedy: &[bool],
    limit: Duration,
) -> (Vec<bool>, ExactInfo) {
    let started = Instant::now();
    let greedy_size = greedy.iter().filter(|&&k| k).count() as u64;
    let fallback = |reason: &'static str, lower_bound: u64| {
        (
            greedy.to_vec(),
            ExactInfo {
                optimal: lower_bound == greedy_size,
                lower_bound,
                gap: gap(greedy_size, lower_bound),
                seconds: started.elapsed().as_secs_f64(),
                fell_back: Some(reason),
            },
        )
    };
    let model = Model::new(instance, greedy);
    let mut options = SolveOptions::default();
    options.time_limit = Some(limit);
    options.warm_start = Some(model.warm.clone());
    let outcome = match model.problem.solve_with(options) {
        Ok(outcome) => outcome,
        Err(_) => return fallback("the solver failed", 0),
    };
    let Some(solution) = outcome.solution() else {
        return fallback("no solution within the time limit", 0);
    };
    let kept: Vec<bool> = model
        .x
        .iter()
        .map(|x| x.is_some_and(|x| solution.var_value_raw(x) > 0.5))
        .collect();
    let size = kept.iter().filter(|&&k| k).count() as u64;
    let stats = solution.stats();
    let lower_bound = if solution.status() == SolutionStatus::Optimal {
        size
    } else {
        // The bound is of a minimisation with an integral objective: a
        // bound above `size - 1` proves `size` smallest.
        stats
            .best_bound
            .map_or(0, |b| (b - 1e-6).ceil().max(0.0) as u64)
            .min(size)
    };
    let optimal = lower_bound == size;
    if !instance.feasible(&kept) {
        return fallback(
            "its answer breaks a constraint",
            lower_bound.min(greedy_size),
        );
    }
    if size >= greedy_size {
        let (kept, mut info) =
            fallback("nothing smaller than greedy", lower_bound.min(greedy_size));
        info.fell_back = (size > greedy_size).then_some("nothing smaller than greedy");
        return (kept, info);
    }
    (
        kept,
        ExactInfo {
            optimal,
            lower_bound,
            gap: gap(size, lower_bound),
            seconds: started.elapsed().as_secs_f64(),
            fell_back: None,
        },
    )
}

fn gap(size: u64, lower_bound: u64) -> f64 {
    if size == 0 {
        0.0
    } else {
        (size - lower_bound.min(size)) as f64 / size as f64
    }
}

/// The integer program and the greedy set as its starting point.
struct Model {
    problem: Problem,
    /// Per group: its variable (`None`: in no constraint, never kept).
    x: Vec<Option<Variable>>,
    warm: Vec<(Variable, f64)>,
}

impl Model {
    fn new(instance: &Instance, greedy: &[bool]) -> Self {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        let mut x: Vec<Option<Variable>> = vec![None; instance.groups];
        let mut warm = Vec::new();
        let mut x_of = |g: u32, problem: &mut Problem, warm: &mut Vec<(Variable, f64)>| {
            *x[g as usize].get_or_insert_with(|| {
                let var = problem.add_binary_var(1.0);
                warm.push((var, if greedy[g as usize] { 1.0 } else { 0.0 }));
                var
            })
        };
        for c in &instance.constraints {
            if c.need == 1 {
                let mut groups: Vec<u32> =
                    c.witnesses.iter().flatten().flatten().copied().collect();
                groups.sort_unstable();
                groups.dedup();
                let terms: Vec<(Variable, f64)> = groups
                    .iter()
                    .map(|&g| (x_of(g, &mut problem, &mut warm), 1.0))
                    .collect();
                problem.add_constraint(terms, ComparisonOp::Ge, 1.0);
                continue;
            }
            let one_witness = c.witnesses.len() == 1;
            let mut ys = Vec::new();
            let mut picked = false;
            for classes in &c.witnesses {
                let filled = classes
                    .iter()
                    .filter(|groups| groups.iter().any(|&g| greedy[g as usize]))
                    .count();
                let mut terms: Vec<(Variable, f64)> = Vec::new();
                for groups in classes {
                    if let [g] = groups.as_slice() {
                        terms.push((x_of(*g, &mut problem, &mut warm), 1.0));
                        continue;
                    }
                    let z = problem.add_var(0.0, (0.0, 1.0));
                    let on = groups.iter().any(|&g| greedy[g as usize]);
                    warm.push((z, if on { 1.0 } else { 0.0 }));
                    let mut bound = vec![(z, 1.0)];
                    for &g in groups {
                        bound.push((x_of(g, &mut problem, &mut warm), -1.0));
                    }
                    problem.add_constraint(bound, ComparisonOp::Le, 0.0);
                    terms.push((z, 1.0));
                }
                if one_witness {
                    problem.add_constraint(terms, ComparisonOp::Ge, f64::from(c.need));
                } else {
                    let y = problem.add_binary_var(0.0);
                    // The greedy set's witness: the first one it fills.
                    let chosen = !picked && filled >= c.need as usize;
                    picked |= chosen;
                    warm.push((y, if chosen { 1.0 } else { 0.0 }));
                    ys.push((y, 1.0));
                    terms.push((y, -f64::from(c.need)));
                    problem.add_constraint(terms, ComparisonOp::Ge, 0.0);
                }
            }
            if !one_witness {
                problem.add_constraint(ys, ComparisonOp::Ge, 1.0);
            }
        }
        Model { problem, x, warm }
    }
}

//! What `cargo mtcov reduce` prints (text) and writes (JSON).

use std::fmt::Write as _;

use serde::Serialize;

use super::{Adequacy, ExactInfo, Method, Order};
use crate::escape::terminal;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Reduction {
    pub(crate) k: u32,
    pub(crate) method: Method,
    pub(crate) groups: Kept,
    pub(crate) inputs: Kept,
    pub(crate) mrs: Kept,
    /// Groups the greedy search keeps (the exact one starts from them; a
    /// budget is compared with them).
    pub(crate) greedy_groups: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exact: Option<ExactInfo>,
    /// `A_k` per criterion: the whole run's, which the kept groups keep.
    pub(crate) criteria: Vec<CriterionKept>,
    /// Killed mutants of the kill matrix (`--mutants`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) killed_mutants: Option<usize>,
    /// Of them, those a kept group kills: all of them, but under a
    /// budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) killed_mutants_kept: Option<usize>,
    pub(crate) kept: Vec<KeptGroup>,
    /// MRs with no kept group: on these inputs they check nothing the
    /// kept groups do not.
    pub(crate) mrs_adding_nothing: Vec<String>,
    /// Per MR with kept groups: what dropping them too would cost.
    pub(crate) mr_costs: Vec<MrCost>,
    /// The selection file (`MTCOV_SELECT`): the kept groups, in `order`.
    pub(crate) selection: String,
    /// Every group, prioritised by what it adds to `A_k`.
    pub(crate) order: Order,
    /// The order as a selection file (every group; its first lines are
    /// the best subset of their size).
    pub(crate) order_file: String,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct Kept {
    pub(crate) kept: usize,
    pub(crate) total: usize,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CriterionKept {
    pub(crate) criterion: String,
    pub(crate) requirements: u32,
    /// `A_k` of the kept groups: the whole run's, except under a budget.
    pub(crate) a_k: f64,
    pub(crate) exact: Adequacy,
    /// `A_k` of every group of the run.
    pub(crate) whole: Adequacy,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct KeptGroup {
    pub(crate) mr: String,
    /// The source key the selection names it by (16 hex digits).
    pub(crate) key: String,
    /// The `Debug` text of its source inputs.
    pub(crate) sources: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct MrCost {
    pub(crate) mr: String,
    pub(crate) kept_groups: usize,
    /// `A_k` per criterion (as `criteria`) without this MR's kept groups.
    pub(crate) a_k_without: Vec<f64>,
    /// Killed mutants no other kept group kills.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) kills_lost: Option<usize>,
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn share(kept: Kept) -> String {
    let pct = if kept.total == 0 {
        0.0
    } else {
        kept.kept as f64 / kept.total as f64
    };
    format!("{} of {} ({})", kept.kept, kept.total, percent(pct))
}

/// What was kept, how, and the `A_k` (and kills) it keeps.
fn kept_lines(out: &mut String, r: &Reduction) {
    let _ = writeln!(
        out,
        "Kept {} metamorphic groups: {} source input{}, {} MRs ({})",
        share(r.groups),
        r.inputs.kept,
        if r.inputs.kept == 1 { "" } else { "s" },
        share(r.mrs),
        match r.method {
            Method::Greedy => "greedy".to_owned(),
            Method::Exact => "exact".to_owned(),
            Method::Budget => format!(
                "a budget: the first groups of the prioritised order; {} groups keep A_{}",
                r.greedy_groups, r.k
            ),
        }
    );
    if let Some(exact) = &r.exact {
        let verdict = if exact.optimal {
            "proven smallest".to_owned()
        } else {
            format!(
                "at least {} needed, gap {}",
                exact.lower_bound,
                percent(exact.gap)
            )
        };
        let _ = writeln!(
            out,
            "  exact search: {verdict} in {:.1} s; greedy kept {}{}",
            exact.seconds,
            r.greedy_groups,
            exact
                .fell_back
                .map(|why| format!(" (greedy's set is used: {why})"))
                .unwrap_or_default()
        );
    }
    let budget = r.method == Method::Budget;
    let kept_numbers: Vec<String> = r.criteria.iter().map(|c| kept_number(c, budget)).collect();
    let _ = writeln!(
        out,
        "  A_{} {}: {}",
        r.k,
        if budget { "kept" } else { "unchanged" },
        if kept_numbers.is_empty() {
            "no criterion has requirements".to_owned()
        } else {
            kept_numbers.join(", ")
        }
    );
    match (r.killed_mutants, r.killed_mutants_kept) {
        (Some(killed), Some(kept)) if kept < killed => {
            let _ = writeln!(
                out,
                "  kills kept: {kept} of the run's {killed} killed mutants ({})",
                percent(kept as f64 / killed as f64)
            );
        }
        (Some(killed), _) => {
            let _ = writeln!(out, "  kills unchanged: all {killed} killed mutants");
        }
        (None, _) => {}
    }
}

/// One criterion's `A_k` of the kept groups, beside the run's under a
/// budget: with numerators when the rounded percentages look equal but
/// are not.
fn kept_number(c: &CriterionKept, budget: bool) -> String {
    if !budget {
        return format!("{} {}", c.criterion, percent(c.a_k));
    }
    let (kept, whole) = (percent(c.a_k), percent(c.whole.value()));
    if kept == whole && c.exact.numerator != c.whole.numerator {
        format!(
            "{} {kept} ({}/{}) of the run's {whole} ({}/{})",
            c.criterion,
            c.exact.numerator,
            c.exact.denominator,
            c.whole.numerator,
            c.whole.denominator
        )
    } else {
        format!("{} {kept} of the run's {whole}", c.criterion)
    }
}

/// The MRs that add nothing, and what dropping each kept MR would cost.
fn mr_costs(out: &mut String, r: &Reduction) {
    if !r.mrs_adding_nothing.is_empty() {
        let _ = writeln!(
            out,
            "\nMRs that add nothing here ({}): the kept groups check all they check",
            r.mrs_adding_nothing.len()
        );
        for mr in &r.mrs_adding_nothing {
            let _ = writeln!(out, "  {}", terminal(mr));
        }
    }
    if !r.mr_costs.is_empty() {
        let _ = writeln!(out, "\nWhat dropping a kept MR would cost:");
        for cost in &r.mr_costs {
            let mut losses: Vec<String> = r
                .criteria
                .iter()
                .zip(&cost.a_k_without)
                .filter(|(c, without)| **without < c.a_k)
                .map(|(c, without)| {
                    format!("{} A_{} -{}", c.criterion, r.k, percent(c.a_k - without))
                })
                .collect();
            if let Some(lost) = cost.kills_lost.filter(|&n| n > 0) {
                losses.push(format!("{lost} kill{}", if lost == 1 { "" } else { "s" }));
            }
            let _ = writeln!(
                out,
                "  {} ({} group{}): {}",
                terminal(&cost.mr),
                cost.kept_groups,
                if cost.kept_groups == 1 { "" } else { "s" },
                if losses.is_empty() {
                    "nothing".to_owned()
                } else {
                    losses.join(", ")
                }
            );
        }
    }
}

/// The prioritised order, and the commands that run the selections.
fn order_lines(out: &mut String, r: &Reduction) {
    let order = &r.order;
    let _ = write!(
        out,
        "\nPrioritised: the MRs in turn, each one's groups by what they run and run differently \
         that its earlier groups did not, with reset (kills not used; {}: docs/study.md): \
         A_{} after {} of {} groups",
        super::order::STUDY_EVIDENCE,
        r.k,
        order.groups_to_reach_a_k,
        r.groups.total
    );
    match order.against_random {
        Some(a) => {
            let _ = writeln!(
                out,
                "; APFD on the kill matrix {:.3} (random orders: {:.3}, mean of {}; \
                 this order is at or above {:.0}% of them)",
                a.apfd,
                a.apfd_random,
                a.random_orders,
                a.percentile * 100.0
            );
        }
        _ => out.push('\n'),
    }
    let _ = writeln!(
        out,
        "\nRun only the kept groups (any test command; every check of every test):\n  \
         MTCOV_SELECT={} cargo mtcov\nRun every group in that order (or its first N lines, as --budget N keeps them):\n  \
         MTCOV_SELECT={} cargo mtcov",
        terminal(&r.selection),
        terminal(&r.order_file)
    );
}

pub(crate) fn render_text(r: &Reduction) -> String {
    let mut out = String::new();
    kept_lines(&mut out, r);
    mr_costs(&mut out, r);
    order_lines(&mut out, r);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::Adequacy;

    #[test]
    fn a_loss_rounding_hides_is_shown_by_its_numerators() {
        let kept = |numerator| CriterionKept {
            criterion: "line".into(),
            requirements: 6510,
            a_k: numerator as f64 / 6510.0,
            exact: Adequacy {
                numerator,
                denominator: 6510,
            },
            whole: Adequacy {
                numerator: 3331,
                denominator: 6510,
            },
        };
        assert_eq!(
            kept_number(&kept(3330), true),
            "line 51.2% (3330/6510) of the run's 51.2% (3331/6510)"
        );
        assert_eq!(
            kept_number(&kept(3331), true),
            "line 51.2% of the run's 51.2%"
        );
        assert_eq!(
            kept_number(&kept(3000), true),
            "line 46.1% of the run's 51.2%"
        );
        assert_eq!(kept_number(&kept(3331), false), "line 51.2%");
    }
}

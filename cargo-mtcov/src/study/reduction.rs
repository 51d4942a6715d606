//! The study's reduction and prioritisation: on a kill matrix, per
//! criterion, how many groups each reduction keeps and how much of the
//! pool's fault detection they keep; and how soon the `A_3` order detects
//! the mutants (APFD) against random orders.

use std::time::Duration;

use anyhow::Result;
use serde::Serialize;

use super::RQ2_K;
use super::stats::Rng;
use crate::mutants::matrix::Matrix;
use crate::mutants::verdict::MutantStatus;
use crate::reduce::{self, Group, Suite, SuiteCriterion};

/// The exact search's time limit per reduction in the study.
pub(crate) const EXACT_LIMIT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReductionStudy {
    pub(crate) criterion: String,
    /// Groups of the matrix (its baseline's MGs that held).
    pub(crate) groups: usize,
    pub(crate) rows: Vec<ReductionRow>,
    /// APFD of every group in the `A_3` order (kills not used to order).
    pub(crate) apfd: Option<f64>,
    /// Mean APFD of random orders (one per sample).
    pub(crate) apfd_random: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReductionRow {
    /// What the reduction keeps and how: `A_3 greedy`, `A_3 exact`,
    /// `A_3 + kills greedy`, `A_3 + kills exact`, `random`.
    pub(crate) method: &'static str,
    pub(crate) kept: usize,
    /// FDE of the kept groups (mean over samples for `random`).
    pub(crate) fde: f64,
    /// `fde` over the whole pool's FDE.
    pub(crate) fde_share: f64,
    /// For exact rows: whether the set is proven smallest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) optimal: Option<bool>,
}

/// The matrix as a reduction suite for criterion `c`, with the viable
/// mutants' killers; and the number of viable mutants.
fn suite(matrix: &Matrix, c: usize) -> (Suite, usize) {
    let entry = &matrix.criteria[c];
    let viable: Vec<&crate::mutants::matrix::MutantEntry> = matrix
        .mutants
        .iter()
        .filter(|m| matches!(m.status, MutantStatus::Killed | MutantStatus::Survived))
        .collect();
    let suite = Suite {
        classes: matrix.mrs.iter().map(|mr| mr.class.clone()).collect(),
        inputs: matrix.sources.len() as u32,
        groups: matrix
            .groups
            .iter()
            .map(|g| Group {
                mr: g.mr,
                sources: g.sources.clone(),
            })
            .collect(),
        criteria: vec![SuiteCriterion {
            name: entry.criterion.clone(),
            requirements: entry.requirements,
            executions: entry
                .executions
                .iter()
                .map(|e| (e.source, Some(e.mr), e.covered.clone()))
                .collect(),
        }],
        kills: viable
            .iter()
            .filter(|m| !m.killed_by.is_empty())
            .map(|m| m.killed_by.clone())
            .collect(),
    };
    (suite, viable.len())
}

pub(crate) fn study(
    matrix: &Matrix,
    c: usize,
    samples: usize,
    seed: u64,
) -> Result<ReductionStudy> {
    let (suite, viable) = suite(matrix, c);
    let fde = |kept: &[bool]| suite.kills_kept(kept) as f64 / viable.max(1) as f64;
    let pool_fde = fde(&vec![true; suite.groups.len()]);
    let share = |f: f64| if pool_fde > 0.0 { f / pool_fde } else { 0.0 };
    let size = |kept: &[bool]| kept.iter().filter(|&&k| k).count();
    let mut rows = Vec::new();
    let coverage_only = Suite {
        kills: Vec::new(),
        ..suite.clone()
    };
    let mut greedy_size = 0;
    for with_kills in [false, true] {
        let reduced = if with_kills { &suite } else { &coverage_only };
        for exact in [false, true] {
            let (kept, greedy, info) =
                reduce::reduce(reduced, RQ2_K, exact.then_some(EXACT_LIMIT))?;
            if !with_kills && !exact {
                greedy_size = greedy;
            }
            let f = fde(&kept);
            rows.push(ReductionRow {
                method: match (with_kills, exact) {
                    (false, false) => "A_3 greedy",
                    (false, true) => "A_3 exact",
                    (true, false) => "A_3 + kills greedy",
                    (true, true) => "A_3 + kills exact",
                },
                kept: size(&kept),
                fde: f,
                fde_share: share(f),
                optimal: info.map(|i| i.optimal),
            });
        }
    }
    // Random sets of the coverage-only greedy size.
    let mut rng = Rng::new(seed ^ 0x5eed_f4ed);
    let n = suite.groups.len();
    let mut total = 0.0;
    let mut order: Vec<usize> = (0..n).collect();
    for _ in 0..samples {
        rng.shuffle(&mut order);
        let mut kept = vec![false; n];
        for &g in &order[..greedy_size.min(n)] {
            kept[g] = true;
        }
        total += fde(&kept);
    }
    let random_fde = total / samples.max(1) as f64;
    rows.push(ReductionRow {
        method: "random",
        kept: greedy_size.min(n),
        fde: random_fde,
        fde_share: share(random_fde),
        optimal: None,
    });
    let order = reduce::prioritise(&suite, RQ2_K, samples, seed);
    Ok(ReductionStudy {
        criterion: matrix.criteria[c].criterion.clone(),
        groups: n,
        rows,
        apfd: order.apfd,
        apfd_random: order.apfd_random,
    })
}

pub(crate) fn render_text(studies: &[ReductionStudy]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    if studies.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "## Reduction and prioritisation (k = {RQ2_K}; exact: {} s limit)\n",
        EXACT_LIMIT.as_secs()
    );
    let _ = writeln!(
        out,
        "| criterion | groups | kept by | groups kept | FDE | share of the pool's FDE |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for s in studies {
        for row in &s.rows {
            let proven = match row.optimal {
                Some(true) => " (proven smallest)",
                Some(false) => " (not proven)",
                None => "",
            };
            let _ = writeln!(
                out,
                "| {} | {} | {}{proven} | {} | {:.3} | {:.1}% |",
                s.criterion,
                s.groups,
                row.method,
                row.kept,
                row.fde,
                row.fde_share * 100.0
            );
        }
    }
    let _ = writeln!(
        out,
        "\n| criterion | APFD of the A_{RQ2_K} order | mean APFD of random orders |"
    );
    let _ = writeln!(out, "|---|---|---|");
    let f = |x: Option<f64>| x.map_or("-".to_owned(), |x| format!("{x:.3}"));
    for s in studies {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            s.criterion,
            f(s.apfd),
            f(s.apfd_random)
        );
    }
    out.push('\n');
    out
}

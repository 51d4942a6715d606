//! The study's reduction and prioritisation: on a kill matrix, per
//! criterion, how many groups each reduction keeps and how much of the
//! pool's fault detection they keep; how soon each prioritisation
//! strategy detects the mutants (APFD) against random orders; and how
//! much fault detection the first 10 %, 25 % and 50 % of each order keep
//! against random sets of the same size (a `--budget`).

use std::time::Duration;

use anyhow::Result;
use serde::Serialize;

use super::RQ2_K;
use super::stats::Rng;
use crate::mutants::matrix::Matrix;
use crate::mutants::verdict::MutantStatus;
use crate::reduce::order::Strategy;
use crate::reduce::{self, AgainstRandom, Group, Suite, SuiteCriterion};

/// The exact search's time limit per reduction in the study.
pub(crate) const EXACT_LIMIT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReductionStudy {
    pub(crate) criterion: String,
    /// Groups of the matrix (its baseline's MGs that held).
    pub(crate) groups: usize,
    pub(crate) rows: Vec<ReductionRow>,
    /// Per prioritisation strategy (kills not used to order): its APFD
    /// against random orders (one per sample) and what its budgets keep.
    pub(crate) orders: Vec<OrderRow>,
    /// Random sets of each budget's size.
    pub(crate) random_budgets: Vec<RandomBudget>,
}

/// The budgets of the study, as shares of the groups.
pub(crate) const BUDGETS: [f64; 3] = [0.10, 0.25, 0.50];

#[derive(Debug, Clone, Serialize)]
pub(crate) struct OrderRow {
    pub(crate) strategy: Strategy,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) against_random: Option<AgainstRandom>,
    /// Per budget of [`BUDGETS`]: the share of the pool's FDE its first
    /// groups keep.
    pub(crate) budget_fde_share: Vec<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct RandomBudget {
    pub(crate) budget: f64,
    pub(crate) groups: usize,
    /// Mean share of the pool's FDE over the random sets.
    pub(crate) mean: f64,
    /// The 2.5th and 97.5th percentiles of the share.
    pub(crate) low: f64,
    pub(crate) high: f64,
}

/// The number of groups a budget of `share` keeps out of `n`, as
/// `cargo mtcov reduce --budget` counts them.
fn budget_groups(share: f64, n: usize) -> usize {
    reduce::Budget::Percent(share * 100.0).groups(n)
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ReductionRow {
    /// What the reduction keeps and how: `A_3 greedy`, `A_3 exact`,
    /// `A_3 + kills greedy`, `A_3 + kills exact`, `A_3 redundancy 2
    /// greedy`, `random` (sets of the `A_3 greedy` size), `random
    /// (redundancy 2 size)`.
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
pub(crate) fn suite(matrix: &Matrix, c: usize) -> (Suite, usize) {
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
            differing: {
                let mut differing: Vec<(u32, u32, Vec<u32>)> = entry
                    .differing
                    .iter()
                    .map(|e| (e.source, e.mr, e.covered.clone()))
                    .collect();
                differing.sort_unstable();
                differing
            },
        }],
        kills: viable
            .iter()
            .filter(|m| !m.killed_by.is_empty())
            .map(|m| m.killed_by.clone())
            .collect(),
        content: matrix
            .groups
            .iter()
            .map(|g| {
                let keys: Vec<u64> = g
                    .sources
                    .iter()
                    .map(|&s| u64::from_str_radix(&matrix.sources[s as usize].key, 16).unwrap_or(0))
                    .collect();
                reduce::content_key(&matrix.mrs[g.mr as usize].id, &keys)
            })
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
    let coverage_only = Suite {
        kills: Vec::new(),
        ..suite.clone()
    };
    let detection = Detection::new(&suite, viable);
    let (mut rows, greedy_size, redundant_size) = reduced_rows(&detection, &coverage_only)?;
    rows.extend(random_rows(
        &detection,
        greedy_size,
        redundant_size,
        samples,
        seed,
    ));
    Ok(ReductionStudy {
        criterion: matrix.criteria[c].criterion.clone(),
        groups: suite.groups.len(),
        rows,
        orders: order_rows(&detection, &coverage_only, samples, seed),
        random_budgets: random_budgets(&detection, samples, seed),
    })
}

/// The fault detection of a reduced suite: the share of the viable
/// mutants its kept groups kill, and that as a share of the whole pool's.
struct Detection<'a> {
    suite: &'a Suite,
    viable: usize,
    pool: f64,
}

impl<'a> Detection<'a> {
    fn new(suite: &'a Suite, viable: usize) -> Self {
        let mut detection = Detection {
            suite,
            viable,
            pool: 0.0,
        };
        detection.pool = detection.fde(&vec![true; suite.groups.len()]);
        detection
    }

    fn fde(&self, kept: &[bool]) -> f64 {
        self.suite.kills_kept(kept) as f64 / self.viable.max(1) as f64
    }

    fn share(&self, fde: f64) -> f64 {
        if self.pool > 0.0 {
            fde / self.pool
        } else {
            0.0
        }
    }

    /// The share of the first `size` groups of `order`.
    fn share_of(&self, order: &[u32], size: usize) -> f64 {
        let mut kept = vec![false; self.suite.groups.len()];
        for &g in &order[..size] {
            kept[g as usize] = true;
        }
        self.share(self.fde(&kept))
    }

    fn row(&self, method: &'static str, kept: &[bool], optimal: Option<bool>) -> ReductionRow {
        let fde = self.fde(kept);
        ReductionRow {
            method,
            kept: kept.iter().filter(|&&k| k).count(),
            fde,
            fde_share: self.share(fde),
            optimal,
        }
    }
}

/// The reductions by `A_3`, with and without the kills, greedy and exact,
/// and with selective redundancy (up to two groups of different kinds per
/// requirement, `reduce --redundancy 2`); with the sizes of the
/// coverage-only greedy set and the redundant set.
fn reduced_rows(
    detection: &Detection,
    coverage_only: &Suite,
) -> Result<(Vec<ReductionRow>, usize, usize)> {
    let mut rows = Vec::new();
    let mut greedy_size = 0;
    for with_kills in [false, true] {
        let reduced = if with_kills {
            detection.suite
        } else {
            coverage_only
        };
        for exact in [false, true] {
            let (kept, greedy, info) =
                reduce::reduce(reduced, RQ2_K, exact.then_some(EXACT_LIMIT))?;
            if !with_kills && !exact {
                greedy_size = greedy;
            }
            let method = match (with_kills, exact) {
                (false, false) => "A_3 greedy",
                (false, true) => "A_3 exact",
                (true, false) => "A_3 + kills greedy",
                (true, true) => "A_3 + kills exact",
            };
            rows.push(detection.row(method, &kept, info.map(|i| i.optimal)));
        }
    }
    let (redundant, _, _) = reduce::reduce_redundant(coverage_only, RQ2_K, 2, None)?;
    let redundant_size = redundant.iter().filter(|&&k| k).count();
    rows.push(detection.row("A_3 redundancy 2 greedy", &redundant, None));
    Ok((rows, greedy_size, redundant_size))
}

/// Random sets of the coverage-only greedy size, and of the redundant
/// set's: their mean FDE over `samples` draws.
fn random_rows(
    detection: &Detection,
    greedy_size: usize,
    redundant_size: usize,
    samples: usize,
    seed: u64,
) -> Vec<ReductionRow> {
    let mut rng = Rng::new(seed ^ 0x5eed_f4ed);
    let n = detection.suite.groups.len();
    let mut order: Vec<usize> = (0..n).collect();
    let mut rows = Vec::new();
    for (method, groups) in [
        ("random", greedy_size.min(n)),
        ("random (redundancy 2 size)", redundant_size),
    ] {
        let mut total = 0.0;
        for _ in 0..samples {
            rng.shuffle(&mut order);
            let mut kept = vec![false; n];
            for &g in &order[..groups] {
                kept[g] = true;
            }
            total += detection.fde(&kept);
        }
        let random_fde = total / samples.max(1) as f64;
        rows.push(ReductionRow {
            method,
            kept: groups,
            fde: random_fde,
            fde_share: detection.share(random_fde),
            optimal: None,
        });
    }
    rows
}

/// Each order strategy against random orders, and its share at each budget.
fn order_rows(
    detection: &Detection,
    coverage_only: &Suite,
    samples: usize,
    seed: u64,
) -> Vec<OrderRow> {
    let n = detection.suite.groups.len();
    Strategy::ALL
        .iter()
        .map(|&strategy| {
            let order = reduce::order::order(coverage_only, RQ2_K, strategy);
            OrderRow {
                strategy,
                against_random: reduce::against_random(
                    &order,
                    &detection.suite.kills,
                    samples,
                    seed,
                ),
                budget_fde_share: BUDGETS
                    .iter()
                    .map(|&b| detection.share_of(&order, budget_groups(b, n)))
                    .collect(),
            }
        })
        .collect()
}

/// Random orders at each budget: the mean share and its 95% range.
fn random_budgets(detection: &Detection, samples: usize, seed: u64) -> Vec<RandomBudget> {
    let n = detection.suite.groups.len();
    let mut rng = Rng::new(seed ^ 0xb0d6_e75e);
    BUDGETS
        .iter()
        .map(|&budget| {
            let groups = budget_groups(budget, n);
            let mut order: Vec<u32> = (0..n as u32).collect();
            let mut shares: Vec<f64> = (0..samples)
                .map(|_| {
                    rng.shuffle(&mut order);
                    detection.share_of(&order, groups)
                })
                .collect();
            shares.sort_by(f64::total_cmp);
            let at = |q: f64| shares[((q * (shares.len() - 1) as f64).round()) as usize];
            RandomBudget {
                budget,
                groups,
                mean: shares.iter().sum::<f64>() / shares.len().max(1) as f64,
                low: at(0.025),
                high: at(0.975),
            }
        })
        .collect()
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
        "\nPrioritisation (kills not used to order): APFD against {} random orders, \
         and the share of the pool's FDE the first 10 %, 25 % and 50 % of the groups keep\n",
        studies
            .iter()
            .flat_map(|s| &s.orders)
            .find_map(|o| o.against_random.map(|a| a.random_orders))
            .unwrap_or(0)
    );
    let _ = writeln!(
        out,
        "| criterion | order | APFD | mean APFD of random orders | at or above (random orders) | FDE kept at 10% | at 25% | at 50% |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    for s in studies {
        for o in &s.orders {
            let (apfd, random, at) =
                o.against_random
                    .map_or(("-".to_owned(), "-".to_owned(), "-".to_owned()), |a| {
                        (
                            format!("{:.3}", a.apfd),
                            format!("{:.3}", a.apfd_random),
                            format!("{:.0}%", a.percentile * 100.0),
                        )
                    });
            let budgets: Vec<String> = o.budget_fde_share.iter().map(|&x| pct(x)).collect();
            let _ = writeln!(
                out,
                "| {} | {} | {apfd} | {random} | {at} | {} |",
                s.criterion,
                o.strategy.name(),
                budgets.join(" | ")
            );
        }
        let randoms: Vec<String> = s
            .random_budgets
            .iter()
            .map(|r| format!("{} [{}, {}]", pct(r.mean), pct(r.low), pct(r.high)))
            .collect();
        let _ = writeln!(
            out,
            "| {} | random sets (mean [95% interval]) | - | - | - | {} |",
            s.criterion,
            randoms.join(" | ")
        );
    }
    out.push('\n');
    out
}

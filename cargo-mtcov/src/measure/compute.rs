//! `K(r)`, `A_k` and everything derived from them for one criterion.

use serde::Serialize;

use super::{
    Counting, Coverage, InputIdx, MeasureError, MrIdx, Pool, ReqIdx, Reqs, Satisfaction,
    SourceRelations,
};

/// The result of [`measure`] for one criterion at one `k`.
///
/// Per requirement it keeps the best covering source input: the one with
/// the largest `|S_RO|`, ties going to the smallest [`InputIdx`] (so the
/// result does not depend on the order coverage was pushed in).
/// Everything else (`K(r)`, `A_j` for any `j`, gaps) derives from that.
#[derive(Debug, Clone)]
pub struct CriterionMeasure {
    k: u32,
    counting: Counting,
    /// Per requirement: `|S_RO| << 32 | !input` of the best covering input,
    /// or 0 when nothing covers it. Packing makes "largest size, then
    /// smallest input" a plain `max` in the hot loop.
    best: Vec<u64>,
    summary: Option<Summary>,
}

/// The numbers of one criterion. Absent (see [`CriterionMeasure::summary`])
/// when the criterion has no requirements: `A_k` is then undefined.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// `|E|`.
    pub requirements: u32,
    /// `A_k` in `[0, 1]`.
    pub a_k: f64,
    /// `A_k` exactly: `sum over r of min(|S_RO(best t)|, k)`...
    pub a_k_numerator: u64,
    /// ...divided by `k * |E|`.
    pub a_k_denominator: u64,
    /// Requirements with non-empty `sat` (covered by some source input).
    pub covered: u32,
    /// `covered / |E|`: plain source coverage.
    pub plain_coverage: f64,
    /// Requirements with `K(r) = 1`.
    pub full: u32,
    /// Requirements with `0 < K(r) < 1`.
    pub partial: u32,
    /// Requirements with `K(r) = 0` (uncovered, or covered only by inputs
    /// with no association).
    pub zero: u32,
    /// The k-MR criterion: every requirement has `K(r) = 1`.
    pub satisfied: bool,
    /// `A_j` for `j = 1..=max(4, min(k, c + 1))`, where `c` is the number
    /// of relation classes (or MRs) present: past `c + 1` no input can
    /// reach more, so the sweep only decays as `1/j`.
    pub sweep: Vec<SweepPoint>,
}

/// `A_j` at one `j` of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SweepPoint {
    /// The `j` of `A_j`.
    pub k: u32,
    /// `A_j`.
    pub a: f64,
    /// Whether the j-MR criterion is satisfied.
    pub satisfied: bool,
}

/// A requirement with `K(r) < 1`: what is missing (the report ranks its
/// own gaps; this is the measure's view, for its tests).
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gap {
    /// The requirement.
    pub requirement: ReqIdx,
    /// Its `K(r)`.
    pub k_value: f64,
    /// The covering input closest to `K = 1`; `None` when no source input
    /// covers the requirement at all (a new source input is needed).
    pub closest: Option<Closest>,
}

/// The best source input covering a requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closest {
    /// The input (largest `|S_RO|`, smallest index on ties).
    pub input: InputIdx,
    /// Its `|S_RO|`.
    pub s_ro: u32,
    /// How many more distinct classes (or MRs) it needs to reach `k`.
    pub needs: u32,
}

impl Closest {
    /// The registered MRs that would raise this input's `|S_RO|`: see
    /// [`Pool::unpaired_mrs`].
    pub fn unpaired_mrs(&self, pool: &Pool, counting: Counting) -> Vec<MrIdx> {
        pool.unpaired_mrs(self.input, counting)
    }
}

/// Measures one criterion: `K(r)` for every requirement of `coverage`,
/// `A_k`, plain coverage and the sweep (see [`Summary::sweep`]).
///
/// `relations` must come from `pool` (its sizes are reused across criteria
/// and `k`). Time is linear in covered pairs; memory is 8 bytes per
/// requirement plus the summary. Neither depends on `k`: `|S_RO|` is at
/// most the number of relation classes (or MRs) present, which bounds
/// every table indexed by it, however large `k` is.
pub fn measure(
    pool: &Pool,
    relations: &SourceRelations,
    coverage: &Coverage,
    k: u32,
) -> Result<CriterionMeasure, MeasureError> {
    if k == 0 {
        return Err(MeasureError::ZeroK(k));
    }
    let sizes = relations.sizes();
    let n_inputs = pool.num_inputs();
    if sizes.len() != n_inputs as usize {
        return Err(MeasureError::RelationsFromAnotherPool {
            got: sizes.len() as u32,
            len: n_inputs,
        });
    }
    let mut best = vec![0u64; coverage.num_requirements() as usize];
    let per_relation = relations.satisfaction() == Satisfaction::Relation;
    // Segments of one MR each, keyed by (input, class or MR), to count per
    // requirement the distinct classes (or MRs) whose own execution of the
    // input covered it.
    let mut by_relation: Vec<(u32, u32, usize)> = Vec::new();
    let mut segments: Vec<Reqs<'_>> = Vec::with_capacity(coverage.segments().len());
    for (s, (input, mr, reqs)) in coverage.segments().enumerate() {
        segments.push(reqs);
        let Some(&size) = sizes.get(input.0 as usize) else {
            return Err(MeasureError::InputOutOfRange {
                index: input.0,
                len: n_inputs,
            });
        };
        let size = match mr {
            Some(mr) if per_relation => {
                if mr.0 >= pool.num_mrs() {
                    return Err(MeasureError::MrOutOfRange {
                        index: mr.0,
                        len: pool.num_mrs(),
                    });
                }
                if pool.mrs_of(input).binary_search(&mr).is_ok() {
                    let group = match relations.counting() {
                        Counting::Class => pool.mr_class(mr).0,
                        Counting::Mr => mr.0,
                    };
                    by_relation.push((input.0, group, s));
                }
                // Covered; what it counts for comes below.
                0
            }
            _ => size,
        };
        let key = u64::from(size) << 32 | u64::from(!input.0);
        for r in reqs {
            let slot = &mut best[r.0 as usize];
            *slot = (*slot).max(key);
        }
    }
    if !by_relation.is_empty() {
        by_relation.sort_unstable();
        // Per requirement: the input and the class (or MR) last counted,
        // and how many distinct ones that input has counted so far.
        let n = best.len();
        let (mut last_input, mut last_group, mut count) =
            (vec![u32::MAX; n], vec![0u32; n], vec![0u32; n]);
        for &(input, group, s) in &by_relation {
            for r in segments[s] {
                let r = r.0 as usize;
                if last_input[r] != input {
                    (last_input[r], last_group[r], count[r]) = (input, group, 1);
                } else if last_group[r] != group {
                    last_group[r] = group;
                    count[r] += 1;
                } else {
                    continue;
                }
                let key = u64::from(count[r]) << 32 | u64::from(!input);
                best[r] = best[r].max(key);
            }
        }
    }
    let reachable = match relations.counting() {
        Counting::Class => pool.num_classes(),
        Counting::Mr => pool.num_mrs(),
    };
    let summary = summarise(&best, k, reachable);
    Ok(CriterionMeasure {
        k,
        counting: relations.counting(),
        best,
        summary,
    })
}

impl CriterionMeasure {
    /// The `k` measured.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// What `|S_RO|` counted.
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// `|E|`.
    pub fn num_requirements(&self) -> u32 {
        self.best.len() as u32
    }

    /// The numbers, or `None` when `E` is empty (`A_k` undefined: report
    /// "no requirements", never 0 or 1).
    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_ref()
    }

    /// Whether some source input covers `r` (`sat(r)` non-empty).
    pub fn is_covered(&self, r: ReqIdx) -> bool {
        self.best[r.0 as usize] != 0
    }

    /// `|S_RO(t)|` of the best input covering `r`; 0 when uncovered.
    pub fn best_size(&self, r: ReqIdx) -> u32 {
        (self.best[r.0 as usize] >> 32) as u32
    }

    /// `K(r)` at this measure's `k`.
    pub fn k_value(&self, r: ReqIdx) -> f64 {
        f64::from(self.best_size(r).min(self.k)) / f64::from(self.k)
    }

    /// The best input covering `r`, or `None` when nothing covers it.
    pub fn closest(&self, r: ReqIdx) -> Option<Closest> {
        let key = self.best[r.0 as usize];
        (key != 0).then(|| {
            let s_ro = (key >> 32) as u32;
            Closest {
                input: InputIdx(!(key as u32)),
                s_ro,
                needs: self.k.saturating_sub(s_ro),
            }
        })
    }

    /// `A_j` for any `j >= 1`, from the same per-requirement data; `None`
    /// when `E` is empty or `j` is 0.
    pub fn a(&self, j: u32) -> Option<f64> {
        if self.best.is_empty() || j == 0 {
            return None;
        }
        let sum: u64 = self
            .best
            .iter()
            .map(|&b| u64::from(((b >> 32) as u32).min(j)))
            .sum();
        Some(sum as f64 / (f64::from(j) * self.best.len() as f64))
    }

    /// Every requirement with `K(r) < 1`, in requirement order.
    #[cfg(test)]
    pub fn gaps(&self) -> impl Iterator<Item = Gap> + '_ {
        (0..self.num_requirements())
            .map(ReqIdx)
            .filter(|&r| self.best_size(r) < self.k)
            .map(|r| Gap {
                requirement: r,
                k_value: self.k_value(r),
                closest: self.closest(r),
            })
    }
}

/// The summary at `k`. `reachable` is the number of relation classes (or
/// MRs) present, which bounds `|S_RO|`: tables and the sweep stop just past
/// it, so time and memory do not grow with `k`.
fn summarise(best: &[u64], k: u32, reachable: u32) -> Option<Summary> {
    if best.is_empty() {
        return None;
    }
    let size = |b: u64| (b >> 32) as u32;
    let largest = best.iter().map(|&b| size(b)).max().unwrap_or(0);
    let top = k.min(reachable.max(largest).saturating_add(1)).max(4);
    // hist[s] = requirements whose best |S_RO| is s, capped at top (which
    // changes no min(s, j) for j <= top; when top < k no size reaches top).
    let mut hist = vec![0u64; top as usize + 1];
    let mut covered = 0u32;
    for &b in best {
        covered += u32::from(b != 0);
        hist[size(b).min(top) as usize] += 1;
    }
    let n = best.len() as u64;
    // below[j] = sum of s over requirements with s < j; at_least[j] = how
    // many have s >= j; so sum of min(s, j) = below[j] + j * at_least[j].
    let mut below = vec![0u64; top as usize + 2];
    let mut at_least = vec![0u64; top as usize + 2];
    for s in 0..=top as usize {
        below[s + 1] = below[s] + s as u64 * hist[s];
    }
    for s in (0..=top as usize).rev() {
        at_least[s] = at_least[s + 1] + hist[s];
    }
    let index = |j: u32| (j as usize).min(top as usize + 1);
    let sum_min = |j: u32| below[index(j)] + u64::from(j) * at_least[index(j)];
    let numerator = sum_min(k);
    let denominator = u64::from(k) * n;
    let full = at_least[index(k)] as u32;
    let zero = hist[0] as u32;
    let sweep = (1..=top)
        .map(|j| SweepPoint {
            k: j,
            a: sum_min(j) as f64 / (f64::from(j) * n as f64),
            satisfied: at_least[index(j)] == n,
        })
        .collect();
    Some(Summary {
        requirements: n as u32,
        a_k: numerator as f64 / denominator as f64,
        a_k_numerator: numerator,
        a_k_denominator: denominator,
        covered,
        plain_coverage: f64::from(covered) / n as f64,
        full,
        partial: n as u32 - full - zero,
        zero,
        satisfied: u64::from(full) == n,
        sweep,
    })
}

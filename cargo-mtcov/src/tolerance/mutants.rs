//! A check site's tolerance against a kill matrix: what each mutant's
//! comparisons at the site saw ([`MutantCheck`], kept in the matrix), the
//! mutants the tolerance hid, and kills against false alarms for a sweep
//! of tolerances. Pure.
//!
//! A mutant is *hidden* at a site when every comparison there held under
//! it, yet one differed more than the unmutated code ever did (the floor):
//! the relation saw the fault and the tolerance let it through. The sweep
//! assumes each run makes the same comparisons whatever the tolerance
//! (an MR that stops at its first failed check makes fewer): rerun with
//! the tolerance you choose to confirm.

use serde::{Deserialize, Serialize};

use super::{Check, Judged, Observed, above};

/// What one mutant's comparisons at one check site saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct MutantCheck {
    /// Index into the matrix's `checks`.
    pub(crate) site: u32,
    pub(crate) calls: u64,
    pub(crate) failed: u64,
    /// Per measure; `None`: infinite.
    pub(crate) largest: [Option<f64>; 3],
    pub(crate) held: [Option<f64>; 3],
}

/// Each site of `observed` (a mutant's run) that is one of `sites` (the
/// baseline's), by MR and call site.
pub(crate) fn of_run(sites: &[Observed], observed: &[Observed]) -> Vec<MutantCheck> {
    observed
        .iter()
        .filter_map(|o| {
            let site = sites.iter().position(|s| s.key() == o.key())?;
            Some(MutantCheck {
                site: site as u32,
                calls: o.calls,
                failed: o.failed,
                largest: o.largest,
                held: o.held,
            })
        })
        .collect()
}

/// A mutant of the matrix as the analysis needs it.
pub(crate) struct Mutant<'a> {
    pub(crate) name: &'a str,
    /// Killed by any group (or process).
    pub(crate) killed: bool,
    /// Its comparisons at the site being judged, when any ran.
    pub(crate) check: Option<&'a MutantCheck>,
}

/// A mutant whose differences at a site the tolerance let through.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Hidden {
    pub(crate) mutant: String,
    /// Its largest difference at the site, in the verdict's measure.
    pub(crate) difference: f64,
    /// Another check (or test) killed it anyway.
    pub(crate) killed_elsewhere: bool,
    /// The suggested tolerance fails on it.
    pub(crate) caught_by_suggestion: bool,
}

/// One tolerance of the sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct SweepPoint {
    /// The bound, in the verdict's measure.
    pub(crate) tolerance: f64,
    /// `floor`, `suggested`, `given`: what the point is besides a decade.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) labels: Vec<&'static str>,
    /// Mutants with a difference at the site above it.
    pub(crate) kills: usize,
    /// Comparisons of the unmutated run above it.
    pub(crate) false_alarms: u64,
}

/// A site judged against the matrix.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Against {
    pub(crate) hidden: Vec<Hidden>,
    pub(crate) sweep: Vec<SweepPoint>,
}

/// The hidden mutants and the sweep of one judged site.
pub(crate) fn against(check: &Check, mutants: &[Mutant<'_>]) -> Against {
    let m = check.measure_index();
    let floor = check.floor_value();
    let suggested = check.suggested.and_then(|s| s.bounds()[m]);
    let mut hidden = Vec::new();
    for mutant in mutants {
        let Some(seen) = mutant.check else { continue };
        if seen.failed == 0 && above(seen.held[m], floor) {
            let difference = seen.held[m].unwrap_or(f64::INFINITY);
            hidden.push(Hidden {
                mutant: mutant.name.to_owned(),
                difference,
                killed_elsewhere: mutant.killed,
                caught_by_suggestion: suggested.is_some_and(|s| above(seen.largest[m], Some(s))),
            });
        }
    }
    hidden.sort_by(|a, b| {
        b.difference
            .total_cmp(&a.difference)
            .then_with(|| a.mutant.cmp(&b.mutant))
    });
    Against {
        hidden,
        sweep: sweep(check, mutants, m, floor, suggested),
    }
}

fn sweep(
    check: &Check,
    mutants: &[Mutant<'_>],
    m: usize,
    floor: Option<f64>,
    suggested: Option<f64>,
) -> Vec<SweepPoint> {
    let Some(floor) = floor else {
        return Vec::new();
    };
    let given = check.given.bounds()[m];
    let kills = |t: f64| {
        mutants
            .iter()
            .filter(|mutant| mutant.check.is_some_and(|c| above(c.largest[m], Some(t))))
            .count()
    };
    let mut points: Vec<SweepPoint> = Vec::new();
    // Decades from two below the floor up to the given bound: exact false
    // alarms from the decade histogram.
    let low = mtcov_protocol::decade(floor.max(f64::MIN_POSITIVE)) - 2;
    let high = mtcov_protocol::decade(given.unwrap_or(floor).max(floor).max(f64::MIN_POSITIVE));
    for e in low..=high {
        let t = format!("1e{e}").parse::<f64>().expect("a power of ten");
        points.push(SweepPoint {
            tolerance: t,
            labels: Vec::new(),
            kills: kills(t),
            false_alarms: check.observed.above_decade(m, e),
        });
    }
    let mut labelled = vec![("floor", floor)];
    labelled.extend(suggested.map(|s| ("suggested", s)));
    labelled.extend(given.map(|g| ("given", g)));
    for (label, t) in labelled {
        // At or above the floor nothing of the unmutated run is above; a
        // given bound below it failed exactly where the run did.
        let false_alarms = if t >= floor { 0 } else { check.failed };
        match points.iter_mut().find(|p| p.tolerance == t) {
            Some(point) => point.labels.push(label),
            None => points.push(SweepPoint {
                tolerance: t,
                labels: vec![label],
                kills: kills(t),
                false_alarms,
            }),
        }
    }
    points.sort_by(|a, b| a.tolerance.total_cmp(&b.tolerance));
    points
}

/// A mutant's row of the kill matrix.
pub(crate) struct MutantRow<'a> {
    pub(crate) name: &'a str,
    pub(crate) killed: bool,
    pub(crate) checks: &'a [MutantCheck],
}

/// Every judged site against the matrix whose baseline sites are `sites`;
/// refused when those are not the judged run's (another run's matrix, or
/// one made before float checks were recorded).
pub(crate) fn against_matrix(
    checks: Vec<Check>,
    sites: &[Observed],
    mutants: &[MutantRow<'_>],
) -> anyhow::Result<Vec<Judged>> {
    if sites.is_empty() && !checks.is_empty() {
        anyhow::bail!(
            "--mutants: the kill matrix has no float checks (made before they were recorded, or \
             of a run without them): rerun `cargo mtcov mutants`"
        );
    }
    let same = checks.len() == sites.len()
        && checks.iter().zip(sites).all(|(c, s)| {
            c.observed.key() == s.key()
                && c.observed.calls == s.calls
                && c.observed.largest == s.largest
        });
    if !same {
        anyhow::bail!(
            "--mutants: the float checks of the kill matrix's baseline are not those of the last \
             run (the code or the inputs changed since `cargo mtcov mutants`, or `cargo mtcov` ran \
             other tests): rerun `cargo mtcov mutants`"
        );
    }
    Ok(checks
        .into_iter()
        .enumerate()
        .map(|(i, check)| {
            let rows: Vec<Mutant<'_>> = mutants
                .iter()
                .map(|row| Mutant {
                    name: row.name,
                    killed: row.killed,
                    check: row.checks.iter().find(|c| c.site as usize == i),
                })
                .collect();
            let against = against(&check, &rows);
            Judged {
                check,
                mutants: Some(against),
            }
        })
        .collect())
}

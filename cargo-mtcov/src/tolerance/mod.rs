//! Tolerances of float relations, measured: from what each check site's
//! comparisons saw on the unmutated code (`tolerance` records), its
//! noise floor, how far the given tolerance is above it, and a suggested
//! tolerance; with a kill matrix, the mutants the tolerance hid and a
//! sweep of tolerances.
//!
//! A check site is one call site of `relation::close` or `close_all` in
//! one MR. Per measure (absolute, relative, ULPs), its *floor* is the
//! largest difference its comparisons saw on the unmutated code. The
//! verdict is in the measure of the tolerance's loosest criterion (the
//! one whose bound is furthest above its floor: a tolerance accepts when
//! any of its criteria does):
//!
//! - *too tight*: a comparison failed on the unmutated code;
//! - *weak*: the bound is at least [`WEAK`] times the floor (or, when the
//!   floor is below one rounding step, that step): a fault that moves the
//!   output by less than the bound passes;
//! - *fits*: otherwise.
//!
//! The suggestion is, per criterion the tolerance has, the floor times the
//! margin (default [`MARGIN`]), rounded up to one significant digit; never
//! below the margin times one rounding step (`EPSILON` of the compared
//! type, relative; times the largest magnitude compared, absolute; one
//! ULP); for a check that fits, never looser than the given bound.
//!
//! The given tolerance is echoed as its call site writes it, read from the
//! site's lines under the workspace root ([`spelling`]).

use std::collections::BTreeMap;
use std::path::Path;

use mtcov_protocol::{CheckSite, GivenTolerance, MEASURES};
use serde::{Deserialize, Serialize};

use crate::records::RunRecords;

pub(crate) mod mutants;
mod render;
mod spelling;

pub(crate) use render::{allows, text, times};
pub(crate) use spelling::number;

/// The default margin of a suggestion over the floor.
pub(crate) const MARGIN: f64 = 10.0;

/// A bound this many times its floor (or rounding step) is weak.
pub(crate) const WEAK: f64 = 1000.0;

/// One check site's comparisons, merged over the processes of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Observed {
    pub(crate) mr: String,
    pub(crate) file: String,
    pub(crate) line: u32,
    pub(crate) column: u32,
    pub(crate) bits: u32,
    pub(crate) given: GivenTolerance,
    /// Another tolerance was given at the site by some comparison.
    pub(crate) varies: bool,
    pub(crate) calls: u64,
    pub(crate) failed: u64,
    pub(crate) exact: u64,
    pub(crate) scale: f64,
    /// Per measure; `None`: infinite (a NaN against a number).
    pub(crate) largest: [Option<f64>; 3],
    /// Per measure, the source key (hex) of the MG that saw the largest.
    pub(crate) at: [Option<String>; 3],
    pub(crate) held: [Option<f64>; 3],
    /// Per measure, `(e, n)`: `n` differences in `(10^(e-1), 10^e]`.
    pub(crate) decades: [Vec<(i16, u64)>; 3],
}

/// A tolerance as Rust writes it, to paste: `Tolerance::abs(1e-9)`,
/// `Tolerance::rel(1e-12).or_ulps(4)`, `Tolerance::EXACT`.
pub(crate) fn rust(tolerance: &GivenTolerance) -> String {
    spelling::rust_with(tolerance, &number)
}

impl Observed {
    fn from_site(site: &CheckSite) -> Observed {
        let finite = |v: f64| v.is_finite().then_some(v);
        Observed {
            mr: site.mr.clone(),
            file: site.file.clone(),
            line: site.line,
            column: site.column,
            bits: site.bits,
            given: site.given,
            varies: site.varies,
            calls: site.calls,
            failed: site.failed,
            exact: site.exact,
            scale: site.scale,
            largest: site.largest.map(finite),
            at: site.at.map(|k| k.map(|k| format!("{k:016x}"))),
            held: site.held.map(finite),
            decades: site.decades.clone(),
        }
    }

    /// `file:line:column`.
    pub(crate) fn site(&self) -> String {
        format!("{}:{}:{}", self.file, self.line, self.column)
    }

    fn key(&self) -> (&str, &str, u32, u32) {
        (&self.mr, &self.file, self.line, self.column)
    }

    /// Adds another process's comparisons at the same site.
    fn merge(&mut self, other: &Observed) {
        self.varies |= other.varies || other.given != self.given;
        self.calls += other.calls;
        self.failed += other.failed;
        self.exact += other.exact;
        self.scale = self.scale.max(other.scale);
        for m in 0..3 {
            if above(other.largest[m], self.largest[m]) {
                self.largest[m] = other.largest[m];
                self.at[m] = other.at[m].clone();
            }
            if above(other.held[m], self.held[m]) {
                self.held[m] = other.held[m];
            }
            for &(e, n) in &other.decades[m] {
                let decades = &mut self.decades[m];
                match decades.binary_search_by_key(&e, |&(e, _)| e) {
                    Ok(i) => decades[i].1 += n,
                    Err(i) => decades.insert(i, (e, n)),
                }
            }
        }
    }

    /// Differences above `10^e` in measure `m` (exact: decades are
    /// bounded by powers of ten).
    pub(crate) fn above_decade(&self, m: usize, e: i16) -> u64 {
        self.decades[m]
            .iter()
            .filter(|&&(d, _)| d > e)
            .map(|&(_, n)| n)
            .sum()
    }
}

/// Whether `a` is larger than `b`, `None` being infinite.
pub(crate) fn above(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => false,
        (None, Some(_)) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a > b,
    }
}

/// Every check site of a run, merged over its processes, sorted by MR and
/// site.
pub(crate) fn observed(records: &RunRecords) -> Vec<Observed> {
    let mut sites: BTreeMap<(String, String, u32, u32), Observed> = BTreeMap::new();
    for (site, _) in &records.checks {
        let site = Observed::from_site(site);
        let key = site.key();
        let key = (key.0.to_owned(), key.1.to_owned(), key.2, key.3);
        match sites.get_mut(&key) {
            Some(known) => known.merge(&site),
            None => {
                sites.insert(key, site);
            }
        }
    }
    sites.into_values().collect()
}

/// What a check site's tolerance does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Within [`WEAK`] times the floor.
    Fits,
    /// At least [`WEAK`] times the floor: a fault smaller than the bound passes.
    Weak,
    /// It failed on the unmutated code.
    TooTight,
    /// A NaN or an infinity against a number: no tolerance passes it.
    Unlike,
}

/// As its [`key`](Verdict::key).
impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

impl Verdict {
    /// As the JSON reports name it.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Verdict::Fits => "fits",
            Verdict::Weak => "weak",
            Verdict::TooTight => "too_tight",
            Verdict::Unlike => "unlike",
        }
    }

    /// As the text says it.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Verdict::Fits => "fits",
            Verdict::Weak => "weak",
            Verdict::TooTight => "too tight",
            Verdict::Unlike => "NaN or infinity",
        }
    }
}

/// One check site, judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Check {
    pub(crate) mr: String,
    /// `file:line:column`.
    pub(crate) site: String,
    pub(crate) given: GivenTolerance,
    /// The given tolerance as Rust.
    pub(crate) given_text: String,
    pub(crate) varies: bool,
    pub(crate) comparisons: u64,
    pub(crate) failed: u64,
    pub(crate) exact: u64,
    /// The largest difference seen, per measure (`null`: infinite).
    pub(crate) floor: Floor,
    /// The measure of the verdict: the loosest criterion of the tolerance.
    pub(crate) measure: &'static str,
    /// `Debug` of the source input whose MG saw the floor in that measure.
    pub(crate) floor_input: Option<String>,
    /// The bound over the floor (or one rounding step, when larger), in
    /// that measure; `None` when the floor is infinite.
    pub(crate) ratio: Option<f64>,
    /// What [`Check::ratio`] is over.
    pub(crate) ratio_of: RatioOf,
    pub(crate) verdict: Verdict,
    /// `None` when no tolerance passes (a NaN against a number).
    pub(crate) suggested: Option<GivenTolerance>,
    pub(crate) suggested_text: Option<String>,
    /// Per measure, the decade histogram of the non-zero differences.
    pub(crate) decades: Decades,
    #[serde(skip)]
    pub(crate) observed: Observed,
}

/// What a ratio is the bound over: the floor, or one rounding step when
/// every difference seen was smaller than that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatioOf {
    Floor,
    RoundingStep,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Floor {
    pub(crate) absolute: Option<f64>,
    pub(crate) relative: Option<f64>,
    pub(crate) ulps: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Decades {
    pub(crate) absolute: Vec<(i16, u64)>,
    pub(crate) relative: Vec<(i16, u64)>,
    pub(crate) ulps: Vec<(i16, u64)>,
}

/// One rounding step in measure `m` at the site.
fn unit(observed: &Observed, m: usize) -> f64 {
    let epsilon = if observed.bits == 32 {
        f64::from(f32::EPSILON)
    } else {
        f64::EPSILON
    };
    match m {
        0 => (epsilon * observed.scale).max(f64::MIN_POSITIVE),
        1 => epsilon,
        _ => 1.0,
    }
}

/// `x` rounded up to one significant digit (`3.4e-15` → `4e-15`), on
/// its shortest decimal form, so that `1e-9` stays `1e-9`.
fn round_up(x: f64) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let text = format!("{x:e}");
    let (mantissa, exponent) = text.split_once('e').expect("`{:e}` has an exponent");
    let exponent: i32 = exponent.parse().expect("an integer exponent");
    let first = i32::from(mantissa.as_bytes()[0] - b'0');
    let more = mantissa
        .bytes()
        .skip(1)
        .any(|b| b.is_ascii_digit() && b != b'0');
    let (digit, exponent) = match first + i32::from(more) {
        10 => (1, exponent + 1),
        digit => (digit, exponent),
    };
    format!("{digit}e{exponent}").parse().expect("a float")
}

/// The record files of processes that did not exit normally: they wrote
/// no `tolerance` lines (those go out at exit), so the floors leave their
/// comparisons out.
pub(crate) fn without_checks(records: &RunRecords) -> Vec<String> {
    records
        .processes
        .iter()
        .filter(|p| matches!(p.completeness, crate::records::Completeness::Incomplete(_)))
        .map(|p| p.file.display().to_string())
        .collect()
}

/// Judges every site with the given margin, each given tolerance spelled
/// as its call site (under `root`) writes it.
pub(crate) fn checks(records: &RunRecords, margin: f64, root: &Path) -> Vec<Check> {
    observed(records)
        .into_iter()
        .map(|o| {
            let mut check = judge(o, &records.sources, margin);
            let o = &check.observed;
            check.given_text =
                spelling::as_written(&check.given, root, (&o.file, o.line, o.column));
            check
        })
        .collect()
}

pub(crate) fn judge(observed: Observed, sources: &BTreeMap<u64, String>, margin: f64) -> Check {
    let bounds = observed.given.bounds();
    // The measure of the loosest criterion (relative when none is given:
    // exact equality is judged on the relative measure).
    let ratio_in = |m: usize| -> Option<f64> {
        let bound = bounds[m]?;
        let floor = observed.largest[m]?;
        Some(bound / floor.max(unit(&observed, m)))
    };
    let measure = (0..3)
        .filter(|&m| bounds[m].is_some())
        .max_by(|&a, &b| {
            ratio_in(a)
                .unwrap_or(0.0)
                .total_cmp(&ratio_in(b).unwrap_or(0.0))
        })
        .unwrap_or(1);
    let unlike = observed.largest.iter().any(Option::is_none);
    let ratio = ratio_in(measure);
    let verdict = if unlike {
        Verdict::Unlike
    } else if observed.failed > 0 {
        Verdict::TooTight
    } else if ratio.is_some_and(|r| r >= WEAK) {
        Verdict::Weak
    } else {
        Verdict::Fits
    };
    let suggested = (!unlike).then(|| {
        let mut suggested = GivenTolerance::default();
        let criteria: Vec<usize> = (0..3).filter(|&m| bounds[m].is_some()).collect();
        // Exact equality that failed: suggest ULPs.
        let criteria = if criteria.is_empty() && observed.failed > 0 {
            vec![2]
        } else {
            criteria
        };
        for m in criteria {
            let floor = observed.largest[m].unwrap_or(0.0);
            let mut bound = round_up(margin * floor.max(unit(&observed, m)));
            // A tolerance that fits is never made looser.
            if verdict == Verdict::Fits
                && let Some(given) = bounds[m]
            {
                bound = bound.min(given);
            }
            suggested = suggested.with_bound(m, bound);
        }
        suggested
    });
    let floor_input = observed.at[measure].as_ref().and_then(|key| {
        let key = u64::from_str_radix(key, 16).ok()?;
        sources.get(&key).cloned()
    });
    Check {
        mr: observed.mr.clone(),
        site: observed.site(),
        given: observed.given,
        given_text: rust(&observed.given),
        varies: observed.varies,
        comparisons: observed.calls,
        failed: observed.failed,
        exact: observed.exact,
        floor: Floor {
            absolute: observed.largest[0],
            relative: observed.largest[1],
            ulps: observed.largest[2],
        },
        measure: MEASURES[measure],
        floor_input,
        ratio: if unlike { None } else { ratio },
        ratio_of: match observed.largest[measure] {
            Some(floor) if floor < unit(&observed, measure) => RatioOf::RoundingStep,
            _ => RatioOf::Floor,
        },
        verdict,
        suggested_text: suggested.as_ref().map(rust),
        suggested,
        decades: Decades {
            absolute: observed.decades[0].clone(),
            relative: observed.decades[1].clone(),
            ulps: observed.decades[2].clone(),
        },
        observed,
    }
}

/// A judged check, with what the kill matrix says of it when one was read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Judged {
    #[serde(flatten)]
    pub(crate) check: Check,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mutants: Option<mutants::Against>,
}

impl Judged {
    /// A check judged without a kill matrix.
    pub(crate) fn alone(check: Check) -> Judged {
        Judged {
            check,
            mutants: None,
        }
    }
}

/// What `cargo mtcov tolerance --json` prints.
#[derive(Debug, Serialize)]
pub(crate) struct Listing {
    pub(crate) margin: f64,
    pub(crate) checks: Vec<Judged>,
}

impl Check {
    /// The index of [`Check::measure`] in [`MEASURES`].
    pub(crate) fn measure_index(&self) -> usize {
        MEASURES
            .iter()
            .position(|m| *m == self.measure)
            .unwrap_or(1)
    }

    /// The floor in the verdict's measure (`None`: infinite).
    pub(crate) fn floor_value(&self) -> Option<f64> {
        self.observed.largest[self.measure_index()]
    }
}

#[cfg(test)]
mod tests;

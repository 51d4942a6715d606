//! Ready output relations: approximate equality of floats, orderings,
//! (in)equality, and set or multiset equality of collections.
//!
//! Each returns a [`Relation`]: `Ok(())` when it holds, otherwise a
//! [`Mismatch`] whose message shows both sides. Pass it to
//! [`Mg::check_that`](crate::Mg::check_that), or use `?` on it in an MR
//! that returns `Result`:
//!
//! ```
//! use mt_runtime::relation::{self, Tolerance};
//! use mt_runtime::{metamorphic, Mg, MrResult};
//!
//! /// sin is periodic.
//! #[metamorphic(output = "equal")]
//! fn periodicity(mg: &mut Mg, x: &f64) {
//!     let a = mg.source(x, |x| x.sin());
//!     let b = mg.follow_up(&(x + std::f64::consts::TAU), |x| x.sin());
//!     mg.check_that(relation::close(a, b, Tolerance::abs(1e-9)));
//! }
//!
//! /// Sorting is a permutation.
//! #[metamorphic(output = "same multiset")]
//! fn permutation(mg: &mut Mg, v: &Vec<i32>) -> MrResult {
//!     let sorted = mg.source(v, |v| { let mut s = v.clone(); s.sort(); s });
//!     relation::same_multiset(&sorted, v)?;
//!     mg.check_that(relation::less_or_equal(sorted.first(), sorted.last()));
//!     Ok(())
//! }
//! # mt_runtime::check(&[0.5, 2.0], &[periodicity]);
//! # mt_runtime::check(&[vec![3, 1, 2]], &[permutation]);
//! ```

use std::collections::BTreeMap;
use std::fmt::{self, Debug};

/// The result of a relation check: `Err` says how it failed.
pub type Relation = Result<(), Mismatch>;

/// A relation that does not hold, with a message showing both sides.
#[derive(Clone, PartialEq, Eq)]
pub struct Mismatch {
    message: String,
}

impl Mismatch {
    /// A mismatch with this message.
    pub fn new(message: impl Into<String>) -> Mismatch {
        Mismatch {
            message: message.into(),
        }
    }

    /// What failed.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The message itself, so that `Box<dyn Error>` and `?` show it as is.
impl Debug for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Mismatch {}

fn holds(ok: bool, message: impl FnOnce() -> String) -> Relation {
    if ok {
        Ok(())
    } else {
        Err(Mismatch::new(message()))
    }
}

/// How far apart two floats may be and still count as equal. Combine
/// criteria with `or_*`: the relation holds when any of them accepts.
///
/// ```
/// use mt_runtime::relation::{close, Tolerance};
/// assert!(close(0.1 + 0.2, 0.3, Tolerance::ulps(1)).is_ok());
/// assert!(close(1e-12, 0.0, Tolerance::rel(1e-9).or_abs(1e-10)).is_ok());
/// assert!(close(1.0, 1.1, Tolerance::rel(0.01)).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    abs: Option<f64>,
    rel: Option<f64>,
    ulps: Option<u64>,
}

impl Tolerance {
    /// Bitwise-equal values only (and `0.0` = `-0.0`).
    pub const EXACT: Tolerance = Tolerance {
        abs: None,
        rel: None,
        ulps: None,
    };

    /// `|a - b| <= epsilon`.
    pub fn abs(epsilon: f64) -> Tolerance {
        Tolerance::EXACT.or_abs(epsilon)
    }
    /// `|a - b| <= epsilon * max(|a|, |b|)`.
    pub fn rel(epsilon: f64) -> Tolerance {
        Tolerance::EXACT.or_rel(epsilon)
    }
    /// At most `n` representable values apart (same sign).
    pub fn ulps(n: u64) -> Tolerance {
        Tolerance::EXACT.or_ulps(n)
    }
    /// Also accept `|a - b| <= epsilon`.
    pub fn or_abs(self, epsilon: f64) -> Tolerance {
        Tolerance {
            abs: Some(epsilon),
            ..self
        }
    }
    /// Also accept `|a - b| <= epsilon * max(|a|, |b|)`.
    pub fn or_rel(self, epsilon: f64) -> Tolerance {
        Tolerance {
            rel: Some(epsilon),
            ..self
        }
    }
    /// Also accept values at most `n` ULPs apart.
    pub fn or_ulps(self, n: u64) -> Tolerance {
        Tolerance {
            ulps: Some(n),
            ..self
        }
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(abs) = self.abs {
            parts.push(format!("absolute {abs:e}"));
        }
        if let Some(rel) = self.rel {
            parts.push(format!("relative {rel:e}"));
        }
        if let Some(ulps) = self.ulps {
            parts.push(format!("{ulps} ULPs"));
        }
        if parts.is_empty() {
            f.write_str("exact")
        } else {
            f.write_str(&parts.join(" or "))
        }
    }
}

/// `f32` and `f64`, for [`close`].
pub trait Float: Copy + Debug + PartialOrd + sealed::Sealed {
    /// 32 or 64.
    #[doc(hidden)]
    const BITS: u32;
    #[doc(hidden)]
    fn to_f64(self) -> f64;
    /// The value's position in the ordered sequence of floats of its type
    /// (`-0.0` and `0.0` share one), for ULP distances.
    #[doc(hidden)]
    fn ordinal(self) -> i64;
    #[doc(hidden)]
    fn is_nan(self) -> bool;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

impl Float for f64 {
    const BITS: u32 = 64;
    fn to_f64(self) -> f64 {
        self
    }
    fn ordinal(self) -> i64 {
        let bits = self.to_bits() as i64;
        if bits < 0 { i64::MIN - bits } else { bits }
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
}

impl Float for f32 {
    const BITS: u32 = 32;
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn ordinal(self) -> i64 {
        let bits = i64::from(self.to_bits() as i32);
        if bits < 0 {
            i64::from(i32::MIN) - bits
        } else {
            bits
        }
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
}

/// `a` and `b` are equal within `tolerance`. Two NaNs are close (a NaN
/// output on a NaN input is usually what an MR expects); a NaN and a
/// number are not; infinities are close to themselves only.
///
/// Under `cargo mtcov`, each call inside an MG is recorded for `cargo
/// mtcov tolerance`, by its call site: the difference seen in each
/// measure and whether it held. A helper that wraps `close` should be
/// `#[track_caller]`, so that each of its callers is a site of its own.
#[track_caller]
pub fn close<F: Float>(a: F, b: F, tolerance: Tolerance) -> Relation {
    let seen = Seen::of(a, b, tolerance);
    seen.record(F::BITS, tolerance);
    holds(seen.held, || seen.describe(a, b, tolerance))
}

/// Element by element, `a` and `b` are equal within `tolerance` (as
/// [`close`]), and have the same length: for vector and matrix outputs
/// (pass a matrix's elements in one order, e.g. row by row). The message
/// names the first element that is not close.
///
/// Recorded for `cargo mtcov tolerance` as one comparison per call: the
/// largest difference over the elements, in each measure.
///
/// ```
/// use mt_runtime::relation::{close_all, Tolerance};
/// assert!(close_all([1.0, 2.0], [1.0, 2.0 + 1e-12], Tolerance::abs(1e-9)).is_ok());
/// assert!(close_all([1.0, 2.0], [1.0], Tolerance::abs(1e-9)).is_err());
/// ```
#[track_caller]
pub fn close_all<F: Float>(
    a: impl IntoIterator<Item = F>,
    b: impl IntoIterator<Item = F>,
    tolerance: Tolerance,
) -> Relation {
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    let mut worst = Seen::EQUAL;
    let mut first_failure: Option<String> = None;
    let mut index = 0usize;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) => {
                let seen = Seen::of(x, y, tolerance);
                worst.widen(&seen);
                if !seen.held && first_failure.is_none() {
                    first_failure = Some(format!(
                        "element {index}: {}",
                        seen.describe(x, y, tolerance)
                    ));
                }
            }
            (None, None) => break,
            (x, _) => {
                let (longer, shorter) = if x.is_some() {
                    ("left", "right")
                } else {
                    ("right", "left")
                };
                worst.widen(&Seen::UNLIKE);
                first_failure.get_or_insert_with(|| {
                    format!(
                        "the {longer} side has more elements than the {shorter} ({index} compared)"
                    )
                });
                break;
            }
        }
        index += 1;
    }
    worst.record(F::BITS, tolerance);
    match first_failure {
        None => Ok(()),
        Some(message) => Err(Mismatch::new(message)),
    }
}

/// One comparison of two floats: its differences and whether it held.
#[derive(Clone, Copy)]
struct Seen {
    /// Absolute, relative, ULPs; infinite for a NaN against a number.
    differences: [f64; 3],
    scale: f64,
    held: bool,
}

impl Seen {
    const EQUAL: Seen = Seen {
        differences: [0.0; 3],
        scale: 0.0,
        held: true,
    };
    const UNLIKE: Seen = Seen {
        differences: [f64::INFINITY; 3],
        scale: 0.0,
        held: false,
    };

    fn of<F: Float>(a: F, b: F, tolerance: Tolerance) -> Seen {
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() && b.is_nan() {
                Seen::EQUAL
            } else {
                Seen::UNLIKE
            };
        }
        let (x, y) = (a.to_f64(), b.to_f64());
        let scale = x.abs().max(y.abs());
        if x == y {
            return Seen {
                scale,
                ..Seen::EQUAL
            };
        }
        let diff = (x - y).abs();
        let ulps = a.ordinal().abs_diff(b.ordinal());
        let relative = if diff.is_finite() {
            diff / scale
        } else {
            f64::INFINITY
        };
        let held = tolerance.abs.is_some_and(|eps| diff <= eps)
            // An infinity against a finite value is infinitely far in
            // relative terms too (not `inf <= eps * inf`).
            || tolerance.rel.is_some_and(|eps| diff.is_finite() && diff <= eps * scale)
            || tolerance.ulps.is_some_and(|n| ulps <= n);
        Seen {
            differences: [diff, relative, ulps as f64],
            scale,
            held,
        }
    }

    /// The larger differences of the two, and whether both held.
    fn widen(&mut self, other: &Seen) {
        for (mine, theirs) in self.differences.iter_mut().zip(other.differences) {
            *mine = mine.max(theirs);
        }
        self.scale = self.scale.max(other.scale);
        self.held &= other.held;
    }

    /// Keeps the comparison for `cargo mtcov tolerance`, when a recorded
    /// MG runs on this thread.
    #[track_caller]
    fn record(&self, bits: u32, tolerance: Tolerance) {
        if crate::tolerance::active() {
            crate::tolerance::observe(crate::tolerance::Comparison {
                site: std::panic::Location::caller(),
                given: mtcov_protocol::GivenTolerance {
                    abs: tolerance.abs,
                    rel: tolerance.rel,
                    ulps: tolerance.ulps,
                },
                bits,
                differences: self.differences,
                scale: self.scale,
                held: self.held,
            });
        }
    }

    fn describe<F: Float>(&self, a: F, b: F, tolerance: Tolerance) -> String {
        if a.is_nan() || b.is_nan() {
            return format!("{a:?} and {b:?} are not close: one is NaN");
        }
        let [diff, relative, ulps] = self.differences;
        let relative = if relative.is_finite() { relative } else { 0.0 };
        format!(
            "{a:?} and {b:?} are not close: |a - b| = {diff:e}, relative {relative:e}, \
             {ulps} ULPs apart; tolerance {tolerance}"
        )
    }
}

/// `a == b`.
pub fn equal<A: PartialEq<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a == b, || format!("{a:?} != {b:?}"))
}

/// `a != b`.
pub fn not_equal<A: PartialEq<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a != b, || {
        format!("{a:?} == {b:?}, expected them to differ")
    })
}

/// `a < b`.
pub fn less<A: PartialOrd<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a < b, || format!("{a:?} is not < {b:?}"))
}

/// `a <= b`.
pub fn less_or_equal<A: PartialOrd<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a <= b, || format!("{a:?} is not <= {b:?}"))
}

/// `a > b`.
pub fn greater<A: PartialOrd<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a > b, || format!("{a:?} is not > {b:?}"))
}

/// `a >= b`.
pub fn greater_or_equal<A: PartialOrd<B> + Debug, B: Debug>(a: A, b: B) -> Relation {
    holds(a >= b, || format!("{a:?} is not >= {b:?}"))
}

/// Both collections hold the same elements, ignoring order and repetition.
/// The message lists what each side has that the other lacks.
pub fn same_set<T: Ord + Debug>(
    a: impl IntoIterator<Item = T>,
    b: impl IntoIterator<Item = T>,
) -> Relation {
    let a: BTreeMap<T, usize> = a.into_iter().map(|item| (item, 1)).collect();
    let b: BTreeMap<T, usize> = b.into_iter().map(|item| (item, 1)).collect();
    compare("sets", &a, &b)
}

/// Both collections hold the same elements the same number of times,
/// ignoring order. The message lists the surplus of each side.
pub fn same_multiset<T: Ord + Debug>(
    a: impl IntoIterator<Item = T>,
    b: impl IntoIterator<Item = T>,
) -> Relation {
    let tally = |items: &mut dyn Iterator<Item = T>| {
        let mut counts = BTreeMap::new();
        for item in items {
            *counts.entry(item).or_insert(0usize) += 1;
        }
        counts
    };
    let a = tally(&mut a.into_iter());
    let b = tally(&mut b.into_iter());
    compare("multisets", &a, &b)
}

fn compare<T: Ord + Debug>(what: &str, a: &BTreeMap<T, usize>, b: &BTreeMap<T, usize>) -> Relation {
    const SHOWN: usize = 10;
    if a == b {
        return Ok(());
    }
    let surplus = |x: &BTreeMap<T, usize>, y: &BTreeMap<T, usize>| {
        let extra: Vec<String> = x
            .iter()
            .filter_map(|(item, &n)| {
                let m = y.get(item).copied().unwrap_or(0);
                (n > m).then(|| {
                    if n - m == 1 {
                        format!("{item:?}")
                    } else {
                        format!("{item:?} ×{}", n - m)
                    }
                })
            })
            .collect();
        let more = extra.len().saturating_sub(SHOWN);
        let mut text = extra.into_iter().take(SHOWN).collect::<Vec<_>>().join(", ");
        if more > 0 {
            text.push_str(&format!(", and {more} more"));
        }
        format!("[{text}]")
    };
    Err(Mismatch::new(format!(
        "the {what} differ: only left {}, only right {}",
        surplus(a, b),
        surplus(b, a)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerances_accept_what_they_say() {
        assert!(close(1.0, 1.0 + 1e-10, Tolerance::abs(1e-9)).is_ok());
        assert!(close(1.0, 1.0 + 1e-8, Tolerance::abs(1e-9)).is_err());
        assert!(close(1e6, 1e6 + 1e-4, Tolerance::rel(1e-9)).is_ok());
        assert!(
            close(
                1.0,
                f64::from_bits(1.0f64.to_bits() + 2),
                Tolerance::ulps(2)
            )
            .is_ok()
        );
        assert!(
            close(
                1.0,
                f64::from_bits(1.0f64.to_bits() + 3),
                Tolerance::ulps(2)
            )
            .is_err()
        );
        assert!(close(-0.0, 0.0, Tolerance::EXACT).is_ok());
        assert!(close(f64::from_bits(1), -f64::from_bits(1), Tolerance::ulps(2)).is_ok());
        assert!(close(f32::NAN, f32::NAN, Tolerance::EXACT).is_ok());
        assert!(close(f64::NAN, 1.0, Tolerance::abs(f64::INFINITY)).is_err());
        assert!(close(f64::INFINITY, f64::INFINITY, Tolerance::EXACT).is_ok());
        assert!(close(f64::INFINITY, 1.0, Tolerance::rel(1e-9)).is_err());
        assert!(close(f64::NEG_INFINITY, f64::INFINITY, Tolerance::rel(1.0)).is_err());
        assert!(close(1.0f32, 1.0 + f32::EPSILON, Tolerance::ulps(1)).is_ok());
    }

    #[test]
    fn messages_show_both_sides() {
        let message = close(1.0, 2.0, Tolerance::abs(0.5).or_ulps(4))
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with("1.0 and 2.0 are not close: |a - b| = 1e0"),
            "{message}"
        );
        assert!(
            message.ends_with("tolerance absolute 5e-1 or 4 ULPs"),
            "{message}"
        );
        assert_eq!(less(3, 2).unwrap_err().message(), "3 is not < 2");
        assert_eq!(
            not_equal("a", "a").unwrap_err().message(),
            "\"a\" == \"a\", expected them to differ"
        );
        assert_eq!(
            same_set([1, 2, 2], [3, 1]).unwrap_err().message(),
            "the sets differ: only left [2], only right [3]"
        );
        assert_eq!(
            same_multiset([1, 2, 2, 2], [2, 1]).unwrap_err().message(),
            "the multisets differ: only left [2 ×2], only right []"
        );
    }

    #[test]
    fn close_all_compares_element_by_element_and_lengths() {
        assert!(close_all([1.0, 2.0], [1.0, 2.0 + 1e-12], Tolerance::abs(1e-9)).is_ok());
        assert!(close_all(Vec::<f64>::new(), [], Tolerance::EXACT).is_ok());
        let message = close_all([1.0, 2.0, 3.0], [1.0, 2.5, 9.0], Tolerance::abs(0.1))
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with("element 1: 2.0 and 2.5 are not close"),
            "{message}"
        );
        let message = close_all([1.0f32], [1.0, 2.0], Tolerance::EXACT)
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "the right side has more elements than the left (1 compared)"
        );
        assert!(close_all([f64::NAN], [f64::NAN], Tolerance::EXACT).is_ok());
    }

    #[test]
    fn the_worst_element_is_what_close_all_records() {
        let mut worst = Seen::EQUAL;
        for (a, b) in [(1.0, 1.0), (1.0, 1.0 + 1e-15), (4.0, 4.0 + 1e-14)] {
            worst.widen(&Seen::of(a, b, Tolerance::abs(1e-9)));
        }
        assert!(worst.held);
        assert_eq!(worst.scale, 4.0 + 1e-14);
        // Each measure's largest, whichever element it is from: 11 ULPs
        // of 4 (8.9e-16 each) beat 5 ULPs of 1.
        let at_four = (4.0 + 1e-14) - 4.0;
        assert_eq!(worst.differences, [at_four, at_four / (4.0 + 1e-14), 11.0]);
        worst.widen(&Seen::of(f64::NAN, 0.0, Tolerance::abs(1e-9)));
        assert!(!worst.held);
        assert_eq!(worst.differences, [f64::INFINITY; 3]);
    }

    #[test]
    fn sets_ignore_order_and_repetition_multisets_only_order() {
        assert!(same_set([1, 2, 2], [2, 1]).is_ok());
        assert!(same_multiset([1, 2, 2], [2, 1, 2]).is_ok());
        assert!(same_multiset([1, 2, 2], [2, 1]).is_err());
        assert!(equal(vec![1], [1]).is_ok());
        assert!(greater_or_equal(2.0, 2.0).is_ok());
    }
}

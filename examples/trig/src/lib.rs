//! Sine and cosine of angles in **degrees**, computed from scratch.
//!
//! This crate is the system under test of mtcov's first example. It has no
//! oracle to test against that is not itself a sine implementation, which
//! is exactly where metamorphic testing earns its keep: the tests in
//! `tests/relations.rs` check identities such as `sin(-x) = -sin(x)`
//! instead of exact values.
//!
//! The computation has the branches a real implementation has, so that
//! coverage per source input means something:
//!
//! 1. non-finite angles give NaN;
//! 2. the angle is reduced into `[0, 360)`; in degrees this reduction is
//!    exact (`f64::rem_euclid` is), which is why a degree API can be more
//!    accurate than `f64::sin(x.to_radians())` for large angles;
//! 3. exact multiples of 90° return exact results (`sin 180° = 0`, not
//!    `1.2e-16`);
//! 4. the reduced angle is folded into its quadrant and then its octant,
//!    so the series kernels only ever see `[0°, 45°]`;
//! 5. Taylor polynomials for sin and cos on `[0, π/4]` radians.
//!
//! With the cargo feature `buggy`, a seeded fault flips the sign of the
//! sine in the fourth quadrant (270° < r < 360°). See the README for which
//! metamorphic relations catch it and which cannot.
//!
//! ```
//! use trig::{cos_deg, sin_deg};
//! assert_eq!(sin_deg(180.0), 0.0);
//! assert!((sin_deg(30.0) - 0.5).abs() < 1e-15);
//! assert!((cos_deg(-60.0) - 0.5).abs() < 1e-15);
//! ```

use std::f64::consts::PI;

/// An angle in degrees: the source input type of the example's
/// metamorphic relations.
///
/// It lives in the library, not in a test file, because a source input's
/// identity includes its type's path: an `Angle` declared in a test module
/// would be a different type (and so a different source input) in every
/// test binary that declares it.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Angle(pub f64);

impl Angle {
    /// The sine of this angle.
    pub fn sin(self) -> f64 {
        sin_deg(self.0)
    }

    /// The cosine of this angle.
    pub fn cos(self) -> f64 {
        cos_deg(self.0)
    }

    /// This angle plus `degrees`.
    pub fn shifted(self, degrees: f64) -> Angle {
        Angle(self.0 + degrees)
    }
}

/// The sine of `degrees`. NaN for NaN and infinite angles.
pub fn sin_deg(degrees: f64) -> f64 {
    let Some(reduced) = reduce(degrees) else {
        return f64::NAN;
    };
    if let Some(exact) = exact_at_right_angles(reduced, [0.0, 1.0, 0.0, -1.0]) {
        return exact;
    }
    let (quadrant, offset) = split_quadrant(reduced);
    match quadrant {
        // sin(r) for r = 90q + f.
        0 => sin_first_quadrant(offset),
        1 => cos_first_quadrant(offset),
        2 => -sin_first_quadrant(offset),
        _ => fourth_quadrant_sine(offset),
    }
}

/// The cosine of `degrees`. NaN for NaN and infinite angles.
pub fn cos_deg(degrees: f64) -> f64 {
    let Some(reduced) = reduce(degrees) else {
        return f64::NAN;
    };
    if let Some(exact) = exact_at_right_angles(reduced, [1.0, 0.0, -1.0, 0.0]) {
        return exact;
    }
    let (quadrant, offset) = split_quadrant(reduced);
    match quadrant {
        // cos(r) for r = 90q + f.
        0 => cos_first_quadrant(offset),
        1 => -sin_first_quadrant(offset),
        2 => -cos_first_quadrant(offset),
        _ => sin_first_quadrant(offset),
    }
}

/// sin(270° + f) = -cos(f). The seeded fault drops the minus sign.
#[cfg(not(feature = "buggy"))]
fn fourth_quadrant_sine(offset: f64) -> f64 {
    -cos_first_quadrant(offset)
}

/// Seeded fault: the sign is wrong, so sin is positive on (270°, 360°).
/// |sin| is still right, which is why sin² + cos² = 1 cannot see it.
#[cfg(feature = "buggy")]
fn fourth_quadrant_sine(offset: f64) -> f64 {
    cos_first_quadrant(offset)
}

/// The angle reduced into `[0, 360)`, or `None` when it is not finite.
fn reduce(degrees: f64) -> Option<f64> {
    if !degrees.is_finite() {
        return None;
    }
    let reduced = degrees.rem_euclid(360.0);
    // rem_euclid of a tiny negative angle can round up to 360.0 itself.
    Some(if reduced >= 360.0 { 0.0 } else { reduced })
}

/// The exact value at 0°, 90°, 180° and 270°, where a polynomial would be
/// off by an ulp and identities such as `sin 180° = 0` should hold exactly.
fn exact_at_right_angles(reduced: f64, values: [f64; 4]) -> Option<f64> {
    if reduced % 90.0 != 0.0 {
        return None;
    }
    // `reduced` is a multiple of 90 in [0, 360): the index is 0..=3.
    Some(values[(reduced / 90.0) as usize])
}

/// The quadrant (0..=3) of a reduced angle and the offset into it, in
/// `(0, 90)` degrees (right angles were handled before).
fn split_quadrant(reduced: f64) -> (u8, f64) {
    let quadrant = (reduced / 90.0).floor();
    let offset = reduced - 90.0 * quadrant;
    (quadrant as u8, offset)
}

/// sin(f) for f in (0°, 90°): the kernels are accurate on [0°, 45°], so the
/// upper octant uses sin(f) = cos(90° - f).
fn sin_first_quadrant(offset: f64) -> f64 {
    if offset <= 45.0 {
        sin_kernel(offset * (PI / 180.0))
    } else {
        cos_kernel((90.0 - offset) * (PI / 180.0))
    }
}

/// cos(f) for f in (0°, 90°), folded like [`sin_first_quadrant`].
fn cos_first_quadrant(offset: f64) -> f64 {
    if offset <= 45.0 {
        cos_kernel(offset * (PI / 180.0))
    } else {
        sin_kernel((90.0 - offset) * (PI / 180.0))
    }
}

/// Taylor polynomial of sin on [0, π/4] radians, through x¹⁷: the first
/// omitted term is below 5e-17 there.
fn sin_kernel(x: f64) -> f64 {
    let x2 = x * x;
    // Horner form of x - x³/3! + x⁵/5! - ... ; coefficient n is
    // (-1)^n / (2n+1)!.
    let mut sum = 0.0;
    for n in (0..=8).rev() {
        sum = sum * x2 + SIN_COEFFICIENTS[n];
    }
    x * sum
}

/// Taylor polynomial of cos on [0, π/4] radians, through x¹⁸.
fn cos_kernel(x: f64) -> f64 {
    let x2 = x * x;
    let mut sum = 0.0;
    for n in (0..=9).rev() {
        sum = sum * x2 + COS_COEFFICIENTS[n];
    }
    sum
}

/// (-1)^n / (2n+1)! for n = 0..=8.
const SIN_COEFFICIENTS: [f64; 9] = [
    1.0,
    -1.0 / 6.0,
    1.0 / 120.0,
    -1.0 / 5040.0,
    1.0 / 362_880.0,
    -1.0 / 39_916_800.0,
    1.0 / 6_227_020_800.0,
    -1.0 / 1_307_674_368_000.0,
    1.0 / 355_687_428_096_000.0,
];

/// (-1)^n / (2n)! for n = 0..=9.
const COS_COEFFICIENTS: [f64; 10] = [
    1.0,
    -1.0 / 2.0,
    1.0 / 24.0,
    -1.0 / 720.0,
    1.0 / 40_320.0,
    -1.0 / 3_628_800.0,
    1.0 / 479_001_600.0,
    -1.0 / 87_178_291_200.0,
    1.0 / 20_922_789_888_000.0,
    -1.0 / 6_402_373_705_728_000.0,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A sanity check against the standard library on a grid, so that the
    /// metamorphic tests start from a sine that is right (MRs alone cannot
    /// tell a correct sine from, say, the constant 0 for some relations).
    #[test]
    #[cfg(not(feature = "buggy"))]
    fn agrees_with_std_on_a_grid() {
        for tenth in -7200..=7200 {
            let degrees = f64::from(tenth) / 10.0;
            let radians = degrees.to_radians();
            assert!(
                (sin_deg(degrees) - radians.sin()).abs() < 1e-14,
                "sin {degrees}"
            );
            assert!(
                (cos_deg(degrees) - radians.cos()).abs() < 1e-14,
                "cos {degrees}"
            );
        }
    }

    #[test]
    fn right_angles_are_exact() {
        assert_eq!(sin_deg(180.0), 0.0);
        assert_eq!(sin_deg(-90.0), -1.0);
        assert_eq!(cos_deg(90.0), 0.0);
        assert_eq!(cos_deg(720.0), 1.0);
    }

    #[test]
    fn non_finite_angles_give_nan() {
        assert!(sin_deg(f64::INFINITY).is_nan());
        assert!(cos_deg(f64::NAN).is_nan());
    }

    #[test]
    fn tiny_negative_angles_reduce_below_360() {
        assert_eq!(reduce(-1e-300), Some(0.0));
        assert!(sin_deg(-1e-300) <= 0.0);
    }
}

//! Two implementations of sine in radians: a fast polynomial one and the
//! standard library's. The tests run one set of metamorphic relations over
//! both (`tests/relations.rs`).

use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// sine by range reduction into [-π/2, π/2] and a degree-11 Taylor
/// polynomial: within 6e-8 of the true value for finite inputs up to 1e6.
pub fn fast_sin(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    // Into [-π, π].
    let mut r = x - TAU * (x / TAU).round();
    // Into [-π/2, π/2], by sin(π - r) = sin(r).
    if r > FRAC_PI_2 {
        r = PI - r;
    }
    #[cfg(not(feature = "buggy"))]
    if r < -FRAC_PI_2 {
        r = -PI - r;
    }
    // The seeded fault: the negative side is reflected to the wrong half.
    #[cfg(feature = "buggy")]
    if r <= -FRAC_PI_2 {
        r += PI;
    }
    let r2 = r * r;
    r * (1.0
        - r2 / 6.0 * (1.0 - r2 / 20.0 * (1.0 - r2 / 42.0 * (1.0 - r2 / 72.0 * (1.0 - r2 / 110.0)))))
}

/// The standard library's sine.
pub fn reference_sin(x: f64) -> f64 {
    x.sin()
}

#[cfg(test)]
mod tests {
    #[test]
    fn fast_sin_is_close_to_the_reference() {
        for i in -2000..2000 {
            let x = f64::from(i) * 0.01;
            let (fast, reference) = (super::fast_sin(x), super::reference_sin(x));
            #[cfg(not(feature = "buggy"))]
            assert!(
                (fast - reference).abs() < 6e-8,
                "{x}: {fast} vs {reference}"
            );
            let _ = (fast, reference);
        }
    }
}

//! Metamorphic relations of sine and cosine in degrees.
//!
//! No test here knows what `sin 123.4°` is. Each MR runs the SUT on a
//! source angle and on follow-up angles built from it, and checks an
//! identity between the outputs. `cargo mtcov` then measures how many
//! distinct relation classes reached each piece of code.

use mt_runtime::proptest::prelude::*;
use mt_runtime::relation::{self, Tolerance};
use mt_runtime::{Config, Mg, Mr, categories, metamorphic};
use trig::{Angle, cos_deg, sin_deg};

// The black-box view of a source angle, for `cargo mtcov --criterion
// i-choice,i-choice-pair,io-ctf`: where it lies and how large it is, and
// the sign of the SUT's output (`sin` or `cos`, both `f64`). Only angles
// on an axis can give an exact zero.
categories! {
    Angle -> f64 {
        quadrant(a) {
            axis [property AXIS] => a.0.rem_euclid(90.0) == 0.0,
            first => a.0.rem_euclid(360.0) < 90.0,
            second => a.0.rem_euclid(360.0) < 180.0,
            third => a.0.rem_euclid(360.0) < 270.0,
            fourth,
        }
        magnitude(a) {
            zero [single] => a.0 == 0.0,
            undefined [error] => !a.0.is_finite(),
            "within one turn" => a.0.abs() < 360.0,
            "beyond one turn",
        }
        direction(a) {
            positive => a.0 > 0.0,
            negative,
        }
        output sign(a, out) {
            positive => *out > 0.0,
            negative => *out < 0.0,
            zero [if AXIS],
        }
    }
}

/// Absolute tolerance for comparing outputs in [-1, 1]: the largest of
/// the tolerances `cargo mtcov tolerance` suggests for these checks (the
/// largest difference the periodicity check saw, 1.5e-15, times 10). It
/// was 1e-12, which let three mutants of the quadrant code pass
/// (docs/study.md, "Tolerances").
const TOLERANCE: f64 = 2e-14;

/// Equal within [`TOLERANCE`]; two NaNs (sine of a non-finite angle) are
/// equal too: both outputs are "undefined", which is the same answer.
/// `#[track_caller]`: `cargo mtcov tolerance` sees each call as its own
/// check site.
#[track_caller]
fn close(a: f64, b: f64) -> bool {
    relation::close(a, b, Tolerance::abs(TOLERANCE)).is_ok()
}

fn sin(angle: &Angle) -> f64 {
    sin_deg(angle.0)
}

fn cos(angle: &Angle) -> f64 {
    cos_deg(angle.0)
}

fn sin_and_cos(angle: &Angle) -> (f64, f64) {
    (sin_deg(angle.0), cos_deg(angle.0))
}

/// Periodicity: sin(x + 360k) = sin(x) for k = 1, -1, 3.
///
/// Reduction into [0, 360) must put all of them in the same place.
#[metamorphic(output = "equal")]
fn periodicity(mg: &mut Mg, x: &Angle) {
    let a = mg.source(x, sin);
    for turns in [1.0, -1.0, 3.0] {
        let shifted = x.shifted(360.0 * turns);
        let b = mg.follow_up(&shifted, sin);
        mg.check(close(a, b), || {
            format!("sin({x:?}) = {a} but sin({shifted:?}) = {b}")
        });
    }
}

/// Oddness: sin(-x) = -sin(x).
///
/// -x reduces into the mirrored quadrant (30° -> 330°), so this relation
/// compares the quadrant branches against each other.
#[metamorphic(output = "negated")]
fn oddness(mg: &mut Mg, x: &Angle) {
    let a = mg.source(x, sin);
    let b = mg.follow_up(&Angle(-x.0), sin);
    mg.check(close(a, -b), || {
        format!("sin({x:?}) = {a} and sin(-x) = {b}, expected {}", -a)
    });
}

/// Evenness: cos(-x) = cos(x).
#[metamorphic(output = "equal")]
fn evenness(mg: &mut Mg, x: &Angle) {
    let a = mg.source(x, cos);
    let b = mg.follow_up(&Angle(-x.0), cos);
    mg.check(close(a, b), || {
        format!("cos({x:?}) = {a} but cos(-x) = {b}")
    });
}

/// Supplement: sin(180 - x) = sin(x).
#[metamorphic(output = "equal")]
fn supplement(mg: &mut Mg, x: &Angle) {
    let a = mg.source(x, sin);
    let b = mg.follow_up(&Angle(180.0 - x.0), sin);
    mg.check(close(a, b), || {
        format!("sin({x:?}) = {a} but sin(180 - x) = {b}")
    });
}

/// Complement, across the two functions: cos(x) = sin(90 - x).
///
/// Same output form as periodicity (two outputs equal), hence the same
/// relation class: it adds a relation, not a kind of relation.
#[metamorphic(output = "equal")]
fn complement(mg: &mut Mg, x: &Angle) {
    let a = mg.source(x, cos);
    let b = mg.follow_up(&Angle(90.0 - x.0), sin);
    mg.check(close(a, b), || {
        format!("cos({x:?}) = {a} but sin(90 - x) = {b}")
    });
}

/// Pythagoras: sin²(x) + cos²(x) = 1.
///
/// The follow-up "input" is the same angle given to the other function.
/// Squares hide signs: this relation holds for a sine with the wrong sign
/// in a quadrant. Non-finite angles have no sine, so they are skipped.
#[metamorphic(output = "sum-of-squares-one")]
fn pythagoras(mg: &mut Mg, x: &Angle) {
    if !x.0.is_finite() {
        return mg.skip("sin and cos of a non-finite angle are NaN");
    }
    let s = mg.source(x, sin);
    let c = mg.follow_up(x, cos);
    let sum = s * s + c * c;
    mg.check(close(sum, 1.0), || format!("sin² + cos² = {sum} at {x:?}"));
}

/// Double angle: sin(2x) = 2 sin(x) cos(x).
#[metamorphic(output = "double-angle")]
fn double_angle(mg: &mut Mg, x: &Angle) {
    if !x.0.is_finite() {
        return mg.skip("sin and cos of a non-finite angle are NaN");
    }
    let (s, c) = mg.source(x, sin_and_cos);
    let doubled = mg.follow_up(&Angle(2.0 * x.0), sin);
    mg.check(close(doubled, 2.0 * s * c), || {
        format!(
            "sin(2x) = {doubled} but 2 sin(x) cos(x) = {} at {x:?}",
            2.0 * s * c
        )
    });
}

/// Monotonicity: sine increases on [-90°, 90°], so sin(x) < sin(x + 1)
/// when both lie there.
///
/// Valid only on that range (and its copies shifted by 360k, which this MR
/// does not try to recognise): other sources are skipped, so they get no
/// association with the "order" class from it.
#[metamorphic(output = "order")]
fn increasing_near_zero(mg: &mut Mg, x: &Angle) {
    if !(-90.0..=89.0).contains(&x.0) {
        return mg.skip("sine increases only on [-90, 90]; needs x in [-90, 89]");
    }
    let a = mg.source(x, sin);
    let b = mg.follow_up(&x.shifted(1.0), sin);
    mg.check(a < b, || {
        format!("sin({x:?}) = {a} is not below sin(x + 1) = {b}")
    });
}

/// Addition formula, with two source inputs:
/// sin(a + b) = sin(a) cos(b) + cos(a) sin(b).
///
/// Both angles are source inputs: each is associated with this MR.
#[metamorphic(output = "addition-formula")]
fn addition(mg: &mut Mg, pair: &(Angle, Angle)) {
    let (a, b) = pair;
    let (sin_a, cos_a) = mg.source(a, sin_and_cos);
    let (sin_b, cos_b) = mg.source(b, sin_and_cos);
    let sum = mg.follow_up(&Angle(a.0 + b.0), sin);
    let expected = sin_a * cos_b + cos_a * sin_b;
    mg.check(close(sum, expected), || {
        format!("sin(a + b) = {sum} but the formula gives {expected}")
    });
}

/// The source angles: every quadrant and octant, both kernels, negatives,
/// exact right angles (and multiples of them far from zero), angles just
/// off a right angle, large angles whose reduction must be exact, and the
/// non-finite ones. Fractions of large angles are dyadic so that follow-up
/// arithmetic (`x + 360`, `180 - x`, `2x`) is exact.
fn angles() -> Vec<Angle> {
    [
        // Right angles and their multiples.
        0.0,
        90.0,
        180.0,
        270.0,
        360.0,
        -90.0,
        -180.0,
        450.0,
        7200.0,
        // First quadrant, both octants.
        0.001,
        1.0,
        10.5,
        30.0,
        44.9,
        45.0,
        45.1,
        60.0,
        89.999,
        // Second to fourth quadrants.
        90.0001,
        120.0,
        135.0,
        150.0,
        179.9,
        210.0,
        225.0,
        240.0,
        269.5,
        271.0,
        300.0,
        315.0,
        330.0,
        359.99,
        // Negative angles.
        -0.001,
        -30.0,
        -45.0,
        -89.0,
        -135.0,
        -200.0,
        -359.0,
        -1000.0,
        // Large angles.
        720.25,
        1000.0,
        123_456.75,
        1_000_017.25,
        -1_000_000.5,
        1e10 + 33.0,
        // Not finite.
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
    .into_iter()
    .map(Angle)
    .collect()
}

/// Pairs for the addition formula, reusing angles of the pool: a source
/// input is identified by its value, so `Angle(30.0)` here is the same
/// source input as `Angle(30.0)` in [`angles`].
fn angle_pairs() -> Vec<(Angle, Angle)> {
    [
        (30.0, 60.0),
        (45.0, 45.0),
        (120.0, 150.0),
        (210.0, 300.0),
        (-30.0, 330.0),
        (1.0, 89.999),
        (720.25, -135.0),
        (-1000.0, 271.0),
        (123_456.75, 10.5),
    ]
    .into_iter()
    .map(|(a, b)| (Angle(a), Angle(b)))
    .collect()
}

/// The single-angle MRs, in one place for both the passing and the
/// seeded-fault tests.
const SINGLE: [Mr<Angle>; 8] = [
    periodicity,
    oddness,
    evenness,
    supplement,
    complement,
    pythagoras,
    double_angle,
    increasing_near_zero,
];

#[test]
#[cfg(not(feature = "buggy"))]
fn single_angle_relations_hold() {
    mt_runtime::check(&angles(), &SINGLE);
}

/// Angles drawn from a strategy, after the hand-picked pool: quarter
/// degrees over ten turns either way (dyadic, so the follow-up arithmetic
/// stays exact). The seed comes from the test's name, so every run draws
/// the same 32 angles; a violation is shrunk towards 0° and saved in
/// `tests/mtcov-regressions/relations.txt`.
fn generated_angles() -> impl Strategy<Value = Angle> {
    (-14_400i32..14_400).prop_map(|quarters| Angle(f64::from(quarters) / 4.0))
}

#[test]
#[cfg(not(feature = "buggy"))]
fn single_angle_relations_hold_on_generated_angles() {
    mt_runtime::check_strategy_with(&Config::with_cases(32), &[], generated_angles(), &SINGLE);
}

#[test]
#[cfg(not(feature = "buggy"))]
fn addition_formula_holds() {
    mt_runtime::check(&angle_pairs(), &[addition]);
}

#[test]
#[cfg(not(feature = "buggy"))]
fn every_registered_relation_is_exercised() {
    // `check_registered` runs every MR taking `Angle`, so a new MR cannot
    // be forgotten in `SINGLE`.
    assert_eq!(
        mt_runtime::registry()
            .iter()
            .filter(|mr| mr.takes::<Angle>())
            .count(),
        SINGLE.len(),
        "an MR over Angle is missing from SINGLE"
    );
    mt_runtime::check_registered::<Angle>(&angles());
}

/// With `--features buggy` the fourth-quadrant sine has the wrong sign.
/// Relations that compare a fourth-quadrant sine with one from another
/// quadrant catch it; relations that square it or stay inside the
/// quadrant cannot. Each MR is checked on its own so that every verdict
/// is asserted, not just the first ones of a long failure summary.
#[test]
#[cfg(feature = "buggy")]
fn seeded_fault_is_caught_by_sign_sensitive_relations() {
    const CAUGHT_BY: [&str; 5] = [
        "oddness",
        "supplement",
        "complement",
        "double_angle",
        "increasing_near_zero",
    ];
    for mr in SINGLE {
        let name = mr.info().name();
        if CAUGHT_BY.contains(&name) {
            let message = mt_runtime::try_check(&angles(), &[mr])
                .expect_err("the seeded fault went unnoticed")
                .to_string();
            assert!(
                message.contains(&format!("MR `{name}` violated")),
                "{name} should fail:\n{message}"
            );
        } else {
            // Blind to a sign error (pythagoras, periodicity, evenness):
            // holds even on the faulty sine.
            mt_runtime::check(&angles(), &[mr]);
        }
    }
    let message = mt_runtime::try_check(&angle_pairs(), &[addition])
        .expect_err("the seeded fault went unnoticed")
        .to_string();
    assert!(message.contains("MR `addition` violated"), "{message}");

    // Over generated angles, the violation shrinks towards 0° (by binary
    // search, so to a local minimum): to an angle where oddness fails and
    // a quarter degree closer to 0° holds, an edge of a fourth quadrant
    // (-1710.25° = -5 turns + 89.75°, whose follow-up 1710.25° is in one).
    let config = Config::with_cases(32).regressions(false);
    let failures = mt_runtime::try_check_strategy(&config, &[], generated_angles(), &[oddness])
        .expect_err("the seeded fault went unnoticed");
    let failure = failures.iter().next().unwrap();
    let minimal: f64 = failure
        .input()
        .trim_start_matches("Angle(")
        .trim_end_matches(')')
        .parse()
        .unwrap();
    let closer = minimal - 0.25 * minimal.signum();
    assert!(mt_runtime::try_check(&[Angle(minimal)], &[oddness]).is_err());
    assert!(
        mt_runtime::try_check(&[Angle(closer)], &[oddness]).is_ok(),
        "{failures}"
    );
}

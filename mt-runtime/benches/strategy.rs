//! Cost per generated case of `check_strategy` against proptest's own
//! `proptest!` running the same two checks on the same strategy.
//!
//! Run: `cargo bench -p mt-runtime --bench strategy`. Both variants are
//! measured interleaved in one run, each round with its own fixed seed, so
//! the ratio holds on a noisy shared machine; the target is ≤ 1.2×.

use mt_runtime::proptest::prelude::*;
use mt_runtime::proptest::test_runner::{Config as ProptestConfig, RngSeed};
use mt_runtime::{Config, Mg, metamorphic};
use std::hint::black_box;
use std::time::{Duration, Instant};

const CASES: u32 = 4096;
const ROUNDS: u64 = 25;

/// A small but real SUT (~100 ns): sorts 32 numbers derived from `x` and
/// returns the median, made even.
#[inline(never)]
fn small_sut(x: &u64) -> u64 {
    let mut v: [u64; 32] =
        std::array::from_fn(|i| x.wrapping_mul(i as u64 + 1).rotate_left(i as u32) % 1000);
    v.sort_unstable();
    black_box(v[16] - v[16] % 2)
}

/// small_sut(2x) and small_sut(x) are both even.
#[metamorphic(output = "parity")]
fn parity(mg: &mut Mg, x: &u64) {
    let a = mg.source(x, small_sut);
    let b = mg.follow_up(&x.wrapping_mul(2), small_sut);
    mg.check(a % 2 == b % 2, || format!("{a} and {b} differ in parity"));
}

/// small_sut stays below 1000, also for x + 1.
#[metamorphic(output = "bounded")]
fn bounded(mg: &mut Mg, x: &u64) {
    let a = mg.source(x, small_sut);
    let b = mg.follow_up(&x.wrapping_add(1), small_sut);
    mg.check(a < 1000 && b < 1000, || format!("{a} or {b} >= 1000"));
}

fn with_check_strategy(seed: u64) {
    let config = Config::with_cases(CASES).seed(seed).regressions(false);
    mt_runtime::check_strategy_with(&config, &[], any::<u64>(), &[parity, bounded]);
}

fn with_proptest(seed: u64) {
    let config = ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    };
    mt_runtime::proptest::proptest!(config, |(x in any::<u64>())| {
        let (a, b) = (small_sut(&x), small_sut(&x.wrapping_mul(2)));
        prop_assert!(a % 2 == b % 2, "{} and {} differ in parity", a, b);
        let (a, b) = (small_sut(&x), small_sut(&x.wrapping_add(1)));
        prop_assert!(a < 1000 && b < 1000, "{} or {} >= 1000", a, b);
    });
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn per_case(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9 / f64::from(CASES)
}

fn stats(mut ns: Vec<f64>) -> (f64, f64, f64) {
    ns.sort_by(f64::total_cmp);
    (ns[ns.len() / 2], ns[0], ns[ns.len() - 1])
}

fn main() {
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        with_check_strategy(1);
        with_proptest(1);
        return; // `cargo test --benches` smoke mode
    }
    for var in ["PROPTEST_CASES", "MTCOV_SEED", "PROPTEST_RNG_SEED"] {
        if std::env::var_os(var).is_some() {
            eprintln!("warning: {var} is set and changes what this benchmark draws");
        }
    }
    with_check_strategy(0); // warm up
    with_proptest(0);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for round in 1..=ROUNDS {
        theirs.push(per_case(time(|| with_proptest(black_box(round)))));
        ours.push(per_case(time(|| with_check_strategy(black_box(round)))));
    }
    let theirs = stats(theirs);
    println!(
        "mt-runtime check_strategy: cost per generated case, two MRs over a ~100 ns SUT, {CASES} cases per round"
    );
    println!(
        "{:<34} {:>9} {:>9} {:>9} {:>8}",
        "variant", "median", "min", "max", "ratio"
    );
    for (name, (median, min, max)) in [("proptest!", theirs), ("check_strategy", stats(ours))] {
        println!(
            "{name:<34} {median:>6.1} ns {min:>6.1} ns {max:>6.1} ns {:>7.2}x   ({ROUNDS} rounds)",
            median / theirs.0
        );
    }
}

//! Cost per MG of `mt_runtime::check` with a trivial SUT, against the same
//! checks written as a hand-rolled loop, with and without recording.
//!
//! Run: `cargo bench -p mt-runtime --bench check`. Variants are measured
//! interleaved in one run, so the ratios hold on a noisy shared machine.
//! Recording is decided once per process, so the recording variant runs
//! in a child process of this benchmark with `MTCOV_RECORD_DIR` set.

use mt_runtime::{Mg, metamorphic};
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

const MGS: usize = 100_000;
const ROUNDS: usize = 15;
const RECORDING_ROUNDS: usize = 5;

/// The trivial SUT: a few instructions the optimiser cannot see through.
#[inline(never)]
fn sut(x: &u64) -> u64 {
    black_box(x.wrapping_mul(3))
}

/// sut(x + 1) - sut(x) = 3.
#[metamorphic(output = "difference")]
fn step(mg: &mut Mg, x: &u64) {
    let a = mg.source(x, sut);
    let b = mg.follow_up(&(x + 1), sut);
    mg.check(b.wrapping_sub(a) == 3, || format!("{b} - {a} != 3"));
}

/// A small but real SUT (~100 ns): sorts 32 numbers derived from `x` and
/// returns the median; shows how the fixed overhead per MG fades.
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
    let b = mg.follow_up(&(x * 2), small_sut);
    mg.check(a % 2 == b % 2, || format!("{a} and {b} differ in parity"));
}

fn hand_rolled_small(sources: &[u64]) {
    let mut failures = Vec::new();
    for x in sources {
        let a = small_sut(x);
        let b = small_sut(&(x * 2));
        if a % 2 != b % 2 {
            failures.push(format!("{x:?}: {a} and {b} differ in parity"));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

fn hand_rolled(sources: &[u64]) {
    let mut failures = Vec::new();
    for x in sources {
        let a = sut(x);
        let b = sut(&(x + 1));
        if b.wrapping_sub(a) != 3 {
            failures.push(format!("{x:?}: {b} - {a} != 3"));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

/// The same relation as a plain function in a list of relations, the way
/// a hand-written suite with several relations calls them: one indirect
/// call per MG, as `check` makes.
fn step_relation(x: &u64) -> Result<(), String> {
    let a = sut(x);
    let b = sut(&(x + 1));
    if b.wrapping_sub(a) == 3 {
        Ok(())
    } else {
        Err(format!("{x:?}: {b} - {a} != 3"))
    }
}

/// A relation of the hand-rolled baseline.
type Relation = fn(&u64) -> Result<(), String>;

fn hand_rolled_list(sources: &[u64], relations: &[Relation]) {
    let mut failures = Vec::new();
    for relation in relations {
        for x in sources {
            if let Err(message) = relation(x) {
                failures.push(message);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

fn with_check(sources: &[u64]) {
    mt_runtime::check(sources, &[step]);
}

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn per_mg(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9 / MGS as f64
}

fn stats(mut ns: Vec<f64>) -> (f64, f64, f64) {
    ns.sort_by(f64::total_cmp);
    (ns[ns.len() / 2], ns[0], ns[ns.len() - 1])
}

fn main() {
    let sources: Vec<u64> = (0..MGS as u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    if std::env::var_os("MTCOV_RECORD_DIR").is_some() {
        // Child: the recording variant; prints one ns/MG figure per round.
        for _ in 0..RECORDING_ROUNDS {
            let d = time(|| with_check(&sources));
            println!("{}", per_mg(d));
        }
        return;
    }
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return; // `cargo test --benches` smoke mode
    }
    let (mut plain, mut checked, mut listed) = (Vec::new(), Vec::new(), Vec::new());
    let (mut plain_small, mut checked_small) = (Vec::new(), Vec::new());
    with_check(&sources); // warm up
    for _ in 0..ROUNDS {
        plain.push(per_mg(time(|| hand_rolled(black_box(&sources)))));
        listed.push(per_mg(time(|| {
            hand_rolled_list(black_box(&sources), black_box(&[step_relation]))
        })));
        checked.push(per_mg(time(|| with_check(black_box(&sources)))));
        plain_small.push(per_mg(time(|| hand_rolled_small(black_box(&sources)))));
        checked_small.push(per_mg(time(|| {
            mt_runtime::check(black_box(&sources), &[parity])
        })));
    }
    let dir = std::env::temp_dir().join(format!("mtcov-bench-check-{}", std::process::id()));
    let child = Command::new(std::env::current_exe().unwrap())
        .env("MTCOV_RECORD_DIR", &dir)
        .output()
        .expect("run the recording variant");
    let recorded: Vec<f64> = String::from_utf8_lossy(&child.stdout)
        .lines()
        .filter_map(|l| l.parse().ok())
        .collect();
    let record_bytes: u64 = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        !recorded.is_empty(),
        "recording variant failed: {}",
        String::from_utf8_lossy(&child.stderr)
    );

    let plain = stats(plain);
    let base = plain.0;
    println!("mt-runtime check: cost per MG, trivial SUT, {MGS} MGs per round");
    println!(
        "{:<34} {:>9} {:>9} {:>9} {:>8}",
        "variant", "median", "min", "max", "ratio"
    );
    for (name, rounds, ns) in [
        ("hand-rolled loop", ROUNDS, plain),
        ("hand-rolled loop over relation fns", ROUNDS, stats(listed)),
        ("check, no recording", ROUNDS, stats(checked)),
        (
            "check, recording (child process)",
            RECORDING_ROUNDS,
            stats(recorded),
        ),
    ] {
        let (median, min, max) = ns;
        println!(
            "{:<34} {:>6.1} ns {:>6.1} ns {:>6.1} ns {:>7.2}x   ({rounds} rounds)",
            name,
            median,
            min,
            max,
            median / base
        );
    }
    let plain_small = stats(plain_small);
    for (name, (median, min, max)) in [
        ("small SUT: hand-rolled loop", plain_small),
        ("small SUT: check, no recording", stats(checked_small)),
    ] {
        println!(
            "{:<34} {:>6.1} ns {:>6.1} ns {:>6.1} ns {:>7.2}x   ({ROUNDS} rounds)",
            name,
            median,
            min,
            max,
            median / plain_small.0
        );
    }
    println!(
        "records written per round: {:.1} MB",
        record_bytes as f64 / RECORDING_ROUNDS as f64 / 1e6
    );
}

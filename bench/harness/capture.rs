//! What one `mg.source` costs in an instrumented test binary: the SUT inside
//! `mg.source` (source key, source record, the scans that read and zero the
//! counters, coverage record) against the same instrumented SUT called directly.
//!
//! Included with `#[path]` by the test of each capture fixture; run only by
//! `cargo xtask bench`, which builds the fixture through `cargo mtcov` (so
//! mt-runtime is compiled with `--cfg mtcov` and the fixture with
//! `-C instrument-coverage`) and sets `MTCOV_BENCH_OUT` to the file the
//! figures are written to, as one JSON object.
//!
//! Inputs are distinct across rounds, so every round's first pass is the
//! first sight of each input (a `source` and a `cov` record are written);
//! the second pass over the same inputs is a repeat (the key is known and
//! identical counters are not written again): capture alone.

use std::fmt::Debug;
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use mt_runtime::relation::{self, Tolerance};
use mt_runtime::{Mg, metamorphic};

/// Nanoseconds spent inside `mg.source` since the last [`take_source_ns`].
static SOURCE_NS: AtomicU64 = AtomicU64::new(0);

/// `mg.source(input, sut)`, timed; the MR of a capture fixture calls only this.
pub fn timed_source<I: Debug, O>(mg: &mut Mg, input: &I, sut: impl FnMut(&I) -> O) -> O {
    let start = Instant::now();
    let out = mg.source(input, sut);
    SOURCE_NS.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    out
}

fn take_source_ns() -> u64 {
    SOURCE_NS.swap(0, Ordering::Relaxed)
}

/// An MG with one float check (recorded for `cargo mtcov tolerance`) and
/// one without, otherwise alike: their difference is what recording a
/// `relation::close` costs an MG, its fold into the site table included.
#[metamorphic(output = "equal")]
fn one_close(mg: &mut Mg, x: &f64) {
    let y = black_box(*x) * (1.0 + f64::EPSILON);
    mg.check_that(relation::close(black_box(*x), y, Tolerance::rel(1e-12)));
}

#[metamorphic(output = "equal")]
fn no_close(mg: &mut Mg, x: &f64) {
    let y = black_box(*x) * (1.0 + f64::EPSILON);
    mg.check_that(black_box(Ok(())));
    black_box(y);
}

/// Per MG, ns: an MG with a recorded `close` minus one without, and the
/// same `close` outside any MG (nothing recorded).
fn close_cost(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let start = Instant::now();
    mt_runtime::check(xs, &[no_close]);
    let without = start.elapsed().as_nanos() as f64 / n;
    let start = Instant::now();
    mt_runtime::check(xs, &[one_close]);
    let with = start.elapsed().as_nanos() as f64 / n;
    let start = Instant::now();
    for x in xs {
        let y = black_box(*x) * (1.0 + f64::EPSILON);
        let _ = black_box(relation::close(black_box(*x), y, Tolerance::rel(1e-12)));
    }
    let plain = start.elapsed().as_nanos() as f64 / n;
    (with - without, plain)
}

/// Times the capture of `rounds` slices of `per_round` distinct inputs each
/// and writes the figures to `$MTCOV_BENCH_OUT`; does nothing (with a note)
/// when that variable is not set, i.e. under a plain `cargo test`.
pub fn run<I: Debug + 'static, O>(
    fixture: &str,
    inputs: &[I],
    rounds: usize,
    mr: mt_runtime::Mr<I>,
    sut: fn(&I) -> O,
) {
    let Some(out) = std::env::var_os("MTCOV_BENCH_OUT") else {
        eprintln!(
            "{fixture}: not run by `cargo xtask bench` (MTCOV_BENCH_OUT is not set); nothing measured"
        );
        return;
    };
    let record_dir = std::env::var_os("MTCOV_RECORD_DIR").expect(
        "MTCOV_BENCH_OUT is set but MTCOV_RECORD_DIR is not: run this test through `cargo mtcov`",
    );
    let per_round = inputs.len() / rounds;
    assert!(per_round > 0, "{} inputs for {rounds} rounds", inputs.len());

    // Warm up the SUT (lazy statics, page faults) on inputs no round uses
    // as a source; capture is only warmed on the first of them.
    for input in inputs.iter().take(per_round) {
        black_box(sut(black_box(input)));
    }
    mt_runtime::check(&inputs[..1], &[mr]);
    take_source_ns();
    let num_counters = own_num_counters(std::path::Path::new(&record_dir));
    // As large as the counter array: zeroing it before a direct call costs
    // one memset of the section, cache misses in the SUT included (the
    // baseline of the capture's target).
    let mut scratch = vec![0u64; num_counters as usize];

    let (mut direct, mut first, mut repeat, mut key) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // One memset over the counter array before each direct call.
    let mut direct_after_reset = Vec::new();
    let (mut close_recorded, mut close_plain) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let slice = &inputs[round * per_round..(round + 1) * per_round];
        let slice = if round == 0 { &slice[1..] } else { slice };
        let n = slice.len() as f64;
        let mut total = 0u64;
        for input in slice {
            let start = Instant::now();
            black_box(sut(black_box(input)));
            total += start.elapsed().as_nanos() as u64;
        }
        direct.push(total as f64 / n);
        let mut total = 0u64;
        for input in slice {
            let start = Instant::now();
            // SAFETY: zeroes the scratch buffer's own elements.
            unsafe { std::ptr::write_bytes(scratch.as_mut_ptr(), 0, scratch.len()) };
            black_box(&mut scratch);
            black_box(sut(black_box(input)));
            total += start.elapsed().as_nanos() as u64;
        }
        direct_after_reset.push(total as f64 / n);
        // The source key alone (Debug text + hash), part of every mg.source.
        let start = Instant::now();
        for input in slice {
            black_box(mt_runtime::SourceKey::of(black_box(input)));
        }
        key.push(start.elapsed().as_nanos() as f64 / n);
        mt_runtime::check(slice, &[mr]);
        first.push(take_source_ns() as f64 / n);
        mt_runtime::check(slice, &[mr]);
        repeat.push(take_source_ns() as f64 / n);
        let xs: Vec<f64> = (0..slice.len())
            .map(|i| 1.0 + (round * per_round + i) as f64)
            .collect();
        let (recorded, plain) = close_cost(&xs);
        close_recorded.push(recorded);
        close_plain.push(plain);
    }

    let figures = serde_json::json!({
        "fixture": fixture,
        "num_counters": num_counters,
        "inputs_per_round": per_round,
        "rounds": rounds,
        "direct_ns": direct,
        "source_first_ns": first,
        "source_repeat_ns": repeat,
        "key_ns": key,
        "direct_after_reset_ns": direct_after_reset,
        "close_recorded_ns": close_recorded,
        "close_plain_ns": close_plain,
    });
    std::fs::write(&out, figures.to_string()).expect("write the figures to MTCOV_BENCH_OUT");
    eprintln!("{fixture}: {figures}");
}

/// `num_counters` from this process's own record header: the size of the
/// counter array every capture resets and scans.
fn own_num_counters(record_dir: &std::path::Path) -> u64 {
    let suffix = format!("-{}.jsonl", std::process::id());
    let file = std::fs::read_dir(record_dir)
        .expect("read MTCOV_RECORD_DIR")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.to_string_lossy().ends_with(&suffix))
        .expect("this process wrote no record file");
    let text = std::fs::read_to_string(&file).expect("read the record file");
    let header: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("an empty record file"))
            .expect("a JSON header");
    let coverage = &header["coverage"];
    assert_eq!(
        coverage["status"], "ok",
        "the fixture is not instrumented (coverage: {coverage}); run it through `cargo mtcov`"
    );
    coverage["num_counters"]
        .as_u64()
        .expect("num_counters in the header")
}

//! Cost of coverage mapping: decoding a test binary's mapping (once per
//! binary) and mapping one input's counters to requirements (once per
//! `cov` record).
//!
//! `cargo bench -p cargo-mtcov --bench mapping`
//!
//! Runs `cargo mtcov` on the `tests/fixtures/cov-sut` fixture (as the
//! coverage tests do, in `target/mtcov-test-fixtures/`), so that
//! mt-runtime records real per-input counters, and times:
//! - small: only the SUT instrumented, scope = the SUT's `src/`;
//! - large: the SUT plus serde_json and its dependencies instrumented,
//!   scope = every file (all of serde_json's mapping is decoded and kept);
//!   `bench/instrument-deps.sh`, chained by cargo-mtcov's wrapper,
//!   instruments them and links the test binary with `-C link-dead-code`.

#[path = "../tests/e2e/coverage_support/mod.rs"]
mod coverage_support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use cargo_mtcov::mapping::{CoverageMap, Scope};
use cargo_mtcov::model::Criterion;
use coverage_support::*;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

fn scenario(name: &str, built: &Built, scope: &Scope) {
    let (functions, executions) = built.records();
    let size = std::fs::metadata(&built.oracle_binary)
        .map(|m| m.len())
        .unwrap_or(0);
    let extra = std::slice::from_ref(&built.rlib);

    let decode = time(15, || {
        CoverageMap::load(&built.oracle_binary, &[], scope).expect("load")
    });
    let decode_rlib = time(15, || {
        CoverageMap::load(&built.oracle_binary, extra, scope).expect("load")
    });
    let map = CoverageMap::load(&built.oracle_binary, extra, scope).expect("load");
    let bind = time(51, || map.evaluator(&functions).expect("bind").covered(&[]));

    let mut evaluator = map.evaluator(&functions).expect("bind");
    let rounds = 300;
    let mut covered_pairs = 0usize;
    let t = Instant::now();
    for _ in 0..rounds {
        for ex in &executions {
            let c = evaluator.covered(black_box(&ex.counters));
            covered_pairs += c.line.len() + c.region.len() + c.branch.len() + c.function.len();
        }
    }
    let per_input = t.elapsed() / (rounds * executions.len()) as u32;
    let counters: usize =
        executions.iter().map(|e| e.counters.len()).sum::<usize>() / executions.len().max(1);
    println!(
        "{name}: binary {:.1} MB, {} function table rows, E = {} lines / {} regions / {} functions",
        size as f64 / 1e6,
        functions.len(),
        map.requirements(Criterion::Line).len(),
        map.requirements(Criterion::Region).len(),
        map.requirements(Criterion::Function).len(),
    );
    println!(
        "  decode {:.2} ms (binary), {:.2} ms (binary + rlib); bind function table {:.1} µs",
        decode.as_secs_f64() * 1e3,
        decode_rlib.as_secs_f64() * 1e3,
        bind.as_secs_f64() * 1e6
    );
    println!(
        "  map one input, all four criteria: {:.2} µs ({} inputs, ~{counters} non-zero counters each, {} covered pairs per input)",
        per_input.as_secs_f64() * 1e6,
        executions.len(),
        covered_pairs / (rounds * executions.len()),
    );
}

fn main() {
    let small = run_mtcov(&MtcovRun {
        name: "bench-small",
        ..MtcovRun::default()
    });
    scenario(
        "small",
        &small,
        &Scope::all().include_dir(fixture_dir().join("src")),
    );
    let large = run_mtcov(&MtcovRun {
        name: "bench-large",
        env: &[
            (
                "RUSTC_WRAPPER",
                repo_root().join("bench/instrument-deps.sh").into(),
            ),
            (
                "MTCOV_BENCH_INSTRUMENT",
                "serde_json,serde_core,itoa,zmij,memchr".into(),
            ),
        ],
        ..MtcovRun::default()
    });
    scenario(
        "large, scope = SUT",
        &large,
        &Scope::all().include_dir(fixture_dir().join("src")),
    );
    scenario("large, scope = everything", &large, &Scope::all());
}

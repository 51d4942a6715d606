//! Capture cost per source input: the fixtures under `bench/` run through
//! `cargo mtcov` (so the SUT is instrumented and mt-runtime has its capture
//! hooks), and their test writes its own figures (see
//! `bench/harness/capture.rs`) to the file named by `MTCOV_BENCH_OUT`.

use std::path::Path;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

const SECTION: &str = "2. capture per input";

/// Crates `bench/instrument-deps.sh` instruments for the large fixture:
/// those its SUT uses.
const LARGE_DEPENDENCIES: &str = "regex,regex_automata,regex_syntax,aho_corasick,memchr,\
    pulldown_cmark,pulldown_cmark_escape,unicase,syn,proc_macro2,quote,unicode_ident";

struct Fixture {
    name: &'static str,
    title: &'static str,
    /// Target for the overhead per input, in µs.
    target_us: f64,
    extra_instrumented: Option<&'static str>,
}

const FIXTURES: [Fixture; 2] = [
    Fixture {
        name: "capture-small",
        title: "small binary",
        target_us: 2.0,
        extra_instrumented: None,
    },
    Fixture {
        name: "capture-large",
        title: "large binary",
        target_us: 50.0,
        extra_instrumented: Some(LARGE_DEPENDENCIES),
    },
];

/// Each fixture as `cargo mtcov` builds it by default (the test profile:
/// the SUT at opt-level 0, mt-runtime at 3) and with `--release`.
pub(crate) fn run(root: &Path, mtcov: &Path) -> Vec<Row> {
    let mut rows = Vec::new();
    for release in [false, true] {
        for fixture in &FIXTURES {
            let profile = if release { "release" } else { "debug" };
            eprintln!(
                "xtask: capture fixture {} ({profile}; instrumented build, then its test)",
                fixture.name
            );
            match measure(root, mtcov, fixture, release) {
                Ok(figures) => rows.extend(figure_rows(fixture, &figures, release)),
                Err(why) => rows.push(Row::missing(
                    SECTION,
                    format!("{}, {profile}: mg.source", fixture.title),
                    why,
                )),
            }
        }
    }
    rows
}

fn measure(
    root: &Path,
    mtcov: &Path,
    fixture: &Fixture,
    release: bool,
) -> Result<serde_json::Value, String> {
    let dir = root.join("bench").join(fixture.name);
    let bench_dir = root.join("target/bench");
    let name = if release {
        format!("{}-release", fixture.name)
    } else {
        fixture.name.to_owned()
    };
    let out = bench_dir.join(format!("{name}.json"));
    let _ = std::fs::remove_file(&out);
    let mut command = cmd::tool(mtcov, &dir);
    command.arg("mtcov");
    if release {
        command.arg("--release");
    }
    command
        .args(["--k", "1", "--", "capture_cost"])
        .env("CARGO_TARGET_DIR", bench_dir.join(&name))
        .env("MTCOV_BENCH_OUT", &out);
    if let Some(crates) = fixture.extra_instrumented {
        // An explicit target keeps the proc macros' syn (host) apart from
        // the SUT's syn (target): without one, cargo builds a single syn for
        // both, and a proc macro loaded into rustc cannot be instrumented.
        command
            .env("CARGO_BUILD_TARGET", host_triple()?)
            .env("RUSTC_WRAPPER", root.join("bench/instrument-deps.sh"))
            .env("MTCOV_BENCH_INSTRUMENT", crates);
    }
    let run = cmd::run(&mut command)?;
    let log = bench_dir.join(format!("{name}.log"));
    let _ = std::fs::write(&log, run.output.stderr.as_slice());
    let text = std::fs::read_to_string(&out).map_err(|_| {
        format!(
            "the fixture's test wrote no figures (`{}` exited with {}; log: {}): {}",
            cmd::show(&command),
            run.output.status,
            log.display(),
            run.stderr_tail(3).replace('\n', " / ")
        )
    })?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not the figures JSON: {e}", out.display()))
}

/// The `host:` line of `rustc -vV`.
fn host_triple() -> Result<String, String> {
    let run = cmd::run_ok(std::process::Command::new("rustc").arg("-vV"))?;
    run.stdout()
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_owned)
        .ok_or_else(|| "`rustc -vV` names no host".to_owned())
}

fn series(figures: &serde_json::Value, key: &str) -> Vec<f64> {
    figures[key]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_f64()).collect())
        .unwrap_or_default()
}

/// The direct call, and the overhead of `mg.source` above it per round
/// (first sight: records written; repeat: capture alone), in µs.
fn figure_rows(fixture: &Fixture, figures: &serde_json::Value, release: bool) -> Vec<Row> {
    let direct = series(figures, "direct_ns");
    let overhead = |key: &str| -> Vec<f64> {
        series(figures, key)
            .iter()
            .zip(&direct)
            .map(|(s, d)| (s - d) / 1e3)
            .collect()
    };
    let us = |v: Vec<f64>| Summary::of(&v).map(|s| (s, Unit::Micros));
    let counters = figures["num_counters"].as_u64().unwrap_or(0);
    let per_round = figures["inputs_per_round"].as_u64().unwrap_or(0);
    let profile = if release { "--release" } else { "debug" };
    let title = format!("{} ({counters} counters), {profile}", fixture.title);
    let mut rows = vec![
        Row::new(
            SECTION,
            format!("{title}: direct SUT call"),
            us(direct.iter().map(|d| d / 1e3).collect()),
        )
        .note(format!("{per_round} distinct inputs per round")),
        Row::new(
            SECTION,
            format!("{title}: mg.source overhead, first sight"),
            us(overhead("source_first_ns")),
        )
        .target(Target::Median(fixture.target_us))
        .note("source + cov records written"),
        Row::new(
            SECTION,
            format!("{title}: mg.source overhead, repeat"),
            us(overhead("source_repeat_ns")),
        )
        .target(Target::Median(fixture.target_us))
        .note("known input: key, scans that zero the counters, dedup"),
        Row::new(
            SECTION,
            format!("{title}: a relation::close check, recorded"),
            us(series(figures, "close_recorded_ns")
                .iter()
                .map(|n| n / 1e3)
                .collect()),
        )
        .target(Target::Median(fixture.target_us))
        .note(format!(
            "per MG, for `cargo mtcov tolerance`; the same close unrecorded: {:.3} µs",
            Summary::of(&series(figures, "close_plain_ns")).map_or(f64::NAN, |s| s.median / 1e3)
        )),
    ];
    if release {
        return rows;
    }
    rows.extend([
        Row::new(
            SECTION,
            format!("{title}: of which the source key"),
            us(series(figures, "key_ns").iter().map(|k| k / 1e3).collect()),
        )
        .note("Debug text + hash"),
        Row::new(
            SECTION,
            format!("{title}: one memset of the counters"),
            us(overhead("direct_after_reset_ns")),
        )
        .note("before a direct call, over as many counters as the section has"),
    ]);
    rows
}

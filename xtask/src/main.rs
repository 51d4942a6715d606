//! `cargo xtask bench`: what mtcov costs, in one table.
//!
//! 1. whole commands on the examples, warm and interleaved: `cargo test`,
//!    `cargo llvm-cov`, `cargo mtcov` (see [`whole`]); 1b. the same on a
//!    suite of 184 tests, 40 of them slow, with `cargo mtcov --serial` (see
//!    [`suite`]);
//! 2. capture per source input in a small and a large instrumented binary
//!    (the fixtures under `bench/`, see [`capture`]), and mapping per input
//!    (`cargo-mtcov`'s `mapping` bench, when it exists);
//! 3. runtime without coverage (`mt-runtime`'s `check` bench);
//! 4. and 5. the measure at paper scale and its growth (`cargo-mtcov`'s
//!    `measure` bench);
//! 9. a large real codebase (the regex family, vendored under
//!    `bench/large`) at 300, 1,000 and 3,000 generated cases (see [`large`]).
//!
//! Benchmarks of our own crates are run, not re-implemented: this only
//! gathers their figures. Build products go to `target/bench/`; the report
//! to stdout and `target/bench/report.md`, and with `--write-doc` into
//! docs/benchmark.md between `<!-- bench:start -->` and `<!-- bench:end -->`.

mod affected;
mod benches;
mod capture;
mod cmd;
mod guided;
mod large;
mod library;
mod machine;
mod readme;
mod stats;
mod suite;
mod table;
mod whole;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use table::Row;

const USAGE: &str = "\
usage: cargo xtask bench [--rounds N] [--only SECTIONS] [--write-doc]

  --rounds N        rounds of the whole-command comparison (default 5)
  --only SECTIONS   comma separated subset of: whole,suite,capture,mapping,check,measure,blackbox,strategy,guided,large,affected,library
                    (affected includes library: the library fixture's --affected rows)
  --write-doc       also write the report into docs/benchmark.md";

const SECTIONS: [&str; 12] = [
    "whole", "suite", "capture", "mapping", "check", "measure", "blackbox", "strategy", "guided",
    "large", "affected", "library",
];

#[derive(Debug)]
struct Options {
    rounds: usize,
    only: Vec<String>,
    write_doc: bool,
}

impl Options {
    fn wants(&self, section: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|s| s == section)
    }
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let Some((task, rest)) = args.split_first() else {
        return Err("no task given".to_owned());
    };
    if task != "bench" {
        return Err(format!("unknown task `{task}`"));
    }
    let mut options = Options {
        rounds: 5,
        only: Vec::new(),
        write_doc: false,
    };
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--rounds" => {
                let value = rest.next().ok_or("--rounds needs a number")?;
                options.rounds = value
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--rounds {value}: not a positive number"))?;
            }
            "--only" => {
                let value = rest.next().ok_or("--only needs a list of sections")?;
                for section in value.split(',') {
                    if !SECTIONS.contains(&section) {
                        return Err(format!(
                            "--only: unknown section `{section}` (known: {})",
                            SECTIONS.join(",")
                        ));
                    }
                    options.only.push(section.to_owned());
                }
            }
            "--write-doc" => options.write_doc = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(options) => options,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match bench(&options, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn bench(options: &Options, args: &[String]) -> Result<(), String> {
    let started = Instant::now();
    let root = workspace_root();
    let bench_dir = root.join("target/bench");
    std::fs::create_dir_all(&bench_dir)
        .map_err(|e| format!("cannot create {}: {e}", bench_dir.display()))?;
    let mut rows = mtcov_rows(options, &root)?;
    let mut details: Vec<benches::BenchOutput> = Vec::new();
    for (section, package, name, parse) in SUB_BENCHES {
        if options.wants(section) {
            sub_bench(
                &root,
                (section, package, name, parse),
                &mut rows,
                &mut details,
            );
        }
    }
    rows.sort_by(|a, b| a.section.cmp(&b.section));

    let report = render_report(
        &root,
        options,
        args,
        &rows,
        &details,
        started.elapsed().as_secs_f64(),
    );
    println!("{report}");
    let report_path = bench_dir.join("report.md");
    std::fs::write(&report_path, &report)
        .map_err(|e| format!("cannot write {}: {e}", report_path.display()))?;
    if options.write_doc {
        let path = root.join("docs/benchmark.md");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let new = readme::splice(&text, &report)?;
        std::fs::write(&path, new).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("xtask: wrote the report into {}", path.display());
    }
    Ok(())
}

/// The sections that run `cargo mtcov` (built once, in release).
fn mtcov_rows(options: &Options, root: &Path) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    let sections = [
        "whole", "suite", "capture", "guided", "large", "affected", "library",
    ];
    if !sections.iter().any(|s| options.wants(s)) {
        return Ok(rows);
    }
    let mtcov = build_mtcov(root)?;
    if ["whole", "suite", "large", "affected", "library"]
        .iter()
        .any(|s| options.wants(s))
    {
        let llvm_cov = llvm_cov_available(root);
        if options.wants("large") {
            rows.extend(large::run(root, &mtcov, llvm_cov.clone()));
        }
        if options.wants("affected") {
            rows.extend(affected::run(root, &mtcov, llvm_cov.clone()));
        }
        if options.wants("affected") || options.wants("library") {
            rows.extend(library::run(root, &mtcov, llvm_cov.is_ok()));
        }
        if options.wants("whole") {
            rows.extend(whole::run(root, &mtcov, llvm_cov.clone(), options.rounds));
        }
        if options.wants("suite") {
            rows.extend(suite::run(root, &mtcov, llvm_cov, options.rounds));
        }
    }
    if options.wants("capture") {
        rows.extend(capture::run(root, &mtcov));
    }
    if options.wants("guided") {
        rows.extend(guided::run(root, &mtcov));
    }
    Ok(rows)
}

/// A section measured by a `cargo bench` target: (section, package (and
/// its directory), bench, the parser of its output).
type SubBench = (
    &'static str,
    &'static str,
    &'static str,
    fn(&str) -> Vec<Row>,
);

const SUB_BENCHES: [SubBench; 5] = [
    ("mapping", "cargo-mtcov", "mapping", benches::mapping_rows),
    ("check", "mt-runtime", "check", benches::check_rows),
    ("measure", "cargo-mtcov", "measure", benches::measure_rows),
    (
        "blackbox",
        "cargo-mtcov",
        "blackbox",
        benches::blackbox_rows,
    ),
    ("strategy", "mt-runtime", "strategy", benches::strategy_rows),
];

/// Runs one `cargo bench` section: its rows, or a row saying why none.
fn sub_bench(
    root: &Path,
    (section, package, name, parse): SubBench,
    rows: &mut Vec<Row>,
    details: &mut Vec<benches::BenchOutput>,
) {
    let Some(out) = benches::run(root, package, package, name) else {
        rows.push(Row::missing(
            section,
            format!("cargo bench -p {package} --bench {name}"),
            "bench not written yet",
        ));
        return;
    };
    match &out.text {
        Ok(text) if parse(text).is_empty() => rows.push(Row::missing(
            section,
            &out.command,
            "no figures recognised; see its output below",
        )),
        Ok(text) => rows.extend(parse(text)),
        Err(e) => rows.push(Row::missing(
            section,
            &out.command,
            e.lines().next().unwrap_or("failed"),
        )),
    }
    details.push(out);
}

/// Builds `cargo-mtcov` in release and copies it out of `target/release`,
/// so that a rebuild by anyone else cannot swap it in the middle of a run.
fn build_mtcov(root: &Path) -> Result<PathBuf, String> {
    eprintln!("xtask: cargo build --release -p cargo-mtcov");
    cmd::run_ok(cmd::cargo(root).args(["build", "--release", "-p", "cargo-mtcov"]))?;
    let built = root.join("target/release/cargo-mtcov");
    let copy = root.join("target/bench/bin/cargo-mtcov");
    std::fs::create_dir_all(root.join("target/bench/bin"))
        .map_err(|e| format!("cannot create target/bench/bin: {e}"))?;
    std::fs::copy(&built, &copy)
        .map_err(|e| format!("cannot copy {} to {}: {e}", built.display(), copy.display()))?;
    Ok(copy)
}

/// `cargo llvm-cov` works, or is installed now; `Err` says why not.
fn llvm_cov_available(root: &Path) -> Result<(), String> {
    let works = || cmd::run(cmd::cargo(root).args(["llvm-cov", "--version"])).is_ok_and(|r| r.ok());
    if works() {
        return Ok(());
    }
    eprintln!(
        "xtask: cargo llvm-cov is not installed; trying `cargo install --locked cargo-llvm-cov`"
    );
    let log = root.join("target/bench/llvm-cov-install.log");
    let installed = cmd::run(cmd::cargo(root).args(["install", "--locked", "cargo-llvm-cov"]));
    if let Ok(run) = &installed {
        let _ = std::fs::write(&log, run.output.stderr.as_slice());
    }
    if works() {
        Ok(())
    } else {
        Err(format!(
            "cargo llvm-cov absent and `cargo install --locked cargo-llvm-cov` failed (log: {})",
            log.display()
        ))
    }
}

fn render_report(
    root: &Path,
    options: &Options,
    args: &[String],
    rows: &[Row],
    details: &[benches::BenchOutput],
    seconds: f64,
) -> String {
    let commit = cmd::run(
        std::process::Command::new("git")
            .current_dir(root)
            .args(["describe", "--always", "--dirty"]),
    )
    .map(|r| r.stdout().trim().to_owned())
    .unwrap_or_default();
    let mut out = String::new();
    out.push_str(&format!("Measured with `cargo xtask {}` ", args.join(" ")));
    out.push_str(&format!(
        "in {:.1} min, at commit `{commit}`, on {}.\n",
        seconds / 60.0,
        machine::describe()
    ));
    out.push_str(&format!(
        "Whole commands: {} interleaved warm rounds; capture: 5 rounds of distinct inputs in one process; \
         the other rows are the figures the named benchmarks print (their full output is below).\n\n",
        options.rounds
    ));
    out.push_str(&table::render(rows));
    out.push_str(NOTES);
    for d in details {
        out.push_str(&format!(
            "\n<details><summary><code>{}</code></summary>\n\n```text\n",
            d.command
        ));
        match &d.text {
            Ok(text) => out.push_str(text.trim_end()),
            Err(e) => out.push_str(e.trim_end()),
        }
        out.push_str("\n```\n\n</details>\n");
    }
    out
}

const NOTES: &str = "
How to read it:
- *whole command*: wall time of each command with everything already built
  (each runs once untimed first; a round in which a command recompiled or
  waited for cargo's lock is discarded and run again). All build in
  `target/bench/workspace`. `cargo llvm-cov` removes the members' build
  artifacts before each run, so its warm run recompiles trig and expr (as
  it does for its users); the `--no-clean` row skips that (old profraw
  files removed untimed before each run). `cargo test` also compiles and
  runs the doc tests, which neither coverage tool runs; `--tests` does not.
- *whole command, suite*: the same on `bench/suite` (184 tests, 40 of
  20-50 ms, MR tests among them), built in `target/bench/suite`: `cargo
  mtcov` runs each test of its MR binary in its own process, `--jobs` (the
  CPUs) at a time; `--serial` runs each binary as one process, one test at
  a time.
- *capture per input*: in an instrumented test binary built by
  `cargo mtcov` (fixtures in `bench/`), the time inside `mg.source` minus
  the time of the same instrumented SUT called directly, per input. *First
  sight* is a new source input: mt-runtime also writes its `source` and
  `cov` records. *Repeat* is the same input again: source key, the
  scans that read and zero the counters, deduplication, no record.
  *debug* is the build `cargo mtcov` makes by default (test profile: the
  SUT at opt-level 0, mt-runtime at 3), *--release* is `cargo mtcov
  --release`. The *memset* row zeroes a buffer as large as the counter
  array with one `memset` before a direct call (capture zeroes only the
  non-zero counters, as it scans them). The large binary instruments the
  crates its SUT uses (regex, pulldown-cmark, syn, ...) through
  `bench/instrument-deps.sh`, which cargo-mtcov's wrapper chains to, plus
  3,500 generated branchy functions; *counters* is `num_counters` from the
  record header.
- *mapping per input*: evaluating one input's counters into covered
  requirements for all four criteria (`cargo bench -p cargo-mtcov --bench mapping`).
- *large crate*: `bench/large`, the regex family from crates.io vendored
  unchanged (regex, regex-syntax, regex-automata, aho-corasick, memchr:
  about 170,000 lines, all instrumented, all in scope) with 12 MRs in 5
  classes over one proptest strategy, built in `target/bench/large`; one
  warm run of each command per case count. `cargo llvm-cov` runs with
  `--no-report` (which keeps the build; its old profraw files removed,
  untimed, before each run), then `cargo llvm-cov report --json` reports
  every member's files, as `cargo mtcov` does. The report rows time
  `cargo mtcov report` alone (3 runs) with its peak resident memory, and
  the size of the records the run wrote.
- Ratios of the sub-benchmarks are theirs (against their own baseline row).
";

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &str) -> Vec<String> {
        args.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments() {
        let o = parse_args(&strings("bench --rounds 3 --only whole,check --write-doc")).unwrap();
        assert_eq!((o.rounds, o.write_doc), (3, true));
        assert!(o.wants("whole") && o.wants("check") && !o.wants("measure"));
        assert!(parse_args(&strings("bench")).unwrap().wants("measure"));
        assert!(parse_args(&strings("bench --rounds 0")).is_err());
        assert!(
            parse_args(&strings("bench --only speed"))
                .unwrap_err()
                .contains("unknown section")
        );
        assert!(parse_args(&strings("test")).is_err());
        assert_eq!(parse_args(&strings("bench --help")).unwrap_err(), "");
    }
}

//! A large real codebase with thousands of generated inputs: the regex
//! family vendored unchanged under `bench/large` (about 170,000 lines in
//! five workspace members, all instrumented and all in the report's
//! scope), twelve MRs in five classes over one proptest strategy.
//!
//! For 300, 1,000 and 3,000 generated cases (`PROPTEST_CASES`), each
//! command once, warm (everything built by an untimed run first):
//! `cargo test`, `cargo llvm-cov --no-report` (which keeps the build) then
//! `cargo llvm-cov report --json` (a report of the same files: every
//! member's), and `cargo mtcov`;
//! then `cargo mtcov report` alone, three times, with its peak resident
//! memory, and the size of the records the run wrote. The growth row
//! compares the report at 3,000 cases with the one at 300.
//!
//! Section `affected`: at 1,000 cases, a change of one line of the regex
//! crate, in a function the test runs and in one no test runs: after a
//! whole run at `HEAD`, `cargo mtcov --affected HEAD` against
//! `cargo llvm-cov` on the same change (each rebuilds what it changed;
//! cargo's own build time is read off each and given apart), with the
//! report checked against a full rerun's.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

const SECTION: &str = "9. large crate";
const CASES: [u32; 3] = [300, 1_000, 3_000];
const PACKAGE: [&str; 2] = ["-p", "relations"];

pub(crate) fn run(root: &Path, mtcov: &Path, llvm_cov: Result<(), String>) -> Vec<Row> {
    eprintln!("xtask: the large crate (bench/large): builds, then runs at 300, 1,000, 3,000 cases");
    measure(root, mtcov, llvm_cov.is_ok()).unwrap_or_else(|why| {
        eprintln!("xtask: the large crate: {why}");
        // One line in the table; the whole message went to stderr.
        let line = why
            .lines()
            .find(|l| l.starts_with("error"))
            .or_else(|| why.lines().next())
            .unwrap_or_default();
        vec![Row::missing(SECTION, "bench/large", line)]
    })
}

/// What one case count gave.
struct Figures {
    cases: u32,
    test: f64,
    llvm_cov: Option<f64>,
    mtcov: f64,
    report: Vec<f64>,
    /// Peak resident memory of `cargo mtcov report`, in MB.
    report_rss: f64,
    /// The records of the `cargo mtcov` run, in MB.
    records: f64,
    /// Distinct source inputs in the report.
    inputs: u64,
}

fn measure(root: &Path, mtcov: &Path, llvm_cov: bool) -> Result<Vec<Row>, String> {
    let dir = root.join("bench/large");
    let target = root.join("target/bench/large");
    let commands = Commands {
        dir: dir.clone(),
        target: target.clone(),
        mtcov: mtcov.to_path_buf(),
    };
    // Warm: build everything once, untimed.
    let warm = [commands.test(10), commands.mtcov(10)];
    for mut command in warm
        .into_iter()
        .chain(llvm_cov.then(|| commands.llvm_cov_run(10)))
    {
        cmd::run_ok(&mut command)?;
    }
    let mut all = Vec::new();
    for cases in CASES {
        eprintln!("xtask: large crate, {cases} cases");
        let test = cmd::run_ok(&mut commands.test(cases))?
            .elapsed
            .as_secs_f64();
        let llvm_cov = if llvm_cov {
            let _ = cmd::run(&mut commands.llvm_cov_clean());
            let run = cmd::run_ok(&mut commands.llvm_cov_run(cases))?.elapsed;
            let report = cmd::run_ok(&mut commands.llvm_cov_report())?;
            if !report.stdout().contains(crate::whole::LLVM_COV_MARKER) {
                return Err("cargo llvm-cov report printed no JSON report".to_owned());
            }
            Some((run + report.elapsed).as_secs_f64())
        } else {
            None
        };
        let run = cmd::run_ok(&mut commands.mtcov(cases))?;
        let json: serde_json::Value = serde_json::from_str(&run.stdout())
            .map_err(|e| format!("cargo mtcov printed no JSON report: {e}"))?;
        let inputs = json["totals"]["source_inputs"].as_u64().unwrap_or(0);
        let records = records_size(&target)? as f64 / 1e6;
        let mut report = Vec::new();
        let mut report_rss = 0.0f64;
        for _ in 0..3 {
            let (seconds, rss) = timed_with_rss(&mut commands.report())?;
            report.push(seconds);
            report_rss = report_rss.max(rss);
        }
        all.push(Figures {
            cases,
            test,
            llvm_cov,
            mtcov: run.elapsed.as_secs_f64(),
            report,
            report_rss,
            records,
            inputs,
        });
    }
    Ok(rows(&all))
}

/// Section `affected`: `--affected HEAD` after each of [`CHANGES`] at
/// 1,000 cases (everything built by an untimed run first).
pub(crate) fn run_affected(root: &Path, mtcov: &Path, llvm_cov: Result<(), String>) -> Vec<Row> {
    eprintln!(
        "xtask: the large crate (bench/large): --affected after one-line changes, 1,000 cases"
    );
    let commands = Commands {
        dir: root.join("bench/large"),
        target: root.join("target/bench/large"),
        mtcov: mtcov.to_path_buf(),
    };
    let warm = [commands.test(10), commands.mtcov(10)];
    let rows = warm
        .into_iter()
        .chain(llvm_cov.is_ok().then(|| commands.llvm_cov_run(10)))
        .try_for_each(|mut command| cmd::run_ok(&mut command).map(drop))
        .and_then(|()| affected_rows(root, &commands, llvm_cov.is_ok()));
    rows.unwrap_or_else(|why| {
        eprintln!("xtask: the large crate, --affected: {why}");
        vec![Row::missing(
            SECTION,
            "--affected HEAD after a one-line change",
            why,
        )]
    })
}

/// A one-line change for `--affected`: where, and what it reaches.
struct Change {
    what: &'static str,
    file: &'static str,
    line: &'static str,
    /// The goal, as a ratio to `cargo llvm-cov`.
    target: Option<f64>,
}

const CHANGES: [Change; 2] = [
    Change {
        what: "a function the test runs (bytes::Regex::find)",
        file: "regex/src/regex/bytes.rs",
        line: "    pub fn find<'h>(&self, haystack: &'h [u8]) -> Option<Match<'h>> {",
        // It reaches one MR's groups (bytes_api's) of the test's twelve.
        target: Some(0.2),
    },
    Change {
        what: "a function no test runs (bytes::Regex::shortest_match_at)",
        file: "regex/src/regex/bytes.rs",
        line: "    pub fn shortest_match_at(",
        target: None,
    },
];

/// `--affected` after each of [`CHANGES`], at 1,000 cases.
fn affected_rows(root: &Path, commands: &Commands, llvm_cov: bool) -> Result<Vec<Row>, String> {
    const AT: u32 = 1_000;
    let mut rows = Vec::new();
    for change in &CHANGES {
        eprintln!(
            "xtask: large crate, --affected after a change to {}",
            change.what
        );
        let path = commands.dir.join(change.file);
        let original =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        if !original.contains(change.line) {
            return Err(format!("{} no longer holds `{}`", change.file, change.line));
        }
        // The base: a whole run at HEAD (the file as committed).
        let clean = cmd::run_ok(
            cmd::tool("git", root)
                .args(["status", "--porcelain", "--"])
                .arg(&commands.dir),
        )?;
        if !clean.stdout().trim().is_empty() {
            return Err(format!(
                "bench/large has uncommitted changes; --affected needs its last run made at HEAD:\n{}",
                clean.stdout()
            ));
        }
        cmd::run_ok(&mut commands.mtcov(AT))?;
        let edited = original.replacen(
            change.line,
            &format!("{} // a changed line", change.line),
            1,
        );
        std::fs::write(&path, edited).map_err(|e| e.to_string())?;
        let measured = measure_change(commands, llvm_cov, AT);
        std::fs::write(&path, &original).map_err(|e| e.to_string())?;
        let m = match measured {
            Ok(m) => m,
            Err(why) => {
                eprintln!("xtask: the large crate, --affected: {why}");
                rows.push(Row::missing(
                    SECTION,
                    format!(
                        "{AT} cases: --affected HEAD after a change to {}",
                        change.what
                    ),
                    why,
                ));
                continue;
            }
        };
        let row = Row::new(
            SECTION,
            format!(
                "{AT} cases: --affected HEAD after a change to {} / cargo llvm-cov",
                change.what
            ),
            Some((
                Summary {
                    median: m.affected,
                    min: m.affected,
                    max: m.affected,
                    samples: 1,
                },
                Unit::Seconds,
            )),
        );
        let after_build = |total: f64, build: f64| total - build;
        let equal = if m.noise.is_empty() {
            "report equal to the full rerun's".to_owned()
        } else {
            format!(
                "report equal to the full rerun's but where two full reruns differ too ({})",
                m.noise.join(", ")
            )
        };
        let note = format!(
            "reran {}; after cargo's build {:.1} s{}; full cargo mtcov {:.1} s (built); {equal}",
            m.reran,
            after_build(m.affected, m.affected_build),
            match m.llvm_cov {
                Some((total, build)) => format!(
                    " vs llvm-cov {:.1} s ({:.2}×; builds {:.1} s / {:.1} s)",
                    after_build(total, build),
                    after_build(m.affected, m.affected_build) / after_build(total, build),
                    m.affected_build,
                    build
                ),
                None => " (no cargo llvm-cov)".to_owned(),
            },
            m.full,
        );
        rows.push(
            match m.llvm_cov {
                Some((total, _)) => {
                    let row = row.ratio(Some(m.affected / total));
                    match change.target {
                        Some(target) => row.target(Target::Ratio(target)),
                        None => row,
                    }
                }
                None => row,
            }
            .note(note),
        );
    }
    Ok(rows)
}

/// What one change gave: `--affected` (total and cargo's build), the
/// tests it reran, `cargo llvm-cov` (total and build), the full rerun.
struct Measured {
    affected: f64,
    affected_build: f64,
    reran: String,
    llvm_cov: Option<(f64, f64)>,
    full: f64,
    /// Where two full reruns disagree.
    noise: Vec<String>,
}

fn measure_change(commands: &Commands, llvm_cov: bool, cases: u32) -> Result<Measured, String> {
    let mut affected = commands.mtcov(cases);
    affected.args(["--affected", "HEAD"]);
    let run = cmd::run_ok(&mut affected)?;
    let mut json: serde_json::Value = serde_json::from_str(&run.stdout())
        .map_err(|e| format!("cargo mtcov --affected printed no JSON report: {e}"))?;
    let summary = json
        .as_object_mut()
        .and_then(|o| o.remove("affected"))
        .ok_or("the --affected report has no `affected`")?;
    let count = |key: &str| summary[key].as_array().map_or(0, Vec::len);
    let reran = format!(
        "{} of {} tests",
        count("rerun"),
        count("rerun") + count("kept")
    );
    let llvm = if llvm_cov {
        let _ = cmd::run(&mut commands.llvm_cov_clean());
        let test = cmd::run_ok(&mut commands.llvm_cov_run(cases))?;
        let report = cmd::run_ok(&mut commands.llvm_cov_report())?;
        Some((
            (test.elapsed + report.elapsed).as_secs_f64(),
            cargo_build_seconds(&test.stderr()),
        ))
    } else {
        None
    };
    // Two full reruns: what they disagree on varies from run to run by
    // itself (counts of code whose path follows a randomly seeded hash);
    // the --affected report must equal them on everything else.
    let full = cmd::run_ok(&mut commands.mtcov(cases))?;
    let again = cmd::run_ok(&mut commands.mtcov(cases))?;
    let report = |run: &cmd::Run| -> Result<serde_json::Value, String> {
        serde_json::from_str(&run.stdout())
            .map_err(|e| format!("cargo mtcov printed no JSON report: {e}"))
    };
    let without_affected = |mut json: serde_json::Value| {
        if let Some(o) = json.as_object_mut() {
            o.remove("affected");
        }
        json
    };
    let full_json = without_affected(report(&full)?);
    let again_json = without_affected(report(&again)?);
    let mut noise = Vec::new();
    differences(&full_json, &again_json, "", &mut noise);
    let mut wrong = Vec::new();
    differences(&json, &full_json, "", &mut wrong);
    // Which source executions another thread ran during depends on
    // timing (libtest's main thread wakes after 60 s to warn of a slow
    // test): named, never compared.
    let timing =
        |path: &String| path.starts_with("captures.shared") || path.contains("without_shared");
    noise.extend(wrong.iter().filter(|p| timing(p)).cloned());
    noise.sort();
    noise.dedup();
    wrong.retain(|path| !noise.contains(path));
    if !wrong.is_empty() {
        return Err(format!(
            "the --affected report differs from the full rerun's where two full reruns agree: {}",
            wrong.join(", ")
        ));
    }
    Ok(Measured {
        affected: run.elapsed.as_secs_f64(),
        affected_build: cargo_build_seconds(&run.stderr()),
        reran,
        llvm_cov: llvm,
        full: full.elapsed.as_secs_f64(),
        noise,
    })
}

/// The paths (`criteria[0].metamorphic_coverage.mrs[5].differing`) at
/// which two JSON values differ.
fn differences(a: &serde_json::Value, b: &serde_json::Value, path: &str, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let at = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match (x.get(key), y.get(key)) {
                    (Some(p), Some(q)) => differences(p, q, &at, out),
                    _ => out.push(at),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                differences(p, q, &format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path.to_owned()),
        _ => {}
    }
}

/// Cargo's own build time: the sum of its `Finished ... in 1m 02s` lines
/// (a command may run cargo more than once; 0 when it printed none).
fn cargo_build_seconds(stderr: &str) -> f64 {
    stderr
        .lines()
        .filter_map(|l| l.split_once(" target(s) in "))
        .map(|(_, time)| {
            time.split_whitespace()
                .map(|part| match part.strip_suffix('m') {
                    Some(minutes) => minutes.parse::<f64>().unwrap_or(0.0) * 60.0,
                    None => part.trim_end_matches('s').parse::<f64>().unwrap_or(0.0),
                })
                .sum::<f64>()
        })
        .sum()
}

fn rows(all: &[Figures]) -> Vec<Row> {
    let once = |seconds: f64| {
        Some((
            Summary {
                median: seconds,
                min: seconds,
                max: seconds,
                samples: 1,
            },
            Unit::Seconds,
        ))
    };
    let mut rows = Vec::new();
    for f in all {
        let whole = Row::new(
            SECTION,
            format!("{} cases: cargo mtcov / cargo llvm-cov", f.cases),
            once(f.mtcov),
        );
        rows.push(match f.llvm_cov {
            Some(llvm) => whole
                .ratio(Some(f.mtcov / llvm))
                .target(Target::Ratio(1.0))
                .note(format!(
                    "llvm-cov (--no-report, then report --json) {llvm:.1} s; cargo test {:.1} s, mtcov / test {:.2}×",
                    f.test,
                    f.mtcov / f.test
                )),
            None => whole.note(format!(
                "no cargo llvm-cov; cargo test {:.1} s, mtcov / test {:.2}×",
                f.test,
                f.mtcov / f.test
            )),
        });
        let report = Row::new(
            SECTION,
            format!(
                "{} cases: cargo mtcov report ({} inputs)",
                f.cases, f.inputs
            ),
            Summary::of(&f.report).map(|s| (s, Unit::Seconds)),
        )
        .note(format!(
            "peak RSS {:.0} MB{}; records {:.1} MB ({:.1} MB per 1,000 inputs{})",
            f.report_rss,
            if f.cases == 1_000 {
                " (target ≤ 200 MB)"
            } else {
                ""
            },
            f.records,
            f.records * 1_000.0 / f.inputs.max(1) as f64,
            if f.cases == 1_000 {
                ", target ≤ 10"
            } else {
                ""
            },
        ));
        rows.push(if f.cases == 1_000 {
            report.target(Target::Median(1.0))
        } else {
            report
        });
    }
    if let (Some(first), Some(last)) = (all.first(), all.last()) {
        let median = |f: &Figures| Summary::of(&f.report).map_or(f64::NAN, |s| s.median);
        rows.push(
            Row::new(
                SECTION,
                format!(
                    "report growth, {} → {} cases (×{:.0} inputs)",
                    first.cases,
                    last.cases,
                    last.inputs as f64 / first.inputs.max(1) as f64
                ),
                None,
            )
            .ratio(Some(median(last) / median(first)))
            .target(Target::Ratio(10.0)),
        );
    }
    rows
}

struct Commands {
    dir: PathBuf,
    target: PathBuf,
    mtcov: PathBuf,
}

impl Commands {
    fn cargo(&self, cases: Option<u32>) -> Command {
        self.tool(
            std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()),
            cases,
        )
    }

    fn tool(&self, program: impl AsRef<std::ffi::OsStr>, cases: Option<u32>) -> Command {
        let mut c = cmd::tool(program, &self.dir);
        c.env("CARGO_TARGET_DIR", &self.target);
        for var in ["MTCOV_SEED", "PROPTEST_RNG_SEED", "PROPTEST_CASES"] {
            c.env_remove(var);
        }
        if let Some(cases) = cases {
            c.env("PROPTEST_CASES", cases.to_string());
        }
        c
    }

    fn test(&self, cases: u32) -> Command {
        let mut c = self.cargo(Some(cases));
        c.arg("test").args(PACKAGE);
        c
    }

    fn llvm_cov_clean(&self) -> Command {
        let mut c = self.cargo(None);
        c.args(["llvm-cov", "clean", "--profraw-only"]);
        c
    }

    fn llvm_cov_run(&self, cases: u32) -> Command {
        let mut c = self.cargo(Some(cases));
        c.args(["llvm-cov", "--no-report"]).args(PACKAGE);
        c
    }

    fn llvm_cov_report(&self) -> Command {
        let mut c = self.cargo(None);
        c.args(["llvm-cov", "report", "--json"]);
        c
    }

    fn mtcov(&self, cases: u32) -> Command {
        let mut c = self.tool(&self.mtcov, Some(cases));
        c.args(["mtcov", "--k", "3", "--json"]).args(PACKAGE);
        c
    }

    fn report(&self) -> Command {
        let mut c = self.tool(&self.mtcov, None);
        c.args(["mtcov", "report", "--json"]);
        c
    }
}

/// Bytes of the newest run's record files.
fn records_size(target: &Path) -> Result<u64, String> {
    let records = target.join("mtcov/records");
    let newest = std::fs::read_dir(&records)
        .map_err(|e| format!("{}: {e}", records.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| format!("no run under {}", records.display()))?;
    let mut bytes = 0;
    for entry in std::fs::read_dir(&newest).map_err(|e| format!("{}: {e}", newest.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        bytes += entry.metadata().map_err(|e| e.to_string())?.len();
    }
    Ok(bytes)
}

/// Runs `command` to success, its output discarded: (seconds, peak
/// resident memory in MB), the memory from `wait4`'s resource usage.
fn timed_with_rss(command: &mut Command) -> Result<(f64, f64), String> {
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", cmd::show(command)))?;
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value; `wait4` fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, with valid pointers.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let seconds = start.elapsed().as_secs_f64();
    if pid < 0 {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("{} failed (status {status})", cmd::show(command)));
    }
    // Linux reports `ru_maxrss` in kilobytes.
    Ok((seconds, usage.ru_maxrss as f64 / 1024.0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn cargo_build_times_are_summed() {
        let stderr = "   Compiling regex v1.13.2\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 1m 02s\n     Running x\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.90s\n";
        assert!((super::cargo_build_seconds(stderr) - 62.9).abs() < 1e-9);
        assert_eq!(super::cargo_build_seconds("nothing built"), 0.0);
    }
}

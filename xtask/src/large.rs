//! A large real codebase with thousands of generated inputs: the regex
//! family vendored unchanged under `bench/large` (about 170,000 lines in
//! five workspace members, all instrumented and all in the report's
//! scope), twelve MRs in five classes over one proptest strategy.
//!
//! For 300, 1,000 and 3,000 generated cases (`PROPTEST_CASES`), each
//! command once, warm (everything built by an untimed run first):
//! `cargo test`, `cargo llvm-cov --no-report` (which keeps the build) then
//! `cargo llvm-cov report --json` (a report of the same files: every
//! member's), and `cargo mtcov` (its one test split over the cores by the
//! last run's time), then `cargo mtcov --split never` for the schedule
//! before the split;
//! then `cargo mtcov report` alone, three times, with its peak resident
//! memory, and the size of the records the run wrote. The growth row
//! compares the report at 3,000 cases with the one at 300.
//!
//! Section `affected` is `crate::affected`, on the same crate.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

pub(crate) const SECTION: &str = "9. large crate";
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
    /// `cargo mtcov --split never`.
    unsplit: f64,
    report: Vec<f64>,
    /// Peak resident memory of `cargo mtcov report`, in MB.
    report_rss: f64,
    /// The records of the `cargo mtcov` run, in MB.
    records: f64,
    /// The evaluation that run kept beside them, in MB.
    kept: f64,
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
        let (records, kept) = records_size(&target)?;
        let (records, kept) = (records as f64 / 1e6, kept as f64 / 1e6);
        // The schedule before `--split`: its one test in one process.
        let unsplit = cmd::run_ok(&mut commands.mtcov_unsplit(cases))?
            .elapsed
            .as_secs_f64();
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
            unsplit,
            report,
            report_rss,
            records,
            kept,
            inputs,
        });
    }
    Ok(rows(&all))
}

/// Cargo's own build time: the sum of its `Finished ... in 1m 02s` lines
/// (a command may run cargo more than once; 0 when it printed none).
pub(crate) fn cargo_build_seconds(stderr: &str) -> f64 {
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
                    "llvm-cov (--no-report, then report --json) {llvm:.1} s; cargo test {:.1} s, mtcov / test {:.2}×; \
                     --split never {:.1} s ({:.2}× llvm-cov)",
                    f.test,
                    f.mtcov / f.test,
                    f.unsplit,
                    f.unsplit / llvm
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
            "peak RSS {:.0} MB{}; records {:.1} MB ({:.1} MB per 1,000 inputs{}); kept \
             evaluation {:.1} MB",
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
            f.kept,
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

pub(crate) struct Commands {
    pub(crate) dir: PathBuf,
    pub(crate) target: PathBuf,
    pub(crate) mtcov: PathBuf,
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

    pub(crate) fn test(&self, cases: u32) -> Command {
        let mut c = self.cargo(Some(cases));
        c.arg("test").args(PACKAGE);
        c
    }

    pub(crate) fn llvm_cov_clean(&self) -> Command {
        let mut c = self.cargo(None);
        c.args(["llvm-cov", "clean", "--profraw-only"]);
        c
    }

    pub(crate) fn llvm_cov_run(&self, cases: u32) -> Command {
        let mut c = self.cargo(Some(cases));
        c.args(["llvm-cov", "--no-report"]).args(PACKAGE);
        c
    }

    pub(crate) fn llvm_cov_report(&self) -> Command {
        let mut c = self.cargo(None);
        c.args(["llvm-cov", "report", "--json"]);
        c
    }

    pub(crate) fn mtcov(&self, cases: u32) -> Command {
        let mut c = self.tool(&self.mtcov, Some(cases));
        c.args(["mtcov", "--k", "3", "--json"]).args(PACKAGE);
        c
    }

    /// [`mtcov`](Self::mtcov) with every test in one process.
    fn mtcov_unsplit(&self, cases: u32) -> Command {
        let mut c = self.mtcov(cases);
        c.args(["--split", "never"]);
        c
    }

    fn report(&self) -> Command {
        let mut c = self.tool(&self.mtcov, None);
        c.args(["mtcov", "report", "--json"]);
        c
    }
}

/// Bytes of the newest run's record files.
/// Bytes of the newest run's record files, and of the evaluation kept
/// beside them (`evaluation-*`, a cache `report` reads).
fn records_size(target: &Path) -> Result<(u64, u64), String> {
    let records = target.join("mtcov/records");
    let newest = std::fs::read_dir(&records)
        .map_err(|e| format!("{}: {e}", records.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| format!("no run under {}", records.display()))?;
    let (mut records, mut kept) = (0, 0);
    for entry in std::fs::read_dir(&newest).map_err(|e| format!("{}: {e}", newest.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        let bytes = entry.metadata().map_err(|e| e.to_string())?.len();
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with("evaluation-")
        {
            kept += bytes;
        } else {
            records += bytes;
        }
    }
    Ok((records, kept))
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

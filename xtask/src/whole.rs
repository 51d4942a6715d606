//! Whole commands on the same workspace: `cargo test`, `cargo llvm-cov` and
//! `cargo mtcov` on the examples, warm, interleaved round by round
//! (ABCABC...) so that noise from the shared machine hits all of them alike.
//!
//! They build in their own target directory (`target/bench/workspace`), so
//! that nobody else's cargo holds its lock while we time. A round in which
//! a command recompiled something (someone edited a source meanwhile) or
//! waited for a lock is not a warm run: it is discarded and run again.
//! Except what a command recompiles on every run by design: `cargo
//! llvm-cov` removes the workspace members' artifacts before each run (so
//! that no stale coverage data is read), so its warm run includes
//! compiling trig and expr again, as it does for its users. It is also
//! timed with `--no-clean` (its old profraw files removed, untimed, before
//! each run, as they would otherwise pile up): its cost without the rebuild.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

const SECTION: &str = "1. whole command";
const PACKAGES: [&str; 4] = ["-p", "trig", "-p", "expr"];
/// In every `llvm-cov export` JSON report.
pub(crate) const LLVM_COV_MARKER: &str = "\"llvm.coverage.json.export\"";
/// Attempts per round before a command's round is given up.
const ATTEMPTS: usize = 3;

pub(crate) struct Subject {
    pub(crate) label: String,
    /// Crates the command compiles on every run, even when nothing changed.
    always_compiles: &'static [&'static str],
    /// Run, untimed, before each run of `command`.
    pub(crate) prepare: Option<Box<dyn Fn() -> Command>>,
    /// Text its stdout must hold for the run to count: proof that it made
    /// its report rather than exiting early.
    pub(crate) report_marker: Option<&'static str>,
    command: Box<dyn Fn() -> Command>,
    /// Why it cannot be measured, if so.
    pub(crate) unavailable: Option<String>,
    pub(crate) seconds: Vec<f64>,
    pub(crate) discarded: usize,
}

pub(crate) fn run(
    root: &Path,
    mtcov: &Path,
    llvm_cov: Result<(), String>,
    rounds: usize,
) -> Vec<Row> {
    let target_dir = root.join("target/bench/workspace");
    let with_target = {
        let target_dir = target_dir.clone();
        move |mut c: Command| {
            c.env("CARGO_TARGET_DIR", &target_dir);
            c
        }
    };
    let (r, t) = (root.to_path_buf(), with_target.clone());
    let test = move || {
        let mut c = t(cmd::cargo(&r));
        c.arg("test").args(PACKAGES);
        c
    };
    let (r, t) = (root.to_path_buf(), with_target.clone());
    let llvm = move || {
        let mut c = t(cmd::cargo(&r));
        c.args(["llvm-cov", "--json"]).args(PACKAGES);
        c
    };
    let (r, t, m): (PathBuf, _, PathBuf) =
        (root.to_path_buf(), with_target.clone(), mtcov.to_path_buf());
    let mtcov_cmd = move || {
        let mut c = t(cmd::tool(&m, &r));
        c.args(["mtcov", "--k", "3", "--json"]).args(PACKAGES);
        c
    };
    let (r, t) = (root.to_path_buf(), with_target.clone());
    let llvm_no_clean = move || {
        let mut c = t(cmd::cargo(&r));
        c.args(["llvm-cov", "--no-clean", "--json"]).args(PACKAGES);
        c
    };
    let (r, t) = (root.to_path_buf(), with_target.clone());
    let remove_profraw = move || {
        let mut c = t(cmd::cargo(&r));
        c.args(["llvm-cov", "clean", "--profraw-only"]);
        c
    };
    let (r, t) = (root.to_path_buf(), with_target.clone());
    let test_no_doc = move || {
        let mut c = t(cmd::cargo(&r));
        c.args(["test", "--tests"]).args(PACKAGES);
        c
    };
    let mut subjects = vec![
        subject("cargo test -p trig -p expr", Box::new(test), &[], None),
        subject(
            "cargo llvm-cov --json -p trig -p expr",
            Box::new(llvm),
            &["trig", "expr"],
            llvm_cov.clone().err(),
        ),
        subject(
            "cargo mtcov --k 3 --json -p trig -p expr",
            Box::new(mtcov_cmd),
            &[],
            None,
        ),
        subject(
            "cargo test --tests -p trig -p expr (no doc tests)",
            Box::new(test_no_doc),
            &[],
            None,
        ),
        subject(
            "cargo llvm-cov --no-clean --json -p trig -p expr",
            Box::new(llvm_no_clean),
            &[],
            llvm_cov.clone().err(),
        ),
    ];
    subjects[4].prepare = Some(Box::new(remove_profraw));
    subjects[1].report_marker = Some(LLVM_COV_MARKER);
    subjects[4].report_marker = Some(LLVM_COV_MARKER);
    subjects[2].report_marker = Some("\"criteria\"");

    measure(&mut subjects, rounds);
    rows(&subjects, rounds)
}

/// One untimed warm-up run of each subject, then `rounds` interleaved
/// timed rounds.
pub(crate) fn measure(subjects: &mut [Subject], rounds: usize) {
    for s in subjects.iter_mut().filter(|s| s.unavailable.is_none()) {
        eprintln!("xtask: warm-up (untimed): {}", s.label);
        if let Some(prepare) = &s.prepare {
            let _ = cmd::run(&mut prepare());
        }
        match cmd::run(&mut (s.command)()) {
            Ok(run) if run.ok() => {}
            Ok(run) => s.unavailable = Some(format!("failed: {}", last_line(&run.stderr_tail(5)))),
            Err(e) => s.unavailable = Some(e),
        }
    }
    for round in 1..=rounds {
        eprintln!("xtask: whole commands, round {round}/{rounds}");
        for s in subjects.iter_mut().filter(|s| s.unavailable.is_none()) {
            time_once(s);
        }
    }
}

pub(crate) fn subject(
    label: &str,
    command: Box<dyn Fn() -> Command>,
    always_compiles: &'static [&'static str],
    unavailable: Option<String>,
) -> Subject {
    Subject {
        label: label.to_owned(),
        always_compiles,
        prepare: None,
        report_marker: None,
        command,
        unavailable,
        seconds: Vec::new(),
        discarded: 0,
    }
}

/// Whether cargo's stderr shows a cold run: a crate compiled that the
/// command does not compile every time, or a wait for a lock.
fn cold(stderr: &str, always_compiles: &[&str]) -> bool {
    stderr.contains("Blocking waiting for file lock")
        || stderr.lines().any(|line| {
            line.trim_start()
                .strip_prefix("Compiling ")
                .and_then(|rest| rest.split_whitespace().next())
                .is_some_and(|name| !always_compiles.contains(&name))
        })
}

/// One warm, timed run; a cold or blocked one is discarded and retried.
fn time_once(s: &mut Subject) {
    for _ in 0..ATTEMPTS {
        if let Some(prepare) = &s.prepare
            && let Err(e) = cmd::run_ok(&mut prepare())
        {
            s.unavailable = Some(e);
            return;
        }
        let run = match cmd::run(&mut (s.command)()) {
            Ok(run) => run,
            Err(e) => {
                s.unavailable = Some(e);
                return;
            }
        };
        if !run.ok() {
            s.unavailable = Some(format!(
                "failed in a timed round: {}",
                last_line(&run.stderr_tail(5))
            ));
            return;
        }
        if let Some(marker) = s.report_marker.filter(|m| !run.stdout().contains(m)) {
            s.unavailable = Some(format!("printed no report (no {marker} on stdout)"));
            return;
        }
        if cold(&run.stderr(), s.always_compiles) {
            s.discarded += 1;
            continue;
        }
        s.seconds.push(run.elapsed.as_secs_f64());
        return;
    }
}

fn last_line(text: &str) -> String {
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .to_owned()
}

/// A row per subject: its median and spread, or why it has none.
pub(crate) fn subject_rows(section: &str, subjects: &[Subject], rounds: usize) -> Vec<Row> {
    subjects
        .iter()
        .map(|s| match (&s.unavailable, Summary::of(&s.seconds)) {
            (Some(why), _) => Row::missing(section, &s.label, why.clone()),
            (None, None) => Row::missing(section, &s.label, "no warm run"),
            (None, Some(sum)) => {
                let mut notes = Vec::new();
                if sum.samples < rounds {
                    notes.push(format!("{} of {rounds} rounds warm", sum.samples));
                }
                if s.discarded > 0 {
                    notes.push(format!("{} rebuilding/blocked runs discarded", s.discarded));
                }
                Row::new(section, &s.label, Some((sum, Unit::Seconds))).note(notes.join(", "))
            }
        })
        .collect()
}

/// A subject's median, when it was measured.
pub(crate) fn median(s: &Subject) -> Option<f64> {
    s.unavailable
        .is_none()
        .then(|| Summary::of(&s.seconds))
        .flatten()
        .map(|s| s.median)
}

fn rows(subjects: &[Subject], rounds: usize) -> Vec<Row> {
    let mut rows = subject_rows(SECTION, subjects, rounds);
    let median = |i: usize| median(&subjects[i]);
    let (test, llvm, mtcov, test_no_doc, llvm_no_clean) =
        (median(0), median(1), median(2), median(3), median(4));
    let ratio = |a: Option<f64>, b: Option<f64>| Some(a? / b?);
    let llvm_row = Row::new(SECTION, "mtcov / llvm-cov (medians)", None)
        .ratio(ratio(mtcov, llvm))
        .target(Target::Ratio(1.3));
    rows.push(if llvm.is_none() {
        llvm_row.note("no llvm-cov figure to compare with")
    } else {
        llvm_row
    });
    rows.push(
        Row::new(SECTION, "mtcov / llvm-cov --no-clean (medians)", None)
            .ratio(ratio(mtcov, llvm_no_clean))
            .target(Target::Ratio(1.3)),
    );
    rows.push(Row::new(SECTION, "mtcov / cargo test (medians)", None).ratio(ratio(mtcov, test)));
    rows.push(
        Row::new(SECTION, "mtcov / cargo test --tests (medians)", None)
            .ratio(ratio(mtcov, test_no_doc)),
    );
    rows.push(Row::new(SECTION, "llvm-cov / cargo test (medians)", None).ratio(ratio(llvm, test)));
    rows
}

#[cfg(test)]
mod tests {
    use super::cold;

    #[test]
    fn a_run_is_cold_when_it_compiles_more_than_it_always_does() {
        let llvm = "   Compiling trig v0.1.0 (/w/examples/trig)\n   Compiling expr v0.1.0 (/w/examples/expr)\n    Finished";
        assert!(!cold(llvm, &["trig", "expr"]));
        assert!(cold(llvm, &[]));
        assert!(cold(
            "   Compiling mt-runtime v0.1.0 (/w/mt-runtime)\n",
            &["trig", "expr"]
        ));
        assert!(cold(
            "    Blocking waiting for file lock on build directory\n",
            &[]
        ));
        assert!(!cold("     Running tests/x.rs\ntest result: ok\n", &[]));
    }
}

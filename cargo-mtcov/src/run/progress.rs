//! What the run prints as it goes: a line per finished test (as
//! cargo-nextest does), the output of failing tests, the summary.

use super::outcome::{BinaryOutcome, TestOutcome, TestRun};
use super::{Job, pool, test_outcomes};
use crate::build::TestExecutable;
use crate::term;

pub(super) fn announce(exe: &TestExecutable, what: &str) {
    term::status(
        "Running",
        format_args!("{} ({}): {what}", exe.kind_label(), exe.path.display()),
    );
}

pub(super) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// cargo-nextest's binary id: `pkg` (unit tests), `pkg::target`
/// (integration tests), `pkg::kind/target` (others).
pub(crate) fn binary_id(exe: &TestExecutable) -> String {
    let kind = exe.kind.split(',').next().unwrap_or_default();
    match kind {
        "lib" | "proc-macro" | "rlib" | "dylib" | "cdylib" | "staticlib" => exe.package.clone(),
        "test" => format!("{}::{}", exe.package, exe.target),
        kind => format!("{}::{kind}/{}", exe.package, exe.target),
    }
}

pub(super) fn short_label(exe: &TestExecutable) -> String {
    binary_id(exe)
}

impl TestExecutable {
    fn kind_label(&self) -> String {
        match self.kind.as_str() {
            "lib" => format!("unittests of {}", self.package),
            "test" => format!("tests/{}.rs of {}", self.target, self.package),
            kind => format!("{kind} {} of {}", self.target, self.package),
        }
    }
}

/// Prints a line per finished test (as cargo-nextest does), and the
/// output of failing tests and of processes running a whole binary.
pub(super) fn report_progress(
    job: &Job,
    label: &str,
    exes: &[TestExecutable],
    finished: &pool::Finished,
    show_passing: bool,
) {
    let outcome = BinaryOutcome::of(finished);
    let tests = test_outcomes(job, finished, &outcome);
    let seconds = finished.duration.as_secs_f64();
    let mut text = String::new();
    // A part that did not pass is run again whole, which shows its output.
    let show_output =
        show_passing || (job.part.is_none() && (!job.per_test || outcome != BinaryOutcome::Passed));
    if show_output && !finished.output.is_empty() {
        text.push_str(&String::from_utf8_lossy(&finished.output));
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if job.per_test {
        let (word, passed) = match tests.first().map(|t| t.outcome) {
            Some(TestOutcome::Passed) => ("PASS", true),
            Some(TestOutcome::Ignored) => ("SKIP", true),
            Some(TestOutcome::TimedOut) => ("TIMEOUT", false),
            Some(TestOutcome::Aborted) => ("ABORT", false),
            _ => ("FAIL", false),
        };
        let part = job
            .part
            .map_or_else(String::new, |(p, n)| format!(" (part {} of {n})", p + 1));
        text.push_str(&format!(
            "{} [{seconds:>8.3}s] {label} {}{part}\n",
            term::result_word(word, passed),
            job.tests.join(" ")
        ));
    }
    if job.part.is_some() {
        term::test_process(&text, outcome == BinaryOutcome::Passed);
        return;
    }
    let path = exes[job.binary].path.display();
    let what = match job.tests.as_slice() {
        [one] if job.per_test => format!("test `{one}` in {path}"),
        _ => format!("test binary {path}"),
    };
    match &outcome {
        // Killed by the interrupt: its records go with the whole run's.
        BinaryOutcome::Aborted(_) if pool::interrupted() => {
            text.push_str(&term::note_line(format_args!(
                "{what} was killed by the interrupt"
            )));
        }
        BinaryOutcome::Aborted(how) => text.push_str(&term::error_line(format_args!(
            "{what} aborted ({how}); its records up to the abort are kept and used"
        ))),
        BinaryOutcome::TimedOut => text.push_str(&term::error_line(format_args!(
            "{what} timed out after {seconds:.1}s (--test-timeout) and was killed, with its \
             process group; its records up to then are kept and used"
        ))),
        BinaryOutcome::Passed | BinaryOutcome::Failed => {}
    }
    term::test_process(&text, outcome == BinaryOutcome::Passed);
}

/// Counts of test outcomes, printed at the end of the run.
#[derive(Debug, Default)]
pub(super) struct Tally {
    passed: usize,
    failed: usize,
    ignored: usize,
    aborted: usize,
    timed_out: usize,
    /// `label test` of each test that did not pass.
    failing: Vec<String>,
}

impl Tally {
    pub(super) fn add(&mut self, tests: &[TestRun], label: &str) {
        for test in tests {
            let count = match test.outcome {
                TestOutcome::Passed => &mut self.passed,
                TestOutcome::Failed => &mut self.failed,
                TestOutcome::Ignored => &mut self.ignored,
                TestOutcome::Aborted => &mut self.aborted,
                TestOutcome::TimedOut => &mut self.timed_out,
            };
            *count += 1;
            if test.outcome.failure().is_some() {
                self.failing.push(format!("{label} {}", test.name));
            }
        }
    }

    pub(super) fn print(&self) {
        let total = self.passed + self.failed + self.ignored + self.aborted + self.timed_out;
        let mut line = format!(
            "{} run: {} passed, {} failed",
            plural(total, "test"),
            self.passed,
            self.failed
        );
        for (n, what) in [
            (self.aborted, "aborted"),
            (self.timed_out, "timed out"),
            (self.ignored, "ignored"),
        ] {
            if n > 0 {
                line.push_str(&format!(", {n} {what}"));
            }
        }
        term::status("Summary", line);
        let failing: String = self
            .failing
            .iter()
            .map(|test| format!("{} {test}\n", term::result_word("FAIL", false)))
            .collect();
        term::test_process(&failing, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_ids_follow_nextest() {
        let exe = |kind: &str, target: &str| TestExecutable {
            path: "/t/x".into(),
            package: "pkg".into(),
            package_version: "0.1.0".into(),
            target: target.into(),
            kind: kind.into(),
            manifest_dir: "/p".into(),
        };
        assert_eq!(binary_id(&exe("lib", "pkg")), "pkg");
        assert_eq!(binary_id(&exe("test", "it")), "pkg::it");
        assert_eq!(binary_id(&exe("bin", "tool")), "pkg::bin/tool");
    }
}

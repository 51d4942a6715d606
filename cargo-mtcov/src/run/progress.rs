//! What the run prints as it goes: a line per finished test (as
//! cargo-nextest does), the output of failing tests, the summary.

use super::outcome::{BinaryOutcome, TestOutcome, TestRun};
use super::{Job, pool, test_outcomes};
use crate::build::TestExecutable;

pub(super) fn announce(exe: &TestExecutable, what: &str) {
    eprintln!(
        "     Running {} ({}): {what}",
        exe.kind_label(),
        exe.path.display()
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
    let show_output = show_passing || !job.per_test || outcome != BinaryOutcome::Passed;
    if show_output && !finished.output.is_empty() {
        text.push_str(&String::from_utf8_lossy(&finished.output));
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    if job.per_test {
        let status = match tests.first().map(|t| t.outcome) {
            Some(TestOutcome::Passed) => "PASS",
            Some(TestOutcome::Ignored) => "SKIP",
            Some(TestOutcome::TimedOut) => "TIMEOUT",
            Some(TestOutcome::Aborted) => "ABORT",
            _ => "FAIL",
        };
        text.push_str(&format!(
            "{status:>12} [{seconds:>8.3}s] {label} {}\n",
            job.tests.join(" ")
        ));
    }
    let path = exes[job.binary].path.display();
    let what = match job.tests.as_slice() {
        [one] if job.per_test => format!("test `{one}` in {path}"),
        _ => format!("test binary {path}"),
    };
    match &outcome {
        // Killed by the interrupt: its records go with the whole run's.
        BinaryOutcome::Aborted(_) if pool::interrupted() => {
            text.push_str(&format!("{what} was killed by the interrupt\n"));
        }
        BinaryOutcome::Aborted(how) => text.push_str(&format!(
            "error: {what} aborted ({how}); its records up to the abort are kept and used\n"
        )),
        BinaryOutcome::TimedOut => text.push_str(&format!(
            "error: {what} timed out after {seconds:.1}s (--test-timeout) and was killed, with its \
             process group; its records up to then are kept and used\n"
        )),
        BinaryOutcome::Passed | BinaryOutcome::Failed => {}
    }
    eprint!("{text}");
}

/// Counts of test outcomes, printed at the end of the run.
#[derive(Debug, Default)]
pub(super) struct Summary {
    counts: [usize; 5],
    failing: Vec<String>,
}

impl Summary {
    pub(super) fn add(&mut self, tests: &[TestRun], label: &str) {
        for test in tests {
            let slot = match test.outcome {
                TestOutcome::Passed => 0,
                TestOutcome::Failed => 1,
                TestOutcome::Ignored => 2,
                TestOutcome::Aborted => 3,
                TestOutcome::TimedOut => 4,
            };
            self.counts[slot] += 1;
            if slot == 1 || slot >= 3 {
                self.failing.push(format!("{label} {}", test.name));
            }
        }
    }

    pub(super) fn print(&self) {
        let [passed, failed, ignored, aborted, timed_out] = self.counts;
        let total: usize = self.counts.iter().sum();
        let mut line = format!(
            "     Summary {} run: {passed} passed, {failed} failed",
            plural(total, "test")
        );
        for (n, what) in [
            (aborted, "aborted"),
            (timed_out, "timed out"),
            (ignored, "ignored"),
        ] {
            if n > 0 {
                line.push_str(&format!(", {n} {what}"));
            }
        }
        eprintln!("{line}");
        for test in &self.failing {
            eprintln!("        FAIL {test}");
        }
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

//! The text report's lists: weak checks, dead MRs, violations, shared
//! captures, failed tests, unclassified output.

use std::fmt::Write as _;

use super::{Paint, and_more, count, esc, pct, span};
use crate::report::Report;

/// Float checks whose tolerance is far above what they saw, or that
/// failed on the run's code.
pub(super) fn weak_checks(out: &mut String, report: &Report, limit: usize, p: Paint) {
    let flagged: Vec<_> = report.float_checks.iter().filter(|c| c.flagged()).collect();
    if flagged.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "{}: tolerances far from what the checks saw, or failing (`cargo mtcov tolerance`)",
            crate::report::FloatCheck::heading(&flagged)
        ))
    );
    for c in flagged.iter().take(limit) {
        let _ = writeln!(out, "  {}", p.yellow(&esc(&c.sentence())));
    }
    and_more(out, flagged.len().saturating_sub(limit), "check", "checks");
    out.push('\n');
}

/// Tests that did not pass, MR or not.
pub(super) fn failed_tests(out: &mut String, report: &Report, limit: usize, p: Paint) {
    if report.failed_tests.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "Tests that did not pass ({}):",
            report.failed_tests.len()
        ))
    );
    for t in report.failed_tests.iter().take(limit) {
        let _ = writeln!(out, "  {}", p.red(&esc(&t.sentence())));
    }
    and_more(
        out,
        report.failed_tests.len().saturating_sub(limit),
        "test",
        "tests",
    );
    out.push('\n');
}

/// Source executions whose O-categories could not be classified.
pub(super) fn unclassified(out: &mut String, report: &Report, p: Paint) {
    if report.unclassified_outputs.is_empty() {
        return;
    }
    let _ = writeln!(out, "{}", p.bold("Outputs not classified"));
    for u in &report.unclassified_outputs {
        let _ = writeln!(out, "  {}", esc(&u.sentence()));
    }
    out.push('\n');
}

/// Width of the criterion column: 10, or the longest name measured.
pub(super) fn dead_mrs(out: &mut String, report: &Report, limit: usize, p: Paint) {
    if report.dead_mrs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "MRs never associated with a source input ({}):",
            report.dead_mrs.len()
        ))
    );
    for m in report.dead_mrs.iter().take(limit) {
        let _ = writeln!(
            out,
            "  {} {} {}:{}",
            p.yellow(&esc(&m.id)),
            p.dim(&format!("[{}]", esc(&m.class))),
            esc(&m.file),
            m.line
        );
    }
    and_more(
        out,
        report.dead_mrs.len().saturating_sub(limit),
        "MR",
        "MRs",
    );
    out.push('\n');
}

pub(super) fn violations(out: &mut String, report: &Report, limit: usize, p: Paint) {
    if report.violations.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!("Violations ({}):", report.violations.len()))
    );
    for v in report.violations.iter().take(limit) {
        let _ = writeln!(
            out,
            "  {} at {}:{}",
            p.red(&esc(&v.mr)),
            esc(&v.file),
            v.line
        );
        let _ = writeln!(out, "    source inputs: {}", esc(&v.sources.join(", ")));
        if let Some(minimal) = &v.minimal {
            let _ = writeln!(out, "    minimal (shrunk): {}", esc(minimal));
        }
        if let Some(msg) = &v.message {
            for line in msg.lines() {
                let _ = writeln!(out, "    {}", esc(line));
            }
        }
    }
    and_more(
        out,
        report.violations.len().saturating_sub(limit),
        "violation",
        "violations",
    );
    out.push('\n');
}

/// Source executions another thread ran during, and each criterion
/// without them (the lower bound `--fail-under` gates on).
pub(super) fn shared_captures(out: &mut String, report: &Report, limit: usize, p: Paint) {
    let c = &report.captures;
    if c.shared == 0 {
        return;
    }
    let _ = writeln!(out, "{}", p.yellow(&c.sentence()));
    for criterion in &report.criteria {
        let Some(w) = &criterion.without_shared else {
            continue;
        };
        let spans: Vec<String> = w
            .requirements
            .iter()
            .take(limit)
            .map(|l| esc(&span(l)).into_owned())
            .collect();
        let more = w.requirements.len().saturating_sub(limit);
        let _ = writeln!(
            out,
            "  {:<9} A_{} without them: {} (lower bound); {} owe their K to them{}{}{}",
            criterion.criterion.name(),
            report.k,
            pct(w.a_k),
            count(w.requirements.len() as u32, "requirement", "requirements"),
            if spans.is_empty() { "" } else { ": " },
            spans.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            },
        );
    }
    out.push('\n');
}

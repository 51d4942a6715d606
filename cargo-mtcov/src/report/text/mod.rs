//! The terminal report: a summary table per criterion, the `A_j` sweep,
//! a per-file table, the top gaps with what to do, dead MRs, violations.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::measure::Counting;

use super::escape::{self, terminal as esc};
use super::{CriterionReport, Location, Report};
use gaps::gap_list;

mod gaps;

/// How to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// ANSI colours (the caller decides from `--color` / the terminal).
    pub color: bool,
    /// Longest list printed: gap groups per criterion, dead MRs,
    /// violations. The rest are counted (the JSON report has them all).
    pub limit: usize,
    /// Print the function table of each code criterion.
    pub functions: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        Self {
            color: false,
            limit: 10,
            functions: false,
        }
    }
}

/// Renders `report` for a terminal.
pub fn render_text(report: &Report, opts: &TextOptions) -> String {
    let p = Paint(opts.color);
    let mut out = String::new();
    let k = report.k;
    let counting = match report.counting {
        Counting::Class => "relation classes",
        Counting::Mr => "MRs",
    };
    let t = &report.totals;
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!("k-MR adequacy at k = {k} (counting {counting})"))
    );
    let _ = writeln!(
        out,
        "{} in {}, {}, {}",
        count(t.mrs, "MR", "MRs"),
        count(t.classes, "relation class", "relation classes"),
        count(t.source_inputs, "source input", "source inputs"),
        count(t.associations, "association", "associations"),
    );
    for stopped in &report.stopped_draws {
        let _ = writeln!(out, "{}", p.yellow(&esc(&stopped.sentence(k))));
    }
    if let Some(affected) = &report.affected {
        let _ = writeln!(out, "{}", esc(&affected.line()));
    }
    out.push('\n');
    summary_table(&mut out, report, p);
    shared_captures(&mut out, report, opts.limit, p);
    patch_table(&mut out, report, opts.limit, p);
    sweep_table(&mut out, report, p);
    metamorphic_table(&mut out, report, p);
    file_table(&mut out, report, p);
    if opts.functions {
        function_table(&mut out, report, p);
    }
    for c in &report.criteria {
        gap_list(&mut out, c, k, report.counting, opts.limit, p);
    }
    weak_checks(&mut out, report, opts.limit, p);
    dead_mrs(&mut out, report, opts.limit, p);
    unclassified(&mut out, report, p);
    violations(&mut out, report, opts.limit, p);
    failed_tests(&mut out, report, opts.limit, p);
    out
}

/// Float checks whose tolerance is far above what they saw, or that
/// failed on the run's code.
fn weak_checks(out: &mut String, report: &Report, limit: usize, p: Paint) {
    let flagged: Vec<_> = report.float_checks.iter().filter(|c| c.flagged()).collect();
    if flagged.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "Weak float checks ({}): tolerances far from what the checks saw (`cargo mtcov tolerance`)",
            flagged.len()
        ))
    );
    for c in flagged.iter().take(limit) {
        let _ = writeln!(out, "  {}", p.yellow(&esc(&c.sentence())));
    }
    and_more(out, flagged.len().saturating_sub(limit), "check", "checks");
    out.push('\n');
}

/// Tests that did not pass, MR or not.
fn failed_tests(out: &mut String, report: &Report, limit: usize, p: Paint) {
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
fn unclassified(out: &mut String, report: &Report, p: Paint) {
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
fn name_width(report: &Report) -> usize {
    report
        .criteria
        .iter()
        .map(|c| c.criterion.name().len())
        .max()
        .unwrap_or(0)
        .max(10)
}

/// `--diff`: each code criterion on the changed lines, and the changed
/// requirements with `K < 1`.
fn patch_table(out: &mut String, report: &Report, limit: usize, p: Paint) {
    let Some(patch) = &report.patch else {
        return;
    };
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "Patch against {}: {} in {}",
            esc(&patch.base),
            count(patch.lines, "changed line", "changed lines"),
            count(patch.files, "file", "files")
        ))
    );
    let w = name_width(report);
    for c in &patch.criteria {
        match &c.summary {
            None => {
                let _ = writeln!(
                    out,
                    "{:<w$} {}",
                    c.criterion,
                    p.dim("no requirement on a changed line")
                );
            }
            Some(s) => {
                let _ = writeln!(
                    out,
                    "{:<w$} {:>12} {:>16} {} {:>7}",
                    c.criterion,
                    s.requirements,
                    format!("{} covered", s.covered),
                    p.ratio(s.a_k, &format!("{:>7}", pct(s.a_k))),
                    format!("{} K=1", s.full),
                );
            }
        }
    }
    for c in &patch.criteria {
        let shown = c.gaps.len().min(limit);
        for g in &c.gaps[..shown] {
            let _ = writeln!(
                out,
                "  {} {} K = {:.2}: {}",
                c.criterion,
                p.cyan(&esc(&span(&g.location))),
                g.k,
                esc(&g.advice)
            );
        }
        if c.gaps.len() > shown {
            let _ = writeln!(
                out,
                "  ... and {} more {} requirements with K < 1 on changed lines",
                c.gaps.len() - shown,
                c.criterion
            );
        }
    }
    out.push('\n');
}

fn summary_table(out: &mut String, report: &Report, p: Paint) {
    let k = report.k;
    let a_k = format!("A_{k}");
    let w = name_width(report);
    let head = format!(
        "{:<w$} {:>12} {:>16} {a_k:>7} {:>7} {:>7} {:>7}  {k}-MR",
        "Criterion", "Requirements", "Covered", "K=1", "0<K<1", "K=0"
    );
    let _ = writeln!(out, "{}", p.bold(&head));
    for c in &report.criteria {
        let Some(s) = &c.summary else {
            let _ = writeln!(out, "{:<w$} {}", c.criterion, p.dim("no requirements"));
            continue;
        };
        let covered = format!("{} ({})", s.covered, pct(s.plain_coverage));
        let verdict = if s.satisfied {
            p.green("yes")
        } else {
            p.red("no")
        };
        let _ = writeln!(
            out,
            "{:<w$} {:>12} {:>16} {} {:>7} {:>7} {:>7}  {verdict}",
            c.criterion,
            s.requirements,
            covered,
            p.ratio(s.a_k, &format!("{:>7}", pct(s.a_k))),
            s.full,
            s.partial,
            s.zero,
        );
    }
    out.push('\n');
}

fn sweep_table(out: &mut String, report: &Report, p: Paint) {
    let Some(top) = report
        .criteria
        .iter()
        .filter_map(|c| c.summary.as_ref())
        .map(|s| s.sweep.len())
        .max()
    else {
        return;
    };
    let w = name_width(report);
    let mut head = format!("{:<w$}", "Sweep");
    for j in 1..=top {
        let _ = write!(head, " {:>7}", format!("A_{j}"));
    }
    let _ = writeln!(out, "{}", p.bold(&head));
    for c in &report.criteria {
        let Some(s) = &c.summary else { continue };
        let _ = write!(out, "{:<w$}", c.criterion);
        for point in &s.sweep {
            let _ = write!(
                out,
                " {}",
                p.ratio(point.a, &format!("{:>7}", pct(point.a)))
            );
        }
        out.push('\n');
    }
    out.push('\n');
}

/// Metamorphic Coverage per criterion and class, and the MRs whose pairs
/// never run differently.
fn metamorphic_table(out: &mut String, report: &Report, p: Paint) {
    let measured: Vec<(&CriterionReport, &super::MetamorphicCoverage)> = report
        .criteria
        .iter()
        .filter_map(|c| c.metamorphic_coverage.as_ref().map(|mc| (c, mc)))
        .collect();
    if measured.is_empty() {
        return;
    }
    let w = name_width(report);
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "{:<w$} {:>7}  by relation class (Metamorphic Coverage: code a source/follow-up pair runs differently)",
            "MC", "all"
        ))
    );
    for (c, mc) in &measured {
        let classes: Vec<String> = mc
            .classes
            .iter()
            .map(|k| format!("{} {}", esc(&k.class), pct(k.value)))
            .collect();
        let _ = writeln!(
            out,
            "{:<w$} {:>7}  {}",
            c.criterion,
            pct(mc.value),
            classes.join(", ")
        );
    }
    let never = &measured[0].1.never_differ;
    if !never.is_empty() {
        let _ = writeln!(
            out,
            "MRs whose follow-ups run exactly the code of their sources ({}): {}",
            never.len(),
            never
                .iter()
                .map(|m| esc(m).into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    out.push('\n');
}

fn file_table(out: &mut String, report: &Report, p: Paint) {
    let criteria: Vec<&CriterionReport> = report
        .criteria
        .iter()
        .filter(|c| c.summary.is_some() && !c.criterion.is_black_box())
        .collect();
    let files: BTreeSet<&str> = criteria
        .iter()
        .flat_map(|c| c.files.iter().map(|f| f.file.as_str()))
        .collect();
    if files.is_empty() {
        return;
    }
    let width = files
        .iter()
        .map(|f| escape::width(&esc(f)))
        .max()
        .unwrap_or(0)
        .max(4);
    let cells: Vec<Vec<String>> = criteria
        .iter()
        .map(|c| {
            files
                .iter()
                .map(|f| match c.files.iter().find(|row| row.file == *f) {
                    Some(row) => format!("{} {}/{}", pct(row.a_k), row.covered, row.requirements),
                    None => "-".to_owned(),
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = criteria
        .iter()
        .zip(&cells)
        .map(|(c, col)| {
            col.iter()
                .map(String::len)
                .max()
                .unwrap_or(0)
                .max(c.criterion.name().len() + 5)
                .max("A_k cov/reqs".len())
        })
        .collect();
    let mut head = format!("{:<width$}", "File");
    for (c, w) in criteria.iter().zip(&widths) {
        let _ = write!(head, "  {:>w$}", format!("{} A_{}", c.criterion, report.k));
    }
    let _ = writeln!(out, "{}", p.bold(&head));
    let mut sub = format!("{:<width$}", "");
    for w in &widths {
        let _ = write!(sub, "  {:>w$}", "A_k cov/reqs");
    }
    let _ = writeln!(out, "{}", p.dim(sub.trim_end()));
    for (i, f) in files.iter().enumerate() {
        let _ = write!(out, "{}", escape::pad(&esc(f), width));
        for ((c, col), w) in criteria.iter().zip(&cells).zip(&widths) {
            let cell = format!("{:>w$}", col[i]);
            let a = c.files.iter().find(|row| row.file == *f).map(|row| row.a_k);
            let _ = write!(
                out,
                "  {}",
                a.map_or_else(|| cell.clone(), |a| p.ratio(a, &cell))
            );
        }
        out.push('\n');
    }
    out.push('\n');
}

/// Per code criterion, every function holding requirements: `A_k`,
/// covered/requirements and the classes whose MRs run it from source
/// inputs.
fn function_table(out: &mut String, report: &Report, p: Paint) {
    for c in report
        .criteria
        .iter()
        .filter(|c| !c.criterion.is_black_box() && !c.functions.is_empty())
    {
        let names: Vec<String> = c
            .functions
            .iter()
            .map(|f| esc(&f.name).into_owned())
            .collect();
        let head = format!("Function ({})", c.criterion);
        let width = names
            .iter()
            .map(|n| escape::width(n))
            .max()
            .unwrap_or(0)
            .max(head.len());
        let _ = writeln!(
            out,
            "{}",
            p.bold(&format!(
                "{:<width$}  {:>7}  {:>13}  {}",
                head,
                format!("A_{}", report.k),
                "covered/reqs",
                "classes running it on source inputs"
            ))
        );
        for (f, name) in c.functions.iter().zip(&names) {
            let a = format!("{:>7}", pct(f.a_k));
            let classes = if f.classes.is_empty() {
                "-".to_owned()
            } else {
                esc(&f.classes.join(", ")).into_owned()
            };
            let _ = writeln!(
                out,
                "{}  {}  {:>13}  {classes}",
                escape::pad(name, width),
                p.ratio(f.a_k, &a),
                format!("{}/{}", f.covered, f.requirements),
            );
        }
        out.push('\n');
    }
}

fn dead_mrs(out: &mut String, report: &Report, limit: usize, p: Paint) {
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

fn violations(out: &mut String, report: &Report, limit: usize, p: Paint) {
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
fn shared_captures(out: &mut String, report: &Report, limit: usize, p: Paint) {
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

pub(super) fn and_more(out: &mut String, more: usize, one: &str, many: &str) {
    if more > 0 {
        let _ = writeln!(
            out,
            "  ... and {more} more {}",
            if more == 1 { one } else { many }
        );
    }
}

/// `file:line:col` for one line, `file:first-last` for a range.
pub(super) fn span(loc: &Location) -> String {
    if loc.line_start == loc.line_end {
        loc.to_string()
    } else {
        format!("{}:{}-{}", loc.file, loc.line_start, loc.line_end)
    }
}

/// One decimal; never shows 100.0% for less than all, nor 0.0% for more
/// than nothing.
pub(super) fn pct(v: f64) -> String {
    let x = (v * 1000.0).round() / 10.0;
    let x = if v < 1.0 && x >= 100.0 {
        99.9
    } else if v > 0.0 && x <= 0.0 {
        0.1
    } else {
        x
    };
    format!("{x:.1}%")
}

pub(super) fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// ANSI styling (anstyle's), a no-op when colour is off: the text is
/// rendered now and written later, so `color` decides, not the terminal.
#[derive(Clone, Copy)]
pub(super) struct Paint(bool);

impl Paint {
    fn style(self, style: Style, s: &str) -> String {
        if self.0 {
            format!("{style}{s}{style:#}")
        } else {
            s.to_owned()
        }
    }
    fn bold(self, s: &str) -> String {
        self.style(Style::new().bold(), s)
    }
    fn dim(self, s: &str) -> String {
        self.style(Style::new().dimmed(), s)
    }
    fn red(self, s: &str) -> String {
        self.style(AnsiColor::Red.on_default(), s)
    }
    fn green(self, s: &str) -> String {
        self.style(AnsiColor::Green.on_default(), s)
    }
    fn yellow(self, s: &str) -> String {
        self.style(AnsiColor::Yellow.on_default(), s)
    }
    fn cyan(self, s: &str) -> String {
        self.style(AnsiColor::Cyan.on_default(), s)
    }
    /// Green when complete, yellow when partial, red when nothing.
    fn ratio(self, v: f64, s: &str) -> String {
        if v >= 1.0 {
            self.green(s)
        } else if v > 0.0 {
            self.yellow(s)
        } else {
            self.red(s)
        }
    }
}

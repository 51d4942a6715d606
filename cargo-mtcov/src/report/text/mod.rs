//! The terminal report: a summary table per criterion, the `A_j` sweep,
//! a per-file table (`tables`), the top gaps with what to do (`gaps`),
//! dead MRs, violations (`lists`).

use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::measure::Counting;

use super::escape::terminal as esc;
use super::{Location, Report};
use gaps::gap_list;
use lists::{dead_mrs, failed_tests, shared_captures, unclassified, violations, weak_checks};
use tables::{
    file_table, first_use_lines, function_table, metamorphic_table, patch_table, summary_table,
    sweep_table,
};

mod gaps;
mod lists;
mod tables;

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
    first_use_lines(&mut out, report, p);
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

//! The text report's tables: the summary per criterion, the `A_j` sweep,
//! Metamorphic Coverage, files, functions and the patch.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{Paint, count, esc, pct, span};
use crate::report::escape;
use crate::report::{CriterionReport, MetamorphicCoverage, Report};

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
pub(super) fn patch_table(out: &mut String, report: &Report, limit: usize, p: Paint) {
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

pub(super) fn summary_table(out: &mut String, report: &Report, p: Paint) {
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

/// Per criterion, the requirements no input can cover (code run only on
/// first use), under the summary table.
pub(super) fn first_use_lines(out: &mut String, report: &Report, p: Paint) {
    let mut any = false;
    for c in &report.criteria {
        if let Some(first) = &c.first_use_only {
            let _ = writeln!(out, "{}", p.dim(&first.sentence(c.criterion, report.k)));
            any = true;
        }
    }
    if any {
        out.push('\n');
    }
}

pub(super) fn sweep_table(out: &mut String, report: &Report, p: Paint) {
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
pub(super) fn metamorphic_table(out: &mut String, report: &Report, p: Paint) {
    let measured: Vec<(&CriterionReport, &MetamorphicCoverage)> = report
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

pub(super) fn file_table(out: &mut String, report: &Report, p: Paint) {
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
pub(super) fn function_table(out: &mut String, report: &Report, p: Paint) {
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

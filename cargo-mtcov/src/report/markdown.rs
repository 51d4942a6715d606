//! A compact Markdown summary for `$GITHUB_STEP_SUMMARY` or a pull
//! request comment: the criterion table, the `A_j` sweep and the top gaps
//! of each criterion. Every string from user code is escaped.

use std::fmt::Write as _;

use crate::measure::Counting;

use super::escape::markdown as esc;
use super::text::{pct, span};
use super::{GapKind, Report};

/// Gap groups listed per criterion.
const TOP_GAPS: usize = 5;

/// The summary.
pub fn render_markdown(report: &Report) -> String {
    let k = report.k;
    let t = &report.totals;
    let mut out = String::new();
    let counting = match report.counting {
        Counting::Class => "relation classes",
        Counting::Mr => "MRs",
    };
    let _ = writeln!(out, "## mtcov: k-MR adequacy at k = {k}\n");
    let _ = writeln!(
        out,
        "{} MRs in {} relation classes, {} source inputs, {} associations; counting {counting}.\n",
        t.mrs, t.classes, t.source_inputs, t.associations
    );
    for stopped in &report.stopped_draws {
        let _ = writeln!(out, "**Partial draws**: {}.\n", esc(&stopped.sentence(k)));
    }
    let _ = writeln!(
        out,
        "| Criterion | Requirements | Covered | A\\_{k} | K = 1 | 0 &lt; K &lt; 1 | K = 0 | {k}-MR |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|:---:|");
    for c in &report.criteria {
        let name = esc(c.criterion.name());
        match &c.summary {
            None => {
                let _ = writeln!(out, "| {name} | 0 | | | | | | no requirements |");
            }
            Some(s) => {
                let _ = writeln!(
                    out,
                    "| {name} | {} | {} ({}) | **{}** | {} | {} | {} | {} |",
                    s.requirements,
                    s.covered,
                    pct(s.plain_coverage),
                    pct(s.a_k),
                    s.full,
                    s.partial,
                    s.zero,
                    if s.satisfied { "✅" } else { "❌" }
                );
            }
        }
    }
    if report.captures.shared > 0 {
        let _ = writeln!(
            out,
            "\n**Shared captures**: {}.",
            esc(&report.captures.sentence())
        );
        for c in &report.criteria {
            if let Some(w) = &c.without_shared {
                let _ = writeln!(
                    out,
                    "- {} A\\_{k} without them: **{}** (lower bound); {} requirements owe their K to them",
                    esc(c.criterion.name()),
                    pct(w.a_k),
                    w.requirements.len()
                );
            }
        }
    }
    patch(&mut out, report);
    let top = report
        .criteria
        .iter()
        .filter_map(|c| c.summary.as_ref())
        .map(|s| s.sweep.len())
        .max();
    if let Some(top) = top {
        let _ = write!(out, "\n| Sweep |");
        for j in 1..=top {
            let _ = write!(out, " A\\_{j} |");
        }
        let _ = write!(out, "\n|---|");
        for _ in 1..=top {
            let _ = write!(out, "---:|");
        }
        out.push('\n');
        for c in &report.criteria {
            let Some(s) = &c.summary else { continue };
            let _ = write!(out, "| {} |", esc(c.criterion.name()));
            for point in &s.sweep {
                let _ = write!(out, " {} |", pct(point.a));
            }
            out.push('\n');
        }
    }
    for c in &report.criteria {
        if c.gaps.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n### Top gaps in {} coverage ({} of {})\n",
            esc(c.criterion.name()),
            c.gaps.len().min(TOP_GAPS),
            c.gaps.len()
        );
        for g in c.gaps.iter().take(TOP_GAPS) {
            let what = match g.kind {
                GapKind::Uncovered => "uncovered",
                GapKind::Thin => "thin",
            };
            let label = g
                .span
                .label
                .as_deref()
                .map(|l| format!(" {}", esc(l)))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "{}. **{}**{label}: {} {}, {} in A\\_{k} ({what})  \n   {}",
                g.rank,
                esc(&span(&g.span)),
                g.requirements,
                if g.requirements == 1 {
                    "requirement"
                } else {
                    "requirements"
                },
                esc(&g.gain_words(report.counting)),
                esc(&g.advice)
            );
        }
    }
    list_line(
        &mut out,
        "MRs never associated with a source input",
        false,
        report.dead_mrs.iter().map(|m| esc(&m.id)),
    );
    for u in &report.unclassified_outputs {
        let _ = writeln!(out, "\n**Output not classified**: {}", esc(&u.sentence()));
    }
    list_line(
        &mut out,
        "Violations",
        true,
        report.violations.iter().map(|v| match &v.minimal {
            Some(minimal) => esc(&format!("{} (minimal input {minimal})", v.mr)),
            None => esc(&v.mr),
        }),
    );
    list_line(
        &mut out,
        "Tests that did not pass",
        true,
        report.failed_tests.iter().map(|t| esc(&t.sentence())),
    );
    out
}

/// `{title} ({n}): {the first 10 items}` on a paragraph of its own, when
/// there are any; the title and count in bold with `bold`.
fn list_line(
    out: &mut String,
    title: &str,
    bold: bool,
    items: impl ExactSizeIterator<Item = String>,
) {
    let n = items.len();
    if n == 0 {
        return;
    }
    let first: Vec<String> = items.take(10).collect();
    let stars = if bold { "**" } else { "" };
    let _ = writeln!(out, "\n{stars}{title} ({n}){stars}: {}", first.join(", "));
}

/// `--diff`: the patch's `A_k` per code criterion and its changed lines
/// with `K < 1` (the first 10 per criterion), with their advice.
fn patch(out: &mut String, report: &Report) {
    let Some(patch) = &report.patch else {
        return;
    };
    let k = report.k;
    let _ = writeln!(
        out,
        "\n### Patch: {} changed line{} in {} file{} against `{}`\n",
        patch.lines,
        if patch.lines == 1 { "" } else { "s" },
        patch.files,
        if patch.files == 1 { "" } else { "s" },
        esc(&patch.base)
    );
    let _ = writeln!(
        out,
        "| Criterion | Requirements on changed lines | Covered | A\\_{k} | K = 1 |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|");
    for c in &patch.criteria {
        let name = esc(c.criterion.name());
        match &c.summary {
            None => {
                let _ = writeln!(out, "| {name} | 0 | | | |");
            }
            Some(s) => {
                let _ = writeln!(
                    out,
                    "| {name} | {} | {} | **{}** | {} |",
                    s.requirements,
                    s.covered,
                    pct(s.a_k),
                    s.full
                );
            }
        }
    }
    for c in &patch.criteria {
        if c.gaps.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\nChanged {} requirements with K &lt; 1 ({}):\n",
            esc(c.criterion.name()),
            c.gaps.len()
        );
        for g in c.gaps.iter().take(10) {
            let label = g
                .location
                .label
                .as_deref()
                .map(|l| format!(" {}", esc(l)))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "- **{}**{label}: K = {:.2}; {}",
                esc(&span(&g.location)),
                g.k,
                esc(&g.advice)
            );
        }
        if c.gaps.len() > 10 {
            let _ = writeln!(out, "- ... and {} more", c.gaps.len() - 10);
        }
    }
}

//! A compact Markdown summary for `$GITHUB_STEP_SUMMARY` or a pull
//! request comment: the criterion table, the `A_j` sweep and the top gaps
//! of each criterion. Every string from user code is escaped.

use std::fmt::Write as _;

use crate::measure::Counting;

use super::escape::{markdown as esc, markdown_code as code};
use super::rows::{self, GapEntry};
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
    if let Some(affected) = &report.affected {
        let _ = writeln!(out, "**Affected**: {}.\n", esc(&affected.line()));
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
    for c in &report.criteria {
        if let Some(first) = &c.first_use_only {
            let _ = writeln!(out, "\n{}", esc(&first.sentence(c.criterion, report.k)));
        }
    }
    shared_captures(&mut out, report);
    patch(&mut out, report);
    sweep(&mut out, report);
    functions(&mut out, report);
    top_gaps(&mut out, report);
    let flagged: Vec<&crate::report::FloatCheck> =
        report.float_checks.iter().filter(|c| c.flagged()).collect();
    if !flagged.is_empty() {
        let sentences: Vec<String> = flagged
            .iter()
            .take(10)
            .map(|c| esc(&c.sentence()))
            .collect();
        let _ = writeln!(
            out,
            "\n{}: {}",
            crate::report::FloatCheck::heading(&flagged),
            sentences.join(", ")
        );
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
            Some(minimal) => format!("{} (minimal input {})", esc(&v.mr), code(minimal)),
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

/// Shared captures, and each criterion's `A_k` without them.
fn shared_captures(out: &mut String, report: &Report) {
    let k = report.k;
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
}

/// The `A_j` sweep of each criterion.
fn sweep(out: &mut String, report: &Report) {
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
}

/// The first gap groups of each criterion.
fn top_gaps(out: &mut String, report: &Report) {
    let k = report.k;
    for c in &report.criteria {
        if c.gaps.is_empty() {
            continue;
        }
        let entries = rows::entries(&c.gaps, k, report.counting);
        let shown: usize = entries.iter().take(TOP_GAPS).map(GapEntry::len).sum();
        let _ = writeln!(
            out,
            "\n### Top gaps in {} coverage ({} of {})\n",
            esc(c.criterion.name()),
            shown,
            c.gaps.len()
        );
        for entry in entries.iter().take(TOP_GAPS) {
            let row = match entry {
                GapEntry::Boilerplate(row) => {
                    let _ = writeln!(
                        out,
                        "{}. **{}** in {} impls: {}  \n   {}",
                        entry.rank(),
                        esc(&row.place),
                        code(row.ty),
                        requirements(row.requirements),
                        with_code(&row.words, None)
                    );
                    continue;
                }
                GapEntry::One(row) => row,
            };
            let g = row.group;
            let what = match g.kind {
                GapKind::Uncovered => "uncovered",
                GapKind::Thin => "thin",
            };
            // A requirement that is not a place is named by its label.
            let (place, label) = match g.span.label.as_deref() {
                Some(l) if row.place.is_empty() => (esc(l), String::new()),
                Some(l) => (esc(&row.place), format!(" {}", esc(l))),
                None => (esc(&row.place), String::new()),
            };
            let _ = writeln!(
                out,
                "{}. **{place}**{label}{}: {}, {} in A\\_{k} ({what})  \n   {}",
                g.rank,
                g.function_name
                    .as_deref()
                    .map(|f| format!(" in {}", code(f)))
                    .unwrap_or_default(),
                requirements(g.requirements),
                esc(&row.gain),
                with_code(&g.advice, g.closest.as_ref().map(|c| c.debug.as_str()))
            );
        }
    }
}

fn requirements(n: u32) -> String {
    format!(
        "{n} {}",
        if n == 1 {
            "requirement"
        } else {
            "requirements"
        }
    )
}

/// Functions listed per code criterion: those with the lowest `A_k`.
const TOP_FUNCTIONS: usize = 10;

/// Per code criterion, the functions with the lowest `A_k` first.
fn functions(out: &mut String, report: &Report) {
    let k = report.k;
    for c in report
        .criteria
        .iter()
        .filter(|c| !c.criterion.is_black_box() && !c.functions.is_empty())
    {
        let mut rows: Vec<&super::FunctionRow> = c.functions.iter().collect();
        rows.sort_by(|a, b| a.a_k.total_cmp(&b.a_k).then(a.function.cmp(&b.function)));
        let _ = writeln!(
            out,
            "\n### Functions in {} coverage, lowest A\\_{k} first ({} of {})\n",
            esc(c.criterion.name()),
            rows.len().min(TOP_FUNCTIONS),
            rows.len()
        );
        let _ = writeln!(
            out,
            "| Function | Where | A\\_{k} | covered/requirements | Classes running it on source inputs |"
        );
        let _ = writeln!(out, "|---|---|---:|---:|---|");
        for f in rows.iter().take(TOP_FUNCTIONS) {
            let classes = if f.classes.is_empty() {
                "\\-".to_owned()
            } else {
                esc(&f.classes.join(", "))
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {}/{} | {classes} |",
                code(&f.name).replace('|', "\\|"),
                esc(&format!("{}:{}", f.file, f.line)),
                pct(f.a_k),
                f.covered,
                f.requirements
            );
        }
    }
}

/// Advice for Markdown: `literal` (a source input's `Debug` text) and the
/// advice's own `` `quoted` `` names as code spans, the rest escaped.
fn with_code(text: &str, literal: Option<&str>) -> String {
    let quoted = |part: &str| -> String {
        part.split('`')
            .enumerate()
            .map(|(i, piece)| if i % 2 == 1 { code(piece) } else { esc(piece) })
            .collect()
    };
    match literal.filter(|l| !l.is_empty()) {
        Some(literal) => text
            .split(literal)
            .map(quoted)
            .collect::<Vec<_>>()
            .join(&code(literal)),
        None => quoted(text),
    }
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
                with_code(&g.advice, None)
            );
        }
        if c.gaps.len() > 10 {
            let _ = writeln!(out, "- ... and {} more", c.gaps.len() - 10);
        }
    }
}

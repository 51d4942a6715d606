//! The text report's gap list: each gap group's place, gain and advice.

use std::fmt::Write as _;

use super::{Paint, count, esc};
use crate::measure::Counting;
use crate::report::escape;
use crate::report::rows::{self, BoilerplateRow, GapEntry, GapRow};
use crate::report::{CriterionReport, GapGroup, GapKind};

pub(super) fn gap_list(
    out: &mut String,
    c: &CriterionReport,
    k: u32,
    counting: Counting,
    limit: usize,
    p: Paint,
) {
    if c.gaps.is_empty() {
        return;
    }
    let reqs: u32 = c.gaps.iter().map(|g| g.requirements).sum();
    let entries = rows::entries(&c.gaps, k, counting);
    let shown_entries = &entries[..entries.len().min(limit)];
    let shown: usize = shown_entries.iter().map(GapEntry::len).sum();
    let _ = writeln!(
        out,
        "{}",
        p.bold(&format!(
            "Gaps in {} coverage: {} with K < 1 in {} (top {shown} by gain in A_{k})",
            c.criterion,
            count(reqs, "requirement", "requirements"),
            count(c.gaps.len() as u32, "group", "groups"),
        ))
    );
    let width = shown_entries
        .iter()
        .map(|e| escape::width(&esc(e.place())))
        .max()
        .unwrap_or(0);
    // One skeleton is enough to start from: the first one shown.
    let mut skeleton_shown = false;
    for entry in shown_entries {
        match entry {
            GapEntry::One(row) if c.criterion.is_black_box() => black_box_gap_line(out, row, p),
            GapEntry::One(row) => {
                let skeleton = row.group.cause.skeleton().is_some()
                    && !std::mem::replace(&mut skeleton_shown, true);
                gap_line(out, row, skeleton, width, p);
            }
            GapEntry::Boilerplate(row) => boilerplate_line(out, row, width, p),
        }
    }
    if c.gaps.len() > shown {
        let more = c.gaps.len() - shown;
        let _ = writeln!(
            out,
            "  ... and {more} more {} (all in --html and --json; more here with --gaps N)",
            if more == 1 { "group" } else { "groups" }
        );
    }
    out.push('\n');
}

/// The gap groups of one type's boilerplate trait impls, as one entry.
fn boilerplate_line(out: &mut String, row: &BoilerplateRow<'_>, width: usize, p: Paint) {
    let where_ = escape::pad(&esc(&row.place), width);
    let _ = writeln!(
        out,
        "{:>4}. {} {:>9} {:>13}  in {} impls",
        row.groups[0].rank,
        p.cyan(&where_),
        count(row.requirements, "req", "reqs"),
        row.headline,
        p.bold(&esc(row.ty)),
    );
    let _ = writeln!(out, "        {}", p.dim(&esc(&row.words)));
}

/// One code gap; `skeleton`: print its MR skeleton (the JSON and HTML
/// reports have every one).
fn gap_line(out: &mut String, row: &GapRow<'_>, skeleton: bool, width: usize, p: Paint) {
    let g = row.group;
    let where_ = escape::pad(&esc(&row.place), width);
    let _ = write!(
        out,
        "{:>4}. {} {:>9} {:>13}",
        g.rank,
        p.cyan(&where_),
        count(g.requirements, "req", "reqs"),
        row.headline,
    );
    if let Some(label) = &g.span.label {
        let _ = write!(out, "  {}", p.dim(&esc(label)));
    }
    if let Some(name) = &g.function_name {
        let _ = write!(out, "  in {}", p.bold(&esc(name)));
    }
    out.push('\n');
    advice_line(out, g, p);
    if let Some(text) = g.cause.skeleton().filter(|_| skeleton) {
        for line in text.lines() {
            let _ = writeln!(out, "          {}", p.dim(&esc(line)));
        }
    }
    let _ = writeln!(out, "        {}", p.dim(&row.gain));
    for words in row.classes.iter().chain(&row.s_ro) {
        let _ = writeln!(out, "        {}", p.dim(&esc(words)));
    }
}

fn advice_line(out: &mut String, g: &GapGroup, p: Paint) {
    let advice = match g.kind {
        GapKind::Uncovered => p.red(&esc(&g.advice)),
        GapKind::Thin => esc(&g.advice).into_owned(),
    };
    let _ = writeln!(out, "        {advice}");
}

/// A black-box gap is one requirement, named in words; the advice says it.
fn black_box_gap_line(out: &mut String, row: &GapRow<'_>, p: Paint) {
    let g = row.group;
    let _ = writeln!(
        out,
        "{:>4}. {}  {}",
        g.rank,
        p.cyan(&esc(g.span.label.as_deref().unwrap_or(""))),
        row.headline,
    );
    advice_line(out, g, p);
    if let Some(words) = &row.s_ro {
        let _ = writeln!(out, "        {}", p.dim(&esc(words)));
    }
}

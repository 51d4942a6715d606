//! The text report's gap list: each gap group's place, gain and advice.

use std::fmt::Write as _;

use super::{Paint, count, esc, pct, span};
use crate::measure::Counting;
use crate::report::escape;
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
    // One type's boilerplate impls are one entry.
    let entries = crate::report::gap_entries(&c.gaps);
    let shown_entries = &entries[..entries.len().min(limit)];
    let shown: usize = shown_entries.iter().map(|e| e.len()).sum();
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
    let width = c.gaps[..shown]
        .iter()
        .map(|g| escape::width(&esc(&span(&g.span))))
        .max()
        .unwrap_or(0);
    // One skeleton is enough to start from: the first one shown.
    let mut skeleton_shown = false;
    for entry in shown_entries {
        let g = &entry[0];
        if c.criterion.is_black_box() {
            black_box_gap_line(out, g, k, p);
        } else if entry.len() > 1 {
            boilerplate_line(out, entry, width, p);
        } else {
            let skeleton = g.skeleton.is_some() && !std::mem::replace(&mut skeleton_shown, true);
            gap_line(out, g, (k, counting, skeleton), width, p);
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
fn boilerplate_line(out: &mut String, groups: &[GapGroup], width: usize, p: Paint) {
    let g = &groups[0];
    let where_ = escape::pad(&esc(&span(&g.span)), width);
    let reqs: u32 = groups.iter().map(|g| g.requirements).sum();
    let gain: f64 = groups.iter().map(|g| g.a_k_gain).sum();
    let _ = writeln!(
        out,
        "{:>4}. {} {:>9} {:>13}  in {} impls",
        g.rank,
        p.cyan(&where_),
        count(reqs, "req", "reqs"),
        format!("up to +{}", pct(gain)),
        p.bold(&esc(g.boilerplate.as_deref().unwrap_or("?"))),
    );
    let words = crate::report::boilerplate_words(groups);
    let _ = writeln!(out, "        {}", p.dim(&esc(&words)));
}

/// One code gap; `skeleton`: print its MR skeleton (the JSON and HTML
/// reports have every one).
fn gap_line(
    out: &mut String,
    g: &GapGroup,
    (k, counting, skeleton): (u32, Counting, bool),
    width: usize,
    p: Paint,
) {
    let where_ = escape::pad(&esc(&span(&g.span)), width);
    let _ = write!(
        out,
        "{:>4}. {} {:>9} {:>13}",
        g.rank,
        p.cyan(&where_),
        count(g.requirements, "req", "reqs"),
        if g.first_use_only {
            "first use".to_owned()
        } else {
            format!("up to +{}", pct(g.a_k_gain))
        },
    );
    if let Some(label) = &g.span.label {
        let _ = write!(out, "  {}", p.dim(&esc(label)));
    }
    if let Some(name) = &g.function_name {
        let _ = write!(out, "  in {}", p.bold(&esc(name)));
    }
    out.push('\n');
    let advice = match g.kind {
        GapKind::Uncovered => p.red(&esc(&g.advice)),
        GapKind::Thin => esc(&g.advice).into_owned(),
    };
    let _ = writeln!(out, "        {advice}");
    if let Some(text) = g.skeleton.as_deref().filter(|_| skeleton) {
        for line in text.lines() {
            let _ = writeln!(out, "          {}", p.dim(&esc(line)));
        }
    }
    let _ = writeln!(out, "        {}", p.dim(&g.gain_words(counting)));
    // Which classes run the function, when some do not.
    if !g.classes_not_running.is_empty() {
        let list = |classes: &[String]| {
            if classes.is_empty() {
                "none".to_owned()
            } else {
                esc(&classes.join(", ")).into_owned()
            }
        };
        let _ = writeln!(
            out,
            "        {}",
            p.dim(&format!(
                "classes that run it on source inputs: {}; that do not: {}",
                list(&g.classes_running),
                list(&g.classes_not_running)
            ))
        );
    }
    if let Some(c) = &g.closest {
        let classes = if c.classes.is_empty() {
            "none".to_owned()
        } else {
            esc(&c.classes.join(", ")).into_owned()
        };
        let _ = writeln!(
            out,
            "        {}",
            p.dim(&format!("|S_RO| = {} of {k}: {classes}", c.s_ro))
        );
    }
}

/// A black-box gap is one requirement, named in words; the advice says it.
fn black_box_gap_line(out: &mut String, g: &GapGroup, k: u32, p: Paint) {
    let _ = writeln!(
        out,
        "{:>4}. {}  up to +{}",
        g.rank,
        p.cyan(g.span.label.as_deref().unwrap_or("")),
        pct(g.a_k_gain),
    );
    let advice = match g.kind {
        GapKind::Uncovered => p.red(&g.advice),
        GapKind::Thin => g.advice.clone(),
    };
    let _ = writeln!(out, "        {advice}");
    if let Some(c) = &g.closest {
        let classes = if c.classes.is_empty() {
            "none".to_owned()
        } else {
            c.classes.join(", ")
        };
        let _ = writeln!(
            out,
            "        {}",
            p.dim(&format!("|S_RO| = {} of {k}: {classes}", c.s_ro))
        );
    }
}

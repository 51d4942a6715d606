//! One source file's page.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::super::lines::{FileLines, Line, Other};
use super::super::{GapGroup, Report, text};
use super::{Site, esc, gap_brief, gap_detail, head, k_class, pct, share_class};

pub(super) fn page(
    site: &Site<'_>,
    file: &str,
    lines: &FileLines<'_>,
    text: Option<&str>,
) -> String {
    let r = site.report;
    let k = r.k;
    let mut out = String::with_capacity(text.map_or(4096, |t| t.len() * 3 + 4096));
    header(&mut out, r, file);

    // Gap groups of this file by their first line.
    let mut gaps: BTreeMap<u32, Vec<(&str, &GapGroup)>> = BTreeMap::new();
    for c in r.criteria.iter().filter(|c| !c.criterion.is_black_box()) {
        for g in c.gaps.iter().filter(|g| g.span.file == file) {
            gaps.entry(g.span.line_start)
                .or_default()
                .push((c.criterion.name(), g));
        }
    }

    let by_line: BTreeMap<u32, &Line> = lines.lines.iter().map(|l| (l.line, l)).collect();
    let source_lines: Vec<&str> = text.map(|t| t.lines().collect()).unwrap_or_default();
    if text.is_none() {
        out.push_str("<p class=\"muted\">The source file could not be read; its requirements are listed by line.</p>\n");
    }
    let last = [
        source_lines.len() as u32,
        lines.lines.last().map_or(0, |l| l.line),
        lines.others.keys().next_back().copied().unwrap_or(0),
        gaps.keys().next_back().copied().unwrap_or(0),
    ]
    .into_iter()
    .max()
    .unwrap_or(0);

    out.push_str("<table class=\"src\"><colgroup><col class=\"cn\"><col class=\"ck\"><col class=\"ci\"><col class=\"cb\"><col></colgroup><tbody>\n");
    for n in 1..=last {
        let source = source_lines.get(n as usize - 1).copied();
        let line = by_line.get(&n);
        let others = lines.others.get(&n);
        if text.is_none() && line.is_none() && others.is_none() && !gaps.contains_key(&n) {
            continue;
        }
        line_cells(&mut out, r, n, line.copied());
        out.push_str("<td class=\"b\">");
        for o in others.into_iter().flatten() {
            other_mark(&mut out, o, k);
        }
        out.push_str("</td><td class=\"s\">");
        if let Some(source) = source {
            esc(&mut out, source);
        }
        out.push_str("</td></tr>\n");
        if let Some(here) = gaps.get(&n) {
            why_row(&mut out, site, here);
        }
    }
    out.push_str("</tbody></table>\n</body></html>\n");
    out
}

/// The page's head, title, the file's `A_k` per criterion and the legend.
fn header(out: &mut String, r: &Report, file: &str) {
    let k = r.k;
    head(out, &format!("mtcov: {file}"));
    out.push_str("<nav><a href=\"../index.html\">Summary</a><a href=\"../gaps.html\">All gaps</a></nav>\n<h1>");
    esc(out, file);
    out.push_str("</h1>\n<p>");
    for c in r.criteria.iter().filter(|c| !c.criterion.is_black_box()) {
        if let Some(row) = c.files.iter().find(|row| row.file == file) {
            let _ = write!(
                out,
                "<span class=\"pill p{}\">{} A<sub>{k}</sub> = {}</span> <span class=\"muted\">{}/{} covered</span> &nbsp; ",
                share_class(row.a_k),
                c.criterion.name(),
                pct(row.a_k),
                row.covered,
                row.requirements
            );
        }
    }
    out.push_str("</p>\n");
    let _ = writeln!(
        out,
        "<p class=\"legend\"><span class=\"pill pk1\">K = 1</span><span class=\"pill pkp\">0 &lt; K &lt; 1</span><span class=\"pill pk0\">K = 0</span> \
         <span class=\"muted\">Columns: line, K of the line as have/{k}, source inputs covering it, other requirements starting on it \
         (R region, B branch, F function: hover for K), source.</span></p>"
    );
}

/// A line's number, K and inputs cells (empty ones for a line that is
/// not a requirement).
fn line_cells(out: &mut String, r: &Report, n: u32, line: Option<&Line>) {
    let k = r.k;
    match line {
        Some(l) => {
            let have = if l.inputs > 0 { l.have } else { 0 };
            let _ = write!(
                out,
                "<tr id=\"L{n}\" class=\"{}\" data-k=\"{have}/{k}\"><td class=\"n\"><a href=\"#L{n}\">{n}</a></td><td class=\"k\"",
                k_class(have, k)
            );
            if have < k {
                out.push_str(" title=\"");
                match l.closest.and_then(|i| r.sources.get(i as usize)) {
                    Some(s) if l.inputs > 0 => {
                        let _ = write!(out, "K = {have}/{k}; closest source input: ");
                        esc(out, &s.debug);
                    }
                    _ => out.push_str("K = 0: no source input reaches this line"),
                }
                out.push('"');
            }
            let _ = write!(out, ">{have}/{k}</td><td class=\"i\">{}</td>", l.inputs);
        }
        None => {
            let _ = write!(
                out,
                "<tr id=\"L{n}\"><td class=\"n\"><a href=\"#L{n}\">{n}</a></td><td class=\"k\"></td><td class=\"i\"></td>"
            );
        }
    }
}

/// The mark of another requirement starting on a line, its K on hover.
fn other_mark(out: &mut String, o: &Other<'_>, k: u32) {
    let have = o.req.s_ro.min(k);
    let letter = o
        .criterion
        .name()
        .chars()
        .next()
        .unwrap_or('?')
        .to_ascii_uppercase();
    let _ = write!(out, "<i class=\"{}\" title=\"", k_class(have, k));
    esc(out, o.criterion.name());
    out.push(' ');
    esc(out, &text::span(&o.req.location));
    if let Some(label) = &o.req.location.label {
        out.push(' ');
        esc(out, label);
    }
    let _ = write!(
        out,
        ": K = {have}/{k}, {} source inputs\">{letter}</i>",
        o.req.inputs
    );
}

/// The gap groups starting on a line: why K < 1 there.
fn why_row(out: &mut String, site: &Site<'_>, here: &[(&str, &GapGroup)]) {
    out.push_str("<tr class=\"why\"><td></td><td colspan=\"4\"><b>Why K &lt; 1 here</b>");
    // The same advice for another criterion (line and region gaps
    // on the same code) is said once; the other gets its numbers.
    let mut said: Vec<&GapGroup> = Vec::new();
    for (criterion, g) in here {
        match said
            .iter()
            .find(|s| s.advice == g.advice && s.closest == g.closest)
        {
            Some(first) => gap_brief(out, site, g, criterion, first),
            None => {
                gap_detail(out, site, g, criterion, "../");
                said.push(g);
            }
        }
    }
    out.push_str("</td></tr>\n");
}

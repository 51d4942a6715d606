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
    let known = counts_known(r);
    let counts = known == Ok(true);
    header(&mut out, r, file, known);

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
    let uncovered = uncovered_regions(r, file);
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

    out.push_str("<table class=\"src\"><colgroup><col class=\"cn\">");
    if counts {
        out.push_str("<col class=\"cc\">");
    }
    out.push_str("<col class=\"ck\"><col class=\"ci\"><col class=\"cb\"><col></colgroup><tbody>\n");
    for n in 1..=last {
        let source = source_lines.get(n as usize - 1).copied();
        let line = by_line.get(&n);
        let others = lines.others.get(&n);
        if text.is_none() && line.is_none() && others.is_none() && !gaps.contains_key(&n) {
            continue;
        }
        line_cells(&mut out, r, n, line.copied(), gaps.contains_key(&n), counts);
        out.push_str("<td class=\"b\">");
        for o in others.into_iter().flatten() {
            other_mark(&mut out, o, k);
        }
        out.push_str("</td><td class=\"s\">");
        if let Some(source) = source {
            // The uncovered part of a line that ran, marked in the line.
            match uncovered
                .get(&n)
                .filter(|_| line.is_some_and(|l| l.inputs > 0))
            {
                Some(spans) => marked(&mut out, source, spans),
                None => esc(&mut out, source),
            }
        }
        out.push_str("</td></tr>\n");
        if let Some(here) = gaps.get(&n) {
            why_row(&mut out, site, here, counts);
        }
    }
    out.push_str("</tbody></table>\n");
    out.push_str(GAP_KEYS);
    out.push_str("</body></html>\n");
    out
}

/// `j` / `k`: to the first line of the next / previous gap (as
/// coverage.py's pages do); the row is the URL's fragment.
const GAP_KEYS: &str = "<script>\
document.addEventListener('keydown',function(e){\
if(e.ctrlKey||e.metaKey||e.altKey||(e.key!=='j'&&e.key!=='k'))return;\
var rows=Array.prototype.slice.call(document.querySelectorAll('tr[data-gap]'));if(!rows.length)return;\
var at=document.getElementById(location.hash.slice(1)),i;\
if(e.key==='j'){i=rows.findIndex(function(r){return !at||(at.compareDocumentPosition(r)&4);});if(i<0)i=rows.length-1;}\
else{i=-1;rows.forEach(function(r,j){if(at&&(r.compareDocumentPosition(at)&4))i=j;});if(i<0)i=0;}\
location.hash='#'+rows[i].id;});\
</script>\n";

/// Per line, the column spans (1-based, end exclusive) of the region
/// requirements no source input covered, merged: what of a line that ran
/// did not run. Empty unless the region criterion was measured.
fn uncovered_regions(r: &Report, file: &str) -> BTreeMap<u32, Vec<(u32, u32)>> {
    let mut spans: BTreeMap<u32, Vec<(u32, u32)>> = BTreeMap::new();
    let Some(regions) = r
        .criteria
        .iter()
        .find(|c| c.criterion == crate::model::Criterion::Region)
    else {
        return spans;
    };
    for req in regions
        .requirements
        .iter()
        .filter(|q| q.inputs == 0 && q.location.file == file)
    {
        let l = &req.location;
        for line in l.line_start..=l.line_end {
            let from = if line == l.line_start { l.col_start } else { 1 };
            let to = if line == l.line_end {
                l.col_end
            } else {
                u32::MAX
            };
            spans.entry(line).or_default().push((from, to));
        }
    }
    for list in spans.values_mut() {
        list.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(list.len());
        for &(a, b) in list.iter() {
            match merged.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        *list = merged;
    }
    spans
}

/// `source` with the column spans (LLVM's: 1-based bytes, end exclusive)
/// in `<span class="u">`.
fn marked(out: &mut String, source: &str, spans: &[(u32, u32)]) {
    let at = |col: u32| -> usize {
        let mut i = (col.saturating_sub(1) as usize).min(source.len());
        while !source.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let mut done = 0;
    for &(from, to) in spans {
        let (a, b) = (at(from).max(done), at(to));
        if a >= b {
            continue;
        }
        esc(out, &source[done..a]);
        out.push_str("<span class=\"u\" title=\"no source input ran this region\">");
        esc(out, &source[a..b]);
        out.push_str("</span>");
        done = b;
    }
    esc(out, &source[done..]);
}

/// Whether the report knows how many times each line ran (every test
/// process's counts were recorded); why not, when the line criterion was
/// measured and it does not.
fn counts_known(r: &Report) -> Result<bool, &str> {
    match r
        .criteria
        .iter()
        .find(|c| c.criterion == crate::model::Criterion::Line)
    {
        None => Ok(false),
        Some(c) => match &c.runs_unknown {
            Some(why) => Err(why),
            None => Ok(c.requirements.iter().all(|q| q.runs.is_some())),
        },
    }
}

/// An execution count as llvm-cov's pages show it: exact up to 999, then
/// its first three digits (truncated) with k, M, G, T, P or E.
fn count_text(n: u64) -> String {
    let digits = n.to_string();
    if digits.len() <= 3 {
        return digits;
    }
    let whole = match digits.len() % 3 {
        0 => 3,
        r => r,
    };
    let mut text = digits[..whole].to_owned();
    if whole < 3 {
        text.push('.');
        text.push_str(&digits[whole..3]);
    }
    text.push(b"kMGTPE"[(digits.len() - 1) / 3 - 1] as char);
    text
}

/// The page's head, title, the file's `A_k` per criterion and the legend.
fn header(out: &mut String, r: &Report, file: &str, counts: Result<bool, &str>) {
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
    let runs = if counts == Ok(true) {
        "times the line ran in the tests (each SUT execution once: hover for the exact count), "
    } else {
        ""
    };
    let _ = write!(
        out,
        "<p class=\"legend\"><span class=\"pill pk1\">K = 1</span><span class=\"pill pkp\">0 &lt; K &lt; 1</span><span class=\"pill pk0\">K = 0</span> \
         <span class=\"muted\">Columns: line, {runs}K of the line as have/{k}, source inputs covering it, other requirements starting on it \
         (R region, B branch, F function: hover for K), source; with the region criterion, the part of a line that ran which no source input ran is \
         <span class=\"u\">marked</span>. Keys: j / k, the next / previous gap.</span>"
    );
    if let Err(why) = counts {
        out.push_str(" <span class=\"muted\">How many times each line ran is not known: ");
        esc(out, why);
        out.push_str(".</span>");
    }
    out.push_str("</p>\n");
}

/// A line's number, execution count (with `counts`), K and inputs cells
/// (empty ones for a line that is not a requirement).
fn line_cells(out: &mut String, r: &Report, n: u32, line: Option<&Line>, gap: bool, counts: bool) {
    let k = r.k;
    let gap = if gap { " data-gap" } else { "" };
    match line {
        Some(l) => {
            let have = if l.inputs > 0 { l.have } else { 0 };
            let _ = write!(
                out,
                "<tr id=\"L{n}\" class=\"{}\" data-k=\"{have}/{k}\"{gap}><td class=\"n\"><a href=\"#L{n}\">{n}</a></td>",
                k_class(have, k)
            );
            if counts {
                match l.runs {
                    Some(runs) => {
                        let _ = write!(
                            out,
                            "<td class=\"c\" data-runs=\"{runs}\" title=\"ran {runs} times\">{}</td>",
                            count_text(runs)
                        );
                    }
                    None => out.push_str("<td class=\"c\"></td>"),
                }
            }
            out.push_str("<td class=\"k\"");
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
            let runs = if counts { "<td class=\"c\"></td>" } else { "" };
            let _ = write!(
                out,
                "<tr id=\"L{n}\"{gap}><td class=\"n\"><a href=\"#L{n}\">{n}</a></td>{runs}<td class=\"k\"></td><td class=\"i\"></td>"
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
fn why_row(out: &mut String, site: &Site<'_>, here: &[(&str, &GapGroup)], counts: bool) {
    let columns = if counts { 5 } else { 4 };
    let _ = write!(
        out,
        "<tr class=\"why\"><td></td><td colspan=\"{columns}\"><b>Why K &lt; 1 here</b>"
    );
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

#[cfg(test)]
mod tests {
    use super::count_text;

    #[test]
    fn counts_read_as_llvm_cov_writes_them() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1.00k"),
            (1234, "1.23k"),
            (31_012, "31.0k"),
            (123_999, "123k"),
            (1_999_999, "1.99M"),
            (u64::MAX, "18.4E"),
        ] {
            assert_eq!(count_text(n), text, "{n}");
        }
    }
}

//! `index.html` and `gaps.html`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::measure::{Counting, Summary};
use crate::report::Report;

use super::floats::float_checks;
use super::lists::{dead_mrs, failed_tests, suggestions, unclassified, violations};
use super::{Site, esc, gap_detail, head, pct, share_class};

/// Index gap groups listed per criterion (all are on `gaps.html`).
const TOP_GAPS: usize = 10;

const SORT_SCRIPT: &str = "<script>\
document.querySelectorAll('table.sortable').forEach(function(t){\
t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){\
var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows),asc=th.dataset.asc!=='1';\
rows.sort(function(x,y){var a=x.cells[i].dataset.v,c=y.cells[i].dataset.v,n=parseFloat(a)-parseFloat(c);\
return (isNaN(n)?String(a).localeCompare(String(c)):n)*(asc?1:-1);});\
th.dataset.asc=asc?'1':'0';rows.forEach(function(r){b.appendChild(r);});});});});\
</script>\n";

pub(super) fn index(site: &Site<'_>) -> String {
    let r = site.report;
    let k = r.k;
    let mut out = String::with_capacity(64 * 1024);
    head(&mut out, &format!("mtcov: k-MR adequacy at k = {k}"));
    let _ = writeln!(
        out,
        "<h1>k-MR adequacy at k = {k}</h1>\n<nav><a href=\"index.html\">Summary</a><a href=\"gaps.html\">All gaps</a></nav>"
    );
    let t = &r.totals;
    let counting = match r.counting {
        Counting::Class => "relation classes",
        Counting::Mr => "MRs",
    };
    let _ = writeln!(
        out,
        "<p class=\"muted\">{} MRs in {} relation classes, {} source inputs, {} associations, {} violations; |S<sub>RO</sub>| counts {counting}. \
         K(r) = min(1, |S<sub>RO</sub>(t)| / k) for the best source input t covering requirement r; A<sub>k</sub> is its mean.</p>",
        t.mrs, t.classes, t.source_inputs, t.associations, t.violations
    );
    for stopped in &r.stopped_draws {
        out.push_str("<p class=\"warn\"><b>Partial draws:</b> ");
        esc(&mut out, &stopped.sentence(k));
        out.push_str(".</p>\n");
    }
    if let Some(affected) = &r.affected {
        out.push_str("<p class=\"muted\" id=\"affected\">");
        esc(&mut out, &affected.line());
        out.push_str(".</p>\n");
    }

    criteria_table(&mut out, r);
    legend(&mut out, k);

    sweep(&mut out, site);
    files_table(&mut out, site);
    functions_table(&mut out, site);

    top_gaps(&mut out, site);

    float_checks(&mut out, r);

    classes_table(&mut out, r);
    metamorphic_table(&mut out, r);

    dead_mrs(&mut out, r);
    suggestions(&mut out, r);
    unclassified(&mut out, r);
    violations(&mut out, r);
    failed_tests(&mut out, r);
    out.push_str(SORT_SCRIPT);
    out.push_str("</body></html>\n");
    out
}

/// The criteria table, and what shared captures leave as a lower bound.
fn criteria_table(out: &mut String, r: &Report) {
    let k = r.k;
    out.push_str("<h2>Criteria</h2>\n<table id=\"criteria\"><thead><tr><th>Criterion</th><th class=\"r\">|E|</th><th class=\"r\">Covered</th><th class=\"r\">Plain coverage</th>");
    let _ = writeln!(
        out,
        "<th class=\"r\">A<sub>{k}</sub></th><th class=\"r\">K = 1</th><th class=\"r\">0 &lt; K &lt; 1</th><th class=\"r\">K = 0</th><th>{k}-MR adequate</th></tr></thead><tbody>"
    );
    for c in &r.criteria {
        let name = c.criterion.name();
        out.push_str("<tr class=\"row\"><td>");
        esc(out, name);
        out.push_str("</td>");
        match &c.summary {
            None => out.push_str("<td class=\"r\">0</td><td colspan=\"7\" class=\"muted\">no requirements (A<sub>k</sub> undefined)</td>"),
            Some(s) => {
                let _ = write!(
                    out,
                    "<td class=\"r\">{}</td><td class=\"r\">{}</td><td class=\"r\">{}</td><td class=\"r\"><span class=\"ak pill p{}\" data-criterion=\"{name}\">{}</span></td><td class=\"r\">{}</td><td class=\"r\">{}</td><td class=\"r\">{}</td><td>{}</td>",
                    s.requirements,
                    s.covered,
                    pct(s.plain_coverage),
                    share_class(s.a_k),
                    pct(s.a_k),
                    s.full,
                    s.partial,
                    s.zero,
                    if s.satisfied { "yes" } else { "no" }
                );
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
    for c in &r.criteria {
        if let Some(first) = &c.first_use_only {
            out.push_str("<p class=\"muted\">");
            esc(out, &first.sentence(c.criterion, k));
            out.push_str("</p>\n");
        }
    }
    if r.captures.shared > 0 {
        out.push_str("<p class=\"warn\"><b>Shared captures:</b> ");
        esc(out, &r.captures.sentence());
        out.push_str(".</p>\n<ul>");
        for c in &r.criteria {
            if let Some(w) = &c.without_shared {
                let _ = write!(
                    out,
                    "<li>{} A<sub>{k}</sub> without them: <b>{}</b> (lower bound); {} requirements owe their K to them",
                    c.criterion.name(),
                    pct(w.a_k),
                    w.requirements.len()
                );
                if !w.requirements.is_empty() {
                    out.push_str(": ");
                    let spans: Vec<String> = w
                        .requirements
                        .iter()
                        .map(crate::report::text::span)
                        .collect();
                    esc(out, &spans.join(", "));
                }
                out.push_str("</li>\n");
            }
        }
        out.push_str("</ul>\n");
    }
}

/// The first gap groups of each criterion (all are on `gaps.html`).
fn top_gaps(out: &mut String, site: &Site<'_>) {
    let r = site.report;
    out.push_str("<h2>Top gaps</h2>\n");
    let mut any = false;
    for c in &r.criteria {
        for g in c.gaps.iter().take(TOP_GAPS) {
            any = true;
            gap_detail(out, site, g, c.criterion.name(), "");
        }
        if c.gaps.len() > TOP_GAPS {
            let _ = writeln!(
                out,
                "<p class=\"muted\">… and {} more {} gaps on <a href=\"gaps.html\">all gaps</a>.</p>",
                c.gaps.len() - TOP_GAPS,
                c.criterion.name()
            );
        }
    }
    if !any {
        out.push_str("<p>None: every requirement has K = 1.</p>\n");
    }
}

/// Relation classes, with their MRs and the source inputs they checked.
fn classes_table(out: &mut String, r: &Report) {
    out.push_str("<h2>Relation classes</h2>\n<table class=\"sortable\"><thead><tr><th>Class</th><th class=\"r\">MRs</th><th class=\"r\">Source inputs checked</th></tr></thead><tbody>\n");
    for c in &r.classes {
        out.push_str("<tr class=\"row\"><td data-v=\"");
        esc(out, &c.name);
        out.push_str("\">");
        esc(out, &c.name);
        let _ = writeln!(
            out,
            "</td><td class=\"r\" data-v=\"{0}\">{0}</td><td class=\"r\" data-v=\"{1}\">{1}</td></tr>",
            c.mrs, c.source_inputs
        );
    }
    out.push_str("</tbody></table>\n");
}

/// Metamorphic Coverage per MR, one column per code criterion measured;
/// MRs whose follow-ups never run other code than their sources flagged.
fn metamorphic_table(out: &mut String, r: &super::super::Report) {
    let measured: Vec<(&str, &super::super::MetamorphicCoverage)> = r
        .criteria
        .iter()
        .filter_map(|c| {
            c.metamorphic_coverage
                .as_ref()
                .map(|mc| (c.criterion.name(), mc))
        })
        .collect();
    let Some((_, first)) = measured.first() else {
        return;
    };
    out.push_str(
        "<h2>Metamorphic coverage</h2>\n<p class=\"muted\">What one execution of a source/follow-up pair covered and the other did not (docs/measure.md).</p>\n<table class=\"sortable\" id=\"metamorphic\"><thead><tr><th>MR</th><th>Class</th><th class=\"r\">Pairs</th>",
    );
    for (name, _) in &measured {
        let _ = write!(out, "<th class=\"r\">{name}</th>");
    }
    out.push_str("</tr></thead><tbody>\n");
    for (i, mr) in first.mrs.iter().enumerate() {
        let never = first.never_differ.contains(&mr.mr);
        out.push_str(if never {
            "<tr class=\"row never\"><td data-v=\""
        } else {
            "<tr class=\"row\"><td data-v=\""
        });
        esc(out, &mr.mr);
        out.push_str("\"><code>");
        esc(out, &mr.mr);
        out.push_str("</code>");
        if never {
            out.push_str(
                " <span class=\"muted\">(follow-ups run exactly the code of their sources)</span>",
            );
        }
        out.push_str("</td><td>");
        esc(out, &mr.class);
        let _ = write!(
            out,
            "</td><td class=\"r\" data-v=\"{0}\">{0}</td>",
            mr.pairs
        );
        for (_, mc) in &measured {
            let value = mc.mrs.get(i).map_or(0.0, |m| m.value);
            let _ = write!(
                out,
                "<td class=\"r\" data-v=\"{value}\">{}</td>",
                pct(value)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody><tfoot><tr class=\"total\"><td>All MRs</td><td></td><td></td>");
    for (_, mc) in &measured {
        let _ = write!(out, "<td class=\"r\">{}</td>", pct(mc.value));
    }
    out.push_str("</tr></tfoot></table>\n");
}

pub(super) fn gaps(site: &Site<'_>) -> String {
    let r = site.report;
    let mut out = String::new();
    head(&mut out, "mtcov: all gaps");
    out.push_str("<h1>All gaps</h1>\n<nav><a href=\"index.html\">Summary</a><a href=\"gaps.html\">All gaps</a></nav>\n<div class=\"gaps\">\n");
    for c in &r.criteria {
        let _ = writeln!(
            out,
            "<h2>{} ({} gap groups)</h2>",
            c.criterion.name(),
            c.gaps.len()
        );
        for g in &c.gaps {
            gap_detail(&mut out, site, g, c.criterion.name(), "");
        }
    }
    out.push_str("</div></body></html>\n");
    out
}

fn legend(out: &mut String, k: u32) {
    let _ = writeln!(
        out,
        "<p class=\"legend\"><span class=\"pill pk1\">K = 1</span><span class=\"pill pkp\">0 &lt; K &lt; 1</span><span class=\"pill pk0\">K = 0</span> \
         <span class=\"muted\">On file pages each line shows K as have/{k} (relation classes of its closest source input) and the number of source inputs covering it.</span></p>"
    );
}

/// The `A_j` sweep: one line per criterion in an inline SVG, and a table.
fn sweep(out: &mut String, site: &Site<'_>) {
    let with: Vec<(&str, &Summary)> = site
        .report
        .criteria
        .iter()
        .filter_map(|c| c.summary.as_ref().map(|s| (c.criterion.name(), s)))
        .collect();
    let Some(top) = with.iter().map(|(_, s)| s.sweep.len()).max() else {
        return;
    };
    out.push_str("<h2>Sweep: A<sub>j</sub> for j = 1, 2, …</h2>\n");
    const COLOURS: [&str; 6] = [
        "#0969da", "#bf3989", "#1a7f37", "#9a6700", "#8250df", "#57606a",
    ];
    let (w, h, left, bottom) = (360.0, 160.0, 36.0, 22.0);
    let x = |j: usize| left + (w - left - 12.0) * (j as f64 - 1.0) / ((top.max(2) - 1) as f64);
    let y = |a: f64| 8.0 + (h - bottom - 8.0) * (1.0 - a);
    let _ = write!(
        out,
        "<svg class=\"sweep\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"A_j against j\">"
    );
    for tick in [0.0, 0.5, 1.0] {
        let (x2, y0, ty, label) = (w - 8.0, y(tick), y(tick) + 4.0, tick * 100.0);
        let _ = write!(
            out,
            "<line x1=\"{left}\" x2=\"{x2}\" y1=\"{y0}\" y2=\"{y0}\" stroke=\"#d0d7de\"/><text x=\"2\" y=\"{ty}\">{label}%</text>"
        );
    }
    for j in 1..=top {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\">{j}</text>",
            x(j) - 3.0,
            h - 6.0
        );
    }
    for (i, (name, s)) in with.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<String> = s
            .sweep
            .iter()
            .map(|p| format!("{:.1},{:.1}", x(p.k as usize), y(p.a)))
            .collect();
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"><title>{name}</title></polyline>",
            points.join(" ")
        );
        for p in &s.sweep {
            let _ = write!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\"><title>{name} A_{} = {}</title></circle>",
                x(p.k as usize),
                y(p.a),
                p.k,
                pct(p.a)
            );
        }
    }
    out.push_str("</svg>\n<table><thead><tr><th>Criterion</th>");
    for j in 1..=top {
        let _ = write!(out, "<th class=\"r\">A<sub>{j}</sub></th>");
    }
    out.push_str("</tr></thead><tbody>\n");
    for (i, (name, s)) in with.iter().enumerate() {
        let _ = write!(
            out,
            "<tr class=\"row\"><td><span style=\"color:{}\">■</span> {name}</td>",
            COLOURS[i % COLOURS.len()]
        );
        for p in &s.sweep {
            let _ = write!(out, "<td class=\"r\">{}</td>", pct(p.a));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// The two sortable cells of one criterion's share of a file or function:
/// `A_k` as a pill and covered/requirements; dashes when it has none.
fn share_cells(out: &mut String, share: Option<(f64, u32, u32)>) {
    match share {
        Some((a_k, covered, requirements)) => {
            let _ = write!(
                out,
                "<td class=\"r\" data-v=\"{a_k}\"><span class=\"pill p{}\">{}</span></td><td class=\"r\" data-v=\"{covered}\">{covered}/{requirements}</td>",
                share_class(a_k),
                pct(a_k),
            );
        }
        None => out.push_str("<td data-v=\"-1\">-</td><td data-v=\"-1\">-</td>"),
    }
}

/// Functions × code criteria, sortable by any column: `A_k`,
/// covered/requirements and the classes whose MRs run each function from
/// source inputs (of the first code criterion).
fn functions_table(out: &mut String, site: &Site<'_>) {
    let r = site.report;
    let criteria: Vec<_> = r
        .criteria
        .iter()
        .filter(|c| !c.criterion.is_black_box() && !c.functions.is_empty())
        .collect();
    let Some(first) = criteria.first() else {
        return;
    };
    out.push_str("<h2>Functions</h2>\n<p class=\"muted\">Click a column to sort. Classes: the relation classes whose MRs run the function on source inputs.</p>\n<table class=\"sortable\" id=\"functions\"><thead><tr><th>Function</th><th>File</th>");
    for c in &criteria {
        let _ = write!(
            out,
            "<th class=\"r\">{} A<sub>{}</sub></th><th class=\"r\">covered/requirements</th>",
            c.criterion.name(),
            r.k
        );
    }
    out.push_str("<th>Classes</th></tr></thead><tbody>\n");
    let mut functions: BTreeSet<u32> = BTreeSet::new();
    for c in &criteria {
        functions.extend(c.functions.iter().map(|f| f.function));
    }
    for f in functions {
        let function = &r.functions[f as usize];
        out.push_str("<tr class=\"row\"><td data-v=\"");
        esc(out, &function.name);
        out.push_str("\"><code>");
        esc(out, &function.name);
        out.push_str("</code></td><td data-v=\"");
        let place = format!("{}:{}", function.file, function.line_start);
        esc(out, &place);
        out.push_str("\">");
        match site.link("", &function.file, function.line_start) {
            Some(href) => {
                let _ = write!(out, "<a href=\"{href}\">");
                esc(out, &place);
                out.push_str("</a>");
            }
            None => esc(out, &place),
        }
        out.push_str("</td>");
        for c in &criteria {
            let row = c.functions.iter().find(|row| row.function == f);
            share_cells(out, row.map(|r| (r.a_k, r.covered, r.requirements)));
        }
        let classes = first
            .functions
            .iter()
            .find(|row| row.function == f)
            .map(|row| row.classes.join(", "))
            .unwrap_or_default();
        out.push_str("<td data-v=\"");
        esc(out, &classes);
        out.push_str("\">");
        esc(out, if classes.is_empty() { "-" } else { &classes });
        out.push_str("</td></tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// Files × code criteria, sortable by any column.
fn files_table(out: &mut String, site: &Site<'_>) {
    let r = site.report;
    let criteria: Vec<_> = r
        .criteria
        .iter()
        .filter(|c| !c.criterion.is_black_box() && c.summary.is_some())
        .collect();
    let files: BTreeSet<&str> = criteria
        .iter()
        .flat_map(|c| c.files.iter().map(|f| f.file.as_str()))
        .collect();
    if files.is_empty() {
        return;
    }
    out.push_str("<h2>Files</h2>\n<p class=\"muted\">Click a column to sort.</p>\n<table class=\"sortable\" id=\"files\"><thead><tr><th>File</th>");
    for c in &criteria {
        let _ = write!(
            out,
            "<th class=\"r\">{} A<sub>{}</sub></th><th class=\"r\">covered/requirements</th>",
            c.criterion.name(),
            r.k
        );
    }
    out.push_str("</tr></thead><tbody>\n");
    for f in files {
        out.push_str("<tr class=\"row\"><td data-v=\"");
        esc(out, f);
        out.push_str("\">");
        match site.names.get(f) {
            Some(name) => {
                let _ = write!(out, "<a href=\"files/{name}\">");
                esc(out, f);
                out.push_str("</a>");
            }
            None => esc(out, f),
        }
        out.push_str("</td>");
        for c in &criteria {
            let row = c.files.iter().find(|row| row.file == f);
            share_cells(out, row.map(|r| (r.a_k, r.covered, r.requirements)));
        }
        out.push_str("</tr>\n");
    }
    // The whole, under the sorted rows.
    out.push_str("</tbody><tfoot><tr class=\"total\"><td>All files</td>");
    for c in &criteria {
        share_cells(
            out,
            c.summary
                .as_ref()
                .map(|s| (s.a_k, s.covered, s.requirements)),
        );
    }
    out.push_str("</tr></tfoot></table>\n");
}

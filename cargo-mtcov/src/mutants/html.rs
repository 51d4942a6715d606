//! The kill matrix summary as one HTML page, `mutants.html`, styled like
//! the HTML report (`cargo mtcov --html`) and linking to its index when
//! both are written to the same directory. Pure.

use std::fmt::Write as _;

use super::summary::{KillRow, MatrixSummary};
use crate::escape::push_html;
use crate::report::html_head;

pub(crate) fn page(summary: &MatrixSummary) -> String {
    let mut out = String::with_capacity(16 * 1024);
    html_head(&mut out, "Kill matrix");
    out.push_str(
        "<nav><a href=\"index.html\">k-MR report</a></nav>\n<h1>Kill matrix of the metamorphic tests</h1>\n",
    );
    let viable = summary.killed + summary.timeout + summary.survived;
    let score = summary
        .score
        .map_or("n/a".to_owned(), |s| format!("{:.1}%", s * 100.0));
    let _ = writeln!(
        out,
        "<p><span class=\"big\">{score}</span> mutation score: {} killed of {viable} viable mutants \
         ({}).</p>",
        summary.killed,
        summary.counts()
    );
    kill_table(
        &mut out,
        "Relation classes",
        "Class",
        &summary.classes,
        false,
    );
    kill_table(&mut out, "Metamorphic relations", "MR", &summary.mrs, true);
    if !summary.mrs_killing_nothing.is_empty() {
        out.push_str("<p>MRs that kill no mutant: ");
        for (i, mr) in summary.mrs_killing_nothing.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("<code>");
            push_html(&mut out, mr);
            out.push_str("</code>");
        }
        out.push_str("</p>\n");
    }
    out.push_str("<h2>Source inputs by mutants killed</h2>\n<table><tr><th class=\"r\">Killed</th><th>Source input</th></tr>\n");
    for source in &summary.sources {
        let _ = write!(
            out,
            "<tr class=\"row\"><td class=\"r\">{}</td><td><code>",
            source.killed
        );
        push_html(&mut out, &source.debug);
        out.push_str("</code></td></tr>\n");
    }
    out.push_str("</table>\n");
    if !summary.survivors.is_empty() {
        out.push_str("<h2>Surviving mutants, by K of their line</h2>\n<table><tr><th class=\"r\">K</th><th>Mutant</th><th>What it points at</th></tr>\n");
        for s in &summary.survivors {
            let (class, k) = match s.line_k {
                None => ("", "-".to_owned()),
                Some(k) if k >= 1.0 => ("pk1", format!("{k:.2}")),
                Some(k) if k > 0.0 => ("pkp", format!("{k:.2}")),
                Some(k) => ("pk0", format!("{k:.2}")),
            };
            let _ = write!(
                out,
                "<tr class=\"row\"><td class=\"r\"><span class=\"pill {class}\">{k}</span></td><td><code>"
            );
            push_html(&mut out, &s.name);
            out.push_str("</code></td><td>");
            push_html(&mut out, s.hint);
            out.push_str("</td></tr>\n");
        }
        out.push_str("</table>\n");
    }
    if !summary.unviable_mutants.is_empty() {
        out.push_str("<h2>Unviable mutants</h2>\n<table><tr><th>Mutant</th><th>Why it does not build</th></tr>\n");
        for u in &summary.unviable_mutants {
            out.push_str("<tr class=\"row\"><td><code>");
            push_html(&mut out, &u.name);
            out.push_str("</code></td><td>");
            push_html(&mut out, &u.reason);
            out.push_str("</td></tr>\n");
        }
        out.push_str("</table>\n");
    }
    out.push_str("</body></html>\n");
    out
}

fn kill_table(out: &mut String, title: &str, what: &str, rows: &[KillRow], with_class: bool) {
    let _ = write!(
        out,
        "<h2>{title}</h2>\n<table><tr><th>{what}</th>{}<th class=\"r\">Killed</th><th class=\"r\">Killed alone</th></tr>\n",
        if with_class { "<th>Class</th>" } else { "" }
    );
    for row in rows {
        out.push_str("<tr class=\"row\"><td><code>");
        push_html(out, &row.name);
        out.push_str("</code></td>");
        if with_class {
            out.push_str("<td>");
            push_html(out, &row.class);
            out.push_str("</td>");
        }
        let _ = writeln!(
            out,
            "<td class=\"r\">{}</td><td class=\"r\">{}</td></tr>",
            row.killed, row.alone
        );
    }
    out.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutants::matrix::tests::small;

    #[test]
    fn the_page_lists_every_table_and_escapes_user_text() {
        let mut matrix = small();
        matrix.sources[0].debug = "<script>alert(1)</script>".into();
        let html = page(&matrix.summary());
        assert!(html.starts_with("<!doctype html>"));
        assert!(html.contains("66.7%</span> mutation score"), "{html}");
        for heading in [
            "Relation classes",
            "Metamorphic relations",
            "Source inputs by mutants killed",
            "Surviving mutants",
            "Unviable mutants",
        ] {
            assert!(html.contains(heading), "{heading}");
        }
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("<span class=\"pill pk1\">1.00</span>"));
        assert!(html.trim_end().ends_with("</html>"));
    }
}

//! The index page's lists: MRs never associated, MR suggestions, outputs
//! not classified, violations and tests that did not pass.

use std::fmt::Write as _;

use super::esc;
use crate::report::Report;

/// MRs never associated with a source input.
pub(super) fn dead_mrs(out: &mut String, r: &Report) {
    if !r.dead_mrs.is_empty() {
        let _ = writeln!(
            out,
            "<h2>MRs never associated with a source input ({})</h2>\n<ul>",
            r.dead_mrs.len()
        );
        for m in &r.dead_mrs {
            out.push_str("<li><code>");
            esc(out, &m.id);
            out.push_str("</code> [");
            esc(out, &m.class);
            out.push_str("] ");
            esc(out, &m.file);
            let _ = writeln!(out, ":{}</li>", m.line);
        }
        out.push_str("</ul>\n");
    }
}

/// The MR candidates of each declaration, and the first one's skeleton.
pub(super) fn suggestions(out: &mut String, r: &Report) {
    for sug in r.suggestions.iter().filter(|s| !s.candidates.is_empty()) {
        out.push_str("<h2>What MR to write next: ");
        esc(out, &sug.subject());
        out.push_str("</h2>\n<ol>");
        for c in &sug.candidates {
            out.push_str("<li>from <code>");
            esc(out, &c.source_frame);
            out.push_str("</code><br>to <code>");
            esc(out, &c.follow_up_frame);
            out.push_str("</code><br>");
            esc(
                out,
                &format!(
                    "changes {}; K = {:.2} on {} source inputs; io-ctf A_{} {:.1}% → {:.1}% with an MR of a class they lack",
                    c.changes.join(", "),
                    c.k_of_source,
                    c.source_inputs,
                    sug.k,
                    sug.a_k * 100.0,
                    c.predicted_a_k * 100.0
                ),
            );
            if !c.templates.is_empty() {
                out.push_str("<br><span class=\"muted\">templates: ");
                esc(out, &c.templates.join(", "));
                out.push_str("</span>");
            }
            out.push_str("</li>");
        }
        out.push_str("</ol>\n");
        if let Some(first) = sug.candidates.first() {
            out.push_str("<p>To start the first one:</p><pre>");
            esc(out, &first.skeleton);
            out.push_str("</pre>\n");
        }
    }
}

/// Source executions whose outputs could not be classified.
pub(super) fn unclassified(out: &mut String, r: &Report) {
    if !r.unclassified_outputs.is_empty() {
        out.push_str("<h2>Outputs not classified</h2>\n<ul>");
        for u in &r.unclassified_outputs {
            out.push_str("<li>");
            esc(out, &u.sentence());
            out.push_str("</li>");
        }
        out.push_str("</ul>\n");
    }
}

/// Violated MGs, with their inputs (shrunk where known) and message.
pub(super) fn violations(out: &mut String, r: &Report) {
    if !r.violations.is_empty() {
        let _ = writeln!(out, "<h2>Violations ({})</h2>\n<ul>", r.violations.len());
        for v in &r.violations {
            out.push_str("<li><code>");
            esc(out, &v.mr);
            out.push_str("</code> at ");
            esc(out, &v.file);
            let _ = write!(out, ":{}; source inputs: <code>", v.line);
            esc(out, &v.sources.join(", "));
            out.push_str("</code>");
            if let Some(minimal) = &v.minimal {
                out.push_str("; minimal (shrunk): <code>");
                esc(out, minimal);
                out.push_str("</code>");
            }
            if let Some(m) = &v.message {
                out.push_str("<br><code>");
                esc(out, m);
                out.push_str("</code>");
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n");
    }
}

/// Tests that did not pass.
pub(super) fn failed_tests(out: &mut String, r: &Report) {
    if !r.failed_tests.is_empty() {
        let _ = writeln!(
            out,
            "<h2>Tests that did not pass ({})</h2>\n<ul>",
            r.failed_tests.len()
        );
        for t in &r.failed_tests {
            out.push_str("<li>");
            esc(out, &t.sentence());
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n");
    }
}

//! The HTML report: a self-contained static site (inline CSS and SVG, one
//! small sorting script, no network), readable from `file://`.
//!
//! - `index.html`: per criterion `A_k`, plain coverage, `|E|`, the `A_j`
//!   sweep as a chart and a table, a sortable per-file table, the top gaps
//!   linked to their lines, relation classes, MRs never associated and
//!   violations;
//! - `gaps.html`: every gap group of every criterion;
//! - `files/<n>-<name>.html`: a file's source, each line shaded by `K` of
//!   its line requirement, other requirements as badges, and under the
//!   first line of each gap what comes closest and what to add.
//!
//! Pure: the caller reads the sources and writes the pages.

mod file;
mod floats;
mod index;
mod lists;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::escape::push_html;
use super::lines;
use super::rows::GapRow;
use super::{ClosestInput, GapGroup, Report};

/// The pages of the site, paths relative to its directory.
#[derive(Debug)]
pub struct HtmlSite {
    pub pages: Vec<(String, String)>,
}

const STYLE: &str = include_str!("style.css");

/// Renders the site. `sources` maps a report path to the file's text; a
/// file without text gets a page listing its requirements by line.
pub fn render_html(report: &Report, sources: &BTreeMap<String, String>) -> HtmlSite {
    let files = lines::by_file(report);
    let names: BTreeMap<&str, String> = files
        .keys()
        .enumerate()
        .map(|(i, f)| (*f, page_name(i, f)))
        .collect();
    let site = Site {
        report,
        names: &names,
    };
    let mut pages = Vec::with_capacity(files.len() + 2);
    pages.push(("index.html".to_owned(), index::index(&site)));
    pages.push(("gaps.html".to_owned(), index::gaps(&site)));
    for (file, lines) in &files {
        let text = sources.get(*file).map(String::as_str);
        pages.push((
            format!("files/{}", names[file]),
            file::page(&site, file, lines, text),
        ));
    }
    HtmlSite { pages }
}

/// What every page needs to know.
struct Site<'a> {
    report: &'a Report,
    /// Report path -> page file name under `files/`.
    names: &'a BTreeMap<&'a str, String>,
}

impl Site<'_> {
    /// Link from `index.html` to a place in a file (`prefix` is "" from
    /// the top level, "../" from a file page).
    fn link(&self, prefix: &str, file: &str, line: u32) -> Option<String> {
        let name = self.names.get(file)?;
        Some(format!("{prefix}files/{name}#L{line}"))
    }
}

/// The pill class of a share (`A_k` of a criterion or a file).
fn share_class(a: f64) -> &'static str {
    if a >= 1.0 {
        "k1"
    } else if a > 0.0 {
        "kp"
    } else {
        "k0"
    }
}

/// `0003-examples_trig_src_lib.rs.html`: unique by index, readable by name.
fn page_name(index: usize, file: &str) -> String {
    let tail: String = file
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let tail: String = tail
        .chars()
        .rev()
        .take(80)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{index:04}-{tail}.html")
}

/// `<!doctype html>` .. `<body>` with the title (escaped) and the style;
/// also the head of the kill matrix page (`cargo mtcov mutants --html`).
pub(crate) fn head(out: &mut String, title: &str) {
    out.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n<title>");
    push_html(out, title);
    out.push_str("</title>\n<style>");
    out.push_str(STYLE);
    out.push_str("</style></head>\n<body>\n");
}

fn esc(out: &mut String, text: &str) {
    push_html(out, text);
}

/// A fraction as a percentage, as the text report prints it.
fn pct(v: f64) -> String {
    super::text::pct(v)
}

/// The CSS class of a `K` value: `k1`, `kp` (partial) or `k0`.
fn k_class(have: u32, k: u32) -> &'static str {
    if have >= k {
        "k1"
    } else if have > 0 {
        "kp"
    } else {
        "k0"
    }
}

/// One gap's explanation: where, what to do, the closest input, its
/// classes and the MRs that would add to them.
///
/// [`gap_brief`] is the same gap of another criterion, whose advice was
/// just given.
/// `text` escaped, its `` `quoted` `` parts as `<code>`.
fn esc_with_code(out: &mut String, text: &str) {
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str("<code>");
            esc(out, part);
            out.push_str("</code>");
        } else {
            esc(out, part);
        }
    }
}

fn gap_detail(out: &mut String, site: &Site<'_>, g: &GapGroup, criterion: &str, prefix: &str) {
    let k = site.report.k;
    let row = GapRow::new(g, k, site.report.counting);
    out.push_str("<div class=\"gap\"><b>");
    esc(out, criterion);
    let _ = write!(out, " gap #{}</b> ", g.rank);
    // Requirements of criteria that are not places in files (black-box
    // criteria) are named by their label alone.
    match site.link(prefix, &g.span.file, g.span.line_start) {
        Some(href) => {
            let _ = write!(out, "<a href=\"{href}\">");
            esc(out, &row.place);
            out.push_str("</a>");
        }
        None => esc(out, &row.place),
    }
    if let Some(label) = &g.span.label {
        out.push_str(" <span class=\"muted\">");
        esc(out, label);
        out.push_str("</span>");
    }
    if let Some(name) = &g.function_name {
        out.push_str(" in <code>");
        esc(out, name);
        out.push_str("</code>");
    }
    if g.cause != super::Cause::BlackBox {
        let _ = write!(
            out,
            " <span class=\"cause\">{}</span>",
            g.cause.kind().name()
        );
    }
    let _ = write!(out, " · {} · ", requirements(g.requirements));
    headline(out, &row, k);
    out.push_str("<br>");
    esc_with_code(out, &g.advice);
    if let Some(skeleton) = g.cause.skeleton() {
        out.push_str("<pre><code>");
        for (i, line) in skeleton.lines().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            esc(out, line);
        }
        out.push_str("</code></pre>");
    } else {
        out.push_str("<br>");
    }
    out.push_str("<span class=\"muted\">");
    esc(out, &row.gain);
    out.push_str("</span>");
    if let Some(classes) = &row.classes {
        out.push_str("<br>");
        esc(out, &sentence(classes));
    }
    if let Some(c) = &g.closest {
        closest_input(out, c, k);
    }
    out.push_str("</div>");
}

/// `up to +4.2% A_k`, or `first use`.
fn headline(out: &mut String, row: &GapRow<'_>, k: u32) {
    esc(out, &row.headline);
    if !row.group.first_use_only() {
        let _ = write!(out, " A<sub>{k}</sub>");
    }
}

fn requirements(n: u32) -> String {
    format!("{n} requirement{}", if n == 1 { "" } else { "s" })
}

/// Words as a sentence: a capital first and a full stop.
fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// A gap's closest source input: its `|S_RO|`, what it needs, and the
/// registered MRs that apply to it and that it has not met.
fn closest_input(out: &mut String, c: &ClosestInput, k: u32) {
    out.push_str("<br>Closest source input <code>");
    esc(out, &c.debug);
    let _ = write!(out, "</code>: |S<sub>RO</sub>| = {} of {k}", c.s_ro);
    if !c.classes.is_empty() {
        out.push_str(" (");
        esc(out, &c.classes.join(", "));
        out.push(')');
    }
    let _ = write!(out, "; needs {} more.", c.needs);
    if !c.candidate_mrs.is_empty() {
        out.push_str(" Registered MRs that apply to it and that it has not met: ");
        for (i, m) in c.candidate_mrs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str("<code>");
            esc(out, &m.id);
            out.push_str("</code> [");
            esc(out, &m.class);
            out.push(']');
        }
        let more = c.candidate_mrs_total as usize - c.candidate_mrs.len();
        if more > 0 {
            let _ = write!(out, " and {more} more");
        }
        out.push('.');
    }
}

/// A gap whose advice (and closest input) is that of `first`, of another
/// criterion, shown just above: only its own numbers.
fn gap_brief(out: &mut String, site: &Site<'_>, g: &GapGroup, criterion: &str, first: &GapGroup) {
    let k = site.report.k;
    let row = GapRow::new(g, k, site.report.counting);
    out.push_str("<div class=\"gap\"><b>");
    esc(out, criterion);
    let _ = write!(
        out,
        " gap #{}</b> · {} · ",
        g.rank,
        requirements(g.requirements)
    );
    headline(out, &row, k);
    out.push_str(" · ");
    if g.span == first.span {
        out.push_str("the same code and advice as above");
    } else {
        out.push_str("the same advice as above, for ");
        esc(out, &row.place);
    }
    out.push_str("</div>");
}

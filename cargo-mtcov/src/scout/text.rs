//! What `scout` prints: per package, the relations found, what became of
//! each, and the code of those kept; and the JSON report.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Relation, Scouted};

/// The JSON report (`--json`), schema in docs/scout.md.
#[derive(Serialize)]
pub(crate) struct Report {
    /// Bumped when a field changes meaning or goes.
    pub version: u32,
    pub packages: Vec<Scouted>,
}

impl Report {
    pub(crate) fn new(packages: Vec<Scouted>) -> Self {
        Report {
            version: 1,
            packages,
        }
    }
}

/// The text report; `ran`: the relations were built and run.
pub(crate) fn render_text(all: &[Scouted], ran: bool) -> String {
    let mut out = String::new();
    for s in all {
        let found = s.relations.len();
        let _ = writeln!(
            out,
            "{}: {} read in {}; {} {} a relation",
            s.package,
            count(s.tests_read as usize, "test", "tests"),
            count(s.files_read as usize, "file", "files"),
            count(found, "assertion", "assertions"),
            if found == 1 { "encodes" } else { "encode" },
        );
        if !s.files_not_parsed.is_empty() {
            let _ = writeln!(
                out,
                "  not read ({} syn cannot parse): {}",
                count(s.files_not_parsed.len(), "file", "files"),
                s.files_not_parsed.join(", ")
            );
        }
        for r in &s.relations {
            let _ = writeln!(
                out,
                "  {}:{} {}  {}  `{}`",
                r.file, r.line, r.test, r.class, r.function
            );
            let _ = writeln!(out, "      {}", r.assertion);
            let _ = writeln!(out, "      {}", verdict(r, ran));
        }
        if ran {
            let kept = s.relations.iter().filter(|r| r.kept).count();
            let compiled = s
                .relations
                .iter()
                .filter(|r| r.compiles == Some(true))
                .count();
            let codified = s.relations.iter().filter(|r| r.name.is_some()).count();
            let _ = writeln!(
                out,
                "  {} of {found} codified, {compiled} compile, {kept} hold on every input they ran on",
                codified
            );
        }
        match &s.written {
            Some(path) => {
                let kept = s.relations.iter().filter(|r| r.kept || !ran).count();
                let _ = writeln!(
                    out,
                    "  wrote {} to {}",
                    count(kept, "relation", "relations"),
                    path.display()
                );
                if let Some(note) = &s.note {
                    let _ = writeln!(out, "  note: {note}");
                }
                if let Some(added) = &s.added {
                    added_lines(&mut out, added, &s.package);
                }
            }
            None => {
                let first = s
                    .relations
                    .iter()
                    .find(|r| r.kept || (!ran && r.code.is_some()));
                if let Some(code) = first.and_then(|r| r.code.as_deref()) {
                    let _ = writeln!(
                        out,
                        "\n  The first, to paste (all with --write FILE or --json):"
                    );
                    for line in code.lines() {
                        let _ = writeln!(out, "    {line}");
                    }
                }
            }
        }
        out.push('\n');
    }
    out
}

/// What the written relations add, per criterion.
fn added_lines(out: &mut String, a: &super::added::Added, package: &str) {
    let k = a.k;
    let _ = writeln!(
        out,
        "  what they add (cargo mtcov -p {package} --k {k}): MRs {} → {}, classes {} → {}",
        a.mrs.0, a.mrs.1, a.classes.0, a.classes.1
    );
    let pct = |v: f64| format!("{:.1}%", v * 100.0);
    for c in &a.criteria {
        let with = &c.with;
        let before = match &c.without {
            Some(w) => format!("{} ({}/{})", pct(w.a_k), w.a_k_numerator, w.a_k_denominator),
            None => "no MR".to_owned(),
        };
        let mc = match (
            c.without.and_then(|w| w.metamorphic_coverage),
            with.metamorphic_coverage,
        ) {
            (Some(b), Some(a)) => format!("; Metamorphic Coverage {} → {}", pct(b), pct(a)),
            (None, Some(a)) => format!("; Metamorphic Coverage {}", pct(a)),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "    {}: A_{k} {before} → {} ({}/{}){mc}",
            c.criterion,
            pct(with.a_k),
            with.a_k_numerator,
            with.a_k_denominator
        );
    }
    match &a.kills {
        Some(kills) => {
            let _ = writeln!(
                out,
                "    kills (the last kill matrix, {} mutants): {} → {}, {} only theirs",
                kills.mutants, kills.without, kills.with, kills.only_theirs
            );
        }
        None => {
            let _ = writeln!(
                out,
                "    kills: the last kill matrix does not hold them (`cargo mtcov mutants -p \
                 {package}`, then `scout --measure` again)"
            );
        }
    }
}

/// What became of one relation, in words.
fn verdict(r: &Relation, ran: bool) -> String {
    let Some(name) = &r.name else {
        return format!(
            "not codified: {}",
            r.reason.as_deref().unwrap_or("unknown reason")
        );
    };
    let ty = r.input_type.as_deref().unwrap_or("?");
    if !ran {
        return format!("codified as `{name}` over `{ty}` (not built or run: --no-run)");
    }
    if r.compiles == Some(false) {
        return format!(
            "codified as `{name}` over `{ty}`, which {}",
            r.reason.as_deref().unwrap_or("does not compile")
        );
    }
    if r.kept {
        let generated = match r.holds_on_generated {
            Some(true) => " and on generated inputs",
            _ => " (its type has no strategy: no generated inputs)",
        };
        return format!("kept as `{name}` over `{ty}`: holds on its test's input{generated}");
    }
    match &r.broke_on {
        Some(input) => format!(
            "not kept: `{name}` {} {input} (meant for its test's input alone, or a bug)",
            r.reason.as_deref().unwrap_or("broke on")
        ),
        None => format!(
            "not kept: `{name}` {}",
            r.reason.as_deref().unwrap_or("did not run")
        ),
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

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

//! LCOV tracefile (`lcov.info`), for genhtml, editor gutters and coverage
//! services. The mapping, documented in `docs/report-formats.md`:
//!
//! - `DA:<line>,<n>`: `n` = distinct source inputs covering the line
//!   (0 = uncovered).
//! - `k` synthetic branches per line in block 0, `BRDA:<line>,0,<j>,<t>`
//!   for `j = 0..k`: `t = 1` for each relation class the line's closest
//!   input has (up to `k`), `0` for each one it lacks, `-` on an uncovered
//!   line. So a line below `K = 1` is "partially covered" in every viewer,
//!   and genhtml's branch total is exactly `A_k`'s numerator over its
//!   denominator.
//! - Real branch outcomes (`--branch`) in block 1: `BRDA:<line>,1,<j>,<n>`
//!   with `n` covering inputs.
//! - Functions (`--criterion function`): `FN:<line>,<name>` and
//!   `FNDA:<n>,<name>`.

use std::fmt::Write as _;
use std::path::Path;

use crate::model::Criterion;

use super::Report;
use super::escape::lcov as esc;
use super::lines;

/// The tracefile. Paths are made absolute against `root` (the workspace
/// root: report paths are relative to it) so any tool finds the sources.
pub fn render_lcov(report: &Report, root: &Path) -> String {
    let k = report.k;
    let mut out = String::new();
    for (file, lines) in lines::by_file(report) {
        let _ = writeln!(out, "TN:");
        let _ = writeln!(out, "SF:{}", esc(&root.join(file).display().to_string()));
        let functions: Vec<_> = lines
            .others
            .values()
            .flatten()
            .filter(|o| o.criterion == Criterion::Function)
            .collect();
        for f in &functions {
            let name = esc(f.req.location.label.as_deref().unwrap_or("?"));
            let _ = writeln!(out, "FN:{},{name}", f.req.location.line_start);
        }
        for f in &functions {
            let name = esc(f.req.location.label.as_deref().unwrap_or("?"));
            let _ = writeln!(out, "FNDA:{},{name}", f.req.inputs);
        }
        if !functions.is_empty() {
            let hit = functions.iter().filter(|f| f.req.inputs > 0).count();
            let _ = writeln!(out, "FNF:{}\nFNH:{hit}", functions.len());
        }
        let (mut found, mut hit) = (0u64, 0u64);
        for l in &lines.lines {
            for j in 0..k {
                let taken = if l.inputs == 0 {
                    "-"
                } else if j < l.have {
                    "1"
                } else {
                    "0"
                };
                let _ = writeln!(out, "BRDA:{},0,{j},{taken}", l.line);
            }
            found += u64::from(k);
            hit += u64::from(if l.inputs == 0 { 0 } else { l.have });
        }
        for (line, others) in &lines.others {
            let branches = others.iter().filter(|o| o.criterion == Criterion::Branch);
            for (j, b) in branches.enumerate() {
                let taken = if b.req.inputs == 0 {
                    "-".to_owned()
                } else {
                    b.req.inputs.to_string()
                };
                let _ = writeln!(out, "BRDA:{line},1,{j},{taken}");
                found += 1;
                hit += u64::from(b.req.inputs > 0);
            }
        }
        if found > 0 {
            let _ = writeln!(out, "BRF:{found}\nBRH:{hit}");
        }
        for l in &lines.lines {
            let _ = writeln!(out, "DA:{},{}", l.line, l.inputs);
        }
        let covered = lines.lines.iter().filter(|l| l.inputs > 0).count();
        let _ = writeln!(out, "LF:{}\nLH:{covered}", lines.lines.len());
        let _ = writeln!(out, "end_of_record");
    }
    out
}

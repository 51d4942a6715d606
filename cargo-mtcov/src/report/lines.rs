//! The per-line view that line-based formats (HTML, LCOV, Cobertura,
//! Codecov) share: per file, per source line, `K` of the line requirement
//! and how many source inputs cover it, plus the other code requirements
//! that start on the line. Criteria without source locations (anything
//! but line, region, branch and function) have no place in it.

use std::collections::BTreeMap;

use crate::model::Criterion;

use super::{Report, RequirementK};

/// One source line with a line requirement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub line: u32,
    /// Distinct source inputs that cover it (0: uncovered).
    pub inputs: u32,
    /// `min(|S_RO|, k)` of its closest input: `K = have / k`.
    pub have: u32,
    /// Index into `Report::sources` of the closest input.
    pub closest: Option<u32>,
    /// How many times the test processes ran it; `None` when not known.
    pub runs: Option<u64>,
}

/// A requirement of another code criterion, with its criterion.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Other<'a> {
    pub criterion: Criterion,
    pub req: &'a RequirementK,
}

/// One file's lines, in line order, and its other requirements by their
/// first line.
#[derive(Debug, Default)]
pub(crate) struct FileLines<'a> {
    pub lines: Vec<Line>,
    pub others: BTreeMap<u32, Vec<Other<'a>>>,
}

/// Files by path. Lines come from the line criterion (empty when it was
/// not measured); `others` from every other code criterion.
pub(crate) fn by_file(report: &Report) -> BTreeMap<&str, FileLines<'_>> {
    let k = report.k;
    let mut files: BTreeMap<&str, FileLines<'_>> = BTreeMap::new();
    for c in report
        .criteria
        .iter()
        .filter(|c| !c.criterion.is_black_box())
    {
        for req in &c.requirements {
            let file = files.entry(req.location.file.as_str()).or_default();
            if c.criterion == Criterion::Line {
                file.lines.push(Line {
                    line: req.location.line_start,
                    inputs: req.inputs,
                    have: req.s_ro.min(k),
                    closest: req.closest,
                    runs: req.runs,
                });
            } else {
                file.others
                    .entry(req.location.line_start)
                    .or_default()
                    .push(Other {
                        criterion: c.criterion,
                        req,
                    });
            }
        }
    }
    for file in files.values_mut() {
        file.lines.sort_by_key(|l| l.line);
        // One entry per line: the best of any duplicates.
        file.lines.dedup_by(|b, a| {
            if a.line != b.line {
                return false;
            }
            let runs = a.runs.max(b.runs);
            if (b.have, b.inputs) > (a.have, a.inputs) {
                *a = *b;
            }
            a.runs = runs;
            true
        });
    }
    files
}

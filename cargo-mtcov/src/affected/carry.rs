//! What an `--affected` run that reran nothing hands to the report, so
//! that the last run's kept evaluation is moved to the new build
//! (`coverage::carry`) instead of evaluated again from every record.
//!
//! Nothing reran, so no kept process ran a function the change is inside
//! (`decide`): in every counter vector those functions count zero, in
//! the old build and the new. A requirement every unchanged function
//! left alone is then covered by no one, and one an unchanged function
//! counts is covered exactly as before, at its place moved by the diff.
//! Lines need one more fact: llvm-cov's line view merges the regions of
//! every function on a line, and zero-count regions of one function can
//! change what another's lines show; so a changed function must share no
//! line with an unchanged one, in the old build (checked here) and in the
//! new (checked on its line views).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use llvm_profparser::coverage::CoverageMappingInfo;

use super::changes::OldLines;
use crate::mapping::decode::record_spans;
use crate::patch::LineShift;
use crate::run::last_run::LastRun;

/// The base run and the change, for `coverage::carry`.
pub(crate) struct Carry {
    /// The base run: its kept evaluation is read before the new run's
    /// records replace its record directory.
    pub(crate) base: LastRun,
    /// Per changed file (absolute path): where each new line was.
    pub(crate) shifts: HashMap<PathBuf, LineShift>,
    pub(crate) names: Names,
}

/// The functions of the old build by NameRef: those a change is inside
/// (in any binary), and all. `None`: nothing changed.
pub(crate) struct Names(Option<(HashSet<u64>, HashSet<u64>)>);

impl Carry {
    /// After a change of no function's code (none, or comments and
    /// whitespace that move lines by `shifts`).
    pub(crate) fn unchanged_build(base: LastRun, shifts: HashMap<PathBuf, LineShift>) -> Carry {
        Carry {
            base,
            shifts,
            names: Names(None),
        }
    }

    /// After the change `files` (in the old version's lines) to the old
    /// build whose mappings are `infos` (a binary's each; functions no
    /// binary uses included), or `Err(why)` when it cannot be carried: a
    /// changed function shares a line with an unchanged one.
    pub(crate) fn new(
        base: LastRun,
        shifts: HashMap<PathBuf, LineShift>,
        infos: &[CoverageMappingInfo],
        files: &HashMap<PathBuf, OldLines>,
    ) -> Result<Carry, String> {
        let mut names = HashSet::new();
        let mut changed_names = HashSet::new();
        for info in infos {
            let mut paths: HashMap<u64, Vec<PathBuf>> = HashMap::new();
            for rec in &info.cov_fun {
                paths
                    .entry(rec.header.filenames_ref)
                    .or_insert_with(|| info.get_files_from_id(rec.header.filenames_ref));
            }
            let mut functions: Vec<Function<'_>> = info
                .cov_fun
                .iter()
                .map(|rec| {
                    let spans = record_spans(rec, &paths[&rec.header.filenames_ref]);
                    let changed = spans.iter().any(|(file, span)| {
                        files.get(*file).is_some_and(|lines| lines.inside(*span))
                    });
                    Function {
                        name_ref: rec.header.name_hash,
                        spans,
                        changed,
                    }
                })
                .collect();
            // A function inside a changed one (a closure, a nested item)
            // ran only if that one did, as far as the last run can tell:
            // it is changed too (one that ran anyway is found when the
            // evaluation is carried, and stops the carry).
            let mut changed_spans: HashMap<&PathBuf, Vec<Span>> = HashMap::new();
            for f in functions.iter().filter(|f| f.changed) {
                for &(file, span) in &f.spans {
                    changed_spans.entry(file).or_default().push(span);
                }
            }
            for f in functions.iter_mut().filter(|f| !f.changed) {
                f.changed = f.spans.iter().any(|(file, (a, b))| {
                    changed_spans
                        .get(file)
                        .is_some_and(|spans| spans.iter().any(|(c, d)| c <= a && b <= d))
                });
            }
            let mut unchanged_spans: HashMap<&PathBuf, Vec<Span>> = HashMap::new();
            for f in &functions {
                names.insert(f.name_ref);
                if f.changed {
                    changed_names.insert(f.name_ref);
                } else {
                    for &(file, span) in &f.spans {
                        unchanged_spans.entry(file).or_default().push(span);
                    }
                }
            }
            for (file, changed) in &changed_spans {
                let unchanged = unchanged_spans.get(file).map_or(&[][..], Vec::as_slice);
                if let Some(line) = shared_line(changed, unchanged) {
                    return Err(format!(
                        "{}:{line} holds a changed function and an unchanged one",
                        file.display()
                    ));
                }
            }
        }
        Ok(Carry {
            base,
            shifts,
            names: Names(Some((changed_names, names))),
        })
    }
}

impl Names {
    /// Whether the new build's function `name_ref` is one of the old
    /// build's that no change is inside (a new function is not; a name
    /// the old build gave a changed function and an unchanged one is
    /// changed).
    pub(crate) fn unchanged(&self, name_ref: u64) -> bool {
        match &self.0 {
            None => true,
            Some((changed, all)) => all.contains(&name_ref) && !changed.contains(&name_ref),
        }
    }
}

/// Lines of a file, first and last.
type Span = (u32, u32);

/// A function of the old build: its NameRef, its lines in each file, and
/// whether it is changed.
struct Function<'p> {
    name_ref: u64,
    spans: Vec<(&'p PathBuf, Span)>,
    changed: bool,
}

/// A line both a span of `with` and one of `without` hold, if any.
fn shared_line(with: &[Span], without: &[Span]) -> Option<u32> {
    with.iter().find_map(|&(a, b)| {
        without
            .iter()
            .find(|&&(c, d)| a <= d && c <= b)
            .map(|&(c, _)| a.max(c))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn spans_share_a_line_when_they_overlap() {
        assert_eq!(super::shared_line(&[(10, 20)], &[(1, 9), (21, 30)]), None);
        assert_eq!(super::shared_line(&[(10, 20)], &[(1, 10)]), Some(10));
        assert_eq!(super::shared_line(&[(10, 20)], &[(12, 14)]), Some(12));
        assert_eq!(super::shared_line(&[], &[(12, 14)]), None);
    }
}

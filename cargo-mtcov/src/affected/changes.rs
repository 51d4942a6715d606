//! Which functions a diff changes, read off the old build's coverage
//! mappings: a function is changed when a line the diff removes or
//! changes, or a point where it inserts lines, lies inside the lines its
//! regions span (the closures and macro expansions in it included).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use llvm_profparser::coverage::CoverageMappingInfo;

use crate::mapping::build::is_dummy;
use crate::mapping::decode::record_spans as spans;

/// What the diff does to one file of the old version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct OldLines {
    /// Lines removed or changed.
    pub removed: BTreeSet<u32>,
    /// Lines after which lines are only inserted.
    pub inserted_after: BTreeSet<u32>,
}

impl OldLines {
    /// Whether a change lies inside `first..=last`: a removed line in it,
    /// or an insertion between two of its lines.
    pub(super) fn inside(&self, (first, last): (u32, u32)) -> bool {
        self.removed.range(first..=last).next().is_some()
            || (last > first && self.inserted_after.range(first..last).next().is_some())
    }

    /// The changes no span of `spans` holds: where they are, for messages.
    fn outside(&self, spans: &[(u32, u32)]) -> Option<u32> {
        let held = |line: u32, insertion: bool| {
            spans.iter().any(|&(first, last)| {
                if insertion {
                    first <= line && line < last
                } else {
                    first <= line && line <= last
                }
            })
        };
        self.removed
            .iter()
            .find(|&&l| !held(l, false))
            .or_else(|| self.inserted_after.iter().find(|&&l| !held(l, true)))
            .copied()
    }
}

/// Whether the Rust sources `old` and `new` hold the same tokens: they
/// differ in comments and whitespace only (a doc comment is an attribute,
/// a token, which a macro can read). No code changes, only lines move.
pub(crate) fn same_tokens(old: &str, new: &str) -> bool {
    match (
        old.parse::<proc_macro2::TokenStream>(),
        new.parse::<proc_macro2::TokenStream>(),
    ) {
        (Ok(old), Ok(new)) => old.to_string() == new.to_string(),
        _ => false,
    }
}

/// A function by its NameRef and structural hash, as the profiler's
/// function table names it.
pub(crate) type FunctionKey = (u64, u64);

/// The functions of `infos` (one binary's mappings) that the changes to
/// `files` (absolute paths) lie inside, with their symbol names.
pub(crate) fn changed_functions(
    infos: &[CoverageMappingInfo],
    files: &HashMap<PathBuf, OldLines>,
) -> HashMap<FunctionKey, String> {
    let mut changed = HashMap::new();
    for info in infos {
        let mut paths: HashMap<u64, Vec<PathBuf>> = HashMap::new();
        for rec in info.cov_fun.iter().filter(|r| !is_dummy(r)) {
            let paths = paths
                .entry(rec.header.filenames_ref)
                .or_insert_with(|| info.get_files_from_id(rec.header.filenames_ref));
            let hit = spans(rec, paths)
                .iter()
                .any(|(file, span)| files.get(*file).is_some_and(|lines| lines.inside(*span)));
            if hit {
                let name = info
                    .prof_names
                    .get(&rec.header.name_hash)
                    .cloned()
                    .unwrap_or_else(|| format!("{:016x}", rec.header.name_hash));
                changed.insert((rec.header.name_hash, rec.header.fn_hash), name);
            }
        }
    }
    changed
}

/// The first change of `files` that lies outside every function whose
/// own file it is in `infos` (a binary's and the member libraries'
/// mappings, unused functions included): `(file, line)`. A file no
/// mapping names at all is outside too (line 0).
pub(crate) fn outside_functions<'f>(
    infos: &[CoverageMappingInfo],
    files: &'f HashMap<PathBuf, OldLines>,
) -> Option<(&'f Path, u32)> {
    // Per changed file, the spans of the functions defined in it.
    let mut own: HashMap<&Path, Vec<(u32, u32)>> = HashMap::new();
    for info in infos {
        let mut paths: HashMap<u64, Vec<PathBuf>> = HashMap::new();
        for rec in &info.cov_fun {
            let paths = paths
                .entry(rec.header.filenames_ref)
                .or_insert_with(|| info.get_files_from_id(rec.header.filenames_ref));
            let Some(main) = rec.regions.first().and_then(|r| paths.get(r.file_id)) else {
                continue;
            };
            let Some((path, _)) = files.get_key_value(main) else {
                continue;
            };
            if let Some((_, span)) = spans(rec, paths).into_iter().find(|(f, _)| *f == main) {
                own.entry(path.as_path()).or_default().push(span);
            }
        }
    }
    let mut sorted: Vec<(&PathBuf, &OldLines)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    sorted
        .into_iter()
        .find_map(|(path, lines)| match own.get(path.as_path()) {
            None => Some((path.as_path(), 0)),
            Some(spans) => lines.outside(spans).map(|line| (path.as_path(), line)),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(removed: &[u32], inserted_after: &[u32]) -> OldLines {
        OldLines {
            removed: removed.iter().copied().collect(),
            inserted_after: inserted_after.iter().copied().collect(),
        }
    }

    #[test]
    fn comments_and_whitespace_are_no_change_of_tokens() {
        let old = "/// Doc.\nfn f() -> u8 {\n    1 + 2\n}\n";
        let moved = "// A note.\n\n/// Doc.\nfn f() -> u8 {\n    1 +  2 // three\n}\n";
        assert!(same_tokens(old, moved));
        // A doc comment is an attribute; an operator split is two.
        assert!(!same_tokens(
            old,
            "/// Docs.\nfn f() -> u8 {\n    1 + 2\n}\n"
        ));
        assert!(!same_tokens("a += 1;", "a + = 1;"));
        // A comment-like line inside a string is the string.
        assert!(!same_tokens("\"a\n// b\"", "\"a\n// c\""));
        // What does not lex is a change.
        assert!(!same_tokens("fn f() {", "fn f() {"));
    }

    #[test]
    fn a_change_is_inside_a_span_or_outside_all() {
        let body = (10, 20);
        assert!(lines(&[10], &[]).inside(body));
        assert!(lines(&[20], &[]).inside(body));
        assert!(!lines(&[21], &[]).inside(body));
        // Inserted between lines 19 and 20: inside; after 20: not.
        assert!(lines(&[], &[19]).inside(body));
        assert!(!lines(&[], &[20]).inside(body));
        assert!(!lines(&[], &[9]).inside(body));
        let spans = [(1, 3), (10, 20)];
        assert_eq!(lines(&[2, 15], &[12]).outside(&spans), None);
        assert_eq!(lines(&[2, 5], &[]).outside(&spans), Some(5));
        assert_eq!(lines(&[], &[3]).outside(&spans), Some(3));
    }
}

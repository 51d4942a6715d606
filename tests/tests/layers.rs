//! The module picture of cargo-mtcov and mt-runtime stays the one
//! `docs/how-it-works.md` draws: every `crate::` path in a module's
//! sources (tests aside) names a module on a lower line of its crate's
//! `layers` block; and every process cargo-mtcov starts goes through its
//! one launcher.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A crate's layers: each module's (0 is the bottom) and unit (modules
/// joined by `+` share one).
fn layers(crate_name: &str) -> BTreeMap<String, (usize, usize)> {
    let doc = std::fs::read_to_string(root().join("docs/how-it-works.md")).unwrap();
    let start = format!("```layers {crate_name}\n");
    let at = doc
        .find(&start)
        .unwrap_or_else(|| panic!("docs/how-it-works.md has no `{start}` block"));
    let block = &doc[at + start.len()..];
    parse(&block[..block.find("```").expect("the block ends")])
}

fn parse(block: &str) -> BTreeMap<String, (usize, usize)> {
    let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut rank = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        for unit in line.split_whitespace() {
            let place = (lines.len() - 1 - i, rank.len());
            for module in unit.split('+') {
                assert!(
                    rank.insert(module.to_owned(), place).is_none(),
                    "{module} is listed twice"
                );
            }
        }
    }
    rank
}

/// The Rust sources under `src`, tests left out (`tests.rs`, a `tests`
/// folder, a trailing `#[cfg(test)] mod tests`, of any visibility): each path relative to
/// `src`, and its text.
fn sources(src: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().to_path_buf();
            let is_test = relative.file_name().is_some_and(|f| f == "tests.rs")
                || relative.components().any(|c| c.as_os_str() == "tests");
            if path.extension().is_none_or(|e| e != "rs") || is_test {
                continue;
            }
            let mut text = std::fs::read_to_string(&path).unwrap();
            let test_module = ["mod tests", "pub(super) mod tests", "pub(crate) mod tests"]
                .iter()
                .filter_map(|m| text.find(&format!("#[cfg(test)]\n{m}")))
                .min();
            if let Some(at) = test_module {
                text.truncate(at);
            }
            found.push((relative, text));
        }
    }
    found.sort();
    found
}

/// The top-level modules each module's sources name through `crate::`,
/// comments and `#[cfg(test)] mod tests` left out.
fn uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (relative, text) in sources(src) {
        let module = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_owned();
        if module == "lib" || module == "main" {
            continue;
        }
        let named = uses.entry(module.clone()).or_default();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                rest = &rest[at + "crate::".len()..];
                // `crate::{a, b::c}` names several.
                let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                    group[..group.find('}').unwrap_or(group.len())]
                        .split(',')
                        .collect()
                } else {
                    vec![rest]
                };
                for name in names {
                    let name: String = name
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module {
                        named.insert(name);
                    }
                }
            }
        }
    }
    uses
}

/// What breaks the layers: a module in none, a module naming one not
/// below it, a listed module that does not exist.
fn violations(
    rank: &BTreeMap<String, (usize, usize)>,
    uses: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, named) in uses {
        let Some(&own) = rank.get(module) else {
            wrong.push(format!("{module} is in no layer"));
            continue;
        };
        for other in named.iter().filter(|n| uses.contains_key(*n)) {
            // Above, or beside it on its line outside its unit.
            if rank
                .get(other)
                .is_some_and(|&theirs| theirs.0 > own.0 || (theirs.0 == own.0 && theirs.1 != own.1))
            {
                wrong.push(format!("{module} uses {other}, which is not below it"));
            }
        }
    }
    for module in rank.keys().filter(|m| !uses.contains_key(*m)) {
        wrong.push(format!("{module} is listed but is no module"));
    }
    wrong
}

fn check(crate_name: &str, src: &str) {
    let wrong = violations(&layers(crate_name), &uses(&root().join(src)));
    assert!(
        wrong.is_empty(),
        "{crate_name}'s modules ({src}) do not follow docs/how-it-works.md's layers:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn cargo_mtcov_stages_point_down() {
    check("cargo-mtcov", "cargo-mtcov/src");
}

#[test]
fn mt_runtime_modules_point_down() {
    check("mt-runtime", "mt-runtime/src");
}

#[test]
fn upward_and_sideways_uses_are_named() {
    let rank = parse("top\nleft right\njoined+other\nbottom\n");
    let uses = |pairs: &[(&str, &[&str])]| -> BTreeMap<String, BTreeSet<String>> {
        pairs
            .iter()
            .map(|(m, named)| (m.to_string(), named.iter().map(|n| n.to_string()).collect()))
            .collect()
    };
    let fine = uses(&[
        ("top", &["left", "bottom"]),
        ("left", &["joined"]),
        ("right", &[]),
        ("joined", &["other", "bottom"]),
        ("other", &["joined"]),
        ("bottom", &[]),
    ]);
    assert_eq!(violations(&rank, &fine), Vec::<String>::new());
    let wrong = uses(&[
        ("top", &[]),
        ("left", &["right"]),
        ("right", &[]),
        ("joined", &["top"]),
        ("bottom", &[]),
        ("stray", &[]),
    ]);
    assert_eq!(
        violations(&rank, &wrong),
        [
            "joined uses top, which is not below it",
            "left uses right, which is not below it",
            "stray is in no layer",
            "other is listed but is no module",
        ]
    );
}

/// Files of `src` (tests aside) but `allowed` that build a
/// `std::process::Command` themselves.
fn commands_outside(src: &Path, allowed: &str) -> Vec<String> {
    sources(src)
        .into_iter()
        .filter(|(relative, _)| relative != Path::new(allowed))
        .filter(|(_, text)| {
            text.match_indices("Command::new").any(|(at, _)| {
                text[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
            })
        })
        .map(|(relative, _)| relative.display().to_string())
        .collect()
}

/// Every process cargo-mtcov starts goes through `process::ProcessBuilder`,
/// which shows it under `-v`.
#[test]
fn every_process_starts_through_the_process_builder() {
    let src = root().join("cargo-mtcov/src");
    assert_eq!(
        commands_outside(&src, "process.rs"),
        Vec::<String>::new(),
        "these build a std::process::Command: use crate::process::ProcessBuilder"
    );
    // The check sees one: process.rs itself.
    assert_eq!(commands_outside(&src, "lib.rs"), ["process.rs"]);
}

/// No source file of the crates holds more than 600 lines of code outside
/// its tests: a longer one splits where its logic divides.
#[test]
fn no_source_file_is_over_600_lines_of_non_test_code() {
    let mut long = Vec::new();
    for krate in ["cargo-mtcov", "mt-runtime", "mt-macros", "mtcov-protocol"] {
        for (relative, text) in sources(&root().join(krate).join("src")) {
            let lines = text.lines().count();
            if lines > 600 {
                long.push(format!("{krate}/src/{}: {lines}", relative.display()));
            }
        }
    }
    assert!(long.is_empty(), "over 600 lines of non-test code: {long:?}");
}

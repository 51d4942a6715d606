//! `cargo mtcov --affected HEAD~1` on `tests/fixtures/library`, shaped like
//! a real library: 100 plain unit tests in five modules (one binary
//! without MRs, a process and a profile each) beside ten MRs in one
//! `check` test (and one more unit test, added here). After each change
//! of a git history — a line inside a function two MRs and five unit
//! tests run, a function no test runs (in place, and grown by a line above
//! a tested one), comments above tested functions (for these three
//! nothing reruns and the last run's evaluation is carried to the new
//! build), a new branch, a changed `const`, a changed MR, an untracked scratch file,
//! a report written into the tree — exactly the unit tests and MGs the
//! rule selects rerun (asserted by name), and the report (text and JSON)
//! is a full rerun's byte for byte.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::common::{
    assert_exit, copy_fixture, git, mtcov_command, stderr, stdout, workspace_root,
};

const MRS: &str = "library::relations relations_hold";

/// Appended to `src/unused.rs`: a function one unit test runs.
const SMALLER: &str = "
/// The smaller of two numbers.
pub fn smaller(a: u64, b: u64) -> u64 {
    if a < b { a } else { b }
}

#[cfg(test)]
mod tests {
    #[test]
    fn smaller_picks_the_smaller() {
        assert_eq!(super::smaller(2, 3), 2);
    }
}
";

/// The unit tests of `module` whose names start with `prefix`, as the
/// `affected` summary names them.
fn unit(module: &str, names: &[&str]) -> Vec<String> {
    names
        .iter()
        .map(|n| format!("library {module}::tests::{n}"))
        .collect()
}

fn dedent_tests() -> Vec<String> {
    unit(
        "indent",
        &[
            "dedent_blank_lines",
            "dedent_common",
            "dedent_empty",
            "dedent_nothing",
            "dedent_uneven",
        ],
    )
}

fn title_tests() -> Vec<String> {
    unit(
        "case",
        &[
            "title_digit",
            "title_empty",
            "title_mixed",
            "title_newline",
            "title_one",
            "title_single_letters",
            "title_spaces",
            "title_tab",
            "title_two",
            "title_unicode",
            "title_upper",
        ],
    )
}

/// One change: its commit message, the file, the text replaced and its
/// replacement, the unit tests and MR test that rerun, the MGs that rerun
/// in a test whose others are kept, and whether every test reruns.
struct Step {
    name: &'static str,
    file: &'static str,
    from: &'static str,
    to: &'static str,
    rerun: Vec<String>,
    groups: u64,
    everything: bool,
    /// Whether nothing reran and the last run's evaluation was carried to
    /// the new build (not evaluated again).
    carried: bool,
}

fn edit(project: &Path, file: &str, from: &str, to: &str) {
    let path = project.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from:?} not in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// The text report without its `--affected` line, the JSON report without
/// its `affected` field, and that field.
fn reports(out: &Output, json: &Path) -> (String, Value, Value) {
    let text: String = stdout(out)
        .lines()
        .filter(|l| !l.starts_with("--affected "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut value: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let affected = value
        .as_object_mut()
        .unwrap()
        .remove("affected")
        .unwrap_or(Value::Null);
    (text, value, affected)
}

fn names(notes: &Value) -> Vec<String> {
    notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            format!(
                "{} {}",
                n["binary"].as_str().unwrap(),
                n["test"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn a_library_reruns_only_the_unit_tests_and_mgs_a_change_reaches() {
    let project = copy_fixture("library");
    let dir = project.path();
    let target = workspace_root().join("target/cli-fixtures/library");
    let json = dir.join("report.json");
    let json_arg = format!("--json={}", json.display());
    let mtcov = |args: &[&str]| {
        let out = mtcov_command(dir, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        out
    };
    std::fs::write(dir.join(".gitignore"), "/report.json\n").unwrap();
    // A tested function below the one no test runs, so that lines added
    // there move it.
    let unused = dir.join("src/unused.rs");
    let text = std::fs::read_to_string(&unused).unwrap();
    std::fs::write(&unused, format!("{text}{SMALLER}")).unwrap();
    git(dir, &["init", "-q"]);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "base"]);
    let first = mtcov(&[&json_arg]);
    let err = stderr(&first);
    assert!(
        err.contains("101 tests, one process each (no MRs)"),
        "{err}"
    );
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "lock file"]);

    let steps = [
        Step {
            name: "a line inside a function two MRs and five unit tests run",
            file: "src/indent.rs",
            from: "        .map(|line| line.get(common..).unwrap_or(\"\"))\n",
            to: "        .map(|line| line.get(common..).unwrap_or_default())\n",
            rerun: [dedent_tests(), vec![MRS.to_owned()]].concat(),
            groups: 12,
            everything: false,
            carried: false,
        },
        Step {
            name: "a function no test runs",
            file: "src/unused.rs",
            from: "if a > b { a } else { b }",
            to: "if a >= b { a } else { b }",
            rerun: Vec::new(),
            groups: 0,
            everything: false,
            carried: true,
        },
        Step {
            name: "a line added to a function no test runs, above one a test runs",
            file: "src/unused.rs",
            from: "    if a >= b { a } else { b }\n",
            to: "    let b = b.min(u64::MAX);\n    if a >= b { a } else { b }\n",
            rerun: Vec::new(),
            groups: 0,
            everything: false,
            carried: true,
        },
        Step {
            name: "a comment and a blank line above tested functions",
            file: "src/stats.rs",
            from: "/// The length of the longest word",
            to: "// Words as `split` cuts them.\n\n/// The length of the longest word",
            rerun: Vec::new(),
            groups: 0,
            everything: false,
            carried: true,
        },
        Step {
            name: "a new branch",
            file: "src/case.rs",
            from: "    let mut out = String::with_capacity(text.len());\n",
            to: "    if text.is_empty() {\n        return String::new();\n    }\n    let mut out = String::with_capacity(text.len());\n",
            rerun: [title_tests(), vec![MRS.to_owned()]].concat(),
            groups: 6,
            everything: false,
            carried: false,
        },
        Step {
            name: "a changed const",
            file: "src/indent.rs",
            from: "pub const PREFIX: &str = \"    \";",
            to: "pub const PREFIX: &str = \"\\x20\\x20\\x20\\x20\";",
            rerun: Vec::new(),
            groups: 0,
            everything: true,
            carried: false,
        },
    ];
    let mut all: Vec<String> = Vec::new();
    for step in &steps {
        let Step {
            name,
            file,
            from,
            to,
            rerun,
            groups,
            everything,
            carried,
        } = step;
        edit(dir, file, from, to);
        git(dir, &["commit", "-q", "-a", "-m", name]);
        let out = mtcov(&["-v", "--affected", "HEAD~1", &json_arg]);
        assert_eq!(
            stderr(&out).contains("the last run's evaluation carried to the new build"),
            *carried,
            "{name}: {}",
            stderr(&out)
        );
        let (text, value, affected) = reports(&out, &json);
        let reran = names(&affected["rerun"]);
        let kept = names(&affected["kept"]);
        if all.is_empty() {
            all = [reran.clone(), kept.clone()].concat();
            all.sort();
            assert_eq!(all.len(), 102, "{affected:#}");
        }
        if *everything {
            assert_eq!(reran, all, "{name}: {affected:#}");
            assert!(affected["everything"].is_string(), "{name}: {affected:#}");
        } else {
            assert_eq!(&reran, rerun, "{name}: {affected:#}");
            assert!(affected["everything"].is_null(), "{name}: {affected:#}");
            assert_eq!(kept.len(), 102 - rerun.len(), "{name}: {affected:#}");
        }
        assert_eq!(affected["rerun_groups"], *groups, "{name}: {affected:#}");
        // A full rerun of the same commit: the same report.
        let full = mtcov(&[&json_arg]);
        let (full_text, full_value, _) = reports(&full, &json);
        assert_eq!(text, full_text, "{name}");
        assert_eq!(value, full_value, "{name}");
    }

    // A report written into the tree is no change; a scratch file at the
    // root is, and is named.
    let in_tree = format!("--json={}", dir.join("mtcov.json").display());
    let whole = mtcov(&[&in_tree]);
    let out = mtcov(&["-v", "--affected", "HEAD", &json_arg]);
    assert!(
        stderr(&out).contains("the last run's evaluation carried to the new build"),
        "{}",
        stderr(&out)
    );
    let (_, _, affected) = reports(&out, &json);
    assert_eq!(reports(&out, &json).0, reports(&whole, &json).0);
    assert_eq!(
        names(&affected["rerun"]),
        Vec::<String>::new(),
        "{affected:#}"
    );
    assert_eq!(names(&affected["kept"]), all);
    std::fs::write(dir.join("scratch.txt"), "notes").unwrap();
    let out = mtcov(&["--affected", "HEAD", &json_arg]);
    let (_, _, affected) = reports(&out, &json);
    assert_eq!(
        affected["everything"],
        "scratch.txt is not tracked by git, and a build or a test could read it"
    );
    assert_eq!(names(&affected["rerun"]), all);
}

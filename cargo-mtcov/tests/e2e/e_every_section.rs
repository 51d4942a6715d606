//! `cargo mtcov` on `tests/fixtures/rlib-sections`: every never-called
//! function of the library is in `E` with `K = 0`, also those whose
//! coverage records are not in the first `__llvm_covfun` section of their
//! `.rlib` object (one section per COMDAT group).

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// (label or null, line_start, K) of every requirement of a criterion.
fn requirements(report: &Value, name: &str) -> Vec<(Option<String>, u64, f64)> {
    criterion(report, name)["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r["location"]["file"], "src/lib.rs", "{r}");
            (
                r["location"]["label"].as_str().map(str::to_owned),
                r["location"]["line_start"].as_u64().unwrap(),
                r["k"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn never_called_functions_in_later_covfun_sections_are_requirements() {
    let project = copy_fixture("rlib-sections");
    let target = workspace_root().join("target/cli-fixtures/rlib-sections");
    let out = mtcov_command(project.path(), &["--criterion", "line,function", "--json"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");

    let functions = requirements(&report, "function");
    let names: Vec<&str> = functions.iter().map(|f| f.0.as_deref().unwrap()).collect();
    assert_eq!(
        names,
        [
            "fn rlib_sections::sign",
            "fn rlib_sections::island::first_never",
            "fn rlib_sections::island::second_never",
            "fn rlib_sections::island::third_never",
            "fn rlib_sections::island::fourth_never",
        ],
        "{functions:?}"
    );
    for (name, _, k) in &functions[1..] {
        assert_eq!(*k, 0.0, "{name:?}");
    }

    // Every line of every body: `sign` (3-5) and the island's four
    // functions (12-14, 16-18, 21-23, 25-27).
    let lines = requirements(&report, "line");
    let numbers: Vec<u64> = lines.iter().map(|l| l.1).collect();
    assert_eq!(
        numbers,
        [3, 4, 5, 12, 13, 14, 16, 17, 18, 21, 22, 23, 25, 26, 27],
        "{lines:?}"
    );
    for (_, line, k) in &lines {
        assert_eq!(*k == 0.0, *line >= 12, "line {line}: K = {k}");
    }
}

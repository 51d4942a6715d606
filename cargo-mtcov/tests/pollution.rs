//! Per-input coverage is exact with the tests as the user wrote them: a
//! test hammering other code on another thread must not leak into the
//! coverage of source inputs. `cargo mtcov` runs the tests of a binary one
//! at a time; this fixture's `b_noisy` would otherwise run alongside the
//! MRs of `a_relations`. The control run with two test threads shows the
//! fixture does detect cross-talk when it happens.

mod common;

use common::{assert_exit, copy_fixture, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// Lines of `pollution::noise` that some source input covers, per the
/// JSON report (`requirements[].closest` is null when no input covers).
fn noise_lines_covered(report: &Value) -> Vec<u64> {
    let lib = std::fs::read_to_string(workspace_root().join("tests/fixtures/pollution/src/lib.rs")).unwrap();
    let first = lib.lines().position(|l| l.starts_with("pub fn noise")).unwrap() as u64 + 1;
    let line = report["criteria"].as_array().unwrap().iter().find(|c| c["criterion"] == "line").unwrap();
    line["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["location"]["line_start"].as_u64().unwrap() >= first && !r["closest"].is_null())
        .map(|r| r["location"]["line_start"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_concurrent_noisy_test_leaks_nothing_into_source_coverage() {
    let project = copy_fixture("pollution");
    let target = workspace_root().join("target/cli-fixtures/pollution");
    let run = |extra: &[&str]| {
        let mut args = vec!["--json", "--k", "1"];
        args.extend_from_slice(extra);
        let out = mtcov_command(project.path(), &args).env("CARGO_TARGET_DIR", &target).output().unwrap();
        assert_exit(&out, 0);
        serde_json::from_str::<Value>(&stdout(&out)).expect("JSON report")
    };

    let report = run(&[]);
    assert_eq!(report["totals"]["source_inputs"], 300);
    assert_eq!(noise_lines_covered(&report), Vec::<u64>::new(), "cross-talk from the noisy test");
    let summary = &report["criteria"][0]["summary"];
    assert!(summary["covered"].as_u64().unwrap() >= 3, "step's lines are covered: {summary}");

    // Control: with two test threads the noisy test runs during the
    // capture windows and its code shows up in source inputs' coverage.
    let report = run(&["--", "--test-threads=2"]);
    assert!(!noise_lines_covered(&report).is_empty(), "the control run should show cross-talk");
}

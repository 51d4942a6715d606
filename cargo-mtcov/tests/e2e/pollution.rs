//! Per-input coverage is exact with the tests as the user wrote them: a
//! test hammering other code on another thread must not leak into the
//! coverage of source inputs. Under `cargo test` this fixture's `b_noisy`
//! runs alongside the MRs of `a_relations`; `cargo mtcov` runs each test
//! of a binary with MRs in its own process, so it cannot, whatever
//! `--jobs` or `--test-threads` say. `--serial` runs a binary's tests one
//! at a time in one process, and refuses more test threads.

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// Lines of `pollution::noise` that some source input covers, per the
/// JSON report (`requirements[].closest` is null when no input covers).
fn noise_lines_covered(report: &Value) -> Vec<u64> {
    let lib = std::fs::read_to_string(workspace_root().join("tests/fixtures/pollution/src/lib.rs"))
        .unwrap();
    let first = lib
        .lines()
        .position(|l| l.starts_with("pub fn noise"))
        .unwrap() as u64
        + 1;
    let line = criterion(report, "line");
    line["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["location"]["line_start"].as_u64().unwrap() >= first && !r["closest"].is_null()
        })
        .map(|r| r["location"]["line_start"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_concurrent_noisy_test_leaks_nothing_into_source_coverage_and_filters_must_match() {
    let project = copy_fixture("pollution");
    let target = workspace_root().join("target/cli-fixtures/pollution");
    let run = |extra: &[&str], code: i32| {
        let mut args = vec!["--json", "--k", "1"];
        args.extend_from_slice(extra);
        let out = mtcov_command(project.path(), &args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, code);
        out
    };

    let default = stdout(&run(&[], 0));
    let report: Value = serde_json::from_str(&default).expect("JSON report");
    assert_eq!(report["totals"]["source_inputs"], 300);
    assert_eq!(
        noise_lines_covered(&report),
        Vec::<u64>::new(),
        "cross-talk from the noisy test"
    );
    let summary = &report["criteria"][0]["summary"];
    assert!(
        summary["covered"].as_u64().unwrap() >= 3,
        "step's lines are covered: {summary}"
    );

    for args in [
        &["--jobs", "4"][..],
        &["--", "--test-threads=2"],
        &["--serial"],
    ] {
        assert_eq!(stdout(&run(args, 0)), default, "{args:?}");
    }

    // Two test threads in one process would run the noisy test during
    // capture windows.
    let out = run(&["--serial", "--", "--test-threads=2"], 2);
    assert!(
        crate::common::stderr(&out).contains("--test-threads=2 is not supported with --serial"),
        "{}",
        crate::common::stderr(&out)
    );

    // `cargo mtcov -- no_such_test` names the filter that selected nothing
    // (it said "no test binary registered an MR", although one did).
    let out = run(&["--", "no_such_test"], 2);
    assert!(
        crate::common::stderr(&out).contains(
            "the test filter `no_such_test` matches no test in any of the 2 test binaries"
        ),
        "{}",
        crate::common::stderr(&out)
    );
    assert!(stdout(&out).is_empty());
}

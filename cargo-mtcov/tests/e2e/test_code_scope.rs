//! `cargo mtcov` on `tests/fixtures/unit-mrs`: code compiled only for
//! tests (`#[cfg(test)]` modules and fns, `#[test]` fns) is never a
//! requirement, and `E` is the same whichever test binaries ran MRs.

use crate::common::{assert_exit, copy_fixture, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// Lines of `src/lib.rs` compiled only for tests: `Meter::probe` and the
/// two unit-test modules.
fn is_test_code(line: u64) -> bool {
    (24..=27).contains(&line) || line >= 30
}

/// A requirement's file, line_start, line_end and label.
type Req = (String, u64, u64, Value);

/// Per criterion, its requirements.
fn requirement_sets(report: &Value) -> Vec<(String, Vec<Req>)> {
    report["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let reqs = c["requirements"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    let l = &r["location"];
                    (
                        l["file"].as_str().unwrap().to_owned(),
                        l["line_start"].as_u64().unwrap(),
                        l["line_end"].as_u64().unwrap(),
                        l["label"].clone(),
                    )
                })
                .collect();
            (c["criterion"].as_str().unwrap().to_owned(), reqs)
        })
        .collect()
}

#[test]
fn test_code_is_never_a_requirement() {
    let project = copy_fixture("unit-mrs");
    let target = workspace_root().join("target/cli-fixtures/unit-mrs");
    let mtcov = |extra: &[&str]| {
        let mut args = vec!["--criterion", "line,region,function", "--json"];
        args.extend_from_slice(extra);
        let out = mtcov_command(project.path(), &args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        serde_json::from_str::<Value>(&stdout(&out)).expect("JSON report")
    };

    // Both binaries run MRs: the unit tests' and the integration test's.
    let all = mtcov(&[]);
    assert_eq!(all["totals"]["mrs"], 2, "{}", all["totals"]);
    let sets = requirement_sets(&all);
    for (criterion, reqs) in &sets {
        assert!(!reqs.is_empty(), "{criterion}: no requirements");
        for (file, start, end, label) in reqs {
            assert_eq!(file, "src/lib.rs", "{criterion}");
            assert!(
                !is_test_code(*start) && !is_test_code(*end),
                "{criterion}: requirement in test code at {file}:{start}-{end} {label}"
            );
        }
    }
    let functions: Vec<&str> = sets
        .iter()
        .find(|s| s.0 == "function")
        .unwrap()
        .1
        .iter()
        .map(|r| r.3.as_str().unwrap())
        .collect();
    assert_eq!(
        functions,
        [
            "fn unit_mrs::clamp",
            "fn unit_mrs::double",
            "fn <unit_mrs::Meter>::read"
        ]
    );

    // Only the integration test runs an MR: the same E.
    let integration_only = mtcov(&["--", "integration_relations_hold"]);
    assert_eq!(requirement_sets(&integration_only), sets);
    // Only the unit tests do: the same E again.
    let unit_only = mtcov(&["--", "unit_relations_hold"]);
    assert_eq!(requirement_sets(&unit_only), sets);
}

/// `tests/fixtures/test-gated`: the MRs' file is gated by its own
/// `#![cfg(test)]` (declared as a plain `mod inner_tests;`), and the SUT
/// holds `#[cfg(test)]` statements, a match arm and a helper. Only the
/// lines HAND.md lists are requirements, and declaring the module
/// `#[cfg(test)] mod inner_tests;` instead gives the same report.
#[test]
fn file_level_and_statement_level_cfg_test_are_never_requirements() {
    let project = copy_fixture("test-gated");
    let target = workspace_root().join("target/cli-fixtures/test-gated");
    let mtcov = || {
        let out = mtcov_command(
            project.path(),
            &["--criterion", "line,region,function", "--k", "2", "--json"],
        )
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
        assert_exit(&out, 0);
        serde_json::from_str::<Value>(&stdout(&out)).expect("JSON report")
    };
    let lines = |report: &Value| -> Vec<(String, u64, u64)> {
        requirement_sets(report)
            .into_iter()
            .find(|(c, _)| c == "line")
            .unwrap()
            .1
            .into_iter()
            .map(|(file, start, end, _)| (file, start, end))
            .collect()
    };
    let inner = mtcov();
    let expected: Vec<(String, u64, u64)> = [6, 11, 14, 15, 16, 20, 21]
        .iter()
        .map(|&l| ("src/lib.rs".to_owned(), l, l))
        .collect();
    assert_eq!(lines(&inner), expected);
    let line = &inner["criteria"][0]["summary"];
    assert_eq!(
        (&line["a_k_numerator"], &line["a_k_denominator"]),
        (&Value::from(14), &Value::from(14)),
        "{line}"
    );

    let lib = project.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(
        &lib,
        text.replace("mod inner_tests;", "#[cfg(test)] mod inner_tests;"),
    )
    .unwrap();
    let outer = mtcov();
    assert_eq!(requirement_sets(&outer), requirement_sets(&inner));
    assert_eq!(outer["criteria"], inner["criteria"]);
}

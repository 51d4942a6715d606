//! A source input on which the SUT panics still covers the code the SUT
//! ran before the panic. In `tests/fixtures/cov-panic`, `digits(-3)` calls
//! `note_negative` and then panics; no other source input goes there. The
//! MG of -3 stays "panicked" (no association), but the line and the
//! function must be covered by -3, not reported as unreached.

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// The `Debug` of the source input that covers the requirement of
/// `criterion` starting at `line` of src/lib.rs (`None`: uncovered).
fn covered_by(report: &Value, criterion_name: &str, line: u64) -> Option<String> {
    let requirement = criterion(report, criterion_name)["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["location"]["file"] == "src/lib.rs" && r["location"]["line_start"] == line)
        .unwrap_or_else(|| {
            panic!("no {criterion_name} requirement at src/lib.rs:{line}: {report:#}")
        });
    let closest = requirement["closest"].as_u64()?;
    Some(
        report["sources"][closest as usize]["debug"]
            .as_str()
            .unwrap()
            .to_owned(),
    )
}

#[test]
fn code_run_before_a_panic_in_the_sut_is_covered_by_that_input() {
    let project = copy_fixture("cov-panic");
    let target = workspace_root().join("target/cli-fixtures/cov-panic");
    let out = mtcov_command(
        project.path(),
        &[
            "--json",
            "--criterion",
            "line,function",
            "--fail-under",
            "0.0",
        ],
    )
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .expect("cargo-mtcov runs");
    assert_exit(&out, 0);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");

    let lib = std::fs::read_to_string(project.path().join("src/lib.rs")).unwrap();
    let line_of = |text: &str| lib.lines().position(|l| l.contains(text)).unwrap() as u64 + 1;
    let noted = line_of("let noted = note_negative(x);");
    let note_fn = line_of("pub fn note_negative");

    // -3 is a source input with no association: its MG panicked.
    let sources = report["sources"].as_array().unwrap();
    let minus_three = sources
        .iter()
        .find(|s| s["debug"] == "-3")
        .unwrap_or_else(|| panic!("-3 missing: {report:#}"));
    assert_eq!(
        minus_three["s_ro"], 0,
        "a panicked MG associates nothing: {minus_three:#}"
    );
    assert_eq!(report["totals"]["associations"], 3, "{report:#}");
    assert_eq!(report["totals"]["violations"], 0, "{report:#}");

    assert_eq!(
        covered_by(&report, "line", noted).as_deref(),
        Some("-3"),
        "line {noted}, run by -3 before the panic, must be covered by -3"
    );
    assert_eq!(covered_by(&report, "line", note_fn).as_deref(), Some("-3"));
    assert_eq!(
        covered_by(&report, "function", note_fn).as_deref(),
        Some("-3")
    );
}

/// `tests/fixtures/panic-first-use`: the SUT panics on its first call in a
/// process only. Under `cargo mtcov` that call is the warm-up run, and the
/// measured run that follows does not panic; the MG must panic all the
/// same, as under `cargo test` (the test expects exactly one panicked MG:
/// it fails, exit 1, if the warm-up swallowed the panic).
#[test]
fn a_panic_on_first_use_only_still_panics_the_mg() {
    let project = copy_fixture("panic-first-use");
    let target = workspace_root().join("target/cli-fixtures/panic-first-use");
    let out = mtcov_command(project.path(), &["--json", "--k", "1"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo-mtcov runs");
    assert_exit(&out, 0);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    // Inputs 2 and 3 hold; input 1's MG panicked: no association.
    assert_eq!(report["totals"]["associations"], 2, "{}", report["totals"]);
    let one = report["sources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["debug"] == "1")
        .unwrap_or_else(|| panic!("input 1 missing: {report:#}"));
    assert_eq!(one["s_ro"], 0, "{one}");
}

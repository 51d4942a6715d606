//! On every fixture and example: the default run (one process per test of
//! a binary with MRs, in parallel) gives exactly the report of the serial
//! run (one process per binary, one test at a time), of `--jobs 1`, and of
//! every test of a binary with MRs split into three parts side by side.
//! One target directory for all: mt-runtime is built once. Their numbers
//! are committed (`numbers.json`): a change that should move none is
//! shown to move none.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};

use crate::common::{copy_fixture, mtcov_command, stderr, stdout, workspace_root};

/// (exit code, stdout) of `cargo mtcov --json --k 3 <extra>` in `dir`.
fn json(dir: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let target = workspace_root().join("target/cli-fixtures/schedules");
    let mut args = vec!["--json", "--k", "3", "--criterion", "line,region,function"];
    args.extend_from_slice(extra);
    let out = mtcov_command(dir, &args)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0..=3)),
        "{dir:?} {extra:?}:\n{}",
        stderr(&out)
    );
    (out.status.code(), stdout(&out))
}

/// The report, when there was one to compare.
fn same_report_on_every_schedule(dir: &Path, package: &[&str]) -> Option<Value> {
    let default = json(dir, package);
    for schedule in [&["--serial"][..], &["--jobs", "1"]] {
        let mut extra = package.to_vec();
        extra.extend_from_slice(schedule);
        assert_eq!(
            json(dir, &extra),
            default,
            "{dir:?} {schedule:?} gives another report"
        );
    }
    // Split: the same, but for the count docs/measure.md names.
    let mut extra = package.to_vec();
    extra.extend_from_slice(&["--split", "3", "--jobs", "3"]);
    let split = json(dir, &extra);
    assert_eq!(split.0, default.0, "{dir:?} split");
    assert_eq!(
        without_once_per_process_counts(&split.1),
        without_once_per_process_counts(&default.1),
        "{dir:?} split in three parts gives another report"
    );
    serde_json::from_str(&default.1).ok()
}

/// A report without how many times MR code outside source executions ran
/// code that runs only on first use (once per process, so once per part
/// of a split test).
fn without_once_per_process_counts(text: &str) -> Option<Value> {
    let mut report: Value = serde_json::from_str(text).ok()?;
    for criterion in report["criteria"].as_array_mut()? {
        for gap in criterion["gaps"].as_array_mut()? {
            if gap["first_use_only"] == true {
                gap.as_object_mut()?.remove("aside_executions");
            }
        }
    }
    Some(report)
}

/// The numbers of a report that a change to how mtcov records, maps or
/// measures must not move: per criterion `A_k` exactly, coverage and the
/// Metamorphic Coverage; the totals.
fn numbers(report: &Value) -> Value {
    let criteria: Vec<Value> = report["criteria"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|c| {
            let s = &c["summary"];
            json!({
                "criterion": c["criterion"],
                "requirements": s["requirements"],
                "covered": s["covered"],
                "a_k_numerator": s["a_k_numerator"],
                "a_k_denominator": s["a_k_denominator"],
                "mc_differing": c["metamorphic_coverage"]["differing"],
            })
        })
        .collect();
    json!({ "totals": report["totals"], "criteria": criteria })
}

/// The committed numbers (`numbers.json` beside this file): every fixture's
/// and example's report must give them, so a change meant to make mtcov
/// faster or smaller is shown to move no number. `MTCOV_UPDATE_NUMBERS=1`
/// rewrites the file (review its diff: every moved number needs a reason).
fn assert_numbers_unchanged(found: &BTreeMap<String, Value>) {
    let path = workspace_root().join("cargo-mtcov/tests/e2e/numbers.json");
    let found = serde_json::to_string_pretty(found).unwrap() + "\n";
    if std::env::var_os("MTCOV_UPDATE_NUMBERS").is_some() {
        std::fs::write(&path, &found).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == found,
        "the reports' numbers moved against {} (rerun with MTCOV_UPDATE_NUMBERS=1 and review the diff):\n{found}",
        path.display()
    );
}

#[test]
fn every_fixture_and_example_reports_the_same_in_parallel_and_serially() {
    let fixtures = workspace_root().join("tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(&fixtures)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // What a worker thread does during later captures depends on timing:
    // `threads.rs` checks that fixture's lower bound over ten runs instead.
    names.retain(|name| name != "threads");
    // Its tests hold relations for `cargo mtcov scout` to find, no MR.
    names.retain(|name| name != "scout");
    assert!(names.len() >= 10, "{names:?}");
    let mut found = BTreeMap::new();
    for name in &names {
        let project = copy_fixture(name);
        if let Some(report) = same_report_on_every_schedule(project.path(), &["--workspace"]) {
            found.insert(name.clone(), numbers(&report));
        }
    }
    // Fixtures without MRs (for hand-written records) make no report.
    assert!(found.len() >= names.len() - 2, "{} reports", found.len());
    for example in ["trig", "expr"] {
        let report =
            same_report_on_every_schedule(&workspace_root(), &["-p", example]).expect("a report");
        found.insert(format!("examples/{example}"), numbers(&report));
    }
    assert_numbers_unchanged(&found);
}

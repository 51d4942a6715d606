//! On every fixture and example: the default run (one process per test of
//! a binary with MRs, in parallel) gives exactly the report of the serial
//! run (one process per binary, one test at a time), and of `--jobs 1`.
//! One target directory for all: mt-runtime is built once.

use std::path::Path;

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

/// Whether there was a report to compare.
fn same_report_on_every_schedule(dir: &Path, package: &[&str]) -> bool {
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
    default.1.starts_with('{')
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
    assert!(names.len() >= 10, "{names:?}");
    let mut reports = 0;
    for name in &names {
        let project = copy_fixture(name);
        reports += usize::from(same_report_on_every_schedule(
            project.path(),
            &["--workspace"],
        ));
    }
    // Fixtures without MRs (for hand-written records) make no report.
    assert!(reports >= names.len() - 2, "{reports} reports");
    for example in ["trig", "expr"] {
        assert!(same_report_on_every_schedule(
            &workspace_root(),
            &["-p", example]
        ));
    }
}

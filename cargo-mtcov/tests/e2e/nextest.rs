//! `cargo mtcov nextest` with the real cargo-nextest: the report of
//! `cargo mtcov` on the trig example, filtersets, and retries (only a
//! retried test's last attempt counts).

use std::path::Path;
use std::process::Output;

use crate::common::{
    assert_exit, copy_fixture, mtcov_command, prerequisite, stderr, stdout, workspace_root,
};
use serde_json::Value;

const INSTALL: &str = "cargo install --locked cargo-nextest";

pub(crate) fn nextest_installed() -> bool {
    let found = std::process::Command::new("cargo")
        .args(["nextest", "--version"])
        .output()
        .map_err(|e| e.to_string())
        .and_then(|out| {
            out.status
                .success()
                .then_some(())
                .ok_or_else(|| String::from_utf8_lossy(&out.stderr).into_owned())
        });
    prerequisite("cargo-nextest", found, INSTALL)
}

fn run(dir: &Path, target: &Path, args: &[&str]) -> Output {
    mtcov_command(dir, args)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo-mtcov runs")
}

fn report(out: &Output) -> Value {
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| {
        panic!(
            "not a JSON report ({e}):\n{}\nstderr:\n{}",
            stdout(out),
            stderr(out)
        )
    })
}

#[test]
fn nextest_reports_what_cargo_mtcov_reports_and_takes_filtersets() {
    if !nextest_installed() {
        return;
    }
    let root = workspace_root();
    let (_trig, target) = crate::common::trig_target();
    let ours = run(&root, &target, &["-p", "trig", "--json"]);
    assert_exit(&ours, 0);
    let html = tempfile::tempdir().unwrap();
    let html_arg = format!("--html={}", html.path().display());
    let theirs = run(
        &root,
        &target,
        &["nextest", "-p", "trig", "--json", &html_arg],
    );
    assert_exit(&theirs, 0);
    assert!(
        stderr(&theirs).contains("Starting"),
        "nextest ran the tests: {}",
        stderr(&theirs)
    );
    assert_eq!(stdout(&theirs), stdout(&ours));
    // nextest runs the unit tests' binary (no MRs) without a profile kept
    // per process: the HTML report gives no execution counts, and says
    // why, rather than counts that leave those tests out.
    let page = std::fs::read_dir(html.path().join("files"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .find(|text| text.contains("examples/trig/src/lib.rs"))
        .expect("trig's page");
    assert!(!page.contains("data-runs"), "counts under nextest");
    assert!(
        page.contains("How many times each line ran is not known: trig-")
            && page.contains("a test binary without MRs, ran its tests without a profile kept"),
        "{}",
        &page[..page.find("<table").unwrap_or(page.len())]
    );

    // A filterset: only the addition formula's test runs its MGs.
    let filtered = run(
        &root,
        &target,
        &[
            "nextest",
            "-p",
            "trig",
            "--json",
            "--",
            "-E",
            "test(addition_formula_holds)",
        ],
    );
    assert_exit(&filtered, 0);
    let all = report(&ours);
    let some = report(&filtered);
    assert!(
        some["totals"]["source_inputs"].as_u64() < all["totals"]["source_inputs"].as_u64(),
        "{} vs {}",
        some["totals"],
        all["totals"]
    );
    assert_eq!(
        some["totals"]["mrs"], all["totals"]["mrs"],
        "every registered MR is still counted"
    );
}

#[test]
fn of_a_retried_test_only_the_last_attempt_counts() {
    if !nextest_installed() {
        return;
    }
    let project = copy_fixture("nextest-retry");
    let target = workspace_root().join("target/cli-fixtures/nextest-retry");

    // No retry: the first attempt's violation fails the run.
    let once = run(
        project.path(),
        &target,
        &["nextest", "--json", "--", "--no-fail-fast"],
    );
    assert_exit(&once, 1);
    assert_eq!(report(&once)["totals"]["violations"], 1);
    assert_eq!(report(&once)["totals"]["source_inputs"], 5);

    // One retry: the flaky test passes on attempt 2; attempt 1's MGs and
    // its extra source input are gone.
    let retried = run(
        project.path(),
        &target,
        &["nextest", "--json", "--", "--retries", "1"],
    );
    assert_exit(&retried, 0);
    let retried = report(&retried);
    assert_eq!(retried["totals"]["violations"], 0, "{retried:#}");
    assert_eq!(retried["totals"]["source_inputs"], 4, "{retried:#}");

    // The same as cargo mtcov, where the test passes at once.
    let ours = run(project.path(), &target, &["--json"]);
    assert_exit(&ours, 0);
    assert_eq!(report(&ours), retried);
}

#[test]
fn without_nextest_the_install_command_is_named() {
    let project = copy_fixture("nextest-retry");
    let empty = crate::common::TempDir::new("no-nextest-path");
    // cargo-nextest is found on PATH (and in CARGO_HOME/bin): hide both.
    let which = std::process::Command::new("rustup")
        .args(["which", "cargo"])
        .output()
        .map_err(|e| e.to_string())
        .and_then(|out| {
            let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            (out.status.success() && !path.is_empty())
                .then_some(path)
                .ok_or_else(|| String::from_utf8_lossy(&out.stderr).into_owned())
        });
    // rustup finds cargo outside CARGO_HOME; without it (a failure under
    // CI) the test cannot hide cargo-nextest.
    let cargo = match which {
        Ok(path) => path,
        Err(why) => {
            prerequisite(
                "rustup",
                Err(why),
                "https://rustup.rs (the tests need rustup's toolchains)",
            );
            return;
        }
    };
    let out = mtcov_command(project.path(), &["nextest"])
        .env("PATH", empty.path())
        .env("CARGO_HOME", empty.path())
        .env("CARGO", &cargo)
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/cli-fixtures/nextest-retry"),
        )
        .output()
        .unwrap();
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(&format!("install it with `{INSTALL}`")),
        "{}",
        stderr(&out)
    );
}

//! `cargo mtcov` end to end on a fixture crate with a seeded bug: the
//! instrumented build, the test runs, where files go, the report and the
//! exit code. Builds mt-runtime once into a shared target directory.

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};

#[test]
fn a_violated_relation_fails_the_run_but_the_report_is_printed() {
    let project = copy_fixture("cli-violation");
    // Its own target dir: each run replaces `<target>/mtcov/records`, so two
    // tests sharing one would delete each other's records.
    let target = workspace_root().join("target/cli-fixtures/cli-run");
    let run = |args: &[&str]| {
        mtcov_command(project.path(), args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .expect("cargo-mtcov runs")
    };

    let out = run(&[
        "--json",
        "--criterion",
        "line,function",
        "--fail-under",
        "0.0",
    ]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("Running tests/relations.rs of cli-violation"),
        "{err}"
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| {
        panic!(
            "stdout is the JSON report ({e}):\n{}\nstderr:\n{err}",
            stdout(&out)
        )
    });
    assert_eq!(report["totals"]["mrs"], 2, "{report:#}");
    assert_eq!(report["totals"]["source_inputs"], 3, "{report:#}");
    assert_eq!(report["totals"]["violations"], 1, "{report:#}");
    assert_eq!(
        report["violations"][0]["mr"], "cli_violation::relations::symmetric",
        "{report:#}"
    );
    let line = &report["criteria"][0];
    assert_eq!(line["criterion"], "line");
    let files: Vec<&str> = line["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        ["src/lib.rs"],
        "tests/ and mt-runtime are out of scope by default"
    );
    assert!(line["summary"]["covered"].as_u64().unwrap() > 0, "{line:#}");

    // Records and raw profiles live under the target dir, nowhere else.
    let mtcov = target.join("mtcov");
    assert!(mtcov.join("last-run.json").is_file());
    let stray: Vec<_> = walk(project.path())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "profraw"))
        .collect();
    assert!(
        stray.is_empty(),
        "profiles leaked into the project: {stray:?}"
    );
    assert!(
        walk(&target)
            .into_iter()
            .all(|p| p.extension().is_none_or(|e| e != "profraw")),
        "coverage is captured in process: no raw profile is written"
    );

    // `report` re-renders the same run without rebuilding; same exit code.
    let out = run(&["report", "--k", "1"]);
    assert_exit(&out, 1);
    assert!(!stderr(&out).contains("Compiling"), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("k-MR adequacy at k = 1"),
        "{}",
        stdout(&out)
    );

    // More test threads in one process would mix tests' coverage: refused.
    let out = run(&["--serial", "--", "--test-threads=2"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("--test-threads=2 is not supported with --serial"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty(), "no report: {}", stdout(&out));

    // Without the bug: 0 when the measure reaches --fail-under, 3 below it.
    let out = run(&[
        "--features",
        "fixed",
        "--k",
        "1",
        "--fail-under",
        "line=0.5",
    ]);
    assert_exit(&out, 0);
    let out = run(&["--features", "fixed", "--fail-under", "line=1.0"]);
    assert_exit(&out, 3);
    assert!(
        stderr(&out).contains("error: line A_3 = "),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("is below --fail-under 1"),
        "{}",
        stderr(&out)
    );
    let out = run(&["report", "--fail-under", "region=0.1,branch=0.9"]);
    assert_exit(&out, 0);
    assert!(
        stderr(&out).contains("warning: --fail-under branch: branch coverage was not measured"),
        "{}",
        stderr(&out)
    );

    // An aborted test process: named, its records kept, the report printed.
    let out = run(&["--features", "abort", "--json"]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("relations-")
            && err.contains("aborted (SIGABRT); its records up to the abort are kept"),
        "{err}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&stdout(&out)).expect("JSON report after an abort");
    assert_eq!(report["totals"]["violations"], 1, "{report:#}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(path);
        }
    }
    found
}

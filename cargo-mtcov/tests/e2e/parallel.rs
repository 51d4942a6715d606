//! How tests are spread over processes must not change the report: one
//! process per test (the default), any `--jobs`, `--serial`, and shards
//! merged give byte-identical JSON. Hanging tests are killed at
//! `--test-timeout`; an interrupt kills the running tests and leaves the
//! previous run reportable.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};
use serde_json::Value;

fn run_in(project: &Path, target: &Path, args: &[&str]) -> Output {
    mtcov_command(project, args)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUN_CONTROL_HANG")
        .output()
        .expect("cargo-mtcov runs")
}

fn last_run(target: &Path) -> Value {
    let text = std::fs::read_to_string(target.join("mtcov/last-run.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// (binary file stem prefix, test, outcome) of every test in last-run.json.
fn test_outcomes(last: &Value) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for run in last["runs"].as_array().unwrap() {
        let stem = Path::new(run["path"].as_str().unwrap())
            .file_name()
            .unwrap()
            .to_string_lossy()
            .split('-')
            .next()
            .unwrap()
            .to_owned();
        for process in run["processes"].as_array().unwrap() {
            for test in process["tests"].as_array().unwrap() {
                found.push((
                    stem.clone(),
                    test["name"].as_str().unwrap().to_owned(),
                    test["outcome"].as_str().unwrap().to_owned(),
                ));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_schedule_gives_the_same_report() {
    let project = copy_fixture("run-control");
    let target = workspace_root().join("target/cli-fixtures/run-control");
    let json = |args: &[&str]| {
        let mut all = vec!["--json", "--k", "2"];
        all.extend_from_slice(args);
        let out = run_in(project.path(), &target, &all);
        // Two tests fail, so every schedule exits 1 with the report.
        assert_exit(&out, 1);
        stdout(&out)
    };

    let default = json(&[]);
    let report: Value = serde_json::from_str(&default).expect("JSON report");
    assert_eq!(report["totals"]["mrs"], 5, "{report:#}");
    assert_eq!(report["totals"]["violations"], 2, "{report:#}");
    let outcomes = test_outcomes(&last_run(&target));
    for expected in [
        ("relations", "a_positive", "Passed"),
        ("relations", "d_violated", "Failed"),
        ("plain", "plain_one", "Passed"),
        ("plain", "plain_ignored", "Ignored"),
    ] {
        let expected = (
            expected.0.to_owned(),
            expected.1.to_owned(),
            expected.2.to_owned(),
        );
        assert!(outcomes.contains(&expected), "{expected:?} in {outcomes:?}");
    }

    for args in [
        &["--jobs", "1"][..],
        &["--jobs", "8"],
        &["--serial"],
        &["--", "--test-threads=3"],
    ] {
        assert_eq!(json(args), default, "{args:?} gives another report");
    }

    // Test arguments mean what they mean to `cargo test`, in every kind of
    // process: the ignored test runs (and passes) in the shared process.
    assert_eq!(json(&["--", "--include-ignored"]), default);
    let outcomes = test_outcomes(&last_run(&target));
    assert!(
        outcomes.contains(&("plain".into(), "plain_ignored".into(), "Passed".into())),
        "{outcomes:?}"
    );

    // Three shards merged: the unsharded run's report, byte for byte.
    let shard_dir = |m: u32| target.join(format!("mtcov/shard-{m}-of-3"));
    let dirs: Vec<String> = (1..=3)
        .map(|m| shard_dir(m).display().to_string())
        .collect();
    for kind in ["count", "hash"] {
        for m in 1..=3 {
            let out = run_in(
                project.path(),
                &target,
                &["--partition", &format!("{kind}:{m}/3")],
            );
            assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
            assert!(stdout(&out).is_empty(), "a shard prints no report");
            assert!(
                stderr(&out).contains("cargo mtcov merge"),
                "{}",
                stderr(&out)
            );
        }
        let mut merge = vec!["merge", "--json", "--k", "2"];
        merge.extend(dirs.iter().map(String::as_str));
        let out = run_in(project.path(), &target, &merge);
        assert_exit(&out, 1);
        assert_eq!(stdout(&out), default, "{kind} shards merged");
        // The merge is now the last run.
        let out = run_in(project.path(), &target, &["report", "--json", "--k", "2"]);
        assert_eq!(stdout(&out), default, "report after the {kind} merge");
    }

    let refused = |dirs: &[&str], message: &str| {
        let mut args = vec!["merge", "--json"];
        args.extend_from_slice(dirs);
        let out = run_in(project.path(), &target, &args);
        assert_exit(&out, 2);
        assert!(
            stderr(&out).contains(message),
            "{message}: {}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty());
    };
    refused(&[&dirs[0], &dirs[1]], "shard 3 of 3 is missing");
    refused(&[&dirs[0], &dirs[0], &dirs[1], &dirs[2]], "is given twice");
    let not_a_shard = project.path().display().to_string();
    refused(&[&not_a_shard], "is not a shard directory");
    // A shard of another build (other features) is refused, by name.
    let out = run_in(
        project.path(),
        &target,
        &["--partition", "hash:1/3", "--features", "other"],
    );
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    refused(
        &[&dirs[0], &dirs[1], &dirs[2]],
        "which this build does not have: the shards and this merge were built from different sources",
    );
}

/// A test that hangs is killed at `--test-timeout` with its process group;
/// the run fails (1) and reports what the test recorded before. SIGTERM
/// to `cargo mtcov` kills the running test, exits 130, and leaves the
/// previous complete run reportable, unchanged. (One test: one build.)
#[cfg(unix)]
#[test]
fn hanging_tests_time_out_and_interrupts_keep_the_last_run() {
    let project = copy_fixture("run-control");
    let target = workspace_root().join("target/cli-fixtures/run-control-hang");
    a_hanging_test_is_killed_at_the_timeout(project.path(), &target);
    sigterm_kills_the_running_tests_and_keeps_the_last_run(project.path(), &target);
}

#[cfg(unix)]
fn a_hanging_test_is_killed_at_the_timeout(project: &Path, target: &Path) {
    let pid_file = project.join("hang.pid");
    let _ = std::fs::remove_file(&pid_file);
    let started = Instant::now();
    let out = mtcov_command(
        project,
        &[
            "--json",
            "--k",
            "1",
            "--test-timeout",
            "3s",
            "--",
            "e_hangs",
        ],
    )
    .env("CARGO_TARGET_DIR", target)
    .env("RUN_CONTROL_HANG", &pid_file)
    .output()
    .unwrap();
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("test `e_hangs_when_asked` in ")
            && err.contains("timed out after")
            && err.contains("(--test-timeout) and was killed"),
        "{err}"
    );
    let report: Value = serde_json::from_str(&stdout(&out)).expect("report after a timeout");
    // 3 and -11 from the custom harness, 7 from the MG the hanging test
    // finished before it hung.
    assert_eq!(report["totals"]["source_inputs"], 3, "{report:#}");
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(!alive(pid), "the hanging test {pid} still runs");
    let outcomes = test_outcomes(&last_run(target));
    assert!(
        outcomes.contains(&(
            "relations".into(),
            "e_hangs_when_asked".into(),
            "TimedOut".into()
        )),
        "{outcomes:?}"
    );
    // Well before the build, the listing and 3 s: not waiting for the test.
    eprintln!("took {:?}", started.elapsed());
}

#[cfg(unix)]
fn sigterm_kills_the_running_tests_and_keeps_the_last_run(project: &Path, target: &Path) {
    let complete = run_in(project, target, &["--json", "--k", "1"]);
    assert_exit(&complete, 1);

    // A source touched: the interrupted run's build replaces the test
    // binaries; the last run's own, kept beside its records, stay.
    std::fs::File::options()
        .append(true)
        .open(project.join("src/lib.rs"))
        .unwrap()
        .set_modified(std::time::SystemTime::now())
        .unwrap();
    let pid_file = project.join("hang.pid");
    let _ = std::fs::remove_file(&pid_file);
    let child = mtcov_command(project, &["--json", "--k", "1"])
        .env("CARGO_TARGET_DIR", target)
        .env("RUN_CONTROL_HANG", &pid_file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let waited = Instant::now();
    let test_pid: u32 = loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            break pid;
        }
        assert!(
            waited.elapsed() < Duration::from_secs(300),
            "the hanging test never started"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_exit(&out, 130);
    assert!(
        stderr(&out).contains("interrupted: the running tests were killed"),
        "{}",
        stderr(&out)
    );
    // The killed test is not said to have aborted with its records kept:
    // the whole run's records are discarded.
    assert!(!stderr(&out).contains("kept and used"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("was killed by the interrupt"),
        "{}",
        stderr(&out)
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        !alive(test_pid),
        "test process {test_pid} outlived cargo mtcov"
    );

    let report = run_in(project, target, &["report", "--json", "--k", "1"]);
    assert_exit(&report, 1);
    assert_eq!(
        stdout(&report),
        stdout(&complete),
        "the last complete run is reported, although its test binaries were rebuilt"
    );
}

/// Whether `pid` runs (a zombie does not).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(PathBuf::from(format!("/proc/{pid}/stat"))) {
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}

//! `tests/fixtures/split`: a test's MGs in parts side by side (`--split`).
//! One `check_strategy` over six MRs, a lazy static and a memo in the SUT:
//! run whole, in two parts and in three, the JSON report is the same but
//! for the figures docs/measure.md names (how many times MR code outside
//! source executions ran code that runs once per process). A violation a
//! part finds is reported as one process reports it: the test runs again
//! whole. `--split auto` splits the test that took most of the last run; a
//! test that holds a fixed path races with its own parts, and
//! `--no-split` keeps it whole.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};

const ARGS: [&str; 5] = ["--json", "--k", "3", "--criterion", "line,region,function"];

fn run(dir: &Path, extra: &[&str]) -> Output {
    let target = workspace_root().join("target/cli-fixtures/split");
    let mut args = ARGS.to_vec();
    args.extend_from_slice(extra);
    // Each run finds the bug anew: a saved failing case would be replayed first.
    let _ = std::fs::remove_dir_all(dir.join("tests/mtcov-regressions"));
    mtcov_command(dir, &args)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo-mtcov runs")
}

/// The JSON report without what a split may change: the count of MR code
/// runs outside source executions of code run only on first use.
fn report(out: &Output) -> Value {
    let mut report: Value = serde_json::from_str(&stdout(out))
        .unwrap_or_else(|e| panic!("not a JSON report ({e}): {}", stderr(out)));
    for criterion in report["criteria"].as_array_mut().unwrap() {
        for gap in criterion["gaps"].as_array_mut().unwrap() {
            if gap["first_use_only"] == true {
                gap.as_object_mut().unwrap().remove("aside_executions");
            }
        }
    }
    report
}

/// The lines of `err` that show a test's processes ending.
fn ended<'a>(err: &'a str, test: &str) -> Vec<&'a str> {
    err.lines()
        .filter(|l| (l.contains("PASS [") || l.contains("FAIL [")) && l.contains(test))
        .collect()
}

/// In one test: the three share the fixture's target directory and its
/// last run.
#[test]
fn split_tests_report_as_one_process() {
    let project = copy_fixture("split");
    let dir = project.path();
    parts_merge_into_the_report_of_one_process(dir);
    a_violation_in_a_part_is_shrunk_and_reported_as_one_process_reports_it(dir);
    auto_splits_the_longest_test_and_no_split_keeps_one_whole(dir);
}

/// Every line's execution count on the HTML report's file pages, by
/// (page, line).
fn line_counts(html: &Path) -> std::collections::BTreeMap<(String, u32), u64> {
    let mut counts = std::collections::BTreeMap::new();
    for page in std::fs::read_dir(html.join("files")).unwrap() {
        let page = page.unwrap().path();
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        for row in text.split("<tr id=\"L").skip(1) {
            let line = row[..row.find('"').unwrap()].parse().unwrap();
            let row = &row[..row.find("</tr>").unwrap_or(row.len())];
            if let Some(runs) = row.split("data-runs=\"").nth(1) {
                let runs = runs[..runs.find('"').unwrap()].parse().unwrap();
                counts.insert((name.clone(), line), runs);
            }
        }
    }
    counts
}

fn parts_merge_into_the_report_of_one_process(dir: &Path) {
    let html = |name: &str| format!("--html={}", dir.join("target-html").join(name).display());
    let whole = run(dir, &["--split", "never", &html("whole")]);
    assert_exit(&whole, 0);
    let expected = report(&whole);
    // How many times each line ran: what the processes ran, each SUT call
    // once (every MG runs in one part). What a process does once, each
    // part does: the lazy table is made in each part that uses it, and each part
    // fills its own memo, so an input met in several parts misses in
    // each (its hits and misses still add up to its calls).
    let source = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    let line_of =
        |text: &str| source.lines().position(|l| l.contains(text)).expect(text) as u32 + 1;
    let lazy = line_of("static POWERS")..line_of("static MEMO");
    let (hit, last_miss) = (
        line_of("return sum;"),
        line_of("MEMO.lock().unwrap().insert(n, sum);") + 1,
    );
    let page = "0000-src_lib.rs.html";
    // The memo's misses, the lazy table's lines, and every other line.
    let memo = |counts: &std::collections::BTreeMap<(String, u32), u64>| {
        let at = |line: u32| counts[&(page.to_owned(), line)];
        assert_eq!(
            at(hit) + at(hit + 2),
            at(hit - 1),
            "hits and misses are calls"
        );
        let mut made = Vec::new();
        let mut rest = std::collections::BTreeMap::new();
        for ((p, line), &n) in counts {
            if p == page && lazy.contains(line) {
                made.push(n);
            } else if p != page || !(hit..=last_miss).contains(line) {
                rest.insert((p.clone(), *line), n);
            }
        }
        (at(hit + 2), made, rest)
    };
    let (expected_misses, expected_made, expected_counts) =
        memo(&line_counts(&dir.join("target-html/whole")));
    assert!(!expected_made.is_empty());
    assert!(
        expected_counts.values().any(|&n| n > 0),
        "{expected_counts:?}"
    );
    assert!(
        ended(&stderr(&whole), "digits_relations_hold")
            .iter()
            .all(|l| !l.contains("(part")),
        "{}",
        stderr(&whole)
    );
    for parts in ["2", "3"] {
        let out = run(dir, &["--split", parts, "--jobs", parts, &html(parts)]);
        assert_exit(&out, 0);
        let (misses, made, counts) = memo(&line_counts(&dir.join("target-html").join(parts)));
        assert_eq!(counts, expected_counts, "{parts} parts");
        assert!(misses > expected_misses, "{parts} parts: {misses} misses");
        // Made once in each part that used it.
        let n: u64 = parts.parse().unwrap();
        assert!(
            (1..=n).any(|k| made.iter().zip(&expected_made).all(|(m, e)| *m == e * k)),
            "{parts} parts: the lazy table's lines {made:?}, once {expected_made:?}"
        );
        let err = stderr(&out);
        let lines = ended(&err, "digits_relations_hold");
        assert_eq!(lines.len(), parts.parse::<usize>().unwrap(), "{err}");
        assert!(
            lines.iter().all(|l| l.contains(&format!(" of {parts})"))),
            "{err}"
        );
        assert_eq!(report(&out), expected, "{parts} parts");
        // One process per test in the last run, its parts counted.
        let last: Value = serde_json::from_str(
            &std::fs::read_to_string(
                workspace_root().join("target/cli-fixtures/split/mtcov/last-run.json"),
            )
            .unwrap(),
        )
        .unwrap();
        let processes: Vec<&Value> = last["runs"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["processes"].as_array().unwrap())
            .filter(|p| p["tests"][0]["name"] == "digits_relations_hold")
            .collect();
        assert_eq!(processes.len(), 1, "{last}");
        assert_eq!(processes[0]["parts"], parts.parse::<u64>().unwrap());
    }
}

fn a_violation_in_a_part_is_shrunk_and_reported_as_one_process_reports_it(dir: &Path) {
    let buggy = ["--features", "buggy", "--no-split", "holds_a_fixed_path"];
    let mut whole_args = buggy.to_vec();
    whole_args.extend(["--split", "never"]);
    let whole = run(dir, &whole_args);
    assert_exit(&whole, 1);
    let mut split_args = buggy.to_vec();
    split_args.extend(["--split", "3", "--jobs", "3"]);
    let split = run(dir, &split_args);
    assert_exit(&split, 1);
    assert_eq!(report(&split), report(&whole));
    let err = stderr(&split);
    // Each part stops at its first failing case, which the others may not
    // run: whichever failed, the test runs again whole.
    assert!(
        err.lines().any(|l| l.contains("`digits_relations_hold`")
            && l.contains("ran in 3 parts, and its part ")
            && l.ends_with("failed: running it whole")),
        "{err}"
    );
    // The failure as the unsplit run printed it: the MR, the shrunk input,
    // the seed (thread ids aside).
    let failure = |out: &Output| -> String {
        let err = stderr(out);
        let start = err
            .find("metamorphic relations failed")
            .expect("a failure summary");
        let end = err[start..]
            .find("stack backtrace")
            .map_or(err.len(), |e| start + e);
        err[start..end].to_owned()
    };
    assert_eq!(failure(&split), failure(&whole));
    assert!(failure(&whole).contains("shrunk in"), "{}", failure(&whole));
}

fn auto_splits_the_longest_test_and_no_split_keeps_one_whole(dir: &Path) {
    // The last run: the fixed-path test (0.8 s) is most of it.
    let whole = run(dir, &["--split", "never"]);
    assert_exit(&whole, 0);
    let expected = report(&whole);
    let kept = run(dir, &["--jobs", "2", "--no-split", "fixed_path"]);
    assert_exit(&kept, 0);
    let err = stderr(&kept);
    assert_eq!(ended(&err, "holds_a_fixed_path").len(), 1, "{err}");
    assert!(!err.contains("(part"), "{err}");
    assert_eq!(report(&kept), expected);
    // Split by the last run's times: its two parts race for the path, and
    // the test runs again whole when one of them loses; it passes.
    let auto = run(dir, &["--jobs", "2"]);
    assert_exit(&auto, 0);
    let err = stderr(&auto);
    assert!(
        ended(&err, "holds_a_fixed_path")
            .iter()
            .any(|l| l.contains("(part 1 of 2)")),
        "{err}"
    );
    assert!(
        ended(&err, "digits_relations_hold")
            .iter()
            .all(|l| !l.contains("(part")),
        "{err}"
    );
    assert_eq!(report(&auto), expected);
}

//! Recording under `MTCOV_RECORD_DIR`: one line per MG and per distinct
//! source input, complete under concurrency, kept when the process aborts,
//! closed by an `end` line that counts them, and never silently lost.
//!
//! Recording is decided once per process, so each scenario runs in a child
//! process: this test binary re-run on one test, with the variable set.

use mt_runtime::{Mg, metamorphic};
use serde_json::Value;
use std::path::{Path, PathBuf};
mod common;

use std::process::Command;

const CHILD: &str = "MT_RUNTIME_TEST_CHILD";

fn square(x: &i64) -> i64 {
    x * x
}

/// Squares are even functions.
#[metamorphic(output = "equal")]
fn even(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, square);
    let b = mg.follow_up(&-x, square);
    mg.check_eq(a, b);
}

/// Applies to positive inputs only.
#[metamorphic(output = "order")]
fn monotone(mg: &mut Mg, x: &i64) {
    if *x <= 0 {
        return mg.skip("needs a positive input");
    }
    let a = mg.source(x, square);
    let b = mg.follow_up(&(x + 1), square);
    mg.check(b > a, || format!("{b} <= {a}"));
}

/// Two source inputs: (a + b)² = a² + 2ab + b².
#[metamorphic(output = "sum")]
fn binomial(mg: &mut Mg, pair: &(i64, i64)) {
    let a = mg.source(&pair.0, square);
    let b = mg.source(&pair.1, square);
    let ab = mg.follow_up(&(pair.0 + pair.1), square);
    mg.check_eq(ab, a + 2 * pair.0 * pair.1 + b);
}

/// Runs `scenario` in a child process with recording into a fresh dir.
fn record(scenario: &str) -> (std::process::Output, PathBuf) {
    record_selected(scenario, None)
}

/// Like [`record`], with `MTCOV_SELECT` set to `selection` when given.
fn record_selected(scenario: &str, selection: Option<&Path>) -> (std::process::Output, PathBuf) {
    let tag = if selection.is_some() { "-selected" } else { "" };
    let dir = common::fresh_dir(&format!("recording-{scenario}{tag}"));
    let mut command = common::child(CHILD, scenario, &dir);
    if let Some(selection) = selection {
        command.env(mtcov_protocol::SELECT_ENV, selection);
    }
    (command.output().unwrap(), dir)
}

/// Every record of every file in `dir`, parsed; asserts each line is whole.
fn records(dir: &Path) -> Vec<Value> {
    let files: Vec<_> = std::fs::read_dir(dir)
        .expect("record dir")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one file per process: {files:?}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    let exe = std::env::current_exe().unwrap();
    let stem = exe.file_stem().unwrap().to_string_lossy();
    assert!(
        name.starts_with(&format!("{stem}-")) && name.ends_with(".jsonl"),
        "{name}"
    );
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.ends_with('\n'), "last record not terminated");
    text.lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .inspect(|record| assert_eq!(record["v"], mtcov_protocol::SCHEMA_VERSION))
        .collect()
}

/// Asserts the file ends with an `end` line counting every line before it.
fn assert_complete(records: &[Value]) {
    let (end, before) = records.split_last().unwrap();
    assert_eq!(end["kind"], "end", "last line: {end}");
    assert_eq!(end["lines"], before.len() as u64);
    assert_eq!(of_kind(records, "end").len(), 1);
}

fn of_kind<'a>(records: &'a [Value], kind: &str) -> Vec<&'a Value> {
    records.iter().filter(|r| r["kind"] == kind).collect()
}

/// The child side of every scenario, run by the tests above.
#[test]
#[ignore = "the child process of this file's tests, which run it with --ignored"]
fn child() {
    let scenario = std::env::var(CHILD).unwrap_or_else(|_| {
        panic!("{CHILD} is not set: this is the child side of this file's tests")
    });
    match scenario.as_str() {
        "plain" => {
            mt_runtime::check(&[1, 2, -3, 2], &[even, monotone]);
            mt_runtime::check(&[(1, 2), (2, 5), (5, 5)], &[binomial]);
        }
        "threads" => std::thread::scope(|scope| {
            for t in 0..8i64 {
                scope.spawn(move || {
                    let inputs: Vec<i64> = (0..100).map(|i| t * 1000 + i).collect();
                    mt_runtime::check(&inputs, &[even, monotone]);
                });
            }
        }),
        "abort" => {
            mt_runtime::check(&[1, 2, 3], &[even]);
            std::process::abort();
        }
        "no-mg" => {}
        other => panic!("unknown scenario {other}"),
    }
}

#[test]
fn one_record_per_mg_and_per_distinct_source_input() {
    let (output, dir) = record("plain");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let records = records(&dir);
    assert_eq!(records[0]["kind"], "header");
    assert_eq!(of_kind(&records, "header").len(), 1);
    let registry = records[0]["registry"].as_array().unwrap();
    let ids: Vec<&str> = registry
        .iter()
        .map(|mr| mr["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "mt_runtime::recording::binomial",
            "mt_runtime::recording::even",
            "mt_runtime::recording::monotone"
        ]
    );
    assert_eq!(records[0]["coverage"], Value::Null, "not instrumented");

    let mgs = of_kind(&records, "mg");
    assert_eq!(mgs.len(), 4 * 2 + 3, "4 sources x 2 MRs + 3 pairs x 1 MR");
    let outcomes = |mr: &str| -> Vec<&str> {
        mgs.iter()
            .filter(|r| r["mr"] == mr)
            .map(|r| r["outcome"].as_str().unwrap())
            .collect()
    };
    assert_eq!(outcomes("mt_runtime::recording::even"), ["holds"; 4]);
    assert_eq!(
        outcomes("mt_runtime::recording::monotone"),
        ["holds", "holds", "skipped", "holds"]
    );
    let skipped = mgs.iter().find(|r| r["outcome"] == "skipped").unwrap();
    assert_eq!(skipped["message"], "needs a positive input");
    assert_eq!(
        skipped["sources"].as_array().unwrap().len(),
        0,
        "skipped before running the SUT"
    );
    let minus_three = of_kind(&records, "source")
        .into_iter()
        .find(|r| r["debug"] == "-3")
        .unwrap();
    assert_eq!(
        skipped["argument"], minus_three["key"],
        "the input the MR did not apply to"
    );
    // An MG that holds names its argument only when it is not its first
    // source input (a selection file names MGs by their argument).
    assert!(
        mgs.iter()
            .filter(|r| r["outcome"] == "holds" && r["mr"] != "mt_runtime::recording::binomial")
            .all(|r| r.get("argument").is_none())
    );
    assert!(
        mgs.iter().all(|r| r["test"] == "child"),
        "test names: {mgs:?}"
    );

    let pairs: Vec<_> = mgs
        .iter()
        .filter(|r| r["mr"] == "mt_runtime::recording::binomial")
        .collect();
    assert_eq!(
        pairs[0]["sources"].as_array().unwrap().len(),
        2,
        "multi-source MG"
    );
    let pair_keys: std::collections::HashSet<&str> = pairs
        .iter()
        .map(|r| r["argument"].as_str().expect("the pair is no source input"))
        .collect();
    assert_eq!(pair_keys.len(), 3, "one key per pair: {pairs:?}");
    assert!(pair_keys.iter().all(|k| k.len() == 16));
    assert_eq!(pairs[0]["class"], "sum");
    assert_eq!(pairs[0]["follow_ups"], 1);
    assert_eq!(
        pairs[2]["sources"].as_array().unwrap().len(),
        1,
        "(5, 5) has one source input"
    );

    // Sources 1, 2, -3 (2 twice is one input) and 5 from the pairs: the
    // same i64 value is the same source input across MRs and checks.
    let sources = of_kind(&records, "source");
    let mut debug: Vec<&str> = sources
        .iter()
        .map(|r| r["debug"].as_str().unwrap())
        .collect();
    debug.sort();
    assert_eq!(debug, ["-3", "1", "2", "5"]);
    let keys: std::collections::HashSet<&str> = mgs
        .iter()
        .flat_map(|r| r["sources"].as_array().unwrap())
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 4);
    assert!(
        of_kind(&records, "cov").is_empty(),
        "no coverage without instrumentation"
    );
    assert_complete(&records);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn concurrent_checks_lose_and_interleave_nothing() {
    let (output, dir) = record("threads");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let records = records(&dir);
    assert_eq!(of_kind(&records, "mg").len(), 8 * 100 * 2);
    assert_eq!(of_kind(&records, "source").len(), 8 * 100);
    assert_complete(&records);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn records_survive_an_aborting_process() {
    let (output, dir) = record("abort");
    assert!(!output.status.success(), "the child aborts");
    let records = records(&dir);
    assert_eq!(of_kind(&records, "mg").len(), 3);
    assert_eq!(of_kind(&records, "source").len(), 3);
    assert!(
        of_kind(&records, "end").is_empty(),
        "no end line: the reader knows it aborted"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_process_that_runs_no_mg_still_reports_its_registry() {
    let (output, dir) = record("no-mg");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let records = records(&dir);
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["kind"], "header");
    assert_eq!(records[0]["registry"].as_array().unwrap().len(), 3);
    assert_complete(&records);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_that_cannot_be_written_fails_the_test_with_the_os_error() {
    let blocker = std::env::temp_dir().join(format!("mt-runtime-not-a-dir-{}", std::process::id()));
    std::fs::write(&blocker, "a file where the record directory should be").unwrap();
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--ignored", "--test-threads=1"])
        .env(CHILD, "plain")
        .env("MTCOV_RECORD_DIR", blocker.join("records"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!output.status.success(), "{stdout}");
    assert!(
        stdout.contains("cannot write the records of `cargo mtcov`"),
        "{stdout}"
    );
    let os_error = std::io::Error::from_raw_os_error(20).to_string(); // ENOTDIR
    assert!(stdout.contains(&os_error), "{stdout}");
    std::fs::remove_file(blocker).unwrap();
}

#[test]
fn nothing_is_written_without_the_variable() {
    let cwd = std::env::temp_dir().join(format!("mt-runtime-unset-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--ignored", "--test-threads=1"])
        .env(CHILD, "plain")
        .env_remove("MTCOV_RECORD_DIR")
        .current_dir(&cwd)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_dir(&cwd).unwrap().count(),
        0,
        "wrote into the working directory"
    );
    std::fs::remove_dir(cwd).unwrap();
}

/// A selection file runs only the MGs it names, in its order within each
/// check, in `check` and over MRs whose sources are not their argument.
#[test]
fn a_selection_runs_only_its_groups_in_its_order() {
    let (output, dir) = record("plain");
    assert!(output.status.success());
    let all = records(&dir);
    let mgs = of_kind(&all, "mg");
    let key_of = |debug: &str| -> String {
        of_kind(&all, "source")
            .into_iter()
            .find(|r| r["debug"] == debug)
            .unwrap()["key"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (one, two, five) = (key_of("1"), key_of("2"), key_of("5"));
    let pair = mgs
        .iter()
        .find(|r| r["sources"] == serde_json::json!([two, five]))
        .unwrap()["argument"]
        .as_str()
        .unwrap()
        .to_owned();
    let selection = dir.with_extension("selection.txt");
    std::fs::write(
        &selection,
        format!(
            "# binomial first, but in its own check\n\
             keep mt_runtime::recording::binomial {pair}\n\
             keep mt_runtime::recording::monotone {two} # 2\n\
             keep mt_runtime::recording::even {one}\n"
        ),
    )
    .unwrap();
    let (output, dir) = record_selected("plain", Some(&selection));
    assert!(output.status.success(), "{output:?}");
    let selected = records(&dir);
    let ran: Vec<(String, Value)> = of_kind(&selected, "mg")
        .into_iter()
        .map(|r| {
            let mr = r["mr"].as_str().unwrap().rsplit("::").next().unwrap();
            (mr.to_owned(), r["sources"].clone())
        })
        .collect();
    assert_eq!(
        ran,
        [
            ("monotone".to_owned(), serde_json::json!([two])),
            ("monotone".to_owned(), serde_json::json!([two])),
            ("even".to_owned(), serde_json::json!([one])),
            ("binomial".to_owned(), serde_json::json!([two, five])),
        ]
    );

    std::fs::write(&selection, "keep mt_runtime::recording::even 12\n").unwrap();
    let (output, _) = record_selected("plain", Some(&selection));
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!output.status.success());
    assert!(
        printed.contains("is not one: line 1: `12` is not a source key"),
        "{printed}"
    );
}

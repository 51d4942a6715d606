//! `tests/fixtures/first-use`: a SUT with code that runs only on first use
//! in a process (a `LazyLock`, a `OnceLock`, a `thread_local!` initialiser,
//! a memo table). Every schedule gives the same `A_k`, advice and
//! Metamorphic Coverage — the default (a process per test), `--jobs 1`,
//! each test split into three parts side by side,
//! `--serial` (one process per binary), nextest, `--partition` shards
//! merged, and `MTCOV_SELECT` orders — and they are HAND.md's numbers.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};

fn run(dir: &Path, target: &Path, args: &[&str], select: Option<&Path>) -> Output {
    let mut command = mtcov_command(dir, args);
    command.env("CARGO_TARGET_DIR", target);
    if let Some(select) = select {
        command.env("MTCOV_SELECT", select);
    }
    command.output().expect("cargo-mtcov runs")
}

/// The criteria of a JSON report: requirements, `A_k`, gaps with their
/// advice, Metamorphic Coverage.
fn criteria(out: &Output) -> Value {
    let report: Value = serde_json::from_str(&stdout(out))
        .unwrap_or_else(|e| panic!("not a JSON report ({e}): {}", stderr(out)));
    report["criteria"].clone()
}

const ARGS: [&str; 5] = ["--json", "--k", "3", "--criterion", "line,region,function"];

#[test]
fn code_run_only_on_first_use_gives_one_number_on_every_schedule() {
    let project = copy_fixture("first-use");
    let dir = project.path();
    let target = workspace_root().join("target/cli-fixtures/first-use");
    let with = |extra: &[&str]| {
        let mut args = ARGS.to_vec();
        args.extend_from_slice(extra);
        let out = run(dir, &target, &args, None);
        assert_exit(&out, 0);
        criteria(&out)
    };
    let default = with(&[]);

    // HAND.md's numbers.
    let line = &default[0];
    assert_eq!(line["criterion"], "line");
    let s = &line["summary"];
    assert_eq!(
        (
            &s["requirements"],
            &s["covered"],
            &s["a_k_numerator"],
            &s["a_k_denominator"]
        ),
        (&42.into(), &20.into(), &53.into(), &126.into()),
        "{s}"
    );
    let first_use: Vec<(u64, u64)> = line["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["first_use_only"] == true)
        .map(|g| {
            (
                g["span"]["line_start"].as_u64().unwrap(),
                g["span"]["line_end"].as_u64().unwrap(),
            )
        })
        .collect();
    // One group per function (HAND.md).
    assert_eq!(first_use, [(52, 60), (7, 13), (21, 23), (30, 32)]);
    // The summary says what no input can cover, and A_3 over the rest.
    let only = &line["first_use_only"];
    assert_eq!(only["requirements"], 22, "{only}");
    assert_eq!(
        (
            &only["a_k_coverable_numerator"],
            &only["a_k_coverable_denominator"]
        ),
        (&53.into(), &60.into()),
        "{only}"
    );
    let mc = &line["metamorphic_coverage"];
    let differing = |mr: &str| {
        mc["mrs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["mr"] == mr)
            .unwrap_or_else(|| panic!("{mr} in {mc}"))["differing"]
            .clone()
    };
    // The identity MR's follow-up runs what its source ran.
    assert_eq!(differing("first_use::score::again"), 0);
    assert_eq!(differing("first_use::score::capped"), 10);
    assert_eq!(mc["differing"], 10);

    let split = ["--split", "3", "--jobs", "3"];
    for schedule in [&["--serial"][..], &["--jobs", "1"], &split] {
        assert_eq!(with(schedule), default, "{schedule:?}");
    }

    // Shards merged.
    let dirs: Vec<String> = (1..=2)
        .map(|m| {
            let out = run(
                dir,
                &target,
                &["--partition", &format!("count:{m}/2")],
                None,
            );
            assert_exit(&out, 0);
            target
                .join(format!("mtcov/shard-{m}-of-2"))
                .display()
                .to_string()
        })
        .collect();
    let mut merge = vec![
        "merge",
        "--json",
        "--k",
        "3",
        "--criterion",
        "line,region,function",
    ];
    merge.extend(dirs.iter().map(String::as_str));
    let out = run(dir, &target, &merge, None);
    assert_exit(&out, 0);
    assert_eq!(criteria(&out), default, "count:M/2 shards merged");

    // Every group, in the reduction's order and reversed.
    let out = run(dir, &target, &["reduce", "--k", "3"], None);
    assert_exit(&out, 0);
    let order = target.join("mtcov/reduce/order.txt");
    let text = std::fs::read_to_string(&order).unwrap();
    let (comments, keeps): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| l.starts_with('#'));
    assert!(keeps.len() >= 10, "{text}");
    let reversed = dir.join("reversed.txt");
    let mut lines = comments;
    lines.extend(keeps.iter().rev());
    std::fs::write(&reversed, lines.join("\n") + "\n").unwrap();
    for select in [&order, &reversed] {
        let out = run(dir, &target, &ARGS, Some(select));
        assert_exit(&out, 0);
        assert_eq!(criteria(&out), default, "MTCOV_SELECT={}", select.display());
    }

    if crate::nextest::nextest_installed() {
        let mut args = vec!["nextest"];
        args.extend_from_slice(&ARGS);
        let out = run(dir, &target, &args, None);
        assert_exit(&out, 0);
        assert_eq!(criteria(&out), default, "nextest");
    }
}

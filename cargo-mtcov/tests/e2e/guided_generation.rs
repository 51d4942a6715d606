//! Adequacy-guided generation through the real `cargo mtcov` (fixture
//! `guided`, a real instrumented build): the kept draws become the source
//! pool and the corpus, a rerun replays the corpus and gives the same
//! report, the kept pool reaches more than as many random cases, and plain
//! `cargo test` replays the corpus (or says it runs random cases).

use crate::common::{
    assert_exit, copy_fixture, criterion, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// `(generated, drawn, kept, from corpus)` as the fixture's test prints them.
fn figures(stderr: &str) -> (u64, u64, u64, u64) {
    let line = stderr
        .lines()
        .find_map(|line| line.split("guided fixture: ").nth(1))
        .unwrap_or_else(|| panic!("no figures in: {stderr}"));
    let n: Vec<u64> = line
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    (n[0], n[1], n[2], n[3])
}

fn mtcov(project: &Path, random: Option<u64>) -> (String, String) {
    let mut command = mtcov_command(
        project,
        &[
            "--json",
            "--k",
            "3",
            "--criterion",
            "line,region",
            "--",
            "--nocapture",
        ],
    );
    command.env(
        "CARGO_TARGET_DIR",
        workspace_root().join("target/cli-fixtures/guided"),
    );
    for var in [
        "MTCOV_SEED",
        "PROPTEST_RNG_SEED",
        "PROPTEST_CASES",
        "GUIDED_FIXTURE_RANDOM",
    ] {
        command.env_remove(var);
    }
    if let Some(n) = random {
        command.env("GUIDED_FIXTURE_RANDOM", n.to_string());
    }
    let out = command.output().unwrap();
    assert_exit(&out, 0);
    (stdout(&out), stderr(&out))
}

fn a_k(report: &str, name: &str) -> (f64, f64) {
    let report: Value = serde_json::from_str(report).unwrap();
    let summary = &criterion(&report, name)["summary"];
    (
        summary["a_k"].as_f64().unwrap(),
        summary["plain_coverage"].as_f64().unwrap(),
    )
}

#[test]
fn guided_generation_keeps_what_reaches_new_code_and_replays_its_corpus() {
    let project = copy_fixture("guided");
    let corpus = project.path().join("tests/mtcov-corpus/relations.txt");

    let (guided, log) = mtcov(project.path(), None);
    let (generated, drawn, kept, from_corpus) = figures(&log);
    assert!(drawn > kept && kept > 1, "{log}");
    assert_eq!((generated, from_corpus), (kept, 0), "{log}");
    let report: Value = serde_json::from_str(&guided).unwrap();
    assert_eq!(
        report["totals"]["source_inputs"], kept,
        "the report's sources are the kept draws"
    );
    let saved = std::fs::read_to_string(&corpus).expect("the corpus is written");
    assert_eq!(
        saved.lines().filter(|l| l.starts_with("cc ")).count() as u64,
        kept,
        "{saved}"
    );

    let (again, log) = mtcov(project.path(), None);
    assert_eq!(figures(&log), (kept, 0, 0, kept), "{log}");
    assert_eq!(guided, again, "a rerun replays the corpus: the same report");
    assert_eq!(
        std::fs::read_to_string(&corpus).unwrap(),
        saved,
        "the corpus is unchanged"
    );

    let (random, log) = mtcov(project.path(), Some(kept));
    assert_eq!(figures(&log).0, kept, "{log}");
    let mut strictly = false;
    for name in ["line", "region"] {
        let (guided_ak, guided_cov) = a_k(&guided, name);
        let (random_ak, random_cov) = a_k(&random, name);
        eprintln!(
            "{name}: {kept} kept of {drawn} drawn: A_3 {guided_ak:.3} (coverage {guided_cov:.3}); {kept} random: A_3 {random_ak:.3} (coverage {random_cov:.3})"
        );
        assert!(guided_ak >= random_ak && guided_cov >= random_cov, "{name}");
        strictly |= guided_ak > random_ak;
    }
    assert!(
        strictly,
        "the kept draws reach more than as many random ones"
    );

    // Plain `cargo test`: the corpus is replayed; without one, random cases run.
    let cargo_test = || {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args(["test", "-q", "--", "--nocapture"])
            .current_dir(project.path())
            .env(
                "CARGO_TARGET_DIR",
                workspace_root().join("target/cli-fixtures/guided-plain"),
            )
            .env_remove("RUSTFLAGS")
            .env_remove("GUIDED_FIXTURE_RANDOM")
            .env_remove("PROPTEST_CASES")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    assert_eq!(figures(&cargo_test()), (kept, 0, 0, kept));
    std::fs::remove_file(&corpus).unwrap();
    let log = cargo_test();
    assert_eq!(figures(&log), (256, 0, 0, 0), "{log}");
    assert!(
        log.contains("note: mt-runtime's guided generation needs coverage"),
        "{log}"
    );
    assert!(!corpus.exists(), "no corpus is written without coverage");
}

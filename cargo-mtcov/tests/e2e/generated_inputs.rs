//! Source inputs drawn from a strategy, through the real `cargo mtcov`:
//! the default seed comes from the test's name, so the same run gives a
//! byte-identical report, and `MTCOV_SEED` draws other inputs.

use crate::common::{assert_exit, copy_fixture, mtcov_command, stdout, workspace_root};
use serde_json::Value;

fn report(project: &std::path::Path, seed: Option<&str>) -> String {
    let target = workspace_root().join("target/cli-fixtures/generated");
    let mut command = mtcov_command(project, &["--json", "--k", "2"]);
    command.env("CARGO_TARGET_DIR", &target);
    for var in ["MTCOV_SEED", "PROPTEST_RNG_SEED", "PROPTEST_CASES"] {
        command.env_remove(var);
    }
    if let Some(seed) = seed {
        command.env("MTCOV_SEED", seed);
    }
    let out = command.output().unwrap();
    assert_exit(&out, 0);
    stdout(&out)
}

#[test]
fn generated_inputs_give_the_same_report_every_run_and_another_seed_another() {
    let project = copy_fixture("generated");
    let first = report(project.path(), None);
    let parsed: Value = serde_json::from_str(&first).expect("JSON report");
    assert_eq!(parsed["totals"]["source_inputs"], 6, "{parsed:#}");
    assert_eq!(first, report(project.path(), None), "two runs, two reports");
    let other = report(project.path(), Some("0x2a"));
    assert_ne!(first, other, "MTCOV_SEED draws other inputs");
    assert_eq!(
        other,
        report(project.path(), Some("42")),
        "the same seed, hex or decimal"
    );
}

/// `tests/fixtures/stopped-draws`: the strategy check's MR fails on its
/// third drawn case (of 76 planned), so drawing stops there. Every report
/// format says that `A_k` covers 3 of 76 planned inputs, and the violation
/// shows the shrunk input beside the one drawn.
#[test]
fn a_strategy_check_stopped_at_a_violation_is_named_with_its_minimal_input() {
    let project = copy_fixture("stopped-draws");
    let target = workspace_root().join("target/cli-fixtures/stopped-draws");
    let mtcov = |args: &[&str]| {
        let mut command = mtcov_command(project.path(), args);
        command.env("CARGO_TARGET_DIR", &target);
        for var in ["MTCOV_SEED", "PROPTEST_RNG_SEED", "PROPTEST_CASES"] {
            command.env_remove(var);
        }
        command.output().unwrap()
    };
    let out = mtcov(&["--json", "--k", "1"]);
    assert_exit(&out, 1);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    assert_eq!(
        report["stopped_draws"],
        serde_json::json!([{
            "site": "tests/relations.rs:15",
            "test": "paras",
            "planned": 76,
            "drawn": 3
        }])
    );
    assert_eq!(report["totals"]["source_inputs"], 3);
    let violation = &report["violations"][0];
    assert_eq!(violation["minimal"], "\"a a a a a a a a a a a a a\"");
    assert_ne!(violation["sources"][0], violation["minimal"]);

    let sentence = "A_1 over 3 of 76 planned inputs of the strategy check at \
                    tests/relations.rs:15 (test `paras`): it stopped at the first violation";
    let html = target.join("html-stopped");
    let md = target.join("stopped.md");
    let out = mtcov(&[
        "report",
        "--k",
        "1",
        &format!("--html={}", html.display()),
        &format!("--markdown={}", md.display()),
    ]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains(sentence), "{text}");
    assert!(
        text.contains("minimal (shrunk): \"a a a a a a a a a a a a a\""),
        "{text}"
    );
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(
        markdown.contains("**Partial draws**: A\\_1 over 3 of 76 planned inputs"),
        "{markdown}"
    );
    assert!(markdown.contains("minimal input"), "{markdown}");
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(
        index.contains("<b>Partial draws:</b> A_1 over 3 of 76 planned inputs"),
        "{index}"
    );
    assert!(index.contains("minimal (shrunk): <code>"), "{index}");
}

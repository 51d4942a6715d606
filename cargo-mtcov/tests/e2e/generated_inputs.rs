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

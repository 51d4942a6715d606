//! A test binary that registers an MR but never calls `check` still
//! reports its registry (written at process exit): the MR is counted and
//! listed as never associated, with or without a test-name filter.

use crate::common::{assert_exit, copy_fixture, mtcov_command, stdout, workspace_root};
use serde_json::Value;

#[test]
fn mrs_of_binaries_that_run_no_mg_reach_the_report() {
    let project = copy_fixture("registry-only");
    let target = workspace_root().join("target/cli-fixtures/registry-only");
    for filter in [&[][..], &["--", "relations_hold"][..]] {
        let mut args = vec!["--json", "--k", "1"];
        args.extend_from_slice(filter);
        let out = mtcov_command(project.path(), &args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
        assert_eq!(report["totals"]["mrs"], 2, "{filter:?}: {report:#}");
        let dead: Vec<&str> = report["dead_mrs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap())
            .collect();
        assert_eq!(dead, ["registry_only::never_checked::odd"], "{filter:?}");
    }
}

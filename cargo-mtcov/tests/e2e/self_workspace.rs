//! `cargo mtcov --workspace` on this repository itself: every member
//! (the proc-macro crate mt-macros, the runtime, the subcommand, the
//! examples, the end-to-end test crate, xtask) builds instrumented through
//! the wrapper, every test binary starts and exits cleanly (the proc-macro
//! one loads the toolchain's libstd), and the examples' MRs are measured.
//!
//! The run selects the examples' relation tests (`-- relations_hold`):
//! every test binary still starts (to list its tests), but the end-to-end tests of this crate,
//! which build fixture projects, are left to `cargo test` (unfiltered,
//! this run would be `cargo test --workspace` run serially, many minutes).
//! That also keeps this test out of the run it starts. The run has a
//! target directory of its own, so it never waits for a `cargo mtcov`
//! someone runs on the repository meanwhile.

use crate::common::{assert_exit, mtcov_command, stderr, stdout, workspace_root};
use serde_json::Value;

#[test]
fn cargo_mtcov_workspace_on_this_repository_succeeds() {
    let root = workspace_root();
    let out = mtcov_command(&root, &["--workspace", "--json", "--", "relations_hold"])
        .env(
            "CARGO_TARGET_DIR",
            root.join("target/cli-fixtures/self-workspace"),
        )
        .output()
        .expect("cargo-mtcov runs");
    // A test binary that fails or aborts (mt-macros' without libstd on
    // the library path) makes this exit 1.
    assert_exit(&out, 0);
    let err = stderr(&out);
    assert!(
        !err.contains("error while loading shared libraries"),
        "{err}"
    );
    // mtcov's own crates are left uninstrumented on purpose: no warning.
    assert!(!err.contains("not instrumented"), "{err}");
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    let mrs: Vec<&str> = report["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .flat_map(|s| s["mrs"].as_array().unwrap())
        .map(|m| m.as_str().unwrap())
        .collect();
    for example in ["trig::", "expr::", "fees::"] {
        assert!(
            mrs.iter().any(|m| m.starts_with(example)),
            "no {example} MR associated: {report:#}"
        );
    }
    let line = crate::common::criterion(&report, "line");
    assert!(
        line["summary"]["covered"].as_u64().unwrap() > 0,
        "nothing covered: {line:#}"
    );
}

//! `#[metamorphic]` in an edition-2015 crate, where a path starting with
//! `::` names the crate root rather than an external crate: the
//! `tests/fixtures/edition2015` crate must build and its MRs run, both with
//! `extern crate mt_runtime;` at its root (and `crate = ::mt_runtime` /
//! a re-export in a module) and with no `extern crate` at all.
//!
//! Plain `cargo test` on a copy of the fixture, in a target directory
//! shared across runs, apart from the workspace's own build.

use std::process::Command;

use crate::common::{copy_fixture, stderr, stdout, workspace_root};

#[test]
fn an_edition_2015_crate_builds_and_runs_its_mrs() {
    let project = copy_fixture("edition2015");
    let manifest =
        std::fs::read_to_string(project.path().join("Cargo.toml")).expect("fixture manifest");
    assert!(
        manifest.contains("edition = \"2015\""),
        "the fixture must stay an edition-2015 crate"
    );

    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_TERM_COLOR",
        "MTCOV_RECORD_DIR",
        "LLVM_PROFILE_FILE",
    ] {
        cargo.env_remove(var);
    }
    let output = cargo
        .current_dir(project.path())
        .args(["test", "--tests"])
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/mtcov-test-fixtures/edition2015"),
        )
        .output()
        .expect("run cargo test on the fixture");
    let stdout = stdout(&output);
    assert!(
        output.status.success(),
        "the edition-2015 fixture failed:\n{}\n{stdout}",
        stderr(&output)
    );
    for test in [
        "the_mrs_run_and_are_registered",
        "a_violation_fails_check",
        "the_mrs_run",
    ] {
        assert!(
            stdout.contains(&format!("test {test} ... ok")),
            "`{test}` did not pass:\n{stdout}"
        );
    }
}

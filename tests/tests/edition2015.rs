//! `#[metamorphic]` in an edition-2015 crate, where a path starting with
//! `::` names the crate root rather than an external crate: the
//! `tests/fixtures/edition2015` crate must build and its MRs run, both with
//! `extern crate mt_runtime;` at its root (and `crate = ::mt_runtime` /
//! a re-export in a module) and with no `extern crate` at all.
//!
//! The fixture is copied to a scratch directory (its `mt-runtime` path
//! pointed at this checkout) and tested with `cargo test` in a target
//! directory shared across runs, apart from the workspace's own build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create fixture dir");
    for entry in std::fs::read_dir(from).expect("read fixture") {
        let entry = entry.expect("fixture entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            if entry.file_name() != "target" {
                copy_tree(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), &target).expect("copy fixture file");
        }
    }
}

#[test]
fn an_edition_2015_crate_builds_and_runs_its_mrs() {
    let fixtures_target = repo_root().join("target/mtcov-test-fixtures");
    let project = fixtures_target
        .join("tmp")
        .join(format!("edition2015-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&project);
    copy_tree(&repo_root().join("tests/fixtures/edition2015"), &project);
    let manifest = project.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("fixture manifest");
    assert!(
        text.contains("edition = \"2015\""),
        "the fixture must stay an edition-2015 crate"
    );
    let runtime = format!("{:?}", repo_root().join("mt-runtime").display().to_string());
    std::fs::write(&manifest, text.replace("\"../../../mt-runtime\"", &runtime))
        .expect("rewrite manifest");

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
        .current_dir(&project)
        .args(["test", "--tests"])
        .env("CARGO_TARGET_DIR", fixtures_target.join("edition2015"))
        .output()
        .expect("run cargo test on the fixture");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(
        output.status.success(),
        "the edition-2015 fixture failed:\n{stderr}\n{stdout}"
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
    let _ = std::fs::remove_dir_all(&project);
}

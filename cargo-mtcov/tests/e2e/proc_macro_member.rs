//! A workspace with a proc-macro member: its unit-test binary loads the
//! toolchain's shared libstd, which `cargo test` puts on the library path.
//! Under `cargo mtcov --workspace` it must run and pass as under `cargo
//! test`, not abort with "error while loading shared libraries".

use crate::common::{assert_exit, copy_fixture, mtcov_command, stderr, stdout, workspace_root};

#[test]
fn proc_macro_unit_tests_run_as_under_cargo_test() {
    let project = copy_fixture("proc-macro-member");
    let target = workspace_root().join("target/cli-fixtures/proc-macro-member");
    let out = mtcov_command(project.path(), &["--workspace", "--k", "1"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    let err = stderr(&out);
    // A process of its own, as every test of a binary without MRs.
    assert!(
        err.lines()
            .any(|l| l.contains("PASS [") && l.ends_with("proc-macro-member-macros doubles")),
        "{err}"
    );
    assert!(
        !err.contains("error while loading shared libraries"),
        "{err}"
    );
    let report = stdout(&out);
    assert!(
        report.contains("1 MR in 1 relation class, 3 source inputs"),
        "{report}"
    );
}

//! The command line itself: help, usage errors and their exit codes.

use crate::common::{TempDir, assert_exit, mtcov, stderr, stdout};

#[test]
fn help_lists_the_flags_and_exit_codes() {
    let dir = TempDir::new("help");
    let out = mtcov(dir.path(), &["--help"]);
    assert_exit(&out, 0);
    let help = stdout(&out);
    for flag in [
        "--k <N>",
        "--criterion",
        "--distinct",
        "--fail-under",
        "--json",
        "--html",
        "--open",
        "--lcov",
        "--cobertura",
        "--codecov",
        "--markdown",
        "--branch",
        "--satisfaction",
        "--diff <REF>",
        "--fail-under-patch",
        "report",
        "clean",
        "mutants",
        "study",
        "suggest",
        "reduce",
        "tolerance",
    ] {
        assert!(
            help.contains(flag),
            "--help does not mention {flag}:\n{help}"
        );
    }
    assert!(
        help.contains("3    every test passed but a criterion is below --fail-under"),
        "{help}"
    );
}

/// Every command's `--help`, as a user reads it; and every flag it lists
/// is documented in docs/cli.md.
#[test]
fn the_help_of_every_command_is_as_recorded_and_documented() {
    let dir = TempDir::new("help-all");
    let docs =
        std::fs::read_to_string(crate::common::workspace_root().join("docs/cli.md")).unwrap();
    for command in [
        "",
        "report",
        "clean",
        "merge",
        "nextest",
        "mutants",
        "study",
        "suggest",
        "reduce",
        "tolerance",
        "scout",
    ] {
        let args: Vec<&str> = command.split_whitespace().chain(["--help"]).collect();
        let out = mtcov(dir.path(), &args);
        assert_exit(&out, 0);
        let help = stdout(&out);
        let name = if command.is_empty() { "mtcov" } else { command };
        insta::assert_snapshot!(format!("help_{name}"), help);
        let undocumented: Vec<&str> = help
            .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == '=')
            .filter(|word| word.starts_with("--") && word.len() > 2)
            .map(|word| word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
            .filter(|flag| !["--help", "--version"].contains(flag))
            .filter(|flag| !docs.contains(flag))
            .collect();
        assert!(
            undocumented.is_empty(),
            "`cargo mtcov {command} --help` lists flags docs/cli.md does not mention: {undocumented:?}"
        );
    }
}

#[test]
fn a_tolerance_margin_below_one_is_a_usage_error() {
    let dir = TempDir::new("margin");
    for margin in ["0.5", "ten", "inf"] {
        let out = mtcov(dir.path(), &["tolerance", "--margin", margin]);
        assert_exit(&out, 2);
        assert!(
            stderr(&out).contains("is not a margin: give a number of times the floor, at least 1"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn an_unknown_flag_is_a_usage_error() {
    let dir = TempDir::new("unknown");
    let out = mtcov(dir.path(), &["--frobnicate"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("unexpected argument '--frobnicate'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn fail_under_out_of_range_says_what_a_fraction_is() {
    let dir = TempDir::new("fail-under");
    let out = mtcov(dir.path(), &["--fail-under", "line=2"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("--fail-under"), "{err}");
    assert!(
        err.contains("line: 2 is not a fraction between 0 and 1 (for 80% write 0.8)"),
        "{err}"
    );

    let out = mtcov(dir.path(), &["--fail-under", "lines=0.5"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out)
            .contains("unknown criterion `lines`; known criteria: line, region, branch, function")
    );
}

#[test]
fn k_zero_is_rejected() {
    let dir = TempDir::new("k0");
    let out = mtcov(dir.path(), &["--k", "0"]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--k <N>"), "{}", stderr(&out));
}

#[test]
fn outside_a_cargo_project_says_so() {
    let dir = TempDir::new("no-project");
    for args in [&[][..], &["report"], &["clean"], &["mutants"], &["study"]] {
        let out = mtcov(dir.path(), args);
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains("not in a cargo project: no Cargo.toml in"),
            "{args:?}: {err}"
        );
        assert!(err.contains("--manifest-path"), "{args:?}: {err}");
        assert!(stdout(&out).is_empty(), "stdout is for the report only");
    }
}

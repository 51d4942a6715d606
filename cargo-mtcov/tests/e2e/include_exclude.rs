//! `--include` / `--exclude` through the real `cargo mtcov` on
//! `tests/fixtures/scope-globs`: globs (`*` within a directory, `**`
//! across), paths as a shell completes them, absolute paths, and a pattern
//! that matches no file in scope is an error (exit 2), never a silent
//! "no requirements".

use std::collections::BTreeSet;

use crate::common::{
    assert_exit, copy_fixture, criterion, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

/// The files of the line requirements of a JSON report.
fn files(report: &Value) -> BTreeSet<String> {
    let line = criterion(report, "line");
    line["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["location"]["file"].as_str().unwrap().to_owned())
        .collect()
}

fn set(files: &[&str]) -> BTreeSet<String> {
    files.iter().map(|f| f.to_string()).collect()
}

#[test]
fn globs_paths_and_patterns_that_match_nothing() {
    let project = copy_fixture("scope-globs");
    let target = workspace_root().join("target/cli-fixtures/scope-globs");
    let run = |args: &[&str]| {
        mtcov_command(project.path(), args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap()
    };
    let report = |args: &[&str]| {
        let mut all = vec!["report", "--json"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert_exit(&out, 0);
        files(&serde_json::from_str(&stdout(&out)).expect("JSON report"))
    };

    let first = run(&["--json"]);
    assert_exit(&first, 0);
    let every = set(&["src/lib.rs", "src/parse/mod.rs", "src/parse/token.rs"]);
    assert_eq!(
        files(&serde_json::from_str(&stdout(&first)).unwrap()),
        every
    );

    // As a shell completes a path, plain, and absolute.
    assert_eq!(
        report(&["--include", "./src/parse/token.rs"]),
        set(&["src/parse/token.rs"])
    );
    assert_eq!(
        report(&["--include", "src/parse/token.rs"]),
        set(&["src/parse/token.rs"])
    );
    assert_eq!(
        report(&["--include", "token.rs"]),
        set(&["src/parse/token.rs"])
    );
    let absolute = project.path().join("src/parse/token.rs");
    assert_eq!(
        report(&["--include", absolute.to_str().unwrap()]),
        set(&["src/parse/token.rs"])
    );
    // A directory, with or without `./`.
    assert_eq!(
        report(&["--include", "./src/parse/"]),
        set(&["src/parse/mod.rs", "src/parse/token.rs"])
    );
    assert_eq!(report(&["--exclude", "src/parse"]), set(&["src/lib.rs"]));
    // `*` stays in one directory, `**` crosses.
    assert_eq!(report(&["--include", "src/*.rs"]), set(&["src/lib.rs"]));
    assert_eq!(report(&["--include", "./src/**/*.rs"]), every);
    assert_eq!(
        report(&["--include", "src/*/t*.rs", "--include", "lib.rs"]),
        set(&["src/lib.rs", "src/parse/token.rs"])
    );

    // A pattern that matches no file in scope: exit 2, the pattern named and
    // the files in scope listed, also under --fail-under.
    for args in [
        &["report", "--include", "src/tokens.rs"][..],
        &["report", "--include", "src/tok", "--fail-under", "0.5"],
        &["report", "--include", "lib.rs", "--exclude", "tests/**"],
        &["--include", "./parse/token.rs"],
    ] {
        let out = run(args);
        assert_exit(&out, 2);
        let message = stderr(&out);
        let pattern = args[args.len() - 1 - usize::from(args.contains(&"--fail-under")) * 2];
        assert!(
            message.contains(&format!("`{pattern}` matches no source file in scope")),
            "{args:?}: {message}"
        );
        for file in &every {
            assert!(
                message.contains(&format!("./{file}")),
                "{args:?}: {message}"
            );
        }
    }
}

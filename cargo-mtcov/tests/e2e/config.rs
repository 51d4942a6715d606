//! `.config/mtcov.toml`: a fixture with a default and a `ci` profile.
//! The file fills what the flags leave, a flag overrides it, `--profile`
//! layers a profile over the default one, `--show-config` says where each
//! setting comes from, and a wrong file is an error at its line.

use std::path::Path;

use crate::common::{TempDir, assert_exit, copy_fixture, mtcov, mtcov_command, stderr, stdout};

fn report_k(path: &Path) -> u64 {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} is not there: {e}", path.display()));
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    report["k"].as_u64().expect("k")
}

/// What a user reads, with the temporary directory's path as `[ROOT]`.
fn redacted(dir: &TempDir, text: &str) -> String {
    text.replace(&dir.path().display().to_string(), "[ROOT]")
}

#[test]
fn the_file_fills_what_flags_leave_and_flags_override_it() {
    let dir = copy_fixture("config");
    let json = dir.path().join("mtcov-report.json");

    // The default profile: `k = 2`, two criteria, the JSON report written
    // where the file says (relative to the workspace root).
    let out = mtcov(dir.path(), &[]);
    assert_exit(&out, 0);
    assert!(
        stdout(&out).contains("k-MR adequacy at k = 2"),
        "{}",
        stdout(&out)
    );
    assert_eq!(report_k(&json), 2);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let criteria: Vec<&str> = report["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["criterion"].as_str().unwrap())
        .collect();
    assert_eq!(criteria, ["line", "region"]);

    // `--profile ci` over it: k = 1, thresholds the run is below (line
    // 70% < 90%), a Markdown summary, and the default profile's JSON.
    let out = mtcov(dir.path(), &["report", "--profile", "ci"]);
    assert_exit(&out, 3);
    assert!(
        stderr(&out).contains("below --fail-under"),
        "{}",
        stderr(&out)
    );
    assert_eq!(report_k(&json), 1);
    let summary = std::fs::read_to_string(dir.path().join("summary.md")).unwrap();
    assert!(summary.contains("k-MR adequacy at k = 1"), "{summary}");

    // Flags override the file: the threshold, k, and where JSON goes.
    std::fs::remove_file(&json).unwrap();
    let out = mtcov(
        dir.path(),
        &[
            "report",
            "--profile",
            "ci",
            "--fail-under",
            "0",
            "--k",
            "3",
            "--json=flag.json",
        ],
    );
    assert_exit(&out, 0);
    assert_eq!(report_k(&dir.path().join("flag.json")), 3);
    assert!(!json.exists(), "the flag's path replaces the file's");

    // The other commands read it too: `reduce` keeps A_2 of both criteria.
    let out = mtcov(dir.path(), &["reduce", "--json"]);
    assert_exit(&out, 0);
    let reduce: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(reduce["k"], 2, "{reduce:#}");
}

#[test]
fn show_config_says_where_each_setting_comes_from() {
    let dir = copy_fixture("config");
    let out = mtcov(
        dir.path(),
        &[
            "--show-config",
            "--profile",
            "ci",
            "--k",
            "3",
            "--jobs",
            "2",
        ],
    );
    assert_exit(&out, 0);
    insta::assert_snapshot!("show_config_ci", redacted(&dir, &stdout(&out)));
    // Nothing ran.
    assert!(!dir.path().join("target/mtcov").exists());

    let out = mtcov(dir.path(), &["reduce", "--show-config"]);
    assert_exit(&out, 0);
    insta::assert_snapshot!("show_config_reduce", redacted(&dir, &stdout(&out)));

    // `MTCOV_PROFILE` chooses the profile when `--profile` does not.
    let with_env = |profile: &str, args: &[&str]| {
        mtcov_command(dir.path(), args)
            .env("MTCOV_PROFILE", profile)
            .output()
            .unwrap()
    };
    let out = with_env("ci", &["--show-config"]);
    assert_exit(&out, 0);
    assert!(stdout(&out).contains("profile `ci`"), "{}", stdout(&out));
    let out = with_env("ci", &["--show-config", "--profile", "default"]);
    assert!(
        stdout(&out).contains("profile `default`"),
        "{}",
        stdout(&out)
    );
    let out = with_env("nightly", &["--show-config"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("MTCOV_PROFILE=nightly: ")
            && stderr(&out).contains("`default`, `ci`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_wrong_file_is_an_error_at_its_line_naming_what_it_knows() {
    let dir = copy_fixture("config");
    let file = dir.path().join(".config/mtcov.toml");
    let original = std::fs::read_to_string(&file).unwrap();
    let cases = [
        (
            "unknown_key",
            original.replace("k = 1\n", "k = 1\nthreshold = 0.8\n"),
            None,
        ),
        (
            "bad_threshold",
            original.replace("line = 0.9", "line = 90"),
            Some("ci"),
        ),
        ("top_level_key", format!("k = 2\n{original}"), None),
        ("unknown_profile", original.clone(), Some("nightly")),
        (
            "patch_gate_without_diff",
            original.replace("test-timeout", "fail-under-patch = 0.9\ntest-timeout"),
            Some("ci"),
        ),
    ];
    for (name, text, profile) in cases {
        std::fs::write(&file, text).unwrap();
        let mut args = vec!["report"];
        if let Some(profile) = profile {
            args.extend(["--profile", profile]);
        }
        let out = mtcov(dir.path(), &args);
        assert_exit(&out, 2);
        insta::assert_snapshot!(
            format!("config_error_{name}"),
            redacted(&dir, &stderr(&out))
        );
    }
}

/// The examples README.md and docs/cli.md give are files mtcov reads, and
/// their CI profile's patch gate is refused without a revision.
#[test]
fn the_documented_examples_are_valid_files() {
    let dir = copy_fixture("config");
    let root = crate::common::workspace_root();
    for doc in ["README.md", "docs/cli.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        let start = text
            .find("```toml\n[profile.default]")
            .expect("a toml example")
            + 8;
        let example = &text[start..start + text[start..].find("```").unwrap()];
        std::fs::write(dir.path().join(".config/mtcov.toml"), example).unwrap();
        let out = mtcov(
            dir.path(),
            &["--show-config", "--profile", "ci", "--diff", "HEAD"],
        );
        assert_exit(&out, 0);
        let shown = stdout(&out);
        assert!(
            shown.contains("fail-under-patch = { line = 0.9 }"),
            "{doc}:\n{shown}"
        );
        assert!(shown.contains("k = 3  "), "{doc}:\n{shown}");
        let out = mtcov(dir.path(), &["--show-config", "--profile", "ci"]);
        assert_exit(&out, 2);
        assert!(
            stderr(&out).contains("needs the revision"),
            "{}",
            stderr(&out)
        );
    }
}

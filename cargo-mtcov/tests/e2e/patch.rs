//! `cargo mtcov --diff REF` on `tests/fixtures/kmr-hand` in a git
//! repository: the patch's line `A_k` equals the hand computation in the
//! fixture's HAND.md, and `--fail-under-patch` gates on it.

use crate::common::{
    assert_exit, copy_fixture, criterion, git, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

#[test]
fn patch_a_k_equals_the_hand_computation_and_gates() {
    let project = copy_fixture("kmr-hand");
    let dir = project.path();
    git(dir, &["init", "-q"]);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "base"]);
    let lib = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).unwrap();
    let changed = text
        .replace(
            "        \"negative\"\n",
            "        \"negative\" // the patch\n",
        )
        .replace("        \"zero\"\n", "        \"zero\" // the patch\n")
        .replace("    x + 1\n", "    x + 2\n");
    assert_ne!(changed, text);
    std::fs::write(&lib, changed).unwrap();

    let target = workspace_root().join("target/cli-fixtures/kmr-hand-patch");
    let run = |args: &[&str], code: i32| {
        let out = mtcov_command(dir, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, code);
        out
    };
    let out = run(&["--k", "3", "--diff", "HEAD", "--json"], 0);
    let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON report");
    assert_eq!(report["patch"]["base"], "HEAD");
    assert_eq!(report["patch"]["files"], 1);
    assert_eq!(report["patch"]["lines"], 3);
    let line = &report["patch"]["criteria"][0];
    assert_eq!(line["criterion"], "line");
    let s = &line["summary"];
    assert_eq!(
        (&s["requirements"], &s["covered"]),
        (&Value::from(3), &Value::from(2))
    );
    assert_eq!(
        (&s["a_k_numerator"], &s["a_k_denominator"]),
        (&Value::from(3), &Value::from(9))
    );
    let gaps: Vec<u64> = line["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["location"]["line_start"].as_u64().unwrap())
        .collect();
    assert_eq!(gaps, [6, 8, 15]);
    // The whole is unchanged by the patch.
    assert_eq!(criterion(&report, "line")["summary"]["a_k_numerator"], 21);

    // From the same records: k = 2, Markdown, and the gate.
    let md = stdout(&run(
        &["report", "--k", "2", "--diff", "HEAD", "--markdown"],
        0,
    ));
    assert!(
        md.contains("### Patch: 3 changed lines in 1 file against `HEAD`"),
        "{md}"
    );
    assert!(md.contains("| line | 3 | 2 | **50.0%** | 1 |"), "{md}");
    assert!(
        md.contains(
            "- **src/lib.rs:15**: K = 0.00; no MR's SUT calls `kmr_hand::unused`: write an MR whose \
             SUT calls it"
        ),
        "{md}"
    );
    // docs/cli.md's CI example shows exactly this section.
    let docs = std::fs::read_to_string(workspace_root().join("docs/cli.md")).unwrap();
    let section = &md[md.find("### Patch").unwrap()..md.find("| Sweep").unwrap()];
    for line in section.trim_end().lines() {
        let quoted = if line.is_empty() {
            ">".to_owned()
        } else {
            format!("> {line}")
        };
        assert!(docs.contains(&quoted), "docs/cli.md lacks `{quoted}`");
    }
    run(
        &[
            "report",
            "--k",
            "3",
            "--diff",
            "HEAD",
            "--fail-under-patch",
            "0.3",
        ],
        0,
    );
    let out = run(
        &[
            "report",
            "--k",
            "3",
            "--diff",
            "HEAD",
            "--fail-under-patch",
            "0.4",
        ],
        3,
    );
    assert!(
        stderr(&out).contains("the patch's line A_3 = 0.3333 is below --fail-under-patch 0.4"),
        "{}",
        stderr(&out)
    );
    // Misuse says what is wrong.
    let out = run(&["report", "--fail-under-patch", "0.4"], 2);
    assert!(stderr(&out).contains("--diff"), "{}", stderr(&out));
    let out = run(&["report", "--diff", "no-such-revision"], 2);
    assert!(
        stderr(&out).contains("`git diff no-such-revision` failed"),
        "{}",
        stderr(&out)
    );

    // A Rust source git does not track yet is added whole; other untracked
    // files (the lock file cargo wrote, notes) are no change to measure.
    std::fs::write(
        dir.join("src/draft.rs"),
        "pub fn draft() {}\n// two lines\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "a\nb\nc\n").unwrap();
    let report: Value =
        serde_json::from_str(&stdout(&run(&["report", "--diff", "HEAD", "--json"], 0))).unwrap();
    assert_eq!(report["patch"]["files"], 2, "{:#}", report["patch"]);
    assert_eq!(report["patch"]["lines"], 5, "{:#}", report["patch"]);
}

//! `cargo mtcov --affected HEAD~1` on `tests/fixtures/affected` in a git
//! history of six changes (a line inside one function, a new branch, a
//! changed `const` table, a changed MR, a new input, a change to code no
//! test runs): after each, the report (text and JSON) equals a full
//! rerun's, and only the tests the rule selects ran, the library's plain
//! unit tests among them (by the functions each one's process ran); a report mtcov wrote
//! into the tree is no change, a scratch file is. And the refusals:
//! no last run, a last run of another revision, build, settings or
//! selection, a kept binary changed since.

use std::path::Path;
use std::process::Output;

use crate::common::{
    assert_exit, copy_fixture, git, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

const CLAMP: &str = "affected::clamp clamp_relations";
const DIGITS: &str = "affected::digits digits_relations";
const LOOKUP: &str = "affected::lookup lookup_relations";
const PAIR: &str = "affected::pair pair_relations";
// The library's plain unit tests (a binary without MRs).
const ALONE: &str = "affected tests::arithmetic_alone";
const UNIT_CLAMP: &str = "affected tests::clamp_keeps_what_is_inside";
const UNIT_DIGITS: &str = "affected tests::digits_of_a_power_of_ten";
const UNIT_NEGATE: &str = "affected tests::negating_twice_is_the_identity";
/// Every test, in the order the `affected` summary sorts them.
const TESTS: [&str; 8] = [
    ALONE,
    UNIT_CLAMP,
    UNIT_DIGITS,
    UNIT_NEGATE,
    CLAMP,
    DIGITS,
    LOOKUP,
    PAIR,
];

/// One change: its commit message, the file, the text replaced and its
/// replacement, the tests that must rerun, the MGs that rerun in tests
/// whose other MGs are kept, and whether the change allows no finer
/// choice than every test.
struct Step {
    name: &'static str,
    file: &'static str,
    from: &'static str,
    to: &'static str,
    rerun: &'static [&'static str],
    groups: u64,
    everything: bool,
}

const STEPS: [Step; 7] = [
    Step {
        name: "a line inside one function",
        file: "src/lib.rs",
        from: "        x /= 10;\n",
        to: "        x = x / 10;\n",
        rerun: &[UNIT_DIGITS, DIGITS],
        groups: 0,
        everything: false,
    },
    Step {
        name: "a new branch (lines inserted: the functions after it move)",
        file: "src/lib.rs",
        from: "    if x < lo {\n",
        to: "    if lo > hi {\n        return lo;\n    }\n    if x < lo {\n",
        rerun: &[UNIT_CLAMP, CLAMP],
        groups: 0,
        everything: false,
    },
    Step {
        name: "a changed const table",
        file: "src/table.rs",
        from: "[3, 1, 4, 1]",
        to: "[3, 1, 4, 2]",
        rerun: &TESTS,
        groups: 0,
        everything: true,
    },
    Step {
        name: "a changed MR",
        file: "tests/lookup.rs",
        from: "mg.check_eq(a, b);",
        to: "mg.check_eq(b, a);",
        rerun: &[LOOKUP],
        groups: 0,
        everything: false,
    },
    Step {
        name: "a new input",
        file: "tests/digits.rs",
        from: "[7_u64, 42]",
        to: "[7_u64, 42, 999]",
        rerun: &[DIGITS],
        groups: 0,
        everything: false,
    },
    Step {
        name: "a change to a file no test runs",
        file: "src/unused.rs",
        from: "if a > b { a } else { b }",
        to: "if a >= b { a } else { b }",
        rerun: &[],
        groups: 0,
        everything: false,
    },
    Step {
        name: "a line inside one of two functions a test runs, each through its own MR",
        file: "src/pair.rs",
        from: "    -x * unit()",
        to: "    unit() * -x",
        rerun: &[UNIT_NEGATE, PAIR],
        // The `negates` MG of each of the three inputs; `doubles`' kept.
        groups: 3,
        everything: false,
    },
];

fn edit(project: &Path, file: &str, from: &str, to: &str) {
    let path = project.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from:?} not in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// The text report without its `--affected` line, and the JSON report
/// without its `affected` field, which it returns apart.
fn reports(out: &Output, json: &Path) -> (String, Value, Value) {
    let text: String = stdout(out)
        .lines()
        .filter(|l| !l.starts_with("--affected "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut value: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let affected = value
        .as_object_mut()
        .unwrap()
        .remove("affected")
        .expect("an `affected` field");
    (text, value, affected)
}

fn names(notes: &Value) -> Vec<String> {
    notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            format!(
                "{} {}",
                n["binary"].as_str().unwrap(),
                n["test"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn each_change_reruns_what_the_rule_selects_and_reports_as_a_full_rerun() {
    let project = copy_fixture("affected");
    let dir = project.path();
    let target = workspace_root().join("target/cli-fixtures/affected");
    let json = dir.join("report.json");
    let json_arg = format!("--json={}", json.display());
    let mtcov = |args: &[&str], env: &[(&str, &str)], code: i32| {
        let mut command = mtcov_command(dir, args);
        command.env("CARGO_TARGET_DIR", &target);
        for (k, v) in env {
            command.env(k, v);
        }
        let out = command.output().unwrap();
        assert_exit(&out, code);
        out
    };
    std::fs::write(dir.join(".gitignore"), "/report.json\n").unwrap();
    git(dir, &["init", "-q"]);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "base"]);
    mtcov(&["clean"], &[], 0);

    // No last run to keep.
    let out = mtcov(&["--affected", "HEAD"], &[], 2);
    assert!(
        stderr(&out).contains("there is no previous run"),
        "{}",
        stderr(&out)
    );

    // The first run writes the lock file; committed, HEAD is what ran.
    mtcov(&[], &[], 0);
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "lock file"]);

    // Refused before building: what the last run did not share.
    let refused = |args: &[&str], env: &[(&str, &str)], says: &str| {
        let out = mtcov(args, env, 2);
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("Compiling"), "{}", stderr(&out));
    };
    refused(&["--affected", "no-such-branch"], &[], "no such commit");
    refused(
        &["--affected", "HEAD~1"],
        &[],
        "the last run was not made at HEAD~1",
    );
    refused(
        &["--affected", "HEAD", "--release"],
        &[],
        "other cargo arguments",
    );
    refused(
        &["--affected", "HEAD"],
        &[("PROPTEST_CASES", "7")],
        "its tests ran with other settings",
    );
    refused(
        &["--affected", "HEAD", "--", "digits"],
        &[],
        "cannot be combined with test filters",
    );

    // Nothing changed: nothing reruns.
    let out = mtcov(&["--affected", "HEAD", &json_arg], &[], 0);
    let (_, _, affected) = reports(&out, &json);
    assert_eq!(names(&affected["rerun"]), Vec::<String>::new());
    assert_eq!(names(&affected["kept"]), TESTS);

    for step in &STEPS {
        edit(dir, step.file, step.from, step.to);
        git(dir, &["commit", "-q", "-a", "-m", step.name]);
        let out = mtcov(&["--affected", "HEAD~1", &json_arg], &[], 0);
        assert!(stderr(&out).contains("Affected"), "{}", stderr(&out));
        let (text, value, affected) = reports(&out, &json);
        assert_eq!(
            names(&affected["rerun"]),
            step.rerun,
            "{}: {affected:#}",
            step.name
        );
        let kept: Vec<&str> = TESTS
            .into_iter()
            .filter(|t| !step.rerun.contains(t))
            .collect();
        assert_eq!(
            names(&affected["kept"]),
            kept,
            "{}: {affected:#}",
            step.name
        );
        assert_eq!(
            affected["everything"].is_string(),
            step.everything,
            "{}",
            step.name
        );
        assert_eq!(
            affected["rerun_groups"].as_u64(),
            Some(step.groups),
            "{}: {affected:#}",
            step.name
        );
        assert!(
            stdout(&out).contains(&format!(
                "--affected HEAD~1 ({}",
                &affected["commit"].as_str().unwrap()[..12]
            )),
            "{}",
            stdout(&out)
        );

        // A full rerun of the same commit: the same report.
        let full = mtcov(&[&json_arg], &[], 0);
        let (full_text, full_value, full_affected) = reports(&full, &json);
        assert!(full_affected.is_null());
        assert_eq!(text, full_text, "{}", step.name);
        assert_eq!(value, full_value, "{}", step.name);
    }

    // A chain: an `--affected` run is the base of the next one, a run
    // that kept some of a test's MGs too. Each change is one of code, the
    // same behaviour in other tokens (a comment changes no function).
    for (step, (file, from, to, groups)) in [
        ("src/lib.rs", "        n += 1;\n", "        n = n + 1;\n", 0),
        ("src/lib.rs", "lo\n    } else", "{ lo }\n    } else", 0),
        ("src/pair.rs", "    x * 2 * unit()", "    x * unit() * 2", 3),
        ("src/pair.rs", "    unit() * -x", "    -x * unit()", 3),
    ]
    .into_iter()
    .enumerate()
    {
        edit(dir, file, from, to);
        git(
            dir,
            &["commit", "-q", "-a", "-m", &format!("chained {step}")],
        );
        let out = mtcov(&["--affected", "HEAD~1", &json_arg], &[], 0);
        let (_, _, affected) = reports(&out, &json);
        assert_eq!(
            affected["rerun_groups"], groups,
            "chained {step}: {affected:#}"
        );
    }
    let out = mtcov(&["--affected", "HEAD", &json_arg], &[], 0);
    let (text, value, affected) = reports(&out, &json);
    assert_eq!(names(&affected["rerun"]), Vec::<String>::new());
    assert_eq!(names(&affected["kept"]), TESTS);
    let full = mtcov(&[&json_arg], &[], 0);
    let (full_text, full_value, _) = reports(&full, &json);
    assert_eq!((text, value), (full_text, full_value), "after a chain");

    // Untracked files: a report mtcov wrote into the tree is no change; a
    // scratch file a test could read is, and is named.
    let in_tree = format!("--json={}", dir.join("mtcov-report.json").display());
    mtcov(&[&in_tree], &[], 0);
    let out = mtcov(&["--affected", "HEAD", &json_arg], &[], 0);
    let (_, _, affected) = reports(&out, &json);
    assert!(affected["everything"].is_null(), "{affected:#}");
    assert_eq!(names(&affected["rerun"]), Vec::<String>::new());
    std::fs::write(dir.join("scratch.txt"), "notes").unwrap();
    let out = mtcov(&["--affected", "HEAD", &json_arg], &[], 0);
    let (_, _, affected) = reports(&out, &json);
    assert_eq!(
        affected["everything"],
        "scratch.txt is not tracked by git, and a build or a test could read it",
        "{affected:#}"
    );
    assert_eq!(names(&affected["rerun"]), TESTS);
    std::fs::remove_file(dir.join("scratch.txt")).unwrap();

    // Records of another build of a binary: the table in the header of
    // lookup's file is clamp's.
    let run_dir = std::fs::read_dir(target.join("mtcov/records"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.join("build").is_dir())
        .expect("the last run's records");
    let file_of = |stem: &str| {
        std::fs::read_dir(&run_dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.file_name().unwrap().to_string_lossy().contains(stem)
                    && records_text(p).contains(r#""kind":"mg""#)
            })
            .unwrap_or_else(|| panic!("no record file of {stem}"))
    };
    let header =
        |text: &str| -> Value { serde_json::from_str(text.lines().next().unwrap()).unwrap() };
    // (A finished run's files are compressed; the forged one is plain.)
    let lookup = file_of("lookup-");
    let original_bytes = std::fs::read(&lookup).unwrap();
    let original = records_text(&lookup);
    let mut forged = header(&original);
    forged["coverage"] = header(&records_text(&file_of("clamp-")))["coverage"].clone();
    let rest = original.split_once('\n').unwrap().1;
    let plain = lookup.with_extension("");
    std::fs::remove_file(&lookup).unwrap();
    std::fs::write(&plain, format!("{forged}\n{rest}")).unwrap();
    let out = mtcov(&["--affected", "HEAD"], &[], 2);
    assert!(
        stderr(&out).contains("was written by another build of"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(&plain).unwrap();
    std::fs::write(&lookup, original_bytes).unwrap();

    // A kept binary changed since its run: its records cannot be trusted.
    let kept_build = std::fs::read_dir(target.join("mtcov/records"))
        .unwrap()
        .flatten()
        .map(|e| e.path().join("build"))
        .find(|p| p.is_dir())
        .expect("the run's kept build");
    let binary = std::fs::read_dir(&kept_build)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    // (Closed at once: the kept file is a hard link of the build's, which
    // a process cannot run while it is open for writing.)
    std::fs::File::options()
        .append(true)
        .open(&binary)
        .and_then(|file| {
            file.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(60))
        })
        .unwrap();
    let out = mtcov(&["--affected", "HEAD"], &[], 2);
    assert!(
        stderr(&out).contains("was rebuilt after its records were written"),
        "{}",
        stderr(&out)
    );

    // A run of some tests only cannot be kept.
    mtcov(&["--", "digits"], &[], 0);
    refused(
        &["--affected", "HEAD"],
        &[],
        "not a whole `cargo mtcov` run",
    );
}

/// A record file's text, compressed (a finished run's) or plain.
fn records_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    if !path.to_string_lossy().ends_with(".gz") {
        return String::from_utf8(bytes).unwrap();
    }
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(bytes.as_slice()),
        &mut text,
    )
    .unwrap();
    text
}

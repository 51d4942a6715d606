//! What the README tells a new user to do, in a crate of their own: add
//! mt-runtime from a clone (`cargo add --dev mt-runtime --path ..`), write
//! a first relation, run `cargo mtcov --k 3`. And the mistakes a new user
//! makes on the way get errors that say what is wrong.

use std::path::Path;
use std::process::Command;

use crate::common::{TempDir, assert_exit, mtcov_command, stderr, stdout, workspace_root};

const RELATIONS: &str = r#"
use mt_runtime::{metamorphic, Mg};

/// Doubling commutes with negation.
#[metamorphic(output = "negated")]
fn negation(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, |x| newcrate::double(*x));
    let b = mg.follow_up(&-x, |x| newcrate::double(*x));
    mg.check(a == -b, || format!("{a} != -{b}"));
}

/// Doubling is additive.
#[metamorphic(output = "added")]
fn addition(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, |x| newcrate::double(*x));
    let b = mg.follow_up(&(x + 1), |x| newcrate::double(*x));
    mg.check(b == a + 2, || format!("{b} != {a} + 2"));
}

#[test]
fn doubling_relations_hold() {
    mt_runtime::check(&[0, 3, -7], &[negation, addition]);
}

#[test]
fn plain_test_that_fails() {
    assert_eq!(newcrate::double(2), 5, "a plain assertion, no MR");
}
"#;

fn cargo(dir: &Path, args: &[&str]) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A crate made as the README says, with one plain test that fails, at
/// `<dir>/<name>`. Each test names its crate differently: cargo names a
/// package's artifacts by its name (not its place), and the fixtures
/// share one build directory.
fn new_crate(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    cargo(dir.path(), &["new", "--lib", "--vcs", "none", name]);
    let krate = dir.path().join(name);
    let runtime = workspace_root().join("mt-runtime");
    cargo(
        &krate,
        &[
            "add",
            "--dev",
            "mt-runtime",
            "--path",
            runtime.to_str().unwrap(),
        ],
    );
    std::fs::write(
        krate.join("src/lib.rs"),
        "pub fn double(x: i64) -> i64 {\n    x * 2\n}\n",
    )
    .unwrap();
    std::fs::create_dir_all(krate.join("tests")).unwrap();
    std::fs::write(
        krate.join("tests/relations.rs"),
        RELATIONS.replace("newcrate::", &format!("{}::", name.replace('-', "_"))),
    )
    .unwrap();
    dir
}

#[test]
fn the_readme_set_up_works_and_a_failed_plain_test_is_in_every_report() {
    let dir = new_crate("newcrate");
    let krate = dir.path().join("newcrate");
    let target = workspace_root().join("target/cli-fixtures/new-user");
    let run = |args: &[&str]| {
        mtcov_command(&krate, args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap()
    };

    let out = run(&["--k", "3", "--json=report.json", "--markdown=summary.md"]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains("k-MR adequacy at k = 3"), "{text}");
    // The failed plain test is in the text report, not only on stderr.
    assert!(
        text.contains("plain_test_that_fails"),
        "the text report does not name the failed test:\n{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(krate.join("report.json")).unwrap()).unwrap();
    let failed = json["failed_tests"].as_array().expect("failed_tests");
    assert_eq!(failed.len(), 1, "{json:#}");
    assert_eq!(failed[0]["test"], "plain_test_that_fails", "{json:#}");
    let markdown = std::fs::read_to_string(krate.join("summary.md")).unwrap();
    assert!(
        markdown.contains(r"plain\_test\_that\_fails failed"),
        "{markdown}"
    );
    // `cargo mtcov report` re-renders the same run, failures included.
    let again = run(&["report"]);
    assert!(
        stdout(&again).contains("plain_test_that_fails"),
        "{}",
        stdout(&again)
    );

    // -q: the report and the failing test, no status lines, no passing tests.
    let out = run(&["-q", "--k", "3"]);
    assert_exit(&out, 1);
    assert!(
        stdout(&out).contains("k-MR adequacy at k = 3"),
        "{}",
        stdout(&out)
    );
    let err = stderr(&out);
    for absent in ["Running", "Summary", "PASS", "Finished"] {
        assert!(!err.contains(absent), "-q printed {absent:?}:\n{err}");
    }
    assert!(err.contains("FAIL"), "{err}");
    assert!(err.contains("a plain assertion, no MR"), "{err}");

    // -v: every process mtcov starts, as it starts: cargo metadata, the
    // build, and each test binary (listing its tests, then running them).
    let out = run(&["-v", "--k", "3"]);
    assert_exit(&out, 1);
    let err = stderr(&out);
    let started: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("mtcov: running "))
        .collect();
    let count = |needle: &str| started.iter().filter(|l| l.contains(needle)).count();
    assert_eq!(count("\"metadata\""), 1, "{err}");
    assert_eq!(count("\"--no-run\""), 1, "{err}");
    assert!(count("\"--list\"") >= 1, "{err}");
    assert!(count("MTCOV_RECORD_DIR") > count("\"--list\""), "{err}");

    // Listing runs no test: refused before anything is built, and the
    // last run stays reportable.
    let out = run(&["--", "--list"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("`-- --list` makes the test binaries run no test"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&run(&["report"])).contains("plain_test_that_fails"));

    // A package that does not exist is named as such.
    let out = run(&["-p", "nope"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("no package `nope` in this workspace"), "{err}");
}

#[test]
fn an_interrupt_during_the_build_says_what_it_leaves() {
    use std::os::unix::process::CommandExt;
    let dir = new_crate("slowbuild");
    let krate = dir.path().join("slowbuild");
    let building = dir.path().join("building");
    std::fs::write(
        krate.join("build.rs"),
        format!(
            "fn main() {{\n    std::fs::write({building:?}, \"\").unwrap();\n    \
             std::thread::sleep(std::time::Duration::from_secs(300));\n}}\n"
        ),
    )
    .unwrap();
    // A process group of its own, signalled as a whole: what Ctrl-C in a
    // terminal does to `cargo mtcov` and the cargo it runs.
    let child = mtcov_command(&krate, &["--k", "1"])
        .env(
            "CARGO_TARGET_DIR",
            workspace_root().join("target/cli-fixtures/slowbuild"),
        )
        .process_group(0)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !building.exists() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(300),
            "the build script never ran"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let group = format!("-{}", child.id());
    let status = Command::new("kill")
        .args(["-INT", "--", &group])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_exit(&out, 130);
    assert!(
        stderr(&out).contains("error: interrupted; the previous run, if any, is still reportable"),
        "{}",
        stderr(&out)
    );
}

//! `cargo mtcov report` on hand-written records: what a damaged, foreign
//! or newer record file does to a run.

use std::path::{Path, PathBuf};

use crate::common::{TempDir, assert_exit, copy_fixture, mtcov, stderr, stdout};
use cargo_mtcov::{BinaryOutcome, BinaryRun, BuildOutput, LastRun, TestExecutable};

/// A project with a last run whose one "test binary" is a plain file and
/// whose records are `lines`.
struct Project {
    dir: TempDir,
    binary: PathBuf,
    records: PathBuf,
}

impl Project {
    fn new(lines: &[String]) -> Self {
        Self::ended(lines, BinaryOutcome::Passed)
    }

    /// A project whose test binary ended with `outcome`.
    fn ended(lines: &[String], outcome: BinaryOutcome) -> Self {
        let dir = copy_fixture("cli-minimal");
        let mtcov_dir = dir.path().join("target/mtcov");
        let records = mtcov_dir.join("records/1-1");
        std::fs::create_dir_all(&records).unwrap();
        let binary = dir.path().join("target/mtcov/target/debug/deps/mrs-0123");
        std::fs::create_dir_all(binary.parent().unwrap()).unwrap();
        std::fs::write(&binary, "not really a test binary").unwrap();
        let mut build = BuildOutput::default();
        build.executables.push(TestExecutable {
            path: binary.clone(),
            package: "cli-minimal".into(),
            package_version: "0.1.0".into(),
            target: "mrs".into(),
            kind: "test".into(),
            manifest_dir: dir.path().to_path_buf(),
        });
        let runs = vec![BinaryRun {
            path: binary.clone(),
            outcome,
            processes: Vec::new(),
        }];
        LastRun::new(records.clone(), build, runs, false, true)
            .unwrap()
            .save(&mtcov_dir)
            .unwrap();
        let project = Self {
            dir,
            binary,
            records,
        };
        project.write_records("mrs-0123-42.jsonl", lines);
        project
    }

    /// Writes `lines` joined by newlines. A list ending in an empty string
    /// is a complete file: it gets its `end` line, unless it has one.
    fn write_records(&self, name: &str, lines: &[String]) -> PathBuf {
        let path = self.records.join(name);
        let mut lines = lines.to_vec();
        if lines.last().is_some_and(String::is_empty)
            && !lines.iter().any(|l| l.contains(r#""kind":"end""#))
        {
            lines.insert(lines.len() - 1, end(lines.len() - 1));
        }
        std::fs::write(&path, lines.join("\n")).unwrap();
        path
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

fn header(binary: &Path) -> String {
    format!(
        r#"{{"v":7,"kind":"header","runtime":"0.1.0","binary":"{}","pid":42,"registry":[{},{}],"coverage":null}}"#,
        binary.display(),
        r#"{"id":"mrs::periodic","name":"periodic","class":"equal","file":"tests/mrs.rs","line":3,"source_type":"f64"}"#,
        r#"{"id":"mrs::odd","name":"odd","class":"negated","file":"tests/mrs.rs","line":9,"source_type":"f64"}"#,
    )
}

fn source(key: u64, debug: &str) -> String {
    format!(r#"{{"v":7,"kind":"source","key":"{key:016x}","debug":"{debug}"}}"#)
}

fn mg(mr: &str, key: u64, outcome: &str) -> String {
    format!(
        r#"{{"v":7,"kind":"mg","mr":"{mr}","class":"c","sources":["{key:016x}"],"follow_ups":1,"outcome":"{outcome}","test":"t"}}"#
    )
}

/// The `end` line after `lines` lines.
fn end(lines: usize) -> String {
    format!(r#"{{"v":7,"kind":"end","lines":{lines}}}"#)
}

fn json_report(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(&stdout(out))
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", stdout(out)))
}

#[test]
fn a_corrupt_line_from_a_passing_binary_stops_the_run_naming_file_and_line() {
    let project = Project::new(&[]);
    let file = project.write_records(
        "mrs-0123-42.jsonl",
        &[
            header(&project.binary),
            source(1, "30.0"),
            r#"{"v":7,"kind":"mg","mr":"mrs::periodic","sour"#.to_owned() + "ces\":[}",
            mg("mrs::periodic", 1, "holds"),
            mg("mrs::odd", 1, "holds"),
            end(5),
            String::new(),
        ],
    );
    let out = mtcov(project.path(), &["report", "--json"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("records were lost, so the report would be wrong"),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:3: unreadable record", file.display())),
        "{err}"
    );
    assert_eq!(stdout(&out), "", "no report built on lost records");
}

#[test]
fn records_cut_short_from_a_passing_binary_stop_the_run() {
    let full = |project: &Project| {
        vec![
            header(&project.binary),
            source(1, "30.0"),
            mg("mrs::odd", 1, "holds"),
            mg("mrs::periodic", 1, "holds"),
            end(4),
            String::new(),
        ]
    };
    let project = Project::new(&[]);
    let lines = full(&project);
    project.write_records("mrs-0123-42.jsonl", &lines);
    assert_exit(&mtcov(project.path(), &["report", "--json"]), 0);
    let text = lines.join("\n");
    let file = project.records.join("mrs-0123-42.jsonl");
    for cut in [
        text.len() / 2,
        text.find("{\"v\":7,\"kind\":\"end\"").unwrap(),
    ] {
        std::fs::write(&file, &text[..cut]).unwrap();
        let out = mtcov(project.path(), &["report", "--json"]);
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(err.contains(&file.display().to_string()), "{err}");
        assert!(
            err.contains("cut off") || err.contains("no end line"),
            "{err}"
        );
    }
}

#[test]
fn a_truncated_final_line_is_expected_after_an_abort() {
    let project = Project::ended(&[], BinaryOutcome::Aborted("SIGABRT".into()));
    let file = project.write_records(
        "mrs-0123-42.jsonl",
        &[
            header(&project.binary),
            source(1, "30.0"),
            mg("mrs::odd", 1, "holds"),
            r#"{"v":7,"kind":"mg","mr":"mrs::per"#.to_owned(),
        ],
    );
    let out = mtcov(project.path(), &["report", "--json"]);
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains(&format!("{}:4: the last line is cut off", file.display())),
        "{}",
        stderr(&out)
    );
    assert_eq!(json_report(&out)["totals"]["associations"], 1);
}

#[test]
fn another_schema_version_stops_the_report() {
    let project = Project::new(&[]);
    project.write_records(
        "mrs-0123-42.jsonl",
        &[
            header(&project.binary),
            source(1, "30.0").replace("\"v\":7", "\"v\":8"),
            String::new(),
        ],
    );
    let out = mtcov(project.path(), &["report"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains(":2: record schema version 8, but this cargo-mtcov reads version 7"),
        "{err}"
    );
    assert!(
        stdout(&out).is_empty(),
        "no report from mixed versions:\n{}",
        stdout(&out)
    );
}

#[test]
fn records_of_another_binary_are_skipped() {
    let project = Project::new(&[]);
    project.write_records(
        "mrs-0123-42.jsonl",
        &[
            header(&project.binary),
            source(1, "30.0"),
            mg("mrs::odd", 1, "holds"),
            String::new(),
        ],
    );
    // A process a test started itself, which inherited MTCOV_RECORD_DIR.
    project.write_records(
        "child-7.jsonl",
        &[
            header(Path::new("/somewhere/else/child")),
            mg("mrs::odd", 1, "violated"),
            String::new(),
        ],
    );
    let out = mtcov(project.path(), &["report", "--json"]);
    assert_exit(&out, 0);
    assert!(
        stderr(&out)
            .contains("written by /somewhere/else/child, which is not a test binary of this build"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        json_report(&out)["totals"]["violations"],
        0,
        "the foreign MG is not counted"
    );
}

#[test]
fn a_rebuilt_binary_is_caught() {
    let project = Project::new(&[]);
    project.write_records(
        "mrs-0123-42.jsonl",
        &[header(&project.binary), String::new()],
    );
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&project.binary)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let out = mtcov(project.path(), &["report"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("was rebuilt after its records were written"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_violation_in_the_records_is_exit_code_1() {
    let project = Project::new(&[]);
    project.write_records(
        "mrs-0123-42.jsonl",
        &[
            header(&project.binary),
            source(1, "30.0"),
            mg("mrs::odd", 1, "violated"),
            String::new(),
        ],
    );
    let out = mtcov(project.path(), &["report", "--json"]);
    assert_exit(&out, 1);
    assert_eq!(json_report(&out)["totals"]["violations"], 1);
}

#[test]
fn no_registered_mrs_says_how_to_add_one() {
    let project = Project::new(&[]);
    let empty_header = format!(
        r#"{{"v":7,"kind":"header","runtime":"0.1.0","binary":"{}","pid":42,"registry":[],"coverage":null}}"#,
        project.binary.display()
    );
    project.write_records("mrs-0123-42.jsonl", &[empty_header, String::new()]);
    let out = mtcov(project.path(), &["report"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("no metamorphic relations were recorded"),
        "{err}"
    );
    assert!(
        err.contains("#[mt_runtime::metamorphic]") && err.contains("mt_runtime::check"),
        "{err}"
    );
}

#[test]
fn report_without_a_previous_run_and_clean() {
    let dir = copy_fixture("cli-minimal");
    let out = mtcov(dir.path(), &["report"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("run `cargo mtcov` first"),
        "{}",
        stderr(&out)
    );

    std::fs::create_dir_all(dir.path().join("target/mtcov/records")).unwrap();
    let out = mtcov(dir.path(), &["clean"]);
    assert_exit(&out, 0);
    assert!(!dir.path().join("target/mtcov").exists());
    assert!(
        dir.path().join("target").exists(),
        "clean removes only mtcov's directory"
    );
}

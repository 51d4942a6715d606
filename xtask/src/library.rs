//! Section `affected`, second subject: `tests/fixtures/library`, shaped
//! like a real library (100 plain unit tests in five modules, ten MRs in
//! one `check` test), copied into a git repository of its own under
//! `target/bench/library` (mt-runtime's path pointed at this checkout).
//! After a whole run at `HEAD`: `cargo mtcov --affected HEAD` after a
//! change inside `dedent` (two MRs' MGs and five unit tests run it) and
//! after one to a function no test runs, against `cargo llvm-cov` on the
//! same change (each rebuilds what changed). And what running each unit
//! test in a process of its own (with its profile kept, for
//! `--affected`) costs the whole command: the unit-test processes' time
//! spread over the jobs, less one run of the same binary, over the whole
//! `cargo mtcov`.

use std::path::{Path, PathBuf};

use crate::cmd;
use crate::large::{SECTION, cargo_build_seconds};
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

/// One change: what, the file, the line changed and what it becomes (the
/// same behaviour in other tokens: a comment would change no function).
struct Change {
    what: &'static str,
    file: &'static str,
    line: &'static str,
    to: &'static str,
    target: f64,
}

const CHANGES: [Change; 2] = [
    Change {
        what: "inside dedent (2 of 10 MRs, 5 of 100 unit tests run it)",
        file: "src/indent.rs",
        line: "        .map(|line| line.get(common..).unwrap_or(\"\"))",
        to: "        .map(|line| line.get(common..).unwrap_or_default())",
        target: 0.2,
    },
    Change {
        what: "a function no test runs",
        file: "src/unused.rs",
        line: "    if a > b { a } else { b }",
        to: "    if a >= b { a } else { b }",
        target: 0.1,
    },
];

pub(crate) fn run(root: &Path, mtcov: &Path, llvm_cov: bool) -> Vec<Row> {
    eprintln!("xtask: tests/fixtures/library: --affected after one-line changes");
    measure(root, mtcov, llvm_cov).unwrap_or_else(|why| {
        eprintln!("xtask: the library fixture: {why}");
        vec![Row::missing(
            SECTION,
            "library: --affected HEAD after a one-line change",
            why,
        )]
    })
}

/// The fixture's copy, a git repository with its base committed.
fn prepare(root: &Path) -> Result<PathBuf, String> {
    let dir = root.join("target/bench/library/crate");
    let _ = std::fs::remove_dir_all(&dir);
    copy_tree(&root.join("tests/fixtures/library"), &dir)?;
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
    let runtime = format!("{:?}", root.join("mt-runtime").display().to_string());
    std::fs::write(&manifest, text.replace("\"../../../mt-runtime\"", &runtime))
        .map_err(|e| e.to_string())?;
    for args in [
        &["init", "-q"][..],
        &["add", "-A"],
        &[
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@localhost",
            "commit",
            "-q",
            "-m",
            "base",
        ],
    ] {
        cmd::run_ok(cmd::tool("git", &dir).args(args))?;
    }
    Ok(dir)
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(from).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn measure(root: &Path, mtcov: &Path, llvm_cov: bool) -> Result<Vec<Row>, String> {
    let dir = prepare(root)?;
    let target = root.join("target/bench/library/target");
    let tool = |program: &Path| {
        let mut c = cmd::tool(program, &dir);
        c.env("CARGO_TARGET_DIR", &target);
        c
    };
    let cargo = || {
        let mut c = cmd::cargo(&dir);
        c.env("CARGO_TARGET_DIR", &target);
        c
    };
    let mtcov_run = |extra: &[&str]| {
        let mut c = tool(mtcov);
        c.args(["mtcov", "--k", "3", "--json"]).args(extra);
        cmd::run_ok(&mut c)
    };
    // Warm: everything built; the lock file committed, so that HEAD is
    // what the whole run ran.
    cmd::run_ok(cargo().args(["test", "-q"]))?;
    if llvm_cov {
        cmd::run_ok(cargo().args(["llvm-cov", "--no-report"]))?;
    }
    mtcov_run(&[])?;
    cmd::run_ok(cmd::tool("git", &dir).args(["add", "-A"]))?;
    cmd::run_ok(cmd::tool("git", &dir).args([
        "-c",
        "user.name=bench",
        "-c",
        "user.email=bench@localhost",
        "commit",
        "-q",
        "-m",
        "lock file",
    ]))?;
    let mut rows = Vec::new();

    // What a process per unit test costs.
    let whole = mtcov_run(&[])?.elapsed.as_secs_f64();
    let last: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(target.join("mtcov/last-run.json")).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let (unit_binary, unit_ms) = unit_processes(&last).ok_or("no unit-test binary in the run")?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let one = cmd::run_ok(cmd::tool(&unit_binary, &dir).env("LLVM_PROFILE_FILE", "/dev/null"))?
        .elapsed
        .as_secs_f64();
    let extra = (unit_ms / 1000.0 / jobs - one).max(0.0);
    rows.push(
        Row::new(
            SECTION,
            "library: its 100 unit tests a process each, less their binary run once / the whole \
             cargo mtcov",
            None,
        )
        .ratio(Some(extra / whole))
        .target(Target::Ratio(0.05))
        .note(format!(
            "unit-test processes {:.2} s in all ({:.0} jobs), the binary run once {one:.2} s; \
             whole cargo mtcov {whole:.2} s (reading their profiles afterwards not included)",
            unit_ms / 1000.0,
            jobs
        )),
    );

    for change in &CHANGES {
        let path = dir.join(change.file);
        let original = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        if !original.contains(change.line) {
            return Err(format!("{} no longer holds `{}`", change.file, change.line));
        }
        mtcov_run(&[])?;
        std::fs::write(&path, original.replacen(change.line, change.to, 1))
            .map_err(|e| e.to_string())?;
        let affected = mtcov_run(&["--affected", "HEAD"])?;
        let json: serde_json::Value =
            serde_json::from_str(&affected.stdout()).map_err(|e| e.to_string())?;
        let summary = &json["affected"];
        let count = |key: &str| summary[key].as_array().map_or(0, Vec::len);
        let reran = format!(
            "reran {} of {} tests, {} MGs (the other {} kept)",
            count("rerun"),
            count("rerun") + count("kept"),
            summary["rerun_groups"],
            summary["kept_groups"]
        );
        let llvm = if llvm_cov {
            let _ = cmd::run(cargo().args(["llvm-cov", "clean", "--profraw-only"]));
            let test = cmd::run_ok(cargo().args(["llvm-cov", "--no-report"]))?;
            let report = cmd::run_ok(cargo().args(["llvm-cov", "report", "--json"]))?;
            Some((
                (test.elapsed + report.elapsed).as_secs_f64(),
                cargo_build_seconds(&test.stderr()),
            ))
        } else {
            None
        };
        std::fs::write(&path, &original).map_err(|e| e.to_string())?;
        let seconds = affected.elapsed.as_secs_f64();
        let row = Row::new(
            SECTION,
            format!(
                "library: --affected HEAD after a change {} / cargo llvm-cov",
                change.what
            ),
            Some((
                Summary {
                    median: seconds,
                    min: seconds,
                    max: seconds,
                    samples: 1,
                },
                Unit::Seconds,
            )),
        );
        let build = cargo_build_seconds(&affected.stderr());
        rows.push(match llvm {
            Some((llvm, llvm_build)) => row
                .ratio(Some(seconds / llvm))
                .target(Target::Ratio(change.target))
                .note(format!(
                    "{reran}; cargo llvm-cov {llvm:.2} s; after cargo's builds ({build:.2} s / \
                     {llvm_build:.2} s) {:.2} s / {:.2} s ({:.2}×)",
                    seconds - build,
                    llvm - llvm_build,
                    (seconds - build) / (llvm - llvm_build).max(f64::MIN_POSITIVE)
                )),
            None => row.note(format!("{reran}; no cargo llvm-cov")),
        });
    }
    Ok(rows)
}

/// The unit-test binary of the last run (its processes run one test each
/// and have no records) and the time of its processes, in ms.
fn unit_processes(last: &serde_json::Value) -> Option<(PathBuf, f64)> {
    for run in last["runs"].as_array()? {
        let path = run["path"].as_str()?;
        if !Path::new(path)
            .file_name()?
            .to_string_lossy()
            .starts_with("library-")
        {
            continue;
        }
        let ms: f64 = run["processes"]
            .as_array()?
            .iter()
            .filter(|p| p["listing"] == false)
            .filter_map(|p| p["duration_ms"].as_f64())
            .sum();
        return Some((PathBuf::from(path), ms));
    }
    None
}

//! Section `affected`: on the large crate (`crate::large`) at 1,000
//! cases, a change of one line of the regex crate, in a function the test
//! runs and in one no test runs: after a whole run at `HEAD`,
//! `cargo mtcov --affected HEAD` against `cargo llvm-cov` on the same
//! change (each rebuilds what it changed; cargo's own build time is read
//! off each and given apart), with the report checked against a full
//! rerun's.

use std::path::Path;

use crate::cmd;
use crate::large::{Commands, SECTION, cargo_build_seconds};
use crate::stats::Summary;
use crate::table::{Row, Target, Unit};

/// Section `affected`: `--affected HEAD` after each of [`CHANGES`] at
/// 1,000 cases (everything built by an untimed run first).
pub(crate) fn run(root: &Path, mtcov: &Path, llvm_cov: Result<(), String>) -> Vec<Row> {
    eprintln!(
        "xtask: the large crate (bench/large): --affected after one-line changes, 1,000 cases"
    );
    let commands = Commands {
        dir: root.join("bench/large"),
        target: root.join("target/bench/large"),
        mtcov: mtcov.to_path_buf(),
    };
    let warm = [commands.test(10), commands.mtcov(10)];
    let rows = warm
        .into_iter()
        .chain(llvm_cov.is_ok().then(|| commands.llvm_cov_run(10)))
        .try_for_each(|mut command| cmd::run_ok(&mut command).map(drop))
        .and_then(|()| affected_rows(root, &commands, llvm_cov.is_ok()));
    rows.unwrap_or_else(|why| {
        eprintln!("xtask: the large crate, --affected: {why}");
        vec![Row::missing(
            SECTION,
            "--affected HEAD after a one-line change",
            why,
        )]
    })
}

/// A one-line change for `--affected`: where, and what it reaches. The
/// change is one of code (a comment would change no function).
struct Change {
    what: &'static str,
    file: &'static str,
    line: &'static str,
    /// What `line` becomes: the same behaviour in other tokens.
    to: &'static str,
    /// The goal, as a ratio to `cargo llvm-cov`.
    target: Option<f64>,
}

const CHANGES: [Change; 2] = [
    Change {
        what: "a function the test runs (bytes::Regex::find)",
        file: "regex/src/regex/bytes.rs",
        line: "    pub fn find<'h>(&self, haystack: &'h [u8]) -> Option<Match<'h>> {\n        \
               self.find_at(haystack, 0)\n",
        to: "    pub fn find<'h>(&self, haystack: &'h [u8]) -> Option<Match<'h>> {\n        \
             self.find_at(haystack, usize::MIN)\n",
        // It reaches one MR's groups (bytes_api's) of the test's twelve.
        target: Some(0.2),
    },
    Change {
        what: "a function no test runs (bytes::Regex::shortest_match_at)",
        file: "regex/src/regex/bytes.rs",
        line: "            Input::new(haystack).earliest(true).span(start..haystack.len());\n        \
               self.meta.search_half(&input).map(|hm| hm.offset())\n",
        to: "            Input::new(haystack).earliest(!false).span(start..haystack.len());\n        \
             self.meta.search_half(&input).map(|hm| hm.offset())\n",
        // Nothing reruns: the last run's evaluation is carried over.
        target: Some(0.1),
    },
];

/// `--affected` after each of [`CHANGES`], at 1,000 cases.
fn affected_rows(root: &Path, commands: &Commands, llvm_cov: bool) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for change in &CHANGES {
        eprintln!(
            "xtask: large crate, --affected after a change to {}",
            change.what
        );
        rows.push(match measure_edited(root, commands, change, llvm_cov)? {
            Ok(m) => change_row(change, &m),
            Err(why) => {
                eprintln!("xtask: the large crate, --affected: {why}");
                Row::missing(
                    SECTION,
                    format!(
                        "{AT} cases: --affected HEAD after a change to {}",
                        change.what
                    ),
                    why,
                )
            }
        });
    }
    Ok(rows)
}

/// The cases of every `--affected` row.
const AT: u32 = 1_000;

/// A whole run at `HEAD`, then `change` made, measured and undone:
/// `Err` when the bench cannot run, `Ok(Err(why))` when the measure failed.
fn measure_edited(
    root: &Path,
    commands: &Commands,
    change: &Change,
    llvm_cov: bool,
) -> Result<Result<Measured, String>, String> {
    let path = commands.dir.join(change.file);
    let original =
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !original.contains(change.line) {
        return Err(format!("{} no longer holds `{}`", change.file, change.line));
    }
    // The base: a whole run at HEAD (the file as committed).
    let clean = cmd::run_ok(
        cmd::tool("git", root)
            .args(["status", "--porcelain", "--"])
            .arg(&commands.dir),
    )?;
    if !clean.stdout().trim().is_empty() {
        return Err(format!(
            "bench/large has uncommitted changes; --affected needs its last run made at HEAD:\n{}",
            clean.stdout()
        ));
    }
    let base = cmd::run_ok(&mut commands.mtcov(AT))?;
    let base: serde_json::Value = serde_json::from_str(&base.stdout())
        .map_err(|e| format!("cargo mtcov printed no JSON report: {e}"))?;
    let edited = original.replacen(change.line, change.to, 1);
    std::fs::write(&path, edited).map_err(|e| e.to_string())?;
    let measured = measure_change(commands, llvm_cov, AT, &base);
    std::fs::write(&path, &original).map_err(|e| e.to_string())?;
    Ok(measured)
}

/// The row of one change: `--affected` against `cargo llvm-cov`, with the
/// times after cargo's build and the full rerun's in its note.
fn change_row(change: &Change, m: &Measured) -> Row {
    let row = Row::new(
        SECTION,
        format!(
            "{AT} cases: --affected HEAD after a change to {} / cargo llvm-cov",
            change.what
        ),
        Some((
            Summary {
                median: m.affected,
                min: m.affected,
                max: m.affected,
                samples: 1,
            },
            Unit::Seconds,
        )),
    );
    let after_build = |total: f64, build: f64| total - build;
    let equal = if m.noise.is_empty() {
        "report equal to the full rerun's".to_owned()
    } else {
        format!(
            "report equal to the full rerun's but where the full runs differ too ({})",
            m.noise.join(", ")
        )
    };
    let note = format!(
        "reran {}; after cargo's build {:.1} s{}; full cargo mtcov {:.1} s (built); {equal}",
        m.reran,
        after_build(m.affected, m.affected_build),
        match m.llvm_cov {
            Some((total, build)) => format!(
                " vs llvm-cov {:.1} s ({:.2}×; builds {:.1} s / {:.1} s)",
                after_build(total, build),
                after_build(m.affected, m.affected_build) / after_build(total, build),
                m.affected_build,
                build
            ),
            None => " (no cargo llvm-cov)".to_owned(),
        },
        m.full,
    );
    match m.llvm_cov {
        Some((total, _)) => {
            let row = row.ratio(Some(m.affected / total));
            match change.target {
                Some(target) => row.target(Target::Ratio(target)),
                None => row,
            }
        }
        None => row,
    }
    .note(note)
}

/// What one change gave: `--affected` (total and cargo's build), the
/// tests it reran, `cargo llvm-cov` (total and build), the full rerun.
struct Measured {
    affected: f64,
    affected_build: f64,
    reran: String,
    llvm_cov: Option<(f64, f64)>,
    full: f64,
    /// Where two full reruns disagree.
    noise: Vec<String>,
}

/// `base`: the report of the whole run whose records `--affected` keeps.
fn measure_change(
    commands: &Commands,
    llvm_cov: bool,
    cases: u32,
    base: &serde_json::Value,
) -> Result<Measured, String> {
    let mut affected = commands.mtcov(cases);
    affected.args(["--affected", "HEAD"]);
    let run = cmd::run_ok(&mut affected)?;
    let mut json: serde_json::Value = serde_json::from_str(&run.stdout())
        .map_err(|e| format!("cargo mtcov --affected printed no JSON report: {e}"))?;
    let summary = json
        .as_object_mut()
        .and_then(|o| o.remove("affected"))
        .ok_or("the --affected report has no `affected`")?;
    let count = |key: &str| summary[key].as_array().map_or(0, Vec::len);
    let groups = |key: &str| summary[key].as_u64().unwrap_or(0);
    let reran = match groups("rerun_groups") {
        0 => format!(
            "{} of {} tests",
            count("rerun"),
            count("rerun") + count("kept")
        ),
        rerun => format!(
            "{} of {} tests, {rerun} of their MGs (the other {} kept)",
            count("rerun"),
            count("rerun") + count("kept"),
            groups("kept_groups")
        ),
    };
    let llvm = if llvm_cov {
        let _ = cmd::run(&mut commands.llvm_cov_clean());
        let test = cmd::run_ok(&mut commands.llvm_cov_run(cases))?;
        let report = cmd::run_ok(&mut commands.llvm_cov_report())?;
        Some((
            (test.elapsed + report.elapsed).as_secs_f64(),
            cargo_build_seconds(&test.stderr()),
        ))
    } else {
        None
    };
    // Two full reruns and the base run (whose records are kept): what
    // they disagree on varies from run to run by itself (counts of code
    // whose path follows a randomly seeded hash); the --affected report
    // must equal them on everything else.
    let full = cmd::run_ok(&mut commands.mtcov(cases))?;
    let again = cmd::run_ok(&mut commands.mtcov(cases))?;
    let report = |run: &cmd::Run| -> Result<serde_json::Value, String> {
        serde_json::from_str(&run.stdout())
            .map_err(|e| format!("cargo mtcov printed no JSON report: {e}"))
    };
    let without_affected = |mut json: serde_json::Value| {
        if let Some(o) = json.as_object_mut() {
            o.remove("affected");
        }
        json
    };
    let full_json = without_affected(report(&full)?);
    let again_json = without_affected(report(&again)?);
    let mut noise = Vec::new();
    differences(&full_json, &again_json, "", &mut noise);
    differences(&without_affected(base.clone()), &full_json, "", &mut noise);
    let mut wrong = Vec::new();
    differences(&json, &full_json, "", &mut wrong);
    // Which source executions another thread ran during depends on
    // timing (libtest's main thread wakes after 60 s to warn of a slow
    // test): named, never compared.
    let timing =
        |path: &String| path.starts_with("captures.shared") || path.contains("without_shared");
    noise.extend(wrong.iter().filter(|p| timing(p)).cloned());
    noise.sort();
    noise.dedup();
    wrong.retain(|path| !noise.contains(path));
    if !wrong.is_empty() {
        return Err(format!(
            "the --affected report differs from the full rerun's where the full runs agree: {}",
            wrong.join(", ")
        ));
    }
    Ok(Measured {
        affected: run.elapsed.as_secs_f64(),
        affected_build: cargo_build_seconds(&run.stderr()),
        reran,
        llvm_cov: llvm,
        full: full.elapsed.as_secs_f64(),
        noise,
    })
}

/// The paths (`criteria[0].metamorphic_coverage.mrs[5].differing`) at
/// which two JSON values differ.
fn differences(a: &serde_json::Value, b: &serde_json::Value, path: &str, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let at = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match (x.get(key), y.get(key)) {
                    (Some(p), Some(q)) => differences(p, q, &at, out),
                    _ => out.push(at),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                differences(p, q, &format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path.to_owned()),
        _ => {}
    }
}

//! Checking codified relations with cargo: they are written as a test
//! file of the package, built (a relation whose code does not compile is
//! left out, with the compiler's message, and the rest built again), and
//! run: each on its test's input, and on generated inputs where its type
//! has a strategy.

use std::collections::HashMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use cargo_metadata::Message;

use super::codify::{self, Codified};
use super::{Relation, ScoutRequest};
use crate::process::ProcessBuilder;

/// The test file checks are built in when `--write` names none; removed
/// when the check ends.
const CHECK_FILE: &str = "mtcov_scout_check.rs";

/// Builds and runs the codified relations; fills each relation's
/// `compiles`, `holds_*`, `broke_on`, `reason` and `kept`.
pub(super) fn validate(
    request: &ScoutRequest<'_>,
    relations: &mut [Relation],
    codified: &[Option<Codified>],
) -> Result<()> {
    let path = match request.write {
        Some(path) => path.to_path_buf(),
        None => request.manifest_dir.join("tests").join(CHECK_FILE),
    };
    let _removed = request.write.is_none().then(|| Remove(path.clone()));
    let _seeds = Seeds(path.clone());
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir)?;
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .context("the file to write has no name")?;
    if path.parent() != Some(&request.manifest_dir.join("tests")) {
        bail!(
            "--write {}: the relations are a test target of package `{}`, so the file must be in \
             its tests/ directory ({})",
            path.display(),
            request.package,
            request.manifest_dir.join("tests").display()
        );
    }
    let mut candidates: Vec<usize> = (0..relations.len())
        .filter(|&i| codified[i].is_some())
        .collect();
    // Build; leave out what does not compile, and build the rest again.
    for _round in 0..5 {
        if candidates.is_empty() {
            return Ok(());
        }
        let chosen: Vec<&Codified> = candidates
            .iter()
            .filter_map(|&i| codified[i].as_ref())
            .collect();
        let (text, ranges) = codify::render(&chosen, &super::file_header());
        fs_err::write(&path, text)?;
        let errors = build(request, &stem, &path)?;
        if errors.is_empty() {
            break;
        }
        let mut failed: HashMap<usize, String> = HashMap::new();
        let mut unplaced = None;
        for (line, message) in &errors {
            match ranges
                .iter()
                .position(|&(a, b)| (a..=b).contains(&(*line as usize)))
            {
                Some(k) => {
                    failed
                        .entry(candidates[k])
                        .or_insert_with(|| message.clone());
                }
                None => unplaced = unplaced.or(Some(message.clone())),
            }
        }
        if failed.is_empty() {
            bail!(
                "the codified relations of `{}` do not build, for a reason outside them: {}\n\
                 (they need `mt-runtime` as a dev-dependency, with its default `proptest` \
                 feature)",
                request.package,
                unplaced.unwrap_or_default().trim()
            );
        }
        for (&i, message) in &failed {
            relations[i].compiles = Some(false);
            relations[i].reason = Some(format!("does not compile: {}", first_line(message)));
        }
        candidates.retain(|i| !failed.contains_key(i));
    }
    for &i in &candidates {
        relations[i].compiles = Some(true);
    }
    let results = run(request, &stem)?;
    for &i in &candidates {
        let Some(c) = &codified[i] else { continue };
        let r = &mut relations[i];
        let own = results.get(&c.own_test);
        r.holds_on_test_input = own.map(|o| o.is_none());
        r.holds_on_generated = c
            .generated_test
            .as_ref()
            .and_then(|t| results.get(t))
            .map(|o| o.is_none());
        let broke = own
            .and_then(|o| o.clone().map(|input| ("its test's input", input)))
            .or_else(|| {
                c.generated_test
                    .as_ref()
                    .and_then(|t| results.get(t))
                    .and_then(|o| o.clone().map(|input| ("a generated input", input)))
            });
        if let Some((which, input)) = broke {
            r.reason = Some(format!("does not hold on {which}"));
            r.broke_on = Some(input);
        }
        r.kept = r.holds_on_test_input == Some(true) && r.holds_on_generated != Some(false);
        if own.is_none() {
            r.reason = Some("its test did not run".into());
            r.kept = false;
        }
    }
    Ok(())
}

/// Removes the check file when the check ends.
struct Remove(PathBuf);

impl Drop for Remove {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Removes the failing seeds mt-runtime kept for the check's strategy
/// tests (`tests/mtcov-regressions/<stem>.txt`): they are scout's, not the
/// user's, and name tests the written file may not have.
struct Seeds(PathBuf);

impl Drop for Seeds {
    fn drop(&mut self) {
        let (Some(dir), Some(stem)) = (self.0.parent(), self.0.file_stem()) else {
            return;
        };
        let dir = dir.join("mtcov-regressions");
        let _ = std::fs::remove_file(dir.join(stem).with_extension("txt"));
        // Only when empty.
        let _ = std::fs::remove_dir(&dir);
    }
}

/// Builds the test target; the errors in its file, by line.
fn build(request: &ScoutRequest<'_>, stem: &str, path: &Path) -> Result<Vec<(u32, String)>> {
    let mut child = ProcessBuilder::new(request.cargo)
        .args(["test", "--no-run", "--message-format=json", "--test", stem])
        .arg("--manifest-path")
        .arg(request.manifest_dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", request.target_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("cannot run cargo to build the codified relations")?;
    let stdout = child.stdout.take().context("cargo's output")?;
    let mut errors = Vec::new();
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let Message::CompilerMessage(m) = message? else {
            continue;
        };
        let m = m.message;
        if !matches!(m.level, cargo_metadata::diagnostic::DiagnosticLevel::Error) {
            continue;
        }
        let rendered = m.rendered.clone().unwrap_or_else(|| m.message.clone());
        let line = m
            .spans
            .iter()
            .filter(|s| s.is_primary)
            .find(|s| {
                Path::new(&s.file_name)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    == file_name
            })
            .map(|s| s.line_start as u32);
        errors.push((line.unwrap_or(0), rendered));
    }
    let status = child.wait()?;
    if !status.success() && errors.is_empty() {
        bail!(
            "cargo could not build the tests of `{}` to check the codified relations (run \
             `cargo test -p {}` to see why)",
            request.package,
            request.package
        );
    }
    Ok(errors)
}

/// Runs the test target: per test, `None` when it passed, else the
/// source input its failure names (or the first line of its output).
fn run(request: &ScoutRequest<'_>, stem: &str) -> Result<HashMap<String, Option<String>>> {
    let output = ProcessBuilder::new(request.cargo)
        .args(["test", "--test", stem])
        .arg("--manifest-path")
        .arg(request.manifest_dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", request.target_dir)
        .args(["--", "--test-threads=1"])
        .stderr(Stdio::null())
        .output()
        .context("cannot run cargo to run the codified relations")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    Ok(results(&stdout))
}

/// libtest's lines read: `test NAME ... ok|FAILED`, and each failure's
/// output for the input it broke on.
fn results(stdout: &str) -> HashMap<String, Option<String>> {
    let mut out: HashMap<String, Option<String>> = HashMap::new();
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("test ") else {
            continue;
        };
        if let Some(name) = rest.strip_suffix(" ... ok") {
            out.insert(name.to_owned(), None);
        } else if let Some(name) = rest.strip_suffix(" ... FAILED") {
            out.insert(name.to_owned(), Some("?".to_owned()));
        }
    }
    let mut current: Option<String> = None;
    for line in stdout.lines() {
        if let Some(name) = line
            .strip_prefix("---- ")
            .and_then(|l| l.strip_suffix(" stdout ----"))
        {
            current = Some(name.to_owned());
            continue;
        }
        let Some(name) = &current else { continue };
        if let Some(input) = line.trim().strip_prefix("source input: ")
            && out.get(name) == Some(&Some("?".to_owned()))
        {
            out.insert(name.clone(), Some(input.to_owned()));
        }
    }
    out
}

fn first_line(message: &str) -> &str {
    message
        .lines()
        .next()
        .unwrap_or("")
        .trim_start_matches("error: ")
        .trim_start_matches("error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libtest_results_and_the_input_a_failure_names() {
        let stdout = "\nrunning 3 tests\ntest a_on_its_test_input ... ok\n\
                      test b_on_generated_inputs ... FAILED\ntest c ... FAILED\n\nfailures:\n\n\
                      ---- b_on_generated_inputs stdout ----\n\nthread 'x' panicked:\n\
                      1 of 256 MGs failed\n   source input: \"a\\u{301}\"\n\
                      ---- c stdout ----\nboom\n";
        let r = results(stdout);
        assert_eq!(r["a_on_its_test_input"], None);
        assert_eq!(r["b_on_generated_inputs"].as_deref(), Some("\"a\\u{301}\""));
        assert_eq!(r["c"].as_deref(), Some("?"));
    }
}

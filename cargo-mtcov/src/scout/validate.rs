//! Checking codified relations with cargo: they are written as a test
//! file of a scratch package that depends on the package, built (a relation whose code does not compile is
//! left out, with the compiler's message, and the rest built again), and
//! run: each on its test's input, and on generated inputs where its type
//! has a strategy.

use std::collections::HashMap;
use std::io::BufReader;
use std::path::Path;
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use cargo_metadata::Message;

use super::codify::{self, Codified};
use super::{PackageFacts, Relation, ScoutRequest};
use crate::process::ProcessBuilder;

/// The test file of the scratch package checks are built in.
const CHECK_STEM: &str = "check";

/// Builds and runs the codified relations in a scratch package beside
/// the target directory (`<target-dir>/mtcov/scout/<package>`), which
/// depends on the package and on mt-runtime as the package does: the
/// package's own files are not touched. Fills each relation's
/// `compiles`, `holds_*`, `broke_on`, `reason` and `kept`.
pub(super) fn validate(
    request: &ScoutRequest<'_>,
    facts: &PackageFacts,
    relations: &mut [Relation],
    codified: &[Option<Codified>],
) -> Result<()> {
    let Some(runtime) = &facts.runtime else {
        bail!(
            "`{}` does not depend on mt-runtime: the codified relations are `#[metamorphic]` \
             functions, so add it (`cargo add --dev mt-runtime`), or pass --no-run to only find \
             and codify them",
            request.package
        );
    };
    let scratch = request.target_dir.join("mtcov/scout").join(request.package);
    fs_err::create_dir_all(scratch.join("tests"))?;
    fs_err::write(
        scratch.join("Cargo.toml"),
        format!(
            "[package]\nname = \"mtcov-scout-{}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dev-dependencies]\n{} = {{ path = {:?} }}\nmt-runtime = {}\n\n\
             # Not part of any workspace.\n[workspace]\n",
            request.package,
            request.package,
            request.manifest_dir.display().to_string(),
            runtime,
        ),
    )?;
    // The workspace's lock file: the scratch package builds against the
    // dependency versions the package is tested with, offline too.
    let lock = request.root.join("Cargo.lock");
    if lock.is_file() {
        fs_err::copy(&lock, scratch.join("Cargo.lock"))?;
    }
    let path = scratch.join("tests").join(format!("{CHECK_STEM}.rs"));
    // Seeds mt-runtime kept for an earlier check's failures are another
    // check's.
    let seeds = scratch.join("tests/mtcov-regressions");
    if seeds.exists() {
        fs_err::remove_dir_all(&seeds)?;
    }
    let stem = CHECK_STEM;
    let request = &ScoutRequest {
        manifest_dir: &scratch,
        ..*request
    };
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
        let (text, ranges) = codify::render(&chosen, &super::file_header(None));
        fs_err::write(&path, text)?;
        let errors = build(request, stem, &path)?;
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
                "the codified relations of `{}` do not build, for a reason outside them: {}",
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
    let results = run(request, stem)?;
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
            "cargo could not build the codified relations of `{}` (run `cargo test` in {} to \
             see why)",
            request.package,
            request.manifest_dir.display()
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

//! What the user's test arguments mean, which tests a binary has, and
//! which binaries have no libtest harness to ask.
//!
//! The arguments after `--` are libtest's. Filters (the positional
//! arguments), `--exact`, `--skip`, `--ignored` and `--include-ignored`
//! choose tests: they go to `<bin> --list --format terse`, so a filter
//! means exactly what it means to `cargo test`. A process that then runs
//! one listed test gets `--exact <name>` and the options that do not
//! choose tests.

use std::path::Path;

use anyhow::{Context, Result};

use crate::build::TestExecutable;

/// libtest options that take a value as the next argument.
const VALUE_OPTIONS: [&str; 7] = [
    "--test-threads",
    "--skip",
    "--logfile",
    "--format",
    "--color",
    "-Z",
    "--shuffle-seed",
];

/// The user's test arguments, split by what they do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TestArgs {
    /// Everything, as given.
    pub all: Vec<String>,
    /// Positional filters.
    pub filters: Vec<String>,
    /// Arguments that choose tests (filters excluded): `--exact`,
    /// `--skip X`, `--ignored`, `--include-ignored`.
    pub selection: Vec<String>,
    /// The rest, minus `--test-threads`: what a process running chosen
    /// tests by name gets (`--nocapture`, `--ignored`, ...).
    pub passthrough: Vec<String>,
    /// The value of `--test-threads`, if given.
    pub test_threads: Option<String>,
}

impl TestArgs {
    /// Refuses arguments with which libtest runs no test (`--list`,
    /// `--help`): the run would measure nothing and replace the last one.
    pub(crate) fn check_runs_tests(args: &[String]) -> Result<()> {
        if let Some(arg) = args
            .iter()
            .find(|a| matches!(a.as_str(), "--list" | "--help" | "-h"))
        {
            anyhow::bail!(
                "`-- {arg}` makes the test binaries run no test, so there would be nothing to \
                 measure (and the last run would be replaced by an empty one); run `cargo test -- \
                 {arg}` for that"
            );
        }
        Ok(())
    }

    pub(crate) fn parse(args: &[String]) -> Self {
        let mut parsed = TestArgs {
            all: args.to_vec(),
            ..TestArgs::default()
        };
        let mut i = 0;
        while i < args.len() {
            let arg = &args[i];
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with('-') => (name, Some(value)),
                _ => (arg.as_str(), None),
            };
            let takes_value = inline.is_none() && VALUE_OPTIONS.contains(&name);
            let value = if takes_value {
                args.get(i + 1).cloned()
            } else {
                inline.map(str::to_owned)
            };
            let mut whole = vec![arg.clone()];
            if takes_value && let Some(v) = &value {
                whole.push(v.clone());
            }
            i += whole.len();
            if !name.starts_with('-') {
                parsed.filters.push(arg.clone());
                continue;
            }
            match name {
                "--test-threads" => parsed.test_threads = Some(value.unwrap_or_default()),
                "--exact" | "--skip" => parsed.selection.extend(whole),
                "--ignored" | "--include-ignored" => {
                    parsed.selection.extend(whole.iter().cloned());
                    parsed.passthrough.extend(whole);
                }
                _ => parsed.passthrough.extend(whole),
            }
        }
        parsed
    }

    /// The user's arguments minus `--test-threads`: for a process that runs
    /// whatever they select.
    pub(crate) fn whole_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        let mut skip_value = false;
        for arg in &self.all {
            if std::mem::take(&mut skip_value) {
                continue;
            }
            if arg == "--test-threads" {
                skip_value = true;
            } else if !arg.starts_with("--test-threads=") {
                args.push(arg.clone());
            }
        }
        args
    }

    /// Whether the user asked to see the output of passing tests.
    pub(crate) fn shows_output(&self) -> bool {
        self.passthrough
            .iter()
            .any(|a| a == "--nocapture" || a == "--show-output")
    }

    /// Whether any argument narrows the tests down.
    pub(crate) fn selects(&self) -> bool {
        !self.filters.is_empty() || !self.selection.is_empty()
    }

    /// The arguments of the listing process: the user's choice of tests.
    pub(crate) fn list_args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["--list", "--format", "terse"].map(str::to_owned).to_vec();
        args.extend(self.selection.iter().cloned());
        args.extend(self.filters.iter().cloned());
        args
    }

    /// The arguments of a process that runs exactly `tests`.
    pub(crate) fn exact_args<'a>(&self, tests: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut args = self.passthrough.clone();
        args.push("--exact".to_owned());
        args.extend(tests.into_iter().map(str::to_owned));
        args
    }

    /// The error when the arguments select no test of any of `binaries`
    /// listed binaries.
    pub(crate) fn nothing_selected(&self, binaries: usize) -> String {
        let place = if binaries == 1 {
            "the 1 test binary".to_owned()
        } else {
            format!("any of the {binaries} test binaries")
        };
        if self.filters.is_empty() {
            format!(
                "the test arguments `{}` select no test in {place}",
                self.selection.join(" ")
            )
        } else {
            let shown: Vec<String> = self.filters.iter().map(|f| format!("`{f}`")).collect();
            let (noun, verb) = if shown.len() == 1 {
                ("filter", "matches")
            } else {
                ("filters", "match")
            };
            format!(
                "the test {noun} {} {verb} no test in {place} (a filter selects the tests whose \
                 path contains it; `cargo test -- --list` shows the paths)",
                shown.join(", ")
            )
        }
    }
}

/// The test names in `<bin> --list --format terse` output (`name: test`
/// and `name: bench` lines), in order.
pub(crate) fn parse_terse(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|line| {
            let (name, kind) = line.rsplit_once(": ")?;
            matches!(kind.trim(), "test" | "bench").then(|| name.to_owned())
        })
        .collect()
}

/// Whether the target has `harness = false` in its package manifest: its
/// binary is the user's own `main`, which may not understand `--list`.
pub(crate) fn has_no_harness(exe: &TestExecutable) -> Result<bool> {
    // A doc test is a `main` of its own.
    if exe.kind == crate::build::doctests::KIND {
        return Ok(true);
    }
    let manifest = exe.manifest_dir.join("Cargo.toml");
    let text = fs_err::read_to_string(&manifest)?;
    harness_off_in(&text, exe, &manifest)
}

fn harness_off_in(text: &str, exe: &TestExecutable, manifest: &Path) -> Result<bool> {
    let table: toml::Table = text
        .parse()
        .with_context(|| format!("cannot parse {}", manifest.display()))?;
    let off =
        |target: &toml::Value| target.get("harness").and_then(toml::Value::as_bool) == Some(false);
    let named = |section: &str| {
        table
            .get(section)
            .and_then(toml::Value::as_array)
            .and_then(|targets| {
                targets.iter().find(|t| {
                    t.get("name")
                        .and_then(toml::Value::as_str)
                        .is_some_and(|n| n == exe.target || n.replace('-', "_") == exe.target)
                })
            })
            .is_some_and(off)
    };
    Ok(exe.kind.split(',').any(|kind| match kind {
        "lib" | "proc-macro" | "rlib" | "dylib" | "cdylib" | "staticlib" => {
            table.get("lib").is_some_and(off)
        }
        "test" => named("test"),
        "bench" => named("bench"),
        "bin" => named("bin"),
        "example" => named("example"),
        _ => false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn arguments_split_into_filters_selection_and_the_rest() {
        let args = TestArgs::parse(&strings(&[
            "parse",
            "--skip",
            "slow",
            "--nocapture",
            "--test-threads=4",
            "--ignored",
            "--color",
            "never",
            "lex",
            "--exact",
        ]));
        assert_eq!(args.filters, ["parse", "lex"]);
        assert_eq!(args.selection, ["--skip", "slow", "--ignored", "--exact"]);
        assert_eq!(
            args.passthrough,
            ["--nocapture", "--ignored", "--color", "never"]
        );
        assert_eq!(args.test_threads.as_deref(), Some("4"));
        assert_eq!(
            args.list_args(),
            [
                "--list",
                "--format",
                "terse",
                "--skip",
                "slow",
                "--ignored",
                "--exact",
                "parse",
                "lex"
            ]
        );
        assert_eq!(
            args.exact_args(["a::b"]),
            [
                "--nocapture",
                "--ignored",
                "--color",
                "never",
                "--exact",
                "a::b"
            ]
        );
        assert_eq!(
            args.whole_args(),
            [
                "parse",
                "--skip",
                "slow",
                "--nocapture",
                "--ignored",
                "--color",
                "never",
                "lex",
                "--exact"
            ]
        );
        assert!(args.shows_output());
        let spaced = TestArgs::parse(&strings(&["--test-threads", "2"]));
        assert!(spaced.whole_args().is_empty() && !spaced.shows_output());
        assert_eq!(spaced.test_threads.as_deref(), Some("2"));
        assert!(spaced.filters.is_empty() && !spaced.selects());
    }

    #[test]
    fn selections_that_match_nothing_are_named() {
        let one = TestArgs::parse(&strings(&["no_such_test"]));
        assert!(
            one.nothing_selected(3).starts_with(
                "the test filter `no_such_test` matches no test in any of the 3 test binaries"
            ),
            "{}",
            one.nothing_selected(3)
        );
        let two = TestArgs::parse(&strings(&["a", "b"]));
        assert!(
            two.nothing_selected(1)
                .starts_with("the test filters `a`, `b` match no test in the 1 test binary")
        );
        let flags = TestArgs::parse(&strings(&["--ignored"]));
        assert_eq!(
            flags.nothing_selected(2),
            "the test arguments `--ignored` select no test in any of the 2 test binaries"
        );
    }

    #[test]
    fn terse_listing() {
        let out = "a::one: test\nb::two: bench\n\n3 tests, 0 benchmarks\nweird: name: test\n";
        assert_eq!(parse_terse(out), ["a::one", "b::two", "weird: name"]);
    }

    fn exe(kind: &str, target: &str) -> TestExecutable {
        TestExecutable {
            path: "/t/x".into(),
            package: "p".into(),
            package_version: "0.1.0".into(),
            target: target.into(),
            kind: kind.into(),
            manifest_dir: "/p".into(),
        }
    }

    #[test]
    fn harness_false_targets_are_found_in_the_manifest() {
        let manifest = r#"
            [package]
            name = "p"
            [lib]
            harness = false
            [[test]]
            name = "custom"
            harness = false
            [[test]]
            name = "normal"
        "#;
        let m = Path::new("Cargo.toml");
        assert!(harness_off_in(manifest, &exe("test", "custom"), m).unwrap());
        assert!(!harness_off_in(manifest, &exe("test", "normal"), m).unwrap());
        assert!(!harness_off_in(manifest, &exe("test", "auto"), m).unwrap());
        assert!(harness_off_in(manifest, &exe("lib", "p"), m).unwrap());
        assert!(!harness_off_in("[package]\nname='p'", &exe("lib", "p"), m).unwrap());
    }
}

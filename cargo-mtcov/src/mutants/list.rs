//! The mutants, from cargo-mutants: `cargo mutants --list --json --diff`
//! names each mutant with its file, span and the diff that makes it.

use std::path::Path;
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::process::ProcessBuilder;

/// The command that installs cargo-mutants, for error messages.
pub(crate) const INSTALL: &str = "cargo install --locked cargo-mutants";

/// One mutant as cargo-mutants lists it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct Mutant {
    pub(crate) package: String,
    /// Relative to the workspace root, `/`-separated.
    pub(crate) file: String,
    #[serde(default)]
    pub(crate) function: Option<Function>,
    pub(crate) span: Span,
    pub(crate) replacement: String,
    pub(crate) genre: String,
    pub(crate) diff: String,
    /// cargo-mutants' own name (since 26.1).
    #[serde(default)]
    pub(crate) name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct Function {
    pub(crate) function_name: String,
    /// The whole function, when cargo-mutants says.
    #[serde(default)]
    pub(crate) span: Option<Span>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct Span {
    pub(crate) start: LineCol,
    pub(crate) end: LineCol,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub(crate) struct LineCol {
    pub(crate) line: u32,
    pub(crate) column: u32,
}

impl Mutant {
    /// `file:line:col: replace ... with ...`, the way cargo-mutants names
    /// mutants (from the diff's `+++` line, which says what changed).
    pub(crate) fn name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        let what = self
            .diff
            .lines()
            .find_map(|l| l.strip_prefix("+++ "))
            .map(str::to_owned)
            .unwrap_or_else(|| format!("replace with {}", self.replacement));
        format!(
            "{}:{}:{}: {what}",
            self.file, self.span.start.line, self.span.start.column
        )
    }
}

/// Runs cargo-mutants in `root`, listing the mutants of `packages` (all
/// members when empty). The project's `.cargo/mutants.toml` applies, so
/// its `exclude_re` and `exclude_globs` leave mutants out here too.
pub(crate) fn list(root: &Path, packages: &[String]) -> Result<Vec<Mutant>> {
    let cargo = crate::build::cargo();
    let mut command = ProcessBuilder::new(&cargo);
    command
        .args(["mutants", "--list", "--json", "--diff"])
        .arg("--dir")
        .arg(root);
    for package in packages {
        command.args(["--package", package]);
    }
    let output = command.stdin(Stdio::null()).output()?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        if stderr.contains("no such command") || stderr.contains("no such subcommand") {
            bail!(
                "cargo-mutants is not installed; `cargo mtcov mutants` takes its mutants from it.\n\
                 Install it with: {INSTALL}"
            );
        }
        bail!(
            "`cargo mutants --list` failed ({}):\n{}",
            output.status,
            stderr.trim()
        );
    }
    parse(&String::from_utf8_lossy(&output.stdout))
}

pub(crate) fn parse(json: &str) -> Result<Vec<Mutant>> {
    serde_json::from_str(json).context(
        "cannot read the mutant list of `cargo mutants --list --json`; \
         this cargo-mtcov reads the format of cargo-mutants 26.2 and later (diffs in the JSON); \
         update it with: cargo install --locked cargo-mutants",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_listing_and_names_its_mutants() {
        let json = r#"[{"package":"expr","file":"src/eval.rs",
            "function":{"function_name":"eval","return_type":"-> i64","span":{"start":{"line":3,"column":1},"end":{"line":9,"column":2}}},
            "span":{"start":{"line":5,"column":11},"end":{"line":5,"column":12}},
            "replacement":"-","genre":"BinaryOperator",
            "diff":"--- src/eval.rs\n+++ replace + with - in eval\n@@ -5,1 +5,1 @@\n-a + b\n+a - b\n"}]"#;
        let mutants = parse(json).unwrap();
        assert_eq!(mutants.len(), 1);
        assert_eq!(
            mutants[0].name(),
            "src/eval.rs:5:11: replace + with - in eval"
        );
        assert_eq!(mutants[0].function.as_ref().unwrap().function_name, "eval");
        let mut named = mutants[0].clone();
        named.name = Some("cargo-mutants' name".into());
        assert_eq!(named.name(), "cargo-mutants' name");
        let error = parse(r#"{"not":"a list"}"#).unwrap_err();
        assert!(format!("{error:#}").contains("cargo install --locked cargo-mutants"));
    }
}

//! What a run's `last-run.json` says for `cargo mtcov --affected`: the
//! base a later run must share to keep its records ([`RunBase`]), and,
//! for an `--affected` run, what reran and what was kept ([`AffectedSummary`]).

use std::path::PathBuf;

use anyhow::Result;
use serde::{Deserialize, Serialize};

use crate::build::sources::SourceFile;
use crate::build::{BuildOptions, Workspace};

/// What a run's records must share with a later build to be kept by
/// `--affected`: the toolchain, the cargo arguments, the compiler flags
/// from the environment, and the manifests, lock file and cargo config.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunBase {
    /// The cargo-mtcov release that made the run.
    pub mtcov: String,
    /// `rustc -vV`.
    pub toolchain: String,
    /// The build's cargo arguments (packages, features, profile, branch).
    pub cargo_args: Vec<String>,
    /// Variables that change what rustc makes (`RUSTFLAGS`, ...), as set.
    pub flags: Vec<(String, String)>,
    /// Variables that change what the tests draw and run (`PROPTEST_*`,
    /// `MTCOV_*`, `RUST_TEST_*`), as set, and the test arguments.
    pub test_settings: Vec<(String, String)>,
    /// Fingerprints of the manifests, lock file, cargo config and
    /// toolchain file (empty: the file did not exist).
    pub manifests: Vec<SourceFile>,
}

/// The environment variables that change what the build makes.
const FLAG_VARIABLES: [&str; 7] = [
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "RUSTC",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_BUILD_TARGET",
];

impl RunBase {
    /// The base of a run built now with `options`, its tests run with
    /// `test_args`.
    pub(crate) fn now(
        workspace: &Workspace,
        options: &BuildOptions,
        test_args: &[String],
    ) -> Result<RunBase> {
        let mut cargo_args = crate::build::build_args(options, crate::model::ColorChoice::Never, 0);
        // The colour is no part of what is built.
        if let Some(at) = cargo_args.iter().position(|a| a == "--color") {
            cargo_args.drain(at..(at + 2).min(cargo_args.len()));
        }
        if options.branch {
            cargo_args.push("--branch".to_owned());
        }
        let flags = FLAG_VARIABLES
            .iter()
            .filter_map(|&name| Some((name.to_owned(), std::env::var(name).ok()?)))
            .collect();
        let mut test_settings: Vec<(String, String)> = std::env::vars()
            .filter(|(name, _)| {
                ["PROPTEST_", "MTCOV_", "RUST_TEST_"]
                    .iter()
                    .any(|prefix| name.starts_with(prefix))
                    && name != mtcov_protocol::RECORD_DIR_ENV
            })
            .collect();
        test_settings.sort();
        test_settings.extend(test_args.iter().map(|a| ("--".to_owned(), a.clone())));
        let manifests = manifest_paths(workspace)
            .into_iter()
            .map(|path| SourceFile {
                fingerprint: crate::build::sources::fingerprint_of(&path).unwrap_or_default(),
                path,
            })
            .collect();
        Ok(RunBase {
            mtcov: env!("CARGO_PKG_VERSION").to_owned(),
            toolchain: crate::build::Toolchain::verbose_version()?,
            cargo_args,
            flags,
            test_settings,
            manifests,
        })
    }

    /// Whether a run with these test arguments (and the environment's
    /// `MTCOV_SELECT`) runs every test: only such a run can be a base.
    pub(crate) fn whole(test_args: &[String]) -> bool {
        !super::TestArgs::parse(test_args).selects()
            && std::env::var_os(mtcov_protocol::SELECT_ENV).is_none_or(|p| p.is_empty())
    }

    /// Why records of a run with base `self` cannot be kept by a build
    /// with base `now`, if they cannot.
    pub(crate) fn differs(&self, now: &RunBase) -> Option<String> {
        let show = |settings: &[(String, String)]| {
            if settings.is_empty() {
                "none".to_owned()
            } else {
                settings
                    .iter()
                    .map(|(k, v)| {
                        if k == "--" {
                            format!("-- {v}")
                        } else {
                            format!("{k}={v}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        if self.mtcov != now.mtcov {
            return Some(format!(
                "it was made by cargo-mtcov {} (this is {})",
                self.mtcov, now.mtcov
            ));
        }
        if self.toolchain != now.toolchain {
            // `rustc 1.95.0 (59807616e 2026-04-14)`: release and commit.
            let release = |t: &str| t.lines().next().unwrap_or(t).to_owned();
            return Some(format!(
                "it was built by another toolchain ({}; now {})",
                release(&self.toolchain),
                release(&now.toolchain)
            ));
        }
        if self.cargo_args != now.cargo_args {
            return Some(format!(
                "it was built with other cargo arguments (`{}`; now `{}`): another set of \
                 packages, features or profile",
                self.cargo_args.join(" "),
                now.cargo_args.join(" ")
            ));
        }
        if self.flags != now.flags {
            return Some(format!(
                "it was built with other compiler settings ({}; now {})",
                show(&self.flags),
                show(&now.flags)
            ));
        }
        if self.test_settings != now.test_settings {
            return Some(format!(
                "its tests ran with other settings ({}; now {}): they could draw or run other inputs",
                show(&self.test_settings),
                show(&now.test_settings)
            ));
        }
        None
    }
}

/// The files besides Rust sources that decide what cargo builds.
fn manifest_paths(workspace: &Workspace) -> Vec<PathBuf> {
    let root = &workspace.root;
    let mut paths: Vec<PathBuf> = [
        "Cargo.toml",
        "Cargo.lock",
        ".cargo/config.toml",
        ".cargo/config",
        "rust-toolchain",
        "rust-toolchain.toml",
    ]
    .iter()
    .map(|p| root.join(p))
    .chain(
        workspace
            .members
            .iter()
            .map(|m| m.manifest_dir.join("Cargo.toml")),
    )
    .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// What was rerun and what was kept: in `last-run.json` and every report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AffectedSummary {
    /// The revision, as given.
    pub reference: String,
    /// The commit it names.
    pub commit: String,
    /// Why every test reran, when the change allows no finer choice.
    pub everything: Option<String>,
    /// The tests that ran, each with why.
    pub rerun: Vec<TestNote>,
    /// The tests whose records were kept from the last run.
    pub kept: Vec<TestNote>,
    /// MGs kept from the last run's records (of kept tests, and of tests
    /// of which only the MGs a change reaches reran).
    pub kept_groups: usize,
    /// MGs rerun in tests whose other MGs were kept.
    #[serde(default)]
    pub rerun_groups: usize,
}

/// One test of a test binary, and why it was rerun or kept.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TestNote {
    /// The binary, as nextest names it (`package::test-target`).
    pub binary: String,
    pub test: String,
    pub why: String,
}

impl AffectedSummary {
    /// One line: what was rerun and kept, against what.
    pub fn line(&self) -> String {
        let short = &self.commit[..self.commit.len().min(12)];
        let mgs = |n: usize| format!("{n} {}", if n == 1 { "MG" } else { "MGs" });
        let (tests, all) = (self.rerun.len(), self.rerun.len() + self.kept.len());
        let mut line = if self.rerun_groups == 0 {
            format!(
                "--affected {} ({short}): reran {tests} of {all} tests, kept the records of {} ({}) \
                 from the last run",
                self.reference,
                self.kept.len(),
                mgs(self.kept_groups),
            )
        } else {
            format!(
                "--affected {} ({short}): reran {tests} of {all} tests, some only in part ({} of \
                 theirs reran, the others kept); kept the records of {} {} and {} in all from the \
                 last run",
                self.reference,
                mgs(self.rerun_groups),
                self.kept.len(),
                if self.kept.len() == 1 {
                    "test"
                } else {
                    "tests"
                },
                mgs(self.kept_groups),
            )
        };
        if let Some(why) = &self.everything {
            line.push_str(&format!("; every test reran: {why}"));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> RunBase {
        RunBase {
            mtcov: "0.1.0".into(),
            toolchain: "rustc 1.95.0 (abc 2026-01-01)\nbinary: rustc\ncommit-hash: abc\nrelease: 1.95.0\nLLVM version: 21.1.0".into(),
            cargo_args: vec![],
            flags: vec![],
            test_settings: vec![("PROPTEST_CASES".into(), "300".into())],
            manifests: vec![],
        }
    }

    #[test]
    fn each_difference_is_named() {
        assert_eq!(base().differs(&base()), None);
        let mut other = base();
        other.toolchain = other.toolchain.replace("abc", "def");
        let why = base().differs(&other).unwrap();
        assert!(
            why.starts_with(
                "it was built by another toolchain (rustc 1.95.0 (abc 2026-01-01); now rustc"
            ),
            "{why}"
        );
        let mut other = base();
        other.cargo_args = vec!["--release".into()];
        assert!(
            base()
                .differs(&other)
                .unwrap()
                .contains("(``; now `--release`)")
        );
        let mut other = base();
        other.flags = vec![("RUSTFLAGS".into(), "-Copt-level=1".into())];
        assert!(
            base()
                .differs(&other)
                .unwrap()
                .contains("(none; now RUSTFLAGS=-Copt-level=1)")
        );
        let mut other = base();
        other
            .test_settings
            .push(("--".into(), "--include-ignored".into()));
        assert!(
            base()
                .differs(&other)
                .unwrap()
                .contains("now PROPTEST_CASES=300 -- --include-ignored")
        );
        let mut other = base();
        other.mtcov = "0.2.0".into();
        assert_eq!(
            base().differs(&other).unwrap(),
            "it was made by cargo-mtcov 0.1.0 (this is 0.2.0)"
        );
    }
}

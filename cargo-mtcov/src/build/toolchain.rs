//! The toolchain: which rustc cargo will use, its channel and its
//! standard library directory.
//!
//! `cargo mtcov` decodes coverage mappings and captures counters itself:
//! it needs no LLVM tool (llvm-tools-preview is for `llvm-cov`, which only
//! the project's own oracle tests run).

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::process::ProcessBuilder;

/// The rustc cargo runs: `$RUSTC`, else `rustc` from `PATH` (under rustup,
/// the proxy honours `cargo +toolchain` through `RUSTUP_TOOLCHAIN`).
pub(crate) fn rustc() -> PathBuf {
    std::env::var_os("RUSTC").map_or_else(|| PathBuf::from("rustc"), PathBuf::from)
}

/// Runs `rustc <args>` and returns its trimmed stdout.
fn rustc_output(args: &[&str]) -> Result<String> {
    let rustc = rustc();
    let output = ProcessBuilder::new(&rustc)
        .args(args)
        .output()
        .context("is a Rust toolchain installed?")?;
    if !output.status.success() {
        bail!(
            "`{} {}` failed: {}",
            rustc.display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// The directory of the target's standard library, shared objects
/// included (`libstd-*.so`), which test binaries of proc-macro crates load
/// at run time; `cargo test` puts it on the library path, and so do we.
pub(crate) fn target_libdir() -> Result<PathBuf> {
    Ok(PathBuf::from(rustc_output(&["--print", "target-libdir"])?))
}

/// What `rustc -vV` says about the active toolchain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Toolchain {
    /// `release:` line, e.g. `1.97.0-nightly`.
    release: String,
}

impl Toolchain {
    /// `rustc -vV`, whole: release, commit, host and LLVM version.
    pub(crate) fn verbose_version() -> Result<String> {
        rustc_output(&["-vV"])
    }

    pub(crate) fn detect() -> Result<Self> {
        Self::parse(&rustc_output(&["-vV"])?)
    }

    fn parse(text: &str) -> Result<Self> {
        let release = text
            .lines()
            .find_map(|l| l.strip_prefix("release:"))
            .map(|v| v.trim().to_owned())
            .context("`rustc -vV` printed no `release:` line")?;
        Ok(Self { release })
    }

    /// `rustc -vV`'s release.
    pub(crate) fn release(&self) -> &str {
        &self.release
    }

    /// Whether `-Z` flags work: a nightly or dev compiler, or `RUSTC_BOOTSTRAP=1`.
    pub(crate) fn allows_unstable(&self, rustc_bootstrap: Option<&str>) -> bool {
        self.release.contains("-nightly")
            || self.release.contains("-dev")
            || rustc_bootstrap == Some("1")
    }

    /// Fails with the exact commands to run when `--branch` cannot work.
    pub(crate) fn require_branch_support(&self) -> Result<()> {
        let bootstrap = std::env::var("RUSTC_BOOTSTRAP").ok();
        self.branch_support(bootstrap.as_deref())
    }

    fn branch_support(&self, rustc_bootstrap: Option<&str>) -> Result<()> {
        if self.allows_unstable(rustc_bootstrap) {
            return Ok(());
        }
        bail!(
            "--branch needs a nightly toolchain (branch coverage is the unstable \
             `-Zcoverage-options=branch`), but the active rustc is {release}.\n\
             Install one:  rustup toolchain install nightly\n\
             then run:     cargo +nightly mtcov --branch",
            release = self.release
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NIGHTLY: &str = "rustc 1.97.0-nightly (abc 2026-05-01)\nbinary: rustc\n\
        commit-hash: abc\nhost: x86_64-unknown-linux-gnu\nrelease: 1.97.0-nightly\nLLVM version: 22.1.4\n";

    #[test]
    fn parses_rustc_verbose_version() {
        let t = Toolchain::parse(NIGHTLY).unwrap();
        assert_eq!(t.release, "1.97.0-nightly");
        assert!(t.allows_unstable(None));
        assert!(Toolchain::parse("host: x\n").is_err());
    }

    #[test]
    fn stable_branch_error_names_the_install_command_unless_bootstrapped() {
        let stable = Toolchain {
            release: "1.95.0".into(),
        };
        let err = stable.branch_support(None).unwrap_err().to_string();
        assert!(err.contains("rustup toolchain install nightly"), "{err}");
        assert!(err.contains("cargo +nightly mtcov --branch"), "{err}");
        assert!(stable.branch_support(Some("0")).is_err());
        assert!(
            stable.branch_support(Some("1")).is_ok(),
            "RUSTC_BOOTSTRAP=1 is honoured"
        );
    }

    #[test]
    fn the_target_libdir_holds_the_shared_libstd() {
        let dir = target_libdir().unwrap();
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let dylib = format!("{}std-", std::env::consts::DLL_PREFIX);
        assert!(
            names
                .iter()
                .any(|n| n.starts_with(&dylib) && n.ends_with(std::env::consts::DLL_SUFFIX)),
            "{}: {names:?}",
            dir.display()
        );
    }
}

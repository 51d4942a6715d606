//! The toolchain: which rustc cargo will use, its channel, and the LLVM
//! tools that ship with it (llvm-tools-preview).
//!
//! The measuring path maps coverage in-process and needs no LLVM tool; they
//! are looked up only by what actually runs them (oracle tests, profile
//! merging), so a missing component never blocks a plain `cargo mtcov`.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The rustc cargo runs: `$RUSTC`, else `rustc` from `PATH` (under rustup,
/// the proxy honours `cargo +toolchain` through `RUSTUP_TOOLCHAIN`).
pub fn rustc() -> PathBuf {
    std::env::var_os("RUSTC").map_or_else(|| PathBuf::from("rustc"), PathBuf::from)
}

/// What `rustc -vV` says about the active toolchain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    /// `release:` line, e.g. `1.97.0-nightly`.
    pub release: String,
    /// `host:` line, e.g. `x86_64-unknown-linux-gnu`.
    pub host: String,
    /// `LLVM version:` line.
    pub llvm: Option<String>,
}

impl Toolchain {
    pub fn detect() -> Result<Self> {
        let rustc = rustc();
        let output = Command::new(&rustc).arg("-vV").output().with_context(|| {
            format!(
                "cannot run `{} -vV`; is a Rust toolchain installed?",
                rustc.display()
            )
        })?;
        if !output.status.success() {
            bail!(
                "`{} -vV` failed: {}",
                rustc.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        Self::parse(&String::from_utf8_lossy(&output.stdout))
    }

    pub(crate) fn parse(text: &str) -> Result<Self> {
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .map(|v| v.trim().to_owned())
        };
        let release = field("release:").context("`rustc -vV` printed no `release:` line")?;
        let host = field("host:").context("`rustc -vV` printed no `host:` line")?;
        Ok(Self {
            release,
            host,
            llvm: field("LLVM version:"),
        })
    }

    /// Whether `-Z` flags work: a nightly or dev compiler, or `RUSTC_BOOTSTRAP=1`.
    pub fn allows_unstable(&self) -> bool {
        self.allows_unstable_with(std::env::var_os("RUSTC_BOOTSTRAP").as_deref())
    }

    /// [`Self::allows_unstable`] given the value of `RUSTC_BOOTSTRAP`.
    fn allows_unstable_with(&self, rustc_bootstrap: Option<&OsStr>) -> bool {
        self.release.contains("-nightly")
            || self.release.contains("-dev")
            || rustc_bootstrap == Some(OsStr::new("1"))
    }

    /// Fails with the exact commands to run when `--branch` cannot work.
    pub fn require_branch_support(&self) -> Result<()> {
        self.branch_support(std::env::var_os("RUSTC_BOOTSTRAP").as_deref())
    }

    /// [`Self::require_branch_support`] given the value of `RUSTC_BOOTSTRAP`.
    fn branch_support(&self, rustc_bootstrap: Option<&OsStr>) -> Result<()> {
        if self.allows_unstable_with(rustc_bootstrap) {
            return Ok(());
        }
        bail!(
            "--branch needs a nightly toolchain (branch coverage is the unstable \
             `-Zcoverage-options=branch`), but the active rustc is {release}.\n\
             Install one:  rustup toolchain install nightly --component llvm-tools-preview\n\
             then run:     cargo +nightly mtcov --branch",
            release = self.release
        );
    }
}

/// An LLVM tool from llvm-tools-preview.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LlvmTool {
    Cov,
    Profdata,
}

impl LlvmTool {
    fn file_name(self) -> &'static str {
        match self {
            Self::Cov => "llvm-cov",
            Self::Profdata => "llvm-profdata",
        }
    }

    fn env_var(self) -> &'static str {
        match self {
            Self::Cov => "LLVM_COV",
            Self::Profdata => "LLVM_PROFDATA",
        }
    }
}

/// Finds `tool`: `$LLVM_COV` / `$LLVM_PROFDATA`, else the toolchain's
/// `<target-libdir>/../bin`. A missing tool is an error that names the
/// rustup command installing it.
pub fn llvm_tool(tool: LlvmTool) -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(tool.env_var()) {
        let path = PathBuf::from(path);
        if path.is_file() {
            return Ok(path);
        }
        bail!(
            "{} is set to {}, which is not a file; fix or unset it",
            tool.env_var(),
            path.display()
        );
    }
    let rustc = rustc();
    let output = Command::new(&rustc)
        .args(["--print", "target-libdir"])
        .output()
        .with_context(|| format!("cannot run `{} --print target-libdir`", rustc.display()))?;
    if !output.status.success() {
        bail!(
            "`{} --print target-libdir` failed: {}",
            rustc.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let libdir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    tool_in_libdir(tool, &libdir)
}

fn tool_in_libdir(tool: LlvmTool, libdir: &Path) -> Result<PathBuf> {
    let bin = libdir.parent().map(|p| p.join("bin")).unwrap_or_default();
    let path = bin.join(format!(
        "{}{}",
        tool.file_name(),
        std::env::consts::EXE_SUFFIX
    ));
    if path.is_file() {
        return Ok(path);
    }
    bail!(
        "{} not found (looked in {}).\n\
         Install it with:  rustup component add llvm-tools-preview\n\
         (for another toolchain add `--toolchain <name>`), or set {} to its path",
        tool.file_name(),
        bin.display(),
        tool.env_var()
    )
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
        assert_eq!(t.host, "x86_64-unknown-linux-gnu");
        assert_eq!(t.llvm.as_deref(), Some("22.1.4"));
        assert!(t.allows_unstable_with(None));
    }

    #[test]
    fn stable_branch_error_names_the_install_command() {
        let stable = Toolchain {
            release: "1.95.0".into(),
            host: "x".into(),
            llvm: None,
        };
        // The environment's RUSTC_BOOTSTRAP is not read: both cases are
        // checked whatever the test runs under.
        let err = stable.branch_support(None).unwrap_err().to_string();
        assert!(
            err.contains("rustup toolchain install nightly --component llvm-tools-preview"),
            "{err}"
        );
        assert!(err.contains("cargo +nightly mtcov --branch"), "{err}");
        assert!(stable.branch_support(Some(OsStr::new("0"))).is_err());
        stable
            .branch_support(Some(OsStr::new("1")))
            .expect("RUSTC_BOOTSTRAP=1 is honoured on purpose");
    }

    #[test]
    fn missing_tool_names_the_rustup_component() {
        let err = tool_in_libdir(LlvmTool::Cov, Path::new("/nonexistent/lib"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("rustup component add llvm-tools-preview"),
            "{err}"
        );
        assert!(err.contains("LLVM_COV"), "{err}");
    }
}

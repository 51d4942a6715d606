//! The command that starts a test process, for every runner (`cargo
//! mtcov`, its shards, mutants): what `cargo test` would give it, and
//! mtcov's own variables.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result};
use mtcov_protocol::RECORD_DIR_ENV;

use crate::build::TestExecutable;
use crate::process::ProcessBuilder;

/// What every test process of one run is given.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TestEnv<'a> {
    /// `[env]` of cargo's configuration, applied before mtcov's own
    /// variables (ours win).
    pub env: &'a [(String, String)],
    /// Where mt-runtime writes its records (`MTCOV_RECORD_DIR`).
    pub record_dir: &'a Path,
    /// Native library directories from build scripts.
    pub library_paths: &'a [PathBuf],
}

impl TestEnv<'_> {
    /// `exe` with `args`, as `cargo test` starts it: its package root as
    /// working directory, `CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`, ...,
    /// its `deps` directory and the build scripts' on the library path;
    /// and recording into [`record_dir`](Self::record_dir). The raw
    /// profile of an instrumented binary goes nowhere: coverage is
    /// captured in process.
    pub(crate) fn command(&self, exe: &TestExecutable, args: &[String]) -> Result<ProcessBuilder> {
        let mut command = ProcessBuilder::new(&exe.path);
        command
            .args(args)
            .current_dir(&exe.manifest_dir)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .env(RECORD_DIR_ENV, self.record_dir)
            .env(
                "LLVM_PROFILE_FILE",
                if cfg!(windows) { "NUL" } else { "/dev/null" },
            )
            .env("CARGO", crate::build::cargo())
            .env("CARGO_MANIFEST_DIR", &exe.manifest_dir)
            .env("CARGO_PKG_NAME", &exe.package)
            .env("CARGO_PKG_VERSION", &exe.package_version)
            .stdin(Stdio::null());
        let mut dirs: Vec<PathBuf> = self.library_paths.to_vec();
        if let Some(deps) = exe.path.parent() {
            dirs.push(deps.to_path_buf());
        }
        let var = dylib_path_var();
        if let Some(existing) = std::env::var_os(var) {
            dirs.extend(std::env::split_paths(&existing));
        }
        let joined: OsString =
            std::env::join_paths(dirs).context("a library path contains the path separator")?;
        command.env(var, joined);
        Ok(command)
    }
}

fn dylib_path_var() -> &'static str {
    if cfg!(windows) {
        "PATH"
    } else if cfg!(target_os = "macos") {
        "DYLD_FALLBACK_LIBRARY_PATH"
    } else {
        "LD_LIBRARY_PATH"
    }
}

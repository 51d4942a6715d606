//! `--doctests`: the doc tests of the members, compiled instrumented by
//! rustdoc and kept (its unstable `--persist-doctests`, with `--no-run`),
//! so that `cargo mtcov` runs each as a test binary of its own, with its
//! records and its coverage mapping, as `cargo llvm-cov --doctests`
//! measures them. Needs a nightly toolchain.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result, bail};

use super::{BuildOptions, BuildOutput, BuildRequest, TestExecutable, Toolchain, test_cargo};

/// The `kind` of a doc test's executable: a plain `main`, run once.
pub(crate) const KIND: &str = "doctest";

/// Refuses `--doctests` on a toolchain whose rustdoc cannot keep them.
pub(crate) fn require_nightly() -> Result<()> {
    let toolchain = Toolchain::detect()?;
    if toolchain.allows_unstable(std::env::var("RUSTC_BOOTSTRAP").ok().as_deref()) {
        return Ok(());
    }
    bail!(
        "--doctests needs a nightly toolchain (rustdoc keeps the doc tests' binaries only with \
         the unstable `--persist-doctests`), but the active rustc is {}.\n\
         Install one:  rustup toolchain install nightly\n\
         then run:     cargo +nightly mtcov --doctests",
        toolchain.release()
    );
}

/// Compiles the doc tests of every package whose library `build` tested
/// (each package on its own: rustdoc names a kept doc test by its file
/// and line only) and adds one executable per doc test to `build`.
pub(crate) fn add(
    request: &BuildRequest<'_>,
    manifest_path: Option<&Path>,
    build: &mut BuildOutput,
) -> Result<()> {
    let root = request
        .workspace
        .build_dir(request.options.branch)
        .join("doctests");
    let _ = std::fs::remove_dir_all(&root);
    let mut packages: Vec<(String, String, PathBuf)> = build
        .executables
        .iter()
        .filter(|e| e.kind == "lib")
        .map(|e| {
            (
                e.package.clone(),
                e.package_version.clone(),
                e.manifest_dir.clone(),
            )
        })
        .collect();
    packages.sort();
    packages.dedup();
    for (package, version, manifest_dir) in packages {
        let dir = root.join(&package);
        fs_err::create_dir_all(&dir)?;
        let options = BuildOptions {
            selection: super::Selection {
                package: vec![format!("{package}@{version}")],
                workspace: false,
                ..request.options.selection.clone()
            },
            ..request.options.clone()
        };
        let mut command = test_cargo(
            &BuildRequest {
                options: &options,
                ..*request
            },
            manifest_path,
            &["test", "--doc"],
        )?;
        command
            .env(
                "RUSTDOCFLAGS",
                rustdoc_flags(&dir, request.instrument, request.options.branch),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        if crate::term::quiet() {
            command.arg("--quiet");
        }
        let status = command.status().context("cannot run `cargo test --doc`")?;
        if !status.success() {
            bail!(
                "the doc tests of {package} did not compile (`cargo test --doc` exited with \
                 {status}); see the messages above"
            );
        }
        build
            .executables
            .extend(kept(&dir)?.into_iter().map(|(name, path)| TestExecutable {
                path,
                package: package.clone(),
                package_version: version.clone(),
                target: name,
                kind: KIND.to_owned(),
                manifest_dir: manifest_dir.clone(),
            }));
    }
    Ok(())
}

/// The user's `RUSTDOCFLAGS` and what keeps the doc tests, compiled (and
/// instrumented, as the members are) but not run.
fn rustdoc_flags(dir: &Path, instrument: bool, branch: bool) -> String {
    let mut flags = std::env::var("RUSTDOCFLAGS").unwrap_or_default();
    if instrument {
        flags.push_str(" -C instrument-coverage --cfg mtcov --check-cfg cfg(mtcov)");
        if branch {
            flags.push_str(" -Z coverage-options=branch");
        }
    }
    flags.push_str(&format!(
        " -Z unstable-options --persist-doctests {} --no-run",
        dir.display()
    ));
    flags.trim_start().to_owned()
}

/// The doc tests rustdoc kept in `dir`: each a directory named after its
/// file and line (`src_lib_rs_3_0`) holding `rust_out`, sorted by name.
fn kept(dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut found = Vec::new();
    for entry in fs_err::read_dir(dir)? {
        let entry = entry?;
        let binary = entry.path().join(if cfg!(windows) {
            "rust_out.exe"
        } else {
            "rust_out"
        });
        if binary.is_file() {
            let name = entry.file_name().to_string_lossy().into_owned();
            found.push((name, binary));
        }
    }
    found.sort();
    Ok(found)
}

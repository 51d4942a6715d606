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
    // Under the workspace's own mtcov directory (locked for the run), not
    // the build directory, which `MTCOV_BUILD_DIR` may share between
    // workspaces whose packages have the same names.
    let root = request.workspace.mtcov_dir().join("doctests");
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
            .stderr(Stdio::inherit());
        if crate::term::quiet() {
            command.arg("--quiet");
        }
        // rustdoc's list of what it compiled goes to stdout: shown only
        // when a doc test did not compile (its errors are in it).
        let output = command.output().context("cannot run `cargo test --doc`")?;
        if !output.status.success() {
            anstream::eprint!("{}", String::from_utf8_lossy(&output.stdout));
            bail!(
                "the doc tests of {package} did not compile (`cargo test --doc` exited with \
                 {}); see the messages above",
                output.status
            );
        }
        let (run, not_run): (Vec<_>, Vec<_>) = kept(&dir)?
            .into_iter()
            .partition(|(name, _)| runs(&manifest_dir, name));
        if !not_run.is_empty() {
            crate::term::note(format_args!(
                "{} doc test{} of {package} marked `no_run` or `should_panic` not run (as \
                 `cargo test` runs them, they measure nothing)",
                not_run.len(),
                if not_run.len() == 1 { "" } else { "s" }
            ));
        }
        build
            .executables
            .extend(run.into_iter().map(|(name, path)| TestExecutable {
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

/// Whether mtcov runs the kept doc test `name` of the package in
/// `manifest_dir`: not when its code block is `no_run` (never run) or
/// `should_panic` (a process that panics, its records cut). rustdoc names
/// a kept doc test after its file (each character that is not
/// alphanumeric an `_`), the line of its opening fence and an index:
/// `src_lib_rs_21_0`; the fence's info string says which it is.
fn runs(manifest_dir: &Path, name: &str) -> bool {
    let mut parts = name.rsplitn(3, '_');
    let (Some(_index), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return true;
    };
    let Ok(line) = line.parse::<usize>() else {
        return true;
    };
    let Some(path) = source_named(manifest_dir, manifest_dir, file) else {
        return true;
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Some(fence) = text.lines().nth(line.saturating_sub(1)) else {
        return true;
    };
    !fence_attributes(fence)
        .iter()
        .any(|a| matches!(*a, "no_run" | "should_panic"))
}

/// The attributes of a doc comment's opening code fence
/// (`/// ```should_panic,edition2021`).
fn fence_attributes(line: &str) -> Vec<&str> {
    let text = line
        .trim_start()
        .trim_start_matches(['/', '!', '*'])
        .trim_start();
    let Some(info) = text
        .strip_prefix("```")
        .or_else(|| text.strip_prefix("~~~"))
    else {
        return Vec::new();
    };
    info.trim_start_matches(['`', '~'])
        .split([',', ' ', '\t'])
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect()
}

/// The `.rs` file under `dir` whose path relative to `root`, each
/// character that is not alphanumeric made an `_`, is `mangled`.
fn source_named(root: &Path, dir: &Path, mangled: &str) -> Option<PathBuf> {
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if entry.file_name() == "target" {
                continue;
            }
            if let Some(found) = source_named(root, &path, mangled) {
                return Some(found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).ok()?.to_string_lossy().into_owned();
            let name: String = relative
                .chars()
                .map(|c| if c.is_alphanumeric() { c } else { '_' })
                .collect();
            if name == mangled {
                return Some(path);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_say_which_doc_tests_run() {
        assert_eq!(fence_attributes("/// ```"), Vec::<&str>::new());
        assert_eq!(fence_attributes("    /// ```no_run"), ["no_run"]);
        assert_eq!(
            fence_attributes("//! ```should_panic,edition2021"),
            ["should_panic", "edition2021"]
        );
        assert_eq!(fence_attributes(" * ~~~rust no_run"), ["rust", "no_run"]);
        assert_eq!(fence_attributes("/// text"), Vec::<&str>::new());
    }

    #[test]
    fn a_kept_doc_test_is_found_by_its_file_and_fence_line() {
        let dir = std::env::temp_dir().join(format!("mtcov-doctests-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src/a-b")).unwrap();
        std::fs::write(
            dir.join("src/a-b/mod.rs"),
            "/// ```\n/// x\n/// ```\n///\n/// ```no_run\n/// y\n/// ```\nfn f() {}\n",
        )
        .unwrap();
        assert!(runs(&dir, "src_a_b_mod_rs_1_0"));
        assert!(!runs(&dir, "src_a_b_mod_rs_5_0"));
        // Edition 2024's merged doc tests, and names it cannot place, run.
        assert!(runs(&dir, "merged_doctest_2024_0"));
        assert!(runs(&dir, "src_elsewhere_rs_5_0"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

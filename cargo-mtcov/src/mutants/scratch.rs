//! A scratch copy of the workspace per job, where mutants are applied,
//! built (incrementally, in the copy's own target directory) and their
//! tests run with recording on.
//!
//! The copy is refreshed, not recreated, on each `cargo mtcov mutants`:
//! a file is rewritten only when its content differs, so cargo's
//! fingerprints stay valid and the first build after a refresh is
//! incremental. `.git` and every `target` directory are not copied.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, Result};
use mtcov_protocol::CASES_ENV;

use crate::build::{self, BuildOptions, BuildOutput};
use crate::model::ColorChoice;
use crate::process::ProcessBuilder;
use crate::run::{BinaryOutcome, TestEnv, pool};

/// One job's copy of the workspace.
#[derive(Debug)]
pub(crate) struct Scratch {
    /// The copy of the workspace root.
    pub(crate) root: PathBuf,
    /// Its own target directory.
    target: PathBuf,
    /// The copy's `Cargo.toml` for the user's `--manifest-path`.
    manifest: Option<PathBuf>,
}

/// Why a copy does not build: the first error, and all cargo said.
#[derive(Debug, Clone)]
pub(crate) struct BuildFailure {
    pub(crate) reason: String,
    pub(crate) stderr: String,
}

/// A test process's end and how long it took.
#[derive(Debug, Clone)]
pub(crate) struct ScratchProcess {
    pub(crate) end: BinaryOutcome,
    pub(crate) time: Duration,
}

impl Scratch {
    /// Refreshes `<dir>/src` from `workspace_root`; `skip` are directories
    /// not to copy (the workspace's target directory).
    pub(crate) fn prepare(
        workspace_root: &Path,
        dir: &Path,
        skip: &[PathBuf],
        manifest_path: Option<&Path>,
    ) -> Result<Self> {
        let root = dir.join("src");
        let copy = TreeCopy {
            root: workspace_root,
            skip,
        };
        copy.sync(workspace_root, &root)
            .with_context(|| format!("cannot copy the workspace to {}", root.display()))?;
        let manifest = match manifest_path {
            Some(path) => {
                let path = path
                    .canonicalize()
                    .with_context(|| format!("cannot find {}", path.display()))?;
                let relative = path.strip_prefix(workspace_root).with_context(|| {
                    format!(
                        "--manifest-path {} is outside the workspace root {}",
                        path.display(),
                        workspace_root.display()
                    )
                })?;
                Some(root.join(relative))
            }
            None => None,
        };
        Ok(Self {
            root,
            target: dir.join("target"),
            manifest,
        })
    }

    /// Builds the tests, plain (no instrumentation). `Ok(Err(failure))`
    /// when the code does not compile.
    pub(crate) fn build(
        &self,
        options: &BuildOptions,
    ) -> Result<Result<BuildOutput, BuildFailure>> {
        let mut command = ProcessBuilder::new(build::cargo());
        command.args(build::NO_RUN);
        command.args(build::build_args(options, ColorChoice::Never, 0));
        command.arg("--manifest-path").arg(
            self.manifest
                .clone()
                .unwrap_or_else(|| self.root.join("Cargo.toml")),
        );
        command
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("RUSTC_WRAPPER")
            .env_remove(crate::build::wrapper::CONFIG_ENV)
            .stdin(Stdio::null());
        let output = command.output()?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            return Ok(Err(BuildFailure {
                reason: build_error(&stderr),
                stderr,
            }));
        }
        let mut built = BuildOutput::default();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            build::parse_message(line, &[], &mut built);
        }
        Ok(Ok(
            built.for_tests(&build::CargoConfig::discover(&self.root)?)?
        ))
    }

    /// Runs each test executable, one after another, with recording into
    /// `record_dir`, replaying the strategy cases logged under `cases`,
    /// stopping any that runs longer than `timeout` (with its process
    /// group). Each gets what `cargo test` would give it
    /// ([`TestEnv`](crate::run::TestEnv)), and rustc's target libdir for
    /// proc-macro crates' unit tests.
    pub(crate) fn run_tests(
        &self,
        built: &BuildOutput,
        record_dir: &Path,
        cases: &Path,
        timeout: Duration,
    ) -> Result<Vec<ScratchProcess>> {
        fs_err::create_dir_all(record_dir)?;
        let env = TestEnv {
            env: &built.test_env,
            record_dir,
            library_paths: &built.library_paths,
        };
        let finished = pool::run(
            built.executables.len(),
            1,
            timeout,
            |i| {
                let mut command = env.command(&built.executables[i], &[])?;
                command
                    // A failure found under one mutant must not be replayed
                    // as an extra case under the next one.
                    .env("PROPTEST_DISABLE_FAILURE_PERSISTENCE", "true")
                    // Strategy checks run exactly the baseline's cases, every
                    // one, unshrunk: the baseline's groups, no others.
                    .env(CASES_ENV, format!("replay={}", cases.display()));
                Ok(command)
            },
            |_, _| {},
        )?;
        Ok(finished
            .iter()
            .map(|f| ScratchProcess {
                end: BinaryOutcome::of(f),
                time: f.duration,
            })
            .collect())
    }
}

/// The first compiler error and its location, from cargo's rendered
/// diagnostics.
fn build_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(i) = lines.iter().position(|l| l.starts_with("error")) else {
        return lines
            .last()
            .map_or("the build failed".to_owned(), |l| l.trim().to_owned());
    };
    let mut reason = lines[i].trim().to_owned();
    if let Some(at) = lines
        .get(i + 1)
        .map(|l| l.trim())
        .filter(|l| l.starts_with("-->"))
    {
        reason.push(' ');
        reason.push_str(at);
    }
    reason
}

/// What is copied: the workspace under `root`, without `.git`, `target`
/// directories and `skip`.
struct TreeCopy<'a> {
    root: &'a Path,
    skip: &'a [PathBuf],
}

impl TreeCopy<'_> {
    /// Makes `to` a copy of `from`, writing only files whose content
    /// differs. Manifests and cargo configuration files are copied with
    /// their paths outside the workspace made absolute (see
    /// [`outside_paths_absolute`]), so that the copy builds wherever the
    /// workspace builds.
    fn sync(&self, from: &Path, to: &Path) -> Result<()> {
        fs_err::create_dir_all(to)?;
        for entry in fs_err::read_dir(from)? {
            let entry = entry?;
            let name = entry.file_name();
            let path = entry.path();
            // A symbolic link is copied as what it points to.
            let kind = match entry.file_type()? {
                kind if kind.is_symlink() => std::fs::metadata(&path)
                    .with_context(|| format!("cannot follow {}", path.display()))?
                    .file_type(),
                kind => kind,
            };
            if kind.is_dir() {
                if name == ".git" || name == "target" || self.skip.contains(&path) {
                    continue;
                }
                // A link to a directory that holds it would copy forever.
                if let (Ok(target), Ok(here)) = (path.canonicalize(), from.canonicalize())
                    && here.starts_with(&target)
                {
                    continue;
                }
                self.sync(&path, &to.join(&name))?;
            } else if kind.is_file() {
                let mut bytes = fs_err::read(&path)?;
                if let Some(base) = manifest_base(&path) {
                    let text = String::from_utf8_lossy(&bytes);
                    if let Some(rewritten) = outside_paths_absolute(&text, &base, self.root)
                        .with_context(|| format!("cannot read {}", path.display()))?
                    {
                        bytes = rewritten.into_bytes();
                    }
                }
                let dest = to.join(&name);
                if std::fs::read(&dest).ok().as_deref() != Some(bytes.as_slice()) {
                    fs_err::write(&dest, &bytes)?;
                }
            }
        }
        Ok(())
    }
}

/// For a manifest (`Cargo.toml`) or a cargo configuration file
/// (`.cargo/config.toml`, `.cargo/config`), the directory its relative
/// paths start from.
fn manifest_base(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let parent = path.parent()?;
    match name {
        "Cargo.toml" => Some(parent.to_path_buf()),
        "config.toml" | "config" if parent.file_name()? == ".cargo" => {
            Some(parent.parent()?.to_path_buf())
        }
        _ => None,
    }
}

/// The manifest or configuration `text` with each dependency `path` (in
/// `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`, their
/// `[target.*]` forms, `[workspace.dependencies]`, `[patch.*]` and
/// `[replace]`) and each `paths` entry that leads outside `root` made
/// absolute, from `base`; `None` when there is none (the file is copied
/// as it is). A copy elsewhere would not find them (cargo-mutants does
/// the same).
fn outside_paths_absolute(text: &str, base: &Path, root: &Path) -> Result<Option<String>> {
    let Ok(mut doc) = text.parse::<toml::Table>() else {
        // Not for us to judge: cargo reports a malformed manifest itself.
        return Ok(None);
    };
    let mut changed = false;
    let mut fix = |value: &mut toml::Value| {
        if let toml::Value::String(path) = value {
            let relative = Path::new(path.as_str());
            if relative.is_relative() {
                let absolute = normalize(&base.join(relative));
                if !absolute.starts_with(root) {
                    *path = absolute.display().to_string();
                    changed = true;
                }
            }
        }
    };
    let fix_deps = |deps: Option<&mut toml::Value>, fix: &mut dyn FnMut(&mut toml::Value)| {
        if let Some(toml::Value::Table(deps)) = deps {
            for (_, dep) in deps.iter_mut() {
                if let toml::Value::Table(dep) = dep
                    && let Some(path) = dep.get_mut("path")
                {
                    fix(path);
                }
            }
        }
    };
    for table in [
        "dependencies",
        "dev-dependencies",
        "build-dependencies",
        "replace",
    ] {
        fix_deps(doc.get_mut(table), &mut fix);
    }
    if let Some(toml::Value::Table(targets)) = doc.get_mut("target") {
        for (_, target) in targets.iter_mut() {
            if let toml::Value::Table(target) = target {
                for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
                    fix_deps(target.get_mut(table), &mut fix);
                }
            }
        }
    }
    if let Some(toml::Value::Table(workspace)) = doc.get_mut("workspace") {
        fix_deps(workspace.get_mut("dependencies"), &mut fix);
    }
    if let Some(toml::Value::Table(patches)) = doc.get_mut("patch") {
        for (_, source) in patches.iter_mut() {
            fix_deps(Some(source), &mut fix);
        }
    }
    if let Some(toml::Value::Array(paths)) = doc.get_mut("paths") {
        paths.iter_mut().for_each(&mut fix);
    }
    if !changed {
        return Ok(None);
    }
    Ok(Some(format!(
        "# Copied by cargo mtcov mutants, with paths outside the workspace made absolute.\n{}",
        toml::to_string(&doc)?
    )))
}

/// `path` without `.` and `..` components (lexically, as cargo joins
/// manifest paths).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_and_its_location_are_the_reason() {
        let stderr = "   Compiling x v0.1.0\nerror[E0308]: mismatched types\n  --> src/lib.rs:3:5\n   |\nerror: could not compile `x`\n";
        assert_eq!(
            build_error(stderr),
            "error[E0308]: mismatched types --> src/lib.rs:3:5"
        );
        assert_eq!(build_error("something\nelse\n"), "else");
    }

    #[test]
    fn paths_outside_the_workspace_become_absolute_in_the_copy() {
        let root = Path::new("/home/me/work/app");
        let manifest = r#"
[package]
name = "app"

[dependencies]
inside = { path = "crates/inside" }
mt-runtime = { path = "../../mtcov/mt-runtime" }
serde = "1"

[target.'cfg(unix)'.dev-dependencies]
vendored = { path = "../vendor/vendored", version = "1" }

[patch.crates-io]
other = { path = "../other" }
"#;
        let out = outside_paths_absolute(manifest, root, root)
            .unwrap()
            .expect("rewritten");
        let doc: toml::Table = out.parse().unwrap();
        let path =
            |table: &toml::Value, name: &str| table[name]["path"].as_str().unwrap().to_owned();
        assert_eq!(path(&doc["dependencies"], "inside"), "crates/inside");
        assert_eq!(
            path(&doc["dependencies"], "mt-runtime"),
            "/home/me/mtcov/mt-runtime"
        );
        assert_eq!(
            path(&doc["target"]["cfg(unix)"]["dev-dependencies"], "vendored"),
            "/home/me/work/vendor/vendored"
        );
        assert_eq!(
            path(&doc["patch"]["crates-io"], "other"),
            "/home/me/work/other"
        );
        assert_eq!(doc["dependencies"]["serde"].as_str(), Some("1"));
        // Nothing outside: the file is copied as it is.
        let inside = "[dependencies]\ninside = { path = \"crates/inside\" }\n";
        assert_eq!(outside_paths_absolute(inside, root, root).unwrap(), None);
        // A configuration file's `paths`, from the directory holding `.cargo`.
        let config = "paths = [\"../forks/dep\", \"local\"]\n";
        let out = outside_paths_absolute(config, root, root).unwrap().unwrap();
        assert!(out.contains("\"/home/me/work/forks/dep\""), "{out}");
        assert!(out.contains("\"local\""), "{out}");
        assert_eq!(
            manifest_base(Path::new("/w/.cargo/config.toml")),
            Some(PathBuf::from("/w"))
        );
        assert_eq!(manifest_base(Path::new("/w/src/lib.rs")), None);
    }

    #[test]
    fn sync_copies_without_target_and_keeps_unchanged_files() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path();
        let (from, to) = (base.join("from"), base.join("to"));
        std::fs::create_dir_all(from.join("src")).unwrap();
        std::fs::create_dir_all(from.join("target/debug")).unwrap();
        std::fs::write(from.join("src/lib.rs"), "a").unwrap();
        std::fs::write(from.join("target/debug/x"), "b").unwrap();
        TreeCopy {
            root: &from,
            skip: &[],
        }
        .sync(&from, &to)
        .unwrap();
        assert_eq!(std::fs::read_to_string(to.join("src/lib.rs")).unwrap(), "a");
        assert!(!to.join("target").exists());
        let before = std::fs::metadata(to.join("src/lib.rs"))
            .unwrap()
            .modified()
            .unwrap();
        std::thread::sleep(Duration::from_millis(20));
        TreeCopy {
            root: &from,
            skip: &[],
        }
        .sync(&from, &to)
        .unwrap();
        let after = std::fs::metadata(to.join("src/lib.rs"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(before, after, "an unchanged file is not rewritten");
        std::fs::write(from.join("src/lib.rs"), "c").unwrap();
        TreeCopy {
            root: &from,
            skip: &[],
        }
        .sync(&from, &to)
        .unwrap();
        assert_eq!(std::fs::read_to_string(to.join("src/lib.rs")).unwrap(), "c");
    }

    #[cfg(unix)]
    #[test]
    fn sync_copies_what_a_symbolic_link_points_to() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path();
        let (from, to) = (base.join("from"), base.join("to"));
        std::fs::create_dir_all(from.join("shared")).unwrap();
        std::fs::write(from.join("shared/data.txt"), "d").unwrap();
        std::os::unix::fs::symlink(from.join("shared/data.txt"), from.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(from.join("shared"), from.join("linked-dir")).unwrap();
        std::os::unix::fs::symlink(&from, from.join("shared/loop")).unwrap();
        TreeCopy {
            root: &from,
            skip: &[],
        }
        .sync(&from, &to)
        .unwrap();
        assert_eq!(std::fs::read_to_string(to.join("link.txt")).unwrap(), "d");
        assert_eq!(
            std::fs::read_to_string(to.join("linked-dir/data.txt")).unwrap(),
            "d"
        );
        assert!(!to.join("shared/loop").exists(), "a loop is not followed");
    }
}

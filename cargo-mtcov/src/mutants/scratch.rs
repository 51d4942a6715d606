//! A scratch copy of the workspace per job, where mutants are applied,
//! built (incrementally, in the copy's own target directory) and their
//! tests run with recording on.
//!
//! The copy is refreshed, not recreated, on each `cargo mtcov mutants`:
//! a file is rewritten only when its content differs, so cargo's
//! fingerprints stay valid and the first build after a refresh is
//! incremental. `.git` and every `target` directory are not copied.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mtcov_protocol::{CASES_ENV, RECORD_DIR_ENV};

use super::verdict::ProcessEnd;
use crate::build::{self, BuildOptions, BuildOutput};
use crate::model::ColorChoice;

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

/// A test process's end and how long it took.
#[derive(Debug, Clone)]
pub(crate) struct ProcessRun {
    pub(crate) end: ProcessEnd,
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
        sync(workspace_root, &root, skip)
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

    /// Builds the tests, plain (no instrumentation). `Ok(Err(reason))`
    /// when the code does not compile.
    pub(crate) fn build(&self, options: &BuildOptions) -> Result<Result<BuildOutput, String>> {
        let mut command = Command::new(build::cargo());
        command.args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ]);
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
        let output = command
            .output()
            .with_context(|| format!("cannot run `{} test`", build::cargo().display()))?;
        if !output.status.success() {
            return Ok(Err(build_error(&String::from_utf8_lossy(&output.stderr))));
        }
        let mut built = BuildOutput::default();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            build::parse_message(line, &[], &mut built);
        }
        built.test_env = build::config_test_env(&self.root)?;
        Ok(Ok(built))
    }

    /// Runs each test executable with recording into `record_dir`,
    /// replaying the strategy cases logged under `cases`,
    /// stopping any that runs longer than `timeout`. Each gets what `cargo
    /// test` would give it: the `[env]` of cargo's configuration, and as
    /// library path its `deps` directory, the build scripts' link paths,
    /// and rustc's target libdir for proc-macro crates' unit tests.
    pub(crate) fn run_tests(
        &self,
        built: &BuildOutput,
        record_dir: &Path,
        cases: &Path,
        timeout: Duration,
    ) -> Result<Vec<ProcessRun>> {
        std::fs::create_dir_all(record_dir)
            .with_context(|| format!("cannot create {}", record_dir.display()))?;
        let mut libraries = built.library_paths.clone();
        if built.has_proc_macro_tests() {
            libraries.push(build::target_libdir()?);
        }
        let mut runs = Vec::with_capacity(built.executables.len());
        for exe in &built.executables {
            let mut dirs = libraries.clone();
            if let Some(deps) = exe.path.parent() {
                dirs.push(deps.to_path_buf());
            }
            let var = crate::run::dylib_path_var();
            if let Some(existing) = std::env::var_os(var) {
                dirs.extend(std::env::split_paths(&existing));
            }
            let library_path =
                std::env::join_paths(dirs).context("a library path contains the path separator")?;
            let start = Instant::now();
            // The configuration's variables first: ours win over them.
            let mut child = Command::new(&exe.path)
                .envs(built.test_env.iter().map(|(k, v)| (k, v)))
                .current_dir(&exe.manifest_dir)
                .env(RECORD_DIR_ENV, record_dir)
                .env("CARGO", build::cargo())
                .env("CARGO_MANIFEST_DIR", &exe.manifest_dir)
                .env("CARGO_PKG_NAME", &exe.package)
                .env("CARGO_PKG_VERSION", &exe.package_version)
                .env(var, library_path)
                // A failure found under one mutant must not be replayed
                // as an extra case under the next one.
                .env("PROPTEST_DISABLE_FAILURE_PERSISTENCE", "true")
                // Strategy checks run exactly the baseline's cases, every
                // one, unshrunk: the baseline's groups, no others.
                .env(CASES_ENV, format!("replay={}", cases.display()))
                .env_remove("LLVM_PROFILE_FILE")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .with_context(|| format!("cannot run the test binary {}", exe.path.display()))?;
            let end = wait(&mut child, timeout)?;
            runs.push(ProcessRun {
                end,
                time: start.elapsed(),
            });
        }
        Ok(runs)
    }
}

/// Waits for `child`, killing it at `timeout`. Its stderr is drained on a
/// thread so that a chatty test cannot block on a full pipe.
fn wait(child: &mut Child, timeout: Duration) -> Result<ProcessEnd> {
    let drain = child.stderr.take().map(|mut stderr| {
        std::thread::spawn(move || {
            let mut sink = Vec::new();
            let _ = stderr.read_to_end(&mut sink);
        })
    });
    let start = Instant::now();
    let end = loop {
        if let Some(status) = child.try_wait().context("cannot wait for a test process")? {
            break if status.success() {
                ProcessEnd::Passed
            } else if status.code() == Some(101) {
                ProcessEnd::Failed
            } else {
                ProcessEnd::Aborted(match status.code() {
                    Some(code) => format!("exit code {code}"),
                    None => "killed by a signal".to_owned(),
                })
            };
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break ProcessEnd::TimedOut;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if let Some(drain) = drain {
        let _ = drain.join();
    }
    Ok(end)
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

/// Makes `to` a copy of `from` (without `.git`, `target` directories and
/// `skip`), writing only files whose content differs.
fn sync(from: &Path, to: &Path, skip: &[PathBuf]) -> Result<()> {
    std::fs::create_dir_all(to).with_context(|| format!("cannot create {}", to.display()))?;
    for entry in
        std::fs::read_dir(from).with_context(|| format!("cannot read {}", from.display()))?
    {
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
            if name == ".git" || name == "target" || skip.contains(&path) {
                continue;
            }
            // A link to a directory that holds it would copy forever.
            if let (Ok(target), Ok(here)) = (path.canonicalize(), from.canonicalize())
                && here.starts_with(&target)
            {
                continue;
            }
            sync(&path, &to.join(&name), skip)?;
        } else if kind.is_file() {
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let dest = to.join(&name);
            if std::fs::read(&dest).ok().as_deref() != Some(bytes.as_slice()) {
                std::fs::write(&dest, &bytes)
                    .with_context(|| format!("cannot write {}", dest.display()))?;
            }
        }
    }
    Ok(())
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
    fn sync_copies_without_target_and_keeps_unchanged_files() {
        let base = std::env::temp_dir().join(format!("mtcov-sync-{}", std::process::id()));
        let (from, to) = (base.join("from"), base.join("to"));
        std::fs::create_dir_all(from.join("src")).unwrap();
        std::fs::create_dir_all(from.join("target/debug")).unwrap();
        std::fs::write(from.join("src/lib.rs"), "a").unwrap();
        std::fs::write(from.join("target/debug/x"), "b").unwrap();
        sync(&from, &to, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(to.join("src/lib.rs")).unwrap(), "a");
        assert!(!to.join("target").exists());
        let before = std::fs::metadata(to.join("src/lib.rs"))
            .unwrap()
            .modified()
            .unwrap();
        std::thread::sleep(Duration::from_millis(20));
        sync(&from, &to, &[]).unwrap();
        let after = std::fs::metadata(to.join("src/lib.rs"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(before, after, "an unchanged file is not rewritten");
        std::fs::write(from.join("src/lib.rs"), "c").unwrap();
        sync(&from, &to, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(to.join("src/lib.rs")).unwrap(), "c");
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn sync_copies_what_a_symbolic_link_points_to() {
        let base = std::env::temp_dir().join(format!("mtcov-sync-link-{}", std::process::id()));
        let (from, to) = (base.join("from"), base.join("to"));
        std::fs::create_dir_all(from.join("shared")).unwrap();
        std::fs::write(from.join("shared/data.txt"), "d").unwrap();
        std::os::unix::fs::symlink(from.join("shared/data.txt"), from.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(from.join("shared"), from.join("linked-dir")).unwrap();
        std::os::unix::fs::symlink(&from, from.join("shared/loop")).unwrap();
        sync(&from, &to, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(to.join("link.txt")).unwrap(), "d");
        assert_eq!(
            std::fs::read_to_string(to.join("linked-dir/data.txt")).unwrap(),
            "d"
        );
        assert!(!to.join("shared/loop").exists(), "a loop is not followed");
        std::fs::remove_dir_all(&base).unwrap();
    }
}

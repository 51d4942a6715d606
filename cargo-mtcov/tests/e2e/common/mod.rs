//! Running the real `cargo-mtcov` binary in throw-away project copies.

#![allow(dead_code)] // each test binary uses a different part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub(crate) mod report_schema;

/// Variables that would make runs depend on the caller's shell or CI.
const SCRUBBED: &[&str] = &[
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CI",
    "TRYBUILD",
    "CARGO_TERM_COLOR",
    "NO_COLOR",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "RUSTC_WRAPPER",
    "MTCOV_RECORD_DIR",
    "MTCOV_WRAPPER",
    "LLVM_PROFILE_FILE",
    "MTCOV_PROFILE",
    // `cargo test` puts the toolchain's libdir here for this test process;
    // a user's shell running `cargo mtcov` has no such entry.
    "LD_LIBRARY_PATH",
    "DYLD_FALLBACK_LIBRARY_PATH",
];

/// Whether a test's prerequisite (a nightly toolchain, llvm-tools-preview,
/// ...) is here; every test that needs something beyond the stable
/// toolchain asks through this one function. `found` is `Err(why not)`
/// when it is missing: then, under CI (`CI` set), the test fails naming
/// `install`, the command that provides it; outside CI it prints the
/// reason and the command, and the caller returns (skips).
#[track_caller]
pub(crate) fn prerequisite(what: &str, found: Result<(), String>, install: &str) -> bool {
    let Err(why) = found else {
        return true;
    };
    if std::env::var_os("CI").is_some() {
        panic!(
            "{what} is required under CI (CI is set), but it is missing: {why}\n\
             install it with: {install}"
        );
    }
    eprintln!("skipped: {what} is missing ({why}); install it with: {install}");
    false
}

/// `cargo-mtcov mtcov <args>` in `dir`, with a scrubbed environment.
pub(crate) fn mtcov(dir: &Path, args: &[&str]) -> Output {
    mtcov_command(dir, args).output().expect("cargo-mtcov runs")
}

pub(crate) fn mtcov_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cargo-mtcov"));
    command.arg("mtcov").args(args).current_dir(dir);
    for var in SCRUBBED {
        command.env_remove(var);
    }
    // Every fixture builds into one directory, so mt-runtime and its
    // dependencies are built once for the whole suite, not per fixture.
    command.env("MTCOV_BUILD_DIR", shared_build_dir());
    command
}

/// The suite's `MTCOV_BUILD_DIR`.
pub(crate) fn shared_build_dir() -> PathBuf {
    workspace_root().join("target/mtcov-fixture-builds")
}

pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The `criteria[]` entry of a JSON report for `name` (`line`, `region`, ...).
#[track_caller]
pub(crate) fn criterion<'a>(report: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    report["criteria"]
        .as_array()
        .expect("criteria")
        .iter()
        .find(|c| c["criterion"] == name)
        .unwrap_or_else(|| panic!("no {name} criterion: {report:#}"))
}

/// The exit code, with both streams in the panic message when it differs.
#[track_caller]
pub(crate) fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(output),
        stderr(output)
    );
}

/// A directory under the system temp dir (tempfile's, removed on drop),
/// by its canonical path: reports print canonical paths.
#[derive(Debug)]
pub(crate) struct TempDir {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempDir {
    pub(crate) fn new(tag: &str) -> Self {
        let dir = tempfile::Builder::new()
            .prefix(&format!("mtcov-cli-{tag}-"))
            .tempdir()
            .expect("create temp dir");
        let path = dir.path().canonicalize().expect("canonical temp dir");
        Self { _dir: dir, path }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// Runs git in `dir` (as a fixed author), asserting that it succeeds.
pub(crate) fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=mtcov",
            "-c",
            "user.email=mtcov@example.com",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The workspace checkout this test runs from.
/// The target directory of `examples/trig` that several tests share (one
/// build), held for as long as the guard lives: a test reads the last run
/// it made there, which another test's run would replace.
pub(crate) fn trig_target() -> (std::sync::MutexGuard<'static, ()>, PathBuf) {
    static TRIG: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = TRIG.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    (guard, workspace_root().join("target/cli-fixtures/trig"))
}

pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// Copies `tests/fixtures/<name>` into a temp dir, pointing its relative
/// `mt-runtime` path at this checkout.
///
/// Each copy's packages get a version of their own (`0.1.0+copy<pid>.<n>`):
/// every fixture builds into the one [`shared_build_dir`], and cargo names
/// a path package's artifacts by its path *relative to its workspace
/// root*, so two copies of one fixture, built by two tests at once, would
/// otherwise overwrite each other's test binaries.
pub(crate) fn copy_fixture(name: &str) -> TempDir {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COPY: AtomicUsize = AtomicUsize::new(0);
    let dir = TempDir::new(name);
    let from = workspace_root().join("tests/fixtures").join(name);
    copy_tree(&from, dir.path());
    let salt = format!(
        "+copy{}.{}",
        std::process::id(),
        COPY.fetch_add(1, Ordering::Relaxed)
    );
    let runtime = workspace_root().join("mt-runtime");
    for manifest in manifests(dir.path()) {
        let text = std::fs::read_to_string(&manifest).expect("fixture manifest");
        let text = text.replace(
            "\"../../../mt-runtime\"",
            &format!("{:?}", runtime.display().to_string()),
        );
        let text: String = text
            .lines()
            .map(|line| match line.strip_prefix("version = \"") {
                Some(rest) => format!("version = \"{}{salt}\"\n", rest.trim_end_matches('"')),
                None => format!("{line}\n"),
            })
            .collect();
        std::fs::write(&manifest, text).expect("rewrite fixture manifest");
    }
    dir
}

/// Every `Cargo.toml` under `dir`.
fn manifests(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read fixture copy") {
        let path = entry.expect("fixture entry").path();
        if path.is_dir() {
            found.extend(manifests(&path));
        } else if path.file_name().is_some_and(|n| n == "Cargo.toml") {
            found.push(path);
        }
    }
    found
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create fixture dir");
    for entry in std::fs::read_dir(from).expect("read fixture") {
        let entry = entry.expect("fixture entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            if entry.file_name() != "target" {
                copy_tree(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), &target).expect("copy fixture file");
        }
    }
}

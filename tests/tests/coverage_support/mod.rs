//! Shared by the `coverage_*` tests: build the `cov-sut` fixture
//! instrumented (only the SUT crate gets `-C instrument-coverage`; every
//! crate gets `--cfg mtcov`, as `cargo mtcov` does), run its test binary so
//! that `mt-runtime` writes `cov` records, and find the LLVM tools.

#![allow(dead_code)] // each test file uses part of this

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use mtcov_protocol::FunctionEntry;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

pub fn fixture_dir() -> PathBuf {
    repo_root().join("tests/fixtures/cov-sut")
}

/// Builds shared across test runs live here, apart from the plain build.
pub fn fixtures_target() -> PathBuf {
    repo_root().join("target/mtcov-test-fixtures")
}

/// A fresh scratch directory under the fixtures target (never in the
/// source tree, so no stray `.profraw` lands in the repository).
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = fixtures_target()
        .join("tmp")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// What building the fixture produced.
#[derive(Debug)]
pub struct Built {
    /// The integration test binary that runs the SUT through mt-runtime.
    pub oracle_binary: PathBuf,
    /// The SUT's `.rlib`.
    pub rlib: PathBuf,
    pub toolchain: Option<&'static str>,
}

const WRAPPER: &str = r#"#!/bin/sh
# RUSTC_WRAPPER written by tests/tests/coverage_support: instrument only
# the crates named in MTCOV_INSTRUMENT, give --cfg mtcov to every crate.
rustc="$1"; shift
name=""; prev=""
for a in "$@"; do [ "$prev" = "--crate-name" ] && name="$a"; prev="$a"; done
case ",$MTCOV_INSTRUMENT," in
  *",$name,"*) exec "$rustc" "$@" --cfg mtcov -C instrument-coverage $MTCOV_EXTRA_RUSTFLAGS ;;
  *) exec "$rustc" "$@" --cfg mtcov ;;
esac
"#;

/// Writes the wrapper script once per content; concurrent tests (and
/// processes) replace it atomically with the same bytes.
fn write_wrapper() -> PathBuf {
    let wrapper = fixtures_target().join("rustc-wrapper.sh");
    if std::fs::read_to_string(&wrapper).is_ok_and(|s| s == WRAPPER) {
        return wrapper;
    }
    let staged = fixtures_target().join(format!(
        "rustc-wrapper.sh.{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&staged, WRAPPER).expect("write rustc wrapper");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&staged, std::fs::Permissions::from_mode(0o755))
            .expect("chmod wrapper");
    }
    std::fs::rename(&staged, &wrapper).expect("install rustc wrapper");
    wrapper
}

fn cargo_command(toolchain: Option<&str>) -> Command {
    let mut cmd = match toolchain {
        // Through rustup so that `+nightly` selects the toolchain.
        Some(t) => {
            let mut c = Command::new("cargo");
            c.arg(format!("+{t}"));
            c
        }
        None => Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())),
    };
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_TARGET_DIR",
        "CARGO_TERM_COLOR",
        "LLVM_PROFILE_FILE",
        "MTCOV_RECORD_DIR",
    ] {
        cmd.env_remove(var);
    }
    if toolchain.is_some() {
        // The outer cargo's pinned toolchain must not leak into `cargo +t`.
        for var in ["RUSTC", "RUSTDOC", "RUSTUP_TOOLCHAIN", "CARGO"] {
            cmd.env_remove(var);
        }
    }
    cmd
}

/// Whether `cargo +toolchain` works here.
pub fn toolchain_installed(toolchain: &str) -> bool {
    cargo_command(Some(toolchain))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Builds the fixture's tests (`cargo test --no-run`) instrumented, with
/// `extra_rustflags` for the SUT crate (e.g. branch coverage on nightly).
pub fn build_fixture(toolchain: Option<&'static str>, extra_rustflags: &str) -> Built {
    build_fixture_instrumenting(
        toolchain,
        extra_rustflags,
        "cov_sut",
        toolchain.unwrap_or("stable"),
    )
}

/// Like [`build_fixture`], instrumenting the comma-separated `crates`, in
/// the target subdirectory `target_name`.
pub fn build_fixture_instrumenting(
    toolchain: Option<&'static str>,
    extra_rustflags: &str,
    crates: &str,
    target_name: &str,
) -> Built {
    let target = fixtures_target().join(target_name);
    std::fs::create_dir_all(&target).expect("create fixture target dir");
    let wrapper = write_wrapper();
    let output = cargo_command(toolchain)
        .current_dir(fixture_dir())
        .args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .env("CARGO_TARGET_DIR", &target)
        .env("RUSTC_WRAPPER", &wrapper)
        .env("MTCOV_INSTRUMENT", crates)
        .env("MTCOV_EXTRA_RUSTFLAGS", extra_rustflags)
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "building the cov-sut fixture failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut oracle_binary = None;
    let mut rlib = None;
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-artifact" {
            continue;
        }
        let target_name = msg["target"]["name"].as_str().unwrap_or("");
        if let (true, Some(exe)) = (target_name == "oracle", msg["executable"].as_str()) {
            oracle_binary = Some(PathBuf::from(exe));
        }
        if target_name == "cov_sut" {
            // The lib's unit-test artifact has the same target name and no rlib.
            let found = msg["filenames"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|f| f.as_str())
                .find(|f| f.ends_with(".rlib"));
            rlib = found.map(PathBuf::from).or(rlib);
        }
    }
    Built {
        oracle_binary: oracle_binary.expect("cargo reported no `oracle` test executable"),
        rlib: rlib.expect("cargo reported no cov_sut .rlib"),
        toolchain,
    }
}

/// One source execution as the fixture left it.
#[derive(Debug)]
pub struct Execution {
    /// The input's Debug form (the `source` record's `debug`).
    pub input: String,
    /// `cov` record counters.
    pub counters: Vec<(u32, u64)>,
    /// The `<n>.profraw` written at the end of this execution, if asked.
    pub profraw: Option<PathBuf>,
}

/// Runs the fixture's oracle binary (one test thread, as `cargo mtcov`
/// runs tests) and reads back its records.
pub fn run_fixture(
    built: &Built,
    scratch: &Path,
    with_profraw: bool,
) -> (Vec<FunctionEntry>, Vec<Execution>) {
    let records = scratch.join("records");
    let profraw = scratch.join("profraw");
    std::fs::create_dir_all(&profraw).expect("create profraw dir");
    let mut cmd = Command::new(&built.oracle_binary);
    cmd.arg("--test-threads=1")
        .env("MTCOV_RECORD_DIR", &records)
        .env("LLVM_PROFILE_FILE", scratch.join("exit-%p.profraw"));
    if with_profraw {
        cmd.env("COV_SUT_PROFRAW_DIR", &profraw);
    }
    let out = cmd.output().expect("run fixture test binary");
    assert!(
        out.status.success(),
        "fixture tests failed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let mut functions = None;
    let mut debug_of: HashMap<String, String> = HashMap::new();
    let mut covs: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for entry in std::fs::read_dir(&records).expect("record dir exists") {
        let text = std::fs::read_to_string(entry.expect("dir entry").path()).expect("read records");
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("record line is JSON");
            match v["kind"].as_str() {
                Some("header") => {
                    let cov = &v["coverage"];
                    assert_eq!(cov["status"], "ok", "coverage not captured: {cov}");
                    let hex = |x: &serde_json::Value| {
                        u64::from_str_radix(x.as_str().expect("hex"), 16).expect("hex")
                    };
                    functions = Some(
                        cov["functions"]
                            .as_array()
                            .expect("functions")
                            .iter()
                            .map(|f| FunctionEntry {
                                name_ref: hex(&f[0]),
                                func_hash: hex(&f[1]),
                                first_counter: f[2].as_u64().expect("first"),
                                num_counters: f[3].as_u64().expect("num"),
                            })
                            .collect::<Vec<_>>(),
                    );
                }
                Some("source") => {
                    debug_of.insert(
                        v["key"].as_str().expect("key").into(),
                        v["debug"].as_str().expect("debug").into(),
                    );
                }
                Some("cov") => {
                    let flat: Vec<u64> = v["counters"]
                        .as_array()
                        .expect("counters")
                        .iter()
                        .map(|x| x.as_u64().expect("u64"))
                        .collect();
                    let pairs = flat.chunks(2).map(|p| (p[0] as u32, p[1])).collect();
                    covs.push((v["key"].as_str().expect("key").into(), pairs));
                }
                _ => {}
            }
        }
    }
    let mut profraw_of: HashMap<String, PathBuf> = HashMap::new();
    if with_profraw {
        for entry in std::fs::read_dir(&profraw).expect("profraw dir") {
            let path = entry.expect("dir entry").path();
            if path.extension().is_some_and(|e| e == "input") {
                let input = std::fs::read_to_string(&path).expect("read input");
                profraw_of.insert(input, path.with_extension("profraw"));
            }
        }
    }
    let executions = covs
        .into_iter()
        .map(|(key, counters)| {
            let input = debug_of
                .get(&key)
                .cloned()
                .unwrap_or_else(|| panic!("cov record for unknown key {key}"));
            let profraw = profraw_of.get(&input).cloned();
            assert!(
                !with_profraw || profraw.is_some(),
                "no profraw for input {input}"
            );
            Execution {
                input,
                counters,
                profraw,
            }
        })
        .collect();
    (functions.expect("no header record"), executions)
}

/// An LLVM tool of the toolchain (llvm-tools-preview), honouring
/// `LLVM_COV` / `LLVM_PROFDATA`. For another toolchain whose component is
/// missing, the default toolchain's tool is used when both compilers use
/// the same LLVM major version (the formats are the same). Missing tools
/// fail the test with the command that installs them: CI installs them,
/// so it never skips.
pub fn llvm_tool(name: &str, toolchain: Option<&str>) -> PathBuf {
    let var = name.to_uppercase().replace('-', "_");
    if let Some(p) = std::env::var_os(&var) {
        return PathBuf::from(p);
    }
    let own = tool_path(name, toolchain);
    if own.exists() {
        return own;
    }
    if toolchain.is_some() && llvm_major(toolchain) == llvm_major(None) {
        let default = tool_path(name, None);
        if default.exists() {
            return default;
        }
    }
    panic!(
        "{name} not found at {}: install it with `rustup component add llvm-tools-preview{}` (or set {var})",
        own.display(),
        toolchain
            .map(|t| format!(" --toolchain {t}"))
            .unwrap_or_default()
    );
}

fn rustc_command(toolchain: Option<&str>) -> Command {
    match toolchain {
        Some(t) => {
            let mut c = Command::new("rustc");
            c.arg(format!("+{t}"))
                .env_remove("RUSTC")
                .env_remove("RUSTUP_TOOLCHAIN");
            c
        }
        None => Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())),
    }
}

fn tool_path(name: &str, toolchain: Option<&str>) -> PathBuf {
    let out = rustc_command(toolchain)
        .args(["--print", "target-libdir"])
        .output()
        .expect("run rustc --print target-libdir");
    let libdir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    libdir
        .parent()
        .expect("target-libdir has a parent")
        .join("bin")
        .join(name)
}

fn llvm_major(toolchain: Option<&str>) -> Option<String> {
    let out = rustc_command(toolchain).arg("-vV").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let version = text.lines().find_map(|l| l.strip_prefix("LLVM version:"))?;
    Some(version.trim().split('.').next()?.to_owned())
}

//! Shared by the coverage tests (and the `mapping` bench): run the real
//! `cargo mtcov` (this package's binary) on the `cov-sut` fixture, then
//! read back what it left under `<target>/mtcov`: `last-run.json` names the
//! test executables it built and the SUT's `.rlib`, the record directory
//! holds the runtime's `cov` records. Also finds the LLVM tools the
//! oracle compares with.
//!
//! Nothing here skips or fails on a missing toolchain or tool: the
//! queries return why, and the tests decide (`common::prerequisite`).

#![allow(dead_code)] // each user needs part of this

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use mtcov_protocol::FunctionEntry;

pub(crate) fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cargo-mtcov/ has a parent")
        .to_path_buf()
}

pub(crate) fn fixture_dir() -> PathBuf {
    repo_root().join("tests/fixtures/cov-sut")
}

/// Builds shared across test runs live here, apart from the plain build.
pub(crate) fn fixtures_target() -> PathBuf {
    repo_root().join("target/mtcov-test-fixtures")
}

/// A fresh scratch directory under the fixtures target (never in the
/// source tree, so no stray `.profraw` lands in the repository).
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = fixtures_target()
        .join("tmp")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// How to run `cargo mtcov` on the fixture.
#[derive(Debug, Clone, Default)]
pub(crate) struct MtcovRun<'a> {
    /// `CARGO_TARGET_DIR` is `fixtures_target()/<name>`: one per
    /// concurrent run, since each run replaces `<target>/mtcov/records`.
    pub name: &'a str,
    /// `Some("nightly")`: as `cargo +nightly mtcov` runs it
    /// (`RUSTUP_TOOLCHAIN`, cargo and rustc through rustup's proxies).
    /// `None`: the toolchain running this test.
    pub toolchain: Option<&'a str>,
    /// Arguments after `mtcov`, e.g. `--branch`.
    pub args: &'a [&'a str],
    /// Extra environment, e.g. a `RUSTC_WRAPPER` for cargo-mtcov to chain.
    pub env: &'a [(&'a str, OsString)],
    /// Have the fixture leave `<n>.profraw` / `<n>.input` per source
    /// execution (`COV_SUT_PROFRAW_DIR`) for the llvm-cov oracle.
    pub per_input_profiles: bool,
}

/// What `cargo mtcov` built and recorded.
#[derive(Debug)]
pub(crate) struct Built {
    /// The fixture's `oracle` integration test binary, as cargo-mtcov built it.
    pub oracle_binary: PathBuf,
    /// The SUT's `.rlib` (`member_libraries` of the build).
    pub rlib: PathBuf,
    /// The run's record directory (`record_dir` of `last-run.json`).
    pub record_dir: PathBuf,
    /// Where the per-input profiles went, if asked for.
    pub profile_dir: Option<PathBuf>,
}

/// Variables of the caller (cargo test, a CI shell) that must not reach
/// the fixture's build or its test processes.
const SCRUBBED: &[&str] = &[
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "RUSTC_WRAPPER",
    "RUSTC_WORKSPACE_WRAPPER",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "CARGO_TERM_COLOR",
    "LLVM_PROFILE_FILE",
    "MTCOV_RECORD_DIR",
    "MTCOV_WRAPPER",
    "COV_SUT_PROFRAW_DIR",
    // The fixture's linker case (a function whose mapping only the rlib
    // keeps) needs the dev profile's incremental code units.
    "CARGO_INCREMENTAL",
    "MTCOV_BUILD_DIR",
];

/// Runs `cargo mtcov` on the fixture; panics (with its output) unless it
/// exits 0, then reads `last-run.json`.
pub(crate) fn run_mtcov(run: &MtcovRun<'_>) -> Built {
    let target = fixtures_target().join(run.name);
    std::fs::create_dir_all(&target).expect("create fixture target dir");
    let mut command = Command::new(env!("CARGO_BIN_EXE_cargo-mtcov"));
    // The fixture writes `<n>.profraw` numbered per process: parts of a
    // split test would overwrite each other's (a test to keep whole).
    command
        .arg("mtcov")
        .args(["--split", "never"])
        .args(run.args)
        .current_dir(fixture_dir());
    for var in SCRUBBED {
        command.env_remove(var);
    }
    if let Some(toolchain) = run.toolchain {
        // What the rustup proxy does for `cargo +toolchain mtcov`; the
        // outer cargo's own paths must not leak in.
        for var in ["CARGO", "RUSTC", "RUSTDOC"] {
            command.env_remove(var);
        }
        command.env("RUSTUP_TOOLCHAIN", toolchain);
    }
    command.env("CARGO_TARGET_DIR", &target);
    let profile_dir = run.per_input_profiles.then(|| {
        let dir = target.join("per-input-profiles");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create per-input profile dir");
        command.env("COV_SUT_PROFRAW_DIR", &dir);
        dir
    });
    for (var, value) in run.env {
        command.env(var, value);
    }
    let out = command.output().expect("run cargo-mtcov");
    assert!(
        out.status.success(),
        "`cargo mtcov {}` on cov-sut exited with {}:\nstdout:\n{}\nstderr:\n{}",
        run.args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );

    let last_run = target.join("mtcov/last-run.json");
    let text = std::fs::read_to_string(&last_run)
        .unwrap_or_else(|e| panic!("read {}: {e}", last_run.display()));
    let last: serde_json::Value = serde_json::from_str(&text).expect("last-run.json is JSON");
    let path = |v: &serde_json::Value| PathBuf::from(v.as_str().expect("a path"));
    let oracle_binary = last["build"]["executables"]
        .as_array()
        .expect("build.executables")
        .iter()
        .find(|e| e["target"] == "oracle")
        .map(|e| path(&e["path"]))
        .expect("last-run.json names no `oracle` test executable");
    let rlib = last["build"]["member_libraries"]
        .as_array()
        .expect("build.member_libraries")
        .iter()
        .map(path)
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("libcov_sut"))
        })
        .expect("last-run.json names no cov_sut .rlib");
    assert!(
        oracle_binary.starts_with(&target) && rlib.starts_with(&target),
        "cargo mtcov built outside {}",
        target.display()
    );
    Built {
        oracle_binary,
        rlib,
        record_dir: path(&last["record_dir"]),
        profile_dir,
    }
}

/// One source execution as the fixture's run left it.
#[derive(Debug)]
pub(crate) struct Execution {
    /// The input's Debug form (the `source` record's `debug`).
    pub input: String,
    /// `cov` record counters.
    pub counters: Vec<(u32, u64)>,
    /// The `<n>.profraw` written at the end of this execution, if asked.
    pub profraw: Option<PathBuf>,
}

impl Built {
    /// The records the oracle binary wrote (other test binaries' files are
    /// left out): its profiler function table and its source executions.
    pub(crate) fn records(&self) -> (Vec<FunctionEntry>, Vec<Execution>) {
        let oracle = self
            .oracle_binary
            .canonicalize()
            .expect("oracle binary exists");
        let mut functions = None;
        let mut debug_of: HashMap<String, String> = HashMap::new();
        let mut covs: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
        for entry in std::fs::read_dir(&self.record_dir).expect("record dir exists") {
            let path = entry.expect("dir entry").path();
            // Record files only (a finished run's are compressed): the run
            // keeps its binaries beside them.
            let text = if path.to_string_lossy().ends_with(".jsonl.gz") {
                let mut text = String::new();
                std::io::Read::read_to_string(
                    &mut flate2::read::GzDecoder::new(
                        std::fs::File::open(&path).expect("open records"),
                    ),
                    &mut text,
                )
                .expect("read records");
                text
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                std::fs::read_to_string(&path).expect("read records")
            } else {
                continue;
            };
            let mut lines = text.lines().map(|line| {
                serde_json::from_str::<serde_json::Value>(line).expect("record line is JSON")
            });
            let Some(header) = lines.next() else { continue };
            assert_eq!(
                header["kind"], "header",
                "a record file starts with its header"
            );
            let binary = Path::new(header["binary"].as_str().expect("header binary"));
            if binary.canonicalize().ok().as_deref() != Some(oracle.as_path()) {
                continue;
            }
            let cov = &header["coverage"];
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
            // (key, fingerprint) -> counters, of every `cov` and `followcov`
            // line: a line may give its counters as changes from another's,
            // or refer to an earlier line's (docs/record-schema.md).
            let mut vectors: HashMap<(String, String), Vec<(u32, u64)>> = HashMap::new();
            let decode = |x: &serde_json::Value| {
                mtcov_protocol::counters::decode(x.as_str().expect("encoded counters"))
                    .expect("well-formed counters")
            };
            for v in lines {
                let kind = v["kind"].as_str();
                if kind == Some("source") {
                    debug_of.insert(
                        v["key"].as_str().expect("key").into(),
                        v["debug"].as_str().expect("debug").into(),
                    );
                }
                if kind != Some("cov") && kind != Some("followcov") {
                    continue;
                }
                let id = |key: &str, fp: &str| {
                    (
                        v[key].as_str().expect(key).to_owned(),
                        v[fp].as_str().expect(fp).to_owned(),
                    )
                };
                let pairs = if !v["counters"].is_null() {
                    decode(&v["counters"])
                } else if !v["changes"].is_null() {
                    let base = &vectors[&id("base", "base_fp")];
                    mtcov_protocol::counters::apply(base, &decode(&v["changes"]))
                } else {
                    vectors[&id("key", "fp")].clone()
                };
                vectors.insert(id("key", "fp"), pairs.clone());
                if kind == Some("cov") {
                    covs.push((v["key"].as_str().expect("key").into(), pairs));
                }
            }
        }
        let mut profraw_of: HashMap<String, PathBuf> = HashMap::new();
        if let Some(dir) = &self.profile_dir {
            for entry in std::fs::read_dir(dir).expect("profile dir") {
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
                    self.profile_dir.is_none() || profraw.is_some(),
                    "no profraw for input {input}"
                );
                Execution {
                    input,
                    counters,
                    profraw,
                }
            })
            .collect();
        (
            functions.expect("the oracle binary wrote no header record"),
            executions,
        )
    }
}

fn rustc_command(toolchain: Option<&str>) -> Command {
    match toolchain {
        // Through rustup's proxy, as `cargo +toolchain` would run it.
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

/// `rustc -vV` of the toolchain, or why it cannot be run.
fn rustc_version(toolchain: Option<&str>) -> Result<String, String> {
    let show = || {
        format!(
            "rustc{} -vV",
            toolchain.map(|t| format!(" +{t}")).unwrap_or_default()
        )
    };
    let out = rustc_command(toolchain)
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run `{}`: {e}", show()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "`{}` failed: {}",
            show(),
            stderr.lines().next().unwrap_or("").trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `Ok` when `toolchain` is installed and takes `-Z` flags (a nightly).
pub(crate) fn unstable_toolchain(toolchain: &str) -> Result<(), String> {
    let text = rustc_version(Some(toolchain))?;
    let release = text
        .lines()
        .find_map(|l| l.strip_prefix("release:"))
        .unwrap_or("?")
        .trim();
    if release.contains("-nightly") || release.contains("-dev") {
        Ok(())
    } else {
        Err(format!("`rustc +{toolchain}` is {release}, not a nightly"))
    }
}

/// An LLVM tool of the toolchain (llvm-tools-preview), honouring
/// `LLVM_COV` / `LLVM_PROFDATA`. For another toolchain whose component is
/// missing, the default toolchain's tool is used when both compilers use
/// the same LLVM major version (the formats are the same).
pub(crate) fn llvm_tool(name: &str, toolchain: Option<&str>) -> Result<PathBuf, String> {
    let var = name.to_uppercase().replace('-', "_");
    if let Some(p) = std::env::var_os(&var) {
        let p = PathBuf::from(p);
        if !p.is_file() {
            return Err(format!(
                "{var} is set to {}, which is not a file",
                p.display()
            ));
        }
        return Ok(p);
    }
    let own = tool_path(name, toolchain)?;
    if own.exists() {
        return Ok(own);
    }
    if toolchain.is_some() && llvm_major(toolchain) == llvm_major(None) {
        let default = tool_path(name, None)?;
        if default.exists() {
            return Ok(default);
        }
    }
    Err(format!(
        "{name} is not at {} (nor is {var} set)",
        own.display()
    ))
}

/// The command that installs the LLVM tools for `toolchain`.
pub(crate) fn llvm_tools_install(toolchain: Option<&str>) -> String {
    format!(
        "rustup component add llvm-tools-preview{}",
        toolchain
            .map(|t| format!(" --toolchain {t}"))
            .unwrap_or_default()
    )
}

fn tool_path(name: &str, toolchain: Option<&str>) -> Result<PathBuf, String> {
    let out = rustc_command(toolchain)
        .args(["--print", "target-libdir"])
        .output()
        .map_err(|e| format!("cannot run rustc --print target-libdir: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "rustc --print target-libdir failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let libdir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    Ok(libdir
        .parent()
        .expect("target-libdir has a parent")
        .join("bin")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX)))
}

fn llvm_major(toolchain: Option<&str>) -> Option<String> {
    let text = rustc_version(toolchain).ok()?;
    let version = text.lines().find_map(|l| l.strip_prefix("LLVM version:"))?;
    Some(version.trim().split('.').next()?.to_owned())
}

//! `cargo-mtcov` as its own `RUSTC_WRAPPER`.
//!
//! The instrumented build sets `RUSTC_WRAPPER` to this executable and
//! `MTCOV_WRAPPER` to a JSON [`WrapperConfig`]; cargo then runs
//! `cargo-mtcov <rustc> <args>...` for every crate, and we append flags:
//!
//! - workspace member crates (matched by `CARGO_MANIFEST_DIR`, which cargo
//!   sets for every rustc it runs) get `-C instrument-coverage`, `--cfg mtcov`
//!   and, with `--branch`, `-Zcoverage-options=branch`. Dependencies are not
//!   instrumented: their counters would only slow the per-input capture
//!   scan and their code is not what the user is testing.
//! - proc-macro crates and build scripts are never instrumented: they run in
//!   the compiler or before it, not in the tests.
//! - the `mt_runtime` library gets `--cfg mtcov` (compiles its profiler
//!   hooks) and `-C opt-level=3` (its capture scan runs once per source
//!   input), but no instrumentation: an instrumented capture loop would tick
//!   its own counters inside the window it measures. Its own unit-test
//!   binary is left plain, since without instrumentation nothing would
//!   provide the profiler symbols its hooks name.
//! - the `mtcov_protocol` library, which writes the records on the same
//!   per-source-input path, gets `-C opt-level=3` as well, and nothing else.
//!
//! Flags go through the wrapper rather than `RUSTFLAGS` because `RUSTFLAGS`
//! applies to every crate alike and replaces the user's `build.rustflags`;
//! this way the user's `RUSTFLAGS` and config stay as they are. A user's own
//! `RUSTC_WRAPPER`, or the `build.rustc-wrapper` of cargo's config (sccache,
//! ...), is kept as [`WrapperConfig::chain`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::process::ProcessBuilder;

/// The environment variable that carries the [`WrapperConfig`] and marks a
/// wrapper invocation.
pub(crate) const CONFIG_ENV: &str = "MTCOV_WRAPPER";

/// What the wrapper needs to know, written by the subcommand as JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct WrapperConfig {
    /// Manifest directories of the workspace members to instrument.
    pub member_dirs: Vec<PathBuf>,
    /// Add `-Zcoverage-options=branch` to instrumented crates.
    pub branch: bool,
    /// The user's own wrapper (`RUSTC_WRAPPER`, else `build.rustc-wrapper`),
    /// run in our place with the new arguments.
    pub chain: Option<PathBuf>,
}

/// How the wrapper treats one rustc invocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CrateRole {
    /// Not a crate compilation (cargo's `rustc -vV` and target probes), or a
    /// crate we leave alone.
    Untouched,
    /// The `mt_runtime` library.
    Runtime,
    /// The `mtcov_protocol` library: the runtime's record writer.
    RuntimeSupport,
    /// A workspace member crate: instrumented.
    Instrumented,
}

/// The config if this process was started by cargo as our wrapper.
pub(crate) fn config_from_env() -> Result<Option<WrapperConfig>> {
    let Some(raw) = std::env::var_os(CONFIG_ENV) else {
        return Ok(None);
    };
    let raw = raw
        .into_string()
        .map_err(|_| anyhow::anyhow!("{CONFIG_ENV} is not valid UTF-8"))?;
    let config = serde_json::from_str(&raw).with_context(|| {
        format!("{CONFIG_ENV} is set but does not hold cargo-mtcov's wrapper settings; unset it")
    })?;
    Ok(Some(config))
}

/// Runs rustc (`args[0]`) with the extra flags for this crate; returns its
/// exit code (on Unix this only returns if the exec failed).
pub(crate) fn run(config: &WrapperConfig, args: Vec<OsString>) -> Result<i32> {
    let Some((rustc, rustc_args)) = args.split_first() else {
        bail!(
            "{CONFIG_ENV} is set, so cargo-mtcov runs as a rustc wrapper, but no rustc path was given"
        );
    };
    let text_args: Vec<String> = rustc_args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let role = classify(&text_args, manifest_dir.as_deref(), config);
    let extra = extra_args(role, config.branch);

    let mut command = match &config.chain {
        Some(chain) => {
            let mut c = ProcessBuilder::new(chain);
            c.arg(rustc);
            c
        }
        None => ProcessBuilder::new(rustc),
    };
    command.args(rustc_args).args(&extra);
    command.exec()
}

/// Decides what to add to a rustc command line; pure, so it is unit-tested.
pub(crate) fn classify(
    args: &[String],
    manifest_dir: Option<&Path>,
    config: &WrapperConfig,
) -> CrateRole {
    let Some(crate_name) = flag_value(args, "--crate-name") else {
        return CrateRole::Untouched;
    };
    // `___` is the name cargo uses when it probes the target's cfg and file names.
    if crate_name == "___" {
        return CrateRole::Untouched;
    }
    let is_test_harness = args.iter().any(|a| a == "--test");
    let runtime_role = match crate_name {
        "mt_runtime" => Some(CrateRole::Runtime),
        "mtcov_protocol" => Some(CrateRole::RuntimeSupport),
        _ => None,
    };
    if let Some(role) = runtime_role {
        return if is_test_harness {
            CrateRole::Untouched
        } else {
            role
        };
    }
    if mtcov_protocol::is_own_package(crate_name) || crate_name.starts_with("build_script_") {
        return CrateRole::Untouched;
    }
    let is_proc_macro = flag_values(args, "--crate-type").any(|t| t == "proc-macro");
    if is_proc_macro {
        return CrateRole::Untouched;
    }
    match manifest_dir {
        Some(dir) if is_member(dir, &config.member_dirs) => CrateRole::Instrumented,
        _ => CrateRole::Untouched,
    }
}

pub(crate) fn extra_args(role: CrateRole, branch: bool) -> Vec<String> {
    let cfg = ["--cfg", "mtcov", "--check-cfg", "cfg(mtcov)"];
    let mut extra: Vec<String> = Vec::new();
    match role {
        CrateRole::Untouched => {}
        CrateRole::Runtime => {
            extra.extend(cfg.map(String::from));
            // Later `-C` options win over the profile's `-C opt-level`.
            extra.extend(["-C", "opt-level=3"].map(String::from));
        }
        CrateRole::RuntimeSupport => extra.extend(["-C", "opt-level=3"].map(String::from)),
        CrateRole::Instrumented => {
            extra.extend(["-C", "instrument-coverage"].map(String::from));
            extra.extend(cfg.map(String::from));
            if branch {
                extra.push("-Zcoverage-options=branch".to_owned());
            }
        }
    }
    extra
}

fn is_member(dir: &Path, members: &[PathBuf]) -> bool {
    if members.iter().any(|m| m == dir) {
        return true;
    }
    let Ok(dir) = dir.canonicalize() else {
        return false;
    };
    members
        .iter()
        .any(|m| m.canonicalize().is_ok_and(|m| m == dir))
}

/// The first value of `flag`, written `flag value` or `flag=value`.
fn flag_value<'a>(args: &'a [String], flag: &'a str) -> Option<&'a str> {
    flag_values(args, flag).next()
}

fn flag_values<'a>(args: &'a [String], flag: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    args.iter().enumerate().filter_map(move |(i, arg)| {
        if arg == flag {
            args.get(i + 1).map(String::as_str)
        } else {
            arg.strip_prefix(flag)?.strip_prefix('=')
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn config() -> WrapperConfig {
        WrapperConfig {
            member_dirs: vec![PathBuf::from("/ws/trig"), PathBuf::from("/ws/mt-runtime")],
            branch: false,
            chain: None,
        }
    }

    fn member() -> Option<&'static Path> {
        Some(Path::new("/ws/trig"))
    }

    #[test]
    fn member_library_and_tests_are_instrumented() {
        let lib =
            args("--crate-name trig --edition=2024 src/lib.rs --crate-type lib -C opt-level=0");
        assert_eq!(classify(&lib, member(), &config()), CrateRole::Instrumented);
        let test = args("--crate-name mrs --edition=2024 tests/mrs.rs --test");
        assert_eq!(
            classify(&test, member(), &config()),
            CrateRole::Instrumented
        );
        assert_eq!(
            extra_args(CrateRole::Instrumented, false),
            args("-C instrument-coverage --cfg mtcov --check-cfg cfg(mtcov)")
        );
    }

    #[test]
    fn branch_mode_adds_the_unstable_flag_to_instrumented_crates_only() {
        assert!(
            extra_args(CrateRole::Instrumented, true)
                .contains(&"-Zcoverage-options=branch".to_owned())
        );
        assert!(
            !extra_args(CrateRole::Runtime, true)
                .iter()
                .any(|a| a.starts_with("-Z"))
        );
    }

    #[test]
    fn dependencies_are_left_alone() {
        let dep = args("--crate-name serde --crate-type lib src/lib.rs");
        assert_eq!(
            classify(&dep, Some(Path::new("/reg/serde-1.0")), &config()),
            CrateRole::Untouched
        );
        assert_eq!(classify(&dep, None, &config()), CrateRole::Untouched);
    }

    #[test]
    fn proc_macros_build_scripts_and_probes_are_left_alone() {
        let pm = args("--crate-name helper_macros --crate-type=proc-macro src/lib.rs");
        assert_eq!(classify(&pm, member(), &config()), CrateRole::Untouched);
        let pm_sep = args("--crate-name helper_macros --crate-type proc-macro src/lib.rs");
        assert_eq!(classify(&pm_sep, member(), &config()), CrateRole::Untouched);
        let build = args("--crate-name build_script_build build.rs --crate-type bin");
        assert_eq!(classify(&build, member(), &config()), CrateRole::Untouched);
        let probe = args("- --crate-name ___ --print=file-names --crate-type bin");
        assert_eq!(classify(&probe, member(), &config()), CrateRole::Untouched);
        assert_eq!(
            classify(&args("-vV"), member(), &config()),
            CrateRole::Untouched
        );
    }

    #[test]
    fn runtime_is_optimised_and_configured_but_never_instrumented() {
        let runtime = args("--crate-name mt_runtime --crate-type lib src/lib.rs");
        let runtime_dir = Some(Path::new("/ws/mt-runtime"));
        assert_eq!(
            classify(&runtime, runtime_dir, &config()),
            CrateRole::Runtime
        );
        assert_eq!(
            classify(&runtime, Some(Path::new("/reg/mt-runtime")), &config()),
            CrateRole::Runtime
        );
        assert_eq!(
            extra_args(CrateRole::Runtime, false),
            args("--cfg mtcov --check-cfg cfg(mtcov) -C opt-level=3")
        );
        let runtime_unit_tests = args("--crate-name mt_runtime src/lib.rs --test");
        assert_eq!(
            classify(&runtime_unit_tests, runtime_dir, &config()),
            CrateRole::Untouched
        );
        let protocol = args("--crate-name mtcov_protocol --crate-type lib src/lib.rs");
        assert_eq!(
            classify(&protocol, Some(Path::new("/reg/mtcov-protocol")), &config()),
            CrateRole::RuntimeSupport
        );
        assert_eq!(
            extra_args(CrateRole::RuntimeSupport, false),
            args("-C opt-level=3")
        );
        let macros = args("--crate-name mt_macros --crate-type lib src/lib.rs");
        assert_eq!(
            classify(&macros, runtime_dir, &config()),
            CrateRole::Untouched
        );
    }

    #[test]
    fn config_round_trips_through_json() {
        let config = WrapperConfig {
            branch: true,
            chain: Some(PathBuf::from("/usr/bin/sccache")),
            ..config()
        };
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(
            serde_json::from_str::<WrapperConfig>(&text).unwrap(),
            config
        );
    }
}

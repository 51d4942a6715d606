//! Talking to cargo: the workspace layout (`cargo metadata`) and the
//! instrumented test build (`cargo test --no-run --message-format=json`),
//! whose messages name the test executables, so nothing walks `target/`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use cargo_metadata::Message;
use serde::{Deserialize, Serialize};

use crate::model::ColorChoice;
use crate::process::ProcessBuilder;

mod config;
pub(crate) mod doctests;
pub(crate) mod sources;
mod toolchain;
pub(crate) mod wrapper;

pub(crate) use config::CargoConfig;
pub(crate) use toolchain::{Toolchain, target_libdir};
use wrapper::WrapperConfig;

/// The cargo to run: `$CARGO` (set by cargo for its subcommands, so
/// `cargo +nightly mtcov` builds with nightly), else `cargo` from `PATH`.
pub(crate) fn cargo() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)
}

/// What to build, as for `cargo test` (`cli::BuildArgs` holds its flags).
#[derive(Debug, Clone, Default)]
pub(crate) struct BuildOptions {
    pub selection: Selection,
    /// Instrument branches too (needs a nightly toolchain).
    pub branch: bool,
}

/// Which packages, features and profile are built, as for `cargo test`;
/// kept with the run, so that a command reading the last run can tell
/// whether it is the one asked for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    /// `-p`: packages to test.
    pub package: Vec<String>,
    /// `--workspace`.
    pub workspace: bool,
    /// `-F`: features, as given.
    pub features: Vec<String>,
    /// `--all-features`.
    pub all_features: bool,
    /// `--no-default-features`.
    pub no_default_features: bool,
    /// `--release`.
    pub release: bool,
}

impl Selection {
    /// Whether any flag was given.
    pub(crate) fn is_given(&self) -> bool {
        *self != Selection::default()
    }

    /// The same selection in one spelling: packages and features sorted,
    /// once each, features split at commas and spaces as cargo does.
    pub(crate) fn normalized(&self) -> Selection {
        let mut package = self.package.clone();
        package.sort();
        package.dedup();
        let mut features: Vec<String> = self
            .features
            .iter()
            .flat_map(|f| f.split([',', ' ']))
            .filter(|f| !f.is_empty())
            .map(str::to_owned)
            .collect();
        features.sort();
        features.dedup();
        Selection {
            package,
            features,
            ..self.clone()
        }
    }

    /// The flags as a user types them, or what their absence means.
    pub(crate) fn describe(&self) -> String {
        let mut flags = Vec::new();
        for package in &self.package {
            flags.push(format!("-p {package}"));
        }
        if self.workspace {
            flags.push("--workspace".to_owned());
        }
        if !self.features.is_empty() {
            flags.push(format!("--features {}", self.features.join(",")));
        }
        if self.all_features {
            flags.push("--all-features".to_owned());
        }
        if self.no_default_features {
            flags.push("--no-default-features".to_owned());
        }
        if self.release {
            flags.push("--release".to_owned());
        }
        if flags.is_empty() {
            "no package, feature or profile flag (cargo's default members, default features, \
             dev profile)"
                .to_owned()
        } else {
            format!("`{}`", flags.join(" "))
        }
    }
}

/// What `cargo metadata --no-deps` says about the workspace.
#[derive(Debug, Clone)]
pub(crate) struct Workspace {
    pub root: PathBuf,
    /// The user's target directory (config and `CARGO_TARGET_DIR` applied).
    pub target_dir: PathBuf,
    /// Where mtcov's own builds go: `$MTCOV_BUILD_DIR`, else
    /// `<target-dir>/mtcov`.
    pub build_root: PathBuf,
    pub members: Vec<Member>,
}

/// Overrides where `cargo mtcov` builds (instrumented, branch and plain),
/// as `CARGO_LLVM_COV_TARGET_DIR` does for cargo-llvm-cov: several
/// workspaces that name it share their dependencies' builds. Records stay
/// in `<target-dir>/mtcov`.
pub(crate) const BUILD_DIR_ENV: &str = "MTCOV_BUILD_DIR";

/// mtcov's settings for a workspace, relative to its root (read by
/// `config`; a change to it is a change to every run, as a manifest's is).
pub(crate) const CONFIG_FILE: &str = ".config/mtcov.toml";

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Member {
    pub id: String,
    pub name: String,
    pub manifest_dir: PathBuf,
}

impl Workspace {
    /// Everything `cargo mtcov` writes: `<target-dir>/mtcov`.
    pub(crate) fn mtcov_dir(&self) -> PathBuf {
        self.target_dir.join("mtcov")
    }

    /// The instrumented build's `CARGO_TARGET_DIR`. Branch instrumentation
    /// gets its own: cargo does not see the wrapper's flags, so switching
    /// modes in one directory would reuse stale artifacts.
    pub(crate) fn build_dir(&self, branch: bool) -> PathBuf {
        self.build_root
            .join(if branch { "target-branch" } else { "target" })
    }

    /// Refuses a `-p NAME` (or `NAME@VERSION`) that names no workspace
    /// member: mtcov instruments members only, and cargo's own answer
    /// would come as a failed build. Specs cargo reads otherwise (globs,
    /// URLs, paths) are left to cargo.
    pub(crate) fn check_packages(&self, specs: &[String]) -> Result<()> {
        for spec in specs {
            let name = spec.split_once('@').map_or(spec.as_str(), |(name, _)| name);
            let plain = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if plain && !self.members.iter().any(|m| m.name == name) {
                let mut names: Vec<&str> = self.members.iter().map(|m| m.name.as_str()).collect();
                names.sort_unstable();
                bail!(
                    "no package `{name}` in this workspace (-p {spec}); its members are: {}",
                    names.join(", ")
                );
            }
        }
        Ok(())
    }

    /// The `CARGO_TARGET_DIR` of builds without instrumentation, for runs
    /// that measure black-box criteria only.
    pub(crate) fn plain_build_dir(&self) -> PathBuf {
        self.build_root.join("target-plain")
    }
}

/// Runs `cargo metadata`; "not a cargo project" gets its own message.
pub(crate) fn metadata(manifest_path: Option<&Path>) -> Result<Workspace> {
    let mut command = cargo_metadata::MetadataCommand::new();
    command.cargo_path(cargo()).no_deps();
    if let Some(path) = manifest_path {
        command.manifest_path(path);
    }
    let output = ProcessBuilder::from_command(command.cargo_command())
        .stdin(Stdio::null())
        .output()?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        if stderr.contains("could not find `Cargo.toml`") {
            let place = match manifest_path {
                Some(path) => path.display().to_string(),
                None => std::env::current_dir()
                    .map(|d| format!("{} or any parent directory", d.display()))
                    .unwrap_or_else(|_| "the current directory".to_owned()),
            };
            bail!(
                "not in a cargo project: no Cargo.toml in {place}; run `cargo mtcov` inside \
                     the project or pass --manifest-path <path/to/Cargo.toml>"
            );
        }
        bail!("`cargo metadata` failed:\n{}", stderr.trim_end());
    }
    let metadata = cargo_metadata::MetadataCommand::parse(String::from_utf8_lossy(&output.stdout))
        .context("cannot read what `cargo metadata` printed")?;
    let members = metadata
        .workspace_packages()
        .into_iter()
        .map(|p| Member {
            manifest_dir: p
                .manifest_path
                .parent()
                .map(|dir| dir.as_std_path().to_path_buf())
                .unwrap_or_default(),
            id: p.id.repr.clone(),
            name: p.name.to_string(),
        })
        .collect();
    let build_root = match std::env::var_os(BUILD_DIR_ENV) {
        Some(dir) if !dir.is_empty() => std::path::absolute(&dir)
            .with_context(|| format!("{BUILD_DIR_ENV}={} is not a usable path", dir.display()))?,
        _ => metadata.target_directory.join("mtcov").into_std_path_buf(),
    };
    Ok(Workspace {
        root: metadata.workspace_root.into_std_path_buf(),
        target_dir: metadata.target_directory.clone().into_std_path_buf(),
        build_root,
        members,
    })
}

/// A test executable from the build, with what running it needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestExecutable {
    pub path: PathBuf,
    pub package: String,
    pub package_version: String,
    /// Target name and kind (`lib`, `test`, `bin`, ...), for messages.
    pub target: String,
    pub kind: String,
    /// Cargo runs tests with this as the working directory.
    pub manifest_dir: PathBuf,
}

/// What the instrumented build produced.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BuildOutput {
    pub executables: Vec<TestExecutable>,
    /// Workspace member libraries (`.rlib`): their objects hold coverage
    /// records for functions no test binary linked.
    pub member_libraries: Vec<PathBuf>,
    /// Native library directories from build scripts, for the dynamic
    /// library search path of the test processes (as `cargo test` does).
    pub library_paths: Vec<PathBuf>,
    /// What `[env]` in cargo's config gives the test processes, on top of
    /// the environment (as `cargo test` does).
    #[serde(default)]
    pub test_env: Vec<(String, String)>,
    /// The workspace members' source files as they were when the build
    /// started (see [`sources`]).
    #[serde(default)]
    pub sources: Vec<sources::SourceFile>,
}

impl BuildOutput {
    /// The build with what its test processes get besides the binaries,
    /// as `cargo test` gives it: `[env]` of cargo's configuration, and
    /// rustc's target libdir on the library path when proc-macro crates'
    /// unit tests are among them.
    pub(crate) fn for_tests(mut self, cargo_config: &CargoConfig) -> Result<Self> {
        self.test_env = test_env_of(cargo_config)?;
        if self.has_proc_macro_tests() {
            self.library_paths.push(target_libdir()?);
        }
        Ok(self)
    }

    /// Whether a proc-macro crate's unit tests are among the executables:
    /// only those load the toolchain's shared libstd, so only they need
    /// rustc's target libdir on the library path (asking rustc for it
    /// costs a process start).
    pub(crate) fn has_proc_macro_tests(&self) -> bool {
        self.executables
            .iter()
            .any(|e| e.kind.split(',').any(|k| k == "proc-macro"))
    }
}

/// How to invoke the build.
#[derive(Debug, Clone)]
pub(crate) struct BuildRequest<'a> {
    pub workspace: &'a Workspace,
    pub options: &'a BuildOptions,
    pub color: ColorChoice,
    pub verbose: u8,
    /// Instrument the workspace members; without, a plain `cargo test
    /// --no-run` into its own directory (black-box criteria need no more).
    pub instrument: bool,
}

/// Every build of the tests: `cargo test --no-run` with cargo's JSON
/// messages on stdout (read by [`parse_message`]), diagnostics rendered on
/// stderr. Flags, manifest and environment are the caller's.
pub(crate) const NO_RUN: [&str; 3] = [
    "test",
    "--no-run",
    "--message-format=json-render-diagnostics",
];

/// Builds the tests instrumented, through our own rustc wrapper; cargo's
/// progress and diagnostics go to stderr.
pub(crate) fn build_tests(
    request: &BuildRequest<'_>,
    manifest_path: Option<&Path>,
) -> Result<BuildOutput> {
    let workspace = request.workspace;
    workspace.check_packages(&request.options.selection.package)?;
    // Before cargo reads them: an edit during the build makes the run stale.
    let sources = sources::fingerprint(workspace);
    let cwd = std::env::current_dir().context("cannot read the current directory")?;
    let cargo_config = CargoConfig::discover(&cwd)?;
    let mut command = test_cargo(request, manifest_path, &NO_RUN)?;
    if crate::term::quiet() {
        command.arg("--quiet");
    }
    command.stdout(Stdio::piped()).stderr(Stdio::inherit());
    let mut child = command.spawn()?;
    let stdout = child
        .stdout
        .take()
        .context("cargo's stdout was not captured")?;
    let member_ids: Vec<&str> = workspace.members.iter().map(|m| m.id.as_str()).collect();
    let mut output = BuildOutput {
        sources,
        ..BuildOutput::default()
    };
    for line in BufReader::new(stdout).lines() {
        let line = line.context("cannot read cargo's output")?;
        parse_message(&line, &member_ids, &mut output);
    }
    let status = child.wait().context("cargo did not finish")?;
    // Cargo killed by Ctrl-C (or SIGTERM, SIGHUP) means the interrupt hit
    // the whole process group: exit as the interrupt handler does, whether
    // or not it has run yet (its thread can come second).
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status)
        && [
            rustix::process::Signal::INT,
            rustix::process::Signal::TERM,
            rustix::process::Signal::HUP,
        ]
        .iter()
        .any(|s| s.as_raw() == signal)
    {
        crate::term::error("interrupted; the previous run, if any, is still reportable");
        std::process::exit(130);
    }
    if !status.success() {
        bail!(
            "the {} build failed (`cargo test --no-run` exited with {status}); see cargo's messages above",
            if request.instrument {
                "instrumented"
            } else {
                "plain"
            }
        );
    }
    if output.executables.is_empty() {
        bail!("the build produced no test executables; are there tests in the selected packages?");
    }
    output.for_tests(&cargo_config)
}

fn test_env_of(cargo_config: &CargoConfig) -> Result<Vec<(String, String)>> {
    let mut env = Vec::new();
    for (name, value) in cargo_config.test_env(|name| std::env::var_os(name)) {
        let value = value
            .into_string()
            .map_err(|v| anyhow::anyhow!("`env.{name}` in cargo's config is not UTF-8: {v:?}"))?;
        env.push((name, value));
    }
    Ok(env)
}

/// `cargo <subcommand> <build flags>` as the build runs it: instrumented,
/// our target directory and cargo-mtcov as the rustc wrapper; otherwise
/// the plain build directory. Another cargo command given the same
/// (`cargo nextest run`) finds the build fresh and does not rebuild.
pub(crate) fn test_cargo(
    request: &BuildRequest<'_>,
    manifest_path: Option<&Path>,
    subcommand: &[&str],
) -> Result<ProcessBuilder> {
    let workspace = request.workspace;
    let mut command = ProcessBuilder::new(cargo());
    command.args(subcommand);
    command.args(build_args(request.options, request.color, request.verbose));
    if let Some(path) = manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    if !request.instrument {
        command.env("CARGO_TARGET_DIR", workspace.plain_build_dir());
        return Ok(command);
    }
    let this_exe = std::env::current_exe().context("cannot find the cargo-mtcov executable")?;
    let cwd = std::env::current_dir().context("cannot read the current directory")?;
    let config = WrapperConfig {
        member_dirs: workspace
            .members
            .iter()
            .map(|m| m.manifest_dir.clone())
            .collect(),
        branch: request.options.branch,
        chain: CargoConfig::discover(&cwd)?.rustc_wrapper(),
    };
    command
        .env(
            "CARGO_TARGET_DIR",
            workspace.build_dir(request.options.branch),
        )
        .env("RUSTC_WRAPPER", &this_exe)
        .env(wrapper::CONFIG_ENV, serde_json::to_string(&config)?);
    Ok(command)
}

/// The `cargo test` flags that follow from the options.
pub(crate) fn build_args(options: &BuildOptions, color: ColorChoice, verbose: u8) -> Vec<String> {
    let mut args = Vec::new();
    let selection = &options.selection;
    for package in &selection.package {
        args.extend(["--package".to_owned(), package.clone()]);
    }
    if selection.workspace {
        args.push("--workspace".to_owned());
    }
    if !selection.features.is_empty() {
        args.extend(["--features".to_owned(), selection.features.join(",")]);
    }
    if selection.all_features {
        args.push("--all-features".to_owned());
    }
    if selection.no_default_features {
        args.push("--no-default-features".to_owned());
    }
    if selection.release {
        args.push("--release".to_owned());
    }
    let color = match color {
        ColorChoice::Auto => "auto",
        ColorChoice::Always => "always",
        ColorChoice::Never => "never",
    };
    args.extend(["--color".to_owned(), color.to_owned()]);
    // -v is for mtcov's own steps; -vv and up also make cargo verbose.
    for _ in 1..verbose {
        args.push("-v".to_owned());
    }
    args
}

/// Folds one JSON message from cargo into `output`; lines that are not
/// messages (a build script printing to stdout) are ignored.
pub(crate) fn parse_message(line: &str, member_ids: &[&str], output: &mut BuildOutput) {
    let Ok(message) = serde_json::from_str::<Message>(line) else {
        return;
    };
    match message {
        Message::CompilerArtifact(artifact) => {
            let package_id = &artifact.package_id.repr;
            let is_member = member_ids.contains(&package_id.as_str());
            let manifest_path = artifact.manifest_path.as_std_path();
            if let (Some(path), true) = (artifact.executable, artifact.profile.test) {
                let (package, package_version) = package_name_version(package_id, manifest_path);
                output.executables.push(TestExecutable {
                    path: path.into_std_path_buf(),
                    package,
                    package_version,
                    target: artifact.target.name,
                    kind: (artifact.target.kind.iter())
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                    manifest_dir: manifest_path
                        .parent()
                        .map(Path::to_path_buf)
                        .unwrap_or_default(),
                });
            } else if is_member && !artifact.profile.test && !is_mtcov_crate(&artifact.target.name)
            {
                output.member_libraries.extend(
                    (artifact.filenames.into_iter())
                        .filter(|f| f.extension() == Some("rlib"))
                        .map(|f| f.into_std_path_buf()),
                );
            }
        }
        Message::BuildScriptExecuted(script) => {
            for path in &script.linked_paths {
                // `kind=path` or a bare path.
                let path = path.as_str();
                let path = PathBuf::from(path.split_once('=').map_or(path, |(_, p)| p));
                if !output.library_paths.contains(&path) {
                    output.library_paths.push(path);
                }
            }
        }
        _ => {}
    }
}

/// mtcov's own crates are never instrumented, so their objects hold no
/// coverage mapping worth reading (they are members in mtcov's own
/// workspace only).
fn is_mtcov_crate(target: &str) -> bool {
    mtcov_protocol::is_own_package(target)
}

/// Package name and version from a package id: either the stable
/// `registry+...#name@1.2.3` / `path+file:///dir#1.2.3` form or the
/// older `name 1.2.3 (source)` form.
fn package_name_version(id: &str, manifest_path: &Path) -> (String, String) {
    let dir_name = || {
        manifest_path
            .parent()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    if let Some((_, fragment)) = id.rsplit_once('#') {
        return match fragment.split_once('@') {
            Some((name, version)) => (name.to_owned(), version.to_owned()),
            None => (dir_name(), fragment.to_owned()),
        };
    }
    let mut parts = id.split(' ');
    match (parts.next(), parts.next()) {
        (Some(name), Some(version)) => (name.to_owned(), version.to_owned()),
        _ => (dir_name(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEMBER: &str = "path+file:///ws/trig#0.1.0";

    fn artifact(kind: &str, test: bool, executable: Option<&str>, files: &[&str]) -> String {
        serde_json::json!({
            "reason": "compiler-artifact",
            "package_id": MEMBER,
            "manifest_path": "/ws/trig/Cargo.toml",
            "target": {"name": "trig", "kind": [kind], "crate_types": [kind], "src_path": "/ws/trig/src/lib.rs",
                       "edition": "2024", "doc": true, "doctest": true, "test": true},
            "profile": {"test": test, "opt_level": "0", "debuginfo": 2, "debug_assertions": true,
                        "overflow_checks": true},
            "features": [],
            "filenames": files,
            "executable": executable,
            "fresh": true,
        })
        .to_string()
    }

    #[test]
    fn a_package_that_is_not_a_member_is_refused_by_name() {
        let member = |name: &str| Member {
            id: format!("path+file:///ws/{name}#0.1.0"),
            name: name.to_owned(),
            manifest_dir: PathBuf::from("/ws").join(name),
        };
        let workspace = Workspace {
            root: PathBuf::from("/ws"),
            target_dir: PathBuf::from("/ws/target"),
            build_root: PathBuf::from("/ws/target/mtcov"),
            members: vec![member("trig"), member("fees")],
        };
        let specs = |specs: &[&str]| specs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(
            workspace
                .check_packages(&specs(&["trig", "fees@0.1.0"]))
                .is_ok()
        );
        // Globs and URLs are cargo's to read.
        assert!(
            workspace
                .check_packages(&specs(&["tr*", "file:///ws/trig"]))
                .is_ok()
        );
        let error = workspace
            .check_packages(&specs(&["trig", "nope"]))
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "no package `nope` in this workspace (-p nope); its members are: fees, trig"
        );
    }

    #[test]
    fn collects_test_executables_member_libraries_and_link_paths() {
        let mut out = BuildOutput::default();
        parse_message(
            &artifact("lib", false, None, &["/t/libtrig.rlib", "/t/libtrig.rmeta"]),
            &[MEMBER],
            &mut out,
        );
        parse_message(
            &artifact("lib", true, Some("/t/deps/trig-abc"), &["/t/deps/trig-abc"]),
            &[MEMBER],
            &mut out,
        );
        parse_message(
            &artifact(
                "example",
                false,
                Some("/t/examples/demo"),
                &["/t/examples/demo"],
            ),
            &[MEMBER],
            &mut out,
        );
        parse_message(
            r#"{"reason":"build-script-executed","package_id":"x","linked_libs":[],"linked_paths":["native=/opt/lib","/plain"],"cfgs":[],"env":[],"out_dir":"/o"}"#,
            &[MEMBER],
            &mut out,
        );
        parse_message(
            r#"{"reason":"build-finished","success":true}"#,
            &[MEMBER],
            &mut out,
        );
        parse_message("plain text from a build script", &[MEMBER], &mut out);

        assert_eq!(out.executables.len(), 1, "examples are not tests");
        let exe = &out.executables[0];
        assert_eq!(exe.path, Path::new("/t/deps/trig-abc"));
        assert_eq!(
            (exe.package.as_str(), exe.package_version.as_str()),
            ("trig", "0.1.0")
        );
        assert_eq!(exe.manifest_dir, Path::new("/ws/trig"));
        assert_eq!(out.member_libraries, [PathBuf::from("/t/libtrig.rlib")]);
        assert_eq!(
            out.library_paths,
            [PathBuf::from("/opt/lib"), PathBuf::from("/plain")]
        );
    }

    #[test]
    fn dependency_libraries_are_not_collected() {
        let mut out = BuildOutput::default();
        parse_message(
            &artifact("lib", false, None, &["/t/libtrig.rlib"]),
            &["path+file:///ws/other#0.1.0"],
            &mut out,
        );
        assert!(out.member_libraries.is_empty());
    }

    #[test]
    fn package_ids_in_both_formats() {
        let manifest = Path::new("/ws/my-crate/Cargo.toml");
        assert_eq!(
            package_name_version("path+file:///ws/x#renamed@0.2.0", manifest),
            ("renamed".into(), "0.2.0".into())
        );
        assert_eq!(
            package_name_version("path+file:///ws/my-crate#0.1.0", manifest),
            ("my-crate".into(), "0.1.0".into())
        );
        assert_eq!(
            package_name_version("trig 0.1.0 (path+file:///ws/trig)", manifest),
            ("trig".into(), "0.1.0".into())
        );
    }

    #[test]
    fn build_args_follow_the_options() {
        let options = BuildOptions {
            selection: Selection {
                package: vec!["a".into()],
                features: vec!["x".into(), "y".into()],
                release: true,
                ..Selection::default()
            },
            ..BuildOptions::default()
        };
        assert_eq!(
            build_args(&options, ColorChoice::Never, 2),
            [
                "--package",
                "a",
                "--features",
                "x,y",
                "--release",
                "--color",
                "never",
                "-v"
            ]
        );
    }
}

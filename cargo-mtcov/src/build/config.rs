//! The parts of cargo's configuration that `cargo test` applies itself and
//! `cargo mtcov` must apply too, because it runs the test binaries and
//! puts its own rustc wrapper in front of the user's:
//!
//! - `[env]`: variables cargo gives the processes it starts, test
//!   binaries included. A plain entry yields to a variable already in the
//!   environment, `{ value, force = true }` overrides it, and
//!   `{ value, relative = true }` is a path relative to the directory that
//!   holds the `.cargo` directory of its file.
//! - `build.rustc-wrapper` (or `CARGO_BUILD_RUSTC_WRAPPER`, or
//!   `RUSTC_WRAPPER` over both; empty means none): cargo drops it once
//!   `RUSTC_WRAPPER` is set, as `cargo mtcov` sets it, so the instrumented
//!   build chains it after its own.
//!
//! cargo-config2 reads the files as cargo does (each directory from the
//! current one up, then the cargo home; a deeper file wins, field by
//! field).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// What `cargo mtcov` takes from cargo's configuration.
#[derive(Debug, Clone)]
pub(crate) struct CargoConfig(cargo_config2::Config);

impl CargoConfig {
    /// Reads the configuration cargo sees when started in `cwd`.
    pub(crate) fn discover(cwd: &Path) -> Result<Self> {
        Self::load(cwd, cargo_config2::ResolveOptions::default())
    }

    fn load(cwd: &Path, options: cargo_config2::ResolveOptions) -> Result<Self> {
        cargo_config2::Config::load_with_options(cwd, options)
            .map(CargoConfig)
            .with_context(|| {
                format!(
                    "cannot read cargo's configuration as seen from {}",
                    cwd.display()
                )
            })
    }

    /// The variables the test processes get on top of the environment, as
    /// `cargo test` gives them: `lookup` says what the environment holds.
    pub(crate) fn test_env(
        &self,
        lookup: impl Fn(&str) -> Option<OsString>,
    ) -> Vec<(String, OsString)> {
        self.0
            .env
            .iter()
            .filter(|(name, entry)| entry.force || lookup(name).is_none())
            .map(|(name, entry)| (name.clone(), entry.value.clone()))
            .collect()
    }

    /// The wrapper to chain after ours, when one is set. A path with a
    /// separator is relative to the directory of the `.cargo` directory
    /// that set it (the current one for a variable), as cargo resolves it;
    /// a bare name is looked up in `PATH`.
    pub(crate) fn rustc_wrapper(&self) -> Option<PathBuf> {
        self.0
            .build
            .rustc_wrapper
            .clone()
            .filter(|wrapper| !wrapper.as_os_str().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// The configuration seen from `cwd` with only `env` in the
    /// environment and `home` as the cargo home.
    fn load(cwd: &Path, home: &Path, env: &[(&str, &str)]) -> CargoConfig {
        let env: HashMap<String, OsString> = env
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        let options = cargo_config2::ResolveOptions::default()
            .env(env)
            .cargo_home(home.to_path_buf());
        CargoConfig::load(cwd, options).unwrap()
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn plain_forced_and_relative_entries() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        write(
            &ws.join(".cargo/config.toml"),
            r#"
            [env]
            PLAIN = "plain"
            YIELDS = "config"
            FORCED = { value = "forced", force = true }
            DATA = { value = "data/in", relative = true }
            "#,
        );
        let config = load(&ws, &tmp.path().join("home"), &[]);
        let shell = |name: &str| ["YIELDS", "FORCED"].contains(&name).then(|| "shell".into());
        assert_eq!(
            config.test_env(shell),
            [
                ("DATA".to_owned(), ws.join("data/in").into_os_string()),
                ("FORCED".to_owned(), OsString::from("forced")),
                ("PLAIN".to_owned(), OsString::from("plain")),
            ]
        );
    }

    #[test]
    fn a_deeper_file_wins_field_by_field_over_the_cargo_home() {
        let tmp = tempfile::tempdir().unwrap();
        let (ws, home) = (tmp.path().join("ws"), tmp.path().join("home"));
        write(
            &home.join("config.toml"),
            "env.A = { value = \"home\", force = true }\nbuild.rustc-wrapper = \"sccache\"\n",
        );
        write(
            &ws.join(".cargo/config.toml"),
            "[env]\nA = { value = \"ws\" }\n[build]\nrustc-wrapper = \"tools/wrap.sh\"\n",
        );
        let config = load(&ws.join("member"), &home, &[]);
        assert_eq!(
            config.test_env(|_| Some("shell".into())),
            [("A".to_owned(), OsString::from("ws"))],
            "A keeps the home file's `force`"
        );
        assert_eq!(config.rustc_wrapper(), Some(ws.join("tools/wrap.sh")));
    }

    #[test]
    fn rustc_wrapper_precedence() {
        let tmp = tempfile::tempdir().unwrap();
        let (ws, home) = (tmp.path().join("ws"), tmp.path().join("home"));
        assert_eq!(load(&ws, &home, &[]).rustc_wrapper(), None);
        write(
            &ws.join(".cargo/config.toml"),
            "build.rustc-wrapper = \"sccache\"\n",
        );
        assert_eq!(
            load(&ws, &home, &[]).rustc_wrapper(),
            Some(PathBuf::from("sccache")),
            "a bare name is looked up in PATH"
        );
        assert_eq!(
            load(&ws, &home, &[("RUSTC_WRAPPER", "/bin/other")]).rustc_wrapper(),
            Some(PathBuf::from("/bin/other"))
        );
        assert_eq!(
            load(&ws, &home, &[("CARGO_BUILD_RUSTC_WRAPPER", "/bin/b")]).rustc_wrapper(),
            Some(PathBuf::from("/bin/b"))
        );
        assert_eq!(
            load(&ws, &home, &[("RUSTC_WRAPPER", "")]).rustc_wrapper(),
            None,
            "an empty RUSTC_WRAPPER turns wrappers off"
        );
    }

    #[test]
    fn a_bad_entry_is_an_error_naming_the_file() {
        let tmp = tempfile::tempdir().unwrap();
        let ws = tmp.path().join("ws");
        write(&ws.join(".cargo/config.toml"), "env.X = 3\n");
        let options = cargo_config2::ResolveOptions::default()
            .env(HashMap::<String, OsString>::new())
            .cargo_home(tmp.path().join("home"));
        let err = format!("{:#}", CargoConfig::load(&ws, options).unwrap_err());
        assert!(err.contains("config.toml"), "{err}");
    }
}

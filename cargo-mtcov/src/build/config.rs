//! The parts of cargo's configuration that `cargo test` applies itself and
//! `cargo mtcov` must apply too, because it runs the test binaries and
//! puts its own rustc wrapper in front of the user's:
//!
//! - `[env]`: variables cargo gives the processes it starts, test
//!   binaries included. A plain entry yields to a variable already in the
//!   environment, `{ value, force = true }` overrides it, and
//!   `{ value, relative = true }` is a path relative to the directory that
//!   holds the `.cargo` directory of its file.
//! - `build.rustc-wrapper` (or `CARGO_BUILD_RUSTC_WRAPPER`): cargo drops it
//!   once `RUSTC_WRAPPER` is set, as `cargo mtcov` sets it, so the
//!   instrumented build chains it after its own. `RUSTC_WRAPPER` wins over
//!   both, and an empty value means no wrapper, as in cargo.
//!
//! Files are read in cargo's order: `.cargo/config.toml` (or the older
//! `.cargo/config`, which cargo prefers when both exist) in the current
//! directory and each of its parents, then `$CARGO_HOME/config.toml`; a
//! deeper file wins over its parents and all of them over the cargo home.
//! `--config` arguments and `include` are not read: `cargo mtcov` does not
//! forward them to cargo.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// One value and the directory its `relative` paths start from (the
/// parent of the `.cargo` directory of the file that set it, or the
/// current directory for an environment variable).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Defined<T> {
    value: T,
    root: PathBuf,
}

/// One `[env]` entry, merged over files field by field like cargo does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct EnvEntry {
    value: Option<Defined<String>>,
    force: bool,
    relative: bool,
}

/// What `cargo mtcov` takes from cargo's configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CargoConfig {
    env: BTreeMap<String, EnvEntry>,
    rustc_wrapper: Option<Defined<String>>,
}

impl CargoConfig {
    /// Reads the configuration cargo sees when started in `cwd`.
    pub(crate) fn discover(cwd: &Path) -> Result<Self> {
        let mut config = Self::default();
        for file in config_files(cwd, cargo_home().as_deref()) {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read cargo's config file {}", file.display()))?;
            let root = file
                .parent()
                .and_then(Path::parent)
                .unwrap_or(Path::new("/"))
                .to_path_buf();
            config
                .merge(&text, &root)
                .with_context(|| format!("in cargo's config file {}", file.display()))?;
        }
        if let Some(wrapper) = std::env::var_os("CARGO_BUILD_RUSTC_WRAPPER") {
            config.rustc_wrapper = Some(Defined {
                value: wrapper.to_string_lossy().into_owned(),
                root: cwd.to_path_buf(),
            });
        }
        Ok(config)
    }

    /// Merges one file over what was read so far (it has precedence).
    fn merge(&mut self, text: &str, root: &Path) -> Result<()> {
        let table: toml::Table = text.parse().context("not valid TOML")?;
        if let Some(env) = table.get("env") {
            let Some(env) = env.as_table() else {
                bail!("`env` is not a table");
            };
            for (name, item) in env {
                let entry = self.env.entry(name.clone()).or_default();
                match item {
                    toml::Value::String(value) => {
                        // A plain string replaces the whole entry.
                        *entry = EnvEntry {
                            value: Some(Defined {
                                value: value.clone(),
                                root: root.to_path_buf(),
                            }),
                            ..EnvEntry::default()
                        };
                    }
                    toml::Value::Table(fields) => {
                        for (field, v) in fields {
                            match (field.as_str(), v) {
                                ("value", toml::Value::String(value)) => {
                                    entry.value = Some(Defined {
                                        value: value.clone(),
                                        root: root.to_path_buf(),
                                    });
                                }
                                ("force", toml::Value::Boolean(b)) => entry.force = *b,
                                ("relative", toml::Value::Boolean(b)) => entry.relative = *b,
                                _ => bail!("`env.{name}.{field}` is not a known field of its type"),
                            }
                        }
                    }
                    _ => bail!("`env.{name}` must be a string or a table"),
                }
            }
        }
        if let Some(wrapper) = table.get("build").and_then(|b| b.get("rustc-wrapper")) {
            let Some(wrapper) = wrapper.as_str() else {
                bail!("`build.rustc-wrapper` is not a string");
            };
            self.rustc_wrapper = Some(Defined {
                value: wrapper.to_owned(),
                root: root.to_path_buf(),
            });
        }
        Ok(())
    }

    /// The variables the test processes get on top of the environment, as
    /// `cargo test` gives them: `lookup` says what the environment holds.
    pub(crate) fn test_env(
        &self,
        lookup: impl Fn(&str) -> Option<OsString>,
    ) -> Vec<(String, OsString)> {
        self.env
            .iter()
            .filter_map(|(name, entry)| {
                let defined = entry.value.as_ref()?;
                if !entry.force && lookup(name).is_some() {
                    return None;
                }
                let value = if entry.relative {
                    defined.root.join(&defined.value).into_os_string()
                } else {
                    OsString::from(&defined.value)
                };
                Some((name.clone(), value))
            })
            .collect()
    }

    /// The wrapper to chain after ours: `RUSTC_WRAPPER` (from `lookup`)
    /// when set, else the configured one; `None` when empty. A path with a
    /// separator is relative to its root (`cwd` for `RUSTC_WRAPPER`), as
    /// cargo resolves it; a bare name is looked up in `PATH`.
    pub(crate) fn rustc_wrapper(
        &self,
        cwd: &Path,
        lookup: impl Fn(&str) -> Option<OsString>,
    ) -> Option<PathBuf> {
        let (value, root) = match lookup("RUSTC_WRAPPER") {
            Some(wrapper) => (wrapper.to_string_lossy().into_owned(), cwd),
            None => {
                let defined = self.rustc_wrapper.as_ref()?;
                (defined.value.clone(), defined.root.as_path())
            }
        };
        if value.is_empty() {
            None
        } else if value.contains('/') || value.contains('\\') {
            Some(root.join(value))
        } else {
            Some(PathBuf::from(value))
        }
    }
}

/// `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CARGO_HOME").filter(|h| !h.is_empty()) {
        let home = PathBuf::from(home);
        return Some(if home.is_absolute() {
            home
        } else {
            std::env::current_dir().ok()?.join(home)
        });
    }
    let home = std::env::var_os(if cfg!(windows) { "USERPROFILE" } else { "HOME" })?;
    Some(PathBuf::from(home).join(".cargo"))
}

/// The config files cargo reads from `cwd`, lowest precedence first: the
/// cargo home's, then from the root of the file system down to `cwd`.
fn config_files(cwd: &Path, cargo_home: Option<&Path>) -> Vec<PathBuf> {
    let in_dir = |cargo_dir: &Path| {
        ["config", "config.toml"]
            .iter()
            .map(|name| cargo_dir.join(name))
            .find(|file| file.is_file())
    };
    let mut files = Vec::new();
    let home_file = cargo_home.and_then(in_dir);
    if let Some(file) = &home_file {
        files.push(file.clone());
    }
    let mut walked: Vec<PathBuf> = cwd
        .ancestors()
        .filter_map(|dir| in_dir(&dir.join(".cargo")))
        .filter(|file| Some(file) != home_file.as_ref())
        .collect();
    walked.reverse();
    files.extend(walked);
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let pairs: Vec<(String, OsString)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn plain_forced_and_relative_entries() {
        let mut config = CargoConfig::default();
        config
            .merge(
                r#"
                [env]
                PLAIN = "plain"
                YIELDS = "config"
                FORCED = { value = "forced", force = true }
                DATA = { value = "data/in", relative = true }
                "#,
                Path::new("/ws"),
            )
            .unwrap();
        let env = config.test_env(env_of(&[("YIELDS", "shell"), ("FORCED", "shell")]));
        assert_eq!(
            env,
            [
                ("DATA".to_owned(), OsString::from("/ws/data/in")),
                ("FORCED".to_owned(), OsString::from("forced")),
                ("PLAIN".to_owned(), OsString::from("plain")),
            ]
        );
    }

    #[test]
    fn a_deeper_file_wins_field_by_field() {
        let mut config = CargoConfig::default();
        config
            .merge(
                r#"
                env.A = { value = "home", force = true }
                env.B = { value = "home", relative = true }
                build.rustc-wrapper = "sccache"
                "#,
                Path::new("/home/u"),
            )
            .unwrap();
        config
            .merge(
                r#"
                [env]
                A = { value = "ws" }
                B = "ws"
                [build]
                rustc-wrapper = "tools/wrap.sh"
                "#,
                Path::new("/ws"),
            )
            .unwrap();
        let env = config.test_env(env_of(&[("A", "shell"), ("B", "shell")]));
        // A keeps the home file's `force`; B's plain string replaced the
        // whole entry, so it yields to the environment.
        assert_eq!(env, [("A".to_owned(), OsString::from("ws"))]);
        assert_eq!(
            config.rustc_wrapper(Path::new("/cwd"), env_of(&[])),
            Some(PathBuf::from("/ws/tools/wrap.sh"))
        );
    }

    #[test]
    fn rustc_wrapper_precedence() {
        let cwd = Path::new("/cwd");
        let mut config = CargoConfig::default();
        assert_eq!(config.rustc_wrapper(cwd, env_of(&[])), None);
        config
            .merge("build.rustc-wrapper = \"sccache\"", Path::new("/ws"))
            .unwrap();
        assert_eq!(
            config.rustc_wrapper(cwd, env_of(&[])),
            Some(PathBuf::from("sccache")),
            "a bare name is looked up in PATH"
        );
        assert_eq!(
            config.rustc_wrapper(cwd, env_of(&[("RUSTC_WRAPPER", "/bin/other")])),
            Some(PathBuf::from("/bin/other"))
        );
        assert_eq!(
            config.rustc_wrapper(cwd, env_of(&[("RUSTC_WRAPPER", "bin/wrap")])),
            Some(PathBuf::from("/cwd/bin/wrap")),
            "a relative RUSTC_WRAPPER is relative to the current directory"
        );
        assert_eq!(
            config.rustc_wrapper(cwd, env_of(&[("RUSTC_WRAPPER", "")])),
            None,
            "an empty RUSTC_WRAPPER turns wrappers off"
        );
    }

    #[test]
    fn bad_entries_are_named() {
        let mut config = CargoConfig::default();
        let err = config
            .merge("env.X = 3", Path::new("/ws"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`env.X` must be a string or a table"), "{err}");
        let err = config
            .merge("env.X = { valu = \"a\" }", Path::new("/ws"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("env.X.valu"), "{err}");
    }

    #[test]
    fn files_in_cargos_order() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let deep = root.join("ws/member");
        let home = root.join("home");
        for dir in [
            root.join(".cargo"),
            root.join("ws/.cargo"),
            deep.join(".cargo"),
            home.clone(),
        ] {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(root.join(".cargo/config.toml"), "").unwrap();
        std::fs::write(root.join("ws/.cargo/config.toml"), "").unwrap();
        std::fs::write(root.join("ws/.cargo/config"), "").unwrap();
        std::fs::write(deep.join(".cargo/config.toml"), "").unwrap();
        std::fs::write(home.join("config.toml"), "").unwrap();
        let files = config_files(&deep, Some(&home));
        assert_eq!(
            files,
            [
                home.join("config.toml"),
                root.join(".cargo/config.toml"),
                root.join("ws/.cargo/config"),
                deep.join(".cargo/config.toml"),
            ]
        );
        // The cargo home inside the walked tree is read once, first.
        let files = config_files(&deep, Some(&root.join(".cargo")));
        assert_eq!(files[0], root.join(".cargo/config.toml"));
        assert_eq!(files.len(), 3);
    }
}

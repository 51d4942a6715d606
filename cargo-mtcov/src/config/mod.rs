//! `.config/mtcov.toml`: the settings a repository keeps for every
//! `cargo mtcov` run, in named profiles as cargo-nextest keeps its own
//! (docs/cli.md, "Configuration").
//!
//! `[profile.default]` holds what every run uses; `[profile.NAME]`
//! (`--profile NAME`) holds what differs from it. A flag given on the
//! command line overrides both. Every key is read with the parser of the
//! flag of the same name, so the file accepts what the flag accepts and
//! says the same when a value is wrong, at the value's line; an unknown
//! key is an error that lists the known ones.

mod apply;
mod values;

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};
use serde::Deserialize;
use toml::Spanned;

pub(crate) use apply::apply;
use values::Read;

use crate::cli::{Distinct, FailUnder, SatisfactionArg};
use crate::model::Criterion;
use crate::run::Split;

/// Where the file is, relative to the workspace root.
pub(crate) const FILE: &str = crate::build::CONFIG_FILE;

/// The profile a run uses without `--profile`.
const DEFAULT_PROFILE: &str = "default";

/// The profile a run uses without `--profile`, when set (as
/// `NEXTEST_PROFILE` is for cargo-nextest): a CI job sets it once.
pub(crate) const PROFILE_ENV: &str = "MTCOV_PROFILE";

/// Declares a profile's keys once: the file's table (every key optional,
/// no other key allowed) and the settings they layer into.
macro_rules! settings {
    ($($field:ident: $ty:ty = $key:literal,)*) => {
        /// One `[profile.NAME]` table as the file writes it.
        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Profile {
            $(
                #[serde(rename = $key)]
                $field: Option<Spanned<Read<$ty>>>,
            )*
        }

        /// The settings of the chosen profile over the default one's.
        #[derive(Debug, Default)]
        pub(crate) struct Settings {
            $(pub(crate) $field: Option<Setting<$ty>>,)*
        }

        impl Settings {
            /// `profile`'s keys over what is already set.
            fn layer(&mut self, profile: Profile, name: &str, text: &str) {
                $(
                    if let Some(value) = profile.$field {
                        self.$field = Some(Setting::new(value, name, text));
                    }
                )*
            }
        }
    };
}

settings! {
    k: u32 = "k",
    criteria: Vec<Criterion> = "criteria",
    distinct: Distinct = "distinct",
    satisfaction: SatisfactionArg = "satisfaction",
    include: Vec<String> = "include",
    exclude: Vec<String> = "exclude",
    gaps: usize = "gaps",
    functions: bool = "functions",
    fail_under: FailUnder = "fail-under",
    diff: String = "diff",
    fail_under_patch: FailUnder = "fail-under-patch",
    json: Option<Option<PathBuf>> = "json",
    html: Option<Option<PathBuf>> = "html",
    lcov: Option<Option<PathBuf>> = "lcov",
    cobertura: Option<Option<PathBuf>> = "cobertura",
    codecov: Option<Option<PathBuf>> = "codecov",
    markdown: Option<Option<PathBuf>> = "markdown",
    branch: bool = "branch",
    jobs: NonZeroUsize = "jobs",
    test_timeout: Duration = "test-timeout",
    split: Split = "split",
    no_split: Vec<String> = "no-split",
}

/// The whole file: profiles, nothing else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    profile: BTreeMap<String, Profile>,
}

/// A value from the file and where it was written.
#[derive(Debug, Clone)]
pub(crate) struct Setting<T> {
    pub(crate) value: T,
    /// The profile whose table holds it.
    pub(crate) profile: String,
    /// Its line in the file, from 1.
    pub(crate) line: usize,
}

impl<T> Setting<T> {
    fn new(spanned: Spanned<Read<T>>, profile: &str, text: &str) -> Self {
        let line = text[..spanned.span().start.min(text.len())]
            .matches('\n')
            .count()
            + 1;
        Setting {
            value: spanned.into_inner().0,
            profile: profile.to_owned(),
            line,
        }
    }
}

/// The configuration a command runs with.
#[derive(Debug, Default)]
pub(crate) struct Config {
    /// The workspace root (none outside a cargo project).
    pub(crate) root: Option<PathBuf>,
    /// The file read, if the workspace has one.
    pub(crate) path: Option<PathBuf>,
    /// The profile chosen.
    pub(crate) profile: String,
    pub(crate) settings: Settings,
}

impl Config {
    /// Reads `<root>/.config/mtcov.toml` (none is no settings) and layers
    /// `profile` (`--profile`, else `$MTCOV_PROFILE`, else `default`)
    /// over the default profile. Output paths in the file are relative
    /// to `root`.
    pub(crate) fn load(root: &Path, profile: Option<&str>) -> Result<Config> {
        match (profile, std::env::var(PROFILE_ENV)) {
            (None, Ok(name)) if !name.is_empty() => {
                Self::read(root, Some(&name), &format!("{PROFILE_ENV}={name}"))
            }
            (profile, _) => Self::load_profile(root, profile),
        }
    }

    /// As [`load`](Self::load), `profile` given by `--profile`.
    fn load_profile(root: &Path, profile: Option<&str>) -> Result<Config> {
        let asked = format!("--profile {}", profile.unwrap_or(DEFAULT_PROFILE));
        Self::read(root, profile, &asked)
    }

    /// `asked`: how the profile was asked for, for errors.
    fn read(root: &Path, profile: Option<&str>, asked: &str) -> Result<Config> {
        let path = root.join(FILE);
        let name = profile.unwrap_or(DEFAULT_PROFILE);
        let text = match fs_err::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if name != DEFAULT_PROFILE {
                    bail!(
                        "{asked}: there is no {FILE} in {} to define it; write \
                         `[profile.{name}]` there (docs/cli.md, \"Configuration\")",
                        root.display()
                    );
                }
                return Ok(Config {
                    root: Some(root.to_owned()),
                    profile: name.to_owned(),
                    ..Config::default()
                });
            }
            Err(e) => return Err(e.into()),
        };
        let file = parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let mut profiles = file.profile;
        let mut settings = Settings::default();
        if let Some(default) = profiles.remove(DEFAULT_PROFILE) {
            settings.layer(default, DEFAULT_PROFILE, &text);
        }
        if name != DEFAULT_PROFILE {
            let Some(chosen) = profiles.remove(name) else {
                let known: Vec<String> = std::iter::once(DEFAULT_PROFILE)
                    .chain(profiles.keys().map(String::as_str))
                    .map(|k| format!("`{k}`"))
                    .collect();
                bail!(
                    "{asked}: {} has no `[profile.{name}]`; its profiles: {}",
                    path.display(),
                    known.join(", ")
                );
            };
            settings.layer(chosen, name, &text);
        }
        for output in [
            &mut settings.json,
            &mut settings.html,
            &mut settings.lcov,
            &mut settings.cobertura,
            &mut settings.codecov,
            &mut settings.markdown,
        ] {
            if let Some(Setting {
                value: Some(Some(file)),
                ..
            }) = output
                && file.is_relative()
            {
                *file = root.join(&*file);
            }
        }
        Ok(Config {
            root: Some(root.to_owned()),
            path: Some(path),
            profile: name.to_owned(),
            settings,
        })
    }
}

/// The file's text as settings, or toml's error (its line, column and the
/// text there; for an unknown key, the keys known).
fn parse(text: &str) -> Result<File, String> {
    toml::from_str::<File>(text).map_err(|e| {
        let message = e.to_string();
        if message.contains("expected `profile`") {
            format!(
                "{}settings go in a profile's table: `[profile.default]` for every run, \
                 `[profile.NAME]` for `--profile NAME`",
                message.trim_end().to_owned() + "\n"
            )
        } else {
            message.trim_end().to_owned()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str, profile: Option<&str>) -> Result<Config> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".config")).unwrap();
        std::fs::write(dir.path().join(FILE), text).unwrap();
        Config::load_profile(dir.path(), profile)
    }

    const TWO_PROFILES: &str = "\
[profile.default]
k = 2
criteria = [\"line\", \"region\"]
json = \"out/report.json\"

[profile.ci]
k = 3
fail-under = { line = 0.85 }
";

    #[test]
    fn a_profile_layers_over_the_default_one() {
        let config = load(TWO_PROFILES, None).unwrap();
        assert_eq!(config.profile, "default");
        let k = config.settings.k.unwrap();
        assert_eq!((k.value, k.profile.as_str(), k.line), (2, "default", 2));
        assert!(config.settings.fail_under.is_none());

        let config = load(TWO_PROFILES, Some("ci")).unwrap();
        let k = config.settings.k.unwrap();
        assert_eq!((k.value, k.profile.as_str(), k.line), (3, "ci", 7));
        let criteria = config.settings.criteria.unwrap();
        assert_eq!(criteria.value, [Criterion::Line, Criterion::Region]);
        assert_eq!(criteria.profile, "default");
        // Paths are the workspace root's.
        let json = config.settings.json.unwrap().value.unwrap().unwrap();
        assert!(json.is_absolute() && json.ends_with("out/report.json"));
    }

    #[test]
    fn unknown_profiles_keys_and_values_are_errors_at_their_line() {
        let e = load(TWO_PROFILES, Some("nightly")).unwrap_err().to_string();
        assert!(
            e.contains("has no `[profile.nightly]`; its profiles: `default`, `ci`"),
            "{e}"
        );

        let e = load("[profile.default]\nk = 3\nthreshold = 0.8\n", None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3"), "{e}");
        assert!(
            e.contains("unknown field `threshold`, expected one of `k`, `criteria`"),
            "{e}"
        );

        let e = load("[profile.ci]\nfail-under = { line = 85 }\n", Some("ci"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
        assert!(e.contains("85 is not a fraction between 0 and 1"), "{e}");

        let e = load("k = 3\n", None).unwrap_err().to_string();
        assert!(e.contains("`[profile.default]` for every run"), "{e}");
    }

    #[test]
    fn no_file_is_no_settings_but_a_profile_needs_one() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::load_profile(dir.path(), None).unwrap();
        assert!(config.path.is_none() && config.settings.k.is_none());
        let e = Config::load_profile(dir.path(), Some("ci"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("there is no .config/mtcov.toml"), "{e}");
    }
}

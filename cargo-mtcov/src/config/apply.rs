//! The file's settings put under a command's flags: a setting fills an
//! option whose flag the command line did not give (clap says which it
//! gave), and `--show-config` lists every option the command reads with
//! where its value came from.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, Result, bail};
use clap::ArgMatches;
use clap::parser::ValueSource;

use super::values::SettingValue;
use super::{Config, FILE, Setting, Settings};
use crate::cli::{BuildArgs, RunArgs};
use crate::cli::{CommonOptions, ConfigOptions, MtcovArgs, MtcovCommand, ReportOptions};
use crate::process::ProcessBuilder;

/// What a command runs with, for `--show-config`.
#[derive(Debug)]
pub(crate) struct Applied {
    /// The file read, if any.
    file: Option<PathBuf>,
    profile: String,
    /// Each option the command reads: its key, value, and origin.
    lines: Vec<Line>,
}

#[derive(Debug)]
struct Line {
    key: &'static str,
    /// As the file would write it; `None` when unset.
    value: Option<String>,
    origin: String,
}

/// Puts the configuration under `args`' flags (`matches`: clap's view of
/// the `mtcov` subcommand). Under `--show-config`, the settings to print
/// instead of running; else `None`, and the command runs.
pub(crate) fn apply(args: &mut MtcovArgs, matches: &ArgMatches) -> Result<Option<Applied>> {
    let matches = matches.subcommand().map_or(matches, |(_, sub)| sub);
    let (common, config_options) = match &args.command {
        None => (&args.common, &args.config),
        Some(MtcovCommand::Report(c)) => (&c.common, &c.config),
        Some(MtcovCommand::Nextest(c)) => (&c.common, &c.config),
        Some(MtcovCommand::Merge(c)) => (&c.common, &c.config),
        Some(MtcovCommand::Mutants(c)) => (&c.common, &c.config),
        Some(MtcovCommand::Reduce(c)) => (&c.common, &c.config),
        Some(MtcovCommand::Suggest(c)) => (&c.common, &c.config),
        Some(
            MtcovCommand::Clean(_)
            | MtcovCommand::Study(_)
            | MtcovCommand::Tolerance(_)
            | MtcovCommand::Scout(_),
        ) => {
            return Ok(None);
        }
    };
    let ConfigOptions {
        profile,
        show_config,
    } = config_options.clone();
    let config = load(common, profile.as_deref(), show_config)?;
    let mut fill = Filler {
        settings: &config.settings,
        root: config.root.as_deref(),
        matches,
        lines: Vec::new(),
    };
    match &mut args.command {
        None => {
            fill.report(&mut args.report)?;
            fill.build(&mut args.build);
            fill.run(&mut args.run);
        }
        Some(MtcovCommand::Report(c)) => fill.report(&mut c.report)?,
        Some(MtcovCommand::Nextest(c)) => {
            fill.report(&mut c.report)?;
            fill.build(&mut c.build);
        }
        Some(MtcovCommand::Merge(c)) => {
            fill.report(&mut c.report)?;
            fill.build(&mut c.build);
        }
        Some(MtcovCommand::Mutants(c)) => {
            let s = fill.settings;
            fill.value("k", "k", &mut c.k, &s.k);
        }
        Some(MtcovCommand::Reduce(c)) => {
            let s = fill.settings;
            fill.value("k", "k", &mut c.k, &s.k);
            fill.value("criteria", "criterion", &mut c.criterion, &s.criteria);
            fill.value("include", "include", &mut c.include, &s.include);
            fill.value("exclude", "exclude", &mut c.exclude, &s.exclude);
        }
        Some(MtcovCommand::Suggest(c)) => {
            let s = fill.settings;
            fill.value("k", "k", &mut c.k, &s.k);
        }
        Some(_) => unreachable!("returned above"),
    }
    let lines = fill.lines;
    Ok(show_config.then_some(Applied {
        file: config.path,
        profile: config.profile,
        lines,
    }))
}

/// The workspace's configuration (its root from `cargo locate-project`).
/// Outside a cargo project there is none: the command says what is wrong.
fn load(common: &CommonOptions, profile: Option<&str>, show_config: bool) -> Result<Config> {
    let Some(root) = workspace_root(common.manifest_path.as_deref())? else {
        if show_config || profile.is_some() {
            bail!(
                "not in a cargo project, so there is no {FILE} to read; run inside the project \
                 or pass --manifest-path <path/to/Cargo.toml>"
            );
        }
        return Ok(Config::default());
    };
    Config::load(&root, profile)
}

/// The workspace root, or `None` outside a cargo project.
fn workspace_root(manifest_path: Option<&Path>) -> Result<Option<PathBuf>> {
    let mut command = ProcessBuilder::new(crate::build::cargo());
    command.args(["locate-project", "--workspace", "--message-format", "plain"]);
    if let Some(path) = manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    let output = command
        .stdin(Stdio::null())
        .output()
        .context("cannot find the workspace root")?;
    if !output.status.success() {
        return Ok(None);
    }
    let manifest = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim_end());
    Ok(manifest.parent().map(Path::to_path_buf))
}

/// Fills the options whose flags were not given, and notes each.
struct Filler<'a> {
    settings: &'a Settings,
    /// The workspace root, which the file's paths are relative to.
    root: Option<&'a Path>,
    matches: &'a ArgMatches,
    lines: Vec<Line>,
}

impl Filler<'_> {
    /// The option of flag `id` (clap's id: the field's name), `key` in the
    /// file.
    fn value<T: SettingValue>(
        &mut self,
        key: &'static str,
        id: &str,
        option: &mut T,
        setting: &Option<Setting<T>>,
    ) {
        let origin = self.fill(id, setting, |value| *option = value.clone());
        self.lines.push(Line {
            key,
            value: Some(option.show()),
            origin,
        });
    }

    /// An option that can be unset (`None`).
    fn optional<T: SettingValue>(
        &mut self,
        key: &'static str,
        id: &str,
        option: &mut Option<T>,
        setting: &Option<Setting<T>>,
    ) {
        let origin = self.fill(id, setting, |value| *option = Some(value.clone()));
        self.lines.push(Line {
            key,
            value: option.as_ref().map(SettingValue::show),
            origin,
        });
    }

    /// An output flag (`--json[=PATH]`): unset, its own place, or a path.
    fn output(
        &mut self,
        key: &'static str,
        option: &mut Option<Option<PathBuf>>,
        setting: &Option<Setting<Option<Option<PathBuf>>>>,
    ) {
        let origin = self.fill(key, setting, |value| *option = value.clone());
        // As the file would write it: relative to the workspace root.
        let shown = option.as_ref().map(|path| {
            let relative = path.as_ref().map(|path| {
                let path = std::path::absolute(path).unwrap_or_else(|_| path.clone());
                self.root
                    .and_then(|root| path.strip_prefix(root).ok())
                    .map_or(path.clone(), Path::to_path_buf)
            });
            Some(relative).show()
        });
        self.lines.push(Line {
            key,
            value: shown,
            origin,
        });
    }

    /// Sets the option from the file unless the command line gave its
    /// flag; says where the value came from.
    fn fill<T>(&self, id: &str, setting: &Option<Setting<T>>, set: impl FnOnce(&T)) -> String {
        if self.matches.value_source(id) == Some(ValueSource::CommandLine) {
            return "command line".to_owned();
        }
        match setting {
            Some(setting) => {
                set(&setting.value);
                format!("profile.{}, {FILE}:{}", setting.profile, setting.line)
            }
            None => "default".to_owned(),
        }
    }

    fn report(&mut self, o: &mut ReportOptions) -> Result<()> {
        let s = self.settings;
        self.value("k", "k", &mut o.k, &s.k);
        self.value("criteria", "criterion", &mut o.criterion, &s.criteria);
        self.value("distinct", "distinct", &mut o.distinct, &s.distinct);
        self.value(
            "satisfaction",
            "satisfaction",
            &mut o.satisfaction,
            &s.satisfaction,
        );
        self.value("include", "include", &mut o.include, &s.include);
        self.value("exclude", "exclude", &mut o.exclude, &s.exclude);
        self.value("gaps", "gaps", &mut o.gaps, &s.gaps);
        self.value("functions", "functions", &mut o.functions, &s.functions);
        self.optional("fail-under", "fail_under", &mut o.fail_under, &s.fail_under);
        self.optional("diff", "diff", &mut o.diff, &s.diff);
        self.optional(
            "fail-under-patch",
            "fail_under_patch",
            &mut o.fail_under_patch,
            &s.fail_under_patch,
        );
        self.output("json", &mut o.json, &s.json);
        self.output("html", &mut o.html, &s.html);
        self.output("lcov", &mut o.lcov, &s.lcov);
        self.output("cobertura", &mut o.cobertura, &s.cobertura);
        self.output("codecov", &mut o.codecov, &s.codecov);
        self.output("markdown", &mut o.markdown, &s.markdown);
        // A patch gate without a patch would pass whatever the patch is.
        if let (Some(limit), None) = (&s.fail_under_patch, &o.diff)
            && self.matches.value_source("fail_under_patch") != Some(ValueSource::CommandLine)
        {
            bail!(
                "{FILE}:{}: `fail-under-patch` (profile `{}`) needs the revision the patch is \
                 against: set `diff = \"REF\"` in the profile or pass --diff REF",
                limit.line,
                limit.profile
            );
        }
        Ok(())
    }

    fn build(&mut self, o: &mut BuildArgs) {
        let s = self.settings;
        self.value("branch", "branch", &mut o.branch, &s.branch);
    }

    fn run(&mut self, o: &mut RunArgs) {
        let s = self.settings;
        self.optional("jobs", "jobs", &mut o.jobs, &s.jobs);
        self.value(
            "test-timeout",
            "test_timeout",
            &mut o.test_timeout,
            &s.test_timeout,
        );
        self.value("split", "split", &mut o.split, &s.split);
        self.value("no-split", "no_split", &mut o.no_split, &s.no_split);
    }
}

/// What an option that is not set means.
fn unset(key: &str) -> &'static str {
    match key {
        "jobs" => ": the number of CPUs",
        "fail-under" | "fail-under-patch" => ": no threshold",
        "diff" => ": no patch measured",
        _ => ": not written",
    }
}

impl Applied {
    /// The settings as the file would write them, each with its origin in
    /// a comment: TOML a user can paste into a profile.
    pub(crate) fn render(&self) -> String {
        let mut out = match &self.file {
            Some(file) => format!(
                "# cargo mtcov's settings: profile `{}` of {}; flags override it\n",
                self.profile,
                file.display()
            ),
            None => format!("# cargo mtcov's settings: no {FILE}; flags and defaults\n"),
        };
        let shown: Vec<String> = self
            .lines
            .iter()
            .map(|line| match &line.value {
                Some(value) => format!("{} = {value}", line.key),
                None => format!("# {} is not set{}", line.key, unset(line.key)),
            })
            .collect();
        let width = shown.iter().map(String::len).max().unwrap_or(0);
        for (text, line) in shown.iter().zip(&self.lines) {
            out.push_str(&format!("{text:width$}  # {}\n", line.origin));
        }
        out
    }
}

//! The command line of `cargo mtcov`: clap derive types and the value
//! parsers clap cannot express (`--fail-under`).
//!
//! Cargo runs a subcommand as `cargo-mtcov mtcov <args>`, so the top-level
//! parser is named `cargo` and has a single subcommand `mtcov`, the layout
//! cargo-llvm-cov and cargo-insta use.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::model::{ColorChoice, Criterion};

mod report;
mod stages;

pub(crate) use report::{Distinct, FailUnder, ReportOptions, SatisfactionArg, parse_fail_under};
pub(crate) use stages::{BuildArgs, RunArgs, SelectionArgs};

/// `cargo` as seen by a cargo subcommand.
#[derive(Debug, Parser)]
#[command(name = "cargo", bin_name = "cargo", styles = clap::builder::styling::Styles::styled())]
pub(crate) enum CargoCli {
    /// Measure the k-MR adequacy of the metamorphic tests of a cargo project.
    Mtcov(MtcovArgs),
}

/// `cargo mtcov [OPTIONS] [-- <TEST ARGS>...]`.
#[derive(Debug, Args)]
#[command(
    version,
    about = "Measure the k-MR adequacy of the metamorphic tests of a cargo project",
    long_about = "Builds the tests with LLVM source-based coverage, runs them with \
                  metamorphic-relation recording on, and reports the k-MR coverage: \
                  how much of the code is covered by source inputs that are checked \
                  by at least k distinct metamorphic relations.",
    args_conflicts_with_subcommands = true,
    after_help = crate::error::exit_codes_help()
)]
pub(crate) struct MtcovArgs {
    #[command(subcommand)]
    pub command: Option<MtcovCommand>,

    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,

    #[command(flatten)]
    pub build: BuildArgs,

    #[command(flatten)]
    pub report: ReportOptions,

    #[command(flatten)]
    pub run: RunArgs,

    /// Rerun only the tests a change since REF (a git revision at which the
    /// last run was made) can reach, and keep the other tests' records from
    /// the last run: the report equals a full rerun's (see docs/cli.md).
    #[arg(long, value_name = "REF")]
    pub affected: Option<String>,

    /// Also run the members' doc tests, each as a test binary of its own,
    /// so that an MR called from a doc test is measured (needs a nightly
    /// toolchain: rustdoc's unstable `--persist-doctests`).
    #[arg(long)]
    pub doctests: bool,

    /// Arguments for every test binary (a test name filter, `--nocapture`,
    /// `--ignored`, ...), with libtest's meaning. Each test of a binary with
    /// MRs runs in its own process, so `--test-threads` cannot mix tests'
    /// coverage (it is refused with `--serial`).
    #[arg(last = true, value_name = "TEST ARGS")]
    pub test_args: Vec<String>,
}

// Parsed once per process: boxing the larger variant would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub(crate) enum MtcovCommand {
    /// Re-render the report of the last run from its records, without
    /// rebuilding or rerunning anything.
    Report(ReportCommand),
    /// Remove everything cargo mtcov wrote (`<target-dir>/mtcov`).
    Clean(CleanCommand),
    /// Merge the shards of `cargo mtcov --partition KIND:M/N` (every one of
    /// them, built alike) into one run and report it.
    Merge(MergeCommand),
    /// Run the instrumented tests with cargo-nextest (its profiles, retries,
    /// timeouts, filtersets) and report; arguments after `--` go to
    /// `cargo nextest run`.
    Nextest(NextestCommand),
    /// Kill matrix: run the metamorphic tests once per mutant (from
    /// cargo-mutants) and say which MRs and source inputs kill which mutants.
    Mutants(MutantsCommand),
    /// Reproduce the k-MR paper's RQ1/RQ2 from the last kill matrix
    /// (`cargo mtcov mutants`), without rerunning anything.
    Study(StudyCommand),
    /// What MR to write next: pairs of complete test frames of the
    /// `categories!` declarations that no MR connects yet, from the last
    /// run's records, ranked by what they would add to io-ctf `A_k`.
    Suggest(SuggestCommand),
    /// Which groups to keep: the fewest metamorphic groups (MR, source
    /// input) of the last run that keep `A_k` of every asked criterion
    /// and, with `--mutants`, every killed mutant killed; and a selection
    /// file to run only those (`MTCOV_SELECT`).
    Reduce(ReduceCommand),
    /// How the tolerances of float relations compare with what the last
    /// run saw: per MR and `close` call site, the largest difference on the
    /// unmutated code (the noise floor), how far the tolerance is above
    /// it, and a suggested one; with `--mutants`, the mutants it hid.
    Tolerance(ToleranceCommand),
    /// Find the relations the crate's tests already encode, as MRs that
    /// compile and hold.
    ///
    /// A test that calls one function twice on related inputs and relates
    /// the outputs is codified as a `#[metamorphic]` function, then built
    /// and run on its test's input and on generated inputs.
    Scout(ScoutCommand),
}

impl MtcovArgs {
    /// The options every subcommand has.
    pub(crate) fn common(&self) -> &CommonOptions {
        match &self.command {
            Some(MtcovCommand::Report(c)) => &c.common,
            Some(MtcovCommand::Clean(c)) => &c.common,
            Some(MtcovCommand::Merge(c)) => &c.common,
            Some(MtcovCommand::Nextest(c)) => &c.common,
            Some(MtcovCommand::Mutants(c)) => &c.common,
            Some(MtcovCommand::Study(c)) => &c.common,
            Some(MtcovCommand::Suggest(c)) => &c.common,
            Some(MtcovCommand::Reduce(c)) => &c.common,
            Some(MtcovCommand::Tolerance(c)) => &c.common,
            Some(MtcovCommand::Scout(c)) => &c.common,
            None => &self.common,
        }
    }
}

#[derive(Debug, Args)]
pub(crate) struct MutantsCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub build: BuildArgs,
    /// Mutants built and tested at once, each in its own scratch copy.
    #[arg(short, long, value_name = "N", default_value = "1")]
    pub jobs: std::num::NonZeroUsize,
    /// Stop a test process after this long (`90s`, `2m`, `500ms`, a bare
    /// number of seconds; default: 5 times the slowest process of the
    /// baseline, at least 10 s).
    #[arg(long, value_name = "DURATION", value_parser = crate::run::parse_duration)]
    pub test_timeout: Option<std::time::Duration>,
    /// The k of the survivors' K.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub k: u32,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the summary as `mutants.html` into DIR (default
    /// `<target-dir>/mtcov/html`, beside the HTML report).
    #[arg(long, value_name = "DIR", num_args = 0..=1, require_equals = true)]
    pub html: Option<Option<PathBuf>>,
    /// Run only shard K (from 0) of N, as cargo-mutants does; the matrix
    /// goes to `<target-dir>/mtcov/mutants-shard-K-of-N.json`, and
    /// `--merge` makes the whole from all N.
    #[arg(long, value_name = "K/N", value_parser = clap::value_parser!(crate::mutants::shard::ShardIndex))]
    pub shard: Option<crate::mutants::shard::ShardIndex>,
    /// How mutants are dealt to shards.
    #[arg(long, value_enum, value_name = "HOW", default_value_t = crate::mutants::shard::Sharding::Slice, requires = "shard")]
    pub sharding: crate::mutants::shard::Sharding,
    /// Merge the matrices of all shards of one split into
    /// `<target-dir>/mtcov/mutants.json`, as one unsharded run writes it
    /// (timings aside); runs nothing.
    #[arg(long, value_name = "SHARD.json", num_args = 1.., conflicts_with = "shard")]
    pub merge: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct SuggestCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub last_run: LastRunOptions,
    /// The k of the k-MR criterion.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub k: u32,
    /// Candidates shown per declaration.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub limit: usize,
    /// Print them as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ScoutCommand {
    #[command(flatten)]
    pub common: CommonOptions,
    /// Package to scout (repeatable; default: every library of the
    /// workspace).
    #[arg(short, long = "package", value_name = "SPEC")]
    pub package: Vec<String>,
    /// Write the relations that compile and hold to this file of the
    /// package's `tests/` directory (replaced), as a test target that runs
    /// them on their tests' inputs.
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
    /// Only find and codify: build and run nothing (nothing is checked,
    /// so nothing is marked kept).
    #[arg(long, conflicts_with = "measure")]
    pub no_run: bool,
    /// Measure what the written relations add: `cargo mtcov` on the
    /// package without the file and with it (`A_k` and Metamorphic
    /// Coverage, line and region), and the mutants only they kill when the
    /// last kill matrix holds them.
    #[arg(long, requires = "write")]
    pub measure: bool,
    /// The k of `--measure`'s runs.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..), requires = "measure")]
    pub k: u32,
    /// Print the relations as JSON (schema in docs/scout.md).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ToleranceCommand {
    #[command(flatten)]
    pub common: CommonOptions,
    #[command(flatten)]
    pub last_run: LastRunOptions,
    /// Suggest this many times the largest difference seen (at least 1).
    #[arg(long, value_name = "X", default_value_t = crate::tolerance::MARGIN, value_parser = parse_margin)]
    pub margin: f64,
    /// Also say, from the kill matrix (`<target-dir>/mtcov/mutants.json`,
    /// from `cargo mtcov mutants`, whose baseline must be the last run),
    /// which mutants each tolerance hid, and kills against false alarms
    /// for a sweep of tolerances.
    #[arg(long)]
    pub mutants: bool,
    /// Print the checks as JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_margin(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 1.0 => Ok(x),
        _ => Err(format!(
            "`{text}` is not a margin: give a number of times the floor, at least 1 (e.g. 10)"
        )),
    }
}

#[derive(Debug, Args)]
pub(crate) struct ReduceCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub last_run: LastRunOptions,
    /// The k of the k-MR criterion.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub k: u32,
    /// Criteria whose `A_k` is kept (repeatable or comma separated).
    #[arg(
        long,
        value_enum,
        value_name = "CRITERION",
        value_delimiter = ',',
        default_value = "line"
    )]
    pub criterion: Vec<Criterion>,
    /// Keep every mutant of the kill matrix (`<target-dir>/mtcov/mutants.json`,
    /// from `cargo mtcov mutants`, whose baseline must be the last run) killed.
    #[arg(long)]
    pub mutants: bool,
    /// Search for the smallest set (an integer program, started from the
    /// greedy set), within `--time-limit`.
    #[arg(long)]
    pub exact: bool,
    /// The exact search's time limit (`90s`, `2m`, a bare number of seconds).
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = crate::run::parse_duration, requires = "exact")]
    pub time_limit: std::time::Duration,
    /// Keep only the first N groups (or P% of them) of the prioritised
    /// order instead of every group `A_k` needs; the report says the
    /// `A_k` they keep and, with `--mutants`, the kills.
    #[arg(long, value_name = "N|P%", value_parser = crate::reduce::Budget::parse, conflicts_with = "exact")]
    pub budget: Option<crate::reduce::Budget>,
    /// Keep, per requirement, M times as many groups of different kinds
    /// (relation class, and what their source/follow-up pairs run
    /// differently) as `A_k` asks classes of it, not only the fewest that
    /// keep `A_k`.
    #[arg(long, value_name = "M", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub redundancy: u32,
    /// Only source files matching this path or glob (repeatable), as for
    /// `cargo mtcov --include`: give the report's patterns to keep its `A_k`.
    #[arg(long, value_name = "PATH")]
    pub include: Vec<String>,
    /// Leave out source files matching this path or glob (repeatable).
    #[arg(long, value_name = "PATH")]
    pub exclude: Vec<String>,
    /// Print the reduction as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct StudyCommand {
    #[command(flatten)]
    pub common: CommonOptions,
    /// The kill matrix (default: `<target-dir>/mtcov/mutants.json`).
    #[arg(long, value_name = "PATH")]
    pub matrix: Option<PathBuf>,
    /// Suites sampled per k (RQ1) and random walks (RQ2).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub samples: usize,
    /// Seed of the sampling: the same seed gives the same study.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Write the box plots as SVG into this directory.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// The figures' file name prefix (default: the workspace directory's name).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Print the study as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct NextestCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub build: BuildArgs,
    #[command(flatten)]
    pub report: ReportOptions,
    /// Arguments for `cargo nextest run` (`-E 'test(parse)'`, `--retries 2`,
    /// `--profile ci`, ...).
    #[arg(last = true, value_name = "NEXTEST ARGS")]
    pub nextest_args: Vec<String>,
}

#[derive(Debug, Args)]
pub(crate) struct MergeCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub build: BuildArgs,
    #[command(flatten)]
    pub report: ReportOptions,
    /// The shard directories (`<target-dir>/mtcov/shard-M-of-N`), one per shard.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ReportCommand {
    #[command(flatten)]
    pub common: CommonOptions,

    #[command(flatten)]
    pub config: ConfigOptions,
    #[command(flatten)]
    pub last_run: LastRunOptions,
    #[command(flatten)]
    pub report: ReportOptions,
    /// The last run's own flags, accepted so that a command line can be
    /// repeated with `report`: they must be the run's (`report` never
    /// builds); other ones are an error naming the run's.
    #[command(flatten, next_help_heading = "Selection of the last run")]
    pub selection: SelectionArgs,
}

#[derive(Debug, Args)]
pub(crate) struct CleanCommand {
    #[command(flatten)]
    pub common: CommonOptions,
}

/// Options of the commands that read the last run.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct LastRunOptions {
    /// Read the last run even when source files changed since it was
    /// built (they are named in a warning); without it, that is an error.
    #[arg(long)]
    pub allow_stale: bool,
}

/// Options of the commands that read `.config/mtcov.toml`.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct ConfigOptions {
    /// Use this profile of `.config/mtcov.toml` over its `default` one
    /// (flags override both).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,

    /// Print the settings this command would run with and where each
    /// comes from (a flag, the file's profile and line, or the default),
    /// then exit.
    #[arg(long)]
    pub show_config: bool,
}

/// Options every command takes.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct CommonOptions {
    /// Path to Cargo.toml.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,

    /// Coloring: auto, always, never (default: `CARGO_TERM_COLOR`, then `NO_COLOR`, then auto).
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorChoice>,

    /// Say what mtcov runs (-v); also make cargo verbose (-vv).
    #[arg(short, long, action = clap::ArgAction::Count, conflicts_with = "quiet")]
    pub verbose: u8,

    /// No status lines, notes or warnings (errors, failing tests and the
    /// report still show); cargo is quiet too.
    #[arg(short, long)]
    pub quiet: bool,
}

#[cfg(test)]
mod tests {
    use super::report::parse_fail_under;
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        CargoCli::command().debug_assert();
    }

    #[test]
    fn fail_under_single_value_applies_to_every_criterion() {
        let parsed = parse_fail_under("0.75").unwrap();
        assert_eq!(parsed, FailUnder::All(0.75));
        assert_eq!(parsed.limit(Criterion::Branch), Some(0.75));
    }

    #[test]
    fn fail_under_per_criterion() {
        let parsed = parse_fail_under("line=0.8, branch=0.6").unwrap();
        assert_eq!(
            parsed,
            FailUnder::PerCriterion(vec![(Criterion::Line, 0.8), (Criterion::Branch, 0.6)])
        );
        assert_eq!(parsed.limit(Criterion::Region), None);
    }

    #[test]
    fn fail_under_rejects_out_of_range_unknown_and_duplicate() {
        assert!(
            parse_fail_under("line=2")
                .unwrap_err()
                .contains("between 0 and 1")
        );
        assert!(
            parse_fail_under("-0.1")
                .unwrap_err()
                .contains("between 0 and 1")
        );
        assert!(
            parse_fail_under("NaN")
                .unwrap_err()
                .contains("between 0 and 1")
        );
        assert!(
            parse_fail_under("lines=0.5")
                .unwrap_err()
                .contains("unknown criterion `lines`")
        );
        assert!(
            parse_fail_under("line=0.5,line=0.6")
                .unwrap_err()
                .contains("twice")
        );
        assert!(
            parse_fail_under("line=0.5,0.6")
                .unwrap_err()
                .contains("no `=`")
        );
        assert!(
            parse_fail_under("eighty")
                .unwrap_err()
                .contains("not a number")
        );
    }

    fn parse(args: &[&str]) -> MtcovArgs {
        let CargoCli::Mtcov(args) = CargoCli::try_parse_from(args).unwrap();
        args
    }

    #[test]
    fn criteria_union_fail_under_and_branch() {
        let args = parse(&[
            "cargo",
            "mtcov",
            "--criterion",
            "function",
            "--fail-under",
            "region=0.5",
        ]);
        assert_eq!(
            args.report.criteria(args.build.branch),
            vec![Criterion::Region, Criterion::Function]
        );
        let args = parse(&["cargo", "mtcov", "--branch"]);
        assert_eq!(
            args.report.criteria(args.build.branch),
            vec![Criterion::Line, Criterion::Branch]
        );
    }

    #[test]
    fn json_flag_with_and_without_path_and_trailing_test_args() {
        let args = parse(&[
            "cargo",
            "mtcov",
            "--json",
            "-p",
            "a",
            "-p",
            "b",
            "--",
            "--nocapture",
        ]);
        assert_eq!(args.report.json, Some(None));
        assert_eq!(args.build.selection.package, ["a", "b"]);
        assert_eq!(args.test_args, ["--nocapture"]);
        let args = parse(&["cargo", "mtcov", "--json=out.json"]);
        assert_eq!(args.report.json, Some(Some(PathBuf::from("out.json"))));
    }

    #[test]
    fn output_flags_take_optional_paths_and_bring_the_line_criterion() {
        let args = parse(&[
            "cargo",
            "mtcov",
            "--criterion",
            "region",
            "--lcov",
            "--html=site",
            "--markdown",
        ]);
        assert_eq!(args.report.lcov, Some(None));
        assert_eq!(args.report.html, Some(Some(PathBuf::from("site"))));
        assert_eq!(args.report.markdown, Some(None));
        assert_eq!(
            args.report.criteria(false),
            vec![Criterion::Line, Criterion::Region]
        );
        let args = parse(&[
            "cargo",
            "mtcov",
            "report",
            "--criterion",
            "region",
            "--markdown=s.md",
        ]);
        let Some(MtcovCommand::Report(report)) = args.command else {
            panic!("expected the report subcommand");
        };
        assert_eq!(report.report.criteria(false), vec![Criterion::Region]);
    }

    #[test]
    fn k_must_be_positive() {
        assert!(CargoCli::try_parse_from(["cargo", "mtcov", "--k", "0"]).is_err());
    }

    #[test]
    fn report_subcommand_takes_report_options() {
        let args = parse(&["cargo", "mtcov", "report", "--k", "2", "--distinct", "mr"]);
        let Some(MtcovCommand::Report(report)) = args.command else {
            panic!("expected the report subcommand");
        };
        assert_eq!(report.report.k, 2);
        assert_eq!(report.report.distinct, Distinct::Mr);
    }
}

//! The flags of the stages' options: clap's side of [`BuildOptions`],
//! [`Selection`] and [`RunOptions`], and of the value enums the stages
//! share, so the stages themselves know nothing of the command line.

use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::build::{BuildOptions, Selection};
use crate::model::{ColorChoice, Criterion};
use crate::mutants::shard::Sharding;
use crate::run::{Partition, RunOptions, Split, parse_duration, parse_split};

/// What to build, as for `cargo test`.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct BuildArgs {
    #[command(flatten)]
    pub selection: SelectionArgs,

    /// Instrument branches too (needs a nightly toolchain; adds the branch criterion).
    #[arg(long)]
    pub branch: bool,
}

impl BuildArgs {
    pub(crate) fn options(&self) -> BuildOptions {
        BuildOptions {
            selection: self.selection.selection(),
            branch: self.branch,
        }
    }
}

/// Which packages, features and profile are built, as for `cargo test`.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct SelectionArgs {
    /// Package to test (repeatable).
    #[arg(short, long = "package", value_name = "SPEC")]
    pub package: Vec<String>,

    /// Test all packages in the workspace.
    #[arg(long)]
    pub workspace: bool,

    /// Space or comma separated list of features to activate.
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub features: Vec<String>,

    /// Activate all available features.
    #[arg(long)]
    pub all_features: bool,

    /// Do not activate the `default` feature.
    #[arg(long)]
    pub no_default_features: bool,

    /// Build in release mode.
    #[arg(short, long)]
    pub release: bool,
}

impl SelectionArgs {
    pub(crate) fn selection(&self) -> Selection {
        Selection {
            package: self.package.clone(),
            workspace: self.workspace,
            features: self.features.clone(),
            all_features: self.all_features,
            no_default_features: self.no_default_features,
            release: self.release,
        }
    }
}

/// How tests are run: `cargo mtcov` options.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct RunArgs {
    /// Test processes to run at once (default: the number of CPUs).
    #[arg(long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// Run each test binary as one process, its tests one at a time (slower;
    /// the way of earlier releases).
    #[arg(long)]
    pub serial: bool,

    /// Kill a test process still running after this long (its process group
    /// with it) and count its tests as failed: `90s`, `10m`, `1h`, `500ms`.
    /// A process that runs several tests (a binary without MRs, `--serial`)
    /// gets the same limit for all of them.
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = parse_duration)]
    pub test_timeout: Duration,

    /// Run one shard of the tests, `count:M/N` or `hash:M/N` (cargo-nextest's
    /// meaning); its records go to `<target-dir>/mtcov/shard-M-of-N` for
    /// `cargo mtcov merge`, and no report is printed.
    #[arg(long, value_name = "KIND:M/N")]
    pub partition: Option<Partition>,

    /// Run a long test's MGs in parts side by side, each part a process of
    /// the whole test, and merge their records: `auto` (a test that took
    /// more than its share of the last run, four MGs a part at least),
    /// `never`, or a number of parts for every test of a binary with MRs
    /// (at most `--jobs`).
    #[arg(long, value_name = "auto|never|N", default_value = "auto", value_parser = parse_split)]
    pub split: Split,

    /// Never split this test (a test that writes a fixed path or holds a
    /// global resource would race with its other parts): a test name, or
    /// a part of one, as libtest filters match. Repeatable.
    #[arg(long, value_name = "TEST")]
    pub no_split: Vec<String>,
}

impl RunArgs {
    pub(crate) fn options(&self) -> RunOptions {
        RunOptions {
            jobs: self.jobs,
            serial: self.serial,
            test_timeout: self.test_timeout,
            partition: self.partition,
            no_split: self.no_split.clone(),
        }
    }
}

impl ValueEnum for Criterion {
    fn value_variants<'a>() -> &'a [Self] {
        &Criterion::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Criterion::Line => "Each source line with code",
            Criterion::Region => "Each LLVM code region",
            Criterion::Branch => "Each branch outcome (true / false)",
            Criterion::Function => "Each function",
            Criterion::IChoice => "Each declared input choice",
            Criterion::IChoicePair => "Each valid pair of input choices of two categories",
            Criterion::IoCtf => "Each valid complete input-and-output test frame",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

impl ValueEnum for ColorChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &[ColorChoice::Auto, ColorChoice::Always, ColorChoice::Never]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            ColorChoice::Auto => "When stdout is a terminal",
            ColorChoice::Always => "Always",
            ColorChoice::Never => "Never",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

impl ValueEnum for Sharding {
    fn value_variants<'a>() -> &'a [Self] {
        &[Sharding::Slice, Sharding::RoundRobin]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Sharding::Slice => PossibleValue::new("slice").help(
                "Consecutive runs of mutants: shard `k` takes the `k`-th chunk of \
                 `ceil(total / n)` (cargo-mutants' default)",
            ),
            Sharding::RoundRobin => {
                PossibleValue::new("round-robin").help("Mutant `i` goes to shard `i % n`")
            }
        })
    }
}

//! How to compute and show the measure (`ReportOptions`), shared by
//! `cargo mtcov` and `cargo mtcov report`, and the `--fail-under` grammar.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::model::Criterion;

/// How to compute and show the measure; shared by `cargo mtcov` and `cargo mtcov report`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ReportOptions {
    /// The k of k-MR coverage: how many distinct relations each requirement's
    /// best source input should be checked by.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub k: u32,

    /// Criterion (repeatable or comma separated): code coverage (line,
    /// region, branch, function) or, from `categories!` declarations and
    /// without an instrumented build, i-choice, i-choice-pair, io-ctf.
    #[arg(
        long,
        value_enum,
        value_name = "CRITERION",
        value_delimiter = ',',
        default_value = "line"
    )]
    pub criterion: Vec<Criterion>,

    /// Count distinct relation classes (`class`) or distinct MRs (`mr`).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = Distinct::Class)]
    pub distinct: Distinct,

    /// Which source executions of an input count for a requirement:
    /// `relation` (default), only the MRs whose own source execution
    /// covered it; `input`, every MR of the input, as the paper defines it
    /// for one function under test (it overstates suites that test
    /// several functions over one input type; for comparison only).
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = SatisfactionArg::Relation)]
    pub satisfaction: SatisfactionArg,

    /// Only measure source files matching this path or glob (repeatable):
    /// a file, or a directory and all under it; `*` stays within one
    /// directory, `**` crosses them. Absolute or `./`-relative patterns are
    /// anchored there; other relative ones match at any depth by whole
    /// components (`src/lex.rs`, `parser/**/*.rs`). A pattern matching no
    /// file in scope is an error.
    #[arg(long, value_name = "PATH")]
    pub include: Vec<String>,

    /// Leave out source files matching this path or glob, as for
    /// `--include` (repeatable).
    #[arg(long, value_name = "PATH")]
    pub exclude: Vec<String>,

    /// Write the report as JSON, to PATH or (without `=PATH`) to stdout.
    #[arg(long, value_name = "PATH", num_args = 0..=1, require_equals = true)]
    pub json: Option<Option<PathBuf>>,

    /// Write the HTML report into DIR (default `<target-dir>/mtcov/html`).
    #[arg(long, value_name = "DIR", num_args = 0..=1, require_equals = true)]
    pub html: Option<Option<PathBuf>>,

    /// Open the HTML report in a browser (implies `--html`).
    #[arg(long)]
    pub open: bool,

    /// Write an LCOV tracefile to PATH (default `<target-dir>/mtcov/lcov.info`).
    #[arg(long, value_name = "PATH", num_args = 0..=1, require_equals = true)]
    pub lcov: Option<Option<PathBuf>>,

    /// Write Cobertura XML to PATH (default `<target-dir>/mtcov/cobertura.xml`).
    #[arg(long, value_name = "PATH", num_args = 0..=1, require_equals = true)]
    pub cobertura: Option<Option<PathBuf>>,

    /// Write Codecov's custom JSON to PATH (default `<target-dir>/mtcov/codecov.json`).
    #[arg(long, value_name = "PATH", num_args = 0..=1, require_equals = true)]
    pub codecov: Option<Option<PathBuf>>,

    /// Write a Markdown summary to PATH (e.g. `$GITHUB_STEP_SUMMARY`) or
    /// (without `=PATH`) to stdout instead of the text report.
    #[arg(long, value_name = "PATH", num_args = 0..=1, require_equals = true)]
    pub markdown: Option<Option<PathBuf>>,

    /// Gap groups printed per criterion in the text report (the rest are
    /// counted; the JSON and HTML reports hold them all); also the longest
    /// list of dead MRs, violations and failed tests printed.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub gaps: usize,

    /// Print the function table (per function: A_k, covered/requirements,
    /// the classes whose MRs run it from source inputs) in the text report.
    #[arg(long)]
    pub functions: bool,

    /// Fail (exit 3) below this fraction: one value for every criterion
    /// (`0.8`) or per criterion (`line=0.8,branch=0.6`).
    #[arg(long, value_name = "FRACTION", value_parser = parse_fail_under)]
    pub fail_under: Option<FailUnder>,

    /// Also measure the patch: every code criterion restricted to the
    /// lines the working tree adds or changes against this git revision
    /// (`git diff REF`, and every line of untracked Rust sources),
    /// reported beside the whole.
    #[arg(long, value_name = "REF")]
    pub diff: Option<String>,

    /// Fail (exit 3) when the patch's `A_k` is below this fraction (one
    /// value, or per criterion as for `--fail-under`); needs `--diff`.
    #[arg(long, value_name = "FRACTION", value_parser = parse_fail_under, requires = "diff")]
    pub fail_under_patch: Option<FailUnder>,
}

impl Default for ReportOptions {
    fn default() -> Self {
        Self {
            k: 3,
            criterion: vec![Criterion::Line],
            distinct: Distinct::Class,
            satisfaction: SatisfactionArg::Relation,
            include: Vec::new(),
            exclude: Vec::new(),
            json: None,
            html: None,
            open: false,
            lcov: None,
            cobertura: None,
            codecov: None,
            markdown: None,
            gaps: 10,
            functions: false,
            fail_under: None,
            diff: None,
            fail_under_patch: None,
        }
    }
}

impl ReportOptions {
    /// The criteria to measure: those asked for, those named by
    /// `--fail-under`, `branch` under `--branch`, and `line` for the
    /// line-based outputs (HTML, LCOV, Cobertura, Codecov); each once, in
    /// a fixed order.
    pub(crate) fn criteria(&self, branch: bool) -> Vec<Criterion> {
        let mut wanted = self.criterion.clone();
        if self.wants_lines() {
            wanted.push(Criterion::Line);
        }
        for limits in [&self.fail_under, &self.fail_under_patch] {
            if let Some(FailUnder::PerCriterion(limits)) = limits {
                wanted.extend(limits.iter().map(|(c, _)| *c));
            }
        }
        if branch {
            wanted.push(Criterion::Branch);
        }
        Criterion::ALL
            .into_iter()
            .filter(|c| wanted.contains(c))
            .collect()
    }
}

impl ReportOptions {
    /// What `|S_RO|` counts (`--distinct`).
    pub(crate) fn counting(&self) -> crate::measure::Counting {
        match self.distinct {
            Distinct::Class => crate::measure::Counting::Class,
            Distinct::Mr => crate::measure::Counting::Mr,
        }
    }

    /// Which source inputs satisfy a relation (`--satisfaction`).
    pub(crate) fn satisfaction(&self) -> crate::measure::Satisfaction {
        match self.satisfaction {
            SatisfactionArg::Relation => crate::measure::Satisfaction::Relation,
            SatisfactionArg::Input => crate::measure::Satisfaction::Input,
        }
    }

    /// Whether an output needs the per-line view.
    pub(crate) fn wants_lines(&self) -> bool {
        self.html.is_some()
            || self.open
            || self.lcov.is_some()
            || self.cobertura.is_some()
            || self.codecov.is_some()
    }
}

/// What `|S_RO(t)|` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Distinct {
    /// Distinct relation classes (output forms); the default of the measure.
    Class,
    /// Distinct metamorphic relations.
    Mr,
}

/// Which source executions count for a requirement (`--satisfaction`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SatisfactionArg {
    /// Only the MRs whose own source execution covered the requirement.
    Relation,
    /// Every MR associated with the input (the paper's one-SUT definition).
    Input,
}

/// The `--fail-under` thresholds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FailUnder {
    /// The same fraction for every measured criterion.
    All(f64),
    /// A fraction per named criterion; criteria not named are not checked.
    PerCriterion(Vec<(Criterion, f64)>),
}

impl FailUnder {
    /// The threshold for `criterion`, if any.
    pub(crate) fn limit(&self, criterion: Criterion) -> Option<f64> {
        match self {
            Self::All(limit) => Some(*limit),
            Self::PerCriterion(limits) => limits
                .iter()
                .find(|(c, _)| *c == criterion)
                .map(|(_, l)| *l),
        }
    }
}

/// Parses `0.8` or `line=0.8,branch=0.6`; the error is what clap prints
/// after "invalid value ... for `--fail-under <FRACTION>`".
pub(crate) fn parse_fail_under(text: &str) -> Result<FailUnder, String> {
    let text = text.trim();
    if !text.contains('=') {
        return parse_fraction(text).map(FailUnder::All);
    }
    let mut limits: Vec<(Criterion, f64)> = Vec::new();
    for part in text.split(',') {
        let Some((name, value)) = part.split_once('=') else {
            return Err(format!(
                "`{part}` has no `=`; write every part as CRITERION=FRACTION, e.g. `line=0.8,branch=0.6`"
            ));
        };
        let name = name.trim();
        let criterion: Criterion = name.parse()?;
        if limits.iter().any(|(c, _)| *c == criterion) {
            return Err(format!("criterion `{name}` is given twice"));
        }
        let limit = parse_fraction(value.trim()).map_err(|e| format!("{name}: {e}"))?;
        limits.push((criterion, limit));
    }
    Ok(FailUnder::PerCriterion(limits))
}

fn parse_fraction(text: &str) -> Result<f64, String> {
    let value: f64 = text.parse().map_err(|_| {
        format!("`{text}` is not a number; give a fraction between 0 and 1, e.g. 0.8")
    })?;
    if !(0.0..=1.0).contains(&value) {
        return Err(format!(
            "{text} is not a fraction between 0 and 1 (for 80% write 0.8)"
        ));
    }
    Ok(value)
}

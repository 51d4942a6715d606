//! The report: what the k-MR measure says about a test suite, per
//! criterion, and where to add tests. [`build`] turns measured data into a
//! [`Report`]; [`render_text`], [`render_json`], [`render_html`],
//! [`render_lcov`], [`render_cobertura`], [`render_codecov`] and
//! [`render_markdown`] turn it into text. No I/O here: user text is
//! escaped for each format by one module, `escape`.
//!
//! ```
//! use cargo_mtcov::measure::{Counting, Coverage, Outcome, PoolBuilder};
//! use cargo_mtcov::model::{Criterion, Location, SourceInfo};
//! use cargo_mtcov::report::{self, CriterionInput, ReportInput, TextOptions};
//! use mtcov_protocol::MrDescription;
//!
//! let mut pool = PoolBuilder::new();
//! let mr = pool.add_mr("equal", Some("Angle"));
//! let t = pool.add_input();
//! pool.record_mg(mr, &[t], Outcome::Holds)?;
//! let pool = pool.build();
//! let mut coverage = Coverage::new(1);
//! coverage.push(t, [0])?;
//! let locations = [Location::new("src/lib.rs", 3, 5, 3, 20)];
//! let mrs = [MrDescription { id: "mrs::periodic".into(), name: "periodic".into(),
//!     class: "equal".into(), file: "tests/mrs.rs".into(), line: 12, source_type: "Angle".into() }];
//! let sources = [SourceInfo { key: "8c3f0a9b12d4e5f6".into(), debug: "Angle(30.0)".into() }];
//! let report = report::build(ReportInput {
//!     k: 1, counting: Counting::Class, pool: &pool, mrs: &mrs, sources: &sources, functions: &[],
//!     tests_ran: &[],
//!     criteria: vec![CriterionInput { criterion: Criterion::Line, coverage: &coverage,
//!                                     locations: &locations, aside: &[], first_use: &[],
//!                                     aside_complete: true, runs: Err("not measured"),
//!                                     metamorphic: None,
//!                                     clean: None }],
//!     violations: vec![], satisfaction: Default::default(), unclassified: vec![],
//!     failed_tests: vec![], patch: None, suggestions: vec![], stopped_draws: vec![],
//!     captures: Default::default(),
//! })?;
//! assert!(report.criteria[0].summary.as_ref().unwrap().satisfied);
//! let text = report::render_text(&report, &TextOptions { color: false, limit: 10, functions: true });
//! assert!(text.contains("line"));
//! assert_eq!(report::render_json(&report)["schema"], "mtcov-report");
//! # Ok::<(), anyhow::Error>(())
//! ```

mod build;
mod callers;
mod candidates;
mod cobertura;
mod codecov;
pub(crate) use crate::escape;
mod advice;
mod functions;
mod gaps;
mod html;
mod json;
mod lcov;
mod lines;
mod markdown;
mod rows;
#[cfg(test)]
mod tests;
mod text;

use serde::Serialize;

use mtcov_protocol::MrDescription;

use crate::measure::{Counting, Coverage, InputIdx, MrIdx, Pool, Satisfaction, Summary};
use crate::model::{Criterion, Location, SourceFunction, SourceInfo, TestSpans, Violation};
pub use crate::model::{FailedTest, UnclassifiedOutput};
use crate::patch::ChangedLines;

pub use build::build;
pub use cobertura::render_cobertura;
pub use codecov::render_codecov;
pub(crate) use html::head as html_head;
pub use html::{HtmlSite, render_html};
pub use json::{JSON_SCHEMA_NAME, JSON_SCHEMA_VERSION, render_json, render_json_string};
pub use lcov::render_lcov;
pub use markdown::render_markdown;
pub use text::{TextOptions, render_text};

/// One criterion's requirements and coverage, for [`build`].
#[derive(Debug)]
pub struct CriterionInput<'a> {
    pub criterion: Criterion,
    /// `sat` over requirements `0..n`.
    pub coverage: &'a Coverage,
    /// Where requirement `i` is: `locations.len()` must equal `n`.
    pub locations: &'a [Location],
    /// Per requirement, how many times code outside source executions
    /// (follow-ups, checks) ran it; empty when not known.
    pub aside: &'a [u64],
    /// Per requirement, how many times the warm-up runs before measured
    /// executions ran it (code run only on first use); empty when not
    /// known.
    pub first_use: &'a [u64],
    /// Whether `aside` holds every test process's counts (a process that
    /// did not exit normally wrote none).
    pub aside_complete: bool,
    /// Per requirement, how many times the test processes ran it as their
    /// tests run without mtcov: each SUT execution once, test bodies,
    /// input generation and checks included; why not, when not known.
    pub runs: Result<&'a [u64], &'a str>,
    /// What source/follow-up pairs ran differently, per MR; `None` when
    /// not measured (black-box criteria).
    pub metamorphic: Option<MetamorphicInput<'a>>,
    /// `sat` without the source executions other threads ran during,
    /// when some were.
    pub clean: Option<&'a Coverage>,
}

/// Metamorphic Coverage of one criterion.
#[derive(Debug, Clone, Copy)]
pub struct MetamorphicInput<'a> {
    /// Per (first source input, MR) with follow-up coverage: the
    /// requirements one execution of a source/follow-up pair covered and
    /// the other did not. Per MR, its pairs are its entries.
    pub differing: &'a [(InputIdx, MrIdx, Vec<u32>)],
}

/// Everything [`build`] needs. `mrs` and `sources` are indexed like the
/// pool's MRs and inputs.
#[derive(Debug)]
pub struct ReportInput<'a> {
    pub k: u32,
    pub counting: Counting,
    pub pool: &'a Pool,
    pub mrs: &'a [MrDescription],
    pub sources: &'a [SourceInfo],
    /// The functions of the code under test, sorted by file and first
    /// line (the coverage mapping's); empty without code criteria.
    pub functions: &'a [SourceFunction],
    /// The plain unit tests (of binaries without MRs) and the code each
    /// one's process ran; empty when not known.
    pub tests_ran: &'a [TestSpans],
    pub criteria: Vec<CriterionInput<'a>>,
    pub violations: Vec<Violation>,
    /// Which source executions count for a requirement.
    pub satisfaction: Satisfaction,
    /// Source executions whose output could not be classified.
    pub unclassified: Vec<UnclassifiedOutput>,
    /// Tests that did not pass (any test, with or without MRs).
    pub failed_tests: Vec<FailedTest>,
    /// The changed lines of `--diff`, to measure the patch.
    pub patch: Option<&'a ChangedLines>,
    /// MR candidates from the `categories!` declarations (`suggest`), when
    /// io-ctf is measured.
    pub suggestions: Vec<crate::suggest::Suggestions>,
    /// Strategy checks that stopped drawing at a failure.
    pub stopped_draws: Vec<crate::model::StoppedDraws>,
    /// Measured source executions, and those other threads ran during.
    pub captures: Captures,
}

/// The patch (`--diff REF`): every code criterion restricted to the
/// requirements on lines the diff adds or changes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatchReport {
    /// The git revision the diff is against.
    pub base: String,
    /// Files with added or changed lines.
    pub files: u32,
    /// Added or changed lines in all.
    pub lines: u32,
    /// One per code criterion measured (black-box criteria have no lines).
    pub criteria: Vec<PatchCriterion>,
}

/// One criterion on the patch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatchCriterion {
    pub criterion: Criterion,
    /// `None` when no requirement of the criterion is on a changed line
    /// (`A_k` of the patch undefined).
    pub summary: Option<PatchSummary>,
    /// The patch's requirements with `K < 1`, in location order.
    pub gaps: Vec<PatchGap>,
}

/// `A_k` over the patch's requirements.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatchSummary {
    /// Requirements on changed lines.
    pub requirements: u32,
    /// Of them, covered by some source input.
    pub covered: u32,
    /// Of them, with `K = 1`.
    pub full: u32,
    pub a_k: f64,
    pub a_k_numerator: u64,
    pub a_k_denominator: u64,
}

/// A requirement on a changed line with `K < 1`, and what to do.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatchGap {
    pub location: Location,
    pub k: f64,
    /// The advice of its gap group.
    pub advice: String,
}

/// The whole report; serialised as is (inside the JSON envelope).
/// Field meanings: `docs/report-schema.md`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub k: u32,
    pub counting: Counting,
    pub satisfaction: Satisfaction,
    pub totals: Totals,
    pub criteria: Vec<CriterionReport>,
    /// Every relation class of the registered MRs, in registration order.
    pub classes: Vec<ClassEntry>,
    /// Registered MRs never associated with any source input.
    pub dead_mrs: Vec<MrDescription>,
    pub violations: Vec<Violation>,
    /// `S_RO` of every source input, in pool order.
    pub sources: Vec<SourceEntry>,
    /// The functions of the code under test, by file and line; gaps and
    /// function rows refer to them by index.
    pub functions: Vec<SourceFunction>,
    /// Source executions whose O-categories could not be classified.
    pub unclassified_outputs: Vec<UnclassifiedOutput>,
    /// Tests that failed, aborted or timed out, MR or not.
    pub failed_tests: Vec<FailedTest>,
    /// The patch, with `--diff`.
    pub patch: Option<PatchReport>,
    /// What MR to write next (see `docs/suggest.md`): one entry per
    /// declared type, when io-ctf is measured; empty otherwise.
    pub suggestions: Vec<crate::suggest::Suggestions>,
    /// Strategy checks that stopped drawing at their first violation: the
    /// report measures only the inputs they drew.
    pub stopped_draws: Vec<crate::model::StoppedDraws>,
    /// Measured source executions, and those other threads ran during.
    pub captures: Captures,
    /// The float checks (`relation::close` call sites per MR) and how their
    /// tolerances compare with what they saw: `cargo mtcov tolerance`.
    pub float_checks: Vec<FloatCheck>,
    /// Under `cargo mtcov --affected REF`: which tests reran and which
    /// kept their records from the last run.
    pub affected: Option<crate::run::base::AffectedSummary>,
}

/// One float check site of one MR: its tolerance against the largest
/// difference its comparisons saw on the run's code (the floor).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FloatCheck {
    pub mr: String,
    /// `file:line:column`.
    pub site: String,
    /// The tolerance, as Rust.
    pub given: String,
    /// `fits`, `weak` (at least 1000× the floor), `too_tight` (failed on
    /// the run's code) or `unlike` (a NaN against a number).
    pub verdict: String,
    /// The measure of the verdict: `absolute`, `relative` or `ulps`.
    pub measure: String,
    pub comparisons: u64,
    pub failed: u64,
    /// The largest difference seen, in that measure (`None`: infinite).
    pub floor: Option<f64>,
    /// The given bound in that measure.
    pub bound: Option<f64>,
    /// The bound over the floor (or one rounding step).
    pub ratio: Option<f64>,
    /// What `ratio` is over: `floor`, or `rounding_step` when every
    /// difference seen was below one rounding step.
    pub ratio_of: crate::tolerance::RatioOf,
    pub suggested: Option<String>,
    /// The suggested bound in that measure.
    pub suggested_bound: Option<f64>,
    /// `(e, n)`: `n` differences in `(10^(e-1), 10^e]`, in that measure.
    pub decades: Vec<(i16, u64)>,
}

impl FloatCheck {
    /// Whether the report flags it: weak, too tight, or NaN.
    pub fn flagged(&self) -> bool {
        self.verdict != "fits"
    }

    /// The heading of the flagged checks, with how many of each verdict:
    /// `Float checks to revise (1 weak, 1 too tight)`.
    pub fn heading(flagged: &[&FloatCheck]) -> String {
        let count = |verdict: &str| flagged.iter().filter(|c| c.verdict == verdict).count();
        let parts: Vec<String> = [
            ("weak", "weak"),
            ("too_tight", "too tight"),
            ("unlike", "NaN or infinity"),
        ]
        .into_iter()
        .filter(|&(key, _)| count(key) > 0)
        .map(|(key, label)| format!("{} {label}", count(key)))
        .collect();
        format!("Float checks to revise ({})", parts.join(", "))
    }

    /// One line for the text and Markdown reports.
    pub fn sentence(&self) -> String {
        let what = match (self.verdict.as_str(), self.ratio) {
            ("weak", Some(ratio)) => crate::tolerance::allows(ratio, self.ratio_of, &self.measure),
            ("too_tight", _) => format!(
                "failed on {} of {} comparisons",
                self.failed, self.comparisons
            ),
            ("unlike", _) => "compared a NaN or an infinity with a number".to_owned(),
            _ => "fits".to_owned(),
        };
        let suggested = self
            .suggested
            .as_ref()
            .map(|s| format!("; suggested {s}"))
            .unwrap_or_default();
        format!(
            "{} at {}: {} {what}{suggested}",
            self.mr, self.site, self.given
        )
    }
}

/// The report's rows of judged float checks.
pub(crate) fn float_checks(checks: &[crate::tolerance::Check]) -> Vec<FloatCheck> {
    checks
        .iter()
        .map(|c| {
            let m = c.measure_index();
            FloatCheck {
                mr: c.mr.clone(),
                site: c.site.clone(),
                given: c.given_text.clone(),
                verdict: c.verdict.key().to_owned(),
                measure: c.measure.to_owned(),
                comparisons: c.comparisons,
                failed: c.failed,
                floor: c.floor_value(),
                bound: c.given.bounds()[m],
                ratio: c.ratio,
                ratio_of: c.ratio_of,
                suggested: c.suggested_text.clone(),
                suggested_bound: c.suggested.and_then(|s| s.bounds()[m]),
                decades: c.observed.decades[m].clone(),
            }
        })
        .collect()
}

/// Sizes of the test suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub mrs: u32,
    pub classes: u32,
    pub source_inputs: u32,
    pub associations: u32,
    pub violations: u32,
}

/// A relation class: how many registered MRs have it and how many source
/// inputs were checked with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassEntry {
    pub name: String,
    pub mrs: u32,
    pub source_inputs: u32,
}

/// One criterion's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CriterionReport {
    pub criterion: Criterion,
    /// `None` when the criterion has no requirements (`A_k` undefined).
    pub summary: Option<Summary>,
    /// Per file, by path.
    pub files: Vec<FileRow>,
    /// Per function holding requirements, by file and line (code
    /// criteria).
    pub functions: Vec<FunctionRow>,
    /// Every group of requirements with `K < 1`, most valuable first.
    pub gaps: Vec<GapGroup>,
    /// `K(r)` of every requirement, in requirement order.
    pub requirements: Vec<RequirementK>,
    /// Metamorphic Coverage; `None` when not measured (black-box
    /// criteria, or no follow-up execution recorded).
    pub metamorphic_coverage: Option<MetamorphicCoverage>,
    /// The measure without the source executions another thread ran
    /// during; `None` when no execution was shared.
    pub without_shared: Option<WithoutShared>,
    /// The requirements only code run on first use in a process holds,
    /// which no input can cover; `None` when there are none.
    pub first_use_only: Option<FirstUseOnly>,
    /// Why the requirements have no execution counts, when they have none
    /// (the HTML report says it).
    #[serde(skip)]
    pub runs_unknown: Option<String>,
}

/// Requirements no input can cover: code that runs only on first use in
/// a test process (an initialiser, a cache fill), which every measured
/// execution finds already run. With them the k-MR criterion cannot hold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstUseOnly {
    /// How many requirements (the `first_use` gaps').
    pub requirements: u32,
    /// `A_k` over the requirements an input can cover (the others).
    pub a_k_coverable: f64,
    pub a_k_coverable_numerator: u64,
    pub a_k_coverable_denominator: u64,
}

impl FirstUseOnly {
    /// What it means, in the report's words: `criterion` measured at `k`.
    pub fn sentence(&self, criterion: Criterion, k: u32) -> String {
        let coverable = self.a_k_coverable_denominator / u64::from(k.max(1));
        format!(
            "{criterion}: {} {} only on first use in a test process, which no input can cover, \
             so the {k}-MR criterion cannot hold; A_{k} over the {coverable} {} an input can \
             cover: {:.1}% ({}/{})",
            self.requirements,
            if self.requirements == 1 {
                "requirement runs"
            } else {
                "requirements run"
            },
            if coverable == 1 {
                "requirement"
            } else {
                "requirements"
            },
            self.a_k_coverable * 100.0,
            self.a_k_coverable_numerator,
            self.a_k_coverable_denominator,
        )
    }
}

/// A criterion measured without the source executions another thread of
/// the process ran during (their counters may hold that thread's work):
/// a lower bound of `A_k`, which `--fail-under` gates on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WithoutShared {
    pub a_k: f64,
    pub a_k_numerator: u64,
    pub a_k_denominator: u64,
    pub covered: u32,
    /// The requirements whose `K` is higher with the shared executions:
    /// they owe it to them alone (at least in part).
    pub requirements: Vec<Location>,
}

/// How many measured source executions the run had, and how many of them
/// another thread (alive before the execution started) ran during.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Captures {
    pub measured: u64,
    pub shared: u64,
}

impl Captures {
    /// One sentence for every report format.
    pub fn sentence(&self) -> String {
        format!(
            "{} of {} source executions ran while another thread of the process ran too: its \
             work may be in their coverage, so A_k is also given without them",
            self.shared, self.measured
        )
    }
}

/// Metamorphic Coverage of one criterion: the requirements that one
/// execution of a source/follow-up pair covered and the other did not
/// (`docs/measure.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetamorphicCoverage {
    /// Requirements some pair ran differently.
    pub differing: u32,
    /// `differing / |E|`.
    pub value: f64,
    /// Per MR with recorded pairs, by id.
    pub mrs: Vec<MetamorphicMr>,
    /// Per relation class of those MRs, by name.
    pub classes: Vec<MetamorphicClass>,
    /// MRs with recorded pairs none of which ran differently: their
    /// follow-ups run exactly the code of their sources.
    pub never_differ: Vec<String>,
}

/// One MR's Metamorphic Coverage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetamorphicMr {
    pub mr: String,
    pub class: String,
    /// Source/follow-up pairs recorded.
    pub pairs: u32,
    pub differing: u32,
    pub value: f64,
}

/// One relation class's Metamorphic Coverage (the union over its MRs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetamorphicClass {
    pub class: String,
    pub differing: u32,
    pub value: f64,
}

/// One file's share of a criterion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FileRow {
    pub file: String,
    pub requirements: u32,
    pub covered: u32,
    /// `A_k` over this file's requirements.
    pub a_k: f64,
}

/// One function's share of a criterion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FunctionRow {
    /// Index into `Report::functions`.
    pub function: u32,
    pub name: String,
    pub file: String,
    /// Its first line.
    pub line: u32,
    pub requirements: u32,
    pub covered: u32,
    /// `A_k` over this function's requirements.
    pub a_k: f64,
    /// The MRs whose source executions run it, by id.
    pub mrs: Vec<String>,
    /// Their relation classes.
    pub classes: Vec<String>,
}

/// Why a group's requirements have `K < 1`: what to do about them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GapCause {
    /// No execution ran its public function: write an MR whose SUT calls it.
    NotCalled,
    /// No execution ran its private function: its callers never called it.
    NeverRan,
    /// Only follow-up executions or checks ran its function.
    FollowUpsOnly,
    /// Source inputs run its function (or, outside every function, nothing
    /// says otherwise), but none reaches these lines.
    UnreachedLines,
    /// A source input covers it, checked by too few classes (or MRs).
    TooFewRelations,
    /// Only the warm-up runs ran it: code run only on first use.
    FirstUse,
    /// A black-box requirement (a choice, pair or frame).
    BlackBox,
}

impl GapCause {
    /// Its name in the JSON report and the HTML.
    pub fn name(self) -> &'static str {
        match self {
            Self::NotCalled => "not_called",
            Self::NeverRan => "never_ran",
            Self::FollowUpsOnly => "follow_ups_only",
            Self::UnreachedLines => "unreached_lines",
            Self::TooFewRelations => "too_few_relations",
            Self::FirstUse => "first_use",
            Self::BlackBox => "black_box",
        }
    }
}

/// A branch condition as written, its line, and the lines of a gap group
/// it decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Condition {
    pub line: u32,
    pub text: String,
    /// The group's lines whose running it decides, as inclusive ranges.
    pub lines: Vec<(u32, u32)>,
}

/// Whether a gap needs a new source input or more relations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GapKind {
    /// No source input covers these requirements.
    Uncovered,
    /// Covered, but the best input has fewer than k classes (or MRs).
    Thin,
}

/// The requirements of one function (or adjacent ones outside every
/// function) with `K < 1` and one cause, reported together. See
/// `docs/report-schema.md` for the grouping and the ranking.
///
/// What only one cause knows is in [`Cause`]; the JSON report lists every
/// field flat (see [`GapGroupJson`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GapGroup {
    /// 1-based position in the ranking.
    pub rank: u32,
    pub kind: GapKind,
    /// Why, with the facts of that cause.
    pub cause: Cause,
    /// Index into `Report::functions` of the function holding it.
    pub function: Option<u32>,
    /// That function's name.
    pub function_name: Option<String>,
    /// Its lines, as sorted inclusive ranges.
    pub lines: Vec<(u32, u32)>,
    /// From the start of the first requirement to the end of the last;
    /// `label` is the first requirement's.
    pub span: Location,
    pub requirements: u32,
    /// `sum of (1 - K(r))`: how much `A_k * |E|` would rise if closed.
    pub gain: f64,
    /// `gain / |E|`: how much `A_k` would rise if closed, which takes
    /// `relations_needed` more relation classes (or MRs).
    pub a_k_gain: f64,
    /// How many more classes (or MRs) the group's best input needs for
    /// `K = 1` everywhere in it (`k` for an uncovered group).
    pub relations_needed: u32,
    /// How much `A_k` rises per class (or MR) added: `requirements / (k |E|)`.
    pub a_k_gain_per_relation: f64,
    /// For an uncovered group: how many times code outside source
    /// executions (follow-up executions, checks) ran its most-run
    /// requirement; 0 when nothing ran it.
    pub aside_executions: u64,
    /// The type whose boilerplate trait impl (`Clone`, `Debug`, `Display`,
    /// ...) holds the group: such groups rank after the crate's own
    /// logic and are told as one line per type.
    pub boilerplate: Option<String>,
    /// The best covering input, for `thin` gaps.
    pub closest: Option<ClosestInput>,
    /// What to do, in one sentence.
    pub advice: String,
    /// Its requirements (indices into the criterion's requirements).
    pub members: Vec<u32>,
}

/// Why a group's requirements have `K < 1`, with what is known of that
/// cause alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Cause {
    /// No execution ran its public function.
    NotCalled {
        unit_tests: UnitTests,
        /// An MR skeleton whose SUT calls its function.
        skeleton: Option<String>,
    },
    /// No execution ran its private function.
    NeverRan {
        /// The functions whose calls resolve to it and that ran.
        callers: Vec<String>,
        unit_tests: UnitTests,
    },
    /// Only follow-up executions or checks ran its function.
    FollowUpsOnly {
        /// The MRs whose follow-up executions ran it.
        mrs: Vec<String>,
    },
    /// Source inputs run its function, but none reaches these lines.
    UnreachedLines {
        /// The branch condition that decides every one of its lines,
        /// when one does.
        condition: Option<Condition>,
        /// Per run of its lines, the innermost condition whose branches
        /// hold them (lines none decides are in none).
        conditions: Vec<Condition>,
    },
    /// A source input covers it, checked by too few classes (or MRs).
    TooFewRelations {
        /// The relation classes whose MRs run its function on source
        /// inputs, and the other classes of the suite.
        classes_running: Vec<String>,
        classes_not_running: Vec<String>,
    },
    /// Only the warm-up runs ran it: code run only on first use in a
    /// process (an initialiser, a cache fill), which no input is credited
    /// with.
    FirstUse,
    /// A black-box requirement (a choice, pair or frame).
    BlackBox,
}

/// The plain unit tests whose process ran a function (at most five), and
/// how many there are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitTests {
    pub names: Vec<String>,
    pub total: u32,
}

impl Cause {
    /// The cause without its facts, as a group is formed.
    pub fn empty(kind: GapCause) -> Self {
        match kind {
            GapCause::NotCalled => Self::NotCalled {
                unit_tests: UnitTests::default(),
                skeleton: None,
            },
            GapCause::NeverRan => Self::NeverRan {
                callers: Vec::new(),
                unit_tests: UnitTests::default(),
            },
            GapCause::FollowUpsOnly => Self::FollowUpsOnly { mrs: Vec::new() },
            GapCause::UnreachedLines => Self::UnreachedLines {
                condition: None,
                conditions: Vec::new(),
            },
            GapCause::TooFewRelations => Self::TooFewRelations {
                classes_running: Vec::new(),
                classes_not_running: Vec::new(),
            },
            GapCause::FirstUse => Self::FirstUse,
            GapCause::BlackBox => Self::BlackBox,
        }
    }

    /// Which cause it is.
    pub fn kind(&self) -> GapCause {
        match self {
            Self::NotCalled { .. } => GapCause::NotCalled,
            Self::NeverRan { .. } => GapCause::NeverRan,
            Self::FollowUpsOnly { .. } => GapCause::FollowUpsOnly,
            Self::UnreachedLines { .. } => GapCause::UnreachedLines,
            Self::TooFewRelations { .. } => GapCause::TooFewRelations,
            Self::FirstUse => GapCause::FirstUse,
            Self::BlackBox => GapCause::BlackBox,
        }
    }

    /// The unit tests that run the function, for the causes that say.
    pub fn unit_tests(&self) -> Option<&UnitTests> {
        match self {
            Self::NotCalled { unit_tests, .. } | Self::NeverRan { unit_tests, .. } => {
                Some(unit_tests)
            }
            _ => None,
        }
    }

    /// The MR skeleton of a `not_called` group.
    pub fn skeleton(&self) -> Option<&str> {
        match self {
            Self::NotCalled { skeleton, .. } => skeleton.as_deref(),
            _ => None,
        }
    }
}

/// A gap group as the JSON report lists it: every cause's fields flat,
/// empty where another cause holds the group (the schema of
/// `docs/report-schema.md`).
#[derive(Serialize)]
struct GapGroupJson<'a> {
    rank: u32,
    kind: GapKind,
    cause: GapCause,
    function: Option<u32>,
    function_name: Option<&'a str>,
    lines: &'a [(u32, u32)],
    span: &'a Location,
    requirements: u32,
    gain: f64,
    a_k_gain: f64,
    relations_needed: u32,
    a_k_gain_per_relation: f64,
    aside_executions: u64,
    first_use_only: bool,
    follow_up_mrs: &'a [String],
    callers: &'a [String],
    unit_tests: &'a [String],
    unit_tests_total: u32,
    boilerplate: Option<&'a str>,
    condition: Option<&'a Condition>,
    conditions: &'a [Condition],
    classes_running: &'a [String],
    classes_not_running: &'a [String],
    skeleton: Option<&'a str>,
    closest: Option<&'a ClosestInput>,
    advice: &'a str,
}

impl Serialize for GapGroup {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let none: &[String] = &[];
        let (mut follow_up_mrs, mut callers) = (none, none);
        let (mut classes_running, mut classes_not_running) = (none, none);
        let (mut condition, mut conditions) = (None, &[][..]);
        match &self.cause {
            Cause::FollowUpsOnly { mrs } => follow_up_mrs = mrs,
            Cause::NeverRan { callers: c, .. } => callers = c,
            Cause::UnreachedLines {
                condition: one,
                conditions: all,
            } => (condition, conditions) = (one.as_ref(), all),
            Cause::TooFewRelations {
                classes_running: running,
                classes_not_running: not,
            } => (classes_running, classes_not_running) = (running, not),
            _ => {}
        }
        let unit_tests = self.cause.unit_tests();
        GapGroupJson {
            rank: self.rank,
            kind: self.kind,
            cause: self.cause.kind(),
            function: self.function,
            function_name: self.function_name.as_deref(),
            lines: &self.lines,
            span: &self.span,
            requirements: self.requirements,
            gain: self.gain,
            a_k_gain: self.a_k_gain,
            relations_needed: self.relations_needed,
            a_k_gain_per_relation: self.a_k_gain_per_relation,
            aside_executions: self.aside_executions,
            first_use_only: self.first_use_only(),
            follow_up_mrs,
            callers,
            unit_tests: unit_tests.map_or(none, |t| &t.names),
            unit_tests_total: unit_tests.map_or(0, |t| t.total),
            boilerplate: self.boilerplate.as_deref(),
            condition,
            conditions,
            classes_running,
            classes_not_running,
            skeleton: self.cause.skeleton(),
            closest: self.closest.as_ref(),
            advice: &self.advice,
        }
        .serialize(serializer)
    }
}

impl GapGroup {
    /// Code run only on first use in a process, which no input can cover.
    pub fn first_use_only(&self) -> bool {
        self.cause == Cause::FirstUse
    }

    /// The gain in words: "up to +44.6% with 3 more relation classes
    /// (+14.9% per class)".
    pub fn gain_words(&self, counting: Counting) -> String {
        if self.first_use_only() {
            return format!(
                "{} of A_k out of reach of every input",
                text::pct(self.a_k_gain)
            );
        }
        let (one, many) = match counting {
            Counting::Class => ("class", "relation classes"),
            Counting::Mr => ("MR", "MRs"),
        };
        let how = match self.kind {
            GapKind::Uncovered if self.cause.kind() == GapCause::NotCalled => format!(
                "with MRs of {} {many} whose SUT calls it",
                self.relations_needed
            ),
            GapKind::Uncovered => format!(
                "with a source input that reaches it, checked by {} {many}",
                self.relations_needed
            ),
            GapKind::Thin => format!("with {} more {many}", self.relations_needed),
        };
        if self.relations_needed <= 1 {
            return format!(
                "up to +{} {}",
                text::pct(self.a_k_gain),
                how.replace(
                    many,
                    match counting {
                        Counting::Class => "relation class",
                        Counting::Mr => "MR",
                    }
                )
            );
        }
        format!(
            "up to +{} {how} (+{} per {one})",
            text::pct(self.a_k_gain),
            text::pct(self.a_k_gain_per_relation)
        )
    }
}

/// The source input that comes closest to `K = 1` on a gap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClosestInput {
    /// Index into `Report::sources`.
    pub input: u32,
    pub debug: String,
    /// How many of its relation classes (or MRs) count for the group's
    /// first requirement: those whose own source execution of it covered
    /// the requirement.
    pub s_ro: u32,
    /// Those relation classes.
    pub classes: Vec<String>,
    /// More distinct classes (or MRs) needed to reach k.
    pub needs: u32,
    /// Registered MRs that would raise its count if run on it: applicable,
    /// not yet paired with it, of a class it lacks here, and (for code
    /// criteria) whose source executions reach the group's code. One per
    /// missing class first, at most `CANDIDATE_LIMIT`.
    pub candidate_mrs: Vec<MrDescription>,
    /// How many such MRs there are in all.
    pub candidate_mrs_total: u32,
}

/// `K(r)` of one requirement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RequirementK {
    pub location: Location,
    pub k: f64,
    /// `|S_RO|` of the best covering input (0 when uncovered).
    pub s_ro: u32,
    /// Index into `Report::sources` of that input; `None` when uncovered.
    pub closest: Option<u32>,
    /// How many distinct source inputs cover it (`|sat(r)|`).
    pub inputs: u32,
    /// How many times the test processes ran it, as their tests run
    /// without mtcov ([`CriterionInput::runs`]); `None` when not known.
    /// Shown by the HTML report only.
    #[serde(skip)]
    pub runs: Option<u64>,
}

/// `S_RO` of one source input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceEntry {
    pub key: String,
    pub debug: String,
    /// `|S_RO|` under the report's counting.
    pub s_ro: u32,
    pub classes: Vec<String>,
    /// Ids of the MRs it is associated with.
    pub mrs: Vec<String>,
}

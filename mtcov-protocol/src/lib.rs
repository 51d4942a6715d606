//! The contract between `mt-runtime`, which test processes link, and
//! `cargo mtcov`, which reads what they recorded: the environment variables
//! that turn recording on, the record schema and its version, and the
//! record types. The format is specified in `docs/record-schema.md` of the
//! mtcov repository.
//!
//! Both sides depend on this crate, so a field cannot be renamed on one
//! side only: [`write`] produces exactly what [`read`] (feature `read`)
//! parses, and the round-trip tests here hold the two together.
//!
//! ```
//! use mtcov_protocol::{Outcome, SCHEMA_VERSION, write};
//!
//! let mut line = String::new();
//! write::source(&mut line, 0x8c3f_0a9b_12d4_e5f6, "Angle(30.0)");
//! assert!(line.starts_with(&format!("{{\"v\":{SCHEMA_VERSION},\"kind\":\"source\"")));
//! assert!(Outcome::Holds.associates());
//! ```

pub mod categories;
#[cfg(feature = "tsl")]
pub mod condition;
pub mod counters;
pub mod fnv;
#[cfg(feature = "read")]
pub mod read;
pub mod selection;
pub mod splitmix;
pub mod write;

/// Version of the record format; bumped on any incompatible change. Every
/// line carries it; a reader that meets another version stops.
pub const SCHEMA_VERSION: u32 = 7;

/// The environment variable that turns recording on: the directory where
/// each test process writes its record file.
pub const RECORD_DIR_ENV: &str = "MTCOV_RECORD_DIR";

/// The environment variable that makes strategy checks log or replay their
/// drawn cases, for `cargo mtcov mutants`: `record=<dir>` (the baseline:
/// run as usual and write each check's drawn case seeds under `<dir>`) or
/// `replay=<dir>` (a mutant: run exactly the seeds recorded for each check,
/// every one even after a failure, without shrinking and without writing
/// regression or corpus files).
pub const CASES_ENV: &str = "MTCOV_CASES";

/// The environment variable that makes test processes run only some
/// metamorphic groups: the path of a [`selection`] file (`cargo mtcov
/// reduce` writes one). Every other group is not run and not recorded.
pub const SELECT_ENV: &str = "MTCOV_SELECT";

/// The environment variable that makes a test process run one part of its
/// metamorphic groups, `P/N` ([`selection::part`]): the groups it meets
/// are numbered from 0 in the order it meets them, and it runs those whose
/// number is `P` modulo `N`. `cargo mtcov` runs a long test's parts side
/// by side, each a process of the whole test, and merges their records
/// into the file one process would have written.
pub const SPLIT_ENV: &str = "MTCOV_SPLIT";

/// The environment variable `cargo mtcov` sets to `libtest` for a test
/// process whose binary has libtest's harness: its main thread then runs
/// only the harness (waiting for the test's thread, and after 60 seconds
/// printing that the test runs long), never code under test, so the
/// runtime leaves it out of the threads that can share a capture.
pub const HARNESS_ENV: &str = "MTCOV_HARNESS";

/// The packages of mtcov itself: never instrumented, never measured, never
/// part of a user's system under test.
pub const OWN_PACKAGES: [&str; 3] = ["mt-runtime", "mt-macros", "mtcov-protocol"];

/// Whether `name` (a package name, or its crate name with `_`) is one of
/// [`OWN_PACKAGES`].
pub fn is_own_package(name: &str) -> bool {
    OWN_PACKAGES
        .iter()
        .any(|own| *own == name || own.replace('-', "_") == name)
}

/// The verdict of one metamorphic group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "read", derive(serde::Deserialize))]
#[cfg_attr(feature = "read", serde(rename_all = "lowercase"))]
pub enum Outcome {
    /// Every check of the output relation held.
    Holds,
    /// A check failed.
    Violated,
    /// The MR does not apply to this source input (or no check ran).
    Skipped,
    /// The MG panicked.
    Panicked,
}

impl Outcome {
    /// The name written in records and reports.
    pub fn label(self) -> &'static str {
        match self {
            Self::Holds => "holds",
            Self::Violated => "violated",
            Self::Skipped => "skipped",
            Self::Panicked => "panicked",
        }
    }

    /// Whether the MG's outputs were checked, which is what associates its
    /// source inputs with the MR.
    pub fn associates(self) -> bool {
        matches!(self, Self::Holds | Self::Violated)
    }
}

/// A registered metamorphic relation, as the record header lists it and
/// as reports name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "read", derive(serde::Deserialize, serde::Serialize))]
pub struct MrDescription {
    /// Unique in a workspace: `crate::module::function`.
    pub id: String,
    /// Display name: `name = ".."`, or the function name.
    pub name: String,
    /// Relation class: `output = ".."`, or the id (its own class).
    pub class: String,
    /// File of the `#[metamorphic]` attribute, as `file!()` gives it.
    pub file: String,
    /// Line of the attribute.
    pub line: u32,
    /// The source input type as written in the MR's signature.
    pub source_type: String,
}

/// One entry of the profiler's function table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionEntry {
    /// MD5 of the function's PGO name (LLVM's NameRef).
    pub name_ref: u64,
    /// Structural hash of the function's coverage mapping.
    pub func_hash: u64,
    /// Index of its first counter in the process-wide counter array.
    pub first_counter: u64,
    /// Its number of counters.
    pub num_counters: u64,
}

/// What the header says of the process's coverage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverageLayout {
    /// Not instrumented (not built by `cargo mtcov`).
    Off,
    /// Instrumented, but the runtime could not read the profiler's data:
    /// coverage is unknown, never to be read as empty.
    Unsupported(String),
    /// Counters are captured per source input, laid out as `functions` says.
    Captured {
        /// LLVM raw profile version.
        profile_version: u64,
        /// Length of the process-wide counter array.
        num_counters: u64,
        /// The function table.
        functions: Vec<FunctionEntry>,
    },
}

/// The first line of every record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// `mt-runtime`'s version.
    pub runtime: String,
    /// Absolute path of the test executable.
    pub binary: String,
    /// Process id.
    pub pid: u64,
    /// Every MR linked into the binary, whether or not a test runs it.
    pub registry: Vec<MrDescription>,
    /// Coverage layout of the process.
    pub coverage: CoverageLayout,
    /// Every `categories!` declaration linked into the binary.
    pub categories: Vec<categories::Declaration>,
    /// The test and attempt the process ran for, when its runner retries
    /// tests (cargo-nextest's `NEXTEST_TEST_NAME` / `NEXTEST_ATTEMPT`);
    /// only the last attempt of a test counts.
    pub attempt: Option<Attempt>,
}

/// One attempt of a test that a runner may retry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "read", derive(serde::Deserialize))]
pub struct Attempt {
    /// The test's name.
    pub test: String,
    /// 1 for the first attempt.
    pub number: u32,
}

/// A metamorphic group that ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MgRecord {
    /// The MR's id.
    pub mr: String,
    /// The MR's relation class.
    pub class: String,
    /// Its source inputs, as a set in first-use order.
    pub sources: Vec<u64>,
    /// The MR's argument, on MGs that associate nothing.
    pub argument: Option<u64>,
    /// Number of follow-up executions.
    pub follow_ups: u64,
    /// Verdict.
    pub outcome: Outcome,
    /// Violation message, skip reason or panic payload.
    pub message: Option<String>,
    /// The libtest test (thread) name.
    pub test: Option<String>,
    /// Its share of its process's sums (see [`write::MgShares`]), when
    /// coverage was captured by a runtime that writes it.
    pub shares: Option<Box<GroupShares>>,
}

/// One MG's share of its process's sums, as read (see
/// [`write::MgShares`] for each field).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupShares {
    /// (index of the source input, fingerprint, shared) per measured
    /// source execution, in order.
    pub runs: Vec<(u32, u64, bool)>,
    /// The fingerprint of its `followcov` line.
    pub follow: Option<u64>,
    /// What else it ran outside its source executions.
    pub aside: Vec<(u32, u64)>,
    /// Its warm-up runs' counters, as changes from its measured ones.
    pub first_use: Vec<(u32, u64)>,
}

/// The three measures of a difference between two floats, in this order
/// wherever a record holds one value per measure: absolute `|a - b|`,
/// relative `|a - b| / max(|a|, |b|)`, and ULPs (representable values
/// between them).
pub const MEASURES: [&str; 3] = ["absolute", "relative", "ulps"];

/// The tolerance a `close` comparison was given: each criterion that
/// accepts, `None` where it has none (all `None`: exact equality).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "read", derive(serde::Deserialize, serde::Serialize))]
pub struct GivenTolerance {
    /// `|a - b| <= abs`.
    pub abs: Option<f64>,
    /// `|a - b| <= rel * max(|a|, |b|)`.
    pub rel: Option<f64>,
    /// At most `ulps` representable values apart.
    pub ulps: Option<u64>,
}

impl GivenTolerance {
    /// The tolerance as a bound per measure (in [`MEASURES`] order).
    pub fn bounds(&self) -> [Option<f64>; 3] {
        [self.abs, self.rel, self.ulps.map(|n| n as f64)]
    }

    /// This tolerance with the bound of `measure` (in [`MEASURES`] order)
    /// set to `bound` (ULPs rounded up to a whole number).
    pub fn with_bound(mut self, measure: usize, bound: f64) -> GivenTolerance {
        match measure {
            0 => self.abs = Some(bound),
            1 => self.rel = Some(bound),
            _ => self.ulps = Some(bound.ceil() as u64),
        }
        self
    }
}

/// What the float comparisons (`relation::close`, `close_all`) of one check
/// site of one MR saw in one process: a `tolerance` line, written at exit.
/// Differences are per measure ([`MEASURES`]); an infinite one is a NaN
/// against a number, or an infinity against a finite value.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckSite {
    /// The MR's id.
    pub mr: String,
    /// The comparison's call site.
    pub file: String,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// 32 or 64: the floats compared.
    pub bits: u32,
    /// The tolerance of the site's first comparison.
    pub given: GivenTolerance,
    /// Whether a later comparison at the site was given another tolerance.
    pub varies: bool,
    /// Comparisons made.
    pub calls: u64,
    /// Comparisons that did not hold.
    pub failed: u64,
    /// Comparisons of two equal values (or two NaNs).
    pub exact: u64,
    /// The largest magnitude compared.
    pub scale: f64,
    /// The largest difference seen, per measure.
    pub largest: [f64; 3],
    /// Of the MG that saw each largest difference, its first source key
    /// (`None`: that MG ran no source execution).
    pub at: [Option<u64>; 3],
    /// The largest difference seen in a comparison that held, per measure.
    pub held: [f64; 3],
    /// Per measure, how many non-zero differences fell in each decade:
    /// `(e, n)`, `n` differences `d` with `10^(e-1) < d <= 10^e`, sorted
    /// by `e` (infinite ones at `e` = [`INFINITE_DECADE`]).
    pub decades: [Vec<(i16, u64)>; 3],
}

/// The decade of an infinite difference in [`CheckSite::decades`].
pub const INFINITE_DECADE: i16 = 400;

/// Differences are never NaN (an infinite difference stands for a NaN
/// compared with a number), so equality is reflexive.
impl Eq for CheckSite {}

/// The decade `e` of a difference `d > 0`: `10^(e-1) < d <= 10^e`.
pub fn decade(d: f64) -> i16 {
    if !d.is_finite() {
        return INFINITE_DECADE;
    }
    let mut e = d.log10().ceil() as i32;
    // log10 can miss by one next to a power of ten.
    if d <= 10f64.powi(e - 1) {
        e -= 1;
    } else if d > 10f64.powi(e) {
        e += 1;
    }
    e.clamp(-400, 399) as i16
}

/// The counter vector of a `cov` or `followcov` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counters {
    /// Written in full: the non-zero counters, sorted by index.
    Full(Vec<(u32, u64)>),
    /// Written as the changes ([`counters::delta`]) from the vector written
    /// in full earlier in the same file with source key `base_key` and
    /// fingerprint `base_fingerprint` (any MR's, `cov` or `followcov`).
    Changes {
        /// The base vector's source key.
        base_key: u64,
        /// The base vector's fingerprint.
        base_fingerprint: u64,
        /// Per index whose value differs from the base's, the new value
        /// (0: none), sorted.
        changes: Vec<(u32, u64)>,
    },
    /// Not written: those of the earlier line of the same source key and
    /// fingerprint in the same file.
    Earlier,
}

/// One parsed line of a record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// The first line: process, registry, coverage layout.
    Header(Header),
    /// A distinct source input: key and `Debug` text.
    Source {
        /// Source key.
        key: u64,
        /// `Debug` text, truncated.
        debug: String,
    },
    /// A metamorphic group.
    Mg(MgRecord),
    /// The counters one execution of a source input by one MR left
    /// non-zero, as (global counter index, value).
    Cov {
        /// Source key.
        key: u64,
        /// The id of the MR whose source execution this was.
        mr: String,
        /// Fingerprint of the counter vector ([`write::fingerprint`]): an
        /// execution whose counters equal an earlier one's of the same
        /// source input in the same file is written without them, by this
        /// fingerprint; a vector written as changes is checked against it.
        fingerprint: u64,
        /// The counters.
        counters: Counters,
        /// Another thread of the process ran during the execution: the
        /// counters may hold its work.
        shared: bool,
    },
    /// The counters the follow-up executions of one MG left non-zero,
    /// summed over them: the follow-up side of Metamorphic Coverage. The
    /// MG is named by its MR and its first source input; one line per
    /// distinct (source key, MR, counters). A line without counters refers,
    /// like a `cov` line, to the earlier `cov` or `followcov` line of this
    /// source key and fingerprint in the same file.
    FollowCov {
        /// The MG's first source key.
        key: u64,
        /// The MG's MR.
        mr: String,
        /// Fingerprint of the counter vector.
        fingerprint: u64,
        /// The counters.
        counters: Counters,
    },
    /// The counters the process's MGs left outside their source executions
    /// (follow-up executions, building follow-up inputs, checks), summed
    /// over the MGs; written once, at exit, before the `end` line.
    Aside {
        /// Non-zero counters.
        counters: Vec<(u32, u64)>,
        /// What the warm-up runs before measured executions ran (code that
        /// runs only on first use: initialisers, cache fills), summed;
        /// never any input's coverage.
        first_use: Vec<(u32, u64)>,
        /// Measured source executions, and how many another thread ran
        /// during.
        captures: (u64, u64),
        /// What ran outside every MG (test bodies, input generation,
        /// code other threads ran between MGs), summed; added within
        /// version 7 (empty when absent). `cargo mtcov --affected` reads
        /// it to tell which tests a change can reach.
        outside: Vec<(u32, u64)>,
    },
    /// The frame of a follow-up input of a declared type, made by an MR
    /// from a source input.
    FollowUp {
        /// The MG's (first) source input.
        source: u64,
        /// The MR.
        mr: String,
        /// The declaration's source type.
        source_type: String,
        /// The declaration's function, for one declared per function.
        function: Option<String>,
        /// One entry per category (`None`: an O-category not classified).
        choices: Vec<Option<u16>>,
    },
    /// A strategy check (`check_strategy`) that stopped drawing at its
    /// first failing case, before its planned number of cases: what the
    /// report measures of it is only what was drawn.
    Draws {
        /// The check's call site, `file:line`.
        site: String,
        /// The test that ran it (the thread name), when known.
        test: Option<String>,
        /// The cases it was to draw.
        planned: u64,
        /// The cases it drew, the failing one included.
        drawn: u64,
    },
    /// The smallest input shrinking found that fails an MR as a generated
    /// source input did.
    Minimal {
        /// The generated (original) source input's key.
        key: u64,
        /// The MR.
        mr: String,
        /// `Debug` of the minimal input.
        debug: String,
        /// Shrink steps tried.
        shrink_steps: u32,
    },
    /// What the float comparisons of one check site of one MR saw in
    /// the process; written at exit, before the `aside` line.
    Tolerance(CheckSite),
    /// A source execution of a declared input type whose output is not of
    /// the declared output type: its O-choices are not known.
    Unclassified {
        /// Source key.
        key: u64,
        /// The MR whose source execution it was.
        mr: String,
        /// `std::any::type_name` of what the SUT returned.
        returned: String,
    },
    /// The choices one source input was classified into.
    Choices {
        /// Source key.
        key: u64,
        /// The MR whose source execution's output gave the O-choices;
        /// `None` on a record of I-choices only.
        mr: Option<String>,
        /// The declaration's source type.
        source_type: String,
        /// The declaration's function, for one declared per function (its
        /// records always name the MR: its I-choices count only for the
        /// MRs that run that function).
        function: Option<String>,
        /// One entry per category of the declaration, in its order
        /// (`None`: an O-category not classified by this record); or why
        /// the input could not be classified.
        choices: Result<Vec<Option<u16>>, String>,
    },
    /// The last line of a process that exited normally: how many lines
    /// came before it. A file without it, or whose count differs, lost
    /// records.
    End {
        /// Lines before this one, header included.
        lines: u64,
        /// Under a selection file: the MGs met and not run, and the sum
        /// of their [`write::group_id`]s.
        unselected: Option<(u64, u64)>,
    },
}

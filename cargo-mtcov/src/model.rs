//! The domain types every stage shares: what is measured ([`Criterion`]),
//! where a requirement is ([`Location`]) and how output is coloured
//! ([`ColorChoice`]). No stage owns them; each imports them from here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A test-adequacy criterion: which requirements `E(C)` the measure counts
/// (also the `--criterion` values). Code criteria come from coverage,
/// black-box ones from `categories!` declarations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Each source line with code.
    Line,
    /// Each LLVM code region.
    Region,
    /// Each branch outcome (true / false).
    Branch,
    /// Each function.
    Function,
    /// Each declared input choice.
    IChoice,
    /// Each valid pair of input choices of two categories.
    IChoicePair,
    /// Each valid complete input-and-output test frame.
    IoCtf,
}

impl Criterion {
    /// Every criterion, in report order.
    pub const ALL: [Criterion; 7] = [
        Self::Line,
        Self::Region,
        Self::Branch,
        Self::Function,
        Self::IChoice,
        Self::IChoicePair,
        Self::IoCtf,
    ];

    /// Whether the requirements come from declared categories, not code:
    /// such a criterion needs no instrumented build.
    pub fn is_black_box(self) -> bool {
        matches!(self, Self::IChoice | Self::IChoicePair | Self::IoCtf)
    }

    /// The lower-case name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Line => "line",
            Self::Region => "region",
            Self::Branch => "branch",
            Self::Function => "function",
            Self::IChoice => "i-choice",
            Self::IChoicePair => "i-choice-pair",
            Self::IoCtf => "io-ctf",
        }
    }
}

impl fmt::Display for Criterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A plain unit test (of a binary without MRs) and the code its process
/// ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestSpans {
    /// The test's name, as libtest lists it.
    pub name: String,
    /// The code its process ran: per function, its file (relative to the
    /// workspace root when inside it), first and last line.
    pub spans: Vec<Span>,
}

/// Lines of a file: its path, first and last line.
pub type Span = (String, u32, u32);

/// A function of the code under test as written: the unit the advice
/// and the function table speak of. Its closures and the copies of its
/// generic instantiations are part of it; a function nested in its body
/// is a function of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceFunction {
    /// Its path as llvm-cov demangles it, without generic arguments:
    /// `textwrap::wrap_columns`, `<textwrap::Options>::new`.
    pub name: String,
    /// Relative to the workspace root when inside it.
    pub file: String,
    /// From its signature to its closing brace (its code regions when the
    /// source does not show it).
    pub line_start: u32,
    pub line_end: u32,
    /// Declared `pub`, or a method of a trait impl; `None` when the
    /// source does not show it (generated code).
    pub public: Option<bool>,
    /// What its body calls or passes as values, sorted.
    #[serde(skip)]
    pub calls: Vec<Call>,
    /// The conditions its branches test, with the lines each decides.
    #[serde(skip)]
    pub conditions: Vec<Guard>,
    /// What a test passes it first, from its signature (none when the
    /// source does not show it).
    #[serde(skip)]
    pub input: Option<FnInput>,
}

/// The input a test passes a function first, from its signature: its
/// receiver's type, or its first parameter's, as an MR's source input
/// type can hold it (`&str` is a `String`, `&[T]` a `Vec<T>`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FnInput {
    /// The type as written (`TypesBuilder`, `String`, `Vec<u8>`).
    pub ty: String,
    pub passed: Passed,
}

/// How a function takes its first input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Passed {
    /// `&self` / `&mut self`.
    RefReceiver,
    /// `self`.
    Receiver,
    /// `x: &T`.
    Reference,
    /// `x: T`.
    Value,
}

impl SourceFunction {
    /// Whether it is an impl of a trait whose code is boilerplate, derived
    /// or written by rote (`Clone`, `Debug`, `Display`, `From`,
    /// `PartialEq`, `Default`, `Hash`, `Error` and their like): its gaps
    /// rank after the crate's own logic.
    pub fn is_boilerplate(&self) -> bool {
        const TRAITS: [&str; 14] = [
            "core::clone::Clone",
            "core::fmt::Debug",
            "core::fmt::Display",
            "core::convert::From",
            "core::convert::Into",
            "core::convert::AsRef",
            "core::cmp::PartialEq",
            "core::cmp::Eq",
            "core::cmp::PartialOrd",
            "core::cmp::Ord",
            "core::default::Default",
            "core::hash::Hash",
            "core::error::Error",
            "std::error::Error",
        ];
        let Some((_, rest)) = self.name.split_once(" as ") else {
            return false;
        };
        let path = rest.split(['>', '<']).next().unwrap_or_default().trim();
        TRAITS.contains(&path)
    }

    /// For a boilerplate trait impl ([`is_boilerplate`](Self::is_boilerplate)),
    /// the type it is implemented for, as llvm-cov names it
    /// (`ignore::Error`); its gaps are told as one per type.
    pub fn boilerplate_type(&self) -> Option<&str> {
        if !self.is_boilerplate() {
            return None;
        }
        let (ty, _) = self.name.strip_prefix('<')?.split_once(" as ")?;
        Some(ty.trim())
    }

    /// Whether a span of its file lies within it.
    pub fn contains(&self, file: &str, line_start: u32, line_end: u32) -> bool {
        self.file == file && self.line_start <= line_start && line_end <= self.line_end
    }

    /// The last segment of its name: `wrap_columns`, `new`.
    pub fn ident(&self) -> &str {
        let name = self.name.trim_end_matches('>');
        name.rsplit("::").next().unwrap_or(name)
    }
}

/// For a trait impl's method as llvm-cov names it
/// (`<a::Error as core::fmt::Display>::fmt`), `Trait::method`
/// (`Display::fmt`).
pub fn trait_method(name: &str) -> Option<String> {
    let (_, rest) = name.split_once(" as ")?;
    let (tr, method) = rest.rsplit_once(">::")?;
    let tr = tr.split('<').next()?.rsplit("::").next()?;
    Some(format!("{tr}::{method}"))
}

/// A branch condition (`if`, `while`, a `match`'s scrutinee or an arm's
/// guard) and the lines whether it holds decides: its branches' blocks
/// (and, after an `if` whose block always leaves, the rest of the block
/// around it).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Guard {
    pub line: u32,
    /// As written (its first line).
    pub text: String,
    /// First and last line it decides.
    pub gates: (u32, u32),
}

impl Guard {
    /// Whether it decides whether `line` runs: a line of its branches,
    /// not the line it is tested on (which runs whenever it is tested);
    /// with `within_line`, also its own line when the whole branch is on
    /// it (`Some(if c { a } else { b })`), for requirements finer than a
    /// line (regions, branches).
    pub fn gates(&self, line: u32, within_line: bool) -> bool {
        let own = within_line && self.gates == (self.line, self.line) && line == self.line;
        (self.line < line || own) && self.gates.0 <= line && line <= self.gates.1
    }
}

/// A call (or a function passed as a value) as the source writes it: what
/// callers the advice can name rests on it.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Call {
    /// The path called, its first segment expanded through the `use` items
    /// in scope (`dedent` imported from `crate::core` is
    /// `crate::core::dedent`); a method call's method name alone.
    pub path: Vec<String>,
    pub kind: CallKind,
    /// A bare name no `use` item in scope imports where a glob import
    /// (`use a::*`) could bring it.
    pub glob: bool,
}

/// How a [`Call`] names its function.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum CallKind {
    /// By path: `f(..)`, `a::f(..)`, `Type::f(..)`, `.map(f)`.
    Path,
    /// `self.f(..)`: a method of the caller's own type, or of a trait it has.
    SelfMethod,
    /// `x.f(..)` on another receiver, whose type the parse does not know.
    Method,
}

/// Where a requirement is in the source: a span, 1-based lines and
/// columns, and an optional label ("branch true", a function name).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Location {
    /// Path as the user should see it (relative to the workspace root).
    pub file: String,
    pub line_start: u32,
    pub col_start: u32,
    pub line_end: u32,
    pub col_end: u32,
    /// What the requirement is, when the span alone does not say.
    pub label: Option<String>,
}

impl Location {
    /// A span without a label.
    pub fn new(
        file: impl Into<String>,
        line_start: u32,
        col_start: u32,
        line_end: u32,
        col_end: u32,
    ) -> Self {
        Self {
            file: file.into(),
            line_start,
            col_start,
            line_end,
            col_end,
            label: None,
        }
    }

    /// The same span with a label.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }
}

impl fmt::Display for Location {
    /// `file:line:col`, the form terminals and editors link; `file:line`
    /// for a whole line (column 0: line requirements have none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col_start == 0 {
            write!(f, "{}:{}", self.file, self.line_start)
        } else {
            write!(f, "{}:{}:{}", self.file, self.line_start, self.col_start)
        }
    }
}

impl FromStr for Criterion {
    type Err = String;

    /// `line`, `region`, `branch`, `function`, `i-choice`,
    /// `i-choice-pair` or `io-ctf`, in any case.
    fn from_str(text: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                format!(
                    "unknown criterion `{text}`; known criteria: {}",
                    Self::ALL.map(Criterion::name).join(", ")
                )
            })
    }
}

/// When to colour terminal output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// When stdout is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// The values `--color` takes.
    pub const NAMES: [&'static str; 3] = ["auto", "always", "never"];

    /// The name cargo uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Always => "always",
            Self::Never => "never",
        }
    }
}

impl FromStr for ColorChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "auto" => Ok(Self::Auto),
            "always" => Ok(Self::Always),
            "never" => Ok(Self::Never),
            other => Err(format!("`{other}` is not one of auto, always, never")),
        }
    }
}

/// A source input as the report names it, indexed like the pool's inputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceInfo {
    /// Source key (16 hex digits).
    pub key: String,
    /// Its `Debug` representation.
    pub debug: String,
}

/// A violated MG, passed through to the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// MR id.
    pub mr: String,
    /// Where to look: the MR's (or the test's) file.
    pub file: String,
    /// Line in `file`.
    pub line: u32,
    /// `Debug` of each source input of the MG.
    pub sources: Vec<String>,
    /// The violation message, when there is one.
    pub message: Option<String>,
    /// For a generated source input that shrinking made smaller: the
    /// smallest input that fails the MR the same way (`Debug`).
    pub minimal: Option<String>,
}

/// A strategy check that stopped drawing at its first failing case: the
/// report measures only the cases it drew.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoppedDraws {
    /// The check's call site, `file:line`.
    pub site: String,
    /// The test that ran it, when known.
    pub test: Option<String>,
    /// Cases it was to draw.
    pub planned: u64,
    /// Cases it drew, the failing one included.
    pub drawn: u64,
}

impl StoppedDraws {
    /// One sentence for every report format.
    pub fn sentence(&self, k: u32) -> String {
        let test = self
            .test
            .as_deref()
            .map_or_else(String::new, |t| format!(" (test `{t}`)"));
        format!(
            "A_{k} over {} of {} planned inputs of the strategy check at {}{test}: it stopped at \
             the first violation",
            self.drawn, self.planned, self.site
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for criterion in Criterion::ALL {
            assert_eq!(criterion.name().parse::<Criterion>(), Ok(criterion));
        }
        assert_eq!("Region".parse::<Criterion>(), Ok(Criterion::Region));
        assert!("lines".parse::<Criterion>().unwrap_err().contains(
            "known criteria: line, region, branch, function, i-choice, i-choice-pair, io-ctf"
        ));
        for name in ColorChoice::NAMES {
            assert_eq!(name.parse::<ColorChoice>().unwrap().name(), name);
        }
    }
}

/// Source executions of a declared input type, by one MR, whose output was
/// not of the declared output type: their O-choices, and so their IO
/// frames, are unknown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnclassifiedOutput {
    /// The MR's id.
    pub mr: String,
    /// The declared input type.
    pub source_type: String,
    /// The declared output type (empty for a type declared per function).
    pub declared: String,
    /// For a type declared per function (`Type => f -> Out`), its
    /// functions with their output types; empty otherwise.
    pub functions: Vec<String>,
    /// What the SUT returned (`std::any::type_name`).
    pub returned: String,
    /// How many distinct source inputs the MR executed so.
    pub inputs: u32,
}

impl UnclassifiedOutput {
    /// The fact in one sentence, for every format.
    pub fn sentence(&self) -> String {
        if !self.functions.is_empty() {
            return format!(
                "MR {} ran {} source {} of {} whose output is {}, and {} is declared per function \
                 ({}) but the MR names none of them, or no one of them returns that: say which \
                 it runs with `function = ..` in its #[metamorphic], for its choices and IO frames \
                 to count",
                self.mr,
                self.inputs,
                if self.inputs == 1 { "input" } else { "inputs" },
                self.source_type,
                self.returned,
                self.source_type,
                self.functions.join(", ")
            );
        }
        format!(
            "MR {} ran {} source {} of {} whose output is {}, not the declared {}: \
             their O-categories are not classified and their IO frames are not counted",
            self.mr,
            self.inputs,
            if self.inputs == 1 { "input" } else { "inputs" },
            self.source_type,
            self.returned,
            self.declared
        )
    }
}

/// A test that did not pass: it failed, its process aborted, or it was
/// killed at `--test-timeout`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailedTest {
    /// `package::target`: the test binary, as cargo names it.
    pub binary: String,
    /// The test's name; `None` when the whole process ended before its
    /// tests were known (an abort of a `harness = false` binary, ...).
    pub test: Option<String>,
    /// `failed`, `aborted` or `timed out`.
    pub outcome: &'static str,
    /// How a process aborted (`signal 11`, `exit code 3`).
    pub detail: Option<String>,
}

impl FailedTest {
    /// The fact in one line, for every format.
    pub fn sentence(&self) -> String {
        let mut text = match &self.test {
            Some(test) => format!("{} {} ({})", test, self.outcome, self.binary),
            None => format!("{} {}", self.binary, self.outcome),
        };
        if let Some(detail) = &self.detail {
            text.push_str(&format!(": {detail}"));
        }
        text
    }
}

#[cfg(test)]
mod boilerplate_tests {
    use super::SourceFunction;

    fn named(name: &str) -> SourceFunction {
        SourceFunction {
            name: name.into(),
            file: "src/lib.rs".into(),
            line_start: 1,
            line_end: 2,
            public: Some(true),
            calls: Vec::new(),
            conditions: Vec::new(),
            input: None,
        }
    }

    #[test]
    fn trait_boilerplate_is_told_from_the_crate_s_own_logic() {
        for name in [
            "<ignore::Error as core::fmt::Display>::fmt",
            "<ignore::Error as core::clone::Clone>::clone",
            "<ignore::Error as core::convert::From<std::io::error::Error>>::from",
            "<ignore::Error as std::error::Error>::description",
            "<ignore::Match as core::cmp::PartialEq>::eq",
        ] {
            assert!(named(name).is_boilerplate(), "{name}");
        }
        for name in [
            "ignore::walk::WalkBuilder::build",
            "<ignore::DirEntry>::metadata",
            "<ignore::Types as core::str::traits::FromStr>::from_str",
            "<ignore::Walk as core::iter::traits::iterator::Iterator>::next",
        ] {
            assert!(!named(name).is_boilerplate(), "{name}");
            assert_eq!(named(name).boilerplate_type(), None);
        }
        let display = named("<ignore::Error as core::fmt::Display>::fmt");
        assert_eq!(display.boilerplate_type(), Some("ignore::Error"));
        assert_eq!(
            super::trait_method(&display.name).as_deref(),
            Some("Display::fmt")
        );
        assert_eq!(
            super::trait_method(
                "<ignore::Error as core::convert::From<std::io::error::Error>>::from"
            )
            .as_deref(),
            Some("From::from")
        );
    }
}

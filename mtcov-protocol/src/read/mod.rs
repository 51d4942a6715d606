//! The reader (feature `read`): one line of a record file, parsed once
//! into a [`Record`]. Nothing here knows about files or runs.

use serde::Deserialize;

mod without_counters;
pub use without_counters::{CoverageLine, ParsedLine, parse_line_without_counters};

use crate::categories::{Category, Choice, ChoiceKind, Declaration};
use crate::{
    Attempt, CheckSite, Counters, CoverageLayout, FunctionEntry, GivenTolerance, Header, MgRecord,
    MrDescription, Outcome, Record, SCHEMA_VERSION,
};

/// Why a line could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A line of another schema version: the reader must stop, never mix.
    Version(u64),
    /// Anything else: not JSON, a missing or ill-typed field.
    Corrupt(String),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Version(found) => write!(
                f,
                "record schema version {found}, expected {SCHEMA_VERSION}"
            ),
            Self::Corrupt(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LineError {}

/// Parses one line (without its newline).
pub fn parse_line(text: &str) -> Result<Record, LineError> {
    parse(text, Raw::into_record)
}

/// A line of this schema version made into `T` by `into`.
fn parse<T>(text: &str, into: impl FnOnce(Raw) -> Result<T, String>) -> Result<T, LineError> {
    match serde_json::from_str::<Line>(text) {
        Ok(line) if u64::from(line.v) == u64::from(SCHEMA_VERSION) => {
            into(line.raw).map_err(LineError::Corrupt)
        }
        Ok(line) => Err(LineError::Version(u64::from(line.v))),
        Err(error) => {
            // Another version may have another shape: say "version", not
            // "corrupt", whenever the line names one.
            #[derive(Deserialize)]
            struct Versioned {
                v: u64,
            }
            match serde_json::from_str::<Versioned>(text) {
                Ok(Versioned { v }) if v != u64::from(SCHEMA_VERSION) => Err(LineError::Version(v)),
                _ => Err(LineError::Corrupt(error.to_string())),
            }
        }
    }
}

#[derive(Deserialize)]
struct Line {
    v: u32,
    #[serde(flatten)]
    raw: Raw,
}

/// How a `cov` or `followcov` line gives its counters (one of three).
#[derive(Deserialize)]
struct RawCounters {
    #[serde(default)]
    counters: Option<String>,
    #[serde(default)]
    base: Option<Hex>,
    #[serde(default)]
    base_fp: Option<Hex>,
    #[serde(default)]
    changes: Option<String>,
}

impl RawCounters {
    fn into_counters(self) -> Result<Counters, String> {
        match self {
            RawCounters {
                counters: Some(text),
                base: None,
                base_fp: None,
                changes: None,
            } => Ok(Counters::Full(decode(&text)?)),
            RawCounters {
                counters: None,
                base: Some(base),
                base_fp: Some(base_fp),
                changes: Some(text),
            } => Ok(Counters::Changes {
                base_key: base.0,
                base_fingerprint: base_fp.0,
                changes: decode(&text)?,
            }),
            RawCounters {
                counters: None,
                base: None,
                base_fp: None,
                changes: None,
            } => Ok(Counters::Earlier),
            _ => Err(
                "a coverage record has either `counters`, or `base`, `base_fp` and `changes`, or none of them"
                    .to_owned(),
            ),
        }
    }
}

fn decode(text: &str) -> Result<Vec<(u32, u64)>, String> {
    crate::counters::decode(text).map_err(|why| format!("counters: {why}"))
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Raw {
    Header(RawHeader),
    Source {
        key: Hex,
        debug: String,
    },
    Mg(RawMg),
    Cov {
        key: Hex,
        mr: String,
        fp: Hex,
        #[serde(default)]
        shared: bool,
        #[serde(flatten)]
        counters: RawCounters,
    },
    #[serde(rename = "followcov")]
    FollowCov {
        key: Hex,
        mr: String,
        fp: Hex,
        #[serde(flatten)]
        counters: RawCounters,
    },
    Aside {
        counters: String,
        #[serde(default)]
        first_use: String,
        #[serde(default)]
        captures: (u64, u64),
        #[serde(default)]
        outside: String,
    },
    Unclassified {
        key: Hex,
        mr: String,
        returned: String,
    },
    #[serde(rename = "followup")]
    FollowUp {
        source: Hex,
        mr: String,
        #[serde(rename = "type")]
        source_type: String,
        #[serde(default)]
        function: Option<String>,
        choices: Vec<Option<u16>>,
    },
    Choices(RawChoices),
    Draws {
        site: String,
        test: Option<String>,
        planned: u64,
        drawn: u64,
    },
    Minimal {
        key: Hex,
        mr: String,
        debug: String,
        shrink_steps: u32,
    },
    Tolerance(RawTolerance),
    End {
        lines: u64,
        #[serde(default)]
        unselected: Option<(u64, Hex)>,
    },
}

/// `null` stands for an infinity.
fn infinite_if_null(values: [Option<f64>; 3]) -> [f64; 3] {
    values.map(|v| v.unwrap_or(f64::INFINITY))
}

#[derive(Deserialize)]
struct RawDeclaration {
    source_type: String,
    #[serde(default)]
    function: Option<String>,
    output_type: Option<String>,
    file: String,
    line: u32,
    categories: Vec<RawCategory>,
}

#[derive(Deserialize)]
struct RawCategory {
    name: String,
    output: bool,
    choices: Vec<RawChoice>,
}

#[derive(Deserialize)]
struct RawChoice {
    name: String,
    kind: RawKind,
    properties: Vec<String>,
    #[serde(default, rename = "if")]
    condition: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum RawKind {
    Normal,
    Error,
    Single,
}

impl From<RawDeclaration> for Declaration {
    fn from(raw: RawDeclaration) -> Self {
        Declaration {
            source_type: raw.source_type,
            function: raw.function,
            output_type: raw.output_type,
            file: raw.file,
            line: raw.line,
            categories: raw
                .categories
                .into_iter()
                .map(|cat| Category {
                    name: cat.name,
                    output: cat.output,
                    choices: cat
                        .choices
                        .into_iter()
                        .map(|ch| Choice {
                            name: ch.name,
                            kind: match ch.kind {
                                RawKind::Normal => ChoiceKind::Normal,
                                RawKind::Error => ChoiceKind::Error,
                                RawKind::Single => ChoiceKind::Single,
                            },
                            properties: ch.properties,
                            condition: ch.condition,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize)]
struct RawMg {
    mr: String,
    class: String,
    sources: Vec<Hex>,
    #[serde(default)]
    argument: Option<Hex>,
    follow_ups: u64,
    outcome: Outcome,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    test: Option<String>,
    #[serde(default)]
    runs: Option<Vec<RawRun>>,
    #[serde(default)]
    follow_fp: Option<Hex>,
    #[serde(default)]
    aside: Option<String>,
    #[serde(default)]
    first_use: Option<String>,
}

/// One measured source execution of an MG: `[source, fp]` or
/// `[source, fp, shared]`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawRun {
    Alone(u32, Hex),
    Shared(u32, Hex, bool),
}

impl RawMg {
    fn into_record(self) -> Result<MgRecord, String> {
        let shares = match self.runs {
            None => None,
            Some(runs) => Some(Box::new(crate::GroupShares {
                runs: runs
                    .into_iter()
                    .map(|run| match run {
                        RawRun::Alone(source, fp) => (source, fp.0, false),
                        RawRun::Shared(source, fp, shared) => (source, fp.0, shared),
                    })
                    .collect(),
                follow: self.follow_fp.map(|h| h.0),
                aside: decode(self.aside.as_deref().unwrap_or(""))?,
                first_use: decode(self.first_use.as_deref().unwrap_or(""))?,
            })),
        };
        Ok(MgRecord {
            mr: self.mr,
            class: self.class,
            sources: self.sources.into_iter().map(|h| h.0).collect(),
            argument: self.argument.map(|h| h.0),
            follow_ups: self.follow_ups,
            outcome: self.outcome,
            message: self.message,
            test: self.test,
            shares,
        })
    }
}

#[derive(Deserialize)]
struct RawChoices {
    key: Hex,
    #[serde(rename = "type")]
    source_type: String,
    #[serde(default)]
    function: Option<String>,
    #[serde(default)]
    mr: Option<String>,
    #[serde(default)]
    choices: Option<Vec<Option<u16>>>,
    #[serde(default)]
    error: Option<String>,
}

impl RawChoices {
    fn into_record(self) -> Result<Record, String> {
        Ok(Record::Choices {
            key: self.key.0,
            mr: self.mr,
            source_type: self.source_type,
            function: self.function,
            choices: match (self.choices, self.error) {
                (Some(choices), None) => Ok(choices),
                (None, Some(error)) => Err(error),
                _ => return Err("a choices record has either `choices` or `error`".to_owned()),
            },
        })
    }
}

#[derive(Deserialize)]
struct RawHeader {
    runtime: String,
    binary: String,
    pid: u64,
    registry: Vec<MrDescription>,
    coverage: Option<RawCoverage>,
    #[serde(default)]
    categories: Vec<RawDeclaration>,
    attempt: Option<Attempt>,
}

impl RawHeader {
    fn into_header(self) -> Result<Header, String> {
        Ok(Header {
            runtime: self.runtime,
            binary: self.binary,
            pid: self.pid,
            attempt: self.attempt,
            registry: self.registry,
            categories: self.categories.into_iter().map(Declaration::from).collect(),
            coverage: match self.coverage {
                None => CoverageLayout::Off,
                Some(coverage) => coverage.into_layout()?,
            },
        })
    }
}

#[derive(Deserialize)]
struct RawTolerance {
    mr: String,
    file: String,
    line: u32,
    column: u32,
    bits: u32,
    given: GivenTolerance,
    varies: bool,
    calls: u64,
    failed: u64,
    exact: u64,
    scale: Option<f64>,
    largest: [Option<f64>; 3],
    at: [Option<Hex>; 3],
    held: [Option<f64>; 3],
    decades: [Vec<(i16, u64)>; 3],
}

impl RawTolerance {
    fn into_site(self) -> Result<CheckSite, String> {
        if self
            .decades
            .iter()
            .any(|d| d.windows(2).any(|w| w[0].0 >= w[1].0))
        {
            return Err("a tolerance record's decades are not sorted".into());
        }
        Ok(CheckSite {
            mr: self.mr,
            file: self.file,
            line: self.line,
            column: self.column,
            bits: self.bits,
            given: self.given,
            varies: self.varies,
            calls: self.calls,
            failed: self.failed,
            exact: self.exact,
            scale: self.scale.unwrap_or(f64::INFINITY),
            largest: infinite_if_null(self.largest),
            at: self.at.map(|k| k.map(|k| k.0)),
            held: infinite_if_null(self.held),
            decades: self.decades,
        })
    }
}

#[derive(Deserialize)]
#[serde(tag = "status", rename_all = "lowercase")]
enum RawCoverage {
    Ok {
        profile_version: u64,
        num_counters: u64,
        functions: Vec<(Hex, Hex, u64, u64)>,
    },
    Unsupported {
        reason: String,
    },
}

impl RawCoverage {
    fn into_layout(self) -> Result<CoverageLayout, String> {
        Ok(match self {
            RawCoverage::Unsupported { reason } => CoverageLayout::Unsupported(reason),
            RawCoverage::Ok {
                profile_version,
                num_counters,
                functions,
            } => CoverageLayout::Captured {
                profile_version,
                num_counters,
                functions: functions
                    .into_iter()
                    .map(|(name_ref, func_hash, first_counter, count)| {
                        if first_counter.saturating_add(count) > num_counters {
                            return Err(format!(
                                "function {:016x} has counters {first_counter}..{} beyond num_counters {num_counters}",
                                name_ref.0,
                                first_counter.saturating_add(count)
                            ));
                        }
                        Ok(FunctionEntry {
                            name_ref: name_ref.0,
                            func_hash: func_hash.0,
                            first_counter,
                            num_counters: count,
                        })
                    })
                    .collect::<Result<_, _>>()?,
            },
        })
    }
}

/// A 64-bit identifier written as 16 hex digits.
#[derive(Clone, Copy)]
struct Hex(u64);

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        if text.len() != 16 {
            return Err(serde::de::Error::custom(format!(
                "`{text}` is not 16 hex digits"
            )));
        }
        u64::from_str_radix(&text, 16)
            .map(Hex)
            .map_err(|_| serde::de::Error::custom(format!("`{text}` is not 16 hex digits")))
    }
}

impl Raw {
    fn into_record(self) -> Result<Record, String> {
        Ok(match self {
            Raw::Header(header) => Record::Header(header.into_header()?),
            Raw::Source { key, debug } => Record::Source { key: key.0, debug },
            Raw::Mg(mg) => Record::Mg(mg.into_record()?),
            Raw::Cov {
                key,
                mr,
                fp,
                shared,
                counters,
            } => Record::Cov {
                key: key.0,
                mr,
                fingerprint: fp.0,
                counters: counters.into_counters()?,
                shared,
            },
            Raw::FollowCov {
                key,
                mr,
                fp,
                counters,
            } => Record::FollowCov {
                key: key.0,
                mr,
                fingerprint: fp.0,
                counters: counters.into_counters()?,
            },
            Raw::Aside {
                counters,
                first_use,
                captures,
                outside,
            } => Record::Aside {
                counters: decode(&counters)?,
                first_use: decode(&first_use)?,
                captures,
                outside: decode(&outside)?,
            },
            Raw::FollowUp {
                source,
                mr,
                source_type,
                function,
                choices,
            } => Record::FollowUp {
                source: source.0,
                mr,
                source_type,
                function,
                choices,
            },
            Raw::Unclassified { key, mr, returned } => Record::Unclassified {
                key: key.0,
                mr,
                returned,
            },
            Raw::Choices(choices) => choices.into_record()?,
            Raw::Draws {
                site,
                test,
                planned,
                drawn,
            } => Record::Draws {
                site,
                test,
                planned,
                drawn,
            },
            Raw::Minimal {
                key,
                mr,
                debug,
                shrink_steps,
            } => Record::Minimal {
                key: key.0,
                mr,
                debug,
                shrink_steps,
            },
            Raw::Tolerance(site) => Record::Tolerance(site.into_site()?),
            Raw::End { lines, unselected } => Record::End {
                lines,
                unselected: unselected.map(|(n, sum)| (n, sum.0)),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write;

    fn header() -> Header {
        Header {
            runtime: "0.1.0".into(),
            binary: "/t/mrs-1a2b".into(),
            pid: 4242,
            registry: vec![MrDescription {
                id: "mrs::periodicity".into(),
                name: "periodicity".into(),
                class: "equal \"quoted\"".into(),
                file: "tests/mrs.rs".into(),
                line: 12,
                source_type: "Angle".into(),
            }],
            coverage: CoverageLayout::Captured {
                profile_version: 10,
                num_counters: 31,
                functions: vec![FunctionEntry {
                    name_ref: u64::MAX,
                    func_hash: 1,
                    first_counter: 0,
                    num_counters: 4,
                }],
            },
            categories: vec![Declaration {
                source_type: "trig::Angle".into(),
                function: Some("sin_deg".into()),
                output_type: Some("f64".into()),
                file: "tests/mrs.rs".into(),
                line: 30,
                categories: vec![
                    Category {
                        name: "quadrant".into(),
                        output: false,
                        choices: vec![
                            Choice {
                                name: "first \"1\"".into(),
                                kind: ChoiceKind::Normal,
                                properties: vec!["Q1".into()],
                                condition: None,
                            },
                            Choice {
                                name: "nan".into(),
                                kind: ChoiceKind::Error,
                                properties: vec![],
                                condition: None,
                            },
                        ],
                    },
                    Category {
                        name: "sign".into(),
                        output: true,
                        choices: vec![Choice {
                            name: "positive".into(),
                            kind: ChoiceKind::Normal,
                            properties: vec![],
                            condition: Some("!Q1 || Q1".into()),
                        }],
                    },
                ],
            }],
            attempt: None,
        }
    }

    fn one(out: &str) -> Record {
        assert_eq!(out.matches('\n').count(), 1, "{out}");
        parse_line(out.trim_end()).unwrap()
    }

    #[test]
    fn tolerance_lines_round_trip_with_infinities_and_exact_floats() {
        let site = CheckSite {
            mr: "mrs::period".into(),
            file: "tests/r.rs".into(),
            line: 12,
            column: 9,
            bits: 64,
            given: GivenTolerance {
                abs: Some(1e-9),
                rel: None,
                ulps: Some(4),
            },
            varies: true,
            calls: 40,
            failed: 1,
            exact: 3,
            scale: 12.5,
            largest: [f64::INFINITY, 2.220446049250313e-16, 7.0],
            at: [Some(0x8c3f_0a9b_12d4_e5f6), None, Some(1)],
            held: [1.1102230246251565e-16, 0.1 + 0.2, 0.0],
            decades: [
                vec![(-15, 30), (crate::INFINITE_DECADE, 1)],
                vec![],
                vec![(1, 36)],
            ],
        };
        let mut out = String::new();
        write::tolerance(&mut out, &site);
        assert_eq!(one(&out), Record::Tolerance(site));
        let unsorted = out.replace("[[1,36]]", "[[1,36],[0,1]]");
        assert!(parse_line(unsorted.trim_end()).is_err());
    }

    #[test]
    fn decades_bound_differences_by_powers_of_ten() {
        assert_eq!(crate::decade(1e-9), -9);
        assert_eq!(crate::decade(1.0000001e-9), -8);
        assert_eq!(crate::decade(9.9e-10), -9);
        assert_eq!(crate::decade(1.0), 0);
        assert_eq!(crate::decade(2.0), 1);
        assert!(crate::decade(f64::from_bits(1)) < -320);
        assert_eq!(crate::decade(f64::INFINITY), crate::INFINITE_DECADE);
        for e in -300..300 {
            let p = 10f64.powi(e);
            assert_eq!(i32::from(crate::decade(p)), e, "10^{e}");
        }
    }

    #[test]
    fn what_the_writer_writes_the_reader_reads() {
        for header in [
            header(),
            Header {
                coverage: CoverageLayout::Off,
                ..header()
            },
            Header {
                coverage: CoverageLayout::Unsupported("profile version 11".into()),
                ..header()
            },
            Header {
                attempt: Some(Attempt {
                    test: "mod::retried \"x\"".into(),
                    number: 2,
                }),
                ..header()
            },
        ] {
            let mut out = String::new();
            write::header(&mut out, &header);
            assert_eq!(one(&out), Record::Header(header));
        }

        let mut out = String::new();
        write::source(&mut out, 0x8c3f_0a9b_12d4_e5f6, "Angle(\"x\"\n)");
        assert_eq!(
            one(&out),
            Record::Source {
                key: 0x8c3f_0a9b_12d4_e5f6,
                debug: "Angle(\"x\"\n)".into()
            }
        );

        let mut out = String::new();
        write::cov(
            &mut out,
            7,
            "mrs::a",
            9,
            write::Counters::Full(&[(0, 1), (3, u64::MAX)]),
            false,
        );
        assert_eq!(
            one(&out),
            Record::Cov {
                key: 7,
                mr: "mrs::a".into(),
                fingerprint: 9,
                counters: Counters::Full(vec![(0, 1), (3, u64::MAX)]),
                shared: false,
            }
        );
        let mut out = String::new();
        write::cov(&mut out, 7, "mrs::b", 9, write::Counters::Earlier, true);
        assert_eq!(
            one(&out),
            Record::Cov {
                key: 7,
                mr: "mrs::b".into(),
                fingerprint: 9,
                counters: Counters::Earlier,
                shared: true,
            }
        );
        let mut out = String::new();
        write::follow_cov(
            &mut out,
            7,
            "mrs::a",
            3,
            write::Counters::Changes {
                base_key: 7,
                base_fingerprint: 9,
                changes: &[(1, 2), (3, 0)],
            },
        );
        assert_eq!(
            one(&out),
            Record::FollowCov {
                key: 7,
                mr: "mrs::a".into(),
                fingerprint: 3,
                counters: Counters::Changes {
                    base_key: 7,
                    base_fingerprint: 9,
                    changes: vec![(1, 2), (3, 0)]
                }
            }
        );
        let mut out = String::new();
        write::aside(&mut out, &[(2, 289)], &[], (0, 0), &[]);
        assert_eq!(
            one(&out),
            Record::Aside {
                counters: vec![(2, 289)],
                first_use: vec![],
                captures: (0, 0),
                outside: vec![],
            }
        );
        let mut out = String::new();
        write::aside(&mut out, &[], &[(5, 1), (9, 2)], (40, 12), &[(7, 3)]);
        assert_eq!(
            one(&out),
            Record::Aside {
                counters: vec![],
                first_use: vec![(5, 1), (9, 2)],
                captures: (40, 12),
                outside: vec![(7, 3)],
            }
        );
        let mut out = String::new();
        write::follow_up(&mut out, 7, "mrs::a", ("T", Some("fill")), &[Some(1), None]);
        assert_eq!(
            one(&out),
            Record::FollowUp {
                source: 7,
                mr: "mrs::a".into(),
                source_type: "T".into(),
                function: Some("fill".into()),
                choices: vec![Some(1), None]
            }
        );
        let mut out = String::new();
        write::unclassified(&mut out, 7, "mrs::a", "alloc::string::String");
        assert_eq!(
            one(&out),
            Record::Unclassified {
                key: 7,
                mr: "mrs::a".into(),
                returned: "alloc::string::String".into()
            }
        );

        for (outcome, argument, message, test) in [
            (Outcome::Holds, None, None, Some("t")),
            (Outcome::Violated, None, Some("1 != 2"), None),
            (
                Outcome::Skipped,
                Some(9),
                Some("not for negatives"),
                Some("t"),
            ),
            (Outcome::Panicked, Some(9), Some("boom"), Some("t")),
        ] {
            let fields = write::MgFields {
                mr: "mrs::periodicity",
                class: "equal",
                argument,
                follow_ups: 2,
                outcome,
                message,
                test,
                shares: None,
            };
            let mut out = String::new();
            write::mg(&mut out, &fields, [1, 2]);
            assert_eq!(
                one(&out),
                Record::Mg(MgRecord {
                    mr: "mrs::periodicity".into(),
                    class: "equal".into(),
                    sources: vec![1, 2],
                    argument,
                    follow_ups: 2,
                    outcome,
                    message: message.map(str::to_owned),
                    test: test.map(str::to_owned),
                    shares: None,
                })
            );
        }

        for (function, (mr, choices)) in [None, Some("sin_deg"), None].into_iter().zip([
            (None, Ok(vec![Some(0), None])),
            (Some("mrs::a"), Ok(vec![Some(0), Some(1)])),
            (
                None,
                Err("classifier of `quadrant` panicked: boom".to_owned()),
            ),
        ]) {
            let mut out = String::new();
            write::choices(
                &mut out,
                5,
                ("trig::Angle", function),
                mr,
                choices.as_deref().map_err(String::as_str),
            );
            assert_eq!(
                one(&out),
                Record::Choices {
                    key: 5,
                    mr: mr.map(str::to_owned),
                    source_type: "trig::Angle".into(),
                    function: function.map(str::to_owned),
                    choices,
                }
            );
        }

        let fields = write::MgFields {
            mr: "mrs::periodicity",
            class: "equal",
            argument: None,
            follow_ups: 1,
            outcome: Outcome::Holds,
            message: None,
            test: None,
            shares: Some(write::MgShares {
                runs: &[(0, 0xfeed, false), (1, 7, true)],
                follow: Some(0xbeef),
                aside: &[(3, 2)],
                first_use: &[(4, 0), (8, 1)],
            }),
        };
        let mut out = String::new();
        write::mg(&mut out, &fields, [1, 2]);
        let Record::Mg(read) = one(&out) else {
            panic!("not an mg line: {out}")
        };
        assert_eq!(
            read.shares.as_deref(),
            Some(&crate::GroupShares {
                runs: vec![(0, 0xfeed, false), (1, 7, true)],
                follow: Some(0xbeef),
                aside: vec![(3, 2)],
                first_use: vec![(4, 0), (8, 1)],
            })
        );

        for unselected in [None, Some((3, u64::MAX))] {
            let mut out = String::new();
            write::end(&mut out, 12, unselected);
            assert_eq!(
                one(&out),
                Record::End {
                    lines: 12,
                    unselected
                }
            );
        }
    }

    #[test]
    fn another_version_is_reported_as_such_even_if_the_rest_differs() {
        assert_eq!(
            parse_line(r#"{"v":1,"kind":"whatever"}"#),
            Err(LineError::Version(1))
        );
        assert_eq!(
            parse_line(r#"{"kind":"end","lines":1,"v":3}"#),
            Err(LineError::Version(3))
        );
    }

    #[test]
    fn malformed_lines_are_corrupt() {
        for bad in [
            r#"{"v":7,"kind":"source","key":"8c3f"#,
            r#"{"v":7,"kind":"source","key":"zz","debug":"x"}"#,
            r#"{"v":7,"kind":"source","key":"8c3f","debug":"x"}"#,
            r#"{"v":7,"kind":"cov","key":"8c3f0a9b12d4e5f6","mr":"m","fp":"0000000000000001","counters":"BCD"}"#,
            r#"{"v":7,"kind":"cov","key":"8c3f0a9b12d4e5f6","mr":"m","fp":"0000000000000001","counters":[1,2]}"#,
            r#"{"v":7,"kind":"cov","key":"8c3f0a9b12d4e5f6","mr":"m","fp":"0000000000000001","counters":"BC","changes":"BC"}"#,
            r#"{"v":7,"kind":"cov","key":"8c3f0a9b12d4e5f6","mr":"m","fp":"0000000000000001","base":"8c3f0a9b12d4e5f6","changes":"BC"}"#,
            r#"{"v":7,"kind":"followcov","key":"8c3f0a9b12d4e5f6","mr":"m","fp":"0000000000000001","counters":"B!"}"#,
            r#"{"v":7,"kind":"cov","key":"8c3f0a9b12d4e5f6","counters":"BC"}"#,
            r#"{"v":7,"kind":"aside","counters":"g"}"#,
            r#"{"v":7,"kind":"aside","counters":[1,2]}"#,
            r#"{"kind":"source","key":"8c3f0a9b12d4e5f6","debug":"x"}"#,
            r#"{"v":7,"kind":"mg","mr":"m","class":"c","sources":[],"follow_ups":0,"outcome":"maybe"}"#,
            r#"{"v":7,"kind":"header","runtime":"0","binary":"b","pid":1,"registry":[],"coverage":{"status":"ok","profile_version":10,"num_counters":2,"functions":[["00000000000000ff","0000000000000001",1,4]]}}"#,
            r#"{"v":7,"kind":"choices","key":"8c3f0a9b12d4e5f6","type":"T"}"#,
            r#"{"v":7,"kind":"choices","key":"8c3f0a9b12d4e5f6","type":"T","choices":[-1]}"#,
            "not json",
        ] {
            assert!(
                matches!(parse_line(bad), Err(LineError::Corrupt(_))),
                "{bad}"
            );
        }
    }
}

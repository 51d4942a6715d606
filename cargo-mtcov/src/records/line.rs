//! One line of a record file (docs/record-schema.md, version 1), parsed
//! into typed records. Nothing here knows about files or runs.

use serde::Deserialize;

use super::Mg;
use serde_json::Value;

/// The schema version this reader understands.
pub const SCHEMA_VERSION: u64 = 1;

/// Why a line could not be used.
#[derive(Debug, PartialEq)]
pub(crate) enum LineError {
    /// Valid JSON with another `"v"`: the caller must stop.
    Version(u64),
    /// Anything else: the caller skips the line and warns.
    Corrupt(String),
}

/// A parsed line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Record {
    Header(Header),
    Source { key: u64, debug: String },
    /// Its `process` is 0 until the reader knows which file it came from.
    Mg(Mg),
    Cov { key: u64, counters: Vec<(u32, u64)> },
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Header {
    pub runtime: String,
    pub binary: String,
    pub pid: u64,
    pub registry: Vec<MrLine>,
    pub coverage: CoverageLine,
}

/// An entry of the header's `registry`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MrLine {
    pub id: String,
    pub name: String,
    pub class: String,
    pub file: String,
    pub line: u32,
    pub source_type: String,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CoverageLine {
    /// `null`: the process was not instrumented.
    Off,
    Unsupported(String),
    Ok {
        profile_version: u64,
        num_counters: u64,
        functions: Vec<FunctionEntry>,
    },
}

/// One entry of the profiler's function table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FunctionEntry {
    /// MD5 of the function's PGO name (LLVM's NameRef).
    pub name_ref: u64,
    /// Structural hash of the function's coverage mapping.
    pub func_hash: u64,
    /// Index of its first counter in the process-wide counter array.
    pub first_counter: u64,
    pub num_counters: u64,
}

/// The verdict of one metamorphic group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Holds,
    Violated,
    Skipped,
    Panicked,
}

impl Outcome {
    /// Whether the MG's outputs were checked, which is what associates its
    /// source inputs with the MR.
    pub fn associates(self) -> bool {
        matches!(self, Self::Holds | Self::Violated)
    }
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Raw {
    Header {
        runtime: String,
        binary: String,
        pid: u64,
        registry: Vec<MrLine>,
        coverage: Option<RawCoverage>,
    },
    Source {
        key: String,
        debug: String,
    },
    Mg {
        mr: String,
        class: String,
        sources: Vec<String>,
        #[serde(default)]
        argument: Option<String>,
        follow_ups: u64,
        outcome: Outcome,
        #[serde(default)]
        message: Option<String>,
        #[serde(default)]
        test: Option<String>,
    },
    Cov {
        key: String,
        counters: Vec<u64>,
    },
}

#[derive(Deserialize)]
#[serde(tag = "status", rename_all = "lowercase")]
enum RawCoverage {
    Ok {
        profile_version: u64,
        num_counters: u64,
        functions: Vec<(String, String, u64, u64)>,
    },
    Unsupported {
        reason: String,
    },
}

/// Parses one line (without its newline).
pub(crate) fn parse(text: &str) -> Result<Record, LineError> {
    let value: Value = serde_json::from_str(text).map_err(|e| LineError::Corrupt(e.to_string()))?;
    match value.get("v").and_then(Value::as_u64) {
        Some(SCHEMA_VERSION) => {}
        Some(other) => return Err(LineError::Version(other)),
        None => return Err(LineError::Corrupt("no schema version `v`".to_owned())),
    }
    let raw: Raw = serde_json::from_value(value).map_err(|e| LineError::Corrupt(e.to_string()))?;
    convert(raw).map_err(LineError::Corrupt)
}

fn convert(raw: Raw) -> Result<Record, String> {
    Ok(match raw {
        Raw::Header {
            runtime,
            binary,
            pid,
            registry,
            coverage,
        } => Record::Header(Header {
            runtime,
            binary,
            pid,
            registry,
            coverage: match coverage {
                None => CoverageLine::Off,
                Some(RawCoverage::Unsupported { reason }) => CoverageLine::Unsupported(reason),
                Some(RawCoverage::Ok {
                    profile_version,
                    num_counters,
                    functions,
                }) => {
                    let functions = functions
                        .into_iter()
                        .map(|(name, hash, first_counter, num)| {
                            let entry = FunctionEntry {
                                name_ref: hex(&name)?,
                                func_hash: hex(&hash)?,
                                first_counter,
                                num_counters: num,
                            };
                            if first_counter.saturating_add(num) > num_counters {
                                return Err(format!(
                                    "function {name} has counters {first_counter}..{} beyond num_counters {num_counters}",
                                    first_counter.saturating_add(num)
                                ));
                            }
                            Ok(entry)
                        })
                        .collect::<Result<_, String>>()?;
                    CoverageLine::Ok {
                        profile_version,
                        num_counters,
                        functions,
                    }
                }
            },
        }),
        Raw::Source { key, debug } => Record::Source {
            key: hex(&key)?,
            debug,
        },
        Raw::Mg {
            mr,
            class,
            sources,
            argument,
            follow_ups,
            outcome,
            message,
            test,
        } => Record::Mg(Mg {
            mr,
            class,
            sources: sources.iter().map(|s| hex(s)).collect::<Result<_, _>>()?,
            argument: argument.as_deref().map(hex).transpose()?,
            follow_ups,
            outcome,
            message,
            test,
            process: 0,
        }),
        Raw::Cov { key, counters } => {
            if counters.len() % 2 != 0 {
                return Err(format!(
                    "`counters` must hold index,value pairs but has {} numbers",
                    counters.len()
                ));
            }
            Record::Cov {
                key: hex(&key)?,
                counters: counters
                    .chunks_exact(2)
                    .map(|p| {
                        let index = u32::try_from(p[0])
                            .map_err(|_| format!("counter index {} does not fit 32 bits", p[0]))?;
                        Ok((index, p[1]))
                    })
                    .collect::<Result<_, String>>()?,
            }
        }
    })
}

/// A 64-bit identifier, written as 16 lower-case hex digits.
fn hex(text: &str) -> Result<u64, String> {
    if text.len() != 16 {
        return Err(format!("`{text}` is not a 16-digit hex identifier"));
    }
    u64::from_str_radix(text, 16).map_err(|_| format!("`{text}` is not a 16-digit hex identifier"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_schema_examples() {
        let header = r#"{"v":1,"kind":"header","runtime":"0.1.0","binary":"/t/mrs-1a2b","pid":4242,
            "registry":[{"id":"mrs::periodicity","name":"periodicity","class":"equal","file":"tests/mrs.rs","line":12,"source_type":"Angle"}],
            "coverage":{"status":"ok","profile_version":10,"num_counters":31,"functions":[["00000000000000ff","0000000000000001",0,4]]}}"#;
        let Record::Header(h) = parse(&header.replace('\n', "")).unwrap() else {
            panic!()
        };
        assert_eq!(h.registry[0].class, "equal");
        let CoverageLine::Ok { functions, .. } = h.coverage else {
            panic!()
        };
        assert_eq!(
            functions[0],
            FunctionEntry {
                name_ref: 255,
                func_hash: 1,
                first_counter: 0,
                num_counters: 4
            }
        );

        let mg = r#"{"v":1,"kind":"mg","mr":"mrs::periodicity","class":"equal","sources":["8c3f0a9b12d4e5f6"],"follow_ups":1,"outcome":"holds","test":"t"}"#;
        let Record::Mg(mg) = parse(mg).unwrap() else {
            panic!()
        };
        assert_eq!(mg.sources, [0x8c3f0a9b12d4e5f6]);
        assert!(mg.outcome.associates());

        let cov = r#"{"v":1,"kind":"cov","key":"8c3f0a9b12d4e5f6","counters":[0,1,3,2,17,5]}"#;
        assert_eq!(
            parse(cov).unwrap(),
            Record::Cov {
                key: 0x8c3f0a9b12d4e5f6,
                counters: vec![(0, 1), (3, 2), (17, 5)]
            }
        );
        let unsupported = r#"{"v":1,"kind":"header","runtime":"0.1.0","binary":"b","pid":1,"registry":[],"coverage":{"status":"unsupported","reason":"profile version 11"}}"#;
        let Record::Header(h) = parse(unsupported).unwrap() else {
            panic!()
        };
        assert_eq!(
            h.coverage,
            CoverageLine::Unsupported("profile version 11".into())
        );
    }

    #[test]
    fn another_version_is_reported_as_such_even_if_the_rest_differs() {
        assert_eq!(
            parse(r#"{"v":2,"kind":"whatever"}"#),
            Err(LineError::Version(2))
        );
    }

    #[test]
    fn malformed_lines_are_corrupt() {
        for bad in [
            r#"{"v":1,"kind":"source","key":"8c3f"#,
            r#"{"v":1,"kind":"source","key":"zz","debug":"x"}"#,
            r#"{"v":1,"kind":"cov","key":"8c3f0a9b12d4e5f6","counters":[1,2,3]}"#,
            r#"{"kind":"source","key":"8c3f0a9b12d4e5f6","debug":"x"}"#,
            r#"{"v":1,"kind":"mg","mr":"m","class":"c","sources":[],"follow_ups":0,"outcome":"maybe"}"#,
            r#"{"v":1,"kind":"header","runtime":"0","binary":"b","pid":1,"registry":[],"coverage":{"status":"ok","profile_version":10,"num_counters":2,"functions":[["00000000000000ff","0000000000000001",1,4]]}}"#,
        ] {
            assert!(matches!(parse(bad), Err(LineError::Corrupt(_))), "{bad}");
        }
    }
}

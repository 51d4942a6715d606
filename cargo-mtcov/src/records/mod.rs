//! Reading a run's record files (`<run dir>/*.jsonl`, one per test
//! process) into the data the measure needs, with the checks that keep
//! stale or foreign data out of a report.
//!
//! - another schema version stops the read ([`RecordError::UnknownSchemaVersion`]):
//!   mixing versions would silently misread fields;
//! - a corrupt line is skipped with a warning naming `file:line`, and a final
//!   line without its newline (the process died while writing it) likewise;
//! - a file written by a binary that is not one of the build's test
//!   executables is skipped with a warning: its counters cannot be mapped
//!   and its MGs were not run by this build's tests. Each run writes to a
//!   fresh directory, so this is a process that a test started itself
//!   (trybuild, a CLI test) and that inherited `MTCOV_RECORD_DIR`.

mod line;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::error::RecordError;
use line::{CoverageLine, LineError, Record};
pub use line::{FunctionEntry, MrLine as MrInfo, Outcome, SCHEMA_VERSION};

/// Everything one run recorded, merged over its test processes.
#[derive(Debug, Default)]
pub struct RunRecords {
    /// Registered MRs: the union over binaries, one entry per id, by id.
    pub registry: Vec<MrInfo>,
    /// Distinct source inputs: key → `Debug` representation.
    pub sources: BTreeMap<u64, String>,
    /// Every metamorphic group that ran, in file order.
    pub groups: Vec<Mg>,
    /// Per test process: its binary, profiler function table and the
    /// counters of each source input it executed.
    pub processes: Vec<ProcessRecords>,
    /// What was skipped and why, one message per problem, `file:line: ...`.
    pub warnings: Vec<String>,
}

/// One metamorphic group.
#[derive(Debug, Clone, PartialEq)]
pub struct Mg {
    pub mr: String,
    pub class: String,
    pub sources: Vec<u64>,
    /// The MR's argument, on skipped and panicked MGs.
    pub argument: Option<u64>,
    pub follow_ups: u64,
    pub outcome: Outcome,
    pub message: Option<String>,
    pub test: Option<String>,
    /// Index into [`RunRecords::processes`].
    pub process: usize,
}

/// The records of one test process (one file).
#[derive(Debug, Clone)]
pub struct ProcessRecords {
    pub file: PathBuf,
    pub binary: PathBuf,
    pub pid: u64,
    pub runtime_version: String,
    pub coverage: ProcessCoverage,
    /// `cov` records in file order: source key and its non-zero counters
    /// as (global counter index, value). A key can appear more than once
    /// (its executions covered different code); readers take the union.
    pub counters: Vec<(u64, Vec<(u32, u64)>)>,
}

/// Whether and how a process captured coverage.
#[derive(Debug, Clone, PartialEq)]
pub enum ProcessCoverage {
    /// Not instrumented (not built by `cargo mtcov`).
    Off,
    /// Instrumented, but the runtime could not read the profiler's data:
    /// coverage is unknown (never to be read as empty).
    Unsupported(String),
    Captured {
        profile_version: u64,
        num_counters: u64,
        functions: Vec<FunctionEntry>,
    },
}

/// Reads every `*.jsonl` in `dir`. With `expected_binaries`, a file whose
/// header names another binary is skipped with a warning.
pub fn read_run(dir: &Path, expected_binaries: Option<&[PathBuf]>) -> Result<RunRecords> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the records directory {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let expected: Option<Vec<PathBuf>> =
        expected_binaries.map(|bins| bins.iter().map(|b| canonical(b)).collect());

    let mut run = RunRecords::default();
    let mut registry: BTreeMap<String, MrInfo> = BTreeMap::new();
    for file in &files {
        let text =
            std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        let text = String::from_utf8_lossy(&text);
        read_file(file, &text, expected.as_deref(), &mut run, &mut registry)?;
    }
    run.registry = registry.into_values().collect();
    Ok(run)
}

fn read_file(
    file: &Path,
    text: &str,
    expected: Option<&[PathBuf]>,
    run: &mut RunRecords,
    registry: &mut BTreeMap<String, MrInfo>,
) -> Result<()> {
    let name = file.display().to_string();
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut process: Option<usize> = None;
    for (index, raw) in lines.iter().enumerate() {
        let number = index + 1;
        if raw.trim().is_empty() {
            continue;
        }
        if number == lines.len() && !complete {
            run.warnings.push(format!(
                "{name}:{number}: truncated final line skipped (the test process stopped while writing it)"
            ));
            break;
        }
        let record = match line::parse(raw) {
            Ok(record) => record,
            Err(LineError::Version(found)) => {
                return Err(RecordError::UnknownSchemaVersion {
                    file: name,
                    line: number,
                    found,
                    expected: SCHEMA_VERSION,
                }
                .into());
            }
            Err(LineError::Corrupt(why)) => {
                run.warnings
                    .push(format!("{name}:{number}: corrupt record skipped: {why}"));
                continue;
            }
        };
        match (record, process) {
            (Record::Header(header), None) => {
                let binary = PathBuf::from(&header.binary);
                if let Some(expected) = expected {
                    if !expected.contains(&canonical(&binary)) {
                        run.warnings.push(format!(
                            "{name}: written by {}, which is not a test binary of this build \
                             (a process started by a test?); its records are skipped",
                            header.binary
                        ));
                        return Ok(());
                    }
                }
                for mr in header.registry {
                    merge_mr(registry, mr, &name, &mut run.warnings);
                }
                run.processes.push(ProcessRecords {
                    file: file.to_path_buf(),
                    binary,
                    pid: header.pid,
                    runtime_version: header.runtime,
                    coverage: match header.coverage {
                        CoverageLine::Off => ProcessCoverage::Off,
                        CoverageLine::Unsupported(why) => ProcessCoverage::Unsupported(why),
                        CoverageLine::Ok {
                            profile_version,
                            num_counters,
                            functions,
                        } => ProcessCoverage::Captured {
                            profile_version,
                            num_counters,
                            functions,
                        },
                    },
                    counters: Vec::new(),
                });
                process = Some(run.processes.len() - 1);
            }
            (Record::Header(_), Some(_)) => {
                run.warnings
                    .push(format!("{name}:{number}: second header skipped"));
            }
            (_, None) => {
                run.warnings.push(format!(
                    "{name}: no valid header before line {number}; the file's records cannot be \
                     attributed to a test binary and are skipped"
                ));
                return Ok(());
            }
            (Record::Source { key, debug }, Some(_)) => {
                run.sources.entry(key).or_insert(debug);
            }
            (Record::Mg(mg), Some(process)) => run.groups.push(Mg { process, ..mg }),
            (Record::Cov { key, counters }, Some(p)) => {
                let proc = &mut run.processes[p];
                match &proc.coverage {
                    ProcessCoverage::Captured { num_counters, .. } => {
                        if let Some((bad, _)) = counters.iter().find(|&&(i, _)| u64::from(i) >= *num_counters) {
                            run.warnings.push(format!(
                                "{name}:{number}: counter index {bad} is beyond the header's {num_counters} counters; record skipped"
                            ));
                            continue;
                        }
                        proc.counters.push((key, counters));
                    }
                    _ => run.warnings.push(format!(
                        "{name}:{number}: coverage record in a process whose header has no function table; skipped"
                    )),
                }
            }
        }
    }
    if process.is_none() && !lines.is_empty() {
        run.warnings
            .push(format!("{name}: no valid header; file skipped"));
    }
    Ok(())
}

fn merge_mr(
    registry: &mut BTreeMap<String, MrInfo>,
    mr: MrInfo,
    file: &str,
    warnings: &mut Vec<String>,
) {
    match registry.get(&mr.id) {
        None => {
            registry.insert(mr.id.clone(), mr);
        }
        Some(known) if *known == mr => {}
        Some(known) => warnings.push(format!(
            "{file}: MR `{}` is registered differently by two binaries ({}:{} class `{}` vs {}:{} class `{}`); using the first",
            mr.id, known.file, known.line, known.class, mr.file, mr.line, mr.class
        )),
    }
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests;

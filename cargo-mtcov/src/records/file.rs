//! One record file read into the run: its header starts a process (its
//! registry and declarations merged into the run's), its lines fill it,
//! and its end line (or what is missing) says whether it is complete.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;
use mtcov_protocol::categories::Declaration;
use mtcov_protocol::read::{
    CoverageLine, LineError, ParsedLine, parse_line, parse_line_without_counters,
};
use mtcov_protocol::{
    Counters, CoverageLayout, GroupShares, Header, MgRecord, MrDescription, Record, SCHEMA_VERSION,
};

use super::FullVectors;
use super::{
    ChoicesRecord, Completeness, CounterReading, Execution, FollowUp, NOT_READ, ProcessRecords,
    RunRecords, Unclassified, Vectors,
};
use crate::error::RecordError;
use crate::run::{RecordText, canonical};

pub(super) fn read_file(
    file: &Path,
    read: &RecordText,
    expected: Option<&[PathBuf]>,
    run: &mut RunRecords,
    registry: &mut BTreeMap<String, MrDescription>,
) -> Result<()> {
    let name = file.display().to_string();
    let text = read.text.as_str();
    let lines: Vec<&str> = text.lines().collect();
    let mut reader = FileReader {
        name: &name,
        process: 0,
        full: FullVectors::default(),
        // A damaged compressed file holds lines up to the damage only.
        problem: read
            .damage
            .as_ref()
            .map(|why| format!("{name}: the compressed records are damaged ({why})")),
        ended: false,
        skipping: run.counters == CounterReading::Skip,
    };
    let mut attributed = false;
    for (index, raw) in lines.iter().enumerate() {
        let number = index + 1;
        if number == lines.len() && !text.ends_with('\n') {
            reader.problem(number, "the last line is cut off");
            break;
        }
        if reader.ended {
            reader.problem(number, "a line after the end line");
            break;
        }
        let read = match run.counters {
            CounterReading::Decode => record_of(raw),
            CounterReading::Skip => match parse_line_without_counters(raw) {
                Ok(ParsedLine::Record(record)) => Ok((record, false)),
                Ok(ParsedLine::Coverage(line)) if attributed => {
                    reader.coverage_line(run, line);
                    continue;
                }
                Ok(ParsedLine::Coverage(_)) => record_of(raw),
                Err(e) => Err(e),
            },
        };
        let (record, follow_up) = match read {
            Ok(read) => read,
            Err(LineError::Version(found)) => {
                return Err(RecordError::UnknownSchemaVersion {
                    file: name,
                    line: number,
                    found,
                    expected: u64::from(SCHEMA_VERSION),
                }
                .into());
            }
            Err(LineError::Corrupt(why)) => {
                reader.problem(number, &format!("unreadable record ({why})"));
                continue;
            }
        };
        if attributed {
            if let Err(why) = reader.add(run, index, record, follow_up) {
                reader.problem(number, &why);
            }
            continue;
        }
        let Record::Header(header) = record else {
            run.unattributed.push(format!(
                "{name}: line {number} comes before any header; the file's records cannot be \
                 attributed to a test binary"
            ));
            return Ok(());
        };
        if let Some(expected) = expected
            && !expected.contains(&canonical(Path::new(&header.binary)))
        {
            run.warnings.push(format!(
                "{name}: written by {}, which is not a test binary of this build \
                     (a process started by a test?); its records are skipped",
                header.binary
            ));
            return Ok(());
        }
        reader.process = add_process(file, header, run, registry);
        attributed = true;
    }
    if attributed {
        run.processes[reader.process].vectors = std::mem::take(&mut reader.full).into_vectors();
        if !reader.ended {
            reader.problem.get_or_insert(format!(
                "{name}: no end line (the process did not exit normally, or records were lost)"
            ));
        }
        run.processes[reader.process].completeness = match reader.problem {
            None => Completeness::Complete,
            Some(why) => Completeness::Incomplete(why),
        };
    } else if !text.is_empty() || read.damage.is_some() {
        run.unattributed.push(reader.problem.unwrap_or_else(|| {
            format!("{name}: no readable header; the file's records cannot be attributed")
        }));
    }
    Ok(())
}

/// A line's record, and whether it is of a follow-up execution: a
/// `followcov` line reads as a `cov` line, into another list.
fn record_of(line: &str) -> Result<(Record, bool), LineError> {
    Ok(match parse_line(line)? {
        Record::FollowCov {
            key,
            mr,
            fingerprint,
            counters,
        } => (
            Record::Cov {
                key,
                mr,
                fingerprint,
                counters,
                shared: false,
            },
            true,
        ),
        record => (record, false),
    })
}

/// One record file's lines after its header, read into its process.
struct FileReader<'a> {
    name: &'a str,
    /// The process the header started.
    process: usize,
    /// The process's counter vectors, by (source key, fingerprint): what
    /// the `cov` lines wrote (the process's [`ProcessRecords::vectors`]
    /// once the file is read).
    full: FullVectors,
    /// The first reason the file is incomplete, if any.
    problem: Option<String>,
    ended: bool,
    /// Counter vectors are not read ([`CounterReading::Skip`]).
    skipping: bool,
}

impl FileReader<'_> {
    /// Notes why the file is incomplete, at line `number`, unless an
    /// earlier line already did.
    fn problem(&mut self, number: usize, why: &str) {
        let name = self.name;
        self.problem
            .get_or_insert_with(|| format!("{name}:{number}: {why}"));
    }

    /// The record of the line after `index` lines; `Err` says why it
    /// cannot be read (the file is then incomplete).
    fn add(
        &mut self,
        run: &mut RunRecords,
        index: usize,
        record: Record,
        follow_up: bool,
    ) -> Result<(), String> {
        let p = self.process;
        match record {
            Record::Header(_) => return Err("a second header".to_owned()),
            Record::Source { key, debug } => run.processes[p].sources.push((key, debug)),
            Record::Mg(mut mg) => {
                self.follow_up_runs(&mut run.processes[p], &mg)?;
                // Only `--affected` reads the rest of the shares, from
                // the files.
                mg.shares = None;
                run.groups.push((mg, p));
            }
            record @ (Record::Choices { .. }
            | Record::FollowUp { .. }
            | Record::Unclassified { .. }
            | Record::Draws { .. }) => self.generation(run, index, record),
            Record::Minimal { key, mr, debug, .. } => run.minimal.push((key, mr, debug)),
            Record::Tolerance(site) => run.checks.push((site, p)),
            // Read as `cov` by the caller.
            Record::FollowCov { .. } => {}
            Record::Cov {
                key,
                mr,
                fingerprint,
                counters,
                shared,
            } => {
                let process = &mut run.processes[p];
                let vector = self.vector(process, key, fingerprint, counters)?;
                let execution = Execution {
                    key,
                    mr,
                    vector,
                    shared,
                };
                match follow_up {
                    true => process.follow_executions.push(execution),
                    false => process.executions.push(execution),
                }
            }
            Record::Aside {
                counters,
                first_use,
                captures,
                outside,
            } => set_aside(
                &mut run.processes[p],
                [counters, first_use, outside],
                captures,
            )?,
            Record::End { lines: counted, .. } => self.end(counted, index),
        }
        Ok(())
    }

    /// A `cov` or `followcov` line read without its counters: the
    /// execution, with no vector.
    fn coverage_line(&self, run: &mut RunRecords, line: CoverageLine) {
        let process = &mut run.processes[self.process];
        let execution = Execution {
            key: line.key,
            mr: line.mr,
            vector: NOT_READ,
            shared: line.shared,
        };
        match line.follow_up {
            true => process.follow_executions.push(execution),
            false => process.executions.push(execution),
        }
    }

    /// Notes the vector of the measured follow-up runs of `mg` (its
    /// shares' `follow`: the `followcov` line written before it), or that
    /// they are not known.
    fn follow_up_runs(&self, process: &mut ProcessRecords, mg: &MgRecord) -> Result<(), String> {
        let Some(runs) = &mut process.follow_up_runs else {
            return Ok(());
        };
        if self.skipping {
            // No vectors: the counts come from the kept evaluation.
            process.follow_up_runs = None;
            return Ok(());
        }
        match (mg.shares.as_deref(), mg.sources.first()) {
            (
                Some(GroupShares {
                    follow: Some(fp), ..
                }),
                Some(&key),
            ) => runs.push(self.full.index_of(key, *fp)?),
            // No follow-up execution left a counter.
            (Some(GroupShares { follow: None, .. }), Some(_)) => {}
            // Captured, nothing to name its follow-ups by: unknown when
            // it ran any.
            (Some(_), None) if mg.follow_ups > 0 => process.follow_up_runs = None,
            (Some(_), None) => {}
            // Not captured on its own (nested in another window, whose
            // runs hold it), or a runtime that writes no shares.
            (None, _)
                if mg.follow_ups > 0
                    && matches!(process.coverage, CoverageLayout::Captured { .. }) =>
            {
                process.follow_up_runs = None
            }
            (None, _) => {}
        }
        Ok(())
    }

    /// A record of how inputs were classified and drawn: `choices`,
    /// `followup`, `unclassified`, `draws`.
    fn generation(&self, run: &mut RunRecords, index: usize, record: Record) {
        match record {
            Record::Choices {
                key,
                mr,
                source_type,
                function,
                choices,
            } => run.choices.push(ChoicesRecord {
                key,
                mr,
                source_type,
                function,
                choices,
                at: format!("{}:{}", self.name, index + 1),
            }),
            Record::FollowUp {
                source,
                mr,
                source_type,
                function,
                choices,
            } => run.follow_ups.push(FollowUp {
                source,
                mr,
                source_type,
                function,
                choices,
            }),
            Record::Unclassified { key, mr, returned } => {
                run.unclassified.push(Unclassified { key, mr, returned })
            }
            Record::Draws {
                site,
                test,
                planned,
                drawn,
            } => run.stopped_draws.push(crate::model::StoppedDraws {
                site,
                test,
                planned,
                drawn,
            }),
            _ => unreachable!("only records of generation are passed"),
        }
    }

    /// The `end` line, after `index` lines; the process said it wrote
    /// `counted`.
    fn end(&mut self, counted: u64, index: usize) {
        self.ended = true;
        if counted != index as u64 {
            self.problem.get_or_insert(format!(
                "{}: the process wrote {counted} lines before its end line, the file has {index}",
                self.name
            ));
        }
    }

    /// The vector a `cov` line's counters are: written in full, as
    /// changes from a vector written in full earlier, or as one written
    /// earlier; its counters checked against the process's layout and
    /// the line's fingerprint.
    fn vector(
        &mut self,
        process: &ProcessRecords,
        key: u64,
        fingerprint: u64,
        counters: Counters,
    ) -> Result<u32, String> {
        self.full.resolve(key, fingerprint, counters, |counters| {
            check_counters(&process.coverage, counters, fingerprint)
        })
    }
}

/// The conflict of a type declared for every function by one declaration
/// and per function by the other.
fn both_ways(a: &Declaration, b: &Declaration) -> String {
    let (whole, per) = if a.function.is_none() { (a, b) } else { (b, a) };
    format!(
        "`{}` is declared both for every function ({}:{}) and per function ({}:{}); declare it \
         one way",
        a.source_type, whole.file, whole.line, per.file, per.line
    )
}

/// What an `aside` line gives its process (what ran outside source
/// executions, in warm-ups, and between MGs; the capture counts), checked
/// against its layout.
fn set_aside(
    process: &mut ProcessRecords,
    [counters, first_use, outside]: [Vec<(u32, u64)>; 3],
    captures: (u64, u64),
) -> Result<(), String> {
    for counters in [&counters, &first_use, &outside] {
        check_counters(&process.coverage, counters, None)?;
    }
    process.aside = counters;
    process.first_use = first_use;
    process.captures = captures;
    process.outside = outside;
    Ok(())
}

/// Counters fit the header's layout and, for a `cov` or `followcov`
/// line, match its fingerprint (a vector written as changes is checked
/// after they are applied).
fn check_counters(
    coverage: &CoverageLayout,
    counters: &[(u32, u64)],
    fingerprint: impl Into<Option<u64>>,
) -> Result<(), String> {
    let CoverageLayout::Captured { num_counters, .. } = coverage else {
        return Err("a coverage record in a process whose header has no function table".into());
    };
    if let Some((bad, _)) = counters
        .iter()
        .find(|&&(i, _)| u64::from(i) >= *num_counters)
    {
        return Err(format!(
            "counter index {bad} is beyond the header's {num_counters} counters"
        ));
    }
    match fingerprint.into() {
        Some(expected) if mtcov_protocol::write::fingerprint(counters) != expected => Err(format!(
            "the counters do not match the record's fingerprint {expected:016x}"
        )),
        _ => Ok(()),
    }
}

fn add_process(
    file: &Path,
    header: Header,
    run: &mut RunRecords,
    registry: &mut BTreeMap<String, MrDescription>,
) -> usize {
    let name = file.display().to_string();
    merge_registry(&name, header.registry, run, registry);
    merge_declarations(&name, &header.categories, run);
    run.processes.push(ProcessRecords {
        file: file.to_path_buf(),
        binary: PathBuf::from(header.binary),
        pid: header.pid,
        attempt: header.attempt,
        sources: Vec::new(),
        runtime_version: header.runtime,
        coverage: header.coverage,
        vectors: Vectors::default(),
        executions: Vec::new(),
        follow_executions: Vec::new(),
        aside: Vec::new(),
        first_use: Vec::new(),
        outside: Vec::new(),
        follow_up_runs: Some(Vec::new()),
        captures: (0, 0),
        completeness: Completeness::Incomplete(String::new()),
    });
    run.processes.len() - 1
}

/// A binary's MRs into the run's registry; an MR registered differently
/// by two binaries is warned of (the first kept).
fn merge_registry(
    name: &str,
    mrs: Vec<MrDescription>,
    run: &mut RunRecords,
    registry: &mut BTreeMap<String, MrDescription>,
) {
    for mr in mrs {
        match registry.get(&mr.id) {
            None => {
                registry.insert(mr.id.clone(), mr);
            }
            Some(known) if *known == mr => {}
            Some(known) => run.warnings.push(format!(
                "{name}: MR `{}` is registered differently by two binaries ({}:{} class `{}` vs {}:{} class `{}`); using the first",
                mr.id, known.file, known.line, known.class, mr.file, mr.line, mr.class
            )),
        }
    }
}

/// A binary's `categories!` declarations into the run's; clashes within
/// the binary or with another binary's are conflicts the report names.
fn merge_declarations(name: &str, categories: &[Declaration], run: &mut RunRecords) {
    let mut declared_here: Vec<&Declaration> = Vec::new();
    for decl in categories {
        if let Some(other) = declared_here.iter().find(|d| d.clashes(decl)) {
            run.declaration_conflicts
                .push(if other.function == decl.function {
                    format!(
                        "{name}: two `categories!` declarations for `{}`; declare each once",
                        decl.subject()
                    )
                } else {
                    format!("{name}: {}", both_ways(other, decl))
                });
            continue;
        }
        declared_here.push(decl);
        match run.declarations.iter().find(|d| d.clashes(decl)) {
            None => run.declarations.push(decl.clone()),
            Some(known) if known == decl => {}
            Some(known) if known.function != decl.function => run
                .declaration_conflicts
                .push(format!("{name}: {}", both_ways(known, decl))),
            Some(known) => run.declaration_conflicts.push(format!(
                "{name}: the categories of `{}` are declared differently by two binaries ({}:{} and {}:{}); declare them once, in one place",
                decl.subject(), known.file, known.line, decl.file, decl.line
            )),
        }
    }
}

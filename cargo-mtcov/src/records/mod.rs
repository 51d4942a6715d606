//! Reading a run's record files (`<run dir>/*.jsonl`, one per test
//! process, in the format of `mtcov-protocol`) into the data the measure
//! needs, with the checks that keep stale, foreign or incomplete data out
//! of a report.
//!
//! - another schema version stops the read ([`RecordError::UnknownSchemaVersion`]):
//!   mixing versions would silently misread fields;
//! - a file written by a binary that is not one of the build's test
//!   executables is skipped with a warning: its counters cannot be mapped
//!   and its MGs were not run by this build's tests (a process that a test
//!   started itself, such as trybuild or a CLI test, and that inherited
//!   the record directory);
//! - every other file says whether it is [complete](Completeness): closed
//!   by an `end` line that counts the lines before it. What an incomplete
//!   file means depends on how its process ended; the commands decide;
//! - of the attempts of a test that its runner retried (the header's
//!   `attempt`, under cargo-nextest), only the last counts: the records of
//!   earlier attempts (their MGs, sources and counters) are dropped.
//!
//! The result does not depend on how the tests were spread over
//! processes: processes are ordered by binary and by the first test that
//! ran an MG in them, and MGs by binary and test, so that one process per
//! test and one process per binary give the same report.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::Result;
use mtcov_protocol::categories::Declaration;
use mtcov_protocol::{Attempt, CoverageLayout, MgRecord, MrDescription};

use crate::run::last_run::LastRun;
use crate::run::{BinaryOutcome, BinaryRun, RecordText, canonical, record_files};
use file::read_file;

mod file;
pub(crate) mod shards;
mod vectors;

pub(crate) use vectors::{DenseSum, FullVectors, Pairs, VectorWriter};

/// A record file's lines one by one, as what rewrites a file line by line
/// (`--affected`) reads it: each line's number (from 1), its text as
/// written (with its `\n`, when it has one) and its record; `Err` says
/// which line cannot be read and why.
pub(crate) fn lines(
    text: &str,
) -> impl Iterator<Item = Result<(usize, &str, mtcov_protocol::Record), String>> {
    text.split_inclusive('\n').enumerate().map(|(i, raw)| {
        mtcov_protocol::read::parse_line(raw.trim_end_matches('\n'))
            .map(|record| (i + 1, raw, record))
            .map_err(|e| format!("line {}: {e}", i + 1))
    })
}

/// Everything one run recorded, merged over its test processes.
#[derive(Debug, Default)]
pub(crate) struct RunRecords {
    /// Registered MRs: the union over binaries, one entry per id, by id.
    pub(crate) registry: Vec<MrDescription>,
    /// Distinct source inputs: key → `Debug` representation.
    pub(crate) sources: BTreeMap<u64, String>,
    /// Every metamorphic group that ran, in file order, with the index of
    /// its process in [`RunRecords::processes`].
    pub(crate) groups: Vec<(MgRecord, usize)>,
    /// Per test process: its binary, coverage layout and the counters of
    /// each source input it executed.
    pub(crate) processes: Vec<ProcessRecords>,
    /// `categories!` declarations: the union over binaries, by source type.
    pub(crate) declarations: Vec<Declaration>,
    /// Declarations that contradict each other (two for one source type).
    pub(crate) declaration_conflicts: Vec<String>,
    /// `choices` records: source key, source type, the choices or the
    /// classification error, and where the record is (`file:line`).
    pub(crate) choices: Vec<ChoicesRecord>,
    /// Source executions whose output was not of the declared output
    /// type (`unclassified` records), once per (source key, MR) and process.
    pub(crate) unclassified: Vec<Unclassified>,
    /// The frames follow-up inputs of declared types reached (`followup`
    /// records): which MR made them from which source input.
    pub(crate) follow_ups: Vec<FollowUp>,
    /// Strategy checks that stopped drawing at a failure (`draws`).
    pub(crate) stopped_draws: Vec<crate::model::StoppedDraws>,
    /// Minimal failing inputs found by shrinking (`minimal`): the original
    /// source key, the MR, the minimal input's `Debug`.
    pub(crate) minimal: Vec<(u64, String, String)>,
    /// What the float comparisons of each check site saw (`tolerance`
    /// records), with the index of the process that wrote each.
    pub(crate) checks: Vec<(mtcov_protocol::CheckSite, usize)>,
    /// What was skipped and why, one message per problem, `file:line: ...`.
    pub(crate) warnings: Vec<String>,
    /// Files whose records cannot be attributed to any process: no
    /// readable header. Damage, unless a process died writing it.
    pub(crate) unattributed: Vec<String>,
    /// How the counter vectors were read: when skipped, the processes
    /// hold their executions but no vectors.
    pub(crate) counters: CounterReading,
}

/// Whether a read decodes and checks the counter vectors of `cov` and
/// `followcov` lines, or leaves them unread: a command that takes the
/// run's kept evaluation (made from exactly these files, each checked
/// then) needs only which executions there were.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum CounterReading {
    #[default]
    Decode,
    Skip,
}

/// The vector of an execution read without counters.
pub(crate) const NOT_READ: u32 = u32::MAX;

/// One `unclassified` record: the source execution of `key` by `mr`
/// returned `returned`, not the declared output type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unclassified {
    pub(crate) key: u64,
    pub(crate) mr: String,
    pub(crate) returned: String,
}

/// One `followup` record: MR `mr` made, from the source input `source`, a
/// follow-up input of `source_type` in the frame `choices`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FollowUp {
    pub(crate) source: u64,
    pub(crate) mr: String,
    pub(crate) source_type: String,
    /// The declaration's function, for a type declared per function.
    pub(crate) function: Option<String>,
    pub(crate) choices: Vec<Option<u16>>,
}

/// One `choices` record.
#[derive(Debug, Clone)]
pub(crate) struct ChoicesRecord {
    pub(crate) key: u64,
    /// The MR whose source execution's output gave the O-choices.
    pub(crate) mr: Option<String>,
    pub(crate) source_type: String,
    /// The declaration's function, for a type declared per function.
    pub(crate) function: Option<String>,
    pub(crate) choices: Result<Vec<Option<u16>>, String>,
    pub(crate) at: String,
}

/// The records of one test process (one file).
#[derive(Debug, Clone)]
pub(crate) struct ProcessRecords {
    pub(crate) file: PathBuf,
    pub(crate) binary: PathBuf,
    pub(crate) pid: u64,
    /// The test and attempt it ran for, when its runner retries tests.
    pub(crate) attempt: Option<Attempt>,
    /// Its `source` records: key and `Debug` text.
    pub(crate) sources: Vec<(u64, String)>,
    pub(crate) runtime_version: String,
    pub(crate) coverage: CoverageLayout,
    /// The distinct counter vectors of its `cov` and `followcov` records,
    /// in file order.
    pub(crate) vectors: Vectors,
    /// Its source executions (`cov` records), in file order: which source
    /// input, run by which MR, left which of [`vectors`](Self::vectors).
    /// A (key, MR) can appear more than once (its executions covered
    /// different code); readers take the union.
    pub(crate) executions: Vec<Execution>,
    /// What the follow-up executions of its MGs covered (`followcov`
    /// records), each named by the MG's first source input and its MR:
    /// the follow-up side of Metamorphic Coverage.
    pub(crate) follow_executions: Vec<Execution>,
    /// The counters its MGs left outside source executions (follow-ups,
    /// checks), summed; empty when none ran or the process did not exit.
    pub(crate) aside: Vec<(u32, u64)>,
    /// The counters of the warm-up runs before its measured executions
    /// (code run only on first use), summed; empty as `aside`.
    pub(crate) first_use: Vec<(u32, u64)>,
    /// Its measured source executions, and those another thread ran
    /// during (from the `aside` line).
    pub(crate) captures: (u64, u64),
    /// What ran outside every MG (test body, input generation), summed;
    /// empty as `aside`, and in records of earlier releases.
    pub(crate) outside: Vec<(u32, u64)>,
    /// Per MG whose follow-up executions were captured, the vector (in
    /// [`vectors`](Self::vectors)) its `mg` line's shares name: those
    /// executions' measured runs, which `aside` holds beside their
    /// warm-ups. `None` when an MG's follow-ups are in `aside` but its line
    /// does not say which counters they left (no shares, or no source
    /// input to name them by): the process's execution counts are then
    /// not known ([`execution_counts`](Self::execution_counts)).
    pub(crate) follow_up_runs: Option<Vec<u32>>,
    pub(crate) completeness: Completeness,
}

impl ProcessRecords {
    /// How many times the process ran each counter as its tests run
    /// without mtcov: every SUT execution counted once, by its warm-up
    /// run (the first, which runs where the test runs it; its measured
    /// run is the second), with everything else the process ran (test
    /// bodies, input generation, checks, building follow-up inputs).
    /// That is what ran between MGs, the warm-up runs, and what MGs ran
    /// outside source executions less their measured follow-up runs.
    /// Why not, when not known: the process recorded no coverage or did
    /// not exit normally (no `aside` line), an MG's measured follow-up
    /// runs cannot be told apart, or the sums contradict each other.
    pub(crate) fn execution_counts(&self) -> Result<Vec<(u32, u64)>, String> {
        use mtcov_protocol::counters::{add, subtract};
        let file = self.file.display();
        if !matches!(self.coverage, CoverageLayout::Captured { .. }) {
            return Err(format!("{file} holds no coverage"));
        }
        if let Completeness::Incomplete(why) = &self.completeness {
            return Err(format!("its process did not exit normally ({why})"));
        }
        let Some(follow_up_runs) = &self.follow_up_runs else {
            return Err(format!(
                "{file} has an MG whose follow-up runs its records cannot tell apart (an MG \
                 without source executions, or a runtime that writes no shares)"
            ));
        };
        let mut sum = DenseSum::default();
        for &vector in follow_up_runs {
            sum.add(&self.vectors.get(vector as usize));
        }
        let measured_follow_ups = sum.pairs();
        // Every measured follow-up run is in `aside`.
        if !subtract(&measured_follow_ups, &self.aside).is_empty() {
            return Err(format!(
                "in {file}, the MGs' follow-up runs are not all in the process's aside sum"
            ));
        }
        let mut counts = subtract(&self.aside, &measured_follow_ups);
        add(&mut counts, &self.first_use);
        add(&mut counts, &self.outside);
        Ok(counts)
    }
}

/// The counter vectors of one process: each as written, in full or as its
/// changes from one written in full, packed in the records' own counter
/// encoding (`mtcov_protocol::counters`: two or three bytes a pair
/// instead of sixteen), so memory grows as the record files do; unpacked
/// when read.
#[derive(Debug, Clone, Default)]
pub(crate) struct Vectors {
    items: Vec<Stored>,
}

#[derive(Debug, Clone)]
enum Stored {
    Full(Packed),
    Changes { base: u32, changes: Packed },
}

/// Sorted (index, value) pairs in the counter encoding.
#[derive(Debug, Clone)]
struct Packed(Box<str>);

impl Packed {
    fn new(pairs: &[(u32, u64)]) -> Packed {
        let mut text = String::with_capacity(pairs.len() * 2);
        mtcov_protocol::counters::encode(&mut text, pairs);
        Packed(text.into_boxed_str())
    }

    fn unpack(&self) -> Vec<(u32, u64)> {
        mtcov_protocol::counters::decode(&self.0)
            .expect("packed by `Packed::new` from pairs the reader checked")
    }
}

impl Vectors {
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Vector `index`: its non-zero counters as (global counter index,
    /// value), sorted by index.
    pub(crate) fn get(&self, index: usize) -> Vec<(u32, u64)> {
        match &self.items[index] {
            Stored::Full(counters) => counters.unpack(),
            Stored::Changes { base, changes } => {
                let Stored::Full(base) = &self.items[*base as usize] else {
                    unreachable!("a base is always a vector written in full (checked on reading)")
                };
                mtcov_protocol::counters::apply(&base.unpack(), &changes.unpack())
            }
        }
    }

    /// Vector `index` when it was written in full.
    pub(super) fn full(&self, index: u32) -> Option<Vec<(u32, u64)>> {
        match &self.items[index as usize] {
            Stored::Full(counters) => Some(counters.unpack()),
            Stored::Changes { .. } => None,
        }
    }

    pub(super) fn push_full(&mut self, counters: &[(u32, u64)]) -> u32 {
        self.items.push(Stored::Full(Packed::new(counters)));
        (self.items.len() - 1) as u32
    }

    pub(super) fn push_changes(&mut self, base: u32, changes: &[(u32, u64)]) -> u32 {
        self.items.push(Stored::Changes {
            base,
            changes: Packed::new(changes),
        });
        (self.items.len() - 1) as u32
    }
}

/// One source execution: source input `key`, run by the MR `mr`, left the
/// counters `vector` (an index into [`ProcessRecords::vectors`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Execution {
    pub(crate) key: u64,
    pub(crate) mr: String,
    pub(crate) vector: u32,
    /// Another thread of the process ran during the execution.
    pub(crate) shared: bool,
}

/// Whether a process's file holds everything the process recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Completeness {
    /// Closed by an `end` line whose count matches.
    Complete,
    /// Records are missing or unreadable; says where and why.
    Incomplete(String),
}

impl RunRecords {
    /// Source executions measured, and how many of them another thread
    /// ran during, over every process.
    pub(crate) fn captures(&self) -> (u64, u64) {
        self.processes.iter().fold((0, 0), |(measured, shared), p| {
            (measured + p.captures.0, shared + p.captures.1)
        })
    }

    /// Checks the records against how the run's processes ended. A process
    /// whose records are incomplete although it passed lost records (a
    /// write failed, the file was cut or edited): no number built on it can
    /// be trusted, so this fails. A process that failed, aborted or timed
    /// out already fails the run; its kept records are used and the loss is
    /// a warning. A process is matched by binary and pid; when the run does
    /// not know its pid, by the outcome of its whole binary. Returns the
    /// warnings.
    pub(crate) fn check_complete(&self, runs: &[BinaryRun]) -> Result<Vec<String>> {
        let mut warnings = Vec::new();
        let all_passed = runs.iter().all(|r| r.outcome == BinaryOutcome::Passed);
        let mut lost = Vec::new();
        for why in &self.unattributed {
            if all_passed {
                lost.push(why.as_str());
            } else {
                warnings.push(format!("{why}; skipped (a test binary did not finish)"));
            }
        }
        let mut outcomes: HashMap<(PathBuf, Option<u64>), &BinaryOutcome> = HashMap::new();
        for run in runs {
            let binary = canonical(&run.path);
            for process in &run.processes {
                outcomes.insert(
                    (binary.clone(), Some(u64::from(process.pid))),
                    &process.outcome,
                );
            }
            outcomes.insert((binary, None), &run.outcome);
        }
        for process in &self.processes {
            let Completeness::Incomplete(why) = &process.completeness else {
                continue;
            };
            let binary = canonical(&process.binary);
            let outcome = outcomes
                .get(&(binary.clone(), Some(process.pid)))
                .or_else(|| outcomes.get(&(binary, None)))
                .copied();
            match outcome {
                Some(BinaryOutcome::Passed) | None => lost.push(why.as_str()),
                Some(_) => warnings.push(format!(
                    "{why}; the records written before the test process failed are used"
                )),
            }
        }
        if !lost.is_empty() {
            anyhow::bail!(
                "records were lost, so the report would be wrong:\n  {}\n\
                 Check free space and permissions under the target directory, then rerun `cargo mtcov`",
                lost.join("\n  ")
            );
        }
        if let Some(process) = self
            .processes
            .iter()
            .find(|p| p.runtime_version != env!("CARGO_PKG_VERSION"))
        {
            warnings.push(format!(
                "{} was written by mt-runtime {}, this is cargo-mtcov {}; both speak record schema {}, \
                 but use the same release of both to be sure",
                process.file.display(),
                process.runtime_version,
                env!("CARGO_PKG_VERSION"),
                mtcov_protocol::SCHEMA_VERSION
            ));
        }
        Ok(warnings)
    }
}

/// A run's records, checked against how its processes ended
/// (`RunRecords::check_complete`); the warnings of both are printed.
pub(crate) fn read_checked(last: &LastRun) -> Result<RunRecords> {
    read_checked_with(last, CounterReading::Decode)
}

/// [`read_checked`], the counter vectors read as `counters` says.
pub(crate) fn read_checked_with(last: &LastRun, counters: CounterReading) -> Result<RunRecords> {
    let records = read_run_with(&last.record_dir, Some(&last.executable_paths()), counters)?;
    for warning in &records.warnings {
        crate::term::warn(warning);
    }
    for warning in records.check_complete(&last.runs)? {
        crate::term::warn(warning);
    }
    Ok(records)
}

/// Reads every record file in `dir`. With `expected_binaries`, a file whose
/// header names another binary is skipped with a warning.
pub(crate) fn read_run(dir: &Path, expected_binaries: Option<&[PathBuf]>) -> Result<RunRecords> {
    read_run_with(dir, expected_binaries, CounterReading::Decode)
}

fn read_run_with(
    dir: &Path,
    expected_binaries: Option<&[PathBuf]>,
    counters: CounterReading,
) -> Result<RunRecords> {
    let expected: Option<Vec<PathBuf>> =
        expected_binaries.map(|bins| bins.iter().map(|b| canonical(b)).collect());
    let texts = record_files(dir)?
        .into_iter()
        .map(|file| Ok((crate::run::record_text(&file)?, file)));
    read_texts_with(texts, expected.as_deref(), counters)
}

/// The records of `texts` (each a record file's text and path, read one
/// at a time), as [`read_run`] reads a directory's.
pub(crate) fn read_texts(
    texts: impl Iterator<Item = Result<(RecordText, PathBuf)>>,
    expected: Option<&[PathBuf]>,
) -> Result<RunRecords> {
    read_texts_with(texts, expected, CounterReading::Decode)
}

pub(crate) fn read_texts_with(
    texts: impl Iterator<Item = Result<(RecordText, PathBuf)>>,
    expected: Option<&[PathBuf]>,
    counters: CounterReading,
) -> Result<RunRecords> {
    let mut run = RunRecords {
        counters,
        ..RunRecords::default()
    };
    let mut registry: BTreeMap<String, MrDescription> = BTreeMap::new();
    for text in texts {
        let (text, file) = text?;
        read_file(&file, &text, expected, &mut run, &mut registry)?;
    }
    run.registry = registry.into_values().collect();
    drop_superseded_attempts(&mut run);
    put_in_order(&mut run);
    for process in &run.processes {
        for (key, debug) in &process.sources {
            run.sources.entry(*key).or_insert_with(|| debug.clone());
        }
    }
    Ok(run)
}

/// Keeps, of the processes that ran attempts of one test of one binary,
/// only the one with the highest attempt number.
fn drop_superseded_attempts(run: &mut RunRecords) {
    let mut last: BTreeMap<(PathBuf, &str), u32> = BTreeMap::new();
    for process in &run.processes {
        if let Some(attempt) = &process.attempt {
            let slot = last
                .entry((canonical(&process.binary), attempt.test.as_str()))
                .or_default();
            *slot = (*slot).max(attempt.number);
        }
    }
    let keep: Vec<bool> = run
        .processes
        .iter()
        .map(|process| {
            process.attempt.as_ref().is_none_or(|attempt| {
                last[&(canonical(&process.binary), attempt.test.as_str())] == attempt.number
            })
        })
        .collect();
    if keep.iter().all(|&k| k) {
        return;
    }
    retain_processes(run, &keep);
}

/// Removes the processes whose `keep` is false, with their MGs.
fn retain_processes(run: &mut RunRecords, keep: &[bool]) {
    let mut new_index = Vec::with_capacity(keep.len());
    let mut next = 0;
    for &k in keep {
        new_index.push(k.then_some(next));
        next += usize::from(k);
    }
    let processes = std::mem::take(&mut run.processes);
    run.processes = processes
        .into_iter()
        .zip(keep)
        .filter_map(|(p, &k)| k.then_some(p))
        .collect();
    let groups = std::mem::take(&mut run.groups);
    run.groups = groups
        .into_iter()
        .filter_map(|(mg, p)| new_index[p].map(|p| (mg, p)))
        .collect();
    let checks = std::mem::take(&mut run.checks);
    run.checks = checks
        .into_iter()
        .filter_map(|(site, p)| new_index[p].map(|p| (site, p)))
        .collect();
}

/// Orders processes by (binary, first test with an MG, file) and MGs by
/// (binary, test, process): the same for any split of tests into processes.
fn put_in_order(run: &mut RunRecords) {
    let binaries: Vec<PathBuf> = run.processes.iter().map(|p| canonical(&p.binary)).collect();
    let mut first_test: Vec<Option<&str>> = vec![None; run.processes.len()];
    for (mg, p) in &run.groups {
        if first_test[*p].is_none() {
            first_test[*p] = Some(mg.test.as_deref().unwrap_or(""));
        }
    }
    let mut order: Vec<usize> = (0..run.processes.len()).collect();
    order.sort_by(|&a, &b| {
        (&binaries[a], first_test[a], &run.processes[a].file).cmp(&(
            &binaries[b],
            first_test[b],
            &run.processes[b].file,
        ))
    });
    let mut rank = vec![0; order.len()];
    for (r, &p) in order.iter().enumerate() {
        rank[p] = r;
    }
    let mut processes: Vec<Option<ProcessRecords>> = std::mem::take(&mut run.processes)
        .into_iter()
        .map(Some)
        .collect();
    run.processes = order
        .iter()
        .map(|&p| processes[p].take().expect("each once"))
        .collect();
    for (_, p) in &mut run.groups {
        *p = rank[*p];
    }
    for (_, p) in &mut run.checks {
        *p = rank[*p];
    }
    run.checks.sort_by_key(|(_, p)| *p);
    let binaries: Vec<PathBuf> = run.processes.iter().map(|p| canonical(&p.binary)).collect();
    run.groups.sort_by(|(a, pa), (b, pb)| {
        (&binaries[*pa], a.test.as_deref().unwrap_or(""), pa).cmp(&(
            &binaries[*pb],
            b.test.as_deref().unwrap_or(""),
            pb,
        ))
    });
    // Schedule-independent order: by call site and test.
    run.stopped_draws
        .sort_by(|a, b| (&a.site, &a.test).cmp(&(&b.site, &b.test)));
    run.stopped_draws.dedup();
    run.minimal.sort();
    run.minimal.dedup();
}

#[cfg(test)]
mod tests;

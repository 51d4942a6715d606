//! Which tests of the last run keep their records, and their records
//! moved to the new build; why each other test reruns.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Result;
use mtcov_protocol::CoverageLayout;

use super::changes::FunctionKey;
use super::translate::{self, Remap};
use super::{Changes, Kept, Plan, TestNote};
use crate::build::{BuildOutput, TestExecutable};
use crate::mapping::CounterLayout;
use crate::records::{Completeness, ProcessRecords, RunRecords};
use crate::run::last_run::LastRun;
use crate::run::{self, BinaryOutcome, ProcessRun, binary_id};

/// Keeps or reruns each test process of the last run.
pub(super) fn decide<'c>(
    plan: &mut Plan,
    last: &LastRun,
    build: &BuildOutput,
    records: &RunRecords,
    changes: &Changes,
    changed_of: impl Fn(&Path) -> Option<&'c HashMap<FunctionKey, String>>,
) -> Result<()> {
    let index = LastProcesses::new(last, build, records);
    let mut layouts = Layouts::default();
    let mut seen = HashSet::new();
    for (i, process) in records.processes.iter().enumerate() {
        let binary = run::canonical(&process.binary);
        let Some((old, new, run)) = index.of(&binary, process.pid) else {
            continue;
        };
        let id = binary_id(new);
        let unique = index.pids[&(binary.clone(), process.pid)] == 1;
        let verdict = match not_keepable(run, process, unique) {
            Some(why) => Err(why),
            None => match changed_of(&binary) {
                None => Err("its binary was not in the last build".to_owned()),
                Some(changed) => keeping(process, changed, changes, |text| {
                    layouts.moved(last, process, (&old.path, &new.path), text)
                })?,
            },
        };
        let text = match verdict {
            Ok(text) => text,
            Err(why) => {
                for test in &run.tests {
                    plan.reasons
                        .insert((id.clone(), test.name.clone()), why.clone());
                }
                continue;
            }
        };
        let test = &run.tests[0].name;
        if seen.insert((new.path.clone(), test.clone())) {
            plan.keep_test(new, run, process, i, text);
            plan.summary.kept_groups += index.groups_of[i];
        }
    }
    unrecorded(plan, last, |path| index.new_of_path(path));
    plan.summary.kept.sort();
    Ok(())
}

/// A keepable process's records moved to the new build (`moved`) when
/// it ran no `changed` function and names no changed file; why it reruns
/// otherwise.
fn keeping(
    process: &ProcessRecords,
    changed: &HashMap<FunctionKey, String>,
    changes: &Changes,
    moved: impl FnOnce(&str) -> Result<Result<String, String>>,
) -> Result<Result<String, String>> {
    if let Some(name) = ran_changed(process, changed) {
        return Ok(Err(format!(
            "it ran {} (changed)",
            crate::mapping::build::function_label(Some(name), (0, 0))
        )));
    }
    let text = run::record_text(&process.file)?.whole(&process.file)?;
    if let Some(file) = changes.names.iter().find(|n| text.contains(n.as_str())) {
        return Ok(Err(format!("its records name {file}, which changed")));
    }
    moved(&text)
}

type Identity = (String, String, String);

fn identity(e: &TestExecutable) -> Identity {
    (e.package.clone(), e.target.clone(), e.kind.clone())
}

/// The last run's test processes by (binary, pid), its executables by
/// path, the new build's by identity.
struct LastProcesses<'a> {
    new_of: HashMap<Identity, &'a TestExecutable>,
    old_exes: HashMap<PathBuf, &'a TestExecutable>,
    runs_of: HashMap<(PathBuf, u64), &'a ProcessRun>,
    /// Records per (binary, pid): a pid used twice in a binary (kept from
    /// an earlier run, then given to a new process) cannot tell which test
    /// a file is of.
    pids: HashMap<(PathBuf, u64), usize>,
    /// Per record file, its MGs.
    groups_of: Vec<usize>,
}

impl<'a> LastProcesses<'a> {
    fn new(last: &'a LastRun, build: &'a BuildOutput, records: &RunRecords) -> Self {
        let mut runs_of = HashMap::new();
        for run in &last.runs {
            for process in run.processes.iter().filter(|p| !p.listing) {
                runs_of.insert((run::canonical(&run.path), u64::from(process.pid)), process);
            }
        }
        let mut pids: HashMap<(PathBuf, u64), usize> = HashMap::new();
        for process in &records.processes {
            *pids
                .entry((run::canonical(&process.binary), process.pid))
                .or_default() += 1;
        }
        let mut groups_of = vec![0usize; records.processes.len()];
        for (_, p) in &records.groups {
            groups_of[*p] += 1;
        }
        LastProcesses {
            new_of: build.executables.iter().map(|e| (identity(e), e)).collect(),
            old_exes: last
                .build
                .executables
                .iter()
                .map(|e| (run::canonical(&e.path), e))
                .collect(),
            runs_of,
            pids,
            groups_of,
        }
    }

    /// A process's old executable, new executable and run; none when the
    /// binary was not the last build's, is gone from the new one (its
    /// tests are gone too), or the process is not one of the last run's.
    fn of(
        &self,
        binary: &Path,
        pid: u64,
    ) -> Option<(&'a TestExecutable, &'a TestExecutable, &'a ProcessRun)> {
        let old = *self.old_exes.get(binary)?;
        let run = *self.runs_of.get(&(binary.to_path_buf(), pid))?;
        let new = *self.new_of.get(&identity(old))?;
        Some((old, new, run))
    }

    /// An old binary's executable in the new build.
    fn new_of_path(&self, path: &Path) -> Option<&'a TestExecutable> {
        let old = self.old_exes.get(&run::canonical(path))?;
        self.new_of.get(&identity(old)).copied()
    }
}

impl Plan {
    /// Keeps `run`'s test with its records (`text`, moved to `new`).
    fn keep_test(
        &mut self,
        new: &TestExecutable,
        run: &ProcessRun,
        process: &ProcessRecords,
        index: usize,
        text: String,
    ) {
        let test = &run.tests[0].name;
        self.keep
            .entry(new.path.clone())
            .or_default()
            .insert(test.clone());
        let file_name = match run::written_name(&process.file) {
            name if name.is_empty() => format!("{index}.jsonl"),
            name => name,
        };
        self.kept.push(Kept {
            binary: new.path.clone(),
            process: run.clone(),
            file_name: format!("kept-{file_name}"),
            text,
        });
        self.summary.kept.push(TestNote {
            binary: binary_id(new),
            test: test.clone(),
            why: "ran no changed function".to_owned(),
        });
    }
}

/// Why a test process of the last run cannot be kept whatever changed:
/// its pid is not `unique` among the records, its records are
/// incomplete, it did not pass, or it ran several tests.
fn not_keepable(run: &ProcessRun, process: &ProcessRecords, unique: bool) -> Option<String> {
    let why = match (run.tests.as_slice(), &process.completeness) {
        _ if !unique => "its process id is not unique among the last run's",
        (_, Completeness::Incomplete(_)) => "its records of the last run are incomplete",
        _ if run.outcome != BinaryOutcome::Passed => "it did not pass in the last run",
        ([_], _) => return None,
        _ => "it shared its process with other tests",
    };
    Some(why.to_owned())
}

/// Tests whose process wrote no records (a binary that does not link
/// mt-runtime): nothing says what they ran, so they rerun. `new_of` gives
/// an old binary's path its executable in the new build.
fn unrecorded<'b>(
    plan: &mut Plan,
    last: &LastRun,
    new_of: impl Fn(&Path) -> Option<&'b TestExecutable>,
) {
    for run in &last.runs {
        let Some(new) = new_of(&run.path) else {
            continue;
        };
        let id = binary_id(new);
        for test in run
            .processes
            .iter()
            .filter(|p| !p.listing)
            .flat_map(|p| &p.tests)
        {
            let kept = plan
                .keep
                .get(&new.path)
                .is_some_and(|k| k.contains(&test.name));
            if !kept {
                plan.reasons
                    .entry((id.clone(), test.name.clone()))
                    .or_insert_with(|| "its process wrote no records in the last run".to_owned());
            }
        }
    }
}

/// The counter layouts of the old and new binaries, read once each.
#[derive(Default)]
struct Layouts {
    old: HashMap<PathBuf, CounterLayout>,
    new: HashMap<PathBuf, CounterLayout>,
}

impl Layouts {
    /// A kept process's record `text` moved to the new binary's counters;
    /// `Ok(Err(why))` when it cannot move (the test reruns). Records that
    /// are not the old binary's own are refused: counters of another build
    /// would be moved as if they were.
    fn moved(
        &mut self,
        last: &LastRun,
        process: &ProcessRecords,
        (old, new): (&Path, &Path),
        text: &str,
    ) -> Result<Result<String, String>> {
        let CoverageLayout::Captured {
            num_counters,
            functions,
            ..
        } = &process.coverage
        else {
            return Ok(Err("its coverage was not captured".to_owned()));
        };
        let old_layout = match self.old.entry(run::canonical(old)) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(place) => place.insert(CounterLayout::read(last.file(old))?),
        };
        if let Some(detail) = old_layout.difference(*num_counters, functions) {
            return Err(crate::error::RecordError::OtherBuild {
                file: process.file.display().to_string(),
                binary: old.display().to_string(),
                detail,
            }
            .into());
        }
        let layout = match self.new.entry(new.to_path_buf()) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(place) => place.insert(CounterLayout::read(new)?),
        };
        let remap = Remap::new(functions, *num_counters, &layout.functions);
        Ok(translate::translate(text, &remap, layout)
            .map_err(|why| format!("its records do not move to the new build ({why})")))
    }
}

/// The first changed function the process ran, by name.
fn ran_changed<'c>(
    process: &ProcessRecords,
    changed: &'c HashMap<FunctionKey, String>,
) -> Option<&'c str> {
    if changed.is_empty() {
        return None;
    }
    let CoverageLayout::Captured {
        num_counters,
        functions,
        ..
    } = &process.coverage
    else {
        return None;
    };
    let mut owner: Vec<Option<&str>> = vec![None; usize::try_from(*num_counters).unwrap_or(0)];
    for entry in functions {
        if let Some(name) = changed.get(&(entry.name_ref, entry.func_hash)) {
            for i in entry.first_counter..entry.first_counter + entry.num_counters {
                if let Some(slot) = owner.get_mut(i as usize) {
                    *slot = Some(name.as_str());
                }
            }
        }
    }
    let hit = |pairs: &[(u32, u64)]| {
        pairs
            .iter()
            .filter(|&&(_, value)| value != 0)
            .find_map(|&(index, _)| owner.get(index as usize).copied().flatten())
    };
    (0..process.vectors.len())
        .find_map(|i| hit(&process.vectors.get(i)))
        .or_else(|| hit(&process.aside))
        .or_else(|| hit(&process.first_use))
        .or_else(|| hit(&process.outside))
}

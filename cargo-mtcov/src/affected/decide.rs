//! Which tests of the last run keep their records, and their records
//! moved to the new build; why each other test reruns.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Result;
use mtcov_protocol::CoverageLayout;

use super::changes::FunctionKey;
use super::groups::Grouped;
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
    split: bool,
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
        let paths = (old.path.as_path(), new.path.as_path());
        let verdict = match not_keepable(run, process, unique) {
            Some(why) => Verdict::Rerun(why),
            None => match changed_of(&binary) {
                None => Verdict::Rerun("its binary was not in the last build".to_owned()),
                Some(changed) => match keeping(process, changed, changes, split)? {
                    Verdict::Keep(text) => match layouts.moved(last, process, paths, text)? {
                        Ok(text) => Verdict::Keep(text),
                        Err(why) => Verdict::Rerun(why),
                    },
                    Verdict::Split(mut part) => match layouts.remap(last, process, paths)? {
                        Ok(remap) if part.movable(&remap) => {
                            part.remap = Some(remap);
                            Verdict::Split(part)
                        }
                        _ => Verdict::Rerun(part.why),
                    },
                    rerun => rerun,
                },
            },
        };
        let test = &run.tests[0].name;
        match verdict {
            Verdict::Keep(text) => {
                if seen.insert((new.path.clone(), test.clone())) {
                    plan.keep_test(new, run, process, i, text);
                    plan.summary.kept_groups += index.groups_of[i];
                }
            }
            Verdict::Split(split) => plan.split_test(new, test, *split),
            Verdict::Rerun(why) => {
                for test in &run.tests {
                    plan.reasons
                        .insert((id.clone(), test.name.clone()), why.clone());
                }
            }
        }
    }
    unrecorded(plan, last, |path| index.new_of_path(path), changed_of);
    plan.summary.kept.sort();
    Ok(())
}

/// What becomes of a test process of the last run.
enum Verdict {
    /// Its records (moved to the new build, once decided).
    Keep(String),
    /// Some of its MGs rerun, the others are kept.
    Split(Box<Split>),
    /// It reruns, for this reason.
    Rerun(String),
}

/// A test process of which only the MGs a change reaches rerun.
pub(super) struct Split {
    /// Its records of the last run, as MGs.
    pub(super) old: Grouped,
    /// Per MG of `old`: kept (else it reruns).
    pub(super) keep: Vec<bool>,
    /// Moves the kept MGs' counters to the new build.
    pub(super) remap: Option<Remap>,
    /// Why the others rerun.
    pub(super) why: String,
}

impl Split {
    /// Whether some MGs are kept and others rerun once every kept MG
    /// whose counters `remap` cannot move reruns too.
    fn movable(&mut self, remap: &Remap) -> bool {
        let unmoved = |pairs: &[(u32, u64)]| remap.pairs(pairs).is_err();
        let mut seen = HashMap::new();
        for (group, keep) in self.old.groups.iter().zip(self.keep.iter_mut()) {
            if *keep {
                *keep = self.old.reaches(group, &unmoved, &mut seen) == Ok(false);
            }
        }
        self.keep.contains(&true) && self.keep.contains(&false)
    }
}

/// A keepable process's records when it ran no `changed` function and
/// names no changed file; when it ran one only in some of its MGs (and
/// `split`: each test has a process of its own), a [`Split`]; why it
/// reruns otherwise.
fn keeping(
    process: &ProcessRecords,
    changed: &HashMap<FunctionKey, String>,
    changes: &Changes,
    split: bool,
) -> Result<Verdict> {
    let text = run::record_text(&process.file)?.whole(&process.file)?;
    let names_changed = changes.names.iter().find(|n| text.contains(n.as_str()));
    let owners = Owners::new(process, changed);
    let Some((owners, name)) = owners.as_ref().and_then(|o| Some((o, o.ran(process)?))) else {
        return Ok(match names_changed {
            Some(file) => Verdict::Rerun(format!("its records name {file}, which changed")),
            None => Verdict::Keep(text),
        });
    };
    let why = format!(
        "it ran {} (changed)",
        crate::mapping::build::function_label(Some(name), (0, 0))
    );
    if !split || names_changed.is_some() || owners.hit(&process.outside).is_some() {
        return Ok(Verdict::Rerun(why));
    }
    let Ok(old) = Grouped::read(&text) else {
        return Ok(Verdict::Rerun(why));
    };
    let keep = unreached(&old, owners);
    if !keep.contains(&true) {
        return Ok(Verdict::Rerun(why));
    }
    Ok(Verdict::Split(Box::new(Split {
        old,
        keep,
        remap: None,
        why,
    })))
}

/// Per MG of `old`: whether none of its counters is one of `owners`'
/// changed functions'. The MGs of an MR with float checks are all
/// reached or none: a check site's line sums every MG of its MR.
fn unreached(old: &Grouped, owners: &Owners<'_>) -> Vec<bool> {
    let hit = |pairs: &[(u32, u64)]| owners.hit(pairs).is_some();
    let mut seen = HashMap::new();
    let mut keep: Vec<bool> = old
        .groups
        .iter()
        .map(|group| old.reaches(group, &hit, &mut seen) == Ok(false))
        .collect();
    let checked: HashSet<&str> = old.tolerance.iter().map(|s| s.mr.as_str()).collect();
    let reached: HashSet<&str> = old
        .groups
        .iter()
        .zip(&keep)
        .filter(|(g, k)| !**k && checked.contains(g.id.0.as_str()))
        .map(|(g, _)| g.id.0.as_str())
        .collect();
    for (group, keep) in old.groups.iter().zip(keep.iter_mut()) {
        if reached.contains(group.id.0.as_str()) {
            *keep = false;
        }
    }
    keep
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
            records: Some((format!("kept-{file_name}"), text)),
            ran: None,
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
/// mt-runtime): one that ran alone in its process, passed, and ran no
/// function of `changed_of` its binary, as its raw profile said, is kept;
/// the others rerun. `new_of` gives an old binary's path its executable in
/// the new build.
fn unrecorded<'b, 'c>(
    plan: &mut Plan,
    last: &LastRun,
    new_of: impl Fn(&Path) -> Option<&'b TestExecutable>,
    changed_of: impl Fn(&Path) -> Option<&'c HashMap<FunctionKey, String>>,
) {
    for run in &last.runs {
        let Some(new) = new_of(&run.path) else {
            continue;
        };
        let id = binary_id(new);
        let changed = changed_of(&run::canonical(&run.path));
        for process in run.processes.iter().filter(|p| !p.listing) {
            let why = match (process.tests.as_slice(), changed) {
                _ if process.outcome != BinaryOutcome::Passed => {
                    Some("it did not pass in the last run".to_owned())
                }
                ([_], Some(changed)) => {
                    match run::profiles::ran(&last.record_dir, &run.path, process.pid) {
                        None => Some(
                            "its process wrote no records in the last run, nor a profile"
                                .to_owned(),
                        ),
                        Some(ran) => ran
                            .iter()
                            .find_map(|f| changed.get(f))
                            .map(|name| format!("it ran {name}, which changed")),
                    }
                }
                ([_], None) => Some("its binary was not in the last build".to_owned()),
                _ => Some("it shared its process with other tests".to_owned()),
            };
            for test in &process.tests {
                let kept = plan
                    .keep
                    .get(&new.path)
                    .is_some_and(|k| k.contains(&test.name));
                if kept {
                    continue;
                }
                match &why {
                    Some(why) => {
                        plan.reasons
                            .entry((id.clone(), test.name.clone()))
                            .or_insert_with(|| why.clone());
                    }
                    None => plan.keep_unrecorded(new, process, (&last.record_dir, &run.path)),
                }
            }
        }
    }
}

impl Plan {
    /// Keeps the test of `process`, which wrote no records: what it ran
    /// is copied from `ran` (the last run's record folder and binary).
    fn keep_unrecorded(&mut self, new: &TestExecutable, process: &ProcessRun, ran: (&Path, &Path)) {
        let test = &process.tests[0].name;
        if !self
            .keep
            .entry(new.path.clone())
            .or_default()
            .insert(test.clone())
        {
            return;
        }
        self.kept.push(Kept {
            binary: new.path.clone(),
            process: process.clone(),
            records: None,
            ran: Some((ran.0.to_path_buf(), ran.1.to_path_buf())),
        });
        self.summary.kept.push(TestNote {
            binary: binary_id(new),
            test: test.clone(),
            why: "ran no changed function".to_owned(),
        });
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
    /// `Ok(Err(why))` when it cannot move (the test reruns).
    fn moved(
        &mut self,
        last: &LastRun,
        process: &ProcessRecords,
        (old, new): (&Path, &Path),
        text: String,
    ) -> Result<Result<String, String>> {
        let remap = match self.remap(last, process, (old, new))? {
            Ok(remap) => remap,
            Err(why) => return Ok(Err(why)),
        };
        let layout = &self.new[new];
        // The new binary keeps every counter where the old one did (the
        // change is elsewhere): the records are its own as they are.
        if let CoverageLayout::Captured {
            num_counters,
            functions,
            ..
        } = &process.coverage
            && layout.difference(*num_counters, functions).is_none()
        {
            return Ok(Ok(text));
        }
        Ok(translate::translate(&text, &remap, layout)
            .map_err(|why| format!("its records do not move to the new build ({why})")))
    }

    /// Where each counter of a kept process moves in the new build; why
    /// not, when its coverage was not captured. Records that are not the
    /// old binary's own are refused: counters of another build would be
    /// moved as if they were.
    fn remap(
        &mut self,
        last: &LastRun,
        process: &ProcessRecords,
        (old, new): (&Path, &Path),
    ) -> Result<Result<Remap, String>> {
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
        Ok(Ok(Remap::new(functions, *num_counters, &layout.functions)))
    }
}

/// Which counters of a process belong to a changed function, by name.
struct Owners<'c> {
    owner: Vec<Option<&'c str>>,
}

impl<'c> Owners<'c> {
    /// None when nothing changed or the process's coverage is unknown.
    fn new(process: &ProcessRecords, changed: &'c HashMap<FunctionKey, String>) -> Option<Self> {
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
        let mut owner = vec![None; usize::try_from(*num_counters).unwrap_or(0)];
        for entry in functions {
            if let Some(name) = changed.get(&(entry.name_ref, entry.func_hash)) {
                for i in entry.first_counter..entry.first_counter + entry.num_counters {
                    if let Some(slot) = owner.get_mut(i as usize) {
                        *slot = Some(name.as_str());
                    }
                }
            }
        }
        Some(Owners { owner })
    }

    /// The changed function of the first non-zero counter among `pairs`
    /// that has one.
    fn hit(&self, pairs: &[(u32, u64)]) -> Option<&'c str> {
        pairs
            .iter()
            .filter(|&&(_, value)| value != 0)
            .find_map(|&(index, _)| self.owner.get(index as usize).copied().flatten())
    }

    /// The first changed function the process ran, by name.
    fn ran(&self, process: &ProcessRecords) -> Option<&'c str> {
        (0..process.vectors.len())
            .find_map(|i| self.hit(&process.vectors.get(i)))
            .or_else(|| self.hit(&process.aside))
            .or_else(|| self.hit(&process.first_use))
            .or_else(|| self.hit(&process.outside))
    }
}

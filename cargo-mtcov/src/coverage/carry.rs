//! The last run's kept evaluation carried to a new build, for an
//! `--affected` run that reran nothing (why that is exact: the
//! `affected` stage's `carry`): each requirement of the new build that an
//! unchanged function counts takes the data of the same requirement of
//! the last run, found at its place before the diff moved it; the others
//! (only changed functions count them, which no kept process ran) are
//! covered by no one. Anything that does not fit (a requirement not
//! found, one found twice, one that ran in the last run and has no place
//! in the new build) leaves the carry undone, and the records are
//! evaluated as after any run.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use super::{CriterionCoverage, KeptEvaluation, ScopePatterns, kept, location};
use crate::build::Workspace;
use crate::mapping::{CoverageMap, MergedRequirements, Scope, SourceFacts};
use crate::model::{Criterion, Location};
use crate::patch::LineShift;
use crate::records::RunRecords;
use crate::run::last_run::LastRun;
use mtcov_protocol::CoverageLayout;

/// A change no kept process ran (`--affected`'s plan says so).
pub(crate) struct Change {
    /// The run before it.
    pub(crate) base: LastRun,
    /// Per changed file (absolute path): where each new line was.
    pub(crate) shifts: HashMap<std::path::PathBuf, LineShift>,
    /// Whether a function of the new build (by NameRef) is one of the
    /// base's that the change left alone.
    pub(crate) unchanged: Box<dyn Fn(u64) -> bool>,
}

/// The last run's kept evaluation and the change that moves it (read
/// before the new run's commit removes the last run's records).
pub(crate) struct Base {
    criteria: Vec<CriterionCoverage>,
    change: Change,
    /// What the base's sources said (test code, functions), if it kept it.
    facts: Option<HashMap<std::path::PathBuf, SourceFacts>>,
}

/// The kept evaluation of `change`'s base for the code criteria of
/// `asked`, or why there is none.
pub(crate) fn base(
    workspace: &Workspace,
    change: Change,
    asked: &[Criterion],
    patterns: ScopePatterns<'_>,
) -> Result<Base, String> {
    let kept = super::kept_evaluation(workspace, &change.base, asked, patterns)
        .ok_or("the last run kept no evaluation of these criteria")?;
    let facts = Scope::read_facts(&change.base.record_dir.join(super::SOURCE_FACTS));
    Ok(Base {
        criteria: kept.criteria,
        change,
        facts,
    })
}

/// The evaluation of `last` (the new run, whose records are `records`)
/// carried from `base`, kept beside its records as if evaluated; or why
/// it cannot be.
pub(crate) fn carry(
    workspace: &Workspace,
    last: &LastRun,
    records: &RunRecords,
    base: Base,
    asked: &[Criterion],
    patterns: ScopePatterns<'_>,
) -> Result<KeptEvaluation, String> {
    let why = |e: anyhow::Error| format!("{e:#}");
    let code: Vec<Criterion> = asked
        .iter()
        .copied()
        .filter(|c| !c.is_black_box())
        .collect();
    let scope = super::scope(workspace, patterns).map_err(why)?;
    if let Some(facts) = base.facts {
        // Only the changed files are parsed again.
        scope.seed_changed(facts, base.change.shifts.keys().cloned());
    }
    let mut binaries: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for (index, process) in records.processes.iter().enumerate() {
        if matches!(process.coverage, CoverageLayout::Captured { .. }) {
            binaries
                .entry(process.binary.as_path())
                .or_default()
                .push(index);
        }
    }
    super::check_layouts(last, records, &binaries).map_err(why)?;
    let maps = super::maps(last, &scope, binaries.keys()).map_err(why)?;
    let unchanged = &base.change.unchanged;
    let mut criteria = Vec::new();
    for &criterion in &code {
        let old = base.criteria.iter().find(|c| c.criterion == criterion);
        if criterion == Criterion::Branch && !maps.iter().any(CoverageMap::has_branch_regions) {
            if old.is_some() {
                return Err("the new build has no branch regions".to_owned());
            }
            continue;
        }
        let old =
            old.ok_or_else(|| format!("the last run did not measure {}", criterion.name()))?;
        let merged = MergedRequirements::new(maps.iter(), criterion);
        let mut counted = vec![false; merged.requirements.len()];
        for (map, translation) in maps.iter().zip(&merged.translations) {
            for (local, yes) in map
                .counted_by(criterion, unchanged)?
                .into_iter()
                .enumerate()
            {
                if yes {
                    counted[translation[local] as usize] = true;
                }
            }
        }
        criteria.push(moved(
            old,
            &merged,
            &counted,
            &base.change.shifts,
            &workspace.root,
        )?);
    }
    let functions = super::functions(&maps, &workspace.root);
    if let Some(key) = kept::Key::now(workspace, &last.record_dir, &code, patterns) {
        kept::save(&last.record_dir, &key, &criteria, &functions);
    }
    Ok(KeptEvaluation {
        criteria,
        functions,
    })
}

const GONE: u32 = u32::MAX;

/// A requirement as the kept evaluation can find it again: its place
/// (file relative to the root, lines before the diff, columns) and what
/// its label says beyond its place (a branch's outcome, a function's name).
type Place = (String, u32, u32, u32, u32, String);

fn place(location: &Location, (line_start, line_end): (u32, u32)) -> Place {
    let what = match location.label.as_deref() {
        None => "",
        Some(l) if l.starts_with("branch ") => l.rsplit(' ').next().unwrap_or(l),
        Some(l) if l.starts_with("function at ") => "function at",
        Some(l) => l,
    };
    (
        location.file.clone(),
        line_start,
        location.col_start,
        line_end,
        location.col_end,
        what.to_owned(),
    )
}

/// `old` (one criterion of the last run) over the requirements `merged`
/// of the new build, of which `counted` are an unchanged function's.
fn moved(
    old: &CriterionCoverage,
    merged: &MergedRequirements,
    counted: &[bool],
    shifts: &HashMap<std::path::PathBuf, LineShift>,
    root: &Path,
) -> Result<CriterionCoverage, String> {
    let mut index: HashMap<Place, u32> = HashMap::with_capacity(old.locations.len());
    for (id, l) in old.locations.iter().enumerate() {
        if index
            .insert(place(l, (l.line_start, l.line_end)), id as u32)
            .is_some()
        {
            return Err(format!("{l} is two requirements of the last run"));
        }
    }
    let locations: Vec<Location> = merged
        .requirements
        .iter()
        .map(|r| location(r, root))
        .collect();
    let mut to = vec![GONE; old.locations.len()];
    for (new, r) in merged.requirements.iter().enumerate() {
        if !counted[new] {
            continue;
        }
        let key = &r.key;
        let lines = match shifts.get(Path::new(&*key.file)) {
            None => (key.line_start, key.line_end),
            Some(shift) => shift
                .old_span(key.line_start, key.line_end)
                .ok_or_else(|| format!("{key} has a changed line"))?,
        };
        let Some(&id) = index.get(&place(&locations[new], lines)) else {
            return Err(format!("{key} is not a requirement of the last run"));
        };
        if to[id as usize] != GONE {
            return Err(format!("{key}: its place was taken twice"));
        }
        to[id as usize] = new as u32;
    }
    let mut ran = vec![false; old.locations.len()];
    for s in 0..old.coverage.num_segments() {
        for r in old.coverage.segment(s) {
            ran[r.0 as usize] = true;
        }
    }
    for (_, _, ids) in &old.differing {
        for &id in ids {
            ran[id as usize] = true;
        }
    }
    let counts = [
        Some(&old.aside),
        Some(&old.first_use),
        old.runs.as_ref().ok(),
    ];
    for (id, ran) in ran.iter_mut().enumerate() {
        *ran |= counts.iter().flatten().any(|c| c[id] > 0);
        if *ran && to[id] == GONE {
            return Err(format!(
                "{} ran in the last run and is no requirement of the new build",
                old.locations[id]
            ));
        }
    }
    let n = merged.requirements.len();
    let spread = |values: &[u64]| {
        let mut out = vec![0; n];
        for (id, &v) in values.iter().enumerate() {
            if to[id] != GONE {
                out[to[id] as usize] = v;
            }
        }
        out
    };
    let rename = |c: &crate::measure::Coverage| c.renamed(n as u32, &to).map_err(|e| e.to_string());
    Ok(CriterionCoverage {
        criterion: old.criterion,
        coverage: rename(&old.coverage)?,
        locations,
        aside: spread(&old.aside),
        clean: old.clean.as_ref().map(rename).transpose()?,
        first_use: spread(&old.first_use),
        aside_complete: old.aside_complete,
        runs: old.runs.as_deref().map(spread).map_err(Clone::clone),
        differing: old
            .differing
            .iter()
            .map(|(input, mr, ids)| {
                let mut ids: Vec<u32> = ids
                    .iter()
                    .map(|&id| to[id as usize])
                    .filter(|&id| id != GONE)
                    .collect();
                ids.sort_unstable();
                (*input, *mr, ids)
            })
            .collect(),
    })
}

//! A reduction of the last run: its suite (the groups that held and what
//! each MR's executions covered), the kills of a kill matrix by those
//! groups, what the kept set keeps, and the selection files that run it.

use std::collections::{BTreeSet, HashMap};

use anyhow::{Context, Result, bail};
use mtcov_protocol::Outcome;

use super::summary::{CriterionKept, Kept, KeptGroup, MrCost, Reduction};
use super::{Adequacy, Budget, ExactInfo, Group, Method, Order, Suite, SuiteCriterion};
use crate::coverage::CriterionCoverage;
use crate::inputs::Assembled;
use crate::model::Criterion;
use crate::mutants::matrix::Matrix;
use crate::records::RunRecords;
use crate::run::BinaryOutcome;
use crate::run::last_run::LastRun;

/// How the selection names a group: its MR's id, the key of the MR's
/// argument, and its source inputs' `Debug` text.
pub(crate) struct Unit {
    mr: String,
    argument: u64,
    sources: Vec<u64>,
}

/// The groups that held (each distinct `(MR, sources)` once) and what
/// each MR's source executions covered per criterion; refused when no
/// group held.
pub(crate) fn suite_of_run(
    records: &RunRecords,
    assembled: &Assembled,
    measured: &[CriterionCoverage],
) -> Result<(Suite, Vec<Unit>)> {
    let mut seen: BTreeSet<(u32, Vec<u32>)> = BTreeSet::new();
    let mut groups = Vec::new();
    let mut units = Vec::new();
    for (mg, _) in &records.groups {
        // Only groups that held associate and are kept or dropped; one
        // without a source input associates nothing.
        let (Outcome::Holds, Some(&first)) = (mg.outcome, mg.sources.first()) else {
            continue;
        };
        let mr = assembled.mr_of_id[mg.mr.as_str()].0;
        let sources: Vec<u32> = mg
            .sources
            .iter()
            .map(|key| assembled.input_of_key[key].0)
            .collect();
        if seen.insert((mr, sources.clone())) {
            groups.push(Group { mr, sources });
            units.push(Unit {
                mr: mg.mr.clone(),
                argument: mg.argument.unwrap_or(first),
                sources: mg.sources.clone(),
            });
        }
    }
    let criteria = measured
        .iter()
        .map(|c| SuiteCriterion {
            name: c.criterion.name().to_owned(),
            requirements: c.coverage.num_requirements(),
            executions: c
                .coverage
                .segments()
                .map(|(input, mr, reqs)| {
                    (input.0, mr.map(|m| m.0), reqs.iter().map(|r| r.0).collect())
                })
                .collect(),
            differing: {
                let mut differing: Vec<(u32, u32, Vec<u32>)> = c
                    .differing
                    .iter()
                    .map(|(input, mr, reqs)| (input.0, mr.0, reqs.clone()))
                    .collect();
                differing.sort_unstable();
                differing
            },
        })
        .collect();
    let suite = Suite {
        classes: assembled.mrs.iter().map(|mr| mr.class.clone()).collect(),
        inputs: assembled.sources.len() as u32,
        content: units
            .iter()
            .map(|u| super::content_key(&u.mr, &u.sources))
            .collect(),
        groups,
        criteria,
        kills: Vec::new(),
    };
    if suite.groups.is_empty() {
        bail!("no metamorphic group of the last run held: there is nothing to keep");
    }
    Ok((suite, units))
}

/// Per killed mutant of the kill matrix at `path` (`--mutants`), the
/// run's groups that kill it. The matrix's baseline must have run the same
/// groups as the last run.
pub(crate) fn kills_of(path: &std::path::Path, units: &[Unit]) -> Result<Vec<Vec<u32>>> {
    if !path.is_file() {
        bail!(
            "--mutants: no kill matrix at {}: run `cargo mtcov mutants` first",
            path.display()
        );
    }
    let matrix = Matrix::load_whole(path)?;
    // A group is its MR and the set of its source inputs (the matrix
    // lists them sorted, records in first-use order).
    let sorted = |keys: &[u64]| {
        let mut keys = keys.to_vec();
        keys.sort_unstable();
        keys
    };
    let index: HashMap<(&str, Vec<u64>), u32> = units
        .iter()
        .enumerate()
        .map(|(g, u)| ((u.mr.as_str(), sorted(&u.sources)), g as u32))
        .collect();
    let mut group_of = Vec::with_capacity(matrix.groups.len());
    for group in &matrix.groups {
        let mr = &matrix.mrs[group.mr as usize].id;
        let keys = group
            .sources
            .iter()
            .map(|&s| u64::from_str_radix(&matrix.sources[s as usize].key, 16))
            .collect::<Result<Vec<u64>, _>>()
            .context("the kill matrix has a source key that is not hexadecimal")?;
        let Some(&g) = index.get(&(mr.as_str(), sorted(&keys))) else {
            bail!(
                "--mutants: the kill matrix's baseline ran an MG of `{mr}` that the last run did not: \
                 the matrix is of another run; run `cargo mtcov mutants` again (its baseline becomes \
                 the last run), or reduce without --mutants"
            );
        };
        group_of.push(g);
    }
    let mut kills = Vec::new();
    for mutant in &matrix.mutants {
        if mutant.killed_by.is_empty() {
            continue;
        }
        let killers: Vec<u32> = mutant
            .killed_by
            .iter()
            .map(|&g| group_of[g as usize])
            .collect();
        kills.push(killers);
    }
    Ok(kills)
}

/// Refuses a run a reduction cannot start from: one with failing tests or
/// violations (a reduction keeps what a passing suite shows), one that
/// cannot give the `criteria` (no instrumented build, no branch coverage).
pub(crate) fn check_reducible(
    last: &LastRun,
    assembled: &Assembled,
    criteria: &[Criterion],
) -> Result<()> {
    if !assembled.violations.is_empty()
        || last.runs.iter().any(|r| r.outcome != BinaryOutcome::Passed)
    {
        bail!(
            "the last run has failing tests: a reduction keeps what a passing suite shows; \
             fix them (`cargo mtcov report` lists them) and run `cargo mtcov` again"
        );
    }
    crate::coverage::check_measurable(last, criteria)?;
    if criteria.contains(&Criterion::Branch) && !last.branch {
        bail!("the last run has no branch coverage: run `cargo mtcov --branch` first");
    }
    Ok(())
}

/// The groups to keep, the greedy's size and the exact search's facts:
/// with a `budget`, the first groups of `order` (the greedy's size for
/// comparison); otherwise the fewest groups that keep `A_k` and every
/// kill, up to `redundancy` of each kind (checked).
pub(crate) fn choose(
    suite: &Suite,
    k: u32,
    order: &Order,
    budget: Option<Budget>,
    redundancy: u32,
    exact: Option<std::time::Duration>,
) -> Result<(Vec<bool>, usize, Option<ExactInfo>)> {
    if let Some(budget) = budget {
        if redundancy > 1 {
            bail!(
                "--redundancy shapes the reduction, and --budget keeps the first groups of the \
                 order instead: give one of them"
            );
        }
        let mut kept = vec![false; suite.groups.len()];
        for &g in &order.groups[..budget.groups(suite.groups.len())] {
            kept[g as usize] = true;
        }
        let (_, greedy, _) = super::reduce(suite, k, None)?;
        return Ok((kept, greedy, None));
    }
    let found = super::reduce_redundant(suite, k, redundancy, exact)?;
    let all = vec![true; suite.groups.len()];
    if suite.adequacy(k, &found.0)? != suite.adequacy(k, &all)?
        || suite.kills_kept(&found.0) != suite.kills.len()
    {
        bail!("internal error: the reduced set does not keep A_k or the kills; please report this");
    }
    Ok(found)
}

/// Writes the selection files of a reduction: the kept groups, first to
/// run first, and every group of the run in its order.
pub(crate) fn write_selections(
    found: &Found<'_>,
    reduction: &Reduction,
    units: &[Unit],
    assembled: &Assembled,
) -> Result<()> {
    let kept_in_order: Vec<u32> = reduction
        .order
        .groups
        .iter()
        .copied()
        .filter(|&g| found.kept[g as usize])
        .collect();
    write_selection(
        found.selection,
        "The metamorphic groups `cargo mtcov reduce` kept",
        &kept_in_order,
        units,
        assembled,
    )?;
    write_selection(
        found.order_file,
        "Every metamorphic group of the run, prioritised by `cargo mtcov reduce`",
        &reduction.order.groups,
        units,
        assembled,
    )
}

/// The kept set, how it was found and where its files go.
pub(crate) struct Found<'a> {
    pub(crate) kept: &'a [bool],
    pub(crate) greedy_groups: usize,
    pub(crate) exact: Option<ExactInfo>,
    pub(crate) selection: &'a std::path::Path,
    pub(crate) order_file: &'a std::path::Path,
    /// How the set was chosen.
    pub(crate) method: Method,
    /// Whether the kill matrix was kept (`--mutants`).
    pub(crate) with_mutants: bool,
}

/// The numbers of the kept set, and what dropping each kept MR would cost.
pub(crate) fn describe(
    suite: &Suite,
    units: &[Unit],
    assembled: &Assembled,
    k: u32,
    found: &Found<'_>,
    (whole, kept_adequacy): (&[Option<Adequacy>], &[Option<Adequacy>]),
    order: &Order,
) -> Result<Reduction> {
    let kept = found.kept;
    let count = |kept: &[bool]| kept.iter().filter(|&&k| k).count();
    let distinct = |pick: &dyn Fn(&Group) -> Vec<u32>, only_kept: bool| {
        suite
            .groups
            .iter()
            .zip(kept)
            .filter(|(_, k)| **k || !only_kept)
            .flat_map(|(g, _)| pick(g))
            .collect::<BTreeSet<u32>>()
    };
    let inputs_of = |g: &Group| g.sources.clone();
    let mr_of = |g: &Group| vec![g.mr];
    let kept_mrs = distinct(&mr_of, true);
    let criteria: Vec<CriterionKept> = suite
        .criteria
        .iter()
        .zip(whole.iter().zip(kept_adequacy))
        .filter_map(|(c, (whole, kept))| {
            let (whole, kept) = ((*whole)?, (*kept)?);
            Some(CriterionKept {
                criterion: c.name.clone(),
                requirements: c.requirements,
                a_k: kept.value(),
                exact: kept,
                whole,
            })
        })
        .collect();
    let mr_costs = mr_costs(suite, assembled, k, found, &kept_mrs)?;
    let all_mrs = distinct(&mr_of, false);
    // In the order they run.
    let kept_groups = order
        .groups
        .iter()
        .filter(|&&g| kept[g as usize])
        .map(|&g| {
            let u = &units[g as usize];
            KeptGroup {
                mr: u.mr.clone(),
                key: format!("{:016x}", u.argument),
                sources: debug_of(u, assembled),
            }
        })
        .collect();
    Ok(Reduction {
        k,
        method: found.method,
        groups: Kept {
            kept: count(kept),
            total: suite.groups.len(),
        },
        inputs: Kept {
            kept: distinct(&inputs_of, true).len(),
            total: distinct(&inputs_of, false).len(),
        },
        mrs: Kept {
            kept: kept_mrs.len(),
            total: all_mrs.len(),
        },
        greedy_groups: found.greedy_groups,
        exact: found.exact,
        criteria,
        killed_mutants: found.with_mutants.then_some(suite.kills.len()),
        killed_mutants_kept: found.with_mutants.then(|| suite.kills_kept(found.kept)),
        kept: kept_groups,
        mrs_adding_nothing: all_mrs
            .difference(&kept_mrs)
            .map(|&m| assembled.mrs[m as usize].id.clone())
            .collect(),
        mr_costs,
        selection: found.selection.display().to_string(),
        order: order.clone(),
        order_file: found.order_file.display().to_string(),
    })
}

/// What dropping each kept MR would cost: groups, `A_k`, kills.
fn mr_costs(
    suite: &Suite,
    assembled: &Assembled,
    k: u32,
    found: &Found<'_>,
    kept_mrs: &BTreeSet<u32>,
) -> Result<Vec<MrCost>> {
    let kept = found.kept;
    let count = |kept: &[bool]| kept.iter().filter(|&&k| k).count();
    let mut mr_costs = Vec::new();
    for &mr in kept_mrs {
        let without: Vec<bool> = suite
            .groups
            .iter()
            .zip(kept)
            .map(|(g, &k)| k && g.mr != mr)
            .collect();
        let adequacy = suite.adequacy(k, &without)?;
        mr_costs.push(MrCost {
            mr: assembled.mrs[mr as usize].id.clone(),
            kept_groups: count(kept) - count(&without),
            a_k_without: adequacy.iter().flatten().map(|a| a.value()).collect(),
            kills_lost: found
                .with_mutants
                .then(|| suite.kills_kept(kept) - suite.kills_kept(&without)),
        });
    }
    Ok(mr_costs)
}

fn debug_of(unit: &Unit, assembled: &Assembled) -> Vec<String> {
    unit.sources
        .iter()
        .map(|key| {
            assembled.sources[assembled.input_of_key[key].0 as usize]
                .debug
                .clone()
        })
        .collect()
}

/// Writes a selection file: one line per group of `groups`, in order.
fn write_selection(
    path: &std::path::Path,
    what: &str,
    groups: &[u32],
    units: &[Unit],
    assembled: &Assembled,
) -> Result<()> {
    let mut text = format!(
        "# {what} ({} of {}), first to run first:\n\
         # with MTCOV_SELECT=<this file>, test processes run only these.\n",
        groups.len(),
        units.len()
    );
    for &g in groups {
        let unit = &units[g as usize];
        let inputs = debug_of(unit, assembled).join(", ");
        mtcov_protocol::selection::line(&mut text, &unit.mr, unit.argument, &inputs);
    }
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir)?;
    }
    Ok(fs_err::write(path, text)?)
}

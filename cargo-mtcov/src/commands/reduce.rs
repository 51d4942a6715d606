//! `cargo mtcov reduce`: the fewest metamorphic groups of the last run
//! that keep `A_k` (and, with `--mutants`, every kill), without rerunning
//! anything; and the selection file that runs only them.

use std::collections::{BTreeSet, HashMap};
use std::io::Write as _;

use anyhow::{Context, Result, bail};
use mtcov_protocol::Outcome;

use crate::assemble::coverage::{self, CriterionCoverage, ScopePatterns};
use crate::assemble::{Assembled, assemble, choices};
use crate::cli::ReduceCommand;
use crate::error::ExitStatus;
use crate::model::Criterion;
use crate::mutants::matrix::Matrix;
use crate::records::RunRecords;
use crate::reduce::order::Strategy;
use crate::reduce::summary::{self, CriterionKept, Kept, KeptGroup, MrCost, Reduction};
use crate::reduce::{self, Group, Method, Suite, SuiteCriterion};
use crate::run::BinaryOutcome;
use crate::term;

/// Random orders the prioritisation's APFD is compared with.
const RANDOM_ORDERS: usize = 100;

pub(super) fn run(args: &ReduceCommand) -> Result<ExitStatus> {
    let super::LastRunRead {
        workspace,
        mtcov_dir,
        last,
        _lock,
    } = super::load_last_run(&args.common, &args.last_run, true)?;
    let records = super::read_checked(&last)?;
    let assembled = assemble(&records)?;
    if !assembled.violations.is_empty()
        || last.runs.iter().any(|r| r.outcome != BinaryOutcome::Passed)
    {
        bail!(
            "the last run has failing tests: a reduction keeps what a passing suite shows; \
             fix them (`cargo mtcov report` lists them) and run `cargo mtcov` again"
        );
    }
    let criteria: Vec<Criterion> = Criterion::ALL
        .into_iter()
        .filter(|c| args.criterion.contains(c))
        .collect();
    let (black_box, code): (Vec<Criterion>, Vec<Criterion>) =
        criteria.iter().partition(|c| c.is_black_box());
    if !code.is_empty() && !last.instrumented {
        bail!(
            "the last run measured black-box criteria only: run `cargo mtcov --criterion {}` first",
            criteria
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(",")
        );
    }
    if code.contains(&Criterion::Branch) && !last.branch {
        bail!("the last run has no branch coverage: run `cargo mtcov --branch` first");
    }
    let mut measured = if code.is_empty() {
        Vec::new()
    } else {
        let patterns = ScopePatterns {
            include: &args.include,
            exclude: &args.exclude,
        };
        coverage::criteria(&workspace, &last, &records, &assembled, &code, patterns)?.criteria
    };
    measured.extend(choices::criteria(&records, &assembled, &black_box)?);
    measured.sort_by_key(|c| c.criterion);

    let (mut suite, units) = suite_of_run(&records, &assembled, &measured)?;
    if suite.groups.is_empty() {
        bail!("no metamorphic group of the last run held: there is nothing to keep");
    }
    if args.mutants {
        let path = mtcov_dir.join("mutants.json");
        if !path.is_file() {
            bail!(
                "--mutants: no kill matrix at {}: run `cargo mtcov mutants` first",
                path.display()
            );
        }
        let matrix = crate::mutants::matrix::Matrix::load_whole(&path)?;
        suite.kills = kills_of(&matrix, &units)?;
    }

    if args.budget.is_some() && args.redundancy > 1 {
        bail!(
            "--redundancy shapes the reduction, and --budget keeps the first groups of the order \
             instead: give one of them"
        );
    }
    let order = reduce::prioritise(&suite, args.k, Strategy::DEFAULT, RANDOM_ORDERS, 1);
    let all = vec![true; suite.groups.len()];
    let whole = suite.adequacy(args.k, &all)?;
    let (kept, greedy_groups, exact) = match args.budget {
        Some(budget) => {
            let mut kept = vec![false; suite.groups.len()];
            let size = budget.groups(suite.groups.len());
            for &g in &order.groups[..size] {
                kept[g as usize] = true;
            }
            // How many keep A_k, for comparison.
            let (_, greedy, _) = reduce::reduce(&suite, args.k, None)?;
            (kept, greedy, None)
        }
        None => {
            let found = reduce::reduce_redundant(
                &suite,
                args.k,
                args.redundancy,
                args.exact.then_some(args.time_limit),
            )?;
            if suite.adequacy(args.k, &found.0)? != whole
                || suite.kills_kept(&found.0) != suite.kills.len()
            {
                bail!(
                    "internal error: the reduced set does not keep A_k or the kills; please report this"
                );
            }
            found
        }
    };
    let kept_adequacy = suite.adequacy(args.k, &kept)?;

    let dir = mtcov_dir.join("reduce");
    let (selection, order_file) = (dir.join("selection.txt"), dir.join("order.txt"));
    let found = Found {
        kept: &kept,
        greedy_groups,
        exact,
        selection: &selection,
        order_file: &order_file,
    };
    let reduction = describe(
        &suite,
        &units,
        &assembled,
        args,
        &found,
        (&whole, &kept_adequacy),
        &order,
    )?;
    let kept_in_order: Vec<u32> = reduction
        .order
        .groups
        .iter()
        .copied()
        .filter(|&g| kept[g as usize])
        .collect();
    write_selection(
        &selection,
        "The metamorphic groups `cargo mtcov reduce` kept",
        &kept_in_order,
        &units,
        &assembled,
    )?;
    write_selection(
        &order_file,
        "Every metamorphic group of the run, prioritised by `cargo mtcov reduce`",
        &reduction.order.groups,
        &units,
        &assembled,
    )?;

    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&reduction)?)?;
    } else {
        write!(out, "{}", summary::render_text(&reduction))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// How the selection names a group: its MR's id, the key of the MR's
/// argument, and its source inputs' `Debug` text.
struct Unit {
    mr: String,
    argument: u64,
    sources: Vec<u64>,
}

/// The groups that held (each distinct `(MR, sources)` once) and what
/// each MR's source executions covered per criterion.
fn suite_of_run(
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
        groups,
        criteria,
        kills: Vec::new(),
    };
    Ok((suite, units))
}

/// Per killed mutant of the matrix, the run's groups that kill it. The
/// matrix's baseline must have run the same groups as the last run.
fn kills_of(matrix: &Matrix, units: &[Unit]) -> Result<Vec<Vec<u32>>> {
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

/// The kept set, how it was found and where its files go.
struct Found<'a> {
    kept: &'a [bool],
    greedy_groups: usize,
    exact: Option<reduce::ExactInfo>,
    selection: &'a std::path::Path,
    order_file: &'a std::path::Path,
}

/// The numbers of the kept set, and what dropping each kept MR would cost.
fn describe(
    suite: &Suite,
    units: &[Unit],
    assembled: &Assembled,
    args: &ReduceCommand,
    found: &Found<'_>,
    (whole, kept_adequacy): (&[Option<reduce::Adequacy>], &[Option<reduce::Adequacy>]),
    order: &reduce::Order,
) -> Result<Reduction> {
    let k = args.k;
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
    let mut mr_costs = Vec::new();
    for &mr in &kept_mrs {
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
            kills_lost: args
                .mutants
                .then(|| suite.kills_kept(kept) - suite.kills_kept(&without)),
        });
    }
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
        method: if args.budget.is_some() {
            Method::Budget
        } else if args.exact {
            Method::Exact
        } else {
            Method::Greedy
        },
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
        killed_mutants: args.mutants.then_some(suite.kills.len()),
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
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    term::status("Written", format_args!("{}", path.display()));
    Ok(())
}

//! `cargo mtcov reduce`: the fewest metamorphic groups of the last run
//! that keep `A_k` (and, with `--mutants`, every kill), without rerunning
//! anything; and the selection file that runs only them.

use std::io::Write as _;

use anyhow::{Result, bail};

use crate::assemble::coverage::{self, ScopePatterns};
use crate::assemble::{assemble, choices};
use crate::cli::ReduceCommand;
use crate::error::ExitStatus;
use crate::model::Criterion;
use crate::reduce::order::Strategy;
use crate::reduce::run::{Found, describe, kills_of, suite_of_run, write_selection};
use crate::reduce::summary::{self};
use crate::reduce::{self, Method};
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
        method: if args.budget.is_some() {
            Method::Budget
        } else if args.exact {
            Method::Exact
        } else {
            Method::Greedy
        },
        with_mutants: args.mutants,
    };
    let reduction = describe(
        &suite,
        &units,
        &assembled,
        args.k,
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
    term::status("Written", format_args!("{}", selection.display()));
    write_selection(
        &order_file,
        "Every metamorphic group of the run, prioritised by `cargo mtcov reduce`",
        &reduction.order.groups,
        &units,
        &assembled,
    )?;
    term::status("Written", format_args!("{}", order_file.display()));

    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&reduction)?)?;
    } else {
        write!(out, "{}", summary::render_text(&reduction))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

//! `cargo mtcov reduce`: the fewest metamorphic groups of the last run
//! that keep `A_k` (and, with `--mutants`, every kill), without rerunning
//! anything; and the selection file that runs only them.

use std::io::Write as _;

use anyhow::Result;

use crate::cli::ReduceCommand;
use crate::coverage::{self, ScopePatterns};
use crate::error::ExitStatus;
use crate::inputs::assemble;
use crate::model::Criterion;
use crate::reduce::order::Strategy;
use crate::reduce::run::{
    Found, check_reducible, choose, describe, kills_of, suite_of_run, write_selections,
};
use crate::reduce::summary::{self};
use crate::reduce::{self, Method};
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
    let records = crate::records::read_checked(&last)?;
    let assembled = assemble(&records)?;
    let criteria: Vec<Criterion> = Criterion::ALL
        .into_iter()
        .filter(|c| args.criterion.contains(c))
        .collect();
    check_reducible(&last, &assembled, &criteria)?;
    let patterns = ScopePatterns {
        include: &args.include,
        exclude: &args.exclude,
    };
    let measured = coverage::measured(
        &workspace, &last, &records, &assembled, &criteria, patterns, None,
    )?
    .criteria;

    let (mut suite, units) = suite_of_run(&records, &assembled, &measured)?;
    if args.mutants {
        suite.kills = kills_of(&mtcov_dir.join("mutants.json"), &units)?;
    }
    let order = reduce::prioritise(&suite, args.k, Strategy::DEFAULT, RANDOM_ORDERS, 1);
    let exact = args.exact.then_some(args.time_limit);
    let (kept, greedy_groups, exact) =
        choose(&suite, args.k, &order, args.budget, args.redundancy, exact)?;
    let all = vec![true; suite.groups.len()];
    let adequacy = (
        suite.adequacy(args.k, &all)?,
        suite.adequacy(args.k, &kept)?,
    );
    let dir = mtcov_dir.join("reduce");
    let found = Found {
        kept: &kept,
        greedy_groups,
        exact,
        selection: &dir.join("selection.txt"),
        order_file: &dir.join("order.txt"),
        method: Method::of(args.budget.is_some(), args.exact),
        with_mutants: args.mutants,
    };
    let adequacy = (&adequacy.0[..], &adequacy.1[..]);
    let reduction = describe(&suite, &units, &assembled, args.k, &found, adequacy, &order)?;
    write_selections(&found, &reduction, &units, &assembled)?;
    for file in [found.selection, found.order_file] {
        term::status("Written", format_args!("{}", file.display()));
    }

    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&reduction)?)?;
    } else {
        write!(out, "{}", summary::render_text(&reduction))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

//! `cargo mtcov tolerance`: each float check's tolerance against what the
//! last run saw, and with `--mutants` against the kill matrix; nothing
//! rerun.

use std::io::Write as _;

use anyhow::Result;

use crate::cli::ToleranceCommand;
use crate::error::ExitStatus;
use crate::tolerance::{self, Judged};

pub(super) fn run(args: &ToleranceCommand) -> Result<ExitStatus> {
    let run = super::load_last_run(&args.common, &args.last_run, false)?;
    let records = crate::records::read_checked(&run.last)?;
    let checks = tolerance::checks(&records, args.margin, &run.workspace.root);
    let judged: Vec<Judged> = if args.mutants {
        let matrix =
            crate::mutants::matrix::Matrix::load_whole(&run.mtcov_dir.join("mutants.json"))?;
        tolerance::mutants::against_matrix(checks, &matrix.checks, &matrix.mutant_views())?
    } else {
        checks.into_iter().map(Judged::alone).collect()
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = tolerance::Listing {
            margin: args.margin,
            checks: judged,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        write!(out, "{}", tolerance::text(&judged, args.margin))?;
    }
    out.flush()?;
    // Floors without the comparisons of a process that died are not the
    // run's: printed, but not passed as such.
    let lost = tolerance::without_checks(&records);
    if !lost.is_empty() {
        crate::term::warn(format_args!(
            "{} test process{} did not exit normally, so what {} float checks saw is not in the \
             floors above: {}; fix the crash and rerun `cargo mtcov`",
            lost.len(),
            if lost.len() == 1 { "" } else { "es" },
            if lost.len() == 1 { "its" } else { "their" },
            lost.join(", ")
        ));
        return Ok(ExitStatus::TestsFailed);
    }
    Ok(ExitStatus::Success)
}

//! `cargo mtcov tolerance`: each float check's tolerance against what the
//! last run saw, and with `--mutants` against the kill matrix; nothing
//! rerun.

use std::io::Write as _;

use anyhow::Result;

use super::DirLock;
use crate::build;
use crate::cli::ToleranceCommand;
use crate::error::ExitStatus;
use crate::run::last_run::LastRun;
use crate::tolerance::{self, Judged};

pub(super) fn run(args: &ToleranceCommand) -> Result<ExitStatus> {
    let workspace = build::metadata(args.common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let _lock = DirLock::shared(&mtcov_dir)?;
    let last = LastRun::load_checked(&mtcov_dir, &workspace.root, args.last_run.allow_stale)?;
    let records = super::report::read_checked(&last)?;
    let checks = tolerance::checks(&records, args.margin);
    let judged: Vec<Judged> = if args.mutants {
        let matrix = super::study::read_matrix(&mtcov_dir.join("mutants.json"))?;
        tolerance::mutants::against_matrix(checks, &matrix.checks, &matrix.mutant_views())?
    } else {
        checks.into_iter().map(Judged::alone).collect()
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = tolerance::Report {
            margin: args.margin,
            checks: judged,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        write!(out, "{}", tolerance::text(&judged, args.margin))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

//! `cargo mtcov tolerance`: each float check's tolerance against what the
//! last run saw, and with `--mutants` against the kill matrix; nothing
//! rerun.

use std::io::Write as _;

use anyhow::{Result, bail};

use super::DirLock;
use crate::build;
use crate::cli::ToleranceCommand;
use crate::error::ExitStatus;
use crate::run::last_run::LastRun;
use crate::tolerance::{self, Check, mutants::Against};

pub(super) fn run(args: &ToleranceCommand) -> Result<ExitStatus> {
    let workspace = build::metadata(args.common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let _lock = DirLock::shared(&mtcov_dir)?;
    let last = LastRun::load_checked(&mtcov_dir, &workspace.root, args.last_run.allow_stale)?;
    let records = super::report::read_checked(&last)?;
    let checks = tolerance::checks(&records, args.margin);
    let judged: Vec<(Check, Option<Against>)> = if args.mutants {
        let matrix = super::study::read_matrix(&mtcov_dir.join("mutants.json"))?;
        let sites: Vec<_> = checks.iter().map(|c| c.observed.clone()).collect();
        if matrix.checks.is_empty() && !sites.is_empty() {
            bail!(
                "--mutants: the kill matrix has no float checks (made before they were \
                 recorded, or of another run): rerun `cargo mtcov mutants`"
            );
        }
        let against =
            tolerance::mutants::against_matrix(&checks, &matrix.checks, &matrix.mutant_views())?;
        checks
            .into_iter()
            .zip(against.into_iter().map(Some))
            .collect()
    } else {
        checks.into_iter().map(|c| (c, None)).collect()
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json: Vec<serde_json::Value> = judged
            .iter()
            .map(|(check, against)| {
                let mut value = serde_json::to_value(check).expect("checks serialize");
                if let Some(against) = against {
                    value["mutants"] = serde_json::to_value(against).expect("serializes");
                }
                value
            })
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "margin": args.margin,
                "checks": json,
            }))?
        )?;
    } else {
        write!(out, "{}", tolerance::text(&judged, args.margin))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

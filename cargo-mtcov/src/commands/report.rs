//! `cargo mtcov report`: the last run re-rendered, without rebuilding or
//! rerunning.

use anyhow::Result;

use super::reporting::report_run;
use super::{outputs, resolve_color};
use crate::cli::ReportCommand;
use crate::error::ExitStatus;

pub(super) fn last_run(command: &ReportCommand) -> Result<ExitStatus> {
    let (common, options) = (&command.common, &command.report);
    outputs::check(options)?;
    let run = super::load_last_run(common, &command.last_run, false)?;
    report_run(
        &run.workspace,
        &run.last,
        options,
        resolve_color(common.color),
    )
}

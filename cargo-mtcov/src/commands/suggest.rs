//! `cargo mtcov suggest`: MR candidates from the `categories!`
//! declarations and the last run's records, without rerunning anything.

use std::io::Write as _;

use anyhow::Result;

use crate::cli::SuggestCommand;
use crate::coverage::suggestions::suggestions;
use crate::error::ExitStatus;
use crate::inputs::assemble;

pub(super) fn run(args: &SuggestCommand) -> Result<ExitStatus> {
    let run = super::load_last_run(&args.common, &args.last_run, false)?;
    let records = crate::records::read_checked(&run.last)?;
    let assembled = assemble(&records)?;
    let all = suggestions(&records, &assembled, args.k, args.limit)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&all)?)?;
    } else {
        write!(out, "{}", crate::suggest::render_text(&all))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

//! `cargo mtcov clean`: remove everything mtcov wrote.

use anyhow::{Context, Result};

use super::DirLock;
use crate::build;
use crate::cli::CommonOptions;
use crate::error::ExitStatus;
use crate::term;

pub(super) fn run(common: &CommonOptions) -> Result<ExitStatus> {
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let dir = workspace.mtcov_dir();
    if !dir.exists() {
        term::status(
            "Removed",
            format_args!("nothing ({} does not exist)", dir.display()),
        );
        return Ok(ExitStatus::Success);
    }
    let lock = DirLock::exclusive(&dir)?;
    let result = std::fs::remove_dir_all(&dir);
    drop(lock);
    result.with_context(|| format!("cannot remove {}", dir.display()))?;
    term::status("Removed", dir.display());
    Ok(ExitStatus::Success)
}

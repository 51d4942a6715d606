//! `cargo mtcov clean`: remove everything mtcov wrote.

use anyhow::{Context, Result};

use super::DirLock;
use crate::build;
use crate::cli::CommonOptions;
use crate::error::ExitStatus;

pub(super) fn run(common: &CommonOptions) -> Result<ExitStatus> {
    let workspace = build::metadata(common.manifest_path.as_deref())?;
    let dir = workspace.mtcov_dir();
    if !dir.exists() {
        eprintln!("     Nothing to remove ({} does not exist)", dir.display());
        return Ok(ExitStatus::Success);
    }
    let lock = DirLock::exclusive(&dir)?;
    let result = std::fs::remove_dir_all(&dir);
    drop(lock);
    result.with_context(|| format!("cannot remove {}", dir.display()))?;
    eprintln!("     Removed {}", dir.display());
    Ok(ExitStatus::Success)
}

//! `cargo mtcov study`: the paper's RQ1/RQ2 from the last kill matrix.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::build;
use crate::cli::StudyCommand;
use crate::error::ExitStatus;
use crate::mutants::matrix::{MATRIX_VERSION, Matrix};
use crate::study;
use crate::term;

pub(super) fn run(args: &StudyCommand) -> Result<ExitStatus> {
    let (path, default_name) = match &args.matrix {
        Some(path) => (path.clone(), None),
        None => {
            let workspace = build::metadata(args.common.manifest_path.as_deref())?;
            let name = workspace
                .root
                .file_name()
                .map(|n| n.to_string_lossy().into_owned());
            (workspace.mtcov_dir().join("mutants.json"), name)
        }
    };
    let matrix = read_matrix(&path)?;
    let result = study::run(&matrix, args.samples, args.seed)?;
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let name = args
            .name
            .clone()
            .or(default_name)
            .unwrap_or_else(|| "study".to_owned());
        for (stem, svg) in study::figures(&result, &name) {
            let file = dir.join(format!("{stem}.svg"));
            std::fs::write(&file, svg)
                .with_context(|| format!("cannot write {}", file.display()))?;
            term::status("Written", format_args!("figure {}", file.display()));
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&result)?)?;
    } else {
        write!(out, "{}", study::render_text(&result))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// The whole kill matrix at `path`, or why it cannot be used.
pub(super) fn read_matrix(path: &Path) -> Result<Matrix> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
            "no kill matrix at {}: run `cargo mtcov mutants` first (or give --matrix PATH)",
            path.display()
        ),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let version: Option<u64> = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v["version"].as_u64());
    if version != Some(u64::from(MATRIX_VERSION)) {
        bail!(
            "{} is not a kill matrix of version {MATRIX_VERSION} (found {version:?}): rerun `cargo mtcov mutants`",
            path.display()
        );
    }
    let matrix: Matrix = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a readable kill matrix", path.display()))?;
    if let Some(shard) = matrix.shard {
        bail!(
            "{} is the matrix of shard {}/{} only: merge all {} shards first (`cargo mtcov mutants --merge <shard matrices>`)",
            path.display(),
            shard.k,
            shard.n,
            shard.n
        );
    }
    Ok(matrix)
}

//! `cargo mtcov study`: the paper's RQ1/RQ2 from the last kill matrix.

use std::io::Write;

use anyhow::Result;

use crate::build;
use crate::cli::StudyCommand;
use crate::error::ExitStatus;
use crate::mutants::matrix::Matrix;
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
    let matrix = Matrix::load_whole(&path)?;
    let result = study::run(&matrix, args.samples, args.seed)?;
    if let Some(dir) = &args.svg {
        fs_err::create_dir_all(dir)?;
        let name = args
            .name
            .clone()
            .or(default_name)
            .unwrap_or_else(|| "study".to_owned());
        for (stem, svg) in study::figures(&result, &name) {
            let file = dir.join(format!("{stem}.svg"));
            fs_err::write(&file, svg)?;
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

//! `cargo mtcov scout`: the relations the workspace's tests encode, found,
//! codified and checked per library package.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::build;
use crate::cli::ScoutCommand;
use crate::error::ExitStatus;
use crate::scout::{self, ScoutRequest, added};
use crate::term;

pub(super) fn run(args: &ScoutCommand) -> Result<ExitStatus> {
    let workspace = build::metadata(args.common.manifest_path.as_deref())?;
    workspace.check_packages(&args.package)?;
    // `--write` names a file of one package's tests/.
    let write = match &args.write {
        Some(path) => Some(absolute(path)?),
        None => None,
    };
    let owner = write.as_ref().map(|path| {
        workspace
            .members
            .iter()
            .find(|m| path.parent() == Some(m.manifest_dir.join("tests").as_path()))
    });
    if let (Some(path), Some(None)) = (&write, &owner) {
        bail!(
            "--write {}: the relations are written as a test target, so the file must be in the \
             tests/ directory of a package of this workspace (e.g. `--write tests/scouted.rs` run \
             in the package's directory)",
            path.display()
        );
    }
    let owner = owner.flatten();
    let libraries: Vec<&build::Member> = workspace
        .members
        .iter()
        .filter(|m| args.package.is_empty() || args.package.contains(&m.name))
        .filter(|m| owner.is_none_or(|o| o.name == m.name))
        .filter(|m| m.manifest_dir.join("src/lib.rs").is_file())
        .collect();
    if libraries.is_empty() {
        bail!(
            "no library package to scout{}: scout reads a library's functions and the tests \
             that call them (src/lib.rs)",
            if args.package.is_empty() {
                String::new()
            } else {
                format!(" among -p {}", args.package.join(", "))
            }
        );
    }
    let cargo = build::cargo();
    let mut all = Vec::new();
    for member in libraries {
        let request = ScoutRequest {
            package: &member.name,
            manifest_dir: &member.manifest_dir,
            root: &workspace.root,
            write: write.as_deref(),
            run: !args.no_run,
            cargo: &cargo,
            target_dir: &workspace.target_dir,
        };
        if request.run {
            term::status(
                "Scouting",
                format_args!("{} (building and running what it finds)", member.name),
            );
        }
        let measured = match (&write, args.measure) {
            (Some(path), true) => Some(without(&workspace, member, path, args.k)?),
            _ => None,
        };
        let mut scouted = scout::scout(&request)?;
        if let (Some(without), Some(path)) = (measured, &write) {
            scouted.added = Some(with(&workspace, member, path, args.k, without.as_ref())?);
        }
        all.push(scouted);
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&scout::Report::new(all))?
        )?;
    } else {
        write!(out, "{}", scout::render_text(&all, !args.no_run))?;
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// The package's report before the relations are written (the file set
/// aside if it is there): `None` when it records no MR.
fn without(
    workspace: &build::Workspace,
    member: &build::Member,
    path: &std::path::Path,
    k: u32,
) -> Result<Option<serde_json::Value>> {
    term::status(
        "Measuring",
        format_args!(
            "{} without the relations (cargo mtcov -p {} --k {k})",
            member.name, member.name
        ),
    );
    let _aside = added::Aside::new(path)?;
    added::run_suite(
        &workspace.root.join("Cargo.toml"),
        &member.name,
        k,
        &workspace.mtcov_dir().join("scout/without.json"),
    )
}

/// The package's report with the written relations, against `without`;
/// and the mutants only they kill in the last kill matrix.
fn with(
    workspace: &build::Workspace,
    member: &build::Member,
    path: &std::path::Path,
    k: u32,
    without: Option<&serde_json::Value>,
) -> Result<added::Added> {
    term::status("Measuring", format_args!("{} with them", member.name));
    let report = added::run_suite(
        &workspace.root.join("Cargo.toml"),
        &member.name,
        k,
        &workspace.mtcov_dir().join("scout/with.json"),
    )?
    .context("the run with the written relations recorded no MR")?;
    let mut numbers = added::compare(k, without, &report)?;
    let target = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    numbers.kills = added::kills(&workspace.mtcov_dir().join("mutants.json"), &target);
    Ok(numbers)
}

/// `path` from the current directory, its directory resolved (links,
/// `..`) where it exists, as cargo's manifest directories are.
fn absolute(path: &std::path::Path) -> Result<PathBuf> {
    let path = std::path::absolute(path)?;
    let resolved = path
        .parent()
        .and_then(|dir| std::fs::canonicalize(dir).ok())
        .zip(path.file_name())
        .map(|(dir, name)| dir.join(name));
    Ok(resolved.unwrap_or(path))
}

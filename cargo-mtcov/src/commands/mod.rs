//! The subcommands, end to end: each sequences the stages (build → run →
//! records → mapping → measure → report) and turns outcomes into exit
//! codes. No stage logic lives here, and no command calls another: the
//! steps several share are `building` (build the tests for a run, check a
//! selection file), `reporting` (measure a run and print its report),
//! `outputs` (the report files) and, below, `load_last_run`.

mod building;
mod clean;
mod measure;
mod merge;
mod mutants;
mod nextest;
mod outputs;
mod reduce;
mod report;
mod reporting;
mod scout;
mod study;
mod suggest;
mod tolerance;

use std::fs::File;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{CommandFactory, FromArgMatches};

use crate::build::wrapper;
use crate::cli::{CargoCli, MtcovCommand};
use crate::config;
use crate::error::ExitStatus;
use crate::model::ColorChoice;
use crate::term;

/// `cargo-mtcov`'s `main`: the subcommand, or the rustc wrapper of its own
/// instrumented builds.
pub fn main() -> ExitCode {
    // Cargo runs us as `cargo-mtcov <rustc> <args>` when we are the
    // RUSTC_WRAPPER of an instrumented build. `cargo-mtcov mtcov ...` is
    // always the subcommand, even with a stray MTCOV_WRAPPER in the
    // environment: no rustc is called `mtcov`.
    let as_subcommand = std::env::args_os().nth(1).is_some_and(|a| a == "mtcov");
    match wrapper::config_from_env() {
        Ok(Some(config)) if !as_subcommand => {
            return match wrapper::run(&config, std::env::args_os().skip(1).collect()) {
                Ok(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
                Err(e) => {
                    term::error(format_args!("cargo-mtcov (as rustc wrapper): {e:#}"));
                    ExitStatus::Error.into()
                }
            };
        }
        Ok(_) => {}
        Err(e) if !as_subcommand => {
            term::error(format_args!("{e:#}"));
            return ExitStatus::Error.into();
        }
        Err(_) => {}
    }
    // clap prints usage errors and exits with 2 itself.
    let matches = CargoCli::command().get_matches();
    let CargoCli::Mtcov(mut args) =
        CargoCli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let common = args.common();
    term::init(resolve_color(common.color), common.quiet, common.verbose);
    let mtcov = matches
        .subcommand_matches("mtcov")
        .expect("the only subcommand of `cargo`");
    match config::apply(&mut args, mtcov) {
        Ok(None) => {}
        Ok(Some(settings)) => {
            anstream::print!("{}", settings.render());
            return ExitStatus::Success.into();
        }
        Err(e) => {
            term::error(format_args!("{e:#}"));
            return ExitStatus::Error.into();
        }
    }
    let result = match args.command {
        Some(MtcovCommand::Report(report)) => report::last_run(&report),
        Some(MtcovCommand::Clean(clean)) => clean::run(&clean.common),
        Some(MtcovCommand::Merge(merge)) => merge::run(&merge),
        Some(MtcovCommand::Nextest(nextest)) => nextest::run(&nextest),
        Some(MtcovCommand::Mutants(mutants)) => mutants::run(&mutants),
        Some(MtcovCommand::Study(study)) => study::run(&study),
        Some(MtcovCommand::Suggest(suggest)) => suggest::run(&suggest),
        Some(MtcovCommand::Scout(scout)) => scout::run(&scout),
        Some(MtcovCommand::Reduce(reduce)) => reduce::run(&reduce),
        Some(MtcovCommand::Tolerance(tolerance)) => tolerance::run(&tolerance),
        None => measure::run(&args),
    };
    match result {
        Ok(status) => status.into(),
        Err(e) => {
            term::error(format_args!("{e:#}"));
            ExitStatus::Error.into()
        }
    }
}

/// Holds `<target>/mtcov/.lock` until dropped: one `cargo mtcov` run (or
/// clean) at a time per target directory, any number of `report`s while
/// none runs. A second run waits, and says so.
struct DirLock(#[allow(dead_code)] File);

impl DirLock {
    fn exclusive(mtcov_dir: &Path) -> Result<Self> {
        Self::take(mtcov_dir, true)
    }

    fn take(mtcov_dir: &Path, exclusive: bool) -> Result<Self> {
        fs_err::create_dir_all(mtcov_dir)?;
        let path = mtcov_dir.join(".lock");
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot open the lock file {}", path.display()))?;
        let free = if exclusive {
            file.try_lock()
        } else {
            file.try_lock_shared()
        };
        match free {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                term::status(
                    "Blocking",
                    format_args!(
                        "waiting for another `cargo mtcov` on {} to finish",
                        mtcov_dir.display()
                    ),
                );
                let locked = if exclusive {
                    file.lock()
                } else {
                    file.lock_shared()
                };
                locked.with_context(|| format!("cannot lock {}", path.display()))?;
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("cannot lock {}", path.display()));
            }
        }
        Ok(Self(file))
    }
}

/// The last run as the commands that read it (`report`, `reduce`,
/// `suggest`, `tolerance`) find it: its workspace and the run, refused
/// when sources changed since it was built unless `--allow-stale`; the
/// lock on `<target>/mtcov` is held while this lives.
struct LastRunRead {
    workspace: crate::build::Workspace,
    mtcov_dir: std::path::PathBuf,
    last: crate::run::last_run::LastRun,
    _lock: DirLock,
}

/// The one way to load the last run. `exclusive`: for a command that
/// writes beside it (`reduce`).
fn load_last_run(
    common: &crate::cli::CommonOptions,
    options: &crate::cli::LastRunOptions,
    exclusive: bool,
) -> Result<LastRunRead> {
    let workspace = crate::build::metadata(common.manifest_path.as_deref())?;
    let mtcov_dir = workspace.mtcov_dir();
    let lock = DirLock::take(&mtcov_dir, exclusive)?;
    let last = crate::run::last_run::LastRun::load_checked(
        &mtcov_dir,
        &workspace.root,
        options.allow_stale,
    )?;
    Ok(LastRunRead {
        workspace,
        mtcov_dir,
        last,
        _lock: lock,
    })
}

/// `--color`, else `CARGO_TERM_COLOR`, else `NO_COLOR` (any non-empty
/// value means never), else auto.
fn resolve_color(flag: Option<ColorChoice>) -> ColorChoice {
    if let Some(choice) = flag {
        return choice;
    }
    if let Ok(Ok(choice)) = std::env::var("CARGO_TERM_COLOR").map(|v| v.parse()) {
        return choice;
    }
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return ColorChoice::Never;
    }
    ColorChoice::Auto
}

fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => is_terminal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_choice_and_terminal() {
        assert!(use_color(ColorChoice::Always, false));
        assert!(!use_color(ColorChoice::Never, true));
        assert!(use_color(ColorChoice::Auto, true));
        assert!(!use_color(ColorChoice::Auto, false));
        assert_eq!(resolve_color(Some(ColorChoice::Never)), ColorChoice::Never);
    }

    #[test]
    fn a_second_exclusive_lock_waits_for_the_first() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().to_path_buf();
        let first = DirLock::exclusive(&dir).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let waiter = {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let _second = DirLock::exclusive(&dir).unwrap();
                tx.send(()).unwrap();
            })
        };
        assert!(
            rx.recv_timeout(std::time::Duration::from_millis(300))
                .is_err(),
            "took a held lock"
        );
        drop(first);
        rx.recv_timeout(std::time::Duration::from_secs(10))
            .expect("got the lock once free");
        waiter.join().unwrap();
    }
}

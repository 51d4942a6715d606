//! `cargo mtcov`, and the rustc wrapper it installs for its own builds.

use std::process::ExitCode;

use clap::Parser;

use cargo_mtcov::cli::CargoCli;
use cargo_mtcov::error::ExitStatus;
use cargo_mtcov::{pipeline, wrapper};

fn main() -> ExitCode {
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
                    eprintln!("error: cargo-mtcov (as rustc wrapper): {e:#}");
                    ExitStatus::Error.into()
                }
            };
        }
        Ok(_) => {}
        Err(e) if !as_subcommand => {
            eprintln!("error: {e:#}");
            return ExitStatus::Error.into();
        }
        Err(_) => {}
    }
    // clap prints usage errors and exits with 2 itself.
    let cli = CargoCli::parse();
    match pipeline::run(cli) {
        Ok(status) => status.into(),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitStatus::Error.into()
        }
    }
}

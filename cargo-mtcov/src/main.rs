//! `cargo mtcov`, and the rustc wrapper it installs for its own builds.

use std::process::ExitCode;

use clap::Parser;

use cargo_mtcov::cli::CargoCli;
use cargo_mtcov::error::ExitStatus;
use cargo_mtcov::{pipeline, wrapper};

fn main() -> ExitCode {
    // Cargo runs us as `cargo-mtcov <rustc> <args>` when we are the
    // RUSTC_WRAPPER of an instrumented build.
    match wrapper::config_from_env() {
        Ok(Some(config)) => {
            return match wrapper::run(&config, std::env::args_os().skip(1).collect()) {
                Ok(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
                Err(e) => {
                    eprintln!("error: cargo-mtcov (as rustc wrapper): {e:#}");
                    ExitStatus::Error.into()
                }
            };
        }
        Ok(None) => {}
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitStatus::Error.into();
        }
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

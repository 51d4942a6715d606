//! The machinery behind `cargo mtcov`, one stage per folder, each using
//! only the modules below it: docs/how-it-works.md draws the layers
//! (`build/` → `run/` → `records/` → `tolerance/` → `mapping/` →
//! `affected/` → `coverage/` (over `inputs/`) → `report/`; `mutants/` → `reduce/` →
//! `study/`; `measure/` and `suggest/` pure, `patch/` reading git's diff; `term`, `escape`,
//! `versioned`, `error` and `model` below all) and a test holds the
//! sources to them. `commands/` sequences the stages for each subcommand;
//! `cli` parses the command line and holds every clap derive (the stages'
//! options are plain types).
//!
//! Not a public API: only the binary, its tests and its benchmarks use it.

#![doc(hidden)]

mod affected;
mod build;
mod cli;
mod commands;
mod config;
mod coverage;
mod error;
mod escape;
#[doc(hidden)]
pub mod fuzz;
mod inputs;
pub mod mapping;
pub mod measure;
pub mod model;
mod mutants;
pub mod patch;
mod process;
mod records;
mod reduce;
pub mod report;
mod run;
mod scout;
mod study;
pub mod suggest;
mod term;
mod tolerance;
mod versioned;

pub use build::{BuildOutput, TestExecutable};
pub use commands::main;
pub use run::last_run::LastRun;
pub use run::{BinaryOutcome, BinaryRun, ProcessRun, TestOutcome, TestRun};

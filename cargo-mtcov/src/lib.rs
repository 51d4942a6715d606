//! The machinery behind `cargo mtcov`, one stage per folder, each using
//! only the stages before it:
//!
//! `build/` (cargo, the rustc wrapper, the toolchain) → `run/` (test
//! processes, `last-run.json`) → `records/` (what the processes recorded)
//! → `tolerance/` (the float checks' tolerances against what they saw)
//! → `mapping/` (coverage mappings of the binaries) → `affected/` (which
//! tests a change since a revision reaches, `--affected`) → `assemble/` (records
//! and mappings into the measure's inputs) → `measure/` (the k-MR measure,
//! pure) → `suggest/` → `report/` (text and JSON); `mutants/` (the kill
//! matrix: mutants from cargo-mutants run in scratch copies) → `study/`
//! (the paper's RQ1/RQ2 sampled from a matrix, pure); `commands/`
//! sequences them for each subcommand, `cli` parses the command line,
//! `model` holds the types every stage shares, and `term` (the terminal)
//! and `escape` (user text made safe for each output) are below them all.
//!
//! Not a public API: only the binary, its tests and its benchmarks use it.

#![doc(hidden)]

mod affected;
mod assemble;
mod build;
mod cli;
mod commands;
mod error;
mod escape;
#[doc(hidden)]
pub mod fuzz;
pub mod mapping;
pub mod measure;
pub mod model;
mod mutants;
pub mod patch;
mod records;
mod reduce;
pub mod report;
mod run;
mod study;
pub mod suggest;
mod term;
mod tolerance;
mod versioned;

pub use build::{BuildOutput, TestExecutable};
pub use commands::main;
pub use run::last_run::LastRun;
pub use run::{BinaryOutcome, BinaryRun, ProcessRun, TestOutcome, TestRun};

//! cargo-mtcov's end-to-end tests, in one binary: one link instead of one
//! per file, and cargo's test threads run them side by side (cargo runs
//! test binaries one after another). Each module is the tests of one
//! feature, on the fixture crates under `tests/fixtures` and the examples.

mod common;
mod coverage_support;

mod affected;
mod affected_library;
mod callers;
mod choice_hand;
mod cli_records;
mod cli_run;
mod cli_usage;
mod config;
mod coverage_oracle;
mod doctests;
mod e_every_section;
mod edition2015;
mod example_fees;
mod example_suggest;
mod example_trig;
mod faults;
mod first_use;
mod generated_inputs;
mod guided_generation;
mod include_exclude;
mod kmr_hand;
mod many_functions;
mod mc_hand;
mod mutants;
mod new_user;
mod nextest;
mod panicking_sut;
mod parallel;
mod patch;
mod pollution;
mod proc_macro_member;
mod reduce_hand;
mod registry_only;
mod report_formats;
mod schedules;
mod scout;
mod self_workspace;
mod split;
mod test_code_scope;
mod threads;
mod tolerance_hand;
mod two_suts;

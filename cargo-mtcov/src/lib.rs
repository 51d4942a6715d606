//! The machinery behind `cargo mtcov`: command line, instrumented cargo
//! runs, record reading, coverage mapping, the k-MR measure and the report
//! renderers. The binary (`main.rs`) is a thin shell over the library.

pub mod mapping;
pub mod measure;
pub mod report;

pub mod assemble;
pub mod cargo;
pub mod cli;
pub mod coverage;
pub mod error;
pub mod last_run;
pub mod pipeline;
pub mod records;
pub mod run;
pub mod tools;
pub mod wrapper;

//! The MR's doc comments are the constant's: a public MR without one is
//! reported by `missing_docs`, at the MR.
#![deny(missing_docs)]
#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic(output = "equal")]
pub fn undocumented(mg: &mut Mg, x: &i64) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn __mtcov_relation(mg: &mut Mg, x: &f64) {}

fn main() {}

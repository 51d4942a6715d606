#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic(outptu = "equal")]
fn misspelt(mg: &mut Mg, x: &f64) {}

#[metamorphic(output)]
fn without_value(mg: &mut Mg, x: &f64) {}

#[metamorphic("equal")]
fn positional(mg: &mut Mg, x: &f64) {}

#[metamorphic(output = "equal", function = "fill")]
fn function_in_quotes(mg: &mut Mg, x: &f64) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic(output = "equal", name = "n", output = "negated")]
fn twice(mg: &mut Mg, x: &f64) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic(output = 3, name = "", crate = "mt_runtime")]
fn ill_typed(mg: &mut Mg, x: &f64) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::metamorphic;

#[metamorphic]
fn not_an_mg(mg: &mut String, x: &f64) {}

fn main() {}

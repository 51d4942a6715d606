#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn returns_verdict(mg: &mut Mg, x: &f64) -> bool {
    true
}

fn main() {}

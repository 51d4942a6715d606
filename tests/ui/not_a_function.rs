#![allow(unused_variables)]

use mt_runtime::metamorphic;

#[metamorphic(output = "equal")]
struct Periodicity {
    shift: f64,
}

fn main() {}

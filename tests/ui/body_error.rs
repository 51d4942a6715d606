#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

fn square(x: &i64) -> i64 {
    x * x
}

#[metamorphic(output = "equal")]
fn negation(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, square);
    let b: String = mg.follow_up(&-x, square);
    mg.check(a == b.len() as i64, || format!("{a} != {b}"));
}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
async fn asynchronous(mg: &mut Mg, x: &f64) {}

#[metamorphic]
const fn constant(mg: &mut Mg, x: &f64) {}

#[metamorphic]
unsafe fn not_safe(mg: &mut Mg, x: &f64) {}

#[metamorphic]
extern "C" fn foreign(mg: &mut Mg, x: &f64) {}

fn main() {}

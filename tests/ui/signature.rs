#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn one(mg: &mut Mg) {}

#[metamorphic]
fn three(mg: &mut Mg, x: &f64, y: &f64) {}

#[metamorphic]
fn __mtcov_relation(mg: &mut Mg, x: &f64) {}

fn main() {}

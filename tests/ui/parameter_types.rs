#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn mg_by_value(mg: Mg, x: &f64) {}

#[metamorphic]
fn input_by_value(mg: &mut Mg, x: f64) {}

#[metamorphic]
fn input_by_mut(mg: &mut Mg, x: &mut f64) {}

#[metamorphic]
fn input_static(mg: &mut Mg, x: &'static f64) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn type_param<T: std::fmt::Debug>(mg: &mut Mg, x: &T) {}

#[metamorphic]
fn const_param<const N: usize>(mg: &mut Mg, x: &[u8; N]) {}

#[metamorphic]
fn lifetime_param<'a>(mg: &mut Mg, x: &'a f64) {}

#[metamorphic]
fn where_clause(mg: &mut Mg, x: &f64) where f64: Copy {}

#[metamorphic]
fn impl_trait(mg: &mut Mg, x: &impl std::fmt::Debug) {}

fn main() {}

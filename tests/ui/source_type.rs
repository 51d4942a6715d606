#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

#[metamorphic]
fn string_slice(mg: &mut Mg, s: &str) {}

#[metamorphic]
fn slice(mg: &mut Mg, v: &[u8]) {}

#[metamorphic]
fn trait_object(mg: &mut Mg, v: &dyn std::fmt::Debug) {}

#[metamorphic]
fn borrowed(mg: &mut Mg, v: &std::borrow::Cow<'static, &'a str>) {}

struct View<'a>(&'a [u8]);

#[metamorphic]
fn named_lifetime(mg: &mut Mg, v: &View<'a>) {}

fn main() {}

#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

struct Opaque(u32);

#[metamorphic]
fn opaque(mg: &mut Mg, x: &Opaque) {}

fn main() {}

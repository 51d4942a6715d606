#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

struct Sut;

impl Sut {
    #[metamorphic]
    fn method(&self, mg: &mut Mg) {}
}

fn main() {}

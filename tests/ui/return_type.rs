#![allow(unused_variables)]

use mt_runtime::{metamorphic, Mg};

/// A verdict is stated with `mg.check`, not returned.
#[metamorphic]
fn returns_verdict(mg: &mut Mg, x: &f64) -> bool {
    true
}

/// `Result` must carry `()`.
#[metamorphic]
fn returns_value(mg: &mut Mg, x: &f64) -> Result<f64, String> {
    Ok(*x)
}

struct NotDebug;

/// The error must be `Debug`, to be shown.
#[metamorphic]
fn error_not_debug(mg: &mut Mg, x: &f64) -> Result<(), NotDebug> {
    Ok(())
}

fn main() {}

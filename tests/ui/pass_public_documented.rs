//! A crate with a public, documented MR passes the strictest lints.
#![forbid(unsafe_code)]
#![deny(missing_docs, warnings)]

use mt_runtime::{metamorphic, Mg};

/// Negating the input of `square` leaves its output unchanged.
#[metamorphic(output = "equal", name = "square is even", crate = ::mt_runtime)]
pub fn evenness(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, |x| x * x);
    let b = mg.follow_up(&-x, |x| x * x);
    mg.check_eq(a, b);
}

/// Two MRs in one module, one of them private and unused: no clash, no warning.
#[metamorphic]
fn doubling(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, |x| x * x);
    let b = mg.follow_up(&(2 * x), |x| x * x);
    mg.check_eq(4 * a, b);
}

fn main() {
    mt_runtime::check(&[0, 3, -7], &[evenness]);
    mt_runtime::check(&[0, 3, -7], &[monotonic]);
    assert_eq!(evenness.info().name(), "square is even");
}

/// An MR that returns `Result` uses `?` on relation checks and assumptions.
#[metamorphic(output = "ordering")]
pub fn monotonic(mg: &mut Mg, x: &i64) -> mt_runtime::MrResult {
    mg.assume(*x >= 0, "defined on non-negative inputs")?;
    let a = mg.source(x, |x| x * x);
    let b = mg.follow_up(&(x + 1), |x| x * x);
    mt_runtime::relation::less(a, b)?;
    Ok(())
}

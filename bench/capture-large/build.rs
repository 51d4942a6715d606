//! Generates `rules.rs`: a table of branchy functions that stands for the
//! rest of a large code base. With the instrumented crates the SUT really
//! uses, it brings the test binary past 50,000 coverage counters; every
//! function is reachable through the table, so the linker keeps them all.

use std::fmt::Write;

/// ~10 counters each.
const RULES: u32 = 3_500;

fn main() {
    let mut code = String::new();
    for i in 0..RULES {
        let (a, b, c) = (i % 7 + 2, i % 11 + 3, i.wrapping_mul(2_654_435_761) % 1_000);
        writeln!(
            code,
            "fn rule_{i}(x: u64) -> u64 {{
    let mut acc = x ^ {c};
    if acc % {a} == 0 {{ acc = acc.wrapping_mul({b}); }} else {{ acc ^= 0x55; }}
    match acc % 5 {{
        0 => acc = acc.wrapping_add({i}),
        1 => acc = acc.wrapping_sub({a}),
        2 => acc <<= 1,
        3 => acc >>= 1,
        _ => acc = !acc,
    }}
    if acc & 1 == 1 && x > {c} {{ acc = acc.wrapping_add({b}); }}
    while acc > 1_000_000 {{ acc /= {b}; }}
    acc
}}"
        )
        .unwrap();
    }
    writeln!(code, "pub static RULES: [fn(u64) -> u64; {RULES}] = [").unwrap();
    for i in 0..RULES {
        writeln!(code, "    rule_{i},").unwrap();
    }
    writeln!(code, "];").unwrap();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("rules.rs");
    std::fs::write(out, code).unwrap();
}

//! `cargo xtask bench`: capture cost per source input, small binary.

#[path = "../../harness/capture.rs"]
mod harness;

use mt_runtime::{Mg, metamorphic};

fn sut(text: &String) -> &'static str {
    capture_small::classify(text)
}

/// Only the source execution is of interest here.
#[metamorphic(output = "none")]
fn source_only(mg: &mut Mg, text: &String) {
    let shape = harness::timed_source(mg, text, sut);
    mg.check(!shape.is_empty(), || format!("no shape for {text:?}"));
}

#[test]
fn capture_cost() {
    // Distinct inputs of every shape the SUT tells apart (and some near misses).
    let inputs: Vec<String> = (0..25_000u32)
        .map(|i| {
            let k = i / 5;
            match i % 5 {
                0 => format!(
                    "{:04}-{:02}-{:02}",
                    1000 + k / 400,
                    (k % 400) / 31,
                    (k % 400) % 31 + 1
                ),
                1 => format!("{:02}:{:02}", k / 100, k % 100),
                2 => format!("{k}"),
                3 => (0..4)
                    .map(|p| char::from(b'a' + (k / 26u32.pow(p) % 26) as u8))
                    .collect(),
                _ => format!("-{k}x"),
            }
        })
        .collect();
    harness::run("capture-small", &inputs, 5, source_only, sut);
}

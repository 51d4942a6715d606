//! `cargo xtask bench`: capture cost per source input, large binary.

#[path = "../../harness/capture.rs"]
mod harness;

use mt_runtime::{Mg, metamorphic};

fn sut(line: &String) -> capture_large::Summary {
    capture_large::summarise(line)
}

/// Only the source execution is of interest here.
#[metamorphic(output = "none")]
fn source_only(mg: &mut Mg, line: &String) {
    let summary = harness::timed_source(mg, line, sut);
    mg.check(summary.html_len > 0, || format!("no HTML for {line:?}"));
}

#[test]
fn capture_cost() {
    // Distinct lines of several shapes, so that inputs cover different code.
    let inputs: Vec<String> = (0..2_500u32)
        .map(|i| match i % 5 {
            0 => format!("Released on 2024-{:02}-{:02}, see #{i}", i % 12 + 1, i % 28 + 1),
            1 => format!("*Ask* user{i}@example.org about [the bug](https://example.org/{i}): `Vec<Option<T{i}>>`"),
            2 => format!("# Heading {i}\n\n- item\n- **bold** {i}"),
            3 => format!("fix `fn f{i}(x: &[u8]) -> Option<u{}> {{ x.first().map(|b| *b as _) }}` and `a{i} + b * c`", 8 << (i % 4)),
            _ => format!("> quote #{i} #{}\n\n```\ncode {i}\n```", i * 7),
        })
        .collect();
    harness::run("capture-large", &inputs, 5, source_only, sut);
}

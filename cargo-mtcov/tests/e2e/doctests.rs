//! `cargo mtcov --doctests` on a nightly toolchain (`MTCOV_NIGHTLY`, else
//! `nightly`): the fixture's only MR is in a doc test, so without the
//! flag no MR is recorded, and with it the MR's source inputs cover the
//! function it calls. The doc tests' own code (rustdoc maps it onto the
//! doc comment's lines) is no requirement; `no_run` and `should_panic`
//! doc tests are not run. On stable the flag is refused
//! (`faults.rs`).

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, prerequisite, stderr};
use crate::coverage_support::unstable_toolchain;

#[test]
fn an_mr_in_a_doc_test_is_measured_on_nightly() {
    let toolchain = std::env::var("MTCOV_NIGHTLY").unwrap_or_else(|_| "nightly".to_owned());
    if !prerequisite(
        "a nightly toolchain (rustdoc's --persist-doctests is unstable)",
        unstable_toolchain(&toolchain),
        &format!("rustup toolchain install {toolchain} --profile minimal"),
    ) {
        return;
    }
    let dir = copy_fixture("doctests");
    let run = |args: &[&str]| {
        mtcov_command(dir.path(), args)
            .env("RUSTUP_TOOLCHAIN", &toolchain)
            .output()
            .unwrap()
    };

    let out = run(&["--k", "1"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("no metamorphic relations were recorded"),
        "{}",
        stderr(&out)
    );

    let out = run(&[
        "--doctests",
        "--k",
        "1",
        "--criterion",
        "line,region",
        "--json=report.json",
    ]);
    assert_exit(&out, 0);
    assert!(
        stderr(&out).contains("doctest src_lib_rs_"),
        "{}",
        stderr(&out)
    );
    // `no_run` and `should_panic` doc tests are compiled, not run (the
    // first would exit 3, the second panic).
    assert!(
        stderr(&out).contains("2 doc tests of doctests marked `no_run` or `should_panic` not run"),
        "{}",
        stderr(&out)
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["totals"]["mrs"], 1, "{}", report["totals"]);
    assert_eq!(report["totals"]["source_inputs"], 3);

    let source = std::fs::read_to_string(dir.path().join("src/lib.rs")).unwrap();
    let lines: Vec<&str> = source.lines().collect();
    let line_of = |text: &str| {
        1 + lines
            .iter()
            .position(|l| l.trim() == text)
            .unwrap_or_else(|| panic!("no line {text:?}")) as u64
    };
    let requirements = criterion(&report, "line")["requirements"]
        .as_array()
        .unwrap()
        .clone();
    let inputs = |line: u64| -> u64 {
        requirements
            .iter()
            .find(|r| r["location"]["line_start"] == line)
            .unwrap_or_else(|| panic!("no requirement on line {line}"))["inputs"]
            .as_u64()
            .unwrap()
    };
    // The doc tests' code is no requirement: every requirement is on a
    // line of code of the two functions.
    for r in &requirements {
        let line = r["location"]["line_start"].as_u64().unwrap() as usize;
        let text = lines[line - 1].trim();
        assert!(
            !text.is_empty() && !text.starts_with("//"),
            "a requirement on line {line}: {text:?}"
        );
    }
    // The MR's three inputs run `clamped_max`, none above the limit; no
    // MR runs `half` (its doc test is a plain assertion).
    assert_eq!(
        inputs(line_of("let larger = if a > b { a } else { b };")),
        3
    );
    assert_eq!(inputs(line_of("limit")), 0);
    assert_eq!(inputs(line_of("x / 2")), 0);
    let region = criterion(&report, "region")["summary"].clone();
    assert!(region["requirements"].as_u64().unwrap() > 0, "{region}");
}

//! `cargo mtcov scout` on a fixture whose tests encode six relations of
//! different forms (a round trip, two permutations, a scaling with an
//! order, an addition with a prefix, and a scaling that holds only on its
//! test's input) beside three tests that look alike and encode none:
//! exactly the six are found, five compile and hold and are written, the
//! sixth is listed with the generated input that broke it, the written
//! file is a test target that passes, and `cargo mtcov` measures its MRs.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common::{assert_exit, copy_fixture, mtcov, stderr, stdout};

#[test]
fn the_relations_the_tests_encode_are_found_codified_checked_and_measured() {
    let dir = copy_fixture("scout");
    let root = dir.path();

    // Found and codified, nothing built.
    let out = mtcov(root, &["scout", "--no-run", "--json"]);
    assert_exit(&out, 0);
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report["version"], 1);
    let package = &report["packages"][0];
    assert_eq!(package["tests_read"], 9);
    let relations = package["relations"].as_array().unwrap();
    let found: BTreeSet<(&str, &str)> = relations
        .iter()
        .map(|r| (r["test"].as_str().unwrap(), r["class"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        BTreeSet::from([
            ("tests::gcd_is_symmetric", "permutation-equal"),
            ("tests::narrower_wraps_to_more_lines", "scaling-ordered"),
            ("tests::a_digit_more_after_times_ten", "scaling-equal"),
            ("version_round_trips_through_its_text", "round-trip"),
            ("sum_ignores_order", "permutation-equal"),
            ("shouting_more_keeps_the_start", "addition-prefix"),
        ]),
        "the look-alikes (digits_of_small_numbers, different_texts_wrap_differently, \
         wrapped_digits) encode no relation"
    );
    assert!(
        relations
            .iter()
            .all(|r| r["compiles"].is_null() && r["kept"] == false)
    );

    // Checked, written, and measured: the fixture has no MR of its own.
    let out = mtcov(root, &["scout", "--write", "tests/scouted.rs", "--measure"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    insta::assert_snapshot!("text", text);
    assert!(
        text.contains(
            "not kept: `a_digit_more_after_times_ten` does not hold on a generated input"
        ),
        "{text}"
    );
    assert!(
        text.contains("6 of 6 codified, 6 compile, 5 hold on every input they ran on"),
        "{text}"
    );
    assert!(
        text.contains("what they add (cargo mtcov -p scout --k 3): MRs 0 → 5, classes 0 → 4"),
        "{text}"
    );
    let written = std::fs::read_to_string(root.join("tests/scouted.rs")).unwrap();
    insta::assert_snapshot!("written", written);
    assert!(!written.contains("a_digit_more_after_times_ten"));
    // Scout's own check file and its failing seeds are gone.
    assert!(!root.join("tests/mtcov_scout_check.rs").exists());
    assert!(!root.join("tests/mtcov-regressions").exists());

    // The written file is a test target that passes, and a second scout
    // does not read it for relations.
    let test = std::process::Command::new(env!("CARGO"))
        .args(["test", "--test", "scouted"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        test.status.success(),
        "{}",
        String::from_utf8_lossy(&test.stderr)
    );
    let out = mtcov(root, &["scout", "--no-run", "--json"]);
    let again: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        again["packages"][0]["relations"].as_array().unwrap().len(),
        6
    );

    // `cargo mtcov` measures them: five MRs in four classes.
    let out = mtcov(root, &["--k", "1", "--json=report.json"]);
    assert_exit(&out, 0);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["totals"]["mrs"], 5, "{}", stderr(&out));
    assert_eq!(report["totals"]["classes"], 4);

    // A file outside the package's tests/ is refused.
    let out = mtcov(root, &["scout", "--write", "src/relations.rs"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("tests/ directory"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_package_without_mt_runtime_is_scouted_but_not_checked_and_unparsed_files_are_named() {
    let dir = copy_fixture("scout");
    let root = dir.path();
    let manifest = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("mt-runtime"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&manifest, without).unwrap();

    let out = mtcov(root, &["scout"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("`scout` does not depend on mt-runtime")
            && stderr(&out).contains("cargo add --dev mt-runtime"),
        "{}",
        stderr(&out)
    );
    // Finding and codifying need no build; a file syn cannot parse is
    // named, not skipped in silence.
    std::fs::write(root.join("tests/broken.rs"), "fn f( {\n").unwrap();
    let out = mtcov(root, &["scout", "--no-run"]);
    assert_exit(&out, 0);
    assert!(
        stdout(&out).contains("not read (1 file syn cannot parse): tests/broken.rs"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("6 assertions encode a relation"),
        "{}",
        stdout(&out)
    );
    assert!(!root.join("tests/scouted.rs").exists());
}

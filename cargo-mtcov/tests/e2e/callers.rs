//! What the gap advice says of a private function's callers: only a call
//! that resolves to it names a caller (`std::fs::metadata` is not a
//! caller of a method `metadata`), and a call that may be to it but does
//! not resolve makes the callers unknown.

use crate::common::{assert_exit, copy_fixture, mtcov, stdout};

#[test]
fn only_resolved_calls_name_a_caller() {
    let dir = copy_fixture("callers");
    let out = mtcov(dir.path(), &["--k", "1", "--json=report.json"]);
    assert_exit(&out, 0);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    let line = crate::common::criterion(&report, "line");
    let gap = |function: &str| {
        line["gaps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["function_name"] == function)
            .unwrap_or_else(|| panic!("no gap in {function}: {line:#}"))
            .clone()
    };

    // `describe` ran and calls `std::fs::metadata`: not this one.
    let metadata = gap("<callers::Entry>::metadata");
    assert_eq!(metadata["cause"], "never_ran");
    assert_eq!(metadata["callers"], serde_json::json!([]));
    assert!(
        metadata["advice"]
            .as_str()
            .unwrap()
            .contains("no function known to call it ran"),
        "{metadata:#}"
    );

    // `checked` ran and calls `e.grow()`: maybe this one, maybe not.
    let grow = gap("<callers::Entry>::grow");
    assert_eq!(grow["callers"], serde_json::json!([]));
    let advice = grow["advice"].as_str().unwrap();
    assert!(
        advice.contains("which functions call it is not known"),
        "{advice}"
    );
    assert!(!advice.contains("dead code"), "{advice}");

    // `label` ran and calls `tidy(..)` in the same module: its caller.
    let tidy = gap("callers::tidy");
    assert_eq!(tidy["callers"], serde_json::json!(["callers::label"]));
    assert!(
        tidy["advice"]
            .as_str()
            .unwrap()
            .contains("its callers `callers::label` ran but never called it"),
        "{tidy:#}"
    );
}

/// The `Display` and `PartialEq` impls no MR runs rank after the crate's
/// own gaps, as one entry for `callers::Entry` in the text report.
#[test]
fn boilerplate_impls_are_one_entry_after_the_crates_own_logic() {
    let dir = copy_fixture("callers");
    let out = mtcov(
        dir.path(),
        &["--k", "1", "--json=report.json", "--gaps", "20"],
    );
    assert_exit(&out, 0);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    let gaps = crate::common::criterion(&report, "line")["gaps"]
        .as_array()
        .unwrap()
        .clone();
    let boilerplate: Vec<bool> = gaps.iter().map(|g| !g["boilerplate"].is_null()).collect();
    // Own logic first, then the type's impls, together.
    let first = boilerplate
        .iter()
        .position(|&b| b)
        .expect("boilerplate gaps");
    assert!(boilerplate[first..].iter().all(|&b| b), "{boilerplate:?}");
    assert_eq!(boilerplate.len() - first, 2, "{gaps:#?}");
    assert!(
        gaps[first..]
            .iter()
            .all(|g| g["boilerplate"] == "callers::Entry")
    );
    let text = stdout(&out);
    let entry = text
        .lines()
        .find(|l| l.contains("in callers::Entry impls"))
        .unwrap_or_else(|| panic!("no one entry for the impls:\n{text}"));
    assert!(entry.contains("reqs"), "{entry}");
    assert!(
        text.contains(
            "trait impls of `callers::Entry` written by rote (Display::fmt, PartialEq::eq)"
        ),
        "{text}"
    );
}

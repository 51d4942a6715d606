//! What the gap advice says of a private function's callers: only a call
//! that resolves to it names a caller (`std::fs::metadata` is not a
//! caller of a method `metadata`), and a call that may be to it but does
//! not resolve makes the callers unknown.

use crate::common::{assert_exit, copy_fixture, mtcov, stdout};

#[test]
fn only_resolved_calls_name_a_caller() {
    let dir = copy_fixture("callers");
    let out = mtcov(dir.path(), &["--k", "1", "--json"]);
    assert_exit(&out, 0);
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
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

//! `cargo mtcov` on `tests/fixtures/kmr-hand`: A_k for the line and region
//! criteria at k = 1, 2, 3 equal the values computed by hand in the
//! fixture's HAND.md.

use crate::common::{assert_exit, copy_fixture, criterion, mtcov_command, stdout, workspace_root};
use serde_json::Value;

/// (criterion, k, numerator, denominator) of A_k, from HAND.md.
const HAND: [(&str, u32, f64, f64); 6] = [
    ("line", 1, 8.0, 11.0),
    ("line", 2, 7.5, 11.0),
    ("line", 3, 7.0, 11.0),
    ("region", 1, 11.0, 14.0),
    ("region", 2, 10.5, 14.0),
    ("region", 3, 29.0 / 3.0, 14.0),
];

#[test]
fn a_k_equals_the_hand_computation() {
    let project = copy_fixture("kmr-hand");
    let target = workspace_root().join("target/cli-fixtures/kmr-hand");
    let mtcov = |args: &[&str]| {
        let out = mtcov_command(project.path(), args)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .unwrap();
        assert_exit(&out, 0);
        serde_json::from_str::<Value>(&stdout(&out)).expect("JSON report")
    };

    let first = mtcov(&[
        "--k",
        "1",
        "--criterion",
        "line",
        "--criterion",
        "region",
        "--json",
    ]);
    assert_eq!(first["totals"]["mrs"], 4);
    assert_eq!(first["totals"]["classes"], 3);
    assert_eq!(first["totals"]["source_inputs"], 4);
    assert_eq!(first["totals"]["associations"], 13);
    let mut s_ro: Vec<(String, u64)> = first["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["debug"].as_str().unwrap().to_owned(),
                s["s_ro"].as_u64().unwrap(),
            )
        })
        .collect();
    s_ro.sort();
    assert_eq!(
        s_ro,
        [
            ("-5".into(), 2),
            ("0".into(), 1),
            ("3".into(), 3),
            ("7".into(), 3)
        ]
    );

    for (name, size, covered) in [("line", 11, 8), ("region", 14, 11)] {
        let summary = &criterion(&first, name)["summary"];
        assert_eq!(summary["requirements"], size, "{name}");
        assert_eq!(summary["covered"], covered, "{name}");
        assert_eq!(summary["satisfied"], false, "{name}");
    }

    for k in 1..=3u32 {
        // Re-rendered from the same records, without rebuilding or rerunning.
        let report = mtcov(&[
            "report",
            "--k",
            &k.to_string(),
            "--criterion",
            "line,region",
            "--json",
        ]);
        assert_eq!(report["k"], k);
        for &(name, hand_k, numerator, denominator) in &HAND {
            if hand_k != k {
                continue;
            }
            let summary = &criterion(&report, name)["summary"];
            let a_k = summary["a_k"].as_f64().unwrap();
            assert!(
                (a_k - numerator / denominator).abs() < 1e-12,
                "{name} A_{k} = {a_k}, by hand {numerator}/{denominator}"
            );
            let exact = summary["a_k_numerator"].as_f64().unwrap()
                / summary["a_k_denominator"].as_f64().unwrap();
            assert!((exact - a_k).abs() < 1e-12, "{summary}");
        }
    }

    // Counting distinct MRs instead of relation classes.
    for (k, numerator, denominator) in [(2, 8.0, 11.0), (3, 23.0, 33.0)] {
        let report = mtcov(&[
            "report",
            "--k",
            &k.to_string(),
            "--distinct",
            "mr",
            "--json",
        ]);
        assert_eq!(report["counting"], "mr");
        let a_k = criterion(&report, "line")["summary"]["a_k"]
            .as_f64()
            .unwrap();
        assert!(
            (a_k - numerator / denominator).abs() < 1e-12,
            "by MR, line A_{k} = {a_k}"
        );
    }
}

//! The record files of `examples/trig` under plain `cargo test` with
//! `MTCOV_RECORD_DIR` set: exactly the MGs that ran, no more, no fewer.
//!
//! Expected counts, from `examples/trig/tests/relations.rs`: 49 source
//! angles and 9 pairs (built from angles of the pool);
//! `single_angle_relations_hold` runs the 8 single-angle MRs on every
//! angle (49 × 8 = 392 MGs), `addition_formula_holds` the addition MR on
//! every pair (9), `every_registered_relation_is_exercised` every
//! registered MR over `Angle` on every angle (392 again),
//! `single_angle_relations_hold_on_generated_angles` the 8 on 32 angles
//! drawn with the seed of its name (256), none of them in the pool. Change
//! the example, change these numbers.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn trig_records_hold_exactly_the_mgs_that_ran() {
    let root = workspace_root();
    let dir = std::env::temp_dir().join(format!("mtcov-trig-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "-q", "-p", "trig", "--test", "relations"])
        .current_dir(&root)
        // Its own target dir: the outer `cargo test` holds the default one.
        .env("CARGO_TARGET_DIR", root.join("target/mtcov-e2e"))
        .env("MTCOV_RECORD_DIR", &dir)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_TERM_COLOR")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let mut per_test: BTreeMap<String, usize> = BTreeMap::new();
    let mut sources = BTreeSet::new();
    let mut classified = BTreeSet::new();
    let mut unclassified = BTreeSet::new();
    let mut tolerance_mrs = BTreeSet::new();
    let mut follow_ups = 0;
    let mut headers = 0;
    let mut ends = 0;
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "one test process, one file: {files:?}");
    for line in std::fs::read_to_string(&files[0]).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        match record["kind"].as_str().unwrap() {
            "header" => headers += 1,
            "end" => ends += 1,
            "mg" => {
                *per_test
                    .entry(record["test"].as_str().unwrap().to_owned())
                    .or_default() += 1
            }
            "source" => assert!(sources.insert(record["key"].as_str().unwrap().to_owned())),
            "choices" => {
                assert!(
                    record["choices"].is_array(),
                    "classified without error: {record}"
                );
                classified.insert(record["key"].as_str().unwrap().to_owned());
            }
            "followup" => {
                assert!(record["choices"].is_array(), "{record}");
                follow_ups += 1;
            }
            "unclassified" => {
                unclassified.insert((
                    record["mr"].as_str().unwrap().to_owned(),
                    record["returned"].as_str().unwrap().to_owned(),
                ));
            }
            "tolerance" => {
                assert_eq!(record["given"]["abs"], 2e-14, "{record}");
                assert_eq!(record["failed"], 0, "{record}");
                assert!(record["calls"].as_u64().unwrap() > 0, "{record}");
                let mr = record["mr"].as_str().unwrap();
                tolerance_mrs.insert(mr.rsplit("::").next().unwrap().to_owned());
            }
            other => panic!("unexpected record kind {other}"),
        }
    }
    assert_eq!((headers, ends), (1, 1));
    // Every MR that compares outputs with `close` (all but the ordering
    // MR, whose check is `<`), one check site each.
    assert_eq!(
        tolerance_mrs.into_iter().collect::<Vec<_>>(),
        [
            "addition",
            "complement",
            "double_angle",
            "evenness",
            "oddness",
            "periodicity",
            "pythagoras",
            "supplement"
        ]
    );
    let expected: BTreeMap<String, usize> = [
        ("single_angle_relations_hold", 392),
        ("addition_formula_holds", 9),
        ("every_registered_relation_is_exercised", 392),
        ("single_angle_relations_hold_on_generated_angles", 32 * 8),
    ]
    .into_iter()
    .map(|(test, n)| (test.to_owned(), n))
    .collect();
    assert_eq!(per_test, expected);
    assert_eq!(sources.len(), 49 + 32, "the pairs reuse angles of the pool");
    assert_eq!(
        classified, sources,
        "every source angle is classified into the declared categories"
    );
    assert!(follow_ups > 0, "follow-up angles are classified too");
    // Two MRs run `sin` and `cos` together as their SUT: their outputs are
    // pairs, not the declared `f64`, and the records say so.
    let pair = "(f64, f64)".to_owned();
    assert_eq!(
        unclassified,
        BTreeSet::from([
            ("trig::relations::addition".to_owned(), pair.clone()),
            ("trig::relations::double_angle".to_owned(), pair),
        ])
    );
    std::fs::remove_dir_all(dir).unwrap();
}

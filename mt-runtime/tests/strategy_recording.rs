//! Under `cargo mtcov` (here: `MTCOV_RECORD_DIR`), a strategy check
//! records its drawn cases and nothing of the shrinking: the adequacy
//! numbers are those of the cases the suite really ran. Recording is
//! decided once per process, so the check runs in a child process.

use mt_runtime::{Config, Mg, metamorphic};
use serde_json::Value;
mod common;

const CHILD: &str = "MT_RUNTIME_TEST_CHILD";

/// Wrong from 900 on.
#[metamorphic]
fn below_900(mg: &mut Mg, x: &i64) {
    let y = mg.source(x, |x| x * x);
    mg.check(*x < 900, || format!("{x} >= 900 (square {y})"));
}

/// The child side, run by the test below.
#[test]
#[ignore = "the child process of this file's test, which runs it with --ignored"]
fn child() {
    assert!(
        std::env::var_os(CHILD).is_some(),
        "{CHILD} is not set: this is the child side of this file's test"
    );
    let config = Config::with_cases(60).seed(3).regressions(false);
    let failures =
        mt_runtime::try_check_strategy(&config, &[], 0i64..1000, &[below_900]).unwrap_err();
    let failure = failures.iter().next().unwrap();
    assert_eq!(failure.input(), "900", "{failures}");
    assert!(failure.case().unwrap().shrink_steps() > 1, "{failures}");
    let generated = failures.summary().generation().unwrap().generated();
    assert!(generated > 1, "seed 3 draws passing cases first");
    println!("generated {generated}");
}

#[test]
fn shrinking_records_only_the_real_cases() {
    let dir = common::fresh_dir("strategy-recording");
    let output = common::child(CHILD, "1", &dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let generated: usize = stdout
        .lines()
        .find_map(|line| line.split("generated ").nth(1))
        .unwrap_or_else(|| panic!("the child reports its cases: {stdout}"))
        .parse()
        .unwrap();
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let records: Vec<Value> = std::fs::read_to_string(&files[0])
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let of_kind = |kind: &str| {
        records
            .iter()
            .filter(|r| r["kind"] == kind)
            .collect::<Vec<_>>()
    };
    assert_eq!(of_kind("end").len(), 1);
    // One MG per drawn case, the last one violated; the shrink candidates
    // (900 among them) left no record.
    let mgs = of_kind("mg");
    assert_eq!(mgs.len(), generated, "{mgs:#?}");
    assert_eq!(
        mgs.iter().filter(|mg| mg["outcome"] == "violated").count(),
        1
    );
    assert_eq!(mgs.last().unwrap()["outcome"], "violated");
    // A source record per distinct drawn value (draws may repeat), and
    // none for a shrink candidate.
    let drawn: std::collections::BTreeSet<&str> = mgs
        .iter()
        .flat_map(|mg| mg["sources"].as_array().unwrap())
        .map(|key| key.as_str().unwrap())
        .collect();
    let sources = of_kind("source");
    assert_eq!(sources.len(), drawn.len(), "{sources:#?}");
    assert!(
        sources
            .iter()
            .all(|s| drawn.contains(s["key"].as_str().unwrap())),
        "{sources:#?}"
    );
    assert!(sources.iter().all(|s| s["debug"] != "900"), "{sources:#?}");
    std::fs::remove_dir_all(dir).unwrap();
}

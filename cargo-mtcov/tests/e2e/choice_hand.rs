//! `cargo mtcov` on `tests/fixtures/choice-hand`: A_1..A_3 of the three
//! black-box criteria (i-choice, i-choice-pair, io-ctf) equal the values
//! computed by hand in the fixture's HAND.md, from a plain build (no
//! instrumentation) in debug and release; classification errors, forbidden
//! frames and missing declarations stop the report with exit 2.

use std::path::{Path, PathBuf};

use crate::common::{
    TempDir, assert_exit, copy_fixture, criterion, mtcov_command, stderr, stdout, workspace_root,
};
use serde_json::Value;

/// A_1, A_2, A_3 as (numerator, denominator).
type Sweep = [(f64, f64); 3];

/// (criterion, |E|, covered, A_1..A_3), from HAND.md.
const HAND: [(&str, u64, u64, Sweep); 3] = [
    ("i-choice", 7, 6, [(5.0, 7.0), (4.0, 7.0), (10.0, 21.0)]),
    ("i-choice-pair", 5, 4, [(3.0, 5.0), (1.0, 2.0), (2.0, 5.0)]),
    ("io-ctf", 8, 5, [(1.0, 2.0), (3.0, 8.0), (7.0, 24.0)]),
];

fn target(name: &str) -> PathBuf {
    workspace_root().join("target/cli-fixtures").join(name)
}

fn run(project: &Path, target: &Path, args: &[&str], code: i32) -> std::process::Output {
    let out = mtcov_command(project, args)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .unwrap();
    assert_exit(&out, code);
    out
}

fn json(out: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(out)).expect("JSON report")
}

fn labels_with_k(report: &Value, name: &str, k: f64) -> Vec<String> {
    criterion(report, name)["requirements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["k"].as_f64() == Some(k) && r["closest"].is_null())
        .map(|r| r["location"]["label"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_k_of_the_black_box_criteria_equal_the_hand_computation() {
    let project = copy_fixture("choice-hand");
    let target = target("choice-hand");
    let all = "i-choice,i-choice-pair,io-ctf";
    let out = run(
        project.path(),
        &target,
        &["--k", "1", "--criterion", all, "--json"],
        0,
    );
    assert!(
        stderr(&out).contains("building the tests without instrumentation"),
        "{}",
        stderr(&out)
    );
    let last: Value =
        serde_json::from_str(&std::fs::read_to_string(target.join("mtcov/last-run.json")).unwrap())
            .unwrap();
    assert_eq!(last["instrumented"], false);
    assert!(
        last["build"]["executables"][0]["path"]
            .as_str()
            .unwrap()
            .contains("target-plain"),
        "{last:#}"
    );

    let first = json(&out);
    assert_eq!(first["totals"]["mrs"], 4);
    assert_eq!(first["totals"]["classes"], 3);
    assert_eq!(first["totals"]["source_inputs"], 5);
    assert_eq!(first["totals"]["associations"], 7);
    for (name, size, covered, _) in HAND {
        let summary = &criterion(&first, name)["summary"];
        assert_eq!(summary["requirements"], size, "{name}");
        assert_eq!(summary["covered"], covered, "{name}");
    }
    // What no input reaches, and what the constraints leave out of E.
    assert_eq!(
        labels_with_k(&first, "i-choice", 0.0),
        ["wrap = bulk [single]"]
    );
    assert_eq!(
        labels_with_k(&first, "i-choice-pair", 0.0),
        ["size = many × wrap = plain"]
    );
    assert_eq!(
        labels_with_k(&first, "io-ctf", 0.0),
        [
            "size = none, wrap = plain → total = paid",
            "size = many, wrap = plain → total = paid",
            "wrap = bulk [single]",
        ]
    );
    let every_label = |name: &str| -> Vec<String> {
        criterion(&first, name)["requirements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["location"]["label"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!every_label("i-choice-pair").contains(&"size = none × wrap = gift".to_owned()));
    assert!(
        every_label("io-ctf")
            .iter()
            .all(|l| !l.contains("size = none, wrap = gift")
                && !l.contains("few, wrap = plain → total = free")),
        "{:?}",
        every_label("io-ctf")
    );

    for k in 1..=3usize {
        // Re-rendered from the same records, without rebuilding or rerunning.
        let report = json(&run(
            project.path(),
            &target,
            &[
                "report",
                "--k",
                &k.to_string(),
                "--criterion",
                all,
                "--json",
            ],
            0,
        ));
        for (name, _, _, a) in HAND {
            let (num, den) = a[k - 1];
            let got = criterion(&report, name)["summary"]["a_k"].as_f64().unwrap();
            assert!(
                (got - num / den).abs() < 1e-12,
                "{name} A_{k} = {got}, by hand {num}/{den}"
            );
        }
    }

    let text = stdout(&run(
        project.path(),
        &target,
        &["report", "--k", "3", "--criterion", "io-ctf"],
        0,
    ));
    assert!(
        text.contains(
            "no source input has frame size = many, wrap = plain → total = paid: add one"
        ),
        "{text}"
    );
    assert!(
        text.contains("frame size = few, wrap = plain → total = paid: its closest source input Item { qty: 2, gift: false } meets 2 relation classes, needs 1 more"),
        "{text}"
    );

    // A code criterion needs an instrumented build, which this run is not.
    let refused = run(
        project.path(),
        &target,
        &["report", "--criterion", "line"],
        2,
    );
    assert!(
        stderr(&refused).contains("black-box criteria only"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn release_builds_measure_the_same_without_instrumentation() {
    let project = copy_fixture("choice-hand");
    let target = target("choice-hand-release");
    // Its own MTCOV_BUILD_DIR (not the suite's shared one), to see what
    // was built there and that the records stay in the target directory.
    let builds = target.join("builds");
    let out = mtcov_command(
        project.path(),
        &["--release", "--k", "3", "--criterion", "io-ctf", "--json"],
    )
    .env("CARGO_TARGET_DIR", &target)
    .env("MTCOV_BUILD_DIR", &builds)
    .output()
    .unwrap();
    assert_exit(&out, 0);
    let report = json(&out);
    let a_3 = criterion(&report, "io-ctf")["summary"]["a_k"]
        .as_f64()
        .unwrap();
    assert!((a_3 - 7.0 / 24.0).abs() < 1e-12, "{a_3}");
    assert!(builds.join("target-plain/release").is_dir());
    assert!(!builds.join("target").exists(), "no instrumented build");
    assert!(target.join("mtcov/last-run.json").is_file());
    assert!(
        !target.join("mtcov/target-plain").exists(),
        "the build went to MTCOV_BUILD_DIR"
    );
}

/// Copies the fixture with `from` replaced by `to` in its tests.
fn variant(from: &str, to: &str) -> TempDir {
    let project = copy_fixture("choice-hand");
    let path = project.path().join("tests/relations.rs");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    std::fs::write(&path, text.replace(from, to)).unwrap();
    project
}

#[test]
fn what_cannot_be_measured_stops_the_report() {
    let target = target("choice-hand-faults");

    let panicking = variant(
        "few => i.qty <= 5,",
        "few => { assert!(i.qty != 2, \"no twos\"); i.qty <= 5 },",
    );
    let out = run(panicking.path(), &target, &["--criterion", "i-choice"], 2);
    let err = stderr(&out);
    assert!(
        err.contains("source input Item { qty: 2, gift: false }: the classifier of category `size` panicked: no twos"),
        "{err}"
    );

    let unmatched = variant("            many,\n", "            many => i.qty > 7,\n");
    let out = run(unmatched.path(), &target, &["--criterion", "i-choice"], 2);
    assert!(
        stderr(&out).contains("matches no choice of category `size`"),
        "{}",
        stderr(&out)
    );

    // A gift of 3 costs 35: classified `free`, which only `size = none` allows.
    let forbidden = variant(
        "free [if NONE] => *out == 0,",
        "free [if NONE] => *out == 35,",
    );
    let out = run(forbidden.path(), &target, &["--criterion", "io-ctf"], 2);
    assert!(
        stderr(&out).contains(
            "source input Item { qty: 3, gift: true }: its frame `size = few, wrap = gift → total = free` is forbidden by the declared constraints"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn categories_declared_differently_by_two_binaries_are_refused() {
    let project = copy_fixture("choice-hand");
    std::fs::write(
        project.path().join("tests/other.rs"),
        "use choice_hand::{Item, price};\n\
         use mt_runtime::{Mg, categories, metamorphic};\n\
         categories! { Item { size(i) { any } } }\n\
         #[metamorphic(output = \"same\")]\n\
         fn same(mg: &mut Mg, i: &Item) { let p = mg.source(i, price); mg.check_eq(p, price(i)); }\n\
         #[test] fn other() { mt_runtime::check(&[Item { qty: 1, gift: false }], &[same]); }\n",
    )
    .unwrap();
    let out = run(
        project.path(),
        &target("choice-hand-faults"),
        &["--criterion", "i-choice"],
        2,
    );
    assert!(
        stderr(&out).contains(
            "the categories of `choice_hand::Item` are declared differently by two binaries"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn black_box_criteria_without_declarations_are_refused() {
    let project = copy_fixture("kmr-hand");
    let out = run(
        project.path(),
        &target("kmr-hand"),
        &["--criterion", "i-choice-pair"],
        2,
    );
    assert!(
        stderr(&out).contains("--criterion i-choice-pair needs declared categories"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn black_box_and_code_criteria_in_one_instrumented_run() {
    let project = copy_fixture("choice-hand");
    let target = target("choice-hand-mixed");
    let out = run(
        project.path(),
        &target,
        &["--k", "3", "--criterion", "line,io-ctf", "--json"],
        0,
    );
    assert!(
        !stderr(&out).contains("without instrumentation"),
        "{}",
        stderr(&out)
    );
    let report = json(&out);
    let names: Vec<&str> = report["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["criterion"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["line", "io-ctf"]);
    let a_3 = criterion(&report, "io-ctf")["summary"]["a_k"]
        .as_f64()
        .unwrap();
    assert!((a_3 - 7.0 / 24.0).abs() < 1e-12, "{a_3}");
    let line = &criterion(&report, "line")["summary"];
    assert!(line["requirements"].as_u64().unwrap() > 0, "{line}");
}

//! Completeness of `E`: code no test executes still counts, as uncovered.
//! The `cov-sut` fixture's `unused` module has a function no test calls, a
//! generic never instantiated, and a function in a module nothing
//! references, whose object file the linker leaves out of the test binary.
//! With the SUT's `.rlib` passed as an extra object, all of them must be
//! requirements of every criterion, and no input may cover them.

mod coverage_support;

use std::collections::BTreeSet;

use cargo_mtcov::mapping::{CoverageMap, Scope};
use cargo_mtcov::model::Criterion;
use coverage_support::*;

const CRITERIA: [Criterion; 3] = [Criterion::Line, Criterion::Region, Criterion::Function];
const NEVER_RUN: [&str; 3] = ["never_called", "never_instantiated", "dropped_by_linker"];

fn function_labels(map: &CoverageMap) -> BTreeSet<String> {
    map.requirements(Criterion::Function).iter().map(|r| r.label.clone()).collect()
}

#[test]
fn code_no_test_runs_is_in_e_and_uncovered() {
    let built = build_fixture(None, "");
    let scratch = scratch_dir("never-called");
    let (functions, executions) = run_fixture(&built, &scratch, false);
    let scope = Scope::all().include_dir(fixture_dir().join("src"));

    let binary_only = CoverageMap::load(&built.oracle_binary, &[], &scope).expect("load binary");
    let complete = CoverageMap::load(&built.oracle_binary, std::slice::from_ref(&built.rlib), &scope).expect("load binary + rlib");

    // The fixture really exercises the linker case: that function's
    // mapping is not in the binary at all, only in the rlib.
    let in_binary = function_labels(&binary_only);
    assert!(
        !in_binary.iter().any(|l| l.contains("dropped_by_linker")),
        "the fixture no longer makes the linker drop `island`: {in_binary:?}"
    );
    let labels = function_labels(&complete);
    for name in NEVER_RUN {
        assert!(labels.iter().any(|l| l.ends_with(&format!("::{name}"))), "function {name} missing from E(function): {labels:?}");
    }
    // Everything the binary knows is still there, nothing duplicated.
    for criterion in CRITERIA {
        let small: BTreeSet<_> = binary_only.requirements(criterion).iter().map(|r| r.key.clone()).collect();
        let big: BTreeSet<_> = complete.requirements(criterion).iter().map(|r| r.key.clone()).collect();
        assert!(small.is_subset(&big), "{criterion:?}: the rlib lost requirements of the binary");
        assert_eq!(big.len(), complete.requirements(criterion).len(), "{criterion:?}: duplicate keys");
    }

    // The lines and regions of unused.rs are requirements...
    let unused_rs = fixture_dir().join("src/unused.rs").to_string_lossy().into_owned();
    let mut unused_reqs = 0;
    for criterion in CRITERIA {
        let n = complete.requirements(criterion).iter().filter(|r| *r.key.file == *unused_rs).count();
        assert!(n >= 3, "{criterion:?}: only {n} requirements in unused.rs");
        unused_reqs += n;
    }
    // ...and no input covers any of them, while inputs do cover lib.rs.
    let mut evaluator = complete.evaluator(&functions).expect("bind function table");
    let mut covered_elsewhere = 0;
    for ex in &executions {
        let covered = evaluator.covered(&ex.counters);
        for criterion in CRITERIA {
            for &r in covered.of(criterion) {
                let req = &complete.requirements(criterion)[r as usize];
                assert_ne!(*req.key.file, *unused_rs, "input {} covered never-run code {}", ex.input, req.label);
                covered_elsewhere += 1;
            }
        }
    }
    assert!(covered_elsewhere > 0, "no input covered anything: the check above proved nothing");
    eprintln!(
        "E with the rlib: {} lines, {} regions, {} functions ({} requirements in unused.rs, none covered); binary alone: {} / {} / {}",
        complete.requirements(Criterion::Line).len(),
        complete.requirements(Criterion::Region).len(),
        complete.requirements(Criterion::Function).len(),
        unused_reqs,
        binary_only.requirements(Criterion::Line).len(),
        binary_only.requirements(Criterion::Region).len(),
        binary_only.requirements(Criterion::Function).len(),
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

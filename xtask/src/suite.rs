//! Whole commands on `bench/suite`, a test suite shaped like a real
//! crate's (184 tests, 40 of them 20-50 ms, and metamorphic tests): how
//! `cargo mtcov`'s default run (a process per test of a binary with MRs,
//! in parallel) and `--serial` compare with `cargo test` and
//! `cargo llvm-cov --no-clean`, warm and interleaved as in [`crate::whole`].
//! Built in `target/bench/suite`.

use std::path::Path;
use std::process::Command;

use crate::cmd;
use crate::table::{Row, Target};
use crate::whole::{self, LLVM_COV_MARKER, Subject, median, subject};

const SECTION: &str = "1b. whole command, suite";

pub(crate) fn run(
    root: &Path,
    mtcov: &Path,
    llvm_cov: Result<(), String>,
    rounds: usize,
) -> Vec<Row> {
    let dir = root.join("bench/suite");
    let target_dir = root.join("target/bench/suite");
    let make = |program: Option<&Path>, args: &'static [&'static str]| {
        let (dir, target_dir, program) = (
            dir.clone(),
            target_dir.clone(),
            program.map(Path::to_path_buf),
        );
        Box::new(move || {
            let mut c = match &program {
                Some(program) => cmd::tool(program, &dir),
                None => cmd::cargo(&dir),
            };
            c.args(args).env("CARGO_TARGET_DIR", &target_dir);
            c
        }) as Box<dyn Fn() -> Command>
    };
    let mut subjects: Vec<Subject> = vec![
        subject("cargo test (suite)", make(None, &["test"]), &[], None),
        subject(
            "cargo llvm-cov --no-clean --json (suite)",
            make(None, &["llvm-cov", "--no-clean", "--json"]),
            &[],
            llvm_cov.err(),
        ),
        subject(
            "cargo mtcov --json (suite)",
            make(Some(mtcov), &["mtcov", "--json"]),
            &[],
            None,
        ),
        subject(
            "cargo mtcov --serial --json (suite)",
            make(Some(mtcov), &["mtcov", "--serial", "--json"]),
            &[],
            None,
        ),
    ];
    subjects[1].prepare = Some(make(None, &["llvm-cov", "clean", "--profraw-only"]));
    subjects[1].report_marker = Some(LLVM_COV_MARKER);
    subjects[2].report_marker = Some("\"criteria\"");
    subjects[3].report_marker = Some("\"criteria\"");
    whole::measure(&mut subjects, rounds);

    let mut rows = whole::subject_rows(SECTION, &subjects, rounds);
    let (test, llvm, mtcov, serial) = (
        median(&subjects[0]),
        median(&subjects[1]),
        median(&subjects[2]),
        median(&subjects[3]),
    );
    let ratio = |a: Option<f64>, b: Option<f64>| Some(a? / b?);
    rows.push(
        Row::new(SECTION, "mtcov / llvm-cov --no-clean (medians)", None)
            .ratio(ratio(mtcov, llvm))
            .target(Target::Ratio(1.1)),
    );
    rows.push(
        Row::new(
            SECTION,
            "mtcov --serial / llvm-cov --no-clean (medians)",
            None,
        )
        .ratio(ratio(serial, llvm)),
    );
    rows.push(Row::new(SECTION, "mtcov / cargo test (medians)", None).ratio(ratio(mtcov, test)));
    rows.push(
        Row::new(SECTION, "mtcov --serial / mtcov (medians)", None).ratio(ratio(serial, mtcov)),
    );
    rows
}

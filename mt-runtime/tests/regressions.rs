//! The regression file: written when a generated case fails, replayed
//! first on later runs (its own test binary: it writes next to this file).

use mt_runtime::{Config, Mg, metamorphic};
use std::path::Path;

/// Wrong from 300 on.
#[metamorphic]
fn below_300(mg: &mut Mg, x: &u32) {
    let y = mg.source(x, |x| *x);
    mg.check(y < 300, || format!("{y} >= 300"));
}

/// Runs a check as the first one of a test named `replayed_case`.
fn run_in_test(config: Config) -> Result<mt_runtime::Summary, mt_runtime::Failures> {
    std::thread::Builder::new()
        .name("replayed_case".to_owned())
        .spawn(move || mt_runtime::try_check_strategy(&config, &[], 0u32..1000, &[below_300]))
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_failing_case_is_saved_and_replayed_first() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mtcov-regressions/regressions.txt");
    let _ = std::fs::remove_file(&path);

    let first = run_in_test(Config::with_cases(100).seed(1)).unwrap_err();
    let case = first.iter().next().unwrap().case().unwrap().clone();
    assert!(!case.replayed());
    let text = std::fs::read_to_string(&path).expect("the regression file is written");
    let line = format!(
        "cc {:016x} replayed_case # MR `below_300`: 300\n",
        case.seed()
    );
    assert!(text.ends_with(&line), "{text}");

    // No generated case at all: the saved one still fails, first.
    let again = run_in_test(Config::with_cases(0).seed(2)).unwrap_err();
    let generation = again.summary().generation().unwrap();
    assert_eq!((generation.replayed(), generation.generated()), (1, 0));
    let failure = again.iter().next().unwrap();
    assert_eq!(failure.input(), "300");
    assert_eq!(failure.case().unwrap().seed(), case.seed());
    assert!(failure.case().unwrap().replayed());
    assert!(
        again
            .to_string()
            .contains("replayed from the regression file"),
        "{again}"
    );
    // A replayed failure is not written twice.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("cc ")).count(),
        1,
        "{text}"
    );

    // Turned off, the file is neither read nor written.
    assert!(run_in_test(Config::with_cases(0).regressions(false)).is_ok());
    std::fs::remove_file(&path).unwrap();
    let _ = std::fs::remove_dir(path.parent().unwrap());
}

//! Guided generation outside `cargo mtcov`: without coverage it replays a
//! corpus when there is one, and otherwise runs random cases and says so.
//! (Under `cargo mtcov`: `cargo-mtcov/tests/e2e/guided_generation.rs`.)

use mt_runtime::{Config, Guided, Mg, metamorphic};
use std::path::Path;

/// Holds.
#[metamorphic]
fn doubles(mg: &mut Mg, x: &u32) {
    let y = mg.source(x, |x| x * 2);
    mg.check_eq(y % 2, 0);
}

/// Runs a guided check as the first one of a test named `name`.
fn in_test(name: &str, config: Config) -> mt_runtime::Summary {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || {
            mt_runtime::try_check_strategy(&config, &[], 0u32..1000, &[doubles]).unwrap()
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn without_coverage_or_corpus_random_cases_run() {
    let summary = in_test(
        "guided_without_corpus",
        Config::with_cases(9).guided(Guided::new(100)),
    );
    let generation = summary.generation().unwrap();
    assert_eq!(
        (
            generation.generated(),
            generation.drawn(),
            generation.from_corpus()
        ),
        (9, 0, 0)
    );
}

#[test]
fn a_corpus_is_replayed_without_coverage() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mtcov-corpus/guided.txt");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        "# a corpus\ncc 0000000000000001 guided_corpus # 1\ncc 0000000000000002 guided_corpus # 2\n\
         cc 0000000000000003 another_test # 3\n",
    )
    .unwrap();
    let summary = in_test(
        "guided_corpus",
        Config::with_cases(9).guided(Guided::new(100)),
    );
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir(path.parent().unwrap());
    let generation = summary.generation().unwrap();
    assert_eq!(
        (
            generation.generated(),
            generation.from_corpus(),
            generation.drawn()
        ),
        (2, 2, 0)
    );
    assert_eq!(summary.groups(), 2);
}

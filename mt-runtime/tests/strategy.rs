//! Source inputs drawn from strategies: seeds, shrinking, pool order, tuples.

use mt_runtime::proptest::prelude::*;
use mt_runtime::{Config, Mg, metamorphic};

/// Faulty from 50 on: adds one.
fn off_by_one_from_50(x: &u32) -> u32 {
    if *x >= 50 { x + 1 } else { *x }
}

/// Identity on 0..1000, with a second, different failure on 1..40: a
/// shrinker that accepts any failure ends at 1, one that keeps the same
/// check violated ends at 50.
#[metamorphic(output = "equal")]
fn identity(mg: &mut Mg, x: &u32) {
    let y = mg.source(x, off_by_one_from_50);
    mg.check(y == *x, || format!("{y} != {x}"));
    mg.check(!(1..40).contains(x), || format!("{x} is in 1..40"));
}

/// Panics at one place from 100 on, at another on 1..100: only 0 passes.
fn panics_twice(x: &u32) -> u32 {
    if *x >= 100 {
        panic!("too large: {x}");
    }
    if (1..100).contains(x) {
        panic!("in the small range: {x}");
    }
    *x
}

/// Runs the panicking SUT.
#[metamorphic]
fn no_panic(mg: &mut Mg, x: &u32) {
    let y = mg.source(x, panics_twice);
    mg.check_eq(y, *x);
}

fn config() -> Config {
    Config::with_cases(64).seed(7).regressions(false)
}

#[test]
fn a_violation_shrinks_to_the_minimum_of_the_same_check_not_to_another_failure() {
    let failures =
        mt_runtime::try_check_strategy(&config(), &[], 0u32..1000, &[identity]).unwrap_err();
    let shrunk: Vec<_> = failures.iter().filter(|f| f.case().is_some()).collect();
    assert_eq!(shrunk.len(), 1, "{failures}");
    let failure = shrunk[0];
    assert_eq!(failure.input(), "50", "{failures}");
    assert_eq!(failure.messages(), ["51 != 50"]);
    let case = failure.case().unwrap();
    assert!(case.original().parse::<u32>().unwrap() >= 50, "{failures}");
    assert!(case.shrink_steps() > 0);
    assert_eq!(failure.executions().collect::<Vec<_>>(), [("source", "50")]);
    let text = failures.to_string();
    assert!(
        text.contains(&format!(
            "case seed {:016x}, shrunk in {} steps from: {}",
            case.seed(),
            case.shrink_steps(),
            case.original()
        )),
        "{text}"
    );
    assert!(
        text.contains("rerun them with MTCOV_SEED=0000000000000007"),
        "{text}"
    );
}

#[test]
fn a_panic_shrinks_to_the_minimum_panicking_at_the_same_place() {
    let failures =
        mt_runtime::try_check_strategy(&config(), &[], 0u32..1000, &[no_panic]).unwrap_err();
    let failure = failures.iter().next().unwrap();
    assert!(!failure.is_violation());
    let original: u32 = failure.case().unwrap().original().parse().unwrap();
    assert!(
        original >= 100,
        "seed 7 draws a first failing case above 100: {failures}"
    );
    // Every candidate in 1..100 panics too, elsewhere: accepting it would end at 1.
    assert_eq!(failure.input(), "100", "{failures}");
    assert_eq!(failure.panic_message(), Some("too large: 100"));
}

#[test]
fn the_pool_runs_before_generated_cases_and_drawing_stops_at_the_first_failure() {
    let summary =
        mt_runtime::try_check_strategy(&config(), &[0, 45], 0u32..1, &[identity]).unwrap();
    let generation = summary.generation().unwrap();
    assert_eq!(
        (
            generation.pool(),
            generation.generated(),
            generation.replayed()
        ),
        (2, 64, 0)
    );
    assert_eq!(summary.groups(), 66);
    let failures =
        mt_runtime::try_check_strategy(&config(), &[3], 50u32..60, &[identity]).unwrap_err();
    let generation = failures.summary().generation().unwrap();
    assert_eq!(
        (generation.pool(), generation.generated()),
        (1, 1),
        "{failures}"
    );
    let first = failures.iter().next().unwrap();
    assert_eq!(
        (first.input(), first.case().is_none()),
        ("3", true),
        "{failures}"
    );
}

/// The seed of a check made as the first of a test named `name`.
fn seed_in_test(name: &str, checks: usize) -> Vec<u64> {
    let name = name.to_owned();
    std::thread::Builder::new()
        .name(name)
        .spawn(move || {
            (0..checks)
                .map(|_| {
                    let config = Config::with_cases(4).regressions(false);
                    let summary = mt_runtime::try_check_strategy(
                        &config,
                        &[],
                        0u32..40,
                        &[identity_below_40],
                    )
                    .unwrap();
                    summary.generation().unwrap().seed()
                })
                .collect()
        })
        .unwrap()
        .join()
        .unwrap()
}

/// Holds below 40.
#[metamorphic]
fn identity_below_40(mg: &mut Mg, x: &u32) {
    let y = mg.source(x, off_by_one_from_50);
    mg.check_eq(y, *x);
}

#[test]
fn the_default_seed_comes_from_the_test_name_and_the_check_number() {
    if std::env::var_os(mt_runtime::SEED_ENV).is_some()
        || std::env::var_os("PROPTEST_RNG_SEED").is_some()
    {
        return; // a seed from the environment is meant to override this
    }
    let a = seed_in_test("tests::a", 2);
    assert_eq!(a, seed_in_test("tests::a", 2), "same test, same seeds");
    assert_ne!(a[0], a[1], "two checks in one test draw different cases");
    assert_ne!(a[0], seed_in_test("tests::b", 1)[0]);
    // A configured seed is used as is.
    let summary = mt_runtime::try_check_strategy(
        &Config::with_cases(1).seed(99).regressions(false),
        &[],
        0u32..40,
        &[identity_below_40],
    )
    .unwrap();
    assert_eq!(summary.generation().unwrap().seed(), 99);
}

/// Addition commutes (a two-source MR over tuples).
#[metamorphic(output = "equal")]
fn commutes(mg: &mut Mg, (a, b): &(i64, i64)) {
    let x = mg.source(&(*a, *b), |(a, b)| a.wrapping_add(*b));
    let y = mg.source(&(*b, *a), |(a, b)| a.wrapping_add(*b));
    mg.check_eq(x, y);
}

#[test]
fn tuple_strategies_feed_multi_source_mrs() {
    let summary = mt_runtime::try_check_strategy(
        &config(),
        &[(1, 2)],
        (any::<i64>(), any::<i64>()),
        &[commutes],
    )
    .unwrap();
    assert_eq!(summary.held(), 65);
    mt_runtime::check_strategy((any::<i64>(), -5i64..5), &[commutes]);
}

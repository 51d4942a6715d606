//! What a user sees: verdicts, skips, panics and the failure summary.

use mt_runtime::{Mg, metamorphic};

fn double(x: &i64) -> i64 {
    x * 2
}

/// Doubling is additive: double(x + 1) - double(x) = 2.
#[metamorphic(output = "difference")]
fn additive(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, double);
    let b = mg.follow_up(&(x + 1), double);
    mg.check(b - a == 2, || format!("{b} - {a} != 2"));
}

/// Wrong on purpose: tripling the input does not grow negative outputs.
#[metamorphic(output = "order")]
fn grows(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, double);
    let b = mg.follow_up(&(x * 3), double);
    mg.check(b >= a, || format!("{b} < {a}"));
}

/// Panics on zero (division by the source output).
#[metamorphic]
fn ratio(mg: &mut Mg, x: &i64) {
    let a = mg.source(x, double);
    let b = mg.follow_up(&(x * 5), double);
    mg.check(b / a == 5, || format!("{b} / {a} != 5"));
}

/// Applies to non-negative inputs only.
#[metamorphic(output = "difference", name = "halving")]
fn halves(mg: &mut Mg, x: &i64) {
    if *x < 0 {
        return mg.skip("needs a non-negative input");
    }
    let a = mg.source(x, double);
    let b = mg.follow_up(&(x / 2), double);
    mg.check(a - b >= 0, || format!("{a} < {b}"));
}

#[test]
fn holding_and_skipped_groups_pass() {
    mt_runtime::check(&[-4, 0, 1, 7], &[additive, halves]);
}

#[test]
fn every_failure_is_reported_once_at_the_end() {
    let message = mt_runtime::try_check(&[-2, 0, 3], &[additive, grows, ratio])
        .unwrap_err()
        .to_string();
    assert!(
        message.starts_with(
            "metamorphic relations failed: 2 of 9 metamorphic groups (1 violated, 1 panicked; 7 held, 0 skipped)"
        ),
        "{message}"
    );
    assert!(
        message.contains("   MR `grows`: 1 violated\n   MR `ratio`: 1 panicked\n"),
        "{message}"
    );
    let grows_at = format!("MR `grows` violated ({}:", file!());
    assert!(message.contains(&grows_at), "{message}");
    assert!(message.contains("class \"order\""), "{message}");
    assert!(message.contains("source input: -2\n"), "{message}");
    assert!(message.contains("follow-up input: -6\n"), "{message}");
    assert!(message.contains("violated: -12 < -4"), "{message}");
    assert!(message.contains("MR `ratio` panicked"), "{message}");
    assert!(
        message.contains("panicked: attempt to divide by zero"),
        "{message}"
    );
    assert!(!message.contains("MR `additive`"), "{message}");
}

#[test]
fn huge_inputs_are_truncated_in_the_summary() {
    /// Always violated.
    #[metamorphic]
    fn never(mg: &mut Mg, v: &Vec<u32>) {
        let n = mg.source(v, |v| v.len());
        mg.check(n == usize::MAX, || "never holds".into());
    }
    let message = mt_runtime::try_check(&[vec![7u32; 100_000]], &[never])
        .unwrap_err()
        .to_string();
    assert!(message.contains("… (truncated)"), "{message}");
    assert!(message.len() < 2_000, "summary of {} bytes", message.len());
}

#[test]
fn the_registry_lists_every_mr_with_its_metadata() {
    let registry = mt_runtime::registry();
    let additive_info = registry
        .iter()
        .find(|mr| mr.id() == "mt_runtime::behaviour::additive")
        .expect("registered");
    assert_eq!(additive_info.class(), "difference");
    assert_eq!(additive_info.name(), "additive");
    assert_eq!(additive_info.file(), file!());
    assert_eq!(additive_info.source_type(), "i64");
    assert!(additive_info.takes::<i64>() && !additive_info.takes::<u64>());
    let halves_info = registry
        .iter()
        .find(|mr| mr.id() == "mt_runtime::behaviour::halves")
        .expect("registered");
    assert_eq!(halves_info.name(), "halving");
    let ratio_info = registry
        .iter()
        .find(|mr| mr.id() == "mt_runtime::behaviour::ratio")
        .expect("registered");
    assert_eq!(
        ratio_info.class(),
        "mt_runtime::behaviour::ratio",
        "an MR without `output` is its own class"
    );
}

#[test]
fn check_registered_runs_every_mr_of_the_source_type() {
    let message = mt_runtime::try_check_registered::<i64>(&[-2, 0])
        .unwrap_err()
        .to_string();
    assert!(message.contains("MR `grows` violated"), "{message}");
    assert!(message.contains("MR `ratio` panicked"), "{message}");
}

#[test]
#[should_panic(expected = "no #[metamorphic] function takes source inputs of type `u8`")]
fn check_registered_without_an_mr_of_the_type_is_a_mistake() {
    let _ = mt_runtime::try_check_registered::<u8>(&[1]);
}

#[test]
fn verdicts_do_not_leak_between_concurrent_checks() {
    std::thread::scope(|scope| {
        let failing = scope.spawn(|| {
            for _ in 0..50 {
                let message = mt_runtime::try_check(&[-2], &[grows])
                    .unwrap_err()
                    .to_string();
                assert!(message.contains("1 of 1 metamorphic groups"), "{message}");
            }
        });
        let passing = scope.spawn(|| {
            for _ in 0..50 {
                mt_runtime::check(&[1, 2, 3], &[additive, grows]);
            }
        });
        failing.join().unwrap();
        passing.join().unwrap();
    });
}

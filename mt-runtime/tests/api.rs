//! `try_check`, MRs that return `Result`, `mg.assume` and the ready relations.

use mt_runtime::relation::{self, Tolerance};
use mt_runtime::{Mg, MrResult, metamorphic};

fn halve(x: &f64) -> f64 {
    x / 2.0
}

/// Halving commutes with negation, checked with a ready relation.
#[metamorphic(output = "negated")]
fn negation(mg: &mut Mg, x: &f64) {
    let a = mg.source(x, halve);
    let b = mg.follow_up(&-x, halve);
    mg.check_that(relation::close(a, -b, Tolerance::ulps(0)));
}

/// Wrong on purpose for x > 10: uses `?` on relation checks.
#[metamorphic(output = "ordering")]
fn bounded(mg: &mut Mg, x: &f64) -> MrResult {
    mg.assume(x.is_finite(), "needs a finite input")?;
    let a = mg.source(x, halve);
    relation::less_or_equal(a, 5.0)?;
    Ok(())
}

/// An error from the SUT, through `?`, violates the MG.
#[metamorphic(output = "parse")]
fn parses(mg: &mut Mg, text: &String) -> Result<(), std::num::ParseIntError> {
    let n: i64 = mg.source(text, |t| t.parse())?;
    let m: i64 = mg.follow_up(&format!("+{text}"), |t| t.parse())?;
    mg.check_eq(n, m);
    Ok(())
}

/// `assume` in an MR that ignores its result still skips.
#[metamorphic]
fn assumes_without_question_mark(mg: &mut Mg, x: &f64) {
    if mg.assume(*x > 0.0, "needs a positive input").is_err() {
        return;
    }
    let a = mg.source(x, halve);
    mg.check(a > 0.0, || format!("{a} <= 0"));
}

#[test]
fn try_check_returns_the_summary_when_everything_holds() {
    let summary = mt_runtime::try_check(&[0.0, 1.5, -3.0], &[negation]).expect("all hold");
    assert_eq!(
        (summary.groups(), summary.held(), summary.skipped()),
        (3, 3, 0)
    );
    assert_eq!((summary.violated(), summary.panicked()), (0, 0));
    assert!(summary.generation().is_none());
}

#[test]
fn try_check_returns_each_failure_with_its_mr_input_and_message() {
    let failures = mt_runtime::try_check(&[2.0, 30.0, f64::NAN], &[negation, bounded]).unwrap_err();
    assert_eq!(failures.len(), 1, "{failures}");
    let summary = failures.summary();
    assert_eq!(
        (
            summary.groups(),
            summary.held(),
            summary.skipped(),
            summary.violated()
        ),
        (6, 4, 1, 1)
    );
    let failure = failures.iter().next().unwrap();
    assert_eq!(failure.mr().name(), "bounded");
    assert!(failure.is_violation());
    assert_eq!(failure.input(), "30.0");
    assert_eq!(
        failure.messages(),
        ["the MR returned an error: 15.0 is not <= 5.0"]
    );
    assert_eq!(
        failure.executions().collect::<Vec<_>>(),
        [("source", "30.0")]
    );
    // Display is what `check` panics with.
    let text = failures.to_string();
    assert!(text.starts_with("metamorphic relations failed: 1 of 6 metamorphic groups (1 violated, 0 panicked; 4 held, 1 skipped)"), "{text}");
    assert!(
        text.contains("violated: the MR returned an error: 15.0 is not <= 5.0"),
        "{text}"
    );
}

#[test]
fn check_panics_with_the_same_message() {
    let expected = mt_runtime::try_check(&[30.0], &[bounded])
        .unwrap_err()
        .to_string();
    let panic = std::panic::catch_unwind(|| mt_runtime::check(&[30.0], &[bounded])).unwrap_err();
    assert_eq!(panic.downcast_ref::<String>(), Some(&expected));
}

#[test]
fn errors_returned_through_question_mark_violate_the_group() {
    let failures =
        mt_runtime::try_check(&["12".to_owned(), "x".to_owned()], &[parses]).unwrap_err();
    let failure = failures.iter().next().unwrap();
    assert_eq!(failure.input(), "\"x\"");
    assert_eq!(
        failure.messages(),
        ["the MR returned an error: ParseIntError { kind: InvalidDigit }"]
    );
    assert_eq!(failures.summary().held(), 1);
}

/// An error type of the user's, only `Debug` (not `std::error::Error`).
#[derive(Debug)]
struct NotANumber(#[expect(dead_code, reason = "shown through Debug")] String);

fn strict_parse(text: &str) -> Result<i64, NotANumber> {
    text.parse().map_err(|_| NotANumber(text.to_owned()))
}

/// `MrResult` takes the user's error and `mg.assume` through `?` alike.
#[metamorphic(output = "parse")]
fn parses_own_error(mg: &mut Mg, text: &String) -> MrResult {
    mg.assume(!text.is_empty(), "an empty text is no number")?;
    let n = mg.source(text, |t| strict_parse(t))?;
    let m = mg.follow_up(&format!("0{text}"), |t| strict_parse(t))?;
    mg.check_eq(n, m);
    Ok(())
}

#[test]
fn mr_result_takes_any_debug_error_and_assume() {
    let failures = mt_runtime::try_check(
        &["12".to_owned(), String::new(), "x".to_owned()],
        &[parses_own_error],
    )
    .unwrap_err();
    let summary = failures.summary();
    assert_eq!(
        (summary.held(), summary.skipped(), summary.violated()),
        (1, 1, 1)
    );
    assert_eq!(
        failures.iter().next().unwrap().messages(),
        ["the MR returned an error: NotANumber(\"x\")"]
    );
}

/// Run by `check_panics_at_the_callers_line`, in a process of its own.
#[test]
#[ignore = "run by check_panics_at_the_callers_line"]
fn panicking_check() {
    mt_runtime::check(&[30.0], &[bounded]); // the caller's line
}

#[test]
fn check_panics_at_the_callers_line() {
    let source = include_str!("api.rs");
    let line = 1 + source
        .lines()
        .position(|l| l.ends_with("// the caller's line") && !l.contains("ends_with"))
        .expect("marked line");
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "panicking_check",
            "--ignored",
            "--test-threads=1",
        ])
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    // libtest prints a captured test's panic on stdout.
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!output.status.success(), "{printed}");
    assert!(
        printed.contains(&format!("panicked at {}:{line}:", file!())),
        "{printed}"
    );
}

#[test]
fn a_failed_assumption_skips_the_group_whatever_the_mr_returns() {
    let summary = mt_runtime::try_check(&[f64::INFINITY], &[bounded]).expect("skipped, not failed");
    assert_eq!((summary.skipped(), summary.violated()), (1, 0));
    let summary = mt_runtime::try_check(&[-1.0, 0.0, 4.0], &[assumes_without_question_mark])
        .expect("skipped");
    assert_eq!((summary.skipped(), summary.held()), (2, 1));
}

#[test]
fn check_that_reports_both_sides() {
    /// Wrong on purpose: the halves differ.
    #[metamorphic]
    fn same_half(mg: &mut Mg, x: &f64) {
        let a = mg.source(x, halve);
        let b = mg.follow_up(&(x + 1.0), halve);
        mg.check_that(relation::close(a, b, Tolerance::abs(0.1)));
    }
    let failures = mt_runtime::try_check(&[1.0], &[same_half]).unwrap_err();
    let message = &failures.iter().next().unwrap().messages()[0];
    assert!(
        message.starts_with("0.5 and 1.0 are not close: |a - b| = 5e-1"),
        "{message}"
    );
    assert!(message.ends_with("tolerance absolute 1e-1"), "{message}");
}

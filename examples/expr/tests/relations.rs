//! Metamorphic relations of the expression calculator.
//!
//! The follow-up inputs are built by editing the source *text* (appending,
//! wrapping, re-spacing), never by going through the parser under test, so
//! a parser fault cannot hide itself in the follow-up construction. Each
//! edit is valid only because of a property of the grammar, named in the
//! MR's doc comment; where that property does not cover malformed text,
//! the MR skips syntax errors.

use expr::{Error, ErrorKind, Token, evaluate, render, tokenize};
use mt_runtime::{Mg, Mr, categories, metamorphic};

/// What the relations compare: the value, or which kind of failure.
///
/// Syntax errors are compared only as "malformed": an edit moves where the
/// parser notices the problem (`1 +` ends early, `1 + + 0` has an
/// unexpected `+`) but must not make malformed text well-formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Value(i64),
    Malformed,
    DivisionByZero,
    Overflow,
}

fn verdict(result: &Result<i64, Error>) -> Verdict {
    match result {
        Ok(value) => Verdict::Value(*value),
        Err(error) if error.kind.is_syntax() => Verdict::Malformed,
        Err(Error {
            kind: ErrorKind::DivisionByZero,
            ..
        }) => Verdict::DivisionByZero,
        Err(_) => Verdict::Overflow,
    }
}

/// The runs of decimal digits in `text`.
fn digit_runs(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
}

// The black-box view of a source text, for `cargo mtcov --criterion
// i-choice,i-choice-pair,io-ctf`: its shape, its operators and literals,
// and the verdict the calculator gives it. A lone literal has no
// operators and always evaluates; only non-empty text has a value.
categories! {
    String -> Verdict {
        shape(t) {
            empty [property EMPTY] => t.trim().is_empty(),
            "single literal" [property LITERAL] =>
                t.trim().chars().all(|c| c.is_ascii_digit()) && t.trim().parse::<i64>().is_ok(),
            parenthesised => t.contains(['(', ')']),
            flat,
        }
        operators(t) {
            none => !t.contains(['+', '-', '*', '/', '%']),
            "additive only" [if !LITERAL && !EMPTY] => !t.contains(['*', '/', '%']),
            "multiplicative only" [if !LITERAL && !EMPTY] => !t.contains(['+', '-']),
            mixed [if !LITERAL && !EMPTY],
        }
        literals(t) {
            "beyond i64" [single] => digit_runs(t).any(|run| run.parse::<i64>().is_err()),
            none [if !LITERAL] => digit_runs(t).next().is_none(),
            large [if !EMPTY] => digit_runs(t).any(|run| run.len() >= 10),
            small [if !EMPTY],
        }
        output verdict(t, v) {
            value [if !EMPTY] => matches!(v, Verdict::Value(_)),
            "division by zero" [if !EMPTY && !LITERAL] => *v == Verdict::DivisionByZero,
            overflow [if !EMPTY && !LITERAL] => *v == Verdict::Overflow,
            malformed [if !LITERAL],
        }
    }
}

/// The SUT as the relations see it: text in, verdict out.
#[expect(
    clippy::ptr_arg,
    reason = "`mg.source` passes the MR's input, a &String"
)]
fn calc(text: &String) -> Verdict {
    verdict(&evaluate(text))
}

/// What `op` applied to the source's value gives, failures passed through.
fn map_value(source: Verdict, op: impl FnOnce(i64) -> Option<i64>) -> Verdict {
    match source {
        Verdict::Value(v) => op(v).map_or(Verdict::Overflow, Verdict::Value),
        failure => failure,
    }
}

/// Checks that `follow_up` is `expected`, naming the follow-up text.
fn check_verdict(mg: &mut Mg, follow_up: &str, got: Verdict, expected: Verdict) {
    mg.check(got == expected, || {
        format!("{follow_up:?} gave {got:?}, expected {expected:?}")
    });
}

/// `e + 0` has the value of `e`.
///
/// Holds for any text, malformed included: `+` and `-` are the lowest
/// precedence and left-associative, so appending `+ 0` to a well-formed
/// `e` adds 0 to all of it; and `+` cannot start an operand, so it cannot
/// complete malformed text (`1 +` becomes `1 + + 0`).
#[metamorphic(output = "equal")]
fn add_zero(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    let text = format!("{e} + 0");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, source);
}

/// `0 + e` has the value of `e`, for any text: the grammar of a sum is a
/// list of products, so `0 + e` is well-formed exactly when `e` is, and
/// adding 0 first cannot overflow.
#[metamorphic(output = "equal")]
fn prefix_zero(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    let text = format!("0 + {e}");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, source);
}

/// Spacing is insignificant: padding every operator and parenthesis with
/// spaces and turning each space into a space, tab and newline changes
/// nothing. Digits are never padded: `1 2` and `12` are different texts.
#[metamorphic(output = "equal")]
fn whitespace(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    let mut text = String::new();
    for c in e.chars() {
        match c {
            '+' | '-' | '*' | '/' | '%' | '(' | ')' => text.extend([' ', c, ' ']),
            ' ' => text.push_str(" \t\n"),
            other => text.push(other),
        }
    }
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, source);
}

/// `(e)` has the value of `e`.
///
/// Only for well-formed `e`: wrapping can repair malformed text
/// (`1) + (2` becomes `(1) + (2)`). Also invalid for `e` nested exactly
/// [`expr::MAX_DEPTH`] deep, which the pool does not contain.
#[metamorphic(output = "equal")]
fn wrap_parens(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    if source == Verdict::Malformed {
        return mg.skip("wrapping malformed text in parentheses can make it well-formed");
    }
    let text = format!("({e})");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, source);
}

/// `+` commutes: `e + 7` equals `7 + (e)`.
///
/// The first follow-up appends without parentheses, which is the same as
/// `(e) + 7` only because `+`/`-` are left-associative. Malformed `e` is
/// skipped: `7 + (e)` wraps it (see [`wrap_parens`]).
#[metamorphic(output = "equal")]
fn commute_add(mg: &mut Mg, e: &String) {
    if mg.source(e, calc) == Verdict::Malformed {
        return mg.skip("`7 + (e)` wraps e, which can repair malformed text");
    }
    let appended = format!("{e} + 7");
    let prepended = format!("7 + ({e})");
    let left = mg.follow_up(&appended, calc);
    let right = mg.follow_up(&prepended, calc);
    mg.check(left == right, || {
        format!("{appended:?} gave {left:?} but {prepended:?} gave {right:?}")
    });
}

/// `e - 1` is one less than `e` (or overflows at `i64::MIN`).
///
/// Appending `- 1` subtracts from all of `e` because `-` is
/// left-associative. Malformed `e` is skipped: the appended `- 1` can
/// complete it, as a unary minus (`1 +` becomes `1 + - 1`).
#[metamorphic(output = "shift")]
fn shift_by_subtraction(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    if source == Verdict::Malformed {
        return mg.skip("appending `- 1` can complete malformed text");
    }
    let text = format!("{e} - 1");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, map_value(source, |v| v.checked_sub(1)));
}

/// `-(e)` negates `e` (and overflows for `i64::MIN`).
#[metamorphic(output = "negated")]
fn negation(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    if source == Verdict::Malformed {
        return mg.skip("`-(e)` wraps e, which can repair malformed text");
    }
    let text = format!("-({e})");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, map_value(source, i64::checked_neg));
}

/// `(e) - (e)` is zero, and fails the way `e` fails.
#[metamorphic(output = "zero")]
fn self_subtraction(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    if source == Verdict::Malformed {
        return mg.skip("`(e) - (e)` wraps e, which can repair malformed text");
    }
    let text = format!("({e}) - ({e})");
    let got = mg.follow_up(&text, calc);
    check_verdict(mg, &text, got, map_value(source, |_| Some(0)));
}

/// Doubling: `2 * (e)` and `(e) + (e)` are both twice `e`, and overflow
/// together.
#[metamorphic(output = "scale")]
fn doubling(mg: &mut Mg, e: &String) {
    let source = mg.source(e, calc);
    if source == Verdict::Malformed {
        return mg.skip("doubling wraps e, which can repair malformed text");
    }
    let expected = map_value(source, |v| v.checked_mul(2));
    for text in [format!("2 * ({e})"), format!("({e}) + ({e})")] {
        let got = mg.follow_up(&text, calc);
        check_verdict(mg, &text, got, expected);
    }
}

/// Errors move with the text: two leading spaces move the reported
/// position of any error by 2 and leave its kind alone.
///
/// Applies to failing expressions only: well-formed, computable text has
/// no error position.
#[metamorphic(output = "offset")]
fn error_position(mg: &mut Mg, e: &String) {
    let Err(source) = mg.source(e, |e| evaluate(e)) else {
        return mg.skip("evaluates without error: there is no error position to move");
    };
    let text = format!("  {e}");
    let got = mg.follow_up(&text, |t| evaluate(t));
    let expected = Error {
        kind: source.kind.clone(),
        pos: source.pos + 2,
    };
    mg.check(got.as_ref() == Err(&expected), || {
        format!("{text:?} gave {got:?}, expected Err({expected:?})")
    });
}

/// The tokenizer round-trips: rendering the tokens and tokenizing the
/// rendering gives the same tokens (positions aside). Text the tokenizer
/// rejects has no tokens to render and is skipped.
#[metamorphic(output = "round-trip")]
fn token_round_trip(mg: &mut Mg, e: &String) {
    let tokens_of = |text: &String| -> Result<Vec<Token>, Error> {
        Ok(tokenize(text)?
            .into_iter()
            .map(|spanned| spanned.token)
            .collect())
    };
    let Ok(tokens) = mg.source(e, tokens_of) else {
        return mg.skip("the tokenizer rejects this text");
    };
    let text = render(&tokens);
    let again = mg.follow_up(&text, tokens_of);
    mg.check(again.as_ref() == Ok(&tokens), || {
        format!("{text:?} tokenized as {again:?}, expected {tokens:?}")
    });
}

/// The source expressions: each precedence level and associativity,
/// unary minus, nesting, odd spacing, the extremes of `i64`, each kind of
/// arithmetic failure and each kind of syntax error.
fn expressions() -> Vec<String> {
    let too_deep = format!(
        "{}1{}",
        "(".repeat(expr::MAX_DEPTH + 1),
        ")".repeat(expr::MAX_DEPTH + 1)
    );
    [
        // Well-formed, computable.
        "0",
        "42",
        "1 + 2",
        "10 - 4 - 3",
        "5 - 2 + 7",
        "1 - 2 - 3 - 4",
        "2 * 3 + 4",
        "2 + 3 * 4",
        "(2 + 3) * 4",
        "100 / 7",
        "100 / 10 / 5",
        "-7 % 3",
        "7 * -(2 - 10) % 5",
        "-(4 - 9)",
        "--5",
        "((((1))))",
        "  12\t*\n3 ",
        "9223372036854775807",
        "-9223372036854775807 - 1",
        // Arithmetic failures.
        "9223372036854775807 + 1",
        "1 / 0",
        "5 % (3 - 3)",
        "(-9223372036854775807 - 1) / -1",
        "-(-9223372036854775807 - 1)",
        // Malformed.
        "",
        "1 +",
        "* 4",
        "(1 + 2",
        "1 + 2)",
        "1) + (2",
        "()",
        "1 2",
        "3 $ 4",
        "99999999999999999999",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain([too_deep])
    .collect()
}

const ALL: [Mr<String>; 11] = [
    add_zero,
    prefix_zero,
    whitespace,
    wrap_parens,
    commute_add,
    shift_by_subtraction,
    negation,
    self_subtraction,
    doubling,
    error_position,
    token_round_trip,
];

#[test]
#[cfg(not(feature = "buggy"))]
fn all_relations_hold() {
    mt_runtime::check(&expressions(), &ALL);
}

#[test]
#[cfg(not(feature = "buggy"))]
fn every_registered_relation_is_in_the_list() {
    let registered = mt_runtime::registry()
        .iter()
        .filter(|mr| mr.takes::<String>())
        .count();
    assert_eq!(
        registered,
        ALL.len(),
        "an MR over String is missing from ALL"
    );
}

/// With `--features buggy`, binary `-` is right-associative. Only the MRs
/// that put text *after* a `-` chain without parentheses can see it; every
/// MR that parenthesises `e` evaluates the same wrong tree twice and holds.
#[test]
#[cfg(feature = "buggy")]
fn seeded_fault_is_caught_by_the_appending_relations() {
    const CAUGHT_BY: [&str; 2] = ["shift_by_subtraction", "commute_add"];
    for mr in ALL {
        let name = mr.info().name();
        if CAUGHT_BY.contains(&name) {
            let message = mt_runtime::try_check(&expressions(), &[mr])
                .expect_err("the seeded fault went unnoticed")
                .to_string();
            assert!(
                message.contains(&format!("MR `{name}` violated")),
                "{name} should fail:\n{message}"
            );
        } else {
            // Blind to associativity: holds even on the faulty parser.
            mt_runtime::check(&expressions(), &[mr]);
        }
    }
}

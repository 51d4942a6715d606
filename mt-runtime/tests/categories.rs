//! `categories!` under `MTCOV_RECORD_DIR`: the header carries every
//! declaration; `mg.source` writes each source input's I-choices once,
//! and its O-choices when the SUT returns the declared output type; a
//! classifier that panics, or an input no choice takes, is an error line,
//! never a choice.
//!
//! Each scenario runs in a child process (recording is decided once per
//! process): this test binary re-run on one test, with the variable set.

use mt_runtime::{Mg, categories, metamorphic};
use serde_json::Value;
mod common;

const CHILD: &str = "MT_RUNTIME_CATEGORIES_CHILD";

#[derive(Debug)]
struct Qty(i64);

#[derive(Debug)]
struct Picky(i64);

categories! {
    Qty -> i64 {
        size(q) {
            negative [error] => q.0 < 0,
            small [property SMALL] => q.0 < 3,
            large,
        }
        output parity(q, out) {
            even => out % 2 == 0,
            odd [if !SMALL],
        }
    }
}

categories! {
    Picky {
        kind(p) {
            low => { assert!(p.0 != 13, "13 is unlucky"); p.0 < 10 },
            mid => p.0 < 100,
        }
    }
}

fn double(q: &Qty) -> i64 {
    q.0 * 2
}

/// Doubling commutes with negation.
#[metamorphic(output = "negated")]
fn doubling_is_odd(mg: &mut Mg, q: &Qty) {
    let a = mg.source(q, double);
    let b = mg.follow_up(&Qty(-q.0), double);
    mg.check_eq(a, -b);
}

/// The same SUT returning text: no O-choices (another output type).
#[metamorphic(output = "text")]
fn text_round_trip(mg: &mut Mg, q: &Qty) {
    let a = mg.source(q, |q: &Qty| (q.0 * 2).to_string());
    mg.check_eq(a.parse::<i64>().ok(), Some(q.0 * 2));
}

/// Any relation over `Picky`.
#[metamorphic(output = "equal")]
fn picky_identity(mg: &mut Mg, p: &Picky) {
    let a = mg.source(p, |p: &Picky| p.0);
    mg.check_eq(a, p.0);
}

#[test]
#[ignore = "the child process of this file's tests, which run it with --ignored"]
fn child() {
    let scenario = std::env::var(CHILD).unwrap_or_else(|_| {
        panic!("{CHILD} is not set: this is the child side of this file's tests")
    });
    match scenario.as_str() {
        "qty" => mt_runtime::check(
            &[Qty(1), Qty(5), Qty(-1)],
            &[doubling_is_odd, text_round_trip],
        ),
        "text-only" => mt_runtime::check(&[Qty(4)], &[text_round_trip]),
        "picky" => mt_runtime::check(&[Picky(3), Picky(13), Picky(500)], &[picky_identity]),
        other => panic!("unknown scenario {other}"),
    }
}

/// The `choices` lines of `scenario`, and the header's declarations.
fn record(scenario: &str) -> (Vec<Value>, Value) {
    let dir = common::fresh_dir(&format!("categories-{scenario}"));
    let output = common::child(CHILD, scenario, &dir).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let records: Vec<Value> = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    let header = records[0]["categories"].clone();
    let choices = records
        .into_iter()
        .filter(|r| r["kind"] == "choices")
        .collect();
    (choices, header)
}

/// (source `Debug`, choices or error) of each `choices` line, keyed via the `source` lines.
fn lines(choices: &[Value]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = choices
        .iter()
        .map(|r| {
            let what = if r["error"].is_string() {
                format!("error: {}", r["error"].as_str().unwrap())
            } else {
                r["choices"].to_string()
            };
            (r["key"].as_str().unwrap().to_owned(), what)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn each_source_input_is_classified_once_and_its_output_when_typed() {
    let (choices, header) = record("qty");
    let declared: Vec<&str> = header
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["source_type"].as_str().unwrap())
        .collect();
    assert_eq!(declared.len(), 2, "{header:#}");
    assert!(
        declared.iter().any(|t| t.ends_with("::Qty")),
        "{declared:?}"
    );
    let qty = header
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["source_type"].as_str().unwrap().ends_with("::Qty"))
        .unwrap();
    assert_eq!(qty["output_type"], "i64");
    assert_eq!(qty["categories"][1]["choices"][1]["if"], "!SMALL");
    assert_eq!(qty["categories"][0]["choices"][0]["kind"], "error");

    // 1: small, then even; 5: large, then even; -1: negative [error], even.
    // Each input once without O-choices, once with: two MRs, one line each.
    let mut got: Vec<String> = lines(&choices).into_iter().map(|(_, c)| c).collect();
    got.sort();
    assert_eq!(
        got,
        [
            "[0,0]", "[0,null]", "[1,0]", "[1,null]", "[2,0]", "[2,null]"
        ]
    );

    let (choices, _) = record("text-only");
    let got: Vec<String> = lines(&choices).into_iter().map(|(_, c)| c).collect();
    assert_eq!(got, ["[2,null]"], "a String output is not the declared i64");
}

#[test]
fn a_panicking_classifier_or_an_unmatched_input_is_an_error_never_a_choice() {
    let (choices, _) = record("picky");
    let mut got: Vec<String> = lines(&choices).into_iter().map(|(_, c)| c).collect();
    got.sort();
    assert_eq!(
        got,
        [
            "[0]".to_owned(),
            "error: the classifier of category `kind` panicked: 13 is unlucky".to_owned(),
            "error: the input matches no choice of category `kind`: give its last choice no predicate, or add a choice that takes it".to_owned(),
        ]
    );
}

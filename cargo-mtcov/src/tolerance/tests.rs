use std::collections::BTreeMap;

use super::mutants::{Mutant, MutantCheck, against};
use super::*;

fn site(given: GivenTolerance, largest: [f64; 3], failed: u64) -> Observed {
    Observed {
        mr: "mrs::period".into(),
        file: "tests/r.rs".into(),
        line: 3,
        column: 5,
        bits: 64,
        given,
        varies: false,
        calls: 10,
        failed,
        exact: 2,
        scale: 1.0,
        largest: largest.map(Some),
        at: [Some(format!("{:016x}", 7)), None, None],
        held: largest.map(Some),
        decades: [
            vec![(-16, 3), (-15, 5)],
            vec![(-16, 8)],
            vec![(0, 4), (1, 4)],
        ],
    }
}

fn abs(x: f64) -> GivenTolerance {
    GivenTolerance {
        abs: Some(x),
        ..GivenTolerance::default()
    }
}

#[test]
fn suggestions_round_up_to_one_digit_and_keep_powers_of_ten() {
    assert_eq!(round_up(3.4e-15), 4e-15);
    assert_eq!(round_up(1e-9), 1e-9);
    assert_eq!(round_up(9.5e-3), 1e-2);
    assert_eq!(round_up(4.440892098500626e-15), 5e-15);
    assert_eq!(round_up(20.0), 20.0);
}

#[test]
fn a_loose_tolerance_is_weak_and_its_suggestion_is_the_floor_times_the_margin() {
    let sources = BTreeMap::from([(7, "Angle(30.0)".to_owned())]);
    let check = judge(
        site(abs(1e-3), [4.4e-16, 4.4e-16, 2.0], 0),
        &sources,
        MARGIN,
    );
    assert_eq!(check.verdict, Verdict::Weak);
    assert_eq!(check.measure, "absolute");
    assert_eq!(check.floor_input.as_deref(), Some("Angle(30.0)"));
    let ratio = check.ratio.unwrap();
    assert!((ratio - 1e-3 / 4.4e-16).abs() / ratio < 1e-12, "{ratio}");
    assert_eq!(check.suggested, Some(abs(5e-15)));
    assert_eq!(
        check.suggested_text.as_deref(),
        Some("Tolerance::abs(5e-15)")
    );
}

#[test]
fn a_tolerance_within_a_thousand_floors_fits_and_one_that_failed_is_too_tight() {
    let sources = BTreeMap::new();
    let fits = judge(
        site(abs(1e-13), [4.4e-16, 4.4e-16, 2.0], 0),
        &sources,
        MARGIN,
    );
    assert_eq!(fits.verdict, Verdict::Fits);
    let tight = judge(
        site(abs(1e-17), [4.4e-16, 4.4e-16, 2.0], 3),
        &sources,
        MARGIN,
    );
    assert_eq!(tight.verdict, Verdict::TooTight);
    assert_eq!(tight.suggested, Some(abs(5e-15)));
    // No difference at all: judged against one rounding step.
    let exact = judge(site(abs(1e-3), [0.0; 3], 0), &sources, MARGIN);
    assert_eq!(exact.verdict, Verdict::Weak);
    assert_eq!(exact.suggested, Some(abs(3e-15)));
}

#[test]
fn the_verdict_is_in_the_loosest_criterion() {
    let given = GivenTolerance {
        abs: Some(1e-14),
        rel: Some(1e-6),
        ulps: None,
    };
    let check = judge(
        site(given, [4.4e-16, 4.4e-16, 2.0], 0),
        &BTreeMap::new(),
        MARGIN,
    );
    assert_eq!(check.measure, "relative");
    assert_eq!(check.verdict, Verdict::Weak);
    assert_eq!(
        check.suggested_text.as_deref(),
        Some("Tolerance::abs(5e-15).or_rel(5e-15)")
    );
    let ulps = GivenTolerance {
        ulps: Some(4),
        ..GivenTolerance::default()
    };
    let check = judge(
        site(ulps, [4.4e-16, 4.4e-16, 2.0], 0),
        &BTreeMap::new(),
        MARGIN,
    );
    // It fits (4 ULPs over a floor of 2): the suggestion is not looser.
    assert_eq!(check.verdict, Verdict::Fits);
    assert_eq!(check.suggested, Some(ulps));
}

#[test]
fn processes_merge_by_site_keeping_the_input_of_the_largest() {
    let mut a = site(abs(1e-3), [1e-16, 1e-16, 1.0], 0);
    let mut b = site(abs(1e-3), [3e-16, 1e-16, 1.0], 1);
    b.at[0] = Some(format!("{:016x}", 9));
    a.merge(&b);
    assert_eq!(a.largest[0], Some(3e-16));
    assert_eq!(a.at[0].as_deref(), Some("0000000000000009"));
    assert_eq!((a.calls, a.failed), (20, 1));
    assert_eq!(a.decades[0], [(-16, 6), (-15, 10)]);
    assert!(!a.varies);
    b.given = abs(1.0);
    a.merge(&b);
    assert!(a.varies);
}

#[test]
fn hidden_mutants_are_those_the_check_passed_above_the_floor() {
    let check = judge(
        site(abs(1e-3), [4.4e-16, 4.4e-16, 2.0], 0),
        &BTreeMap::new(),
        MARGIN,
    );
    let seen = |held: f64, failed: u64| MutantCheck {
        site: 0,
        calls: 10,
        failed,
        largest: [Some(held), None, None],
        held: [Some(held), None, None],
    };
    let (small, big, failing, quiet) = (seen(1e-9, 0), seen(5e-4, 0), seen(2.0, 1), seen(4e-16, 0));
    let mutants = [
        Mutant {
            name: "small",
            killed: false,
            check: Some(&small),
        },
        Mutant {
            name: "big",
            killed: true,
            check: Some(&big),
        },
        Mutant {
            name: "failing",
            killed: true,
            check: Some(&failing),
        },
        Mutant {
            name: "quiet",
            killed: false,
            check: Some(&quiet),
        },
        Mutant {
            name: "absent",
            killed: false,
            check: None,
        },
    ];
    let result = against(&check, &mutants);
    let names: Vec<&str> = result.hidden.iter().map(|h| h.mutant.as_str()).collect();
    assert_eq!(names, ["big", "small"]);
    assert!(result.hidden.iter().all(|h| h.caught_by_suggestion));
    assert!(result.hidden[0].killed_elsewhere);
    // Decades 1e-18 ..= 1e-3, then the floor and the suggestion.
    let at = |t: f64| result.sweep.iter().find(|p| p.tolerance == t).unwrap();
    assert_eq!((at(1e-16).kills, at(1e-16).false_alarms), (4, 5));
    assert_eq!((at(1e-15).kills, at(1e-15).false_alarms), (3, 0));
    assert_eq!(at(4.4e-16).labels, ["floor"]);
    assert_eq!(at(5e-15).labels, ["suggested"]);
    assert_eq!(
        (at(1e-3).labels.clone(), at(1e-3).kills),
        (vec!["given"], 1)
    );
    assert!(
        result
            .sweep
            .windows(2)
            .all(|w| w[0].tolerance < w[1].tolerance)
    );
}

#[test]
fn the_wording_says_what_the_ratio_is_over() {
    // Every comparison was of equal values: the ratio is over one
    // rounding step, and the sentence says so.
    let rel = GivenTolerance {
        rel: Some(2e-15),
        ..GivenTolerance::default()
    };
    let check = judge(site(rel, [0.0; 3], 0), &BTreeMap::new(), MARGIN);
    assert_eq!(check.ratio_of, RatioOf::RoundingStep);
    assert_eq!(
        allows(check.ratio.unwrap(), check.ratio_of, check.measure),
        "allows 9× one rounding step (relative), and every difference seen was smaller"
    );
    let check = judge(
        site(abs(1e-3), [4.4e-16, 4.4e-16, 2.0], 0),
        &BTreeMap::new(),
        MARGIN,
    );
    assert_eq!(check.ratio_of, RatioOf::Floor);
    assert_eq!(
        allows(4.0, RatioOf::Floor, "ulps"),
        "allows 4× the largest ULP difference seen"
    );
    assert_eq!(
        allows(1.0, RatioOf::RoundingStep, "ulps"),
        "allows 1 ULP, and no difference seen reached one"
    );
    assert_eq!(times(1.23), "1.2");
    assert_eq!(times(2.0), "2");
    assert_eq!(times(35.4), "35");
    assert_eq!(times(0.5), "0.50");
}

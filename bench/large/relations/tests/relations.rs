//! Twelve metamorphic relations in five classes over the regex family,
//! each over source inputs drawn from one strategy (patterns from a small
//! grammar, haystacks over a few letters). `PROPTEST_CASES` sets how many
//! cases are drawn (the bench runs 300, 1,000 and 3,000).

use mt_runtime::proptest::prelude::*;
use mt_runtime::{Config, Mg, Mr, metamorphic};
use relations::{
    Case, find, find_all, find_backtrack, find_bytes, find_pikevm, is_match, set_matches,
    shortest_match, split,
};

// ---- equal: another way to the same match ----

/// A capture group around the pattern does not move the match.
#[metamorphic(output = "equal")]
fn grouping(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, find);
    let b = mg.follow_up(&case.with_pattern(format!("({})", case.pattern)), find);
    mg.check_eq(a, b);
}

/// `p|p` matches what `p` matches.
#[metamorphic(output = "equal")]
fn alternation_idempotent(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, find);
    let p = &case.pattern;
    let b = mg.follow_up(&case.with_pattern(format!("(?:{p})|(?:{p})")), find);
    mg.check_eq(a, b);
}

/// `regex::bytes` on the haystack's bytes finds the same match.
#[metamorphic(output = "equal")]
fn bytes_api(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, find);
    let b = mg.follow_up(case, find_bytes);
    mg.check_eq(a, b);
}

/// The PikeVM alone finds the same match as the meta engine.
#[metamorphic(output = "equal")]
fn pikevm(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, find);
    let b = mg.follow_up(case, find_pikevm);
    mg.check_eq(a, b);
}

/// The bounded backtracker alone finds the same match.
#[metamorphic(output = "equal")]
fn backtrack(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, find);
    let b = mg.follow_up(case, find_backtrack);
    mg.check_eq(a, b);
}

// ---- implied: a match survives what cannot undo it ----

/// A space after the haystack keeps a match (it keeps every word
/// boundary too).
#[metamorphic(output = "implied")]
fn longer_after(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, is_match);
    let b = mg.follow_up(&case.with_haystack(format!("{} ", case.haystack)), is_match);
    mg.check(!a || b, || "a match disappeared after appending".into());
}

/// A space before the haystack keeps a match.
#[metamorphic(output = "implied")]
fn longer_before(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, is_match);
    let b = mg.follow_up(&case.with_haystack(format!(" {}", case.haystack)), is_match);
    mg.check(!a || b, || "a match disappeared after prepending".into());
}

/// Ignoring case keeps a match.
#[metamorphic(output = "implied")]
fn case_insensitive(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, is_match);
    let b = mg.follow_up(&case.with_pattern(format!("(?i){}", case.pattern)), is_match);
    mg.check(!a || b, || "(?i) lost a match".into());
}

/// An extra alternative keeps a match.
#[metamorphic(output = "implied")]
fn wider_alternation(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, is_match);
    let b = mg.follow_up(&case.with_pattern(format!("(?:{})|zz", case.pattern)), is_match);
    mg.check(!a || b, || "an extra alternative lost a match".into());
}

// ---- partition: matches and the pieces between them rebuild the haystack ----

/// The pieces `split` leaves, interleaved with the matches, are the haystack.
#[metamorphic(output = "partition")]
fn split_rebuilds(mg: &mut Mg, case: &Case) {
    let matches = mg.source(case, find_all);
    let pieces = mg.follow_up(case, split);
    let mut rebuilt = String::new();
    for (i, piece) in pieces.iter().enumerate() {
        rebuilt.push_str(piece);
        if let Some(&(s, e)) = matches.get(i) {
            rebuilt.push_str(&case.haystack[s..e]);
        }
    }
    mg.check_eq(&rebuilt, &case.haystack);
}

// ---- member: a set of one pattern ----

/// A set of one pattern matches exactly when the pattern does.
#[metamorphic(output = "member")]
fn set_of_one(mg: &mut Mg, case: &Case) {
    let a = mg.source(case, is_match);
    let b = mg.follow_up(case, set_matches);
    mg.check_eq(if a { vec![0] } else { vec![] }, b);
}

// ---- bounded: the earliest end is no later than the leftmost match's ----

/// `shortest_match` ends no later than `find`'s match.
#[metamorphic(output = "bounded")]
fn shortest_no_later(mg: &mut Mg, case: &Case) {
    let end = mg.source(case, shortest_match);
    let found = mg.follow_up(case, find);
    match (end, found) {
        (None, None) => {}
        (Some(e), Some((_, f))) => mg.check(e <= f, || format!("shortest end {e} after {f}")),
        (e, f) => mg.check(false, || format!("shortest {e:?} but find {f:?}")),
    }
}

const RELATIONS: [Mr<Case>; 12] = [
    grouping,
    alternation_idempotent,
    bytes_api,
    pikevm,
    backtrack,
    longer_after,
    longer_before,
    case_insensitive,
    wider_alternation,
    split_rebuilds,
    set_of_one,
    shortest_no_later,
];

/// Patterns from a small grammar: letters, classes (ASCII and Unicode),
/// repetitions (greedy and lazy), groups and alternations, a few levels deep.
fn patterns() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        prop::sample::select(vec!["a", "b", "c", "é", "."]).prop_map(str::to_owned),
        prop::sample::select(vec![
            "[ab]", "[^c]", "[a-cé]", r"\w", r"(?-u:\w)", r"\d", r"\s", r"\b",
        ])
        .prop_map(str::to_owned),
        "[abc]{2,5}".prop_map(|literal: String| literal),
    ];
    atom.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 2..4).prop_map(|parts| parts.concat()),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a}|{b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            (
                inner,
                prop::sample::select(vec!["*", "+", "?", "{1,3}", "*?", "+?"])
            )
                .prop_map(|(a, q)| format!("(?:{a}){q}")),
        ]
    })
}

fn cases() -> impl Strategy<Value = Case> {
    (patterns(), "[abcé ]{0,24}").prop_map(|(pattern, haystack)| Case { pattern, haystack })
}

#[test]
fn the_regex_family_satisfies_every_relation() {
    let config = Config::default().seed(22).regressions(false);
    mt_runtime::check_strategy_with(&config, &[], cases(), &RELATIONS);
}

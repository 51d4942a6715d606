//! Metamorphic relations of strsim's metrics, written for the mtcov study
//! (docs/study.md). Every MR takes a pair of strings; most check one
//! metric, a few relate two metrics on the same pair. (strsim is an
//! edition 2015 crate.)

extern crate mt_runtime;
extern crate strsim;

use mt_runtime::relation::{self, Tolerance};
use mt_runtime::{Mg, metamorphic};
use strsim::{
    damerau_levenshtein, hamming, jaro, jaro_winkler, levenshtein, normalized_levenshtein,
    osa_distance, sorensen_dice,
};

type Pair = (String, String);

fn lev(p: &Pair) -> usize {
    levenshtein(&p.0, &p.1)
}
fn dam(p: &Pair) -> usize {
    damerau_levenshtein(&p.0, &p.1)
}
fn osa(p: &Pair) -> usize {
    osa_distance(&p.0, &p.1)
}
fn jar(p: &Pair) -> f64 {
    jaro(&p.0, &p.1)
}
fn jw(p: &Pair) -> f64 {
    jaro_winkler(&p.0, &p.1)
}
fn dice(p: &Pair) -> f64 {
    sorensen_dice(&p.0, &p.1)
}
fn swapped(p: &Pair) -> Pair {
    (p.1.clone(), p.0.clone())
}
/// Within 1e-9; `#[track_caller]`: each call is its own check site for
/// `cargo mtcov tolerance`.
#[track_caller]
fn close(a: f64, b: f64) -> bool {
    relation::close(a, b, Tolerance::abs(1e-9)).is_ok()
}

// ---- equal: a change of the pair that keeps the metric ----

#[metamorphic(output = "equal")]
fn levenshtein_symmetric(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, lev);
    let b = mg.follow_up(&swapped(p), lev);
    mg.check_eq(&a, &b);
}

#[metamorphic(output = "equal")]
fn damerau_symmetric(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, dam);
    let b = mg.follow_up(&swapped(p), dam);
    mg.check_eq(&a, &b);
}

#[metamorphic(output = "equal")]
fn osa_symmetric(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, osa);
    let b = mg.follow_up(&swapped(p), osa);
    mg.check_eq(&a, &b);
}

#[metamorphic(output = "equal")]
fn jaro_symmetric(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, jar);
    let b = mg.follow_up(&swapped(p), jar);
    mg.check(close(a, b), || format!("{a} != {b}"));
}

#[metamorphic(output = "equal")]
fn sorensen_dice_symmetric(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, dice);
    let b = mg.follow_up(&swapped(p), dice);
    mg.check(close(a, b), || format!("{a} != {b}"));
}

/// A common prefix costs no edit.
#[metamorphic(output = "equal")]
fn levenshtein_common_prefix(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, lev);
    let b = mg.follow_up(&(format!("pre{}", p.0), format!("pre{}", p.1)), lev);
    mg.check_eq(&a, &b);
}

/// A common suffix costs no edit.
#[metamorphic(output = "equal")]
fn damerau_common_suffix(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, dam);
    let b = mg.follow_up(&(format!("{}ing", p.0), format!("{}ing", p.1)), dam);
    mg.check_eq(&a, &b);
}

/// Reading both strings backwards needs the same edits.
#[metamorphic(output = "equal")]
fn levenshtein_reversed(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, lev);
    let reversed = (p.0.chars().rev().collect(), p.1.chars().rev().collect());
    let b = mg.follow_up(&reversed, lev);
    mg.check_eq(&a, &b);
}

// ---- bounded: one more edit changes a distance by at most one ----

#[metamorphic(output = "bounded")]
fn levenshtein_one_more_char(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, lev);
    let b = mg.follow_up(&(p.0.clone(), format!("{}x", p.1)), lev);
    mg.check(a.abs_diff(b) <= 1, || format!("{a} then {b}"));
}

#[metamorphic(output = "bounded")]
fn osa_one_char_less(mg: &mut Mg, p: &Pair) {
    let mut shorter = p.1.clone();
    if shorter.pop().is_none() {
        return mg.skip("the second string is empty");
    }
    let a = mg.source(p, osa);
    let b = mg.follow_up(&(p.0.clone(), shorter), osa);
    mg.check(a.abs_diff(b) <= 1, || format!("{a} then {b}"));
}

/// The triangle inequality through the second string without its first
/// character.
#[metamorphic(output = "bounded")]
fn damerau_triangle(mg: &mut Mg, p: &Pair) {
    let mid: String = p.1.chars().skip(1).collect();
    let ac = mg.source(p, dam);
    let ab = mg.follow_up(&(p.0.clone(), mid.clone()), dam);
    let bc = mg.follow_up(&(mid, p.1.clone()), dam);
    mg.check(ac <= ab + bc, || format!("{ac} > {ab} + {bc}"));
}

// ---- identity: a string against itself ----

#[metamorphic(output = "identity")]
fn levenshtein_self_is_zero(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, lev);
    let b = mg.follow_up(&(p.0.clone(), p.0.clone()), lev);
    mg.check(b == 0 && (a == 0) == (p.0 == p.1), || format!("{a}, self {b}"));
}

#[metamorphic(output = "identity")]
fn sorensen_dice_self_is_one(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, dice);
    let b = mg.follow_up(&(p.1.clone(), p.1.clone()), dice);
    mg.check(close(b, 1.0) && a <= 1.0, || format!("{a}, self {b}"));
}

// ---- order: two metrics of one pair ----

/// The Winkler prefix bonus only raises the Jaro similarity.
#[metamorphic(output = "order")]
fn jaro_winkler_at_least_jaro(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, jar);
    let b = mg.follow_up(p, jw);
    mg.check(b + 1e-12 >= a, || format!("{b} < {a}"));
}

/// Unrestricted transpositions never cost more than restricted ones.
#[metamorphic(output = "order")]
fn damerau_at_most_osa(mg: &mut Mg, p: &Pair) {
    let a = mg.source(p, dam);
    let b = mg.follow_up(p, osa);
    mg.check(a <= b, || format!("{a} > {b}"));
}

/// Substitutions only are never fewer edits than Levenshtein's.
#[metamorphic(output = "order")]
fn hamming_at_least_levenshtein(mg: &mut Mg, p: &Pair) {
    let Ok(h) = mg.source(p, |p| hamming(&p.0, &p.1)) else {
        return mg.skip("lengths differ");
    };
    let l = mg.follow_up(p, lev);
    mg.check(h >= l, || format!("{h} < {l}"));
}

/// The normalized distance is the distance over the longer length.
#[metamorphic(output = "scaled")]
fn normalized_levenshtein_scales(mg: &mut Mg, p: &Pair) {
    let n = mg.source(p, |p| normalized_levenshtein(&p.0, &p.1));
    let d = mg.follow_up(p, lev);
    let longest = p.0.chars().count().max(p.1.chars().count());
    let expected = if longest == 0 {
        1.0
    } else {
        1.0 - d as f64 / longest as f64
    };
    mg.check(close(n, expected), || format!("{n} != {expected}"));
}

const WORDS: &[&str] = &[
    "", "a", "ab", "ba", "abc", "acb", "kitten", "sitting", "saturday", "sunday", "rosettacode",
    "raisethysword", "martha", "marhta", "dixon", "dicksonx", "jellyfish", "smellyfish", "ca",
    "abc", "éa", "aé", "üñí", "unicode", "hamming", "hammers", "book", "back", "flaw", "lawn",
    "aaaa", "aa", "night", "nacht",
];

/// Neighbouring words paired, and each with itself: deterministic.
fn pairs() -> Vec<Pair> {
    let mut out = Vec::new();
    for (i, a) in WORDS.iter().enumerate() {
        for b in [WORDS[(i + 1) % WORDS.len()], WORDS[(i * 7 + 3) % WORDS.len()], a] {
            out.push((a.to_string(), b.to_string()));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn strsim_relations_hold() {
    mt_runtime::check(
        &pairs(),
        &[
            levenshtein_symmetric,
            damerau_symmetric,
            osa_symmetric,
            jaro_symmetric,
            sorensen_dice_symmetric,
            levenshtein_common_prefix,
            damerau_common_suffix,
            levenshtein_reversed,
            levenshtein_one_more_char,
            osa_one_char_less,
            damerau_triangle,
            levenshtein_self_is_zero,
            sorensen_dice_self_is_one,
            jaro_winkler_at_least_jaro,
            damerau_at_most_osa,
            hamming_at_least_levenshtein,
            normalized_levenshtein_scales,
        ],
    );
}

//! Metamorphic tests of the library, and ten slow ordinary tests in the
//! same binary.

use std::time::Duration;

use mt_runtime::{Mg, metamorphic};
use suite::*;

#[metamorphic(output = "equal")]
fn gcd_commutes(mg: &mut Mg, pair: &(u64, u64)) {
    let a = mg.source(pair, |&(x, y)| gcd(x, y));
    let b = mg.follow_up(&(pair.1, pair.0), |&(x, y)| gcd(x, y));
    mg.check_eq(a, b);
}

#[metamorphic(output = "scaled")]
fn gcd_scales(mg: &mut Mg, pair: &(u64, u64)) {
    let a = mg.source(pair, |&(x, y)| gcd(x, y));
    let b = mg.follow_up(&(pair.0 * 3, pair.1 * 3), |&(x, y)| gcd(x, y));
    mg.check_eq(a * 3, b);
}

#[metamorphic(output = "monotone")]
fn isqrt_monotone(mg: &mut Mg, n: &u64) {
    let a = mg.source(n, |&n| isqrt(n));
    let b = mg.follow_up(&(n + 1), |&n| isqrt(n));
    mg.check(a <= b, || format!("isqrt({n}) = {a} > isqrt({}) = {b}", n + 1));
}

#[metamorphic(output = "equal")]
fn rle_round_trip(mg: &mut Mg, s: &Vec<u8>) {
    let runs = mg.source(s, |s| rle(s));
    let back = mg.follow_up(&runs, |r| unrle(r));
    mg.check_eq(&back, s);
}

#[metamorphic(output = "permuted")]
fn sort_ignores_order(mg: &mut Mg, v: &Vec<i64>) {
    let a = mg.source(v, |v| {
        let mut v = v.clone();
        insertion_sort(&mut v);
        v
    });
    let reversed: Vec<i64> = v.iter().rev().copied().collect();
    let b = mg.follow_up(&reversed, |v| {
        let mut v = v.clone();
        insertion_sort(&mut v);
        v
    });
    mg.check_eq(a, b);
}

#[metamorphic(output = "digits")]
fn digits_length(mg: &mut Mg, n: &u64) {
    let a = mg.source(n, |&n| digits(n, 10));
    let b = mg.follow_up(&(n * 10 + 1), |&n| digits(n, 10));
    mg.check_eq(a.len() + 1, b.len());
}

#[test]
fn gcd_relations_0() {
    let pairs: Vec<(u64, u64)> = (0..10).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn gcd_relations_1() {
    let pairs: Vec<(u64, u64)> = (10..20).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn gcd_relations_2() {
    let pairs: Vec<(u64, u64)> = (20..30).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn gcd_relations_3() {
    let pairs: Vec<(u64, u64)> = (30..40).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn gcd_relations_4() {
    let pairs: Vec<(u64, u64)> = (40..50).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn gcd_relations_5() {
    let pairs: Vec<(u64, u64)> = (50..60).map(|x| (x + 1, 2 * x + 3)).collect();
    mt_runtime::check(&pairs, &[gcd_commutes, gcd_scales]);
}

#[test]
fn numeric_relations_0() {
    let ns: Vec<u64> = (1..26).collect();
    mt_runtime::check(&ns, &[isqrt_monotone, digits_length]);
}

#[test]
fn numeric_relations_1() {
    let ns: Vec<u64> = (26..51).collect();
    mt_runtime::check(&ns, &[isqrt_monotone, digits_length]);
}

#[test]
fn numeric_relations_2() {
    let ns: Vec<u64> = (51..76).collect();
    mt_runtime::check(&ns, &[isqrt_monotone, digits_length]);
}

#[test]
fn numeric_relations_3() {
    let ns: Vec<u64> = (76..101).collect();
    mt_runtime::check(&ns, &[isqrt_monotone, digits_length]);
}

#[test]
fn sequence_relations_0() {
    let strings: Vec<Vec<u8>> = (0..8).map(|k| b"abbccc".repeat(k + 0)).collect();
    mt_runtime::check(&strings, &[rle_round_trip]);
    let vectors: Vec<Vec<i64>> = (0..8).map(|k| (0..k + 0).map(|x| (x * 7 % 5) as i64).collect()).collect();
    mt_runtime::check(&vectors, &[sort_ignores_order]);
}

#[test]
fn sequence_relations_1() {
    let strings: Vec<Vec<u8>> = (0..8).map(|k| b"abbccc".repeat(k + 1)).collect();
    mt_runtime::check(&strings, &[rle_round_trip]);
    let vectors: Vec<Vec<i64>> = (0..8).map(|k| (0..k + 1).map(|x| (x * 7 % 5) as i64).collect()).collect();
    mt_runtime::check(&vectors, &[sort_ignores_order]);
}

#[test]
fn sequence_relations_2() {
    let strings: Vec<Vec<u8>> = (0..8).map(|k| b"abbccc".repeat(k + 2)).collect();
    mt_runtime::check(&strings, &[rle_round_trip]);
    let vectors: Vec<Vec<i64>> = (0..8).map(|k| (0..k + 2).map(|x| (x * 7 % 5) as i64).collect()).collect();
    mt_runtime::check(&vectors, &[sort_ignores_order]);
}

#[test]
fn sequence_relations_3() {
    let strings: Vec<Vec<u8>> = (0..8).map(|k| b"abbccc".repeat(k + 3)).collect();
    mt_runtime::check(&strings, &[rle_round_trip]);
    let vectors: Vec<Vec<i64>> = (0..8).map(|k| (0..k + 3).map(|x| (x * 7 % 5) as i64).collect()).collect();
    mt_runtime::check(&vectors, &[sort_ignores_order]);
}

#[test]
fn slow_in_mr_binary_0() {
    std::thread::sleep(Duration::from_millis(25));
    assert!(!is_prime(4));
}

#[test]
fn slow_in_mr_binary_1() {
    std::thread::sleep(Duration::from_millis(36));
    assert!(!is_prime(6));
}

#[test]
fn slow_in_mr_binary_2() {
    std::thread::sleep(Duration::from_millis(47));
    assert!(!is_prime(8));
}

#[test]
fn slow_in_mr_binary_3() {
    std::thread::sleep(Duration::from_millis(32));
    assert!(!is_prime(10));
}

#[test]
fn slow_in_mr_binary_4() {
    std::thread::sleep(Duration::from_millis(43));
    assert!(!is_prime(12));
}

#[test]
fn slow_in_mr_binary_5() {
    std::thread::sleep(Duration::from_millis(28));
    assert!(!is_prime(14));
}

#[test]
fn slow_in_mr_binary_6() {
    std::thread::sleep(Duration::from_millis(39));
    assert!(!is_prime(16));
}

#[test]
fn slow_in_mr_binary_7() {
    std::thread::sleep(Duration::from_millis(50));
    assert!(!is_prime(18));
}

#[test]
fn slow_in_mr_binary_8() {
    std::thread::sleep(Duration::from_millis(35));
    assert!(!is_prime(20));
}

#[test]
fn slow_in_mr_binary_9() {
    std::thread::sleep(Duration::from_millis(46));
    assert!(!is_prime(22));
}

//! Ordinary tests that take 20-50 ms each, as tests waiting on I/O do.

use std::time::Duration;

use suite::*;

#[test]
fn slow_0() {
    std::thread::sleep(Duration::from_millis(20));
    assert!(is_prime(97) && gcd(3, 3) >= 1);
}

#[test]
fn slow_1() {
    std::thread::sleep(Duration::from_millis(27));
    assert!(is_prime(97) && gcd(4, 3) >= 1);
}

#[test]
fn slow_2() {
    std::thread::sleep(Duration::from_millis(34));
    assert!(is_prime(97) && gcd(5, 3) >= 1);
}

#[test]
fn slow_3() {
    std::thread::sleep(Duration::from_millis(41));
    assert!(is_prime(97) && gcd(6, 3) >= 1);
}

#[test]
fn slow_4() {
    std::thread::sleep(Duration::from_millis(48));
    assert!(is_prime(97) && gcd(7, 3) >= 1);
}

#[test]
fn slow_5() {
    std::thread::sleep(Duration::from_millis(24));
    assert!(is_prime(97) && gcd(8, 3) >= 1);
}

#[test]
fn slow_6() {
    std::thread::sleep(Duration::from_millis(31));
    assert!(is_prime(97) && gcd(9, 3) >= 1);
}

#[test]
fn slow_7() {
    std::thread::sleep(Duration::from_millis(38));
    assert!(is_prime(97) && gcd(10, 3) >= 1);
}

#[test]
fn slow_8() {
    std::thread::sleep(Duration::from_millis(45));
    assert!(is_prime(97) && gcd(11, 3) >= 1);
}

#[test]
fn slow_9() {
    std::thread::sleep(Duration::from_millis(21));
    assert!(is_prime(97) && gcd(12, 3) >= 1);
}

#[test]
fn slow_10() {
    std::thread::sleep(Duration::from_millis(28));
    assert!(is_prime(97) && gcd(13, 3) >= 1);
}

#[test]
fn slow_11() {
    std::thread::sleep(Duration::from_millis(35));
    assert!(is_prime(97) && gcd(14, 3) >= 1);
}

#[test]
fn slow_12() {
    std::thread::sleep(Duration::from_millis(42));
    assert!(is_prime(97) && gcd(15, 3) >= 1);
}

#[test]
fn slow_13() {
    std::thread::sleep(Duration::from_millis(49));
    assert!(is_prime(97) && gcd(16, 3) >= 1);
}

#[test]
fn slow_14() {
    std::thread::sleep(Duration::from_millis(25));
    assert!(is_prime(97) && gcd(17, 3) >= 1);
}

#[test]
fn slow_15() {
    std::thread::sleep(Duration::from_millis(32));
    assert!(is_prime(97) && gcd(18, 3) >= 1);
}

#[test]
fn slow_16() {
    std::thread::sleep(Duration::from_millis(39));
    assert!(is_prime(97) && gcd(19, 3) >= 1);
}

#[test]
fn slow_17() {
    std::thread::sleep(Duration::from_millis(46));
    assert!(is_prime(97) && gcd(20, 3) >= 1);
}

#[test]
fn slow_18() {
    std::thread::sleep(Duration::from_millis(22));
    assert!(is_prime(97) && gcd(21, 3) >= 1);
}

#[test]
fn slow_19() {
    std::thread::sleep(Duration::from_millis(29));
    assert!(is_prime(97) && gcd(22, 3) >= 1);
}

#[test]
fn slow_20() {
    std::thread::sleep(Duration::from_millis(36));
    assert!(is_prime(97) && gcd(23, 3) >= 1);
}

#[test]
fn slow_21() {
    std::thread::sleep(Duration::from_millis(43));
    assert!(is_prime(97) && gcd(24, 3) >= 1);
}

#[test]
fn slow_22() {
    std::thread::sleep(Duration::from_millis(50));
    assert!(is_prime(97) && gcd(25, 3) >= 1);
}

#[test]
fn slow_23() {
    std::thread::sleep(Duration::from_millis(26));
    assert!(is_prime(97) && gcd(26, 3) >= 1);
}

#[test]
fn slow_24() {
    std::thread::sleep(Duration::from_millis(33));
    assert!(is_prime(97) && gcd(27, 3) >= 1);
}

#[test]
fn slow_25() {
    std::thread::sleep(Duration::from_millis(40));
    assert!(is_prime(97) && gcd(28, 3) >= 1);
}

#[test]
fn slow_26() {
    std::thread::sleep(Duration::from_millis(47));
    assert!(is_prime(97) && gcd(29, 3) >= 1);
}

#[test]
fn slow_27() {
    std::thread::sleep(Duration::from_millis(23));
    assert!(is_prime(97) && gcd(30, 3) >= 1);
}

#[test]
fn slow_28() {
    std::thread::sleep(Duration::from_millis(30));
    assert!(is_prime(97) && gcd(31, 3) >= 1);
}

#[test]
fn slow_29() {
    std::thread::sleep(Duration::from_millis(37));
    assert!(is_prime(97) && gcd(32, 3) >= 1);
}

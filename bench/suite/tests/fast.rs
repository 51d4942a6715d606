//! Quick ordinary tests, generated: each checks one small fact.

use suite::*;

#[test]
fn gcd_0() {
    let (a, b) = (1 * 6, 2 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_1() {
    let r = isqrt(1 * 1 + 1);
    assert_eq!(r, 1);
}

#[test]
fn digits_2() {
    let d = digits(75, 4);
    assert!(!d.is_empty());
}

#[test]
fn rle_3() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_4() {
    let mut v: Vec<i64> = (4..24).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_5() {
    let (a, b) = (6 * 6, 7 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_6() {
    let r = isqrt(6 * 6 + 6);
    assert_eq!(r, 6);
}

#[test]
fn digits_7() {
    let d = digits(260, 9);
    assert!(!d.is_empty());
}

#[test]
fn rle_8() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_9() {
    let mut v: Vec<i64> = (9..29).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_10() {
    let (a, b) = (11 * 6, 12 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_11() {
    let r = isqrt(11 * 11 + 4);
    assert_eq!(r, 11);
}

#[test]
fn digits_12() {
    let d = digits(445, 14);
    assert!(!d.is_empty());
}

#[test]
fn rle_13() {
    let s = b"aaabccdddd".repeat(2);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_14() {
    let mut v: Vec<i64> = (14..34).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_15() {
    let (a, b) = (16 * 6, 17 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_16() {
    let r = isqrt(16 * 16 + 2);
    assert_eq!(r, 16);
}

#[test]
fn digits_17() {
    let d = digits(630, 19);
    assert!(!d.is_empty());
}

#[test]
fn rle_18() {
    let s = b"aaabccdddd".repeat(3);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_19() {
    let mut v: Vec<i64> = (19..39).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_20() {
    let (a, b) = (21 * 6, 22 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_21() {
    let r = isqrt(21 * 21 + 0);
    assert_eq!(r, 21);
}

#[test]
fn digits_22() {
    let d = digits(815, 24);
    assert!(!d.is_empty());
}

#[test]
fn rle_23() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_24() {
    let mut v: Vec<i64> = (24..44).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_25() {
    let (a, b) = (26 * 6, 27 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_26() {
    let r = isqrt(26 * 26 + 5);
    assert_eq!(r, 26);
}

#[test]
fn digits_27() {
    let d = digits(1000, 29);
    assert!(!d.is_empty());
}

#[test]
fn rle_28() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_29() {
    let mut v: Vec<i64> = (29..49).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_30() {
    let (a, b) = (31 * 6, 32 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_31() {
    let r = isqrt(31 * 31 + 3);
    assert_eq!(r, 31);
}

#[test]
fn digits_32() {
    let d = digits(1185, 4);
    assert!(!d.is_empty());
}

#[test]
fn rle_33() {
    let s = b"aaabccdddd".repeat(2);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_34() {
    let mut v: Vec<i64> = (34..54).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_35() {
    let (a, b) = (36 * 6, 37 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_36() {
    let r = isqrt(36 * 36 + 1);
    assert_eq!(r, 36);
}

#[test]
fn digits_37() {
    let d = digits(1370, 9);
    assert!(!d.is_empty());
}

#[test]
fn rle_38() {
    let s = b"aaabccdddd".repeat(3);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_39() {
    let mut v: Vec<i64> = (39..59).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_40() {
    let (a, b) = (41 * 6, 42 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_41() {
    let r = isqrt(41 * 41 + 6);
    assert_eq!(r, 41);
}

#[test]
fn digits_42() {
    let d = digits(1555, 14);
    assert!(!d.is_empty());
}

#[test]
fn rle_43() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_44() {
    let mut v: Vec<i64> = (44..64).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_45() {
    let (a, b) = (46 * 6, 47 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_46() {
    let r = isqrt(46 * 46 + 4);
    assert_eq!(r, 46);
}

#[test]
fn digits_47() {
    let d = digits(1740, 19);
    assert!(!d.is_empty());
}

#[test]
fn rle_48() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_49() {
    let mut v: Vec<i64> = (49..69).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_50() {
    let (a, b) = (51 * 6, 52 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_51() {
    let r = isqrt(51 * 51 + 2);
    assert_eq!(r, 51);
}

#[test]
fn digits_52() {
    let d = digits(1925, 24);
    assert!(!d.is_empty());
}

#[test]
fn rle_53() {
    let s = b"aaabccdddd".repeat(2);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_54() {
    let mut v: Vec<i64> = (54..74).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_55() {
    let (a, b) = (56 * 6, 57 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_56() {
    let r = isqrt(56 * 56 + 0);
    assert_eq!(r, 56);
}

#[test]
fn digits_57() {
    let d = digits(2110, 29);
    assert!(!d.is_empty());
}

#[test]
fn rle_58() {
    let s = b"aaabccdddd".repeat(3);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_59() {
    let mut v: Vec<i64> = (59..79).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_60() {
    let (a, b) = (61 * 6, 62 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_61() {
    let r = isqrt(61 * 61 + 5);
    assert_eq!(r, 61);
}

#[test]
fn digits_62() {
    let d = digits(2295, 4);
    assert!(!d.is_empty());
}

#[test]
fn rle_63() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_64() {
    let mut v: Vec<i64> = (64..84).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_65() {
    let (a, b) = (66 * 6, 67 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_66() {
    let r = isqrt(66 * 66 + 3);
    assert_eq!(r, 66);
}

#[test]
fn digits_67() {
    let d = digits(2480, 9);
    assert!(!d.is_empty());
}

#[test]
fn rle_68() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_69() {
    let mut v: Vec<i64> = (69..89).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_70() {
    let (a, b) = (71 * 6, 72 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_71() {
    let r = isqrt(71 * 71 + 1);
    assert_eq!(r, 71);
}

#[test]
fn digits_72() {
    let d = digits(2665, 14);
    assert!(!d.is_empty());
}

#[test]
fn rle_73() {
    let s = b"aaabccdddd".repeat(2);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_74() {
    let mut v: Vec<i64> = (74..94).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_75() {
    let (a, b) = (76 * 6, 77 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_76() {
    let r = isqrt(76 * 76 + 6);
    assert_eq!(r, 76);
}

#[test]
fn digits_77() {
    let d = digits(2850, 19);
    assert!(!d.is_empty());
}

#[test]
fn rle_78() {
    let s = b"aaabccdddd".repeat(3);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_79() {
    let mut v: Vec<i64> = (79..99).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_80() {
    let (a, b) = (81 * 6, 82 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_81() {
    let r = isqrt(81 * 81 + 4);
    assert_eq!(r, 81);
}

#[test]
fn digits_82() {
    let d = digits(3035, 24);
    assert!(!d.is_empty());
}

#[test]
fn rle_83() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_84() {
    let mut v: Vec<i64> = (84..104).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_85() {
    let (a, b) = (86 * 6, 87 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_86() {
    let r = isqrt(86 * 86 + 2);
    assert_eq!(r, 86);
}

#[test]
fn digits_87() {
    let d = digits(3220, 29);
    assert!(!d.is_empty());
}

#[test]
fn rle_88() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_89() {
    let mut v: Vec<i64> = (89..109).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_90() {
    let (a, b) = (91 * 6, 92 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_91() {
    let r = isqrt(91 * 91 + 0);
    assert_eq!(r, 91);
}

#[test]
fn digits_92() {
    let d = digits(3405, 4);
    assert!(!d.is_empty());
}

#[test]
fn rle_93() {
    let s = b"aaabccdddd".repeat(2);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_94() {
    let mut v: Vec<i64> = (94..114).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_95() {
    let (a, b) = (96 * 6, 97 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_96() {
    let r = isqrt(96 * 96 + 5);
    assert_eq!(r, 96);
}

#[test]
fn digits_97() {
    let d = digits(3590, 9);
    assert!(!d.is_empty());
}

#[test]
fn rle_98() {
    let s = b"aaabccdddd".repeat(3);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_99() {
    let mut v: Vec<i64> = (99..119).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_100() {
    let (a, b) = (101 * 6, 102 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_101() {
    let r = isqrt(101 * 101 + 3);
    assert_eq!(r, 101);
}

#[test]
fn digits_102() {
    let d = digits(3775, 14);
    assert!(!d.is_empty());
}

#[test]
fn rle_103() {
    let s = b"aaabccdddd".repeat(4);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_104() {
    let mut v: Vec<i64> = (104..124).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn gcd_105() {
    let (a, b) = (106 * 6, 107 * 4);
    assert_eq!(a % gcd(a, b), 0);
}

#[test]
fn isqrt_106() {
    let r = isqrt(106 * 106 + 1);
    assert_eq!(r, 106);
}

#[test]
fn digits_107() {
    let d = digits(3960, 19);
    assert!(!d.is_empty());
}

#[test]
fn rle_108() {
    let s = b"aaabccdddd".repeat(1);
    assert_eq!(unrle(&rle(&s)), s);
}

#[test]
fn sort_109() {
    let mut v: Vec<i64> = (109..129).rev().collect();
    insertion_sort(&mut v);
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
}

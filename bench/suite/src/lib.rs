//! A small library with enough branches for coverage to mean something.

/// Greatest common divisor.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Integer square root (floor).
pub fn isqrt(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let mut x = n;
    let mut y = x.div_ceil(2);
    while y < x {
        x = y;
        y = (x + n / x) / 2;
    }
    x
}

/// The digits of `n` in base `base` (2..=36), most significant first.
pub fn digits(mut n: u64, base: u64) -> Vec<u8> {
    assert!((2..=36).contains(&base), "base {base} out of range");
    if n == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push((n % base) as u8);
        n /= base;
    }
    out.reverse();
    out
}

/// Run-length encoding of a byte string.
pub fn rle(bytes: &[u8]) -> Vec<(u8, usize)> {
    let mut out: Vec<(u8, usize)> = Vec::new();
    for &b in bytes {
        match out.last_mut() {
            Some((last, count)) if *last == b => *count += 1,
            _ => out.push((b, 1)),
        }
    }
    out
}

/// Expands a run-length encoding.
pub fn unrle(runs: &[(u8, usize)]) -> Vec<u8> {
    runs.iter()
        .flat_map(|&(b, n)| std::iter::repeat_n(b, n))
        .collect()
}

/// Sorts by insertion (small inputs).
pub fn insertion_sort(v: &mut [i64]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Whether `n` is prime.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n % 2 == 0 {
        return n == 2;
    }
    let mut d = 3;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! unit {
        ($($name:ident: $body:expr;)*) => {
            $(#[test] fn $name() { assert!($body); })*
        };
    }

    unit! {
        gcd_12_18: gcd(12, 18) == 6;
        gcd_zero: gcd(0, 7) == 7;
        gcd_primes: gcd(13, 17) == 1;
        gcd_same: gcd(9, 9) == 9;
        isqrt_0: isqrt(0) == 0;
        isqrt_1: isqrt(1) == 1;
        isqrt_15: isqrt(15) == 3;
        isqrt_16: isqrt(16) == 4;
        isqrt_big: isqrt(1 << 40) == 1 << 20;
        digits_zero: digits(0, 10) == [0];
        digits_bin: digits(5, 2) == [1, 0, 1];
        digits_hex: digits(255, 16) == [15, 15];
        rle_empty: rle(b"").is_empty();
        rle_runs: rle(b"aab") == [(b'a', 2), (b'b', 1)];
        unrle_runs: unrle(&[(b'x', 3)]) == b"xxx";
        prime_2: is_prime(2);
        prime_9: !is_prime(9);
        prime_97: is_prime(97);
        prime_1: !is_prime(1);
        sort_small: { let mut v = [3, 1, 2]; insertion_sort(&mut v); v == [1, 2, 3] };
    }
}

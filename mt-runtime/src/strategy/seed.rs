//! Seeds: one per strategy check, one per case derived from it, so that a
//! run draws the same inputs every time (the adequacy numbers of `cargo
//! mtcov` do not move between runs) and any case can be drawn again alone.

use mtcov_protocol::{fnv, splitmix};
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::cell::RefCell;

/// The environment variable that picks the seed of every strategy check
/// in the process (hex, with or without `0x`, or decimal).
pub const SEED_ENV: &str = "MTCOV_SEED";

/// Where a check's seed came from, for the failure message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SeedSource {
    Env,
    Config,
    Proptest,
    TestName,
}

/// The seed of this check: `MTCOV_SEED` > `Config::seed` >
/// `PROPTEST_RNG_SEED` > a hash of the test's name and the number of
/// strategy checks it made before this one.
pub(crate) fn resolve(
    config_seed: Option<u64>,
    proptest_seed: Option<u64>,
    test: &str,
    call: u32,
) -> Result<(u64, SeedSource), String> {
    if let Some(text) = std::env::var_os(SEED_ENV) {
        let text = text.to_string_lossy();
        return parse(&text)
            .map(|seed| (seed, SeedSource::Env))
            .ok_or_else(|| format!("{SEED_ENV}={text:?} is not a seed: give the hex number a failure printed (or a decimal one)"));
    }
    if let Some(seed) = config_seed {
        return Ok((seed, SeedSource::Config));
    }
    if let Some(seed) = proptest_seed {
        return Ok((seed, SeedSource::Proptest));
    }
    Ok((of_test(test, call), SeedSource::TestName))
}

pub(crate) fn parse(text: &str) -> Option<u64> {
    let text = text.trim();
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        // Failures print 16 hex digits: that form is hex even without `0x`.
        None if text.len() == 16 => u64::from_str_radix(text, 16).ok(),
        None => text.parse().ok(),
    }
}

/// FNV-1a of the test name and the call number.
fn of_test(test: &str, call: u32) -> u64 {
    fnv::bytes(fnv::OFFSET, test.bytes().chain(call.to_le_bytes()))
}

/// The name of the running test (libtest names each test's thread after
/// it) and how many strategy checks this thread made before.
pub(crate) fn test_and_call() -> (String, u32) {
    thread_local! {
        static CALLS: RefCell<u32> = const { RefCell::new(0) };
    }
    let name = std::thread::current().name().unwrap_or("main").to_owned();
    let call = CALLS.with(|calls| {
        let mut calls = calls.borrow_mut();
        let call = *calls;
        *calls += 1;
        call
    });
    (name, call)
}

/// The seed of case `index` of a check seeded with `seed`.
pub(crate) fn case(seed: u64, index: u64) -> u64 {
    splitmix::scatter(seed ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03))
}

/// The random generator a case draws its value with: XorShift, which
/// proptest also offers, because a generator is seeded for every case (a
/// fresh ChaCha generator computes a 256-byte block before its first
/// value: the fastest case of `benches/strategy.rs` went from 1.29 µs to
/// 1.01 µs with XorShift).
pub(crate) fn rng(case_seed: u64) -> TestRng {
    let mut state = splitmix::SplitMix64::new(case_seed);
    let mut bytes = [0u8; 16];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&state.next_u64().to_le_bytes());
    }
    TestRng::from_seed(RngAlgorithm::XorShift, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse_as_printed() {
        assert_eq!(parse("00000000000000ff"), Some(255));
        assert_eq!(parse("0xff"), Some(255));
        assert_eq!(parse("255"), Some(255));
        assert_eq!(parse("zz"), None);
    }

    #[test]
    fn test_names_and_calls_give_different_seeds() {
        assert_ne!(of_test("a", 0), of_test("b", 0));
        assert_ne!(of_test("a", 0), of_test("a", 1));
        assert_eq!(of_test("a", 0), of_test("a", 0));
        assert_ne!(case(1, 0), case(1, 1));
        assert_ne!(case(1, 0), case(2, 0));
    }
}

//! 64-bit FNV-1a, the one hash of mtcov: source keys, counter and choice
//! fingerprints, strategy seeds, shard assignment. Not for security; for
//! identities that must be the same on every machine and every build.

/// FNV-1a's offset basis.
pub const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a's prime.
pub const PRIME: u64 = 0x0000_0100_0000_01b3;

/// One step: `value` folded into `hash` whole (a byte, or a word for the
/// fingerprints of counter and choice vectors).
#[inline]
pub fn step(hash: u64, value: u64) -> u64 {
    (hash ^ value).wrapping_mul(PRIME)
}

/// FNV-1a of `bytes`, continuing from `hash` (start from [`OFFSET`]).
#[inline]
pub fn bytes(hash: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes
        .into_iter()
        .fold(hash, |hash, byte| step(hash, u64::from(byte)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_published_test_vectors() {
        // From the FNV reference (Fowler, Noll, Vo): FNV-1a 64 of "" and "a".
        assert_eq!(super::bytes(super::OFFSET, *b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::bytes(super::OFFSET, *b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(
            super::bytes(super::OFFSET, *b"foobar"),
            0x8594_4171_f739_67e8
        );
    }
}

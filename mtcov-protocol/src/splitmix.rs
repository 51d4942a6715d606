//! SplitMix64, the one random generator of mtcov: strategy seeds (the
//! runtime), the study's samples and the order's fixed shuffle (`cargo
//! mtcov`). Small, fast and the same on every platform, so what is drawn
//! from a seed is drawn again from it. Not for security.

/// The golden-ratio increment of the state.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's finaliser of `z`: a bijection that scatters nearby
/// values over the whole range.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The generator: a state advanced by [`GAMMA`] and mixed.
///
/// ```
/// use mtcov_protocol::splitmix::SplitMix64;
/// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next value.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }

    /// Uniform in `0..n` (`n > 0`), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The first value of a generator seeded with `seed`: a fixed scatter of
/// `seed`.
#[inline]
pub fn scatter(seed: u64) -> u64 {
    SplitMix64::new(seed).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence() {
        // SplitMix64 from seed 0, as published with the algorithm.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(scatter(0), 0xe220_a839_7b1d_cdaf);
    }
}

//! The profile's counter section: the raw format this runtime reads, the
//! counters read and zeroed through raw pointers, scanned for the non-zero
//! ones and summed as sparse vectors.

/// The raw profile format this code knows: `INSTR_PROF_RAW_VERSION` 10
/// (LLVM 19 to 22), 64-bit counters.
const KNOWN_VERSION: u64 = 10;
/// `VARIANT_MASK_BYTE_COVERAGE`: single-byte counters, another layout.
const BYTE_COVERAGE_FLAG: u64 = 1 << 60;

/// Whether the runtime can read a profile of this raw version (with its
/// variant flags in the high byte); the reason when it cannot. Reading an
/// unknown layout would produce wrong coverage, which is worse than none.
pub(super) fn check_version(raw_version: u64) -> Result<u64, String> {
    let version = raw_version & 0xffff_ffff;
    if version != KNOWN_VERSION || raw_version & BYTE_COVERAGE_FLAG != 0 {
        return Err(format!(
            "unknown LLVM raw profile format (version {version}, flags {:#x}); \
             this mt-runtime reads version {KNOWN_VERSION} with 64-bit counters: upgrade mt-runtime",
            raw_version >> 56
        ));
    }
    Ok(version)
}

use std::sync::atomic::{AtomicU64, Ordering};

/// The counter section, `[begin, begin + len)`: LLVM's counters, an
/// array of `u64` statics, valid and 8-byte aligned for the whole life
/// of the process.
///
/// What is guaranteed about that memory: the instrumented code
/// increments each counter with a plain, non-atomic load and store,
/// from whatever thread runs it, synchronised with nothing. Rust code
/// therefore must not hold a `&` or `&mut` to it (a reference asserts
/// that nobody else writes the memory while it lives, which any thread
/// running instrumented code breaks); this type hands out none:
/// [`load`](Counters::load) and [`clear`](Counters::clear) work
/// through raw pointers. The window's own thread is no concern (the
/// SUT runs between one scan and the next, never during them); other
/// threads are, see `load` and `clear`.
#[derive(Clone, Copy)]
pub(super) struct Counters {
    pub(super) begin: *mut u64,
    pub(super) len: usize,
}

impl Counters {
    /// # Safety
    ///
    /// `[begin, begin + len)` is valid for reads and writes of `u64`,
    /// 8-byte aligned, for as long as the value is used, and no Rust
    /// reference to it is used meanwhile.
    pub(super) unsafe fn new(begin: *mut u64, len: usize) -> Counters {
        Counters { begin, len }
    }

    /// Zeroes counter `index`, with one relaxed atomic 8-byte store.
    ///
    /// Called only under CAPTURE's lock: no other capture window reads
    /// or writes the counters meanwhile. The lock cannot stop a thread
    /// running instrumented code at the same time; its non-atomic
    /// increment and this store then race. What such a race can change
    /// is that counter's value only, never memory outside the section:
    /// an increment lost, or an increment that read the counter before
    /// the store writing back the old count + 1 after it. That is the
    /// pollution the module documentation describes, and why `cargo
    /// mtcov` runs one test thread.
    #[inline(always)]
    fn clear(self, index: usize) {
        debug_assert!(index < self.len);
        // SAFETY: `index < len`, so the pointer is in the section, valid
        // and 8-byte aligned (the contract of `new`); the atomic view
        // lives for this one store.
        unsafe { AtomicU64::from_ptr(self.begin.add(index)) }.store(0, Ordering::Relaxed);
    }

    /// Counter `index`, read with one relaxed atomic 8-byte load: one
    /// read the compiler may neither repeat, split nor drop, so the
    /// value tested for zero is the value recorded. A concurrent
    /// instrumented increment still races with it (its store is not
    /// atomic); aligned 8-byte stores being single-copy atomic on the
    /// profiler's 64-bit targets, the load then returns the count
    /// before or after that increment, a stale value at worst.
    #[inline(always)]
    pub(super) fn load(self, index: usize) -> u64 {
        debug_assert!(index < self.len);
        // SAFETY: `index < len`, so the pointer is in the section, valid
        // and 8-byte aligned (as `AtomicU64` needs: the contract of
        // `new`); the atomic view lives for this one load.
        unsafe { AtomicU64::from_ptr(self.begin.add(index)) }.load(Ordering::Relaxed)
    }
}

/// The non-zero counters, as (index, value). Whole 8-counter blocks are
/// tested at once: most of a large binary's counters are zero.
pub(super) fn scan(counters: Counters, out: &mut Vec<(u32, u64)>) {
    scan_with(counters, out, false);
}

/// [`scan`], zeroing each non-zero counter as it is read: every counter
/// is zero after it, and the section is read once, not also written
/// whole (most of it is zero).
pub(super) fn scan_and_zero(counters: Counters, out: &mut Vec<(u32, u64)>) {
    scan_with(counters, out, true);
}

fn scan_with(counters: Counters, out: &mut Vec<(u32, u64)>, zero: bool) {
    out.clear();
    let mut take = |index: usize| {
        let value = counters.load(index);
        if value != 0 {
            out.push((index as u32, value));
            if zero {
                counters.clear(index);
            }
        }
    };
    let blocks = counters.len / 8;
    for block in 0..blocks {
        let first = block * 8;
        let any = (first..first + 8).fold(0, |acc, i| acc | counters.load(i));
        if any != 0 {
            (first..first + 8).for_each(&mut take);
        }
    }
    (blocks * 8..counters.len).for_each(take);
}

#[cfg(test)]
mod tests {
    use super::{Counters, check_version, scan, scan_and_zero};

    #[test]
    fn only_the_known_layout_is_read() {
        assert_eq!(check_version(10), Ok(10));
        // Variant flags that do not change the counter layout are fine.
        assert_eq!(check_version(10 | 1 << 59), Ok(10));
        assert!(check_version(9).unwrap_err().contains("version 9"));
        assert!(
            check_version(11)
                .unwrap_err()
                .contains("upgrade mt-runtime")
        );
        assert!(
            check_version(10 | 1 << 60)
                .unwrap_err()
                .contains("flags 0x10")
        );
    }

    /// A counter section over `buffer` (the tests' stand-in for LLVM's).
    fn section(buffer: &mut [u64]) -> Counters {
        // SAFETY: the buffer outlives every use below, where it is only
        // accessed through the returned value.
        unsafe { Counters::new(buffer.as_mut_ptr(), buffer.len()) }
    }

    #[test]
    fn scan_finds_every_non_zero_counter_in_blocks_and_the_remainder() {
        for len in [0, 1, 7, 8, 9, 16, 23, 64, 1003] {
            let mut buffer = vec![0u64; len];
            // Block edges, the remainder, a lone counter in a block, a run.
            for i in [0, 7, 8, 15, 17, len / 2, len.saturating_sub(1)] {
                if i < len {
                    buffer[i] = i as u64 + 1;
                }
            }
            for i in (len / 3..len / 3 + 10).filter(|&i| i < len) {
                buffer[i] = u64::MAX - i as u64;
            }
            let expected: Vec<(u32, u64)> = buffer
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != 0)
                .map(|(i, &v)| (i as u32, v))
                .collect();
            let mut out = vec![(99, 99)];
            scan(section(&mut buffer), &mut out);
            assert_eq!(out, expected, "{len} counters");
            // Scanning again finds the same; scanning and zeroing finds
            // the same and leaves every counter zero.
            scan_and_zero(section(&mut buffer), &mut out);
            assert_eq!(out, expected, "{len} counters, zeroing");
            assert!(buffer.iter().all(|&c| c == 0), "{len} counters zeroed");
        }
    }

    #[test]
    fn zeroing_touches_nothing_outside_the_section() {
        let mut buffer = [7u64; 21];
        let counters = section(&mut buffer[1..20]);
        let mut out = Vec::new();
        scan_and_zero(counters, &mut out);
        assert_eq!(out.len(), 19);
        scan(counters, &mut out);
        assert_eq!(out, []);
        assert_eq!((buffer[0], buffer[20]), (7, 7));
        assert!(buffer[1..20].iter().all(|&c| c == 0));
    }
}

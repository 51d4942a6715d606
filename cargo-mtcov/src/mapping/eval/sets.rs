//! Per-criterion bit sets of requirements, listed in order.

use super::super::memo::untag;
use super::Covered;

/// [`list`], clearing the bits as they are read.
pub(super) fn take_list(seen: &mut [Vec<u64>; 4]) -> Covered {
    let covered = list(seen);
    for words in seen.iter_mut() {
        words.fill(0);
    }
    covered
}

/// The requirements whose bit is set in `seen`, per criterion, in order.
pub(super) fn list(seen: &[Vec<u64>; 4]) -> Covered {
    let mut out = Covered::default();
    for (c, list) in [
        &mut out.line,
        &mut out.region,
        &mut out.branch,
        &mut out.function,
    ]
    .into_iter()
    .enumerate()
    {
        for (w, &word) in seen[c].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                list.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
    out
}

/// Marks a tagged requirement in a bit set.
pub(super) fn mark(seen: &mut [Vec<u64>; 4], tagged: u32) {
    let (c, id) = untag(tagged);
    seen[c][id as usize / 64] |= 1 << (id % 64);
}

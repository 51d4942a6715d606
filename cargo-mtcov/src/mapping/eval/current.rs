//! The vector an evaluator evaluated last, what it covers, and how many
//! counts (or line chunks) cover each requirement: the state that makes
//! the next vector cost what differs from it.

use super::super::map::Map;
use super::super::memo::{Last, untag};
use super::vectors::Gathered;
use super::walk::for_each_count;

/// The vector an evaluator evaluated last, and what it covers.
#[derive(Debug)]
pub(super) struct Current {
    /// Its non-zero counters, sorted.
    pub(super) pairs: Vec<(u32, u64)>,
    /// Its counters per record (zeros for a record that ran before and
    /// not in it).
    pub(super) gathered: Gathered,
    /// Per record, where its counts' bits start in `nonzero`.
    pub(super) first_count: Vec<u32>,
    /// A bit per count of a record (its regions', branch outcomes' and
    /// function's, in [`for_each_count`] order): not zero; and negative
    /// (counters read while another thread wrote them).
    pub(super) nonzero: Vec<u64>,
    pub(super) negative: Vec<u64>,
    /// Per chunk: how many of its members' counts are negative. Without
    /// any, a region of the chunk has a non-zero count exactly when one of
    /// its members has, so a chunk none of whose members' counts became
    /// zero or stopped being zero covers the same lines.
    pub(super) negatives: Vec<u32>,
    /// Per chunk of the map: which of its regions have a non-zero count
    /// and the lines they cover (a chunk never evaluated has every count
    /// zero).
    pub(super) chunks: Last,
    /// How many counts (and chunks, for lines) cover each requirement.
    pub(super) refs: Refs,
}

impl Current {
    pub(super) fn new(map: &Map) -> Current {
        let mut first_count = Vec::with_capacity(map.records.len() + 1);
        let mut n = 0u32;
        for rec in 0..map.records.len() as u32 {
            first_count.push(n);
            for_each_count(map, rec, |_, _, _, _| n += 1);
        }
        Current {
            pairs: Vec::new(),
            gathered: Gathered::new(map),
            first_count,
            nonzero: vec![0; (n as usize).div_ceil(64)],
            negative: vec![0; (n as usize).div_ceil(64)],
            negatives: vec![0; map.views.len()],
            chunks: chunk_memory(map),
            refs: Refs {
                count: [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i)]),
                covered: bits(map),
            },
        }
    }
}

/// Whether count `i` (see [`Current`]'s `nonzero`) is not zero, and
/// negative.
pub(super) fn sign(nonzero: &[u64], negative: &[u64], i: u32) -> (bool, bool) {
    let (word, bit) = (i as usize / 64, 1 << (i % 64));
    (nonzero[word] & bit != 0, negative[word] & bit != 0)
}

/// Whether a chunk with `negatives` negative member counts, one of whose
/// members' counts went from `was` (non-zero, negative) to `now`, may
/// cover other lines.
pub(super) fn may_change(negatives: u32, was: (bool, bool), now: (bool, bool)) -> bool {
    was.0 != now.0 || was.1 || now.1 || negatives > 0
}

/// Per criterion and requirement, how many counts of records (or chunks,
/// for lines) cover it.
#[derive(Debug)]
pub(super) struct Refs {
    pub(super) count: [Vec<u32>; 4],
    /// Per criterion, a bit per requirement: its count is not zero.
    pub(super) covered: [Vec<u64>; 4],
}

impl Refs {
    /// One more count covers requirement `id` of criterion `c` (`more`),
    /// or one fewer.
    pub(super) fn add(&mut self, c: usize, id: u32, more: bool) {
        let n = &mut self.count[c][id as usize];
        let bit = 1 << (id % 64);
        if more {
            *n += 1;
            if *n == 1 {
                self.covered[c][id as usize / 64] |= bit;
            }
        } else {
            *n -= 1;
            if *n == 0 {
                self.covered[c][id as usize / 64] &= !bit;
            }
        }
    }

    /// One chunk's lines (tagged) were `old` and are `new`.
    pub(super) fn recount(&mut self, old: &[u32], new: &[u32]) {
        if old == new {
            return;
        }
        for (list, more) in [(old, false), (new, true)] {
            for &tagged in list {
                let (c, id) = untag(tagged);
                self.add(c, id, more);
            }
        }
    }
}

/// Per criterion, a bit per requirement, all clear.
pub(super) fn bits(map: &Map) -> [Vec<u64>; 4] {
    [0, 1, 2, 3].map(|i| vec![0; map.requirement_count(i).div_ceil(64)])
}

/// Per line chunk: which of its regions last had a non-zero count
/// ([`chunk_pattern`]) and the lines they covered.
pub(super) fn chunk_memory(map: &Map) -> Last {
    Last::new(map.views.iter().map(|v| v.regions.len().div_ceil(64)))
}

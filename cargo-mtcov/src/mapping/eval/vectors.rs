//! Counter vectors per record of the map: one gathered from a `cov`
//! record's non-zero counters, or a follow-up's changes over its source.

use super::super::NONE;
use super::super::map::Map;

/// One counter vector's counters per record of the map (summed over the
/// copies of a function).
#[derive(Debug)]
pub(super) struct Gathered {
    /// Per record: offset of its counters in `dense`, or NONE.
    pub(super) slot: Vec<u32>,
    pub(super) dense: Vec<u64>,
    /// The records with counters, in the order gathered.
    pub(super) touched: Vec<u32>,
}

impl Gathered {
    pub(super) fn new(map: &Map) -> Gathered {
        Gathered {
            slot: vec![NONE; map.records.len()],
            dense: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Sums each record's counters into `dense` (several rows of the
    /// function table can be copies of one function: LLVM sums them),
    /// noting each record's offset in `slot` and the records in `touched`.
    pub(super) fn gather(
        &mut self,
        map: &Map,
        owner: &[u32],
        rows: &[(u32, u32)],
        counters: &[(u32, u64)],
    ) {
        for &(index, value) in counters {
            if let Some((rec, local)) = locate(map, owner, rows, index) {
                self.change(map, None, rec, local, value);
            }
        }
    }

    /// Record `rec`'s counters, when it ran.
    pub(super) fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        let at = self.slot[rec as usize];
        (at != NONE).then(|| {
            &self.dense[at as usize..at as usize + map.records[rec as usize].num_counters as usize]
        })
    }

    /// Adds `change` to counter `local` of record `rec`, which starts as
    /// `base`'s counters (zeros when it did not run there, or without a
    /// base).
    pub(super) fn change(
        &mut self,
        map: &Map,
        base: Option<&Gathered>,
        rec: u32,
        local: usize,
        change: u64,
    ) {
        let at = &mut self.slot[rec as usize];
        if *at == NONE {
            *at = self.dense.len() as u32;
            match base.and_then(|base| base.counters(map, rec)) {
                Some(counters) => self.dense.extend_from_slice(counters),
                None => {
                    let n = map.records[rec as usize].num_counters as usize;
                    self.dense.resize(self.dense.len() + n, 0);
                }
            }
            self.touched.push(rec);
        }
        let cell = &mut self.dense[*at as usize + local];
        *cell = cell.wrapping_add(change);
    }

    /// Forgets the counters.
    pub(super) fn clear(&mut self) {
        for &rec in &self.touched {
            self.slot[rec as usize] = NONE;
        }
        self.touched.clear();
        self.dense.clear();
    }
}

/// The record and its counter that global counter `index` is, when the
/// counter belongs to a record of the map.
pub(super) fn locate(
    map: &Map,
    owner: &[u32],
    rows: &[(u32, u32)],
    index: u32,
) -> Option<(u32, usize)> {
    let &row = owner.get(index as usize)?;
    if row == NONE {
        return None;
    }
    let (first, rec) = rows[row as usize];
    let local = (index - first) as usize;
    (local < map.records[rec as usize].num_counters as usize).then_some((rec, local))
}

/// Calls `change(index, difference)` for each counter whose value differs
/// between `old` and `new` (non-zero counters, sorted by index), with the
/// wrapping difference `new - old`.
pub(super) fn for_each_change(
    old: &[(u32, u64)],
    new: &[(u32, u64)],
    mut change: impl FnMut(u32, u64),
) {
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        let ((x, was), (y, now)) = (old[i], new[j]);
        if x == y {
            if was != now {
                change(x, now.wrapping_sub(was));
            }
            i += 1;
            j += 1;
        } else if x < y {
            change(x, 0u64.wrapping_sub(was));
            i += 1;
        } else {
            change(y, now);
            j += 1;
        }
    }
    for &(x, was) in &old[i..] {
        change(x, 0u64.wrapping_sub(was));
    }
    for &(y, now) in &new[j..] {
        change(y, now);
    }
}

/// Counters per record of the map: a gathered vector, or one vector's
/// changes over another.
pub(super) trait Vector {
    /// Record `rec`'s counters, when it ran.
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]>;
}

impl Vector for Gathered {
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        Gathered::counters(self, map, rec)
    }
}

/// A follow-up's counters: those of the records it changed
/// (`changed`), the source's for every other.
pub(super) struct Changed<'g> {
    pub(super) source: &'g Gathered,
    pub(super) changed: &'g Gathered,
}

impl Vector for Changed<'_> {
    fn counters(&self, map: &Map, rec: u32) -> Option<&[u64]> {
        self.changed
            .counters(map, rec)
            .or_else(|| self.source.counters(map, rec))
    }
}

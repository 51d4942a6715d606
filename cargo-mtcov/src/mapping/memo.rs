//! What a record or a line chunk covered the last time it ran: one that
//! runs exactly as the last time costs a comparison of a few numbers
//! instead of its evaluation (see `eval`).

/// Per owner (a record or a chunk), the last key (counters or counts) it
/// was evaluated at and the result (tagged requirement ids); keys at fixed
/// offsets, so comparing is reading a few adjacent numbers.
#[derive(Debug)]
pub(super) struct Last {
    offsets: Vec<u32>,
    keys: Vec<u64>,
    valid: Vec<bool>,
    results: Vec<Vec<u32>>,
}

impl Last {
    pub(super) fn new(lengths: impl Iterator<Item = usize>) -> Last {
        let mut offsets = vec![0u32];
        for n in lengths {
            offsets.push(offsets.last().expect("not empty") + n as u32);
        }
        let owners = offsets.len() - 1;
        Last {
            keys: vec![0; *offsets.last().expect("not empty") as usize],
            offsets,
            valid: vec![false; owners],
            results: vec![Vec::new(); owners],
        }
    }

    fn key(&self, owner: u32) -> std::ops::Range<usize> {
        self.offsets[owner as usize] as usize..self.offsets[owner as usize + 1] as usize
    }

    /// The result of `owner` at `key`: its last one if that was at `key`,
    /// else `compute`d (into an empty list) and remembered.
    pub(super) fn lookup(
        &mut self,
        owner: u32,
        key: &[u64],
        compute: impl FnOnce(&mut Vec<u32>),
    ) -> &[u32] {
        let range = self.key(owner);
        let result = &mut self.results[owner as usize];
        if !(self.valid[owner as usize] && self.keys[range.clone()] == *key) {
            self.keys[range].copy_from_slice(key);
            self.valid[owner as usize] = true;
            result.clear();
            compute(result);
        }
        result
    }
}

/// A requirement id tagged with its criterion (index 0..4) in the top bits.
pub(super) fn tag(criterion: usize, id: u32) -> u32 {
    debug_assert!(id < 1 << 30);
    (criterion as u32) << 30 | id
}

pub(super) fn untag(tagged: u32) -> (usize, u32) {
    ((tagged >> 30) as usize, tagged & ((1 << 30) - 1))
}

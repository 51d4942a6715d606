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

    /// `owner`'s last key and result, once it has been evaluated.
    pub(super) fn get(&self, owner: u32) -> Option<(&[u64], &[u32])> {
        self.valid[owner as usize].then(|| {
            (
                &self.keys[self.key(owner)],
                self.results[owner as usize].as_slice(),
            )
        })
    }

    /// Like [`lookup`](Self::lookup), for an owner whose result is
    /// counted elsewhere: `None` when its last result was at `key`, else
    /// its new result, its previous one moved to `old` (empty if it had
    /// none).
    pub(super) fn replace(
        &mut self,
        owner: u32,
        key: &[u64],
        compute: impl FnOnce(&mut Vec<u32>),
        old: &mut Vec<u32>,
    ) -> Option<&[u32]> {
        let range = self.key(owner);
        let valid = std::mem::replace(&mut self.valid[owner as usize], true);
        if valid && self.keys[range.clone()] == *key {
            return None;
        }
        self.keys[range].copy_from_slice(key);
        let result = &mut self.results[owner as usize];
        std::mem::swap(old, result);
        if !valid {
            old.clear();
        }
        result.clear();
        compute(result);
        Some(result)
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

#[cfg(test)]
mod tests {
    use super::Last;

    #[test]
    fn replace_says_what_a_result_was_and_is() {
        let mut last = Last::new([2, 1].into_iter());
        let mut old = vec![99];
        assert_eq!(last.get(0), None);
        // First evaluation: no previous result.
        let new = last.replace(0, &[1, 2], |r| r.push(7), &mut old);
        assert_eq!(new, Some(&[7][..]));
        assert!(old.is_empty());
        assert_eq!(last.get(0), Some((&[1, 2][..], &[7][..])));
        // Same key: nothing computed, nothing changed.
        let again = last.replace(0, &[1, 2], |_| panic!("recomputed"), &mut old);
        assert_eq!(again, None);
        // Another key: the old result comes out.
        let new = last.replace(0, &[1, 3], |r| r.extend([8, 9]), &mut old);
        assert_eq!(new, Some(&[8, 9][..]));
        assert_eq!(old, [7]);
        // Owners are apart; `lookup` shares the memory.
        assert_eq!(last.lookup(1, &[4], |r| r.push(1)), &[1]);
        assert_eq!(last.get(0), Some((&[1, 3][..], &[8, 9][..])));
    }
}

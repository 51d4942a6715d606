//! `sat` of one criterion: which requirements each source input covered.

use super::{InputIdx, MeasureError, ReqIdx};

/// The covered (source input, requirement) pairs of one criterion, as
/// segments: one segment per `push`, each owned by one input, stored
/// back to back (CSR-like, 4 bytes per pair).
///
/// An input may own several segments (several coverage records of the
/// same source key): the measure takes the union. Requirement order and
/// duplicates inside a segment do not matter.
#[derive(Debug, Clone)]
pub struct Coverage {
    num_requirements: u32,
    owners: Vec<InputIdx>,
    offsets: Vec<usize>,
    reqs: Vec<ReqIdx>,
}

impl Coverage {
    /// No coverage yet, for a criterion with requirements
    /// `0..num_requirements` (the set `E`; 0 makes the measure undefined).
    pub fn new(num_requirements: u32) -> Self {
        Self::with_capacity(num_requirements, 0, 0)
    }

    /// Like [`new`](Self::new), reserving room for `segments` pushes and
    /// `pairs` covered pairs in total.
    pub fn with_capacity(num_requirements: u32, segments: usize, pairs: usize) -> Self {
        let mut offsets = Vec::with_capacity(segments + 1);
        offsets.push(0);
        Self {
            num_requirements,
            owners: Vec::with_capacity(segments),
            offsets,
            reqs: Vec::with_capacity(pairs),
        }
    }

    /// Records that `input`, executed as a source input, covered `reqs`.
    /// On an out-of-range requirement nothing of this call is kept.
    pub fn push(
        &mut self,
        input: InputIdx,
        reqs: impl IntoIterator<Item = u32>,
    ) -> Result<(), MeasureError> {
        let start = self.reqs.len();
        for r in reqs {
            if r >= self.num_requirements {
                self.reqs.truncate(start);
                return Err(MeasureError::RequirementOutOfRange {
                    index: r,
                    len: self.num_requirements,
                });
            }
            self.reqs.push(ReqIdx(r));
        }
        self.owners.push(input);
        self.offsets.push(self.reqs.len());
        Ok(())
    }

    /// `|E|`.
    pub fn num_requirements(&self) -> u32 {
        self.num_requirements
    }

    /// Number of covered pairs stored (with any duplicates).
    pub fn num_pairs(&self) -> usize {
        self.reqs.len()
    }

    /// Per requirement, how many distinct source inputs cover it
    /// (`|sat(r)|`). Segments of one input count once, wherever they are.
    pub fn covering_inputs(&self) -> Vec<u32> {
        let mut order: Vec<usize> = (0..self.owners.len()).collect();
        // Usually pushed in input order already; sorting then costs nothing.
        if !self.owners.windows(2).all(|w| w[0] <= w[1]) {
            order.sort_by_key(|&s| self.owners[s]);
        }
        // Per requirement, `(last input counted + 1) << 32 | count` in one
        // word, so each covered pair is one load and one store.
        let mut slots = vec![0u64; self.num_requirements as usize];
        for s in order {
            let mark = u64::from(self.owners[s].0 + 1) << 32;
            for r in &self.reqs[self.offsets[s]..self.offsets[s + 1]] {
                // Branch-free: a repeat inside a segment is rare but
                // unpredictable.
                let slot = &mut slots[r.0 as usize];
                let new = u64::from(*slot & !0xffff_ffff != mark);
                *slot = mark | ((*slot & 0xffff_ffff) + new);
            }
        }
        slots.into_iter().map(|slot| slot as u32).collect()
    }

    /// The segments: each input with the requirements it covered.
    pub fn segments(&self) -> impl Iterator<Item = (InputIdx, &[ReqIdx])> + '_ {
        self.owners
            .iter()
            .zip(self.offsets.windows(2))
            .map(|(&t, w)| (t, &self.reqs[w[0]..w[1]]))
    }
}

//! `sat` of one criterion: which requirements each source input covered,
//! and in the source execution of which MR.

use super::{InputIdx, MeasureError, MrIdx, ReqIdx};

/// The covered (source input, requirement) pairs of one criterion, as
/// segments: one segment per `push`, each owned by one input and, when
/// known, the MR whose source execution of that input it was; stored back
/// to back, each as a sorted run of requirement indices written as their
/// differences in LEB128 bytes (an execution covers mostly neighbouring
/// requirements: about one byte per pair instead of four). Segments with
/// the same requirements (several MRs' executions that covered the same
/// code) can share one stored run ([`push_same`](Coverage::push_same)).
///
/// An input may own several segments (several executions, by one MR or
/// several): the measure takes the union. A segment without an MR
/// ([`push`](Self::push)) stands for an execution shared by every MR the
/// input is associated with (the setting of the paper: one SUT). Order and
/// duplicates inside a pushed segment do not matter: it is stored sorted,
/// each requirement once.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Coverage {
    num_requirements: u32,
    owners: Vec<InputIdx>,
    /// Per segment: its MR, or [`EVERY_MR`].
    mrs: Vec<u32>,
    /// Per segment: its run of `bytes`, `start..end`.
    ranges: Vec<(usize, usize)>,
    /// The runs: per segment, its first requirement, then each next minus
    /// the previous minus one, each in LEB128.
    bytes: Vec<u8>,
    /// Requirements stored, over all runs.
    pairs: usize,
    /// A pushed segment, sorted before it is stored.
    #[serde(skip)]
    scratch: Vec<u32>,
}

/// The requirements of one segment, ascending, each once; decoded as read.
#[derive(Debug, Clone, Copy)]
pub struct Reqs<'a> {
    bytes: &'a [u8],
}

impl<'a> Reqs<'a> {
    /// The requirements, ascending.
    pub fn iter(&self) -> ReqsIter<'a> {
        ReqsIter {
            bytes: self.bytes,
            next: 0,
        }
    }

    /// Whether `r` is one of them.
    pub fn contains(&self, r: ReqIdx) -> bool {
        self.iter().take_while(|x| x.0 <= r.0).any(|x| x == r)
    }
}

impl<'a> IntoIterator for Reqs<'a> {
    type Item = ReqIdx;
    type IntoIter = ReqsIter<'a>;

    fn into_iter(self) -> ReqsIter<'a> {
        self.iter()
    }
}

/// See [`Reqs::iter`].
#[derive(Debug, Clone)]
pub struct ReqsIter<'a> {
    bytes: &'a [u8],
    /// The smallest value the next requirement can have.
    next: u32,
}

impl Iterator for ReqsIter<'_> {
    type Item = ReqIdx;

    #[inline]
    fn next(&mut self) -> Option<ReqIdx> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        let mut gap = u32::from(first & 0x7f);
        if first & 0x80 != 0 {
            let mut shift = 7;
            while let Some((&b, rest)) = self.bytes.split_first() {
                self.bytes = rest;
                gap |= u32::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
        }
        let r = self.next + gap;
        self.next = r + 1;
        Some(ReqIdx(r))
    }
}

/// The MR of a segment pushed without one: every MR of its input.
const EVERY_MR: u32 = u32::MAX;

impl Coverage {
    /// No coverage yet, for a criterion with requirements
    /// `0..num_requirements` (the set `E`; 0 makes the measure undefined).
    pub fn new(num_requirements: u32) -> Self {
        Self::with_capacity(num_requirements, 0, 0)
    }

    /// Like [`new`](Self::new), reserving room for `segments` pushes and
    /// `pairs` covered pairs in total.
    pub fn with_capacity(num_requirements: u32, segments: usize, pairs: usize) -> Self {
        Self {
            num_requirements,
            owners: Vec::with_capacity(segments),
            mrs: Vec::with_capacity(segments),
            ranges: Vec::with_capacity(segments),
            bytes: Vec::with_capacity(pairs),
            pairs: 0,
            scratch: Vec::new(),
        }
    }

    /// Records that `input`, executed as a source input, covered `reqs`,
    /// in an execution that counts for every MR `input` is associated with.
    /// On an out-of-range requirement nothing of this call is kept.
    pub fn push(
        &mut self,
        input: InputIdx,
        reqs: impl IntoIterator<Item = u32>,
    ) -> Result<(), MeasureError> {
        self.push_segment(input, EVERY_MR, reqs)
    }

    /// Records that the source execution of `input` by the MR `mr` covered
    /// `reqs`: it counts for `mr` only.
    pub fn push_by(
        &mut self,
        input: InputIdx,
        mr: MrIdx,
        reqs: impl IntoIterator<Item = u32>,
    ) -> Result<(), MeasureError> {
        self.push_segment(input, mr.0, reqs)
    }

    /// Records that the source execution of `input` by `mr` covered
    /// exactly what segment `same` (a value of
    /// [`num_segments`](Self::num_segments) before an earlier push)
    /// covered, without storing the requirements again.
    pub fn push_same(&mut self, input: InputIdx, mr: MrIdx, same: usize) {
        let range = self.ranges[same];
        self.owners.push(input);
        self.mrs.push(mr.0);
        self.ranges.push(range);
    }

    /// The requirements segment `index` covered, ascending.
    pub fn segment(&self, index: usize) -> Reqs<'_> {
        let (start, end) = self.ranges[index];
        Reqs {
            bytes: &self.bytes[start..end],
        }
    }

    /// How many segments were pushed.
    pub fn num_segments(&self) -> usize {
        self.owners.len()
    }

    fn push_segment(
        &mut self,
        input: InputIdx,
        mr: u32,
        reqs: impl IntoIterator<Item = u32>,
    ) -> Result<(), MeasureError> {
        let mut ids = std::mem::take(&mut self.scratch);
        ids.clear();
        ids.extend(reqs);
        if let Some(&index) = ids.iter().find(|&&r| r >= self.num_requirements) {
            self.scratch = ids;
            return Err(MeasureError::RequirementOutOfRange {
                index,
                len: self.num_requirements,
            });
        }
        if !ids.is_sorted() {
            ids.sort_unstable();
        }
        ids.dedup();
        let start = self.bytes.len();
        let mut next = 0u32;
        for &r in &ids {
            let mut gap = r - next;
            while gap >= 0x80 {
                self.bytes.push((gap & 0x7f) as u8 | 0x80);
                gap >>= 7;
            }
            self.bytes.push(gap as u8);
            next = r + 1;
        }
        self.pairs += ids.len();
        self.scratch = ids;
        self.owners.push(input);
        self.mrs.push(mr);
        self.ranges.push((start, self.bytes.len()));
        Ok(())
    }

    /// The same coverage over `num_requirements` requirements, each
    /// requirement `r` renamed `to[r]` (`u32::MAX`: left out); segments
    /// that shared their requirements share them still.
    pub fn renamed(&self, num_requirements: u32, to: &[u32]) -> Result<Self, MeasureError> {
        let mut out = Self::with_capacity(num_requirements, self.num_segments(), self.pairs);
        let mut stored: std::collections::HashMap<(usize, usize), usize> =
            std::collections::HashMap::new();
        for s in 0..self.num_segments() {
            let range = self.ranges[s];
            if let Some(&same) = stored.get(&range) {
                out.owners.push(self.owners[s]);
                out.mrs.push(self.mrs[s]);
                out.ranges.push(out.ranges[same]);
                continue;
            }
            stored.insert(range, out.num_segments());
            let ids = self
                .segment(s)
                .iter()
                .map(|r| to[r.0 as usize])
                .filter(|&r| r != u32::MAX);
            out.push_segment(self.owners[s], self.mrs[s], ids)?;
        }
        Ok(out)
    }

    /// `|E|`.
    pub fn num_requirements(&self) -> u32 {
        self.num_requirements
    }

    /// Number of covered pairs stored (each requirement once per stored
    /// segment).
    pub fn num_pairs(&self) -> usize {
        self.pairs
    }

    /// Bytes the stored segments take.
    pub fn stored_bytes(&self) -> usize {
        self.bytes.len()
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
            for r in self.segment(s) {
                // Branch-free: a repeat inside a segment is rare but
                // unpredictable.
                let slot = &mut slots[r.0 as usize];
                let new = u64::from(*slot & !0xffff_ffff != mark);
                *slot = mark | ((*slot & 0xffff_ffff) + new);
            }
        }
        slots.into_iter().map(|slot| slot as u32).collect()
    }

    /// The segments: each input, the MR whose source execution it was
    /// (`None`: every MR of the input), and the requirements it covered.
    pub fn segments(
        &self,
    ) -> impl ExactSizeIterator<Item = (InputIdx, Option<MrIdx>, Reqs<'_>)> + '_ {
        self.owners
            .iter()
            .zip(&self.mrs)
            .enumerate()
            .map(|(s, (&t, &m))| (t, (m != EVERY_MR).then_some(MrIdx(m)), self.segment(s)))
    }

    /// Whether some segment names its MR (pushed with
    /// [`push_by`](Self::push_by)).
    pub fn attributed(&self) -> bool {
        self.mrs.iter().any(|&m| m != EVERY_MR)
    }

    /// Per requirement in `wanted` (a mask over requirements), the distinct
    /// MRs whose source executions covered it, of any input, ascending.
    /// Segments without an MR name none.
    pub fn reaching_mrs(&self, wanted: &[bool]) -> Vec<Vec<MrIdx>> {
        let mut out = vec![Vec::new(); self.num_requirements as usize];
        for (_, mr, reqs) in self.segments() {
            let Some(mr) = mr else { continue };
            for r in reqs {
                if wanted.get(r.0 as usize).copied().unwrap_or(false) {
                    out[r.0 as usize].push(mr);
                }
            }
        }
        for list in &mut out {
            list.sort_unstable();
            list.dedup();
        }
        out
    }

    /// Per group of requirements (`group_of`: each requirement's group,
    /// or `u32::MAX` for none; `groups` of them), the distinct MRs whose
    /// source executions covered one of its requirements, ascending; a
    /// segment without an MR stands for `every(input)`. Memory: one mark
    /// per group, besides the lists.
    pub fn mrs_per_group<'p>(
        &self,
        group_of: &[u32],
        groups: usize,
        every: impl Fn(InputIdx) -> &'p [MrIdx],
    ) -> Vec<Vec<MrIdx>> {
        let mut out: Vec<Vec<MrIdx>> = vec![Vec::new(); groups];
        // The last segment that listed its MR(s) in each group.
        let mut marked = vec![usize::MAX; groups];
        for (s, &m) in self.mrs.iter().enumerate() {
            for r in self.segment(s) {
                let Some(&g) = group_of.get(r.0 as usize) else {
                    continue;
                };
                let g = g as usize;
                if g >= groups || std::mem::replace(&mut marked[g], s) == s {
                    continue;
                }
                if m == EVERY_MR {
                    out[g].extend_from_slice(every(self.owners[s]));
                } else {
                    out[g].push(MrIdx(m));
                }
            }
        }
        for list in &mut out {
            list.sort_unstable();
            list.dedup();
        }
        out
    }

    /// The MRs whose source execution of `input` covered `r`, ascending;
    /// `None` when a segment of `input` without an MR covered it (then
    /// every MR of the input counts).
    pub fn mrs_covering(&self, input: InputIdx, r: ReqIdx) -> Option<Vec<MrIdx>> {
        let mut out = Vec::new();
        for (t, mr, reqs) in self.segments() {
            if t == input && reqs.contains(r) {
                match mr {
                    Some(mr) => out.push(mr),
                    None => return None,
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }
}

//! Counter vectors as record files hold them: a `cov` or `followcov`
//! line's counters are written in full, as changes from a vector the file
//! wrote in full earlier, or as a reference to one written earlier. What
//! reads a file's lines one by one resolves them here ([`FullVectors`]),
//! and what writes a file as the runtime would writes them here
//! ([`VectorWriter`]).

use std::collections::{HashMap, HashSet, VecDeque};

use mtcov_protocol::Counters;

use super::Vectors;
use mtcov_protocol::write::Counters as Written;

/// Non-zero counters as (index, value), sorted by index.
pub(crate) type Pairs = Vec<(u32, u64)>;

/// A sum of counter vectors, held dense: adding a vector costs its own
/// length, not the sum's (adding sparse vectors one by one costs the sum
/// so far each time, which thousands of MGs make quadratic).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct DenseSum(Vec<u64>);

impl DenseSum {
    /// Adds `pairs` (sorted by index), saturating.
    pub(crate) fn add(&mut self, pairs: &[(u32, u64)]) {
        if let Some(&(last, _)) = pairs.last()
            && self.0.len() <= last as usize
        {
            self.0.resize(last as usize + 1, 0);
        }
        for &(index, value) in pairs {
            let cell = &mut self.0[index as usize];
            *cell = cell.saturating_add(value);
        }
    }

    /// The sum's non-zero counters, sorted by index.
    pub(crate) fn pairs(&self) -> Pairs {
        self.0
            .iter()
            .enumerate()
            .filter(|&(_, &value)| value != 0)
            .map(|(index, &value)| (index as u32, value))
            .collect()
    }
}

/// A file's vectors so far, as its lines wrote them (packed, in
/// [`Vectors`]), by (source key, fingerprint): what the lines after them
/// refer to. The one resolver of `cov` and `followcov` counters, for the
/// reader of a run and for `--affected`'s rewriting of record files alike:
/// changes are read only against a vector written in full, as the
/// runtime writes them.
#[derive(Debug, Default)]
pub(crate) struct FullVectors {
    vectors: Vectors,
    index: HashMap<(u64, u64), u32>,
}

impl FullVectors {
    /// The vector a `cov` or `followcov` line stands for, kept for the
    /// lines after it: its index. `check` sees a vector's counters when
    /// the line writes them (in full, or as changes).
    pub(crate) fn resolve(
        &mut self,
        key: u64,
        fingerprint: u64,
        counters: Counters,
        check: impl FnOnce(&[(u32, u64)]) -> Result<(), String>,
    ) -> Result<u32, String> {
        let vector = match counters {
            Counters::Full(vector) => {
                check(&vector)?;
                self.vectors.push_full(&vector)
            }
            Counters::Changes {
                base_key,
                base_fingerprint,
                changes,
            } => {
                let (base, base_counters) = self
                    .index
                    .get(&(base_key, base_fingerprint))
                    .and_then(|&base| Some((base, self.vectors.full(base)?)))
                    .ok_or_else(|| {
                        format!(
                            "a coverage record is written against counters the file does not \
                             hold in full ({base_key:016x}/{base_fingerprint:016x})"
                        )
                    })?;
                check(&mtcov_protocol::counters::apply(&base_counters, &changes))?;
                self.vectors.push_changes(base, &changes)
            }
            Counters::Earlier => return self.index_of(key, fingerprint),
        };
        self.index.insert((key, fingerprint), vector);
        Ok(vector)
    }

    /// The index of the vector of source `key` with `fingerprint`, as an
    /// earlier line wrote it.
    pub(crate) fn index_of(&self, key: u64, fingerprint: u64) -> Result<u32, String> {
        self.index.get(&(key, fingerprint)).copied().ok_or_else(|| {
            format!(
                "a coverage record refers to counters the file does not hold \
                 ({key:016x}/{fingerprint:016x})"
            )
        })
    }

    /// Vector `index`, unpacked.
    pub(crate) fn pairs(&self, index: u32) -> Pairs {
        self.vectors.get(index as usize)
    }

    /// The vector of source `key` with `fingerprint`, unpacked.
    pub(crate) fn get(&self, key: u64, fingerprint: u64) -> Result<Pairs, String> {
        Ok(self.pairs(self.index_of(key, fingerprint)?))
    }

    /// The vectors, each as written.
    pub(crate) fn into_vectors(self) -> Vectors {
        self.vectors
    }
}

/// How many vectors written in full a new one is compared with.
const KEYFRAMES: usize = 4;

/// The counter vectors a file being written holds, so that each new
/// one is written as the runtime writes it: by reference when the file
/// holds it already, as changes from a recent vector in full when that
/// takes at most half as many pairs, in full otherwise.
#[derive(Default)]
pub(crate) struct VectorWriter {
    /// (source key, fingerprint) of the vectors written.
    written: HashSet<(u64, u64)>,
    /// The last vectors written in full.
    keyframes: VecDeque<(u64, u64, Pairs)>,
}

impl VectorWriter {
    /// Writes `vector` of source `key` (its fingerprint `fp`) with `line`
    /// (a `cov` or `followcov` line given its counters).
    pub(crate) fn line(
        &mut self,
        key: u64,
        vector: &[(u32, u64)],
        fp: u64,
        line: impl FnOnce(Written<'_>),
    ) {
        if !self.written.insert((key, fp)) {
            return line(Written::Earlier);
        }
        let closest = self
            .keyframes
            .iter()
            .rev()
            .filter_map(|(k, f, base)| {
                let changes =
                    mtcov_protocol::counters::delta_within(base, vector, vector.len() / 2)?;
                Some((*k, *f, changes))
            })
            .min_by_key(|(_, _, changes)| changes.len());
        if let Some((base_key, base_fingerprint, changes)) = closest {
            return line(Written::Changes {
                base_key,
                base_fingerprint,
                changes: &changes,
            });
        }
        line(Written::Full(vector));
        self.keyframes.push_back((key, fp, vector.to_vec()));
        if self.keyframes.len() > KEYFRAMES {
            self.keyframes.pop_front();
        }
    }
}

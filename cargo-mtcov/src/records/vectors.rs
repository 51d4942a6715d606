//! Counter vectors as record files hold them: a `cov` or `followcov`
//! line's counters are written in full, as changes from a vector the file
//! wrote in full earlier, or as a reference to one written earlier. What
//! reads a file's lines one by one resolves them here ([`FullVectors`]),
//! and what writes a file as the runtime would writes them here
//! ([`VectorWriter`]).

use std::collections::{HashMap, HashSet, VecDeque};

use mtcov_protocol::Counters;
use mtcov_protocol::write::Counters as Written;

/// Non-zero counters as (index, value), sorted by index.
pub(crate) type Pairs = Vec<(u32, u64)>;

/// A file's vectors so far, in full, by (source key, fingerprint): what
/// the lines after them refer to.
#[derive(Debug, Default)]
pub(crate) struct FullVectors {
    full: HashMap<(u64, u64), Pairs>,
}

impl FullVectors {
    /// The full vector a `cov` or `followcov` line stands for, kept for
    /// the lines after it.
    pub(crate) fn resolve(
        &mut self,
        key: u64,
        fingerprint: u64,
        counters: Counters,
    ) -> Result<&Pairs, String> {
        let vector = match counters {
            Counters::Full(vector) => vector,
            Counters::Changes {
                base_key,
                base_fingerprint,
                changes,
            } => {
                let base = self.full.get(&(base_key, base_fingerprint)).ok_or_else(|| {
                    format!(
                        "changes from {base_key:016x}/{base_fingerprint:016x}, which no earlier \
                         line wrote"
                    )
                })?;
                mtcov_protocol::counters::apply(base, &changes)
            }
            Counters::Earlier => return self.get(key, fingerprint),
        };
        let slot = self.full.entry((key, fingerprint)).or_default();
        *slot = vector;
        Ok(slot)
    }

    /// The vector of source `key` with `fingerprint`, as an earlier line
    /// wrote it.
    pub(crate) fn get(&self, key: u64, fingerprint: u64) -> Result<&Pairs, String> {
        self.full.get(&(key, fingerprint)).ok_or_else(|| {
            format!("counters of {key:016x}/{fingerprint:016x}, which no earlier line wrote")
        })
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

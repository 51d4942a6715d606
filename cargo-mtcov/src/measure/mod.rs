//! The k-MR adequacy measure of Fu, Sun, Zhang and Liu, as stated in
//! `docs/measure.md` (the project's definitions).
//!
//! Pure data in, numbers out: no I/O, no names beyond the relation classes
//! and source types needed for counting. Everything is interned to `u32`
//! indices and stored in flat vectors, so one criterion at paper scale
//! (tens of thousands of MRs and inputs, millions of covered pairs) is
//! measured in milliseconds, in time linear in covered pairs plus
//! associations.
//!
//! The flow:
//!
//! ```
//! use cargo_mtcov::measure::{Counting, Coverage, Outcome, PoolBuilder, measure};
//!
//! let mut pool = PoolBuilder::new();
//! let equal = pool.add_mr("equal", None);
//! let order = pool.add_mr("order", None);
//! let a = pool.add_input();
//! // Only MGs whose relation was checked (holds / violated) associate.
//! pool.record_mg(equal, &[a], Outcome::Holds)?;
//! pool.record_mg(order, &[a], Outcome::Skipped)?;
//! let pool = pool.build();
//!
//! let mut coverage = Coverage::new(2); // two requirements, e.g. two lines
//! coverage.push(a, [0])?;              // `a` covers requirement 0 only
//!
//! let relations = pool.source_relations(Counting::Class);
//! let m = measure(&pool, &relations, &coverage, 2)?;
//! let summary = m.summary().expect("there are requirements");
//! assert_eq!(summary.a_k, 0.25); // K = 1/2 and 0
//! assert_eq!(summary.plain_coverage, 0.5);
//! assert!(!summary.satisfied);
//! # Ok::<(), cargo_mtcov::measure::MeasureError>(())
//! ```

mod compute;
mod coverage;
mod pool;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub use compute::Gap;
pub use compute::{Closest, CriterionMeasure, Summary, SweepPoint, measure};
pub use coverage::{Coverage, Reqs, ReqsIter};
pub use mtcov_protocol::Outcome;
pub use pool::{Pool, PoolBuilder, SourceRelations};

use serde::{Deserialize, Serialize};

/// The MRs that count for requirement `r` on `input`: associated with it
/// and, where the coverage says, whose own source execution of it covered
/// `r`; ascending.
pub fn counting_mrs(coverage: &Coverage, pool: &Pool, input: InputIdx, r: ReqIdx) -> Vec<MrIdx> {
    let associated = pool.mrs_of(input);
    match coverage.mrs_covering(input, r) {
        None => associated.to_vec(),
        Some(covering) => covering
            .into_iter()
            .filter(|m| associated.binary_search(m).is_ok())
            .collect(),
    }
}

/// Index of a registered MR in a [`Pool`] (order of [`PoolBuilder::add_mr`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MrIdx(pub u32);

/// Index of a source input in a [`Pool`] (order of [`PoolBuilder::add_input`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InputIdx(pub u32);

/// Index of an interned relation class in a [`Pool`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ClassIdx(pub u32);

/// Index of a requirement of one criterion: `0..num_requirements` of its
/// [`Coverage`]. What a requirement is (a line, a region, a branch
/// outcome) is the caller's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ReqIdx(pub u32);

/// What `|S_RO(t)|` counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Counting {
    /// Distinct relation classes (the definition's default).
    #[default]
    Class,
    /// Distinct MRs, whatever their class.
    Mr,
}

/// Which source executions of an input count for a requirement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Satisfaction {
    /// An MR associated with `t` counts for `r` only when its own source
    /// execution of `t` covered `r` (the default: a relation counts only
    /// for the code it checked).
    #[default]
    Relation,
    /// Every MR associated with `t` counts for everything any source
    /// execution of `t` covered: the paper's definition, which assumes one
    /// SUT; kept for comparison.
    Input,
}

/// Inputs the measure refuses, each naming what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeasureError {
    /// `k` must be at least 1: `A_k` divides by `k`.
    #[error("k must be at least 1 (got {0}): the k-MR criterion asks for k >= 1 relation classes")]
    ZeroK(u32),
    /// An MR index that the pool does not know.
    #[error("MR index {index} is out of range: the pool has {len} registered MRs")]
    MrOutOfRange { index: u32, len: u32 },
    /// A source input index that the pool does not know.
    #[error("source input index {index} is out of range: the pool has {len} source inputs")]
    InputOutOfRange { index: u32, len: u32 },
    /// `|S_RO|` sizes computed from a different pool.
    #[error(
        "source relations cover {got} inputs but the pool has {len}: compute them with this pool's `source_relations`"
    )]
    RelationsFromAnotherPool { got: u32, len: u32 },
    /// A requirement index beyond the criterion's requirement count.
    #[error("requirement index {index} is out of range: the criterion has {len} requirements")]
    RequirementOutOfRange { index: u32, len: u32 },
}

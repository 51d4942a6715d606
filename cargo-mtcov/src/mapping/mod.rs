//! Per-source-input coverage mapping: from a test binary's LLVM coverage
//! mapping and one input's non-zero counters (the runtime's `cov` record)
//! to the requirements that input covers, for each criterion; and the
//! requirement set `E` itself, complete with code no test calls.
//!
//! ```no_run
//! use cargo_mtcov::mapping::{CoverageMap, Scope};
//! use cargo_mtcov::model::Criterion;
//! # fn demo(binary: &std::path::Path, rlibs: &[std::path::PathBuf],
//! #         functions: &[mtcov_protocol::FunctionEntry], counters: &[(u32, u64)]) -> anyhow::Result<()> {
//! let scope = Scope::all().include_dir("/ws/sut/src");
//! let map = CoverageMap::load(binary, rlibs, &scope)?;      // once per binary
//! let mut eval = map.evaluator(functions)?;                  // once per process header
//! let covered = eval.covered(counters);                      // per `cov` record
//! for &r in &covered.line {
//!     println!("{}", map.requirements(Criterion::Line)[r as usize].label);
//! }
//! # Ok(()) }
//! ```
//!
//! Semantics (checked against `llvm-cov export` input by input in
//! `cargo-mtcov/tests/e2e/coverage_oracle.rs`):
//! - `region`: LLVM *code* regions (expansion, skipped, gap and branch
//!   regions are not regions in llvm-cov's count), one requirement per
//!   (file, span); covered when its counter expression is non-zero in any
//!   copy or instantiation.
//! - `line`: llvm-cov's line view of the whole file (the `DA:` lines of
//!   `llvm-cov export -format=lcov`, the lines `llvm-cov show` colours):
//!   all functions of a file merged into segments, a line instrumented and
//!   covered by LLVM's `LineCoverageStats` rules.
//! - `branch`: the true and the false outcome of each branch region
//!   (nightly `-Zcoverage-options=branch`), except branches LLVM folds as
//!   a whole (both counters a literal zero), which llvm-cov does not count;
//!   an outcome folded alone (one side of a `cfg!` constant) is counted,
//!   as llvm-cov does, and can never be covered.
//! - `function`: each source function, all instantiations and copies
//!   merged by (file, start of its first region), as llvm-cov groups them.
//!
//! Scope: only files the [`Scope`] admits, and never code compiled only
//! for tests (`#[cfg(test)]` items, `#[test]` functions: see `testcode`),
//! whichever test binaries the maps come from. Every coverage section of
//! every object is read (`decode`), so code no test calls is in `E`.

pub(crate) mod build;
pub(crate) mod decode;
mod eval;
mod items;
mod linear;
mod lines;
pub(crate) mod map;
mod memo;
mod merge;
mod profile;
mod scope;
mod testcode;
pub(crate) mod tests_ran;
mod views;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;

pub use eval::{Counted, Covered, Evaluator};
pub use merge::MergedRequirements;
pub use profile::CounterLayout;
pub use scope::Scope;
pub(crate) use testcode::SourceFacts;

use crate::model::Criterion;
use mtcov_protocol::FunctionEntry;

/// "No index": out of scope, folded, unknown.
pub(crate) const NONE: u32 = u32::MAX;

/// What one requirement is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RequirementKind {
    /// A source line (span: that line, columns 0).
    Line,
    /// A code region.
    Region,
    /// A branch region evaluating to true.
    BranchTrue,
    /// A branch region evaluating to false.
    BranchFalse,
    /// A source function (span: start of its body).
    Function,
}

/// A requirement's identity, equal across test binaries of one workspace:
/// the union of `E` (and of coverage) over several binaries is keyed by it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequirementKey {
    /// Absolute path of the source file, as the compiler recorded it.
    pub file: Arc<str>,
    pub line_start: u32,
    pub col_start: u32,
    pub line_end: u32,
    pub col_end: u32,
    pub kind: RequirementKind,
}

/// One element of `E` for a criterion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub key: RequirementKey,
    /// What a reader should see: e.g. `branch at 12:8 (true)`, `function
    /// cov_sut::classify`.
    pub label: String,
}

impl fmt::Display for RequirementKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line_start, self.col_start)?;
        if (self.line_end, self.col_end) != (self.line_start, self.col_start) {
            write!(f, "-{}:{}", self.line_end, self.col_end)?;
        }
        Ok(())
    }
}

/// The decoded coverage mapping of one test binary (plus the `.rlib`
/// objects of the crates under test), ready to map inputs.
#[derive(Debug)]
pub struct CoverageMap {
    inner: map::Map,
}

impl CoverageMap {
    /// Decodes `binary`'s coverage mapping and those of `extra_objects`
    /// (`.rlib` archives or object files of the crates in scope, for code
    /// the linker left out of the binary), keeping only files in `scope`.
    pub fn load(binary: &Path, extra_objects: &[PathBuf], scope: &Scope) -> Result<Self> {
        Ok(Self {
            inner: map::Map::load(binary, extra_objects, scope)?,
        })
    }

    /// The requirement set `E` of `criterion`, sorted by key. Indices into
    /// this slice are what [`Evaluator::covered`] returns.
    pub fn requirements(&self, criterion: Criterion) -> &[Requirement] {
        self.inner.requirements(criterion)
    }

    /// The functions of the code in scope as written, by file and line
    /// (absolute paths): the units of the advice and the function table.
    pub fn functions(&self) -> &[crate::model::SourceFunction] {
        &self.inner.functions
    }

    /// Whether the mapping has branch regions (built with nightly
    /// `-Zcoverage-options=branch`); without them the branch criterion has
    /// no requirements and should be reported as unavailable, not as 0.
    pub fn has_branch_regions(&self) -> bool {
        self.inner.has_branch_regions
    }

    /// Per requirement of `criterion`, whether a function `unchanged`
    /// (by NameRef) counts it; `Err(why)` when a line view mixes such
    /// functions with others, whose zero-count regions could change what
    /// its lines show.
    pub fn counted_by(
        &self,
        criterion: Criterion,
        unchanged: &dyn Fn(u64) -> bool,
    ) -> Result<Vec<bool>, String> {
        self.inner.counted_by(criterion, unchanged)
    }

    /// Prepares per-input evaluation for one process: `functions` is the
    /// function table of its record header.
    pub fn evaluator(&self, functions: &[FunctionEntry]) -> Result<Evaluator<'_>> {
        Evaluator::new(&self.inner, functions)
    }
}

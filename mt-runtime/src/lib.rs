//! Metamorphic testing inside plain `cargo test`.
//!
//! A *metamorphic relation* (MR) states how the outputs of several related
//! executions of the system under test (SUT) must relate, where no oracle
//! says what a single output should be. Mark each MR with
//! [`#[metamorphic]`](metamorphic), then run the MRs on your source inputs
//! with [`check`]:
//!
//! ```
//! use mt_runtime::{metamorphic, Mg};
//!
//! fn sin_deg(x: &f64) -> f64 { x.to_radians().sin() }
//!
//! /// sin is periodic: shifting the angle by 360° leaves the output unchanged.
//! #[metamorphic(output = "equal")]
//! fn periodicity(mg: &mut Mg, x: &f64) {
//!     let a = mg.source(x, sin_deg);
//!     let b = mg.follow_up(&(x + 360.0), sin_deg);
//!     mg.check((a - b).abs() < 1e-9, || format!("{a} != {b}"));
//! }
//!
//! /// sin is odd: sin(-x) = -sin(x).
//! #[metamorphic(output = "negated")]
//! fn oddness(mg: &mut Mg, x: &f64) {
//!     let a = mg.source(x, sin_deg);
//!     let b = mg.follow_up(&-x, sin_deg);
//!     mg.check((a + b).abs() < 1e-9, || format!("{a} != -{b}"));
//! }
//!
//! mt_runtime::check(&[0.0, 30.0, 45.0, 123.4], &[periodicity, oddness]);
//! ```
//!
//! [`try_check`] returns the failures instead of panicking; MRs may return
//! `Result` and use `?` (with [`Mg::assume`] for preconditions); the
//! [`relation`] module has ready output relations; [`instantiate!`] runs
//! one relation set over several SUTs. With the `proptest` feature (on by
//! default), [`check_strategy`] draws the source inputs from a proptest
//! strategy, reproducibly, shrinking a failing input while the same check
//! stays violated.
//!
//! Under `cargo mtcov` the runtime also records which source input met
//! which MR and which code each source input executed; that is what the
//! k-MR adequacy report is computed from. Under plain `cargo test` nothing
//! is written.

mod categories;
mod check;
mod coverage;
mod describe;
mod failures;
mod instantiate;
mod mg;
mod mr;
mod panics;
mod record;
mod recording;
mod registry;
pub mod relation;
mod selection;
mod source_key;
#[cfg(feature = "proptest")]
mod strategy;
#[cfg(any(mtcov, test))]
mod threads;
mod tolerance;

pub use check::{check, check_registered, try_check, try_check_registered};
pub use failures::{Case, Failure, Failures, Generation, Summary};
pub use mg::{Mg, Unmet};
pub use mr::{Mr, MrError, MrInfo, MrResult, MrReturn};
/// Declares the categories and choices of a source input type (and of its
/// SUT's output), for the black-box criteria of `cargo mtcov`
/// (`--criterion i-choice,i-choice-pair,io-ctf`).
///
/// One declaration per source type, written at item level in test code:
/// `Type { .. }`, or `Type -> Output { .. }` when output categories are
/// declared (`Output` is the return type of the SUT passed to
/// [`Mg::source`]). When one type feeds several functions under test,
/// one declaration per function instead: `Type => function { .. }` or
/// `Type => function -> Output { .. }`; an MR's source executions are
/// classified by the declaration of the function it names with
/// `#[metamorphic(function = ..)]`, else by the one whose output type its
/// output has. Each category is `name(input) { choices }`, an output
/// category `output name(input, output) { choices }`; the parameters bind
/// `&Type` and `&Output`. Each choice is `name [brackets] => predicate`
/// (`name` an identifier or a string): an input is in the first choice
/// whose predicate holds, and the last choice may leave its predicate out
/// to take every other input. Brackets, as in TSL:
///
/// - `[property P]`: the choice defines property `P`;
/// - `[if CONDITION]`: the choice combines only with frames where the
///   condition holds: property names with `!`, `&&`, `||` and parentheses;
/// - `[error]`, `[single]`: the choice is covered once and combined with
///   no other (an input in it counts only for it).
///
/// ```
/// use mt_runtime::{categories, metamorphic, Mg};
///
/// #[derive(Debug)]
/// pub struct Angle(pub f64);
///
/// categories! {
///     Angle -> f64 {
///         quadrant(a) {
///             first [property Q1] => a.0.rem_euclid(360.0) < 90.0,
///             second => a.0.rem_euclid(360.0) < 180.0,
///             lower,
///         }
///         magnitude(a) {
///             zero [single] => a.0 == 0.0,
///             undefined [error] => !a.0.is_finite(),
///             "within one turn" => a.0.abs() < 360.0,
///             "beyond one turn" [if !Q1],
///         }
///         output sign(a, out) {
///             positive => *out > 0.0,
///             negative => *out < 0.0,
///             zero,
///         }
///     }
/// }
///
/// #[metamorphic(output = "equal")]
/// fn periodicity(mg: &mut Mg, a: &Angle) {
///     let sin = |a: &Angle| a.0.to_radians().sin();
///     let x = mg.source(a, sin);
///     let y = mg.follow_up(&Angle(a.0 + 360.0), sin);
///     mg.check((x - y).abs() < 1e-9, || format!("{x} != {y}"));
/// }
///
/// mt_runtime::check(&[Angle(30.0), Angle(200.0)], &[periodicity]);
/// ```
///
/// Misuse is a compile error at the offending tokens: an unknown bracket,
/// a condition over a property no choice defines, an input choice that
/// depends on an output property, a predicate left out before the last
/// choice, duplicate names, output categories without an output type,
/// lifetimes in the declared types. Under plain `cargo test` nothing is
/// classified. A classifier that panics, or an input no choice takes, is
/// recorded as an error and `cargo mtcov` refuses to measure the
/// black-box criteria (exit 2).
pub use mt_macros::categories;
pub use mt_macros::metamorphic;
/// proptest, re-exported for strategies: `use mt_runtime::proptest::prelude::*;`.
#[cfg(feature = "proptest")]
pub use proptest;
pub use registry::registry;
pub use source_key::SourceKey;
#[cfg(feature = "proptest")]
pub use strategy::{
    Config, Guided, SEED_ENV, check_strategy, check_strategy_with, try_check_strategy,
};

/// What `#[metamorphic]` expands to refers to these items, and nothing
/// else; they are not part of the public API and may change at any time.
/// `core` is here so that the expansion never writes `::core`, which in an
/// edition-2015 crate names the crate root.
#[doc(hidden)]
pub mod __private {
    pub use crate::categories::{
        Categories, CategoriesMeta, CategoryMeta, ChoiceKind, ChoiceMeta, Classifier,
        DeclarationMeta, RegisteredCategories,
    };
    pub use crate::mg::Mg;
    pub use crate::mr::{Mr, MrMeta, MrReturn};
    pub use crate::registry::Registered;
    pub use core;
    pub use inventory;

    /// Recovers the typed source input from the registry's type-erased
    /// call; the registry only calls it after checking the type.
    pub fn downcast<T: 'static>(input: &dyn ::core::any::Any) -> &T {
        input
            .downcast_ref::<T>()
            .expect("mt-runtime: registry called an MR with a source input of another type")
    }

    /// `TypeId::of` as a function pointer, for use in a `static`.
    pub fn type_id_of<T: 'static>() -> ::core::any::TypeId {
        ::core::any::TypeId::of::<T>()
    }
}

//! The metadata of one MR and the typed handle tests pass to [`check`](crate::check).

use crate::mg::Mg;
use mtcov_protocol::MrDescription;
use std::any::{Any, TypeId};
use std::fmt;

/// Everything `#[metamorphic]` knows about an MR at compile time.
///
/// One `static` per MR; both the typed [`Mr`] handle and the registry
/// point at it, so the two can never disagree.
#[doc(hidden)]
#[derive(Debug)]
pub struct MrMeta {
    /// The package that defines the MR (`CARGO_PKG_NAME`), when built by cargo.
    pub package: Option<&'static str>,
    pub module_path: &'static str,
    pub fn_name: &'static str,
    /// Display name: the `name = ".."` argument or the function name.
    pub name: &'static str,
    /// The relation class: the `output = ".."` argument, if any.
    pub class: Option<&'static str>,
    pub file: &'static str,
    pub line: u32,
    /// The source input type as written in the signature.
    pub source_type: &'static str,
    /// The function under test it runs (`function = ..`), which picks the
    /// `categories!` declaration of that function.
    pub function: Option<&'static str>,
    /// The MR, callable on a type-erased source input (the registry's path).
    pub run_any: fn(&mut Mg, &dyn Any),
    pub type_id: fn() -> TypeId,
}

/// A metamorphic relation over source inputs of type `T`.
///
/// `#[metamorphic] fn name(mg: &mut Mg, t: &T)` turns `name` into a
/// constant of this type; pass it to [`check`](crate::check).
pub struct Mr<T: 'static> {
    meta: &'static MrMeta,
    run: fn(&mut Mg, &T),
}

impl<T: 'static> Mr<T> {
    #[doc(hidden)]
    pub const fn new(meta: &'static MrMeta, run: fn(&mut Mg, &T)) -> Self {
        Mr { meta, run }
    }

    /// Its metadata: name, relation class, location.
    pub fn info(&self) -> MrInfo {
        MrInfo(self.meta)
    }

    pub(crate) fn meta(&self) -> &'static MrMeta {
        self.meta
    }

    pub(crate) fn run(&self, mg: &mut Mg, input: &T) {
        (self.run)(mg, input)
    }
}

impl<T: 'static> Clone for Mr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: 'static> Copy for Mr<T> {}

impl<T: 'static> fmt::Debug for Mr<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.info(), f)
    }
}

/// Read-only view of a registered MR's metadata.
#[derive(Clone, Copy)]
pub struct MrInfo(pub(crate) &'static MrMeta);

impl MrInfo {
    /// Stable identifier, unique in the workspace:
    /// `crate::module::path::function_name`.
    ///
    /// In an integration test (`tests/relations.rs`) the module path starts
    /// with the test target's name, which other packages may share, so the
    /// package's crate name is put in front: `trig::relations::periodicity`.
    pub fn id(&self) -> String {
        let meta = self.0;
        match meta.package.map(|package| package.replace('-', "_")) {
            Some(krate)
                if meta.module_path != krate
                    && !meta.module_path.starts_with(&format!("{krate}::")) =>
            {
                format!("{krate}::{}::{}", meta.module_path, meta.fn_name)
            }
            _ => format!("{}::{}", meta.module_path, meta.fn_name),
        }
    }
    /// Display name (`name = ".."`, default the function name).
    pub fn name(&self) -> &'static str {
        self.0.name
    }
    /// The relation class: `output = ".."`, or the MR's [`id`](Self::id)
    /// when none was given (the MR is then its own class).
    pub fn class(&self) -> String {
        match self.0.class {
            Some(class) => class.to_owned(),
            None => self.id(),
        }
    }

    /// [`class`](Self::class) when the id is already at hand: an MR
    /// without `output = ".."` is a class of its own, named by its id.
    pub(crate) fn class_or_id<'a>(&self, id: &'a str) -> &'a str {
        self.0.class.unwrap_or(id)
    }
    /// Whether the class was given explicitly with `output = ".."`.
    pub fn has_explicit_class(&self) -> bool {
        self.0.class.is_some()
    }
    /// Source file of the attribute.
    pub fn file(&self) -> &'static str {
        self.0.file
    }
    /// Line of the attribute.
    pub fn line(&self) -> u32 {
        self.0.line
    }
    /// The source input type as written in the MR's signature.
    pub fn source_type(&self) -> &'static str {
        self.0.source_type
    }
    /// Whether this MR takes source inputs of type `T`.
    pub fn takes<T: 'static>(&self) -> bool {
        (self.0.type_id)() == TypeId::of::<T>()
    }
}

impl fmt::Debug for MrInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MrInfo")
            .field("id", &self.id())
            .field("name", &self.name())
            .field("class", &self.class())
            .field("file", &self.file())
            .field("line", &self.line())
            .field("source_type", &self.source_type())
            .finish()
    }
}

/// What an MR may return: `()`, or `Result<(), E>` with `E: Debug` so
/// that `?` works in its body. `Ok(())` counts as a check that holds (so
/// an MR whose relation is all `relation::..(..)?` is not "no check ran");
/// an `Err` violates the MG (its `Debug` text is the message), except the
/// error of a failed [`Mg::assume`](crate::Mg::assume), which skips it.
#[diagnostic::on_unimplemented(
    message = "an MR returns `()` or `Result<(), E>` with `E: Debug`, not `{Self}`",
    label = "state the output relation with `mg.check(..)`; return `Result` only to use `?`"
)]
pub trait MrReturn {
    /// Applies the returned value to the MG's verdict.
    fn finish(self, mg: &mut Mg);
}

impl MrReturn for () {
    #[inline(always)]
    fn finish(self, _: &mut Mg) {}
}

impl<E: fmt::Debug> MrReturn for Result<(), E> {
    #[inline]
    fn finish(self, mg: &mut Mg) {
        match self {
            Ok(()) => mg.returned_ok(),
            Err(error) => mg.returned_error(format!("{error:?}")),
        }
    }
}

/// The return type for MRs that use `?`: any `Debug` error converts into
/// it (your own error types, [`Unmet`](crate::Unmet) from
/// [`Mg::assume`](crate::Mg::assume),
/// [`Mismatch`](crate::relation::Mismatch), `std::io::Error`, ..).
///
/// ```
/// use mt_runtime::{metamorphic, Mg, MrResult};
///
/// #[derive(Debug)]
/// struct ParseError(String);
///
/// fn parse(s: &str) -> Result<i64, ParseError> {
///     s.trim().parse().map_err(|_| ParseError(s.to_owned()))
/// }
///
/// /// Surrounding spaces do not change the number.
/// #[metamorphic(output = "equal")]
/// fn padding(mg: &mut Mg, s: &String) -> MrResult {
///     mg.assume(!s.is_empty(), "an empty text has no number")?;
///     let a = mg.source(s, |s| parse(s))?;
///     let b = mg.follow_up(&format!(" {s} "), |s| parse(s))?;
///     mg.check_eq(&a, &b);
///     Ok(())
/// }
/// # mt_runtime::check(&["12".to_owned(), String::new()], &[padding]);
/// ```
pub type MrResult = Result<(), MrError>;

/// The error of an [`MrResult`]: the `Debug` text of the error that `?`
/// converted, which is the violation's message.
///
/// It has no `Debug` of its own: that is what lets every `Debug` type
/// convert into it (as `anyhow::Error` is not a `std::error::Error`).
#[allow(missing_debug_implementations)]
pub struct MrError(String);

impl MrError {
    /// The message the violation shows.
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl<E: fmt::Debug> From<E> for MrError {
    fn from(error: E) -> Self {
        MrError(format!("{error:?}"))
    }
}

impl fmt::Display for MrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl MrReturn for Result<(), MrError> {
    #[inline]
    fn finish(self, mg: &mut Mg) {
        match self {
            Ok(()) => mg.returned_ok(),
            Err(error) => mg.returned_error(error.0),
        }
    }
}

impl MrInfo {
    /// The MR as records describe it.
    pub(crate) fn description(&self) -> MrDescription {
        MrDescription {
            id: self.id(),
            name: self.name().to_owned(),
            class: self.class(),
            file: self.file().to_owned(),
            line: self.line(),
            source_type: self.source_type().to_owned(),
        }
    }
}

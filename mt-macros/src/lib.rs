//! The `#[metamorphic]` attribute of mtcov. Use it through `mt_runtime`,
//! which re-exports it and provides everything the expansion refers to.
//!
//! `#[metamorphic] fn name(mg: &mut Mg, input: &T) { .. }` turns `name` into
//! a constant of type `mt_runtime::Mr<T>` and registers the MR, so that
//! `mt_runtime::check(&sources, &[name])` runs it and
//! `mt_runtime::registry()` lists it. Arguments:
//!
//! - `output = ".."`: the relation class (MRs with the same class relate
//!   outputs the same way; see the k-MR measure);
//! - `name = ".."`: the display name (default: the function name);
//! - `crate = path`: where `mt_runtime` is reachable, for crates that
//!   re-export it (default: `::mt_runtime`).
//!
//! This crate is a thin shim: `parse` reads the arguments, `validate`
//! checks the signature, `expand` writes the code.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;

mod categories;
mod expand;
mod parse;
mod type_string;
mod validate;

/// Marks a metamorphic relation: `fn name(mg: &mut Mg, input: &T)`.
///
/// See the `mt_runtime` documentation for how to write and run MRs.
#[proc_macro_attribute]
pub fn metamorphic(args: TokenStream, item: TokenStream) -> TokenStream {
    entry(args.into(), item.into()).into()
}

/// Declares the categories and choices of a source input type (and of its
/// SUT's output): see `mt_runtime::categories!`.
#[proc_macro]
pub fn categories(input: TokenStream) -> TokenStream {
    categories::entry(input.into()).into()
}

/// The attribute over `proc_macro2` tokens, testable outside the compiler.
///
/// Argument errors do not stop the expansion (the MR is generated with the
/// well-formed arguments); signature errors do, and then the item is
/// usually emitted unchanged next to the errors, so that its body is still
/// type-checked and editors keep working on it.
pub(crate) fn entry(args: TokenStream2, item: TokenStream2) -> TokenStream2 {
    let (args, arg_errors) = parse::parse_args(args);
    let (mut out, errors) = match validate::validate(item.clone()) {
        Ok(mr) => (expand::expand(&args, mr), arg_errors),
        Err(rejected) => {
            let errors = match arg_errors {
                Some(mut all) => {
                    all.combine(rejected.errors);
                    all
                }
                None => rejected.errors,
            };
            (
                if rejected.keep_item {
                    item
                } else {
                    TokenStream2::new()
                },
                Some(errors),
            )
        }
    };
    if let Some(errors) = errors {
        out.extend(errors.into_compile_error());
    }
    out
}

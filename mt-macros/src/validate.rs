//! The annotated item: is it a function with the MR signature
//! `fn name(mg: &mut Mg, input: &T)`?
//!
//! Every problem found is reported, each at its own tokens. The type of the
//! first parameter (`Mg`) and the traits of `T` are left to the compiler,
//! which reports them at the user's tokens too (see `expand`).

use crate::parse::Errors;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{FnArg, Item, ItemFn, Signature, Type, TypeReference};

/// A function that has the shape of an MR.
pub(crate) struct MrFn {
    pub(crate) item: ItemFn,
    /// `T` in `input: &T`: the type of the MR's source inputs.
    pub(crate) source_ty: Type,
}

/// The prefix of the names the expansion uses next to the MR's own.
pub(crate) const RESERVED: &str = "__mtcov";

const SHAPE: &str = "`fn name(mg: &mut Mg, input: &T)`";

/// Why the item is not an MR.
pub(crate) struct Rejected {
    pub(crate) errors: syn::Error,
    /// Whether to emit the item unchanged next to the errors, so that its
    /// body is still type-checked: not when the compiler would repeat an
    /// error already reported (an undeclared lifetime in the source type).
    pub(crate) keep_item: bool,
}

impl From<syn::Error> for Rejected {
    fn from(errors: syn::Error) -> Self {
        Rejected {
            errors,
            keep_item: true,
        }
    }
}

/// Checks that `item` is an MR function.
pub(crate) fn validate(item: TokenStream) -> Result<MrFn, Rejected> {
    let item: Item = syn::parse2(item)?;
    let item = match item {
        Item::Fn(f) => f,
        other => {
            let (what, tokens) = describe_item(&other);
            return Err(syn::Error::new_spanned(
                tokens,
                format!("#[metamorphic] applies to functions {SHAPE}, not to {what}"),
            )
            .into());
        }
    };
    let mut errors = Errors::default();
    if syn::ext::IdentExt::unraw(&item.sig.ident)
        .to_string()
        .to_ascii_lowercase()
        .starts_with(RESERVED)
    {
        errors.push(syn::Error::new_spanned(
            &item.sig.ident,
            format!("names starting with `{RESERVED}` are reserved for the code #[metamorphic] generates: rename this MR"),
        ));
    }
    qualifiers(&item.sig, &mut errors);
    let source_ty = parameters(&item.sig, &mut errors);
    let undeclared_lifetime =
        errors.0.is_some() && item.sig.generics.params.is_empty() && has_named_lifetime(&item.sig);
    // The return type (`()` or `Result<(), E: Debug>`) is left to the
    // compiler: the expansion passes the returned value to `MrReturn`,
    // spanned at the return type.
    match (errors.0, source_ty) {
        (None, Some(source_ty)) => Ok(MrFn { item, source_ty }),
        (Some(errors), _) => Err(Rejected {
            errors,
            keep_item: !undeclared_lifetime,
        }),
        (None, None) => {
            unreachable!("parameters() reports every case where it finds no source type")
        }
    }
}

/// `const`, `async`, `unsafe`, `extern`, generics, `where`, variadics.
fn qualifiers(sig: &Signature, errors: &mut Errors) {
    if let Some(t) = &sig.constness {
        errors.error(
            t.span,
            "an MR cannot be a `const fn`: it runs the SUT through `mg`, which is not const",
        );
    }
    if let Some(t) = &sig.asyncness {
        errors.error(
            t.span,
            "an MR cannot be `async`: `check` calls it synchronously; \
             drive async code to completion inside the MR (e.g. with your runtime's `block_on`)",
        );
    }
    if let Some(t) = &sig.unsafety {
        errors.error(
            t.span,
            "an MR cannot be an `unsafe fn`: `check` calls it as a safe function; \
             put `unsafe` blocks inside its body instead",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.push(syn::Error::new_spanned(
            abi,
            "an MR cannot have an ABI: `check` calls it from Rust; remove the `extern`",
        ));
    }
    if !sig.generics.params.is_empty() {
        errors.push(syn::Error::new_spanned(
            &sig.generics,
            "an MR cannot be generic: `check` runs an MR on source inputs of one concrete \
             type; write one MR per type (they may share a generic helper function)",
        ));
    }
    if let Some(w) = &sig.generics.where_clause {
        errors.push(syn::Error::new_spanned(
            w,
            "an MR cannot have a `where` clause: MRs are not generic; \
             write one MR per source input type",
        ));
    }
    if let Some(v) = &sig.variadic {
        errors.push(syn::Error::new_spanned(
            v,
            "an MR cannot be variadic: it takes exactly `(mg: &mut Mg, input: &T)`",
        ));
    }
}

/// Checks the two parameters; returns `T` from `input: &T` when it is usable.
fn parameters(sig: &Signature, errors: &mut Errors) -> Option<Type> {
    let mut typed = Vec::new();
    for arg in &sig.inputs {
        match arg {
            FnArg::Receiver(r) => errors.push(syn::Error::new_spanned(
                r,
                format!("an MR is a free function, not a method: remove `self` and write {SHAPE}"),
            )),
            FnArg::Typed(t) => typed.push(&*t.ty),
        }
    }
    if sig.inputs.len() != 2 {
        errors.error(
            sig.paren_token.span.join(),
            format!(
                "an MR takes exactly two parameters, the MG handle and a source input: \
                 {SHAPE}, where `T` is the type of its source inputs; found {}",
                sig.inputs.len()
            ),
        );
        return None;
    }
    let [mg, input] = typed[..] else {
        return None; // a receiver, reported above
    };
    if !matches!(
        mg,
        Type::Reference(TypeReference {
            mutability: Some(_),
            ..
        })
    ) {
        errors.push(syn::Error::new_spanned(
            mg,
            "the first parameter of an MR is the handle that runs the SUT: write `mg: &mut Mg`",
        ));
    }
    let Type::Reference(input) = input else {
        errors.push(syn::Error::new_spanned(
            input,
            "an MR takes its source input by shared reference: write `input: &T`",
        ));
        return None;
    };
    if let Some(m) = &input.mutability {
        errors.push(syn::Error::new_spanned(
            pair(&input.and_token, m),
            "an MR takes its source input by shared reference, `&T`: \
             an MR must not change the source input it is given",
        ));
    }
    if let Some(l) = &input.lifetime
        && sig.generics.params.is_empty()
    {
        errors.push(syn::Error::new_spanned(
                l,
                "remove this lifetime: an MR must accept its source input borrowed for any lifetime, `&T`",
            ));
    }
    source_type(&input.elem, errors)
}

/// `T` must be sized and `'static` (the runtime keys MRs by `TypeId`); the
/// compiler checks `T: Debug`.
fn source_type(ty: &Type, errors: &mut Errors) -> Option<Type> {
    let unsized_hint = match ty {
        Type::Slice(_) => Some("use `Vec<..>` (or an array `[T; N]`)"),
        Type::TraitObject(_) => Some("use a sized type, e.g. `Box<dyn ..>`"),
        Type::Path(p) if p.qself.is_none() && p.path.is_ident("str") => Some("use `String`"),
        _ => None,
    };
    if let Some(hint) = unsized_hint {
        errors.push(syn::Error::new_spanned(
            ty,
            format!(
                "the source input type of an MR must be sized, since `check` takes the source \
                 inputs as a slice `&[T]`: {hint}"
            ),
        ));
        return None;
    }
    if let Type::ImplTrait(_) = ty {
        errors.push(syn::Error::new_spanned(
            ty,
            "an MR cannot be generic, and `impl Trait` in a parameter is a generic type: \
             name the concrete source input type",
        ));
        return None;
    }
    let mut ok = true;
    for lifetime in lifetimes(ty.to_token_stream()) {
        ok = false;
        errors.error(
            lifetime,
            "the source input type of an MR must be `'static` (MRs are registered by `TypeId`): \
             use an owned type, e.g. `String` instead of `&'a str` or `Cow<'a, str>` (elided lifetimes mean `'static` here)",
        );
    }
    ok.then(|| ty.clone())
}

fn has_named_lifetime(sig: &Signature) -> bool {
    sig.inputs
        .iter()
        .any(|arg| !lifetimes(arg.to_token_stream()).is_empty())
}

/// The spans of the named lifetimes in `tokens` other than `'static`
/// (`'_`, like an elided lifetime, becomes `'static`: see `expand`).
fn lifetimes(tokens: TokenStream) -> Vec<Span> {
    let mut found = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(tt) = tokens.next() {
        match tt {
            TokenTree::Group(g) => found.extend(lifetimes(g.stream())),
            TokenTree::Punct(p) if p.as_char() == '\'' => {
                if let Some(TokenTree::Ident(name)) = tokens.peek()
                    && name != "static"
                    && name != "_"
                {
                    found.push(p.span().join(name.span()).unwrap_or_else(|| name.span()));
                }
            }
            _ => {}
        }
    }
    found
}

fn pair(a: &impl ToTokens, b: &impl ToTokens) -> TokenStream {
    let mut tokens = a.to_token_stream();
    b.to_tokens(&mut tokens);
    tokens
}

/// What the item is ("a struct") and the tokens to point at: its keyword
/// and name rather than the whole item.
fn describe_item(item: &Item) -> (&'static str, TokenStream) {
    match item {
        Item::Struct(i) => ("a struct", pair(&i.struct_token, &i.ident)),
        Item::Enum(i) => ("an enum", pair(&i.enum_token, &i.ident)),
        Item::Union(i) => ("a union", pair(&i.union_token, &i.ident)),
        Item::Const(i) => ("a constant", pair(&i.const_token, &i.ident)),
        Item::Static(i) => ("a static", pair(&i.static_token, &i.ident)),
        Item::Mod(i) => ("a module", pair(&i.mod_token, &i.ident)),
        Item::Trait(i) => ("a trait", pair(&i.trait_token, &i.ident)),
        Item::Type(i) => ("a type alias", pair(&i.type_token, &i.ident)),
        Item::Impl(i) => ("an impl block", i.impl_token.to_token_stream()),
        Item::Use(i) => ("a `use` declaration", i.use_token.to_token_stream()),
        Item::ExternCrate(i) => ("an `extern crate`", pair(&i.extern_token, &i.crate_token)),
        Item::ForeignMod(i) => ("an `extern` block", i.abi.to_token_stream()),
        Item::Macro(i) => ("a macro invocation", i.mac.path.to_token_stream()),
        other => ("this item", other.to_token_stream()),
    }
}

#[cfg(test)]
mod tests {
    use super::validate;
    use proc_macro2::TokenStream;
    use quote::{ToTokens, quote};

    fn source_type(item: TokenStream) -> String {
        match validate(item) {
            Ok(mr) => mr.source_ty.to_token_stream().to_string(),
            Err(e) => panic!(
                "rejected: {:?}",
                e.errors
                    .into_iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
            ),
        }
    }

    fn errors(item: TokenStream) -> Vec<String> {
        match validate(item) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.errors.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn accepts_patterns_unit_return_and_static_borrows() {
        assert_eq!(
            source_type(quote!(
                fn f(mg: &mut Mg, (a, b): &(u8, u8)) {}
            )),
            "(u8 , u8)"
        );
        assert_eq!(
            source_type(quote!(
                fn f(_: &mut Mg, _: &Angle) -> () {}
            )),
            "Angle"
        );
        assert_eq!(
            source_type(quote!(
                fn f(mg: &mut Mg, s: &&str) {}
            )),
            "& str"
        );
        assert_eq!(
            source_type(quote!(
                fn f(mg: &mut Mg, s: &Option<&'static str>) {}
            )),
            "Option < & 'static str >"
        );
        assert_eq!(
            source_type(quote!(
                fn f(mg: &mut Mg, s: &Cow<'_, str>) {}
            )),
            "Cow < '_ , str >"
        );
        assert_eq!(
            source_type(quote!(
                pub(crate) fn f(mg: &mut mt_runtime::Mg, v: &[u8; 4]) {}
            )),
            "[u8 ; 4]"
        );
    }

    #[test]
    fn rejects_variadics() {
        let e = errors(quote!(
            unsafe extern "C" fn f(mg: &mut Mg, x: &u8, ...) {}
        ));
        assert!(
            e.iter().any(|m| m.starts_with("an MR cannot be variadic")),
            "{e:?}"
        );
    }

    #[test]
    fn reports_every_problem_of_one_signature() {
        let e = errors(quote!(
            async unsafe fn f<T>(mg: Mg, x: T) -> bool
            where
                T: Copy,
            {
                true
            }
        ));
        // The return type is left to the compiler (`MrReturn`).
        assert_eq!(e.len(), 6, "{e:?}");
    }

    #[test]
    fn names_the_kind_of_a_non_function_item() {
        assert!(
            errors(quote!(
                const X: u8 = 1;
            ))[0]
                .ends_with("not to a constant")
        );
        assert!(
            errors(quote!(
                mod m {}
            ))[0]
                .ends_with("not to a module")
        );
        assert!(errors(quote!(impl S {}))[0].ends_with("not to an impl block"));
    }

    #[test]
    fn reserved_names_are_rejected_even_raw() {
        let e = errors(quote!(
            fn r#__MTCOV_x(mg: &mut Mg, x: &u8) {}
        ));
        assert!(
            e[0].starts_with("names starting with `__mtcov` are reserved"),
            "{e:?}"
        );
    }
}

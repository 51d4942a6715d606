//! The expansion of a valid MR.
//!
//! `#[metamorphic] fn periodicity(mg: &mut Mg, t: &Angle) { .. }` becomes a
//! constant `periodicity: Mr<Angle>` whose initializer block holds
//! everything else: the user's function (signature and body untouched, so
//! errors in it point at the user's code), the `MrMeta` static, and its
//! `inventory` registration. Nothing but the constant is visible from the
//! module, so no generated name can clash with the user's items or with
//! another MR's.

use crate::parse::Args;
use crate::type_string::type_string;
use crate::validate::MrFn;
use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Attribute, GenericArgument, Lifetime, PathArguments, ReturnType, Type, Visibility};

pub(crate) fn expand(args: &Args, mr: MrFn) -> TokenStream {
    let MrFn {
        mut item,
        source_ty: written_ty,
    } = mr;
    let source_ty = with_static_lifetimes(&written_ty);
    let mg_ty = match item.sig.inputs.first() {
        Some(syn::FnArg::Typed(arg)) => arg.ty.to_token_stream(),
        _ => quote!(),
    };
    let (outer_private, private, extern_crate) = runtime_paths(args);
    let ident = item.sig.ident.clone();
    let vis = std::mem::replace(&mut item.vis, Visibility::Inherited);
    let (const_attrs, fn_attrs): (Vec<Attribute>, Vec<Attribute>) = std::mem::take(&mut item.attrs)
        .into_iter()
        .partition(belongs_to_const);
    item.attrs = fn_attrs;

    let fn_name = ident.unraw_string();
    let name = match &args.name {
        Some(lit) => lit.to_token_stream(),
        None => fn_name.to_token_stream(),
    };
    let class = match &args.output {
        Some(lit) => quote!(#private::core::option::Option::Some(#lit)),
        None => quote!(#private::core::option::Option::None),
    };
    let function = match &args.function {
        Some(path) => {
            let text = crate::categories::path_text(path);
            quote!(#private::core::option::Option::Some(#text))
        }
        None => quote!(#private::core::option::Option::None),
    };
    let type_name = type_string(written_ty.to_token_stream());
    // Spanned at the type so that a missing `Debug` is reported there, at
    // the definition, rather than at a later `check` call (the trait path
    // too: a bound spanning two places is reported at the attribute).
    let private_at_ty = respan(private.clone(), written_ty.span());
    let debug_bound = quote_spanned! {written_ty.span()=>
        #[allow(dead_code)]
        fn __mtcov_source_input_type_must_implement_debug() where #source_ty: #private_at_ty::core::fmt::Debug {}
    };

    let run = run_fn(&item.sig, mg_ty, &source_ty, &private);
    let run_any = quote! {
        |mg, input| __mtcov_run(mg, #private::downcast::<#source_ty>(input))
    };

    // The user's function is the only item at the top of the block; the
    // generated ones sit in an inner block, where they can shadow nothing
    // the user's body refers to.
    quote! {
        #(#const_attrs)*
        #[allow(non_upper_case_globals, dead_code)]
        #vis const #ident: #outer_private::Mr<#source_ty> = {
            #item

            {
                #extern_crate

                #debug_bound

                #run

                static __MTCOV_META: #private::MrMeta = #private::MrMeta {
                    package: #private::core::option_env!("CARGO_PKG_NAME"),
                    module_path: #private::core::module_path!(),
                    fn_name: #fn_name,
                    name: #name,
                    class: #class,
                    file: #private::core::file!(),
                    line: #private::core::line!(),
                    source_type: #type_name,
                    function: #function,
                    run_any: #run_any,
                    type_id: #private::type_id_of::<#source_ty>,
                };

                #private::inventory::submit! {
                    #private::Registered(&__MTCOV_META)
                }

                #private::Mr::new(&__MTCOV_META, __mtcov_run)
            }
        };
    }
}

/// How generated code reaches the runtime: the path for the constant's
/// type, the path inside the block, and the block's `extern crate`.
fn runtime_paths(args: &Args) -> (TokenStream, TokenStream, TokenStream) {
    // Generated code reaches the runtime only through `__private`, which
    // re-exports `core` too: a path starting with `::` means the crate
    // root in an edition-2015 crate, so `::core::..` and `::mt_runtime::..`
    // written at the user's tokens would not resolve there. By default the
    // generated block declares its own `extern crate` (which works in every
    // edition, as serde_derive does); `crate = path` is used as given.
    match &args.krate {
        Some(path) => {
            let private = quote!(#path::__private);
            (private.clone(), private, quote!())
        }
        None => (
            // The constant's type is outside the block, so it cannot use
            // the block's `extern crate`. These tokens carry the call-site
            // span of the expansion, which resolves `::` paths by the rules
            // of this macro crate's edition: an external crate, in every
            // edition of the calling crate (tests/tests/edition2015.rs).
            quote!(::mt_runtime::__private),
            quote!(__mtcov_runtime::__private),
            quote! {
                #[allow(unused_extern_crates, clippy::useless_attribute)]
                extern crate mt_runtime as __mtcov_runtime;
            },
        ),
    }
}

/// `__mtcov_run`: calls the user's function on the MG and the input and
/// finishes with what it returns.
fn run_fn(
    sig: &syn::Signature,
    mg_ty: TokenStream,
    source_ty: &Type,
    private: &TokenStream,
) -> TokenStream {
    // A wrong handle type (`mg: &mut String`) is reported at the user's type.
    let mg_arg = quote_spanned!(mg_ty.span()=> __mtcov_mg);
    // What the MR returns goes through `MrReturn` (`()` or `Result<(), E>`):
    // another type is reported once, at the return type.
    let ident = &sig.ident;
    let call = quote!(#ident(#mg_arg, __mtcov_input));
    let finish = match &sig.output {
        ReturnType::Default => quote!(#private::MrReturn::finish(#call, __mtcov_mg)),
        ReturnType::Type(_, ty) => {
            // The local is located at the return type but resolved at the
            // call site: the type may come from a `macro_rules!` expansion
            // (`instantiate!`), whose hygiene would hide the local from it.
            let private_at_ret = respan(private.clone(), ty.span());
            let returned =
                quote_spanned!(Span::call_site().located_at(ty.span())=> __mtcov_returned);
            quote! {
                let __mtcov_returned = #call;
                #private_at_ret::MrReturn::finish(#returned, __mtcov_mg)
            }
        }
    };
    quote! {
        fn __mtcov_run(__mtcov_mg: &mut #private::Mg, __mtcov_input: &#source_ty) {
            #finish
        }
    }
}

/// `tokens` with every span set to `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut inner = Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                token = TokenTree::Group(inner);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// `T` with every elided (`&u8`) or anonymous (`Cow<'_, str>`) lifetime made
/// `'static`, as it has to be for the registry; the user's function keeps
/// the type as written and coerces to this one. Lifetimes in fn pointer and
/// `Fn(..)` types are higher-ranked and left alone.
fn with_static_lifetimes(ty: &Type) -> Type {
    let mut ty = ty.clone();
    fill(&mut ty);
    ty
}

fn fill(ty: &mut Type) {
    let is_anonymous = |l: &Lifetime| l.ident == "_";
    match ty {
        Type::Reference(r) => {
            if r.lifetime.as_ref().is_none_or(is_anonymous) {
                r.lifetime = Some(Lifetime::new("'static", r.and_token.span));
            }
            fill(&mut r.elem);
        }
        Type::Path(p) => {
            if let Some(q) = &mut p.qself {
                fill(&mut q.ty);
            }
            for segment in &mut p.path.segments {
                if let PathArguments::AngleBracketed(args) = &mut segment.arguments {
                    for arg in &mut args.args {
                        match arg {
                            GenericArgument::Type(t) => fill(t),
                            GenericArgument::AssocType(a) => fill(&mut a.ty),
                            GenericArgument::Lifetime(l) if is_anonymous(l) => {
                                *l = Lifetime::new("'static", l.span());
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        Type::Tuple(t) => t.elems.iter_mut().for_each(fill),
        Type::Array(a) => fill(&mut a.elem),
        Type::Slice(s) => fill(&mut s.elem),
        Type::Paren(p) => fill(&mut p.elem),
        Type::Group(g) => fill(&mut g.elem),
        Type::Ptr(p) => fill(&mut p.elem),
        _ => {}
    }
}

/// Attributes that describe the MR as an item (docs, `cfg`, lint levels,
/// deprecation) go on the constant; the rest (`inline`, other attribute
/// macros, ..) stay on the function. Lint levels reach the function too,
/// since it is nested in the constant.
fn belongs_to_const(attr: &Attribute) -> bool {
    const ON_CONST: &[&str] = &[
        "doc",
        "cfg",
        "cfg_attr",
        "allow",
        "warn",
        "deny",
        "forbid",
        "expect",
        "deprecated",
    ];
    ON_CONST.iter().any(|name| attr.path().is_ident(name))
}

trait UnrawString {
    fn unraw_string(&self) -> String;
}

impl UnrawString for syn::Ident {
    fn unraw_string(&self) -> String {
        use syn::ext::IdentExt;
        self.unraw().to_string()
    }
}

#[cfg(test)]
mod tests {
    use crate::entry;
    use proc_macro2::TokenStream;
    use quote::quote;

    fn pretty(args: TokenStream, item: TokenStream) -> String {
        let tokens = entry(args, item);
        let file: syn::File =
            syn::parse2(tokens.clone()).unwrap_or_else(|e| panic!("{e}: {tokens}"));
        prettyplease::unparse(&file)
    }

    #[test]
    fn minimal() {
        insta::assert_snapshot!(pretty(
            quote!(),
            quote! {
                fn periodicity(mg: &mut Mg, t: &Angle) {
                    mg.check(true, || String::new());
                }
            }
        ));
    }

    #[test]
    fn all_arguments_docs_and_visibility() {
        insta::assert_snapshot!(pretty(
            quote!(
                output = "equal",
                name = "periodicity of sin",
                crate = my_crate::mt
            ),
            quote! {
                /// sin is periodic.
                #[cfg(test)]
                #[allow(clippy::float_cmp)]
                #[inline]
                pub(crate) fn periodicity(mg: &mut Mg, (x, y): &(f64, Vec<u8>)) {}
            }
        ));
    }

    #[test]
    fn raw_identifier_and_explicit_unit_return() {
        insta::assert_snapshot!(pretty(
            quote!(output = "equal"),
            quote! { fn r#match(mg: &mut Mg, s: &&'static str) -> () {} }
        ));
    }

    #[test]
    fn result_return_goes_through_mr_return_at_the_return_type() {
        insta::assert_snapshot!(pretty(
            quote!(),
            quote! { fn f(mg: &mut Mg, x: &u8) -> Result<(), Box<dyn Error>> { Ok(()) } }
        ));
    }

    #[test]
    fn elided_and_anonymous_lifetimes_become_static_outside_the_function() {
        insta::assert_snapshot!(pretty(
            quote!(),
            quote! { fn f(mg: &mut Mg, x: &(&str, Cow<'_, [&u8]>, fn(&u8) -> &u8)) {} }
        ));
    }

    #[test]
    fn argument_errors_keep_the_expansion() {
        insta::assert_snapshot!(pretty(
            quote!(output = 3, nme = "x"),
            quote! { fn periodicity(mg: &mut Mg, t: &Angle) {} }
        ));
    }

    #[test]
    fn signature_errors_keep_the_function() {
        insta::assert_snapshot!(pretty(
            quote!(output = ""),
            quote! { async fn periodicity<T>(mg: Mg, t: &mut T) -> bool { true } }
        ));
    }
}

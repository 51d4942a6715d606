//! The expansion of a valid `categories!` declaration: its classifier and
//! its registered metadata.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use super::{Cat, Decl, path_text};

pub(super) fn expand(decl: &Decl) -> TokenStream {
    let private = quote!(__mtcov_runtime::__private);
    let input_ty = &decl.input;
    let output_ty = decl.output.clone().unwrap_or_else(|| syn::parse_quote!(()));
    let has_output = decl.output.is_some() && decl.categories.iter().any(|c| c.output_kw.is_some());
    let written = quote!(#input_ty).to_string();
    let function = match &decl.function {
        Some(path) => {
            let text = path_text(path);
            quote!(#private::core::option::Option::Some(#text))
        }
        None => quote!(#private::core::option::Option::None),
    };

    let mut input_calls = Vec::new();
    let mut output_calls = Vec::new();
    let mut metas = Vec::new();
    for (index, cat) in decl.categories.iter().enumerate() {
        metas.push(category_meta(cat, &private));
        let call = classifier_call(index, cat, input_ty, &output_ty, &private);
        if cat.output_kw.is_some() {
            output_calls.push(call);
        } else {
            input_calls.push(call);
        }
    }

    quote! {
        const _: () = {
            #[allow(unused_extern_crates, clippy::useless_attribute)]
            extern crate mt_runtime as __mtcov_runtime;

            #[allow(non_camel_case_types)]
            struct __MtcovCategories;

            impl #private::Categories for __MtcovCategories {
                type Input = #input_ty;
                type Output = #output_ty;
                const HAS_OUTPUT: bool = #has_output;

                #[allow(unused_variables, clippy::needless_return)]
                fn classify_input(__input: &Self::Input, __choices: &mut #private::Classifier) {
                    #(#input_calls)*
                }

                #[allow(unused_variables, clippy::needless_return)]
                fn classify_output(
                    __input: &Self::Input,
                    __output: &Self::Output,
                    __choices: &mut #private::Classifier,
                ) {
                    #(#output_calls)*
                }
            }

            static __MTCOV_DECLARATION: #private::DeclarationMeta = #private::DeclarationMeta {
                written_type: #written,
                function: #function,
                file: #private::core::file!(),
                line: #private::core::line!(),
                categories: &[#(#metas),*],
            };

            static __MTCOV_CATEGORIES: #private::CategoriesMeta =
                #private::CategoriesMeta::new::<__MtcovCategories>(&__MTCOV_DECLARATION);

            #private::inventory::submit! {
                #private::RegisteredCategories(&__MTCOV_CATEGORIES)
            }
        };
    }
}

/// A category's metadata: its name, kind and choices.
fn category_meta(cat: &Cat, private: &TokenStream) -> TokenStream {
    let name = cat.name.to_string();
    let output = cat.output_kw.is_some();
    let choices_meta = cat.choices.iter().map(|ch| {
        let choice_name = &ch.name;
        let kind = if ch.error.is_some() {
            quote!(Error)
        } else if ch.single.is_some() {
            quote!(Single)
        } else {
            quote!(Normal)
        };
        let properties = ch.properties.iter().map(Ident::to_string);
        let condition = match &ch.condition {
            Some((cond, _)) => {
                let text = cond.to_string();
                quote!(#private::core::option::Option::Some(#text))
            }
            None => quote!(#private::core::option::Option::None),
        };
        quote! {
            #private::ChoiceMeta {
                name: #choice_name,
                kind: #private::ChoiceKind::#kind,
                properties: &[#(#properties),*],
                condition: #condition,
            }
        }
    });
    quote! {
        #private::CategoryMeta { name: #name, output: #output, choices: &[#(#choices_meta),*] }
    }
}

/// The classifier's call of category `index`: its predicates in order,
/// over the input (and the output, for an output category), each span
/// the user's predicate.
fn classifier_call(
    index: usize,
    cat: &Cat,
    input_ty: &Type,
    output_ty: &Type,
    private: &TokenStream,
) -> TokenStream {
    let arms = cat.choices.iter().enumerate().map(|(x, ch)| {
        let x = x as u16;
        match &ch.predicate {
            Some(predicate) => quote_spanned! {predicate.span()=>
                {
                    let __holds: bool = #predicate;
                    if __holds { return #private::core::option::Option::Some(#x); }
                }
            },
            None => quote!(return #private::core::option::Option::Some(#x);),
        }
    });
    let body = quote! {
        #(#arms)*
        #[allow(unreachable_code)]
        #private::core::option::Option::None
    };
    if cat.output_kw.is_some() {
        let (i, o) = match cat.params.as_slice() {
            [i, o] => (i.clone(), o.clone()),
            _ => (format_ident!("_input"), format_ident!("_output")),
        };
        quote! {
            __choices.category(#index, || {
                let #i: &#input_ty = __input;
                let #o: &#output_ty = __output;
                #body
            });
        }
    } else {
        let i = cat
            .params
            .first()
            .cloned()
            .unwrap_or_else(|| format_ident!("_input"));
        quote! {
            __choices.category(#index, || {
                let #i: &#input_ty = __input;
                #body
            });
        }
    }
}

//! `categories!`: the input categories (and output categories) of one
//! source input type, with their choices, classifiers and TSL constraints.
//!
//! ```text
//! categories! {
//!     Angle -> f64 {
//!         quadrant(a) {
//!             first [property Q1] => a.0 < 90.0,
//!             rest,
//!         }
//!         magnitude(a) {
//!             zero [single] => a.0 == 0.0,
//!             small [if Q1] => a.0 < 1.0,
//!             large,
//!         }
//!         output sign(a, out) {
//!             positive => *out > 0.0,
//!             other,
//!         }
//!     }
//! }
//! ```
//!
//! Parsing, checking and expanding live here, one function each; every
//! error points at the offending tokens.

use std::collections::HashSet;

use mtcov_protocol::condition::{self, Token};
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, Ident, LitStr, Token, Type, braced, parenthesized};

pub(crate) fn entry(input: TokenStream) -> TokenStream {
    let decl = match syn::parse2::<Decl>(input) {
        Ok(decl) => decl,
        Err(e) => return e.into_compile_error(),
    };
    match check(&decl) {
        Ok(()) => expand(&decl),
        Err(e) => e.into_compile_error(),
    }
}

struct Decl {
    input: Type,
    /// The function under test (`Type => function`), as written.
    function: Option<syn::Path>,
    output: Option<Type>,
    categories: Vec<Cat>,
}

struct Cat {
    output_kw: Option<Ident>,
    name: Ident,
    params: Vec<Ident>,
    params_span: Span,
    choices: Vec<ChoiceDecl>,
}

struct ChoiceDecl {
    name: String,
    name_span: Span,
    properties: Vec<Ident>,
    condition: Option<(Cond, Span)>,
    error: Option<Span>,
    single: Option<Span>,
    predicate: Option<Expr>,
}

/// A condition: the grammar is mtcov-protocol's, the one cargo-mtcov
/// reads the records with; its properties are the identifiers written.
type Cond = condition::Cond<Ident>;

impl Parse for Decl {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let ty: Type = input.parse()?;
        let function = if input.peek(Token![=>]) {
            input.parse::<Token![=>]>()?;
            Some(input.parse::<syn::Path>()?)
        } else {
            None
        };
        let output = if input.peek(Token![->]) {
            input.parse::<Token![->]>()?;
            Some(input.parse::<Type>()?)
        } else {
            None
        };
        let body;
        braced!(body in input);
        let mut categories = Vec::new();
        while !body.is_empty() {
            categories.push(body.parse::<Cat>()?);
        }
        if !input.is_empty() {
            return Err(input.error(
                "one declaration per `categories!`: `Type [=> function] [-> Output] { .. }`",
            ));
        }
        Ok(Decl {
            input: ty,
            function,
            output,
            categories,
        })
    }
}

impl Parse for Cat {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let first: Ident = input.parse()?;
        let (output_kw, name) = if first == "output" && input.peek(Ident) {
            (Some(first), input.parse::<Ident>()?)
        } else {
            (None, first)
        };
        let params_content;
        let paren = parenthesized!(params_content in input);
        let params = params_content
            .parse_terminated(Ident::parse, Token![,])?
            .into_iter()
            .collect();
        let body;
        braced!(body in input);
        let mut choices = Vec::new();
        while !body.is_empty() {
            choices.push(body.parse::<ChoiceDecl>()?);
            if body.is_empty() {
                break;
            }
            body.parse::<Token![,]>()?;
        }
        Ok(Cat {
            output_kw,
            name,
            params,
            params_span: paren.span.join(),
            choices,
        })
    }
}

impl Parse for ChoiceDecl {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let (name, name_span) = if input.peek(LitStr) {
            let lit: LitStr = input.parse()?;
            if lit.value().trim().is_empty() {
                return Err(syn::Error::new(lit.span(), "a choice needs a name"));
            }
            (lit.value(), lit.span())
        } else {
            let ident: Ident = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected a choice: `name [brackets] => predicate`",
                )
            })?;
            (ident.to_string(), ident.span())
        };
        let mut choice = ChoiceDecl {
            name,
            name_span,
            properties: Vec::new(),
            condition: None,
            error: None,
            single: None,
            predicate: None,
        };
        while input.peek(syn::token::Bracket) {
            let content;
            syn::bracketed!(content in input);
            let word: Ident = content.call(Ident::parse_any)?;
            match word.to_string().as_str() {
                "property" => {
                    let p: Ident = content.parse()?;
                    if choice.properties.contains(&p) {
                        return Err(syn::Error::new(p.span(), "property given twice"));
                    }
                    choice.properties.push(p);
                }
                "if" => {
                    if choice.condition.is_some() {
                        return Err(syn::Error::new(
                            word.span(),
                            "a choice has at most one [if]",
                        ));
                    }
                    let tokens: TokenStream = content.parse()?;
                    let span = tokens.span();
                    let cond = parse_condition(tokens, word.span())?;
                    choice.condition = Some((cond, span));
                }
                "error" => choice.error = Some(word.span()),
                "single" => choice.single = Some(word.span()),
                other => {
                    return Err(syn::Error::new(
                        word.span(),
                        format!(
                            "unknown bracket `{other}`; expected [property NAME], [if CONDITION], [error] or [single]"
                        ),
                    ));
                }
            }
            if !content.is_empty() {
                return Err(content.error("unexpected tokens in this bracket"));
            }
        }
        if input.peek(Token![=>]) {
            input.parse::<Token![=>]>()?;
            choice.predicate = Some(input.parse()?);
        }
        Ok(choice)
    }
}

/// `!A && (B || C)` (mtcov-protocol's grammar: `||` binds loosest, `!`
/// tightest), every error at the token at fault.
fn parse_condition(tokens: TokenStream, at: Span) -> syn::Result<Cond> {
    let mut flat = Vec::new();
    flatten(tokens, &mut flat)?;
    if flat.is_empty() {
        return Err(syn::Error::new(
            at,
            "[if] needs a condition over properties, e.g. [if !EMPTY && (A || B)]",
        ));
    }
    let ident = |name: &str, span| match name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, span),
        None => Ident::new(name, span),
    };
    condition::parse(&flat, &mut |name, span| Ok(ident(name, span))).map_err(|e| {
        let span =
            e.at.unwrap_or_else(|| flat.last().map_or(at, |(_, span)| *span));
        syn::Error::new(span, format!("{} in [if]", e.message))
    })
}

/// The tokens of a condition, each with its span; a parenthesised group
/// becomes `(`, its tokens, `)`.
fn flatten(tokens: TokenStream, out: &mut Vec<(Token, Span)>) -> syn::Result<()> {
    let mut trees = tokens.into_iter().peekable();
    while let Some(tree) = trees.next() {
        match tree {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {
                out.push((Token::Open, g.span_open()));
                flatten(g.stream(), out)?;
                out.push((Token::Close, g.span_close()));
            }
            TokenTree::Punct(p) if p.as_char() == '!' => out.push((Token::Not, p.span())),
            TokenTree::Punct(p) if matches!(p.as_char(), '&' | '|') => {
                let c = p.as_char();
                let doubled = matches!(trees.peek(), Some(TokenTree::Punct(q)) if q.as_char() == c);
                if !doubled {
                    return Err(syn::Error::new(
                        p.span(),
                        format!("`{c}` must be doubled in [if]: `{c}{c}`"),
                    ));
                }
                trees.next();
                out.push((if c == '&' { Token::And } else { Token::Or }, p.span()));
            }
            TokenTree::Ident(ident) => out.push((Token::Name(ident.to_string()), ident.span())),
            other => {
                return Err(syn::Error::new(
                    other.span(),
                    "expected a property name, `!`, `&&`, `||` or parentheses in [if]",
                ));
            }
        }
    }
    Ok(())
}

fn check(decl: &Decl) -> syn::Result<()> {
    let mut errors = Errors::default();
    for ty in std::iter::once(&decl.input).chain(&decl.output) {
        if let Some(lifetime) = first_lifetime(ty) {
            errors.push(
                lifetime,
                "a declared type cannot have lifetimes: declare categories for an owned type",
            );
        }
    }
    if decl.categories.iter().all(|c| c.output_kw.is_some()) {
        errors.push(
            decl.input.span(),
            "declare at least one input category: `name(input) { choice => predicate, .. }`",
        );
    }
    // Properties: which defines what, I or O.
    let mut props = Props::default();
    for cat in &decl.categories {
        for ch in &cat.choices {
            for p in &ch.properties {
                if cat.output_kw.is_some() {
                    props.output.insert(p.to_string());
                } else {
                    props.input.insert(p.to_string());
                }
            }
        }
    }
    let mut names: HashSet<String> = HashSet::new();
    for cat in &decl.categories {
        if !names.insert(cat.name.to_string()) {
            errors.push(
                cat.name.span(),
                format!("category `{}` is declared twice", cat.name),
            );
        }
        check_category(&mut errors, decl, cat, &props);
    }
    errors.finish()
}

/// Errors gathered to be reported together, in order.
#[derive(Default)]
struct Errors(Vec<syn::Error>);

impl Errors {
    fn push(&mut self, span: Span, message: impl Into<String>) {
        self.0.push(syn::Error::new(span, message.into()));
    }

    fn finish(self) -> syn::Result<()> {
        let mut errors = self.0.into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                for e in errors {
                    first.combine(e);
                }
                Err(first)
            }
        }
    }
}

/// The properties input and output choices define.
#[derive(Default)]
struct Props {
    input: HashSet<String>,
    output: HashSet<String>,
}

/// One category: its parameters for its kind, and its choices.
fn check_category(errors: &mut Errors, decl: &Decl, cat: &Cat, props: &Props) {
    let output = cat.output_kw.is_some();
    if let Some(kw) = &cat.output_kw
        && decl.output.is_none()
    {
        errors.push(
            kw.span(),
            "an output category needs the SUT's output type: write `Type -> Output { .. }`",
        );
    }
    let wanted = if output { 2 } else { 1 };
    if cat.params.len() != wanted {
        errors.push(
            cat.params_span,
            if output {
                format!(
                    "an output category takes the input and the output: `{}(input, output)`",
                    cat.name
                )
            } else {
                format!("an input category takes the input: `{}(input)`", cat.name)
            },
        );
    }
    if cat.choices.is_empty() {
        errors.push(
            cat.name.span(),
            format!("category `{}` has no choice", cat.name),
        );
    }
    let mut choice_names: HashSet<&str> = HashSet::new();
    for (i, ch) in cat.choices.iter().enumerate() {
        if !choice_names.insert(&ch.name) {
            errors.push(
                ch.name_span,
                format!("choice `{}` is declared twice in `{}`", ch.name, cat.name),
            );
        }
        if ch.predicate.is_none() && i + 1 != cat.choices.len() {
            errors.push(
                ch.name_span,
                "only the last choice may leave out its predicate (it takes every input the others do not): add `=> predicate`",
            );
        }
        check_choice(errors, ch, output, props);
    }
    if !cat.choices.is_empty()
        && cat
            .choices
            .iter()
            .all(|c| c.error.is_some() || c.single.is_some())
    {
        errors.push(
            cat.name.span(),
            format!(
                "category `{}` needs a choice that is neither [error] nor [single]",
                cat.name
            ),
        );
    }
}

/// One choice's markers and condition (of an output category when
/// `output`).
fn check_choice(errors: &mut Errors, ch: &ChoiceDecl, output: bool, props: &Props) {
    if let (Some(e), Some(_)) = (ch.error, ch.single) {
        errors.push(e, "a choice is [error] or [single], not both");
    }
    if let Some(alone) = ch.error.or(ch.single) {
        if output {
            errors.push(alone, "only input choices can be [error] or [single]");
        }
        if let Some((_, span)) = &ch.condition {
            errors.push(
                *span,
                "an [error] or [single] choice is never combined with others, so [if] has no meaning on it",
            );
        }
    }
    let Some((cond, _)) = &ch.condition else {
        return;
    };
    for p in cond.properties() {
        let name = p.to_string();
        if props.input.contains(&name) || (output && props.output.contains(&name)) {
            continue;
        }
        if props.output.contains(&name) {
            errors.push(
                p.span(),
                format!("input choices cannot depend on `{name}`, a property of output choices"),
            );
        } else {
            errors.push(
                p.span(),
                format!("no choice defines property `{name}`: add [property {name}] to one"),
            );
        }
    }
}

fn first_lifetime(ty: &Type) -> Option<Span> {
    let mut found = None;
    fn walk(tokens: TokenStream, found: &mut Option<Span>) {
        for t in tokens {
            match t {
                TokenTree::Punct(p) if p.as_char() == '\'' => {
                    found.get_or_insert(p.span());
                }
                TokenTree::Group(g) => walk(g.stream(), found),
                _ => {}
            }
        }
    }
    walk(quote!(#ty), &mut found);
    found
}

/// A path as written, without spaces: `fill`, `text::fill`.
pub(crate) fn path_text(path: &syn::Path) -> String {
    quote!(#path).to_string().replace(' ', "")
}

fn expand(decl: &Decl) -> TokenStream {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(input: TokenStream) -> String {
        entry(input).to_string()
    }

    #[test]
    fn expansion() {
        let out = entry(quote! {
            Item -> i32 {
                size(i) {
                    none [property NONE] [property A] => i.qty == 0,
                    invalid [error] [property B] => i.qty < 0,
                    "a few" [if !NONE && (A || B)] => i.qty <= 5,
                    many,
                }
                output total(i, out) {
                    free [if NONE] => *out == 0,
                    paid,
                }
            }
        });
        let file = syn::parse2::<syn::File>(out).expect("the expansion parses");
        insta::assert_snapshot!(prettyplease::unparse(&file));
    }

    #[test]
    fn a_declaration_per_function_names_it() {
        let out = entry(quote! {
            Para => text::fill -> String {
                width(p) { narrow => p.width < 5, wide }
            }
        })
        .to_string()
        .replace(' ', "");
        assert!(
            out.contains(
                "function:__mtcov_runtime::__private::core::option::Option::Some(\"text::fill\")"
            ),
            "{out}"
        );
        let out = errors(quote!(Para => fill -> String { width(p) { a } } extra));
        assert!(
            out.contains("`Type [=> function] [-> Output] { .. }`"),
            "{out}"
        );
    }

    #[test]
    fn conditions_print_back_with_the_parentheses_they_need() {
        let cond = parse_condition(quote!(!A && (B || C) || !(D && E)), Span::call_site()).unwrap();
        assert_eq!(cond.to_string(), "!A && (B || C) || !(D && E)");
    }

    #[test]
    fn misuse_is_reported() {
        let out = errors(quote!(T { c(x) { a [bogus] => true, b } }));
        assert!(out.contains("unknown bracket `bogus`"), "{out}");
        let out = errors(quote!(T { c(x) { a => true, b, d => false } }));
        assert!(out.contains("only the last choice may leave out"), "{out}");
        let out = errors(quote!(T { c(x) { a [if P] => true, b } }));
        assert!(out.contains("no choice defines property `P`"), "{out}");
        let out = errors(quote!(T { c(x) { a => true } output o(x, y) { p => true } }));
        assert!(out.contains("needs the SUT's output type"), "{out}");
        let out = errors(
            quote!(T -> u8 { c(x) { a [if P] => true, b } output o(x, y) { p [property P] => true } }),
        );
        assert!(out.contains("a property of output choices"), "{out}");
        let out = errors(quote!(T { c(x) { a [error] [if P] => true, b [property P] } }));
        assert!(out.contains("has no meaning"), "{out}");
        let out = errors(quote!(T { c(x) { a [property P] [if P & Q] => true, b [property Q] } }));
        assert!(out.contains("`&` must be doubled in [if]: `&&`"), "{out}");
        let out = errors(quote!(T { c(x) { a [property P] [if P Q] => true, b [property Q] } }));
        assert!(
            out.contains("expected `&&`, `||` or the end of the condition in [if]"),
            "{out}"
        );
        let out = errors(quote!(T { c(x) { a [property P] [if P &&] => true, b } }));
        assert!(
            out.contains("the condition ends too early in [if]"),
            "{out}"
        );
        let out = errors(quote!(T { c(x, y) { a } }));
        assert!(out.contains("takes the input"), "{out}");
        let out = errors(quote!(&'a T { c(x) { a } }));
        assert!(out.contains("cannot have lifetimes"), "{out}");
    }
}

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
//! Parsing lives here, checking in `check`, expanding in `expand`; every
//! error points at the offending tokens.

use mtcov_protocol::condition::{self, Token};
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::quote;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{Expr, Ident, LitStr, Token, Type, braced, parenthesized};

mod check;
mod expand;

use check::check;
use expand::expand;

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

/// A path as written, without spaces: `fill`, `text::fill`.
pub(crate) fn path_text(path: &syn::Path) -> String {
    quote!(#path).to_string().replace(' ', "")
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

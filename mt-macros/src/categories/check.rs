//! The checks of a `categories!` declaration, every error at its tokens
//! and all reported together.

use std::collections::HashSet;

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::Type;
use syn::spanned::Spanned;

use super::{Cat, ChoiceDecl, Decl};

pub(super) fn check(decl: &Decl) -> syn::Result<()> {
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

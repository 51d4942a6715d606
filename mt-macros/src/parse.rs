//! The attribute's arguments: `output = ".."`, `name = ".."`,
//! `function = path`, `crate = path`.
//!
//! Syntax errors (a key that is not an identifier, a value that is not an
//! expression) stop parsing; every other mistake is collected so the user
//! sees all of them at once, each pointing at its own tokens.

use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprMacro, ExprPath, Ident, Lit, LitStr, Path, Token};

/// The arguments that may appear in `#[metamorphic(..)]`, for error messages.
const KNOWN: &str = "`output = \"..\"`, `name = \"..\"`, `function = path`, `crate = path`";

/// The parsed arguments; `None` where the argument was not given.
#[derive(Default)]
pub(crate) struct Args {
    /// The relation class (`output = ".."`).
    pub(crate) output: Option<Text>,
    /// The display name (`name = ".."`).
    pub(crate) name: Option<Text>,
    /// Replaces `::mt_runtime` in generated paths (`crate = path`).
    pub(crate) krate: Option<Path>,
    /// The function under test it runs (`function = path`): picks its
    /// `categories!` declaration.
    pub(crate) function: Option<Path>,
}

/// The arguments, and the errors found in them (if any).
///
/// Arguments that were well-formed are kept even when others were not, so
/// the expansion can still go ahead and spare the user follow-on errors.
pub(crate) fn parse_args(tokens: TokenStream) -> (Args, Option<syn::Error>) {
    let mut args = Args::default();
    let mut errors = Errors::default();
    let parser = |input: ParseStream| {
        while !input.is_empty() {
            if !input.peek(Ident::peek_any) {
                return Err(input.error(format!("expected an argument of #[metamorphic]: {KNOWN}")));
            }
            let key = input.call(Ident::parse_any)?;
            let value = if input.peek(Token![=]) {
                input.parse::<Token![=]>()?;
                Some(input.parse::<Expr>()?)
            } else {
                None
            };
            errors.add(apply(&mut args, &key, value));
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok(())
    };
    if let Err(e) = parser.parse2(tokens) {
        errors.add(Err(e));
    }
    (args, errors.0)
}

/// Records one `key = value` argument in `args`.
fn apply(args: &mut Args, key: &Ident, value: Option<Expr>) -> syn::Result<()> {
    let key_name = key.unraw().to_string();
    let Some(value) = value else {
        let example = match key_name.as_str() {
            "output" => "output = \"equal\"",
            "name" => "name = \"a readable name\"",
            "crate" => "crate = ::mt_runtime",
            "function" => "function = fill",
            _ => return Err(unknown(key)),
        };
        return Err(syn::Error::new(
            key.span(),
            format!("`{key_name}` needs a value: write `{example}`"),
        ));
    };
    match key_name.as_str() {
        "output" => set_once(
            &mut args.output,
            key,
            non_empty_str(
                &value,
                "output",
                "the relation class, e.g. `output = \"equal\"`",
            )?,
        ),
        "name" => set_once(
            &mut args.name,
            key,
            non_empty_str(
                &value,
                "name",
                "a display name, e.g. `name = \"periodicity of sin\"`",
            )?,
        ),
        "crate" => set_once(&mut args.krate, key, crate_path(&value)?),
        "function" => set_once(&mut args.function, key, function_path(&value)?),
        _ => Err(unknown(key)),
    }
}

/// The value of `function`: a path, as the `categories!` declaration of
/// that function writes it after `=>`.
fn function_path(value: &Expr) -> syn::Result<Path> {
    match value {
        Expr::Path(ExprPath {
            qself: None, path, ..
        }) => Ok(path.clone()),
        other => Err(syn::Error::new(
            other.span(),
            "`function` takes the function under test as its `categories!` declaration names \
             it after `=>`, without quotes: `function = fill`",
        )),
    }
}

fn unknown(key: &Ident) -> syn::Error {
    syn::Error::new(
        key.span(),
        format!(
            "unknown argument `{}` of #[metamorphic]; the known arguments are {KNOWN}",
            key.unraw()
        ),
    )
}

/// Stores `value` in `slot`, or fails (pointing at the repeated key) when the
/// argument was already given.
fn set_once<T>(slot: &mut Option<T>, key: &Ident, value: T) -> syn::Result<()> {
    if slot.is_some() {
        return Err(syn::Error::new(
            key.span(),
            format!("duplicate argument `{}`: give it once", key.unraw()),
        ));
    }
    *slot = Some(value);
    Ok(())
}

/// The value of `output` or `name`: a string literal, or `concat!(..)` /
/// `stringify!(..)` (which `instantiate!` writes, and which the compiler
/// evaluates to a `&'static str`).
pub(crate) enum Text {
    Lit(LitStr),
    Macro(ExprMacro),
}

impl Text {
    /// The literal's value, or the macro call as written.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn value(&self) -> String {
        match self {
            Text::Lit(lit) => lit.value(),
            Text::Macro(mac) => quote::ToTokens::to_token_stream(mac).to_string(),
        }
    }
}

impl quote::ToTokens for Text {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Text::Lit(lit) => lit.to_tokens(tokens),
            Text::Macro(mac) => mac.to_tokens(tokens),
        }
    }
}

/// A non-empty string literal (or `concat!`/`stringify!`), for `output` and `name`.
fn non_empty_str(value: &Expr, key: &str, what: &str) -> syn::Result<Text> {
    match value {
        // A value passed through a `macro_rules!` fragment arrives grouped.
        Expr::Group(group) if group.attrs.is_empty() => non_empty_str(&group.expr, key, what),
        Expr::Macro(mac)
            if mac.attrs.is_empty()
                && mac
                    .mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "concat" || s.ident == "stringify") =>
        {
            Ok(Text::Macro(mac.clone()))
        }
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit),
            attrs,
        }) if attrs.is_empty() => {
            if lit.value().trim().is_empty() {
                Err(syn::Error::new(
                    lit.span(),
                    format!("`{key}` must not be empty: give {what}"),
                ))
            } else {
                Ok(Text::Lit(lit.clone()))
            }
        }
        other => Err(syn::Error::new(
            other.span(),
            format!("`{key}` takes a string literal (or `concat!(..)`): {what}"),
        )),
    }
}

/// A plain path such as `::mt_runtime` or `my_crate::mt`, for `crate`.
fn crate_path(value: &Expr) -> syn::Result<Path> {
    match value {
        Expr::Path(ExprPath {
            attrs,
            qself: None,
            path,
        }) if attrs.is_empty() && path.segments.iter().all(|s| s.arguments.is_none()) => {
            Ok(path.clone())
        }
        other => Err(syn::Error::new(
            other.span(),
            "`crate` takes the path under which mt_runtime is reachable, \
             without quotes: e.g. `crate = ::mt_runtime` or `crate = my_crate::mt`",
        )),
    }
}

/// Several errors combined into one, in the order they were found.
#[derive(Default)]
pub(crate) struct Errors(pub(crate) Option<syn::Error>);

impl Errors {
    pub(crate) fn add(&mut self, result: syn::Result<()>) {
        if let Err(e) = result {
            self.push(e);
        }
    }

    pub(crate) fn push(&mut self, e: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(e),
            None => self.0 = Some(e),
        }
    }

    pub(crate) fn error(&mut self, span: Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::{ToTokens, quote};

    fn ok(tokens: TokenStream) -> Args {
        let (args, errors) = parse_args(tokens);
        if let Some(e) = errors {
            panic!("unexpected errors: {:?}", messages(e));
        }
        args
    }

    fn messages(e: syn::Error) -> Vec<String> {
        e.into_iter().map(|e| e.to_string()).collect()
    }

    fn errs(tokens: TokenStream) -> Vec<String> {
        messages(parse_args(tokens).1.expect("expected errors"))
    }

    #[test]
    fn names_and_classes_may_be_concat_or_stringify() {
        let args = ok(quote!(
            name = concat!("f(", stringify!(x), ")"),
            output = stringify!(equal)
        ));
        assert!(args.name.unwrap().value().starts_with("concat !"));
        assert!(args.output.unwrap().value().starts_with("stringify !"));
        let (_, errors) = parse_args(quote!(name = format!("x")));
        assert!(
            messages(errors.unwrap())[0]
                .starts_with("`name` takes a string literal (or `concat!(..)`)")
        );
    }

    #[test]
    fn empty_arguments_give_defaults() {
        let args = ok(quote!());
        assert!(args.output.is_none() && args.name.is_none() && args.krate.is_none());
    }

    #[test]
    fn all_arguments_with_trailing_comma() {
        let args = ok(quote!(
            output = "equal",
            name = "periodicity of sin",
            crate = ::mt_runtime,
        ));
        assert_eq!(args.output.unwrap().value(), "equal");
        assert_eq!(args.name.unwrap().value(), "periodicity of sin");
        assert_eq!(
            args.krate.unwrap().to_token_stream().to_string(),
            ":: mt_runtime"
        );
    }

    #[test]
    fn crate_accepts_relative_and_raw_paths() {
        let args = ok(quote!(crate = my_crate::mt));
        assert_eq!(
            args.krate.unwrap().to_token_stream().to_string(),
            "my_crate :: mt"
        );
        let args = ok(quote!(r#output = "x"));
        assert_eq!(args.output.unwrap().value(), "x");
    }

    #[test]
    fn unknown_argument_lists_the_known_ones() {
        let e = errs(quote!(outptu = "equal"));
        assert_eq!(e.len(), 1);
        assert!(e[0].starts_with("unknown argument `outptu`"), "{}", e[0]);
        assert!(
            e[0].contains("`output = \"..\"`, `name = \"..\"`, `function = path`, `crate = path`"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn duplicates_are_reported_once_each_and_the_first_value_kept() {
        let (args, e) = parse_args(quote!(output = "a", output = "b", name = "n", name = "m"));
        let e = messages(e.unwrap());
        assert_eq!(
            e,
            [
                "duplicate argument `output`: give it once",
                "duplicate argument `name`: give it once"
            ]
        );
        assert_eq!(args.output.unwrap().value(), "a");
    }

    #[test]
    fn ill_typed_values_are_all_reported() {
        let e = errs(quote!(output = 3, name = "", crate = "mt_runtime"));
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].starts_with("`output` takes a string literal"),
            "{}",
            e[0]
        );
        assert!(e[1].starts_with("`name` must not be empty"), "{}", e[1]);
        assert!(e[2].starts_with("`crate` takes the path"), "{}", e[2]);
    }

    #[test]
    fn blank_strings_and_generic_paths_are_rejected() {
        assert!(errs(quote!(output = "  "))[0].starts_with("`output` must not be empty"));
        assert!(errs(quote!(crate = a::<T>))[0].starts_with("`crate` takes the path"));
    }

    #[test]
    fn key_without_value_shows_how_to_write_it() {
        assert_eq!(
            errs(quote!(output)),
            ["`output` needs a value: write `output = \"equal\"`"]
        );
        assert!(errs(quote!(bogus))[0].starts_with("unknown argument `bogus`"));
    }

    #[test]
    fn syntax_errors_stop_parsing_but_keep_earlier_errors() {
        let e = errs(quote!(nme = "x", output = "a" "b"));
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[0].starts_with("unknown argument `nme`"));
        assert_eq!(e[1], "expected `,`");
    }

    #[test]
    fn function_is_a_path() {
        let (args, errors) = parse_args(quote!(output = "equal", function = text::fill));
        assert!(errors.is_none());
        assert_eq!(
            crate::categories::path_text(&args.function.unwrap()),
            "text::fill"
        );
        let e = errs(quote!(function = "fill"));
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with("`function` takes the function under test"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn a_non_identifier_key_is_a_syntax_error() {
        assert_eq!(
            errs(quote!("output" = "x")),
            [
                "expected an argument of #[metamorphic]: `output = \"..\"`, `name = \"..\"`, \
                 `function = path`, `crate = path`"
            ]
        );
    }
}
